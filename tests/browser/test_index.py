"""Voila's file list at http://<server>:8866/voila/tree (classic tree, voila.json); the
start page at ``/`` is tested in ``test_start_page.py``.

Voila 0.5.13's tree lists directories, notebooks and only files whose extension is
in ``VoilaConfiguration.extension_language_mapping`` (empty here); the contents
manager hides ``__pycache__``, ``rules``, the lessons' built copies ``hr/`` and ``de/``
(the start page links them: tests/browser/test_lessons_languages.py) and dot files
(``hide_globs``, ``allow_hidden``).
So the helper files of ``lessons/`` (``_style.py``, which re-exports
``widgets.kit.plot_style`` for the notebooks, ``nbval_sanitize.cfg``, ``README.md``) are neither listed nor served
(``/voila/files/`` serves images and ``rules/<lang>.html`` only: ``file_allowlist``/
``file_denylist``; tests/browser/test_rules_pages.py checks the rules pages).  These
tests keep it that way: a new notebook appears, a helper file never does.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

LESSONS = Path(__file__).resolve().parents[2] / "lessons"

HELPERS = sorted(p.name for p in LESSONS.iterdir()
                 if p.is_file() and p.suffix != ".ipynb")


def test_index_lists_exactly_the_notebooks(voila_server, page, page_log):
    mark = voila_server.mark()
    page.goto(voila_server.url + "voila/tree")
    links = page.locator(".voila-notebooks a")        # every entry of the list
    links.first.wait_for(state="visible")
    listed = sorted(t.strip() for t in links.all_inner_texts())
    notebooks = sorted(p.name for p in LESSONS.glob("*.ipynb"))
    assert listed == notebooks
    hrefs = sorted(h.split("?")[0] for h in
                   links.evaluate_all("els => els.map(e => e.getAttribute('href'))"))
    assert hrefs == [f"/voila/render/{name}" for name in notebooks]
    text = page.locator("body").inner_text()
    assert HELPERS and not [name for name in HELPERS if name in text]
    assert "__pycache__" not in text
    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []


def test_helper_files_are_not_served(voila_server):
    for name in HELPERS:
        for url in (f"{voila_server.url}voila/files/{name}",
                    f"{voila_server.url}voila/render/{name}"):   # redirects to files/
            try:
                with urllib.request.urlopen(url, timeout=10) as resp:
                    status = resp.status
            except urllib.error.HTTPError as e:
                status = e.code
            assert status in (403, 404), f"{url} answered {status}"
