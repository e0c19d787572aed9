"""The Thirty-One app under Voila, in headless Chromium: a deal played by clicks to its
result, and no hidden card (R-T9) in the page or in any widget message the browser got.

The test knows the app's seed, so a Python-side twin of the table (the same seed, the
same clicks) tells which cards are hidden at every step.
"""

from __future__ import annotations

import os
import re

import pytest

from cardgames.cards import Card, make_deck
from cardgames.thirtyone import Phase, Reveal, Stand, SwapOne
from tests.widgets.hidden import find_cards, frame_text
from tests.widgets.test_thirtyone_table import hidden_now
from widgets.tables.thirtyone_table import ThirtyOneTable

APP = "app_thirty_one.ipynb"
SEED = int(os.environ["CARDGAMES_SEED_THIRTY_ONE"])   # set in tests/conftest.py
BOTS = ("heuristic", "heuristic")


@pytest.fixture
def expect():
    from playwright.sync_api import expect

    return expect


_STYLE = re.compile(r"<style\b[\s\S]*?</style>", re.I)


def page_text(page) -> str:
    """The page's DOM as HTML, without its stylesheets (JupyterLab's CSS icons are SVG path
    data full of tokens like ``9.7L`` that look like card notation)."""
    return _STYLE.sub("", page.content())


def _log_count(twin) -> int:
    """How many entries the app's log shows now (the deal on show)."""
    s = twin.state
    deal = twin._pending[0] if twin._pending else s.deal
    count, current = 0, None
    for e in s.events:
        if type(e).__name__ == "Dealt":
            current = e.deal
        if current == deal:
            count += 1
    return count


def test_play_a_deal_by_clicks_with_no_hidden_card_in_the_page(voila_server, page, page_log,
                                                               artifacts, expect):
    frames: list[str] = []

    def on_ws(ws):
        ws.on("framereceived", lambda payload: frames.append(frame_text(payload)))

    page.on("websocket", on_ws)
    mark = voila_server.mark()
    page.goto(voila_server.app_url(APP))
    app = page.locator(".thirty-one-table")
    expect(page.get_by_role("heading", name=re.compile("Thirty-One at the table"))).to_be_visible()
    keep = page.get_by_role("button", name="Keep my cards")
    keep.wait_for(state="visible")
    assert "ThirtyOneTable(" not in page.content()      # Voila shows no code

    twin = ThirtyOneTable(bots=BOTS, seed=SEED)
    ever_known: set[Card] = set()
    log = app.locator("ol.t31-log > li")

    def check_page():
        """The page shows what the twin shows, and no card hidden from the human now."""
        expect(log).to_have_count(_log_count(twin))
        hidden, known = hidden_now(twin)
        ever_known.update(known)
        text = page_text(page)
        hits = find_cards([c for c in hidden if c not in known], [text])
        assert not hits, f"hidden cards in the page: {sorted(hits)}"
        if not twin.paused:     # the search is not blind: it finds the cards shown
            shown = twin.state.view(0).table
            assert len(find_cards(shown, [text])) == len(shown)

    check_page()
    swapped = False
    for _step in range(40):
        s = twin.state
        if twin.paused:
            break
        if twin.my_turn:
            phase = s.phase
            n = len(s.history)      # your action comes first; the bots play on after it
            if phase is Phase.EXCHANGE:
                keep.click()
                twin.keep_button.click()
            elif phase is Phase.PLAY and not swapped:
                # pick the first card of the hand and of the table, then Swap (T6)
                app.locator(".t31-hand button", has_text="Pick").first.click()
                app.locator(".t31-table button", has_text="Pick").first.click()
                twin.hand_view.buttons[0].click()
                twin.table_view.buttons[0].click()
                h, t = twin.hand_view.cards[0], twin.table_view.cards[0]
                swap = page.get_by_role("button", name=f"Swap {h} ⇄ {t}")
                expect(swap).to_be_visible()
                expect(app.get_by_text("would score")).to_be_visible()
                page.screenshot(path=str(artifacts / "app_thirty_one-your-turn.png"),
                                full_page=True)
                swap.click()
                twin.swap_button.click()
                assert s.history[n] == SwapOne(h, t)
                swapped = True
            elif phase is Phase.PLAY:
                page.get_by_role("button", name="Reveal").click()
                twin.reveal_button.click()
                assert s.history[n] == Reveal()
            else:                                   # a final turn (T10, R-T6)
                page.get_by_role("button", name="Stand").click()
                twin.stand_button.click()
                assert s.history[n] == Stand()
        else:
            page.get_by_role("button", name="Let the bots play ▶▶").click()
            twin.bots_play_button.click()
        check_page()
    assert twin.paused, "the deal reached its result"

    # the result: every scored hand with its score, who lost a life
    result = app.get_by_text(re.compile(r"^Deal 1: result$"))
    expect(result).to_be_visible()
    res = twin.state.results[0]
    body = app.inner_text()
    for seat, pts in enumerate(res.scores):
        if pts is not None:
            assert f"{pts:g}" in body
    assert "loses a life" in body or "out" in body
    expect(page.get_by_role("button", name="Next deal ▶")).to_be_visible()
    page.screenshot(path=str(artifacts / "app_thirty_one.png"), full_page=True)

    # every widget message the browser received: no card that was hidden all along
    deck = make_deck()
    never_known = [c for c in deck if c not in ever_known]
    assert len(never_known) >= 10
    assert frames, "the widget state came over the websocket"
    first_table = twin.state.events[0].table        # the first deal's table: sent, found
    assert len(find_cards(first_table, frames)) == 3
    hits = find_cards(never_known, frames)
    assert not hits, f"never-known cards in widget messages: {sorted(hits)}"
    # ... and the cards still hidden now are nowhere in the page
    hidden, known = hidden_now(twin)
    assert not find_cards([c for c in hidden if c not in known], [page_text(page)])

    twin.close()
    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []

