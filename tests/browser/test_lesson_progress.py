"""Progress that survives a reload (issue 31, deliverable 6), in Chromium and the
classroom server (``python -m classroom lessons``, as ``make serve``): a student answers
lesson 01's first exercise wrong twice and solves its second, then reloads the page (a new
kernel); the page asks the class service with the student's key and shows the two tries
with the last hint, the solved exercise, and the same variant code."""

from __future__ import annotations

import sys
from pathlib import Path

harness = sys.modules["cardgames_voila_harness"]
REPO = Path(__file__).resolve().parents[2]


def _open(page, url):
    response = page.goto(url, wait_until="commit", timeout=180_000)
    assert response is not None and response.status == 200
    page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
    harness.wait_quiet(page, 500, 15_000)


def test_a_reloaded_lesson_page_shows_the_students_progress(start_voila, chromium, tmp_path,
                                                             artifacts):
    import os

    from test_lesson_exercises import _variant_answers

    data = tmp_path / "data"
    server = start_voila("lessons", cwd=REPO, name="progress",
                         extra_args=[f"--tables-dir={data}"])
    code = int(os.environ["CARDGAMES_SEED_EXERCISES"])          # the page's variant code
    _q1, wrong, _right1 = _variant_answers("01-six-players")
    _q2, _wrong2, right = _variant_answers("01-all-ranks")
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        page.goto(server.url)              # the start page: the key, in a cookie (issue 29)
        url = page.locator("a[href*='01_deck_and_rank_order.ipynb']").get_attribute("href")
        assert url is not None and "student=" not in url        # no key in the address
        lesson = server.url.rstrip("/") + url
        _open(page, lesson)
        first, second = page.locator(".cg-exercise").nth(0), page.locator(".cg-exercise").nth(1)
        first.locator(".cg-class-note").get_by_text("shared with the class server").wait_for()
        for n in (1, 2):
            first.locator("input[type=text]").first.fill(wrong)
            first.get_by_role("button", name="Check").click()
            first.locator(".cg-exercise-feedback", has_text=f"try {n}").wait_for()
        second.locator("input[type=text]").first.fill(right)
        second.get_by_role("button", name="Check").click()
        second.locator(".cg-exercise-feedback", has_text="Right").wait_for()
        page.wait_for_timeout(1500)                             # the link posts them

        _open(page, lesson)                                     # the reload: a new kernel
        first, second = page.locator(".cg-exercise").nth(0), page.locator(".cg-exercise").nth(1)
        first.locator(".cg-exercise-feedback", has_text="2 tries so far").wait_for()
        assert "Hint:" in first.locator(".cg-exercise-feedback").inner_text()
        second.locator(".cg-exercise-feedback", has_text="Solved before").wait_for()
        for box in (first, second):
            assert f"variant {code}" in box.locator(".cg-exercise-question").inner_text()
        second.get_by_role("button", name="Show solution").wait_for()   # earned: solved
        first.screenshot(path=str(artifacts / "lesson-progress-reloaded-1.png"))
        second.screenshot(path=str(artifacts / "lesson-progress-reloaded-2.png"))
    finally:
        ctx.close()


def test_a_solved_typed_answer_comes_back_after_a_reload(start_voila, chromium, tmp_path,
                                                         artifacts):
    """Issue 31 (QA): a solved *typed* answer was lost on reload (03-p32 has no variants,
    so its page did not ask for it).  Lesson 03's exercise 2 is solved with a typed
    fraction; after the reload it says so, its box holds the answer, and the solution is
    earned.  P(32) = 4 suits x 4 ten-cards beside the Chronicler and an Ace (R-T3) = 16
    of C(33, 3) = 5,456 hands."""
    import math

    assert math.comb(33, 3) == 5456
    data = tmp_path / "data"
    server = start_voila("lessons", cwd=REPO, name="progress-typed",
                         extra_args=[f"--tables-dir={data}"])
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        page.goto(server.url)              # the start page: the key, in a cookie (issue 29)
        url = page.locator("a[href*='03_hand_scoring.ipynb']").get_attribute("href")
        assert url is not None
        lesson = server.url.rstrip("/") + url
        _open(page, lesson)
        box = page.locator(".cg-exercise").nth(1)
        assert "32" in box.locator(".cg-exercise-question").inner_text()     # 03-p32
        box.locator(".cg-class-note").get_by_text("shared with the class server").wait_for()
        box.locator("input[type=text]").first.fill("16/5456")
        box.get_by_role("button", name="Check").click()
        box.locator(".cg-exercise-feedback", has_text="Right").wait_for()
        page.wait_for_timeout(1500)                             # the link posts it

        _open(page, lesson)                                     # the reload: a new kernel
        box = page.locator(".cg-exercise").nth(1)
        box.locator(".cg-exercise-feedback", has_text="Solved before").wait_for()
        assert box.locator("input[type=text]").first.input_value() == "16/5456"
        box.get_by_role("button", name="Show solution").wait_for()        # earned: solved
        box.screenshot(path=str(artifacts / "lesson-progress-typed-reloaded.png"))
    finally:
        ctx.close()
