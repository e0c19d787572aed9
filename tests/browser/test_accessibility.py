"""axe-core (WCAG 2.1 A and AA rules) on every served page, in Chromium (issue 11).

axe-core is an npm package installed into the project (``make axe``:
``npm install --prefix .cache/npm axe-core@4``; ``.ci/run`` does it in CI).  Each page
(the start page and every notebook of lessons/) is opened on a phone-sized screen and
on a tablet, axe is injected, and it must find nothing *serious* or *critical*.

Known gap, tracked here rather than hidden: the lessons' matplotlib figures are PNGs
without a text alternative (axe ``image-alt``, critical).  The lesson notebooks are
edited elsewhere; ``widgets.kit.figures.show(fig, alt=...)`` is the helper they are to call.
Until they do, ``image-alt`` on those lessons is an expected failure (strict: the
marker must go when the figures get their text).
"""

from __future__ import annotations

import os
import re
import sys

import pytest
from pagecheck import (
    LESSONS,
    PHONE,
    TABLET,
    axe_source,
    axe_violations,
    open_page,
    page_id,
    served_pages,
)
from testkit import notebook_title

harness = sys.modules["cardgames_voila_harness"]
IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
PAGES = served_pages()
LAPTOP = {"width": 1280, "height": 900}

#: Lessons whose figures have no text alternative yet (see the module docstring).
@pytest.fixture(scope="module")
def axe_js() -> str:
    source = axe_source()
    if source is None:
        reason = "axe-core is not installed: make axe (npm install --prefix .cache/npm axe-core@4)"
        if IN_CI:       # as tests/browser/conftest.py's missing(): CI must run these
            pytest.fail(f"{reason} (CI=true: browser tests must run in CI)", pytrace=False)
        pytest.skip(reason)
    return source


def _findings(page, axe_js) -> list[dict]:
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_js)
    return axe_violations(page)


def _summary(found: list[dict]) -> list[str]:
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['nodes'][0]}" for v in found]


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_no_serious_axe_findings(path, voila_server, page, page_log, axe_js):
    """No serious or critical finding on a phone, a tablet and a laptop (1280 x 900);
    among them ``image-alt``: every image, the lessons' figures included
    (widgets.kit.figures.show), has a text alternative.  And nothing is loaded from
    outside 127.0.0.1 (Font Awesome came from a CDN, issue 18), at any of the three sizes,
    and a notebook's tab title is the notebook's title.

    Issue 34: the laptop's ``image-alt`` was ``test_images_have_a_text_alternative`` and
    the requests and the title were ``test_ui_fixes.py::test_page_loads_nothing_from_outside``;
    each opened every page again (each lesson page runs its whole lesson)."""
    local = f"http://127.0.0.1:{voila_server.port}/"
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.set_viewport_size(PHONE)
    open_page(page, voila_server.url + path, wait_quiet=harness.wait_quiet)
    lang = page.evaluate("() => document.documentElement.lang")
    assert re.fullmatch(r"[a-z]{2}(-[A-Za-z]{2,})?", lang or ""), f"<html lang={lang!r}>"
    found = {}
    for name, size in (("phone", PHONE), ("tablet", TABLET), ("laptop", LAPTOP)):
        page.set_viewport_size(size)
        if page.locator("#rendered_cells").count():
            harness.wait_quiet(page, 400, 5_000)
        found[name] = _findings(page, axe_js)
    assert [v["id"] for v in found["laptop"] if v["id"] == "image-alt"] == [], \
        _summary(found["laptop"])
    assert {k: _summary(v) for k, v in found.items() if v} == {}
    outside = [u for u in requests if not u.startswith((local, "data:", "blob:"))]
    assert outside == [], outside          # (each was aborted: the fixture's route)
    assert any(u.startswith(local) for u in requests)   # the log saw the page's own
    if path:                                            # a notebook: its title
        assert page.title() == notebook_title(LESSONS / path.rsplit("/", 1)[-1])
    assert page_log.problems() == []


def test_ci_has_axe():
    """CI installs axe-core (.ci/run): the accessibility tests never skip there."""
    if IN_CI:
        assert axe_source() is not None, "make axe did not run"


def test_page_lang_follows_the_language_shown(voila_server, page, page_log):
    """<html lang> is the app's language: from ?lang= and after the picker changes it
    (widgets.kit.responsive.mark_language, read by the page template)."""
    from playwright.sync_api import expect

    page.goto(voila_server.app_url("app_rank_cycle.ipynb") + "?lang=de", timeout=180_000)
    expect(page.get_by_role("button", name="Nächster Zug ▶")).to_be_visible(timeout=90_000)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator(".language-picker").get_by_text("Hrvatski").click()
    expect(page.get_by_role("button", name="Sljedeći potez ▶")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "hr")
    assert page_log.problems() == []
