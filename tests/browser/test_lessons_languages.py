"""The lessons in Croatian and German, served as `make serve` serves them (issue 23).

* HTTP: the start page in hr/de links each lesson's built copy ``lessons/<lang>/``, and
  the copy's page is served, its kernel speaking the language (the engine's own texts);
* Chromium: the start page in hr opens lesson 03 in Croatian, and an exercise there
  accepts an answer with a decimal comma (``0,002933`` for 16/5456);
* every lesson in hr and de showing no English text of its source is checked on the page
  ``tests/browser/test_lesson_page_words.py`` opens for its own check (issue 34: the
  same 12 pages were opened, each running its whole lesson, by both modules);
  ``tests/browser/english_left.py`` finds the English.
"""

from __future__ import annotations

import html
import re
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

harness = sys.modules["cardgames_voila_harness"]
REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
LANGS = ("hr", "de")
NUMBERED = sorted(p.name for p in LESSONS.glob("[0-9][0-9]_*.ipynb"))


def _get(url: str, timeout: float = 300) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.status, r.read().decode("utf-8")


def _shows(page: str, text: str) -> bool:
    """Whether a Voila page holds ``text``: in its HTML, or in the JSON of an output (which
    Voila's page draws itself; non-ASCII letters written as \\u escapes)."""
    import json

    return text in html.unescape(page) or json.dumps(text)[1:-1] in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_start_page_links_each_lesson_in_its_language(voila_server, lang):
    status, page = _get(voila_server.url + f"?lang={lang}", timeout=30)
    assert status == 200
    links = re.findall(r'href="(/voila/render/[^"]+)"', page)
    lessons = [urllib.parse.urlsplit(html.unescape(h)) for h in links if re.search(r"/\d\d_", h)]
    assert [u.path for u in lessons] == [f"/voila/render/{lang}/{n}" for n in NUMBERED]
    # ?lang= for the widgets too (other parameters, e.g. the class link's student key, may follow)
    assert all(urllib.parse.parse_qs(u.query)["lang"] == [lang] for u in lessons)


@pytest.mark.parametrize("lang", LANGS)
def test_a_lessons_copy_is_served_and_its_kernel_speaks_the_language(voila_server, lang):
    """Lesson 03 in ``lang``: 200, the engine's explanation of AH KH 9H in that language
    (computed here with the engine in that language), not in English; no error logged."""
    from cardgames.i18n import language
    from cardgames.thirtyone import explain

    with language(lang):
        translated = explain("AH KH 9H")
    english = explain("AH KH 9H", lang="en")
    assert translated != english
    mark = voila_server.mark()
    status, page = _get(voila_server.app_url(f"{lang}/03_hand_scoring.ipynb?lang={lang}"))
    assert status == 200
    assert _shows(page, translated) and not _shows(page, english)
    assert "set_language" not in page           # the setup cell's code is not shown
    assert voila_server.errors_since(mark) == []


def test_a_warm_pool_serves_a_lessons_copy(start_voila):
    """``make serve STUDENTS=1 NOTEBOOKS=hr/03_hand_scoring``: the pool of the Croatian copy
    warms up, and a page of it is served from the pool, in Croatian."""
    import json
    import time

    from cardgames.i18n import language
    from cardgames.thirtyone import explain

    srv = start_voila("lessons", cwd=REPO, name="lesson-pool", extra_args=[
        "--students", "1", "--notebooks", "hr/03_hand_scoring"])

    def status() -> dict:
        with urllib.request.urlopen(srv.url + "classroom/status", timeout=10) as r:
            return json.loads(r.read())

    deadline = time.monotonic() + 240
    while "The pool is warm" not in srv.log():
        assert time.monotonic() < deadline, "the pool of hr/03_hand_scoring did not warm up"
        time.sleep(1)
    assert status()["pools"].get("hr/03_hand_scoring.ipynb", 0) >= 1, status()
    mark = srv.mark()
    code, page = _get(srv.app_url("hr/03_hand_scoring.ipynb?lang=hr"))
    assert code == 200
    with language("hr"):
        assert _shows(page, explain("AH KH 9H"))
    assert srv.errors_since(mark) == []


def _exercise_index(notebook: str, key: str) -> int:
    """Which exercise box of the page ``key`` is: its place among the notebook's
    ``exercise("...")`` calls (cells tagged teacher are not on the page)."""
    import json

    keys = []
    for cell in json.loads((LESSONS / notebook).read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code" and "teacher" not in cell["metadata"].get("tags", []):
            keys += re.findall(r'^exercise\("([^"]+)"', "".join(cell["source"]), re.M)
    return keys.index(key)


def test_the_croatian_start_page_opens_lesson_03_in_croatian_with_decimal_commas(
        voila_server, page, page_log):
    from playwright.sync_api import expect

    from cardgames.i18n import language
    from cardgames.thirtyone import explain

    page.goto(voila_server.url + "?lang=hr")
    link = page.locator('a.entry[href*="/hr/03_hand_scoring.ipynb"]')
    assert link.count() == 1
    # Voila runs the whole lesson before the page is usable (~10-50 s on 2 shared cores)
    link.click()
    page.wait_for_url(re.compile(r"/voila/render/hr/03_hand_scoring\.ipynb"), timeout=180_000)
    page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
    harness.wait_quiet(page, 500, 15_000)
    assert page.locator("html").get_attribute("lang") == "hr"
    with language("hr"):
        assert explain("AH KH 9H") in page.locator("#rendered_cells").inner_text()
    # a widget's rule link (widgets.kit.rule_links) opens the Croatian rules from the copy
    rule_links = page.locator('#rendered_cells a[href*="rules/"]')
    assert rule_links.count() > 0
    target = urllib.parse.urlsplit(rule_links.first.evaluate("a => a.href"))
    assert target.path == "/voila/files/rules/hr.html", target
    assert _get(voila_server.url.rstrip("/") + target.path, timeout=30)[0] == 200
    # exercise 2 of lesson 03 (03-p32): 32 needs the Chronicler beside an Ace and a
    # ten-card of its suit (R-T3): 4 suits x 4 ten-cards = 16 of C(33, 3) = 5456 hands;
    # 16/5456 = 0.0029326 -> typed as a Croatian pupil writes it, with a decimal comma
    box = page.locator(".cg-exercise").nth(_exercise_index("hr/03_hand_scoring.ipynb", "03-p32"))
    box.scroll_into_view_if_needed()
    box.locator("input[type=text]").fill("0,002933")
    box.get_by_role("button", name=re.compile(r"^(Check|Provjeri)$")).click()
    expect(box.locator(".cg-exercise-feedback")).to_contain_text("✔", timeout=60_000)
    assert page_log.problems() == []
