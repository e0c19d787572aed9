"""One click, one decision (issue 18): in the Liar app under Voila, in headless Chromium,
a double-click on "Let it stand" in a call window lets exactly one play stand.

Before the fix a double-click made two decisions: the second click answered the next
call window, for a bot's play the student never saw ("Player 0 did not call and let
play N stand" twice, for N and N+1).  Every decision button is now drawn for one mark
of the session and a click drawn for an old mark decides nothing.
"""

from __future__ import annotations

import re

import pytest

APP = "app_liar.ipynb"
STAND = "Let it stand"
LABELS = {"sevens": "VII", "eights": "VIII", "nines": "IX", "tens": "X", "Unters": "Unter",
          "Obers": "Ober", "Kings": "King", "Aces": "Ace"}
MINE = re.compile(r"^Player 0 did not call and let play (\d+) stand")


@pytest.fixture
def expect():
    from playwright.sync_api import expect

    return expect


def my_stands(page) -> list[str]:
    """The plays the student (seat 0) let stand, from the page's log."""
    return [m.group(1) for li in page.locator(".liar-log li").all_inner_texts()
            if (m := MINE.match(li))]


def settled(page, before: int) -> None:
    """Wait until the log changed and the table waits for the student (or the round ended)."""
    page.wait_for_function(
        "n => document.querySelectorAll('.liar-log li').length !== n", arg=before)
    page.wait_for_function(
        "() => { const s = document.querySelector('.liar-status');"
        " return s && /^(Your turn|Round over|Player \\d+ announced)/.test(s.innerText); }")
    page.wait_for_timeout(600)      # a second decision, if any, would have arrived by now


def test_a_double_click_on_let_it_stand_lets_one_play_stand(voila_server, page, page_log,
                                                            expect):
    mark = voila_server.mark()
    page.goto(voila_server.app_url(APP))
    status = page.locator(".liar-status")
    expect(status).to_be_visible()
    page.wait_for_function("document.querySelectorAll('.liar-log li').length > 1")
    doubles = 0
    for _ in range(150):
        text = status.inner_text()
        if text.startswith("Round over") or doubles >= 3:
            break
        before = page.locator(".liar-log li").count()
        if text.startswith("Your turn"):
            expect(page.locator('button[title^="Pick the "]:disabled')).to_have_count(0)
            plural = re.search(r"announced as (\w+)", text).group(1)
            picks = page.locator(f'button[title^="Pick the {LABELS[plural]} of "]')
            targets = [picks.nth(i) for i in range(min(picks.count(), 4))] or [
                page.locator('button[title^="Pick the "]').first]
            for i, b in enumerate(targets):
                b.click()
                expect(page.get_by_role("button", name=re.compile(rf"^Play {i + 1} ×"))
                       ).to_be_enabled()
            page.get_by_role("button", name=re.compile(r"^Play \d ×")).click()
        elif "Call “Liar!” or let it stand" in text:
            stood = my_stands(page)
            page.get_by_role("button", name=STAND).dblclick()
            settled(page, before)
            after = my_stands(page)
            assert len(after) == len(stood) + 1, f"one double-click, two decisions: {after}"
            doubles += 1
            continue
        else:
            pytest.fail(f"unexpected status: {text!r}")
        settled(page, before)
    assert doubles >= 1, "the round had no call window for the student"
    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []
