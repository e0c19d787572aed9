"""The order in which a table draws a move (issue 21's log-first drawing).

A page is drawn by the widget messages the kernel sends, one at a time, in order: a
reader (a student, a browser test, the benchmark) who waits for the table's log to
change and then reads whose turn it is must read the status of the same view.  So each
change of the seat's view sends the status first, then the log, then the decision
buttons and the cards, and the log changes once per click.  The log-first drawing of
4f86edd drew the log right after the human's move, before the bots replied: a page then
showed the new log beside the old "Your turn" line, and the local Liar app's browser
tests read that stale line, picked cards for a play that was no longer asked and waited
for a hand that (rightly) stayed disabled in the call window.

The messages are recorded at ``Widget.send_state`` (what ipywidgets sends to the browser
for a changed trait); whose turn it is comes from the engine's state (L5, R-L5), not from
the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as ipw
import pytest

from cardgames.liar import Phase
from widgets.tables.liar_table import LiarTable
from widgets.tables.thirtyone_table import ThirtyOneTable

SEED = 14          # the Liar app's seed in the browser tests (tests/conftest.py)


@contextmanager
def recorded() -> Iterator[list[tuple[ipw.Widget, str, Any]]]:
    """Every trait update the kernel would send, in order: (widget, trait, value)."""
    sent: list[tuple[ipw.Widget, str, Any]] = []
    original = ipw.Widget.send_state

    def record(self: ipw.Widget, key: Any = None) -> None:
        keys = [key] if isinstance(key, str) else list(key or ())
        sent.extend((self, k, getattr(self, k, None)) for k in keys)
        original(self, key)

    ipw.Widget.send_state = record  # type: ignore[method-assign]
    try:
        yield sent
    finally:
        ipw.Widget.send_state = original  # type: ignore[method-assign]


def tree(root: ipw.Widget) -> list[ipw.Widget]:
    out = [root]
    for child in getattr(root, "children", ()):
        out += tree(child)
    return out


def pick_buttons(table: LiarTable) -> list[ipw.Button]:
    """The hand's card buttons as laid out on the page (the widget tree)."""
    return [w for w in tree(table.widget) if isinstance(w, ipw.Button)
            and (w.tooltip or "").startswith("Pick the ")]


def shown(table: LiarTable, description: str) -> ipw.Button:
    found = [w for w in tree(table.widget) if isinstance(w, ipw.Button)
             and w.description == description and w.layout.display != "none"]
    assert len(found) == 1, (description, len(found))
    return found[0]


def liar_click(table: LiarTable, calls: int) -> int:
    """The browser tests' policy (tests/browser/test_app_liar.py python_round); calls made."""
    if table.human_to_act() is Phase.PLAY:
        due = table.state.view(table.human_seat).due_rank
        picks = [i for i, c in enumerate(table.hand.cards) if c.rank is due][:4] or [0]
        for i in picks:
            table.hand.buttons[i].click()
        table.play_button.click()
    elif calls == 0:
        table.call_button.click()
        calls += 1
    else:
        table.pass_button.click()
    return calls


def test_after_the_bots_reply_the_humans_hand_and_buttons_are_enabled_on_their_turn(
        live_widgets):
    table = LiarTable(seed=SEED)
    calls, turns = 0, {Phase.PLAY: 0, Phase.CALL_WINDOW: 0}
    for _ in range(300):
        s = table.state
        if s.is_over():
            break
        assert s.current_player == 0, "autoplay: after a click the bots play until the human acts"
        phase = s.phase
        turns[phase] += 1
        picks = pick_buttons(table)
        call, stand = shown(table, "Call “Liar!”"), shown(table, "Let it stand")
        assert len(picks) == len(s.hand(0)) > 0
        if phase is Phase.PLAY:      # L5: the human's play: every card may be picked
            assert table.hand.enabled and not any(b.disabled for b in picks)
            assert call.disabled and stand.disabled
            assert "Your turn" in table.status.value
        else:                        # R-L5: the call window: call or let it stand
            assert not table.hand.enabled and all(b.disabled for b in picks)
            assert not call.disabled and not stand.disabled
        calls = liar_click(table, calls)
    assert table.state.is_over() and calls == 1
    assert turns[Phase.PLAY] >= 2 and turns[Phase.CALL_WINDOW] >= 2
    # the round is over: nothing of the human's is enabled
    assert all(b.disabled for b in pick_buttons(table))
    assert shown(table, "Call “Liar!”").disabled and shown(table, "Let it stand").disabled
    table.close()


def check_order(sent: list[tuple[ipw.Widget, str, Any]], status: ipw.HTML, log: ipw.HTML,
                before: str) -> int:
    """Replay ``sent`` on a page whose status read ``before``: at every log change the
    page's status is the final one; the log changes at most once.  How many log changes."""
    page_status, changes = before, 0
    for widget, key, value in sent:
        if widget is status and key == "value":
            page_status = value
        elif widget is log and key == "value":
            changes += 1
            assert page_status == status.value, "the log changed beside an old status"
    assert changes <= 1
    return changes


def test_a_page_that_waits_for_the_liar_log_reads_the_status_of_the_same_view(live_widgets):
    table = LiarTable(seed=SEED)
    calls, clicks, news = 0, 0, 0
    while not table.state.is_over() and clicks < 300:
        before = table.status.value
        with recorded() as sent:
            calls = liar_click(table, calls)
        clicks += 1
        news += check_order(sent, table.status, table.log, before)
        if table.state.is_over():
            break
        # the status came first, then the log, then the hand's buttons
        names = [(w, k) for w, k, _v in sent]
        if (table.log, "value") in names:
            first_log = names.index((table.log, "value"))
            assert all(not (isinstance(w, ipw.Button) and k == "disabled"
                            and w in pick_buttons(table) and not w.disabled)
                       for w, k in names[:first_log]), "the hand was enabled before the log"
    assert news == clicks > 5     # every click's move reached the log, once


@pytest.mark.parametrize("seed", [2026, 3])
def test_a_page_that_waits_for_the_thirty_one_log_reads_the_status_of_the_same_view(
        seed, live_widgets):
    table = ThirtyOneTable(bots=("heuristic", "heuristic"), seed=seed)
    moves = 0
    for _ in range(200):
        legal = table.legal_actions()
        if not legal:
            break
        before = table.status.value
        with recorded() as sent:
            assert table.act(legal[-1], mark=table.mark)
        moves += 1
        assert check_order(sent, table.status, table.log, before) == 1
    assert moves >= 2
    table.close()
