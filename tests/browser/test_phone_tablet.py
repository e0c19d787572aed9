"""Every served page on a 375 × 812 phone and a 768 × 1024 tablet, in Chromium (issue 11).

For the start page and every notebook of lessons/ (listed when the tests are collected):
no element sticks out of the viewport sideways (a wide table may scroll inside its own
box, which fits: ``pagecheck.overflowing``), and every control is a touch target of at
least 44 × 44 px.  Then one click-through of each play table on the phone: a Liar play
of a card, and a Thirty-One action.  Screenshots: ``test-artifacts/phone-*.png``,
``tablet-*.png``.
"""

from __future__ import annotations

import re
import sys

import pytest
from pagecheck import (
    PHONE,
    SIZES,
    TABLET,
    open_page,
    overflowing,
    page_id,
    served_pages,
    small_touch_targets,
)

harness = sys.modules["cardgames_voila_harness"]
PAGES = served_pages()


@pytest.fixture
def expect():
    from playwright.sync_api import expect

    return expect


def test_pages_are_collected():
    assert "" in PAGES and any(p.endswith("app_liar.ipynb") for p in PAGES)
    assert len(PAGES) >= 8, PAGES


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_page_fits_phone_and_tablet(path, voila_server, page, page_log, artifacts):
    page.set_viewport_size(PHONE)
    open_page(page, voila_server.url + path, wait_quiet=harness.wait_quiet)
    problems = {}
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        if page.locator("#rendered_cells").count():
            harness.wait_quiet(page, 400, 5_000)
        found = overflowing(page)
        assert found["viewport"] == size["width"]
        if found["items"]:
            problems[f"{name}: sticks out"] = found["items"]
        small = small_touch_targets(page)
        if small:
            problems[f"{name}: touch targets under 44 px"] = small
        page.screenshot(path=str(artifacts / f"{name}-{page_id(path)}.png"), full_page=True)
    assert problems == {}
    assert page_log.problems() == []


def _status(page) -> str:
    return page.locator(".liar-status").inner_text()


def test_liar_play_a_card_on_a_phone(voila_server, page, page_log, artifacts, expect):
    """On the phone: let the bots' opening play stand if asked, then pick a card by its
    named Pick button and play it; the log grows and nothing sticks out."""
    page.set_viewport_size(PHONE)
    open_page(page, voila_server.app_url("app_liar.ipynb"), wait_quiet=harness.wait_quiet)
    status = page.locator(".liar-status")
    expect(status).to_be_visible()
    for _ in range(10):
        text = _status(page)
        if text.startswith("Your turn"):
            break
        before = page.locator(".liar-log li").count()
        if "Call “Liar!” or let it stand" in text:
            page.get_by_role("button", name="Let it stand").click()
        else:
            page.get_by_role("button", name="Let the bots play").click()
        page.wait_for_function("n => document.querySelectorAll('.liar-log li').length !== n",
                               arg=before)
    assert _status(page).startswith("Your turn")
    picks = page.get_by_role("button", name=re.compile(r"^Pick \S+ of \S+$"))
    expect(picks.first).to_be_enabled()
    n = picks.count()
    hand = int(re.search(r"(\d+) cards", page.get_by_text(re.compile(r"^Your hand")).first
                         .inner_text()).group(1))
    assert n == hand            # one named Pick button per card of the hand
    picks.first.scroll_into_view_if_needed()
    picks.first.click()
    play = page.get_by_role("button", name=re.compile(r"^Play 1 × "))
    expect(play).to_be_enabled()
    before = page.locator(".liar-log li").count()
    play.click()
    page.wait_for_function("n => document.querySelectorAll('.liar-log li').length > n",
                           arg=before)
    assert re.search(r"Player 0 put down 1 card", page.locator(".liar-log").inner_text())
    harness.wait_quiet(page, 400, 5_000)
    assert overflowing(page)["items"] == []
    page.screenshot(path=str(artifacts / "phone-liar-after-a-play.png"), full_page=True)
    assert page_log.problems() == []


def test_thirty_one_action_on_a_phone(voila_server, page, page_log, artifacts, expect):
    """On the phone: the dealer (you, T4) keeps the cards; the log records it and the
    other players' boxes wrap inside the screen."""
    page.set_viewport_size(PHONE)
    open_page(page, voila_server.app_url("app_thirty_one.ipynb"),
              wait_quiet=harness.wait_quiet)
    keep = page.get_by_role("button", name="Keep my cards")
    expect(keep).to_be_enabled()
    log = page.locator("ol.t31-log > li")
    before = log.count()
    keep.scroll_into_view_if_needed()
    keep.click()
    expect(log).not_to_have_count(before)
    expect(page.locator("ol.t31-log")).to_contain_text(re.compile(r"keeps", re.IGNORECASE))
    harness.wait_quiet(page, 400, 5_000)
    assert overflowing(page)["items"] == []
    page.set_viewport_size(TABLET)
    harness.wait_quiet(page, 400, 5_000)
    assert overflowing(page)["items"] == []
    page.screenshot(path=str(artifacts / "tablet-thirty-one-after-keep.png"), full_page=True)
    assert page_log.problems() == []
