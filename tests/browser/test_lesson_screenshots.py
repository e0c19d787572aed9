"""Lessons 03 and 05 as a projector and a phone show them (issue 31's note), in en, hr and de.

Each page is served as ``make serve`` serves it (the session's ``voila_server``), opened in
Chromium at 1280 px (a projector or laptop) and at 375 px (a phone), and checked where the
QA walk looked:

* nothing sticks out sideways at 375 px (``pagecheck.overflowing``);
* no widget label, button or slider readout is cut (its text wider than its box: the
  explorer's "aufdecken a…" of issue 31);
* in hr and de, none of the widgets' English words is left (each word below is written
  here by hand, and its translation is checked to differ, so the check can fail).

A screenshot of each (the lesson's key part: lesson 03's class experiment, predict first;
lesson 05's reveal explorer) goes to ``test-artifacts/``; with ``CARDGAMES_DOC_SCREENSHOTS=1``
also to ``docs/screenshots/lesson-<NN>-<lang>-<width>.png`` (12 small PNGs: the note's
evidence; 256 colours, as the other screenshots there).  One page load per lesson and
language: the 375-px view is the same page, resized.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from pagecheck import PHONE, overflowing

harness = sys.modules["cardgames_voila_harness"]
REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs" / "screenshots"

pytestmark = pytest.mark.slow

LESSONS = {"03": "03_hand_scoring.ipynb", "05": "05_decisions_in_thirty_one.ipynb"}
#: the part of the page each screenshot shows
FOCUS = {"03": ".cg-class-experiment", "05": ".cg-reveal-explorer"}
WIDE = {"width": 1280, "height": 800}
#: English words of the widgets on these pages that a hr/de page must not show (buttons,
#: labels, placeholders): each is a msgid of cardgames.po
ENGLISH = ("Check", "Show solution", "your answer", "Answer:", "reveal at",
           "Results are shared with the class server.", "Show the exact value",
           "Your prediction:", "Add my share", "write it before you look", "Exact value:")

#: Elements whose text is cut when it is wider than their box.
_CUT_JS = """() => {
  const out = [];
  const sel = '.widget-label, .widget-readout, .widget-button, button, .cg-reveal-label';
  for (const el of document.querySelectorAll('#rendered_cells ' + sel.split(', ').join(', #rendered_cells '))) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const text = (el.innerText || '').trim();
    if (!text) continue;
    if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.className}: "${text}" `
        + `(${el.scrollWidth} > ${el.clientWidth})`);
  }
  return out;
}"""


#: The part at the top of the screen, with a little room above it (Voila's page scrolls in
#: a box of its own, not the window).
_SCROLL_JS = """(sel) => {
  const el = document.querySelector(sel);
  el.scrollIntoView({block: 'start'});
  let box = el.parentElement;
  while (box && !(box.scrollHeight > box.clientHeight
                  && ['auto', 'scroll'].includes(getComputedStyle(box).overflowY))) {
    box = box.parentElement;
  }
  (box || document.scrollingElement).scrollTop -= 48;
}"""


def _open(page, server, lang: str, lesson: str) -> None:
    name = LESSONS[lesson]
    path = name if lang == "en" else f"{lang}/{name}"
    response = page.goto(server.app_url(f"{path}?lang={lang}"), wait_until="commit",
                         timeout=180_000)
    assert response is not None and response.status == 200
    page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
    page.wait_for_function("() => !document.body.innerText.includes('Loading widget')",
                           timeout=240_000)
    harness.wait_quiet(page, 500, 15_000)


def _shoot(page, lesson: str, lang: str, width: int, artifacts: Path) -> None:
    target = page.locator(FOCUS[lesson]).first
    target.scroll_into_view_if_needed()
    page.evaluate(_SCROLL_JS, FOCUS[lesson])
    page.wait_for_timeout(300)
    name = f"lesson-{lesson}-{lang}-{width}.png"
    page.screenshot(path=str(artifacts / name))
    if os.environ.get("CARDGAMES_DOC_SCREENSHOTS") == "1":
        from PIL import Image

        DOCS.mkdir(parents=True, exist_ok=True)
        with Image.open(artifacts / name) as shot:         # 256 colours: a small PNG
            shot.convert("RGB").quantize(256).save(DOCS / name, optimize=True)


@pytest.mark.parametrize("lesson", sorted(LESSONS))
@pytest.mark.parametrize("lang", ["en", "hr", "de"])
def test_lessons_03_and_05_fit_a_projector_and_a_phone(lang, lesson, voila_server, chromium,
                                                       artifacts):
    from cardgames.i18n import gettext

    ctx = chromium.new_context(viewport=WIDE)
    try:
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        _open(page, voila_server, lang, lesson)
        page.locator(FOCUS[lesson]).first.wait_for()
        problems = []
        for size in (WIDE, PHONE):
            page.set_viewport_size(size)
            page.wait_for_timeout(500)
            cut = page.evaluate(_CUT_JS)
            problems += [f"{size['width']} px, cut: {c}" for c in cut]
            if size is PHONE:
                found = overflowing(page)
                problems += [f"375 px, sticks out: {o}" for o in found["items"]]
            _shoot(page, lesson, lang, size["width"], artifacts)
        if lang != "en":
            shown = page.locator("#rendered_cells").inner_text()
            values = page.evaluate("() => Array.from(document.querySelectorAll("
                                   "'#rendered_cells input')).map(e => e.placeholder)")
            words = shown + "\n" + "\n".join(values)
            for english in ENGLISH:
                assert gettext(english, lang=lang) != english, english   # translated at all
                import re

                if re.search(rf"(?<![\w-]){re.escape(english)}(?![\w-])", words):
                    problems.append(f"English left: {english!r}")
        assert not problems, "\n".join(problems)
    finally:
        ctx.close()
