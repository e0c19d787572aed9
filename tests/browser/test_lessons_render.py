"""Every numbered lesson renders under Voila without an error (as `make serve` serves it).

Voila runs the whole notebook again for each page.  With ``show_tracebacks`` off
(voila.json), a cell that raises shows "There was an error when executing cell
[n]" as an error output (``application/vnd.jupyter.stderr``), Voila stops
executing there (later cells are never sent), and the server logs the exception
at ERROR level.  Each of those is checked here, plus the page's own errors.

The lessons are listed when the tests are collected: a lesson added later is
tested by the next run.  The ``page`` fixture leaves a screenshot of each in
``test-artifacts/test_lesson_renders_without_error_<lesson>.ipynb_.png``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

# benchmarks/_voila.py, loaded by this folder's conftest.py before any test module
harness = sys.modules["cardgames_voila_harness"]

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
LESSON_FILES = sorted(p.name for p in LESSONS.glob("[0-9]*.ipynb"))

# what Voila puts in the page when a cell fails (show_tracebacks off, or on)
ERROR_TEXT = re.compile(r"There was an error when executing cell|Traceback \(most recent call"
                        r"|Error displaying widget")


def wait_until_quiet(page, quiet_ms: int = 500, timeout_ms: int = 15_000) -> None:
    """Until nothing in the cells has changed for ``quiet_ms`` (widgets drawn)."""
    harness.wait_quiet(page, quiet_ms, timeout_ms)


def open_rendered(page, url: str):
    """Open a notebook page and wait until Voila has sent every cell and it is drawn."""
    # Voila runs the whole notebook before the page's load event (lesson 05: about a
    # minute on a busy 2-core machine): wait for the response, then for the cells
    response = page.goto(url, wait_until="commit", timeout=180_000)
    assert response is not None and response.status == 200, response
    # Voila removes its spinner and shows the cells once every cell has been sent
    page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
    assert page.locator("#loading").count() == 0
    wait_until_quiet(page)
    return response


def render_problems(page, cells: int, log_errors: list[str]) -> list[str]:
    """What is wrong with a rendered notebook page of ``cells`` cells, given the error
    lines the server logged meanwhile (``server.errors_since(mark)``): ``[]`` when nothing.  (``test_show_tracebacks.py``
    checks that a notebook that raises is reported.)"""
    problems = []
    # every cell reached the page: Voila stops at the first cell that raises
    sent = page.locator("#rendered_cells [cell-index]").count()
    if sent != cells:
        problems.append(f"{sent} of {cells} cells rendered")
    # error outputs (and stderr) are drawn as this mime type
    errors = page.locator("#rendered_cells [data-mime-type='application/vnd.jupyter.stderr']")
    if errors.count():
        problems.append(f"error output: {errors.all_inner_texts()}")
    text = page.locator("#rendered_cells").inner_text()
    found = ERROR_TEXT.search(text)
    if found:
        problems.append(f"error text: {found.group(0)!r}")
    # the page shows a notebook, not an empty frame: its title is on screen
    if not page.locator("#rendered_cells h1").first.is_visible():
        problems.append("no title (h1) visible")
    problems += [f"server log: {line}" for line in log_errors]
    return problems


def test_every_lesson_is_collected():
    """The glob finds the lessons (an empty parameter list would test nothing)."""
    assert len(LESSON_FILES) >= 3, LESSON_FILES


@pytest.mark.parametrize("lesson", LESSON_FILES)
def test_lesson_renders_without_error(lesson, voila_server, page, page_log):
    # cells tagged "teacher" are left out of the served page (voila.json)
    cells = [c for c in json.loads((LESSONS / lesson).read_text())["cells"]
             if "teacher" not in c["metadata"].get("tags", [])]
    mark = voila_server.mark()
    open_rendered(page, voila_server.app_url(lesson))
    assert render_problems(page, len(cells), voila_server.errors_since(mark)) == []
    assert page_log.problems() == []
