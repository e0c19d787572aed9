"""The Liar table app under Voila, in headless Chromium: a round played by clicks,
through a call, with no hidden card in the page or in any widget message (R-L11)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from hidden import assert_no_hidden_cards, find_cards, frame_text  # noqa: E402

from cardgames.liar import PalePenalty, Phase, Revealed  # noqa: E402

APP = "app_liar.ipynb"
SEED = int(os.environ["CARDGAMES_SEED_LIAR"])   # set in tests/conftest.py
CALL = "Call “Liar!”"
STAND = "Let it stand"
LABELS = {"sevens": "VII", "eights": "VIII", "nines": "IX", "tens": "X", "Unters": "Unter",
          "Obers": "Ober", "Kings": "King", "Aces": "Ace"}


@pytest.fixture
def expect():
    from playwright.sync_api import expect

    return expect


def python_round():
    """The same round in this process: the table of the app, played by the same policy."""
    from widgets.tables.liar_table import LiarTable

    table = LiarTable(seed=SEED)
    calls = 0
    while not table.state.is_over():
        act = table.human_to_act()
        if act is Phase.PLAY:
            due = table.state.view(table.human_seat).due_rank
            idx = [i for i, c in enumerate(table.hand.cards) if c.rank is due][:4] or [0]
            for i in idx:
                table.hand.buttons[i].click()
            table.play_button.click()
        elif calls == 0:
            table.call_button.click()
            calls += 1
        else:
            table.pass_button.click()
    return table


def log_count(page) -> int:
    return page.locator(".liar-log li").count()


def wait_log_change(page, before: int) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll('.liar-log li').length !== n", arg=before)


def test_play_a_round_through_a_call(voila_server, page, page_log, artifacts, expect):
    frames: list[str] = []

    def on_ws(ws):
        ws.on("framereceived", lambda payload: frames.append(frame_text(payload)))

    page.on("websocket", on_ws)
    mark = voila_server.mark()
    page.goto(voila_server.app_url(APP))
    expect(page.get_by_role("heading", name=re.compile("Liar"))).to_be_visible()
    status = page.locator(".liar-status")
    expect(status).to_be_visible()
    page.wait_for_function("document.querySelectorAll('.liar-log li').length > 1")
    assert "LiarTable(" not in page.content()                 # Voila shows no code

    calls = 0
    shot = False
    for _ in range(120):
        text = status.inner_text()
        if text.startswith("Round over"):
            break
        before = log_count(page)
        if text.startswith("Your turn"):
            # settled: the new hand is drawn and enabled (the last update of a move)
            expect(page.locator('button[title^="Pick the "]:disabled')).to_have_count(0)
            plural = re.search(r"announced as (\w+)", text).group(1)
            label = LABELS[plural]
            picks = page.locator(f'button[title^="Pick the {label} of "]')
            n = min(picks.count(), 4)
            targets = [picks.nth(i) for i in range(n)] or [
                page.locator('button[title^="Pick the "]').first]
            for i, b in enumerate(targets):
                b.click()
                expect(page.get_by_role("button", name=re.compile(rf"^Play {i + 1} ×"))
                       ).to_be_enabled()
            page.get_by_role("button", name=re.compile(rf"^Play {len(targets)} × {plural}$")
                             ).click()
        elif "Call “Liar!” or let it stand" in text:
            if calls == 0:
                page.get_by_role("button", name=CALL).click()
                calls += 1
            else:
                page.get_by_role("button", name=STAND).click()
        else:
            pytest.fail(f"unexpected status: {text!r}")
        wait_log_change(page, before)
        if calls and not shot:
            expect(page.get_by_text("Last turned over")).to_be_visible()
            expect(status).to_contain_text(re.compile("Your turn|Call"))
            if status.inner_text().startswith("Your turn"):
                expect(page.locator('button[title^="Pick the "]:disabled')).to_have_count(0)
            else:
                expect(page.get_by_role("button", name=CALL)).to_be_enabled()
            page.screenshot(path=str(artifacts / "app_liar.png"), full_page=True)
            shot = True
    expect(status).to_contain_text("Round over")
    expect(page.locator(".liar-result")).to_contain_text("Round result")
    assert calls == 1

    # the same round in Python (same seed, bots and clicks): the page shows its log
    table = python_round()
    state = table.state
    dom_log = [li.inner_text() for li in page.locator(".liar-log li").all()]
    assert dom_log == [e.describe() for e in state.events]
    winner = state.outcome().winner
    expect(status).to_contain_text("you win" if winner == 0 else f"player {winner} wins")

    # R-L11: no hidden card in the page, nor in any widget message the browser received
    me = table.human_seat
    v = state.view(me)
    hidden = [c for p in range(state.players) if p != me for c in state.hand(p)]
    hidden += [c for play in state.pile if play.player != me for c in play.cards]
    hidden += list(state.put_aside)
    known = list(v.hand) + [c for mp in v.my_plays for c in mp.cards]
    known += [c for e in v.events if isinstance(e, Revealed) for c in e.cards]
    if any(isinstance(e, PalePenalty) for e in v.events):
        known += [c for c in state.game.deck() if c.code == 34]
    assert hidden, "the bots still hold cards"
    dom = page.content()
    assert_no_hidden_cards(hidden, known, [dom])
    messages = [f.replace('\\"', '"') for f in frames]
    assert any("jupyter.widget" in m or "comm_open" in m for m in messages)
    assert find_cards(known, messages), "the capture sees the cards the human may know"
    assert_no_hidden_cards(hidden, known, messages)
    table.close()

    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []
