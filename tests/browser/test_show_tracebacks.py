"""An app that raises shows Voila's short message, never the traceback (voila.json:
``VoilaConfiguration.show_tracebacks = false``; see docs/serving.md).

No broken notebook goes into ``lessons/`` (the index lists it for students): a
second Voila serves a temporary folder holding a copy of the project's
``voila.json`` and a tiny app that raises, run from that folder exactly as
``make serve`` runs ``voila lessons``.  The same folder served with
``--VoilaConfiguration.show_tracebacks=True`` shows the traceback: the checks
below see one when there is one.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from test_lessons_render import open_rendered, render_problems

REPO = Path(__file__).resolve().parents[2]
APP = "app_raises.ipynb"
SECRET = "/home/teacher/answers-7f3a"          # a path the page must not show
MARKER = "marker-7f3a"                         # the exception's message
SOURCE = "secret_path = "                      # a line of the failing cell's code
VOILA_MESSAGE = "There was an error when executing cell"


def _code(source: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "id": f"code{len(source)}",
            "metadata": {}, "outputs": [], "source": source}


NOTEBOOK = {
    "cells": [
        {"cell_type": "markdown", "id": "title", "metadata": {},
         "source": "# An app that breaks\n\nIts second code cell raises."},
        _code("print('ran before the error')"),
        _code(f"{SOURCE}{SECRET!r}\n"
              f"raise RuntimeError(f'{MARKER}: cannot read {{secret_path}}')"),
        _code("print('ran after the error')"),
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"},
                 "language_info": {"name": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}


@pytest.fixture(scope="module")
def broken_site(tmp_path_factory) -> Path:
    """``<tmp>/voila.json`` (the project's) and ``<tmp>/apps/app_raises.ipynb``."""
    site = tmp_path_factory.mktemp("broken-site")
    shutil.copy(REPO / "voila.json", site / "voila.json")
    (site / "apps").mkdir()
    (site / "apps" / APP).write_text(json.dumps(NOTEBOOK, indent=1))
    return site


@pytest.fixture
def fresh_page(chromium):
    """A page that may only reach 127.0.0.1 (Font Awesome's CDN link is aborted),
    recording the page's own errors; closed as a tab is (its kernel stops)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.route("**/*", lambda r: r.continue_()
                  if r.request.url.startswith(("http://127.0.0.1:", "data:", "blob:"))
                  else r.abort())
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.page_errors = []
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    try:
        yield page
    finally:
        try:
            page.close(run_before_unload=True)
        except Exception:
            pass
        context.close()


def leaks(text: str) -> list[str]:
    """What of the exception reached ``text``."""
    found = [s for s in (MARKER, SECRET, SOURCE, "RuntimeError") if s in text]
    if re.search(r"Traceback \(most recent call last\)", text):
        found.append("Traceback")
    return found


def test_an_app_that_raises_shows_no_traceback(broken_site, start_voila, fresh_page, artifacts):
    server = start_voila("apps", cwd=broken_site, name="show-tracebacks-off")
    try:
        mark = server.mark()
        response = open_rendered(fresh_page, server.app_url(APP))
        fresh_page.screenshot(path=str(artifacts / "show_tracebacks-off.png"), full_page=True)
        body = fresh_page.locator("#rendered_cells").inner_text()

        # the notebook really ran and really failed, and the page says so briefly
        assert "ran before the error" in body
        assert VOILA_MESSAGE in body
        assert "ran after the error" not in body
        # ... without the exception, its message, the code, or a path: neither on
        # screen, nor in the DOM, nor anywhere in the HTML Voila sent
        assert leaks(body) == []
        assert leaks(fresh_page.content()) == []
        assert leaks(response.text()) == []
        assert fresh_page.page_errors == []

        # the copied voila.json was read (its kernel culling is logged once a kernel runs)
        assert "Culling kernels with idle durations > 900 seconds" in server.log()
        # the server's log keeps the details for the teacher
        log = server.log_since(mark)
        assert MARKER in log and "ERROR" in log

        # and the lesson check (test_lessons_render.py) reports this page
        problems = render_problems(fresh_page, len(NOTEBOOK["cells"]), server.errors_since(mark))
        assert any("3 of 4 cells rendered" in p for p in problems), problems
        assert any(p.startswith("error output:") for p in problems), problems
        assert any(p.startswith("server log:") for p in problems), problems
    finally:
        server.stop()


def test_with_show_tracebacks_on_the_same_app_shows_it(broken_site, start_voila, fresh_page,
                                                       artifacts):
    """The control: what the test above looks for is there when tracebacks are on."""
    server = start_voila("apps", cwd=broken_site, name="show-tracebacks-on",
                         extra_args=["--VoilaConfiguration.show_tracebacks=True"])
    try:
        response = open_rendered(fresh_page, server.app_url(APP))
        fresh_page.screenshot(path=str(artifacts / "show_tracebacks-on.png"), full_page=True)
        body = fresh_page.locator("#rendered_cells").inner_text()
        assert "ran before the error" in body
        assert VOILA_MESSAGE not in body
        assert set(leaks(body)) == {MARKER, SECRET, SOURCE, "RuntimeError", "Traceback"}
        assert MARKER in response.text()
    finally:
        server.stop()
