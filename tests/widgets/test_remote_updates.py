"""What an online table's update does in the student's kernel (issue 21).

A seat of a local :class:`cardgames.session.Session` is drawn as a RemoteSession's
would be (``LiarTable.for_session`` / ``ThirtyOneTable.for_session``): its view and
events go through :mod:`cardgames.wire` (JSON text and back) before every redraw (the
WireSeat of ``benchmarks/_wire_seat.py``, which benchmarks/table_updates.py times).
Counted with ``Widget.on_widget_constructed``: an update that touches only the pile
(another seat's move, the watched seat neither acts nor is to act) makes no widget, so
the hand's card buttons are not made again; and the decision buttons are disabled in
every view where the seat is not to act, from the moment they are made (their first
state, the one a browser receives on creation) -- a page must never show a decision
enabled for a seat whose turn it is not.
"""

from __future__ import annotations

import random

import ipywidgets as ipw
import pytest
from testkit import benchmark_module

from cardgames.session import Seat, Session
from widgets.tables.liar_table import LiarTable
from widgets.tables.thirtyone_table import ThirtyOneTable

#: the seat through the wire, shared with benchmarks/table_updates.py
WireSeat = benchmark_module("_wire_seat").WireSeat


@pytest.fixture
def made():
    """Every widget made while the test runs, with its state when it was made."""
    out: list[tuple[ipw.Widget, bool | None, str]] = []
    ipw.Widget.on_widget_constructed(
        lambda w: out.append((w, getattr(w, "disabled", None), getattr(w, "description", ""))))
    yield out
    ipw.Widget.on_widget_constructed(None)


def _liar(seed: int, players: int = 4) -> tuple[Session, WireSeat, LiarTable]:
    s = Session.new("liar", seats=[Seat.remote(f"p{i}") for i in range(players)], seed=seed,
                    options={"rounds": 1})
    wire = WireSeat(s, 0)
    return s, wire, LiarTable.for_session(wire)


def _decisions(table: LiarTable) -> list[ipw.Button]:
    return [table.play_button, table.call_button, table.pass_button]


def test_another_seats_move_makes_no_widget_and_keeps_the_hand_buttons(made, live_widgets):
    checked = 0
    for seed in (3, 8):
        s, wire, table = _liar(seed)
        rng = random.Random(seed)
        for _ in range(120):
            if s.over:
                break
            seat = s.to_act
            hand = table.hand.slots
            made.clear()
            s.act(seat, s.view(seat).legal.sample(rng), mark=s.mark)
            mine = seat == 0 or s.to_act == 0
            same_hand = tuple(s.state.hand(0)) == tuple(c for c in table.hand.cards)
            wire.changed()
            if not mine and same_hand:           # only the pile, the log, whose turn
                assert made == [], [type(w).__name__ for w, _d, _t in made]
                assert table.hand.slots == hand and all(
                    a is b for a, b in zip(table.hand.slots, hand, strict=True))
                checked += 1
            elif s.to_act == 0 and same_hand:    # the seat's decision: new buttons only
                assert table.hand.slots == hand
                assert not [w for w, _d, _t in made if isinstance(w, ipw.HTML)]
        table.close()
    assert checked >= 20


def test_decision_buttons_are_disabled_in_every_view_where_the_seat_is_not_to_act(
        made, live_widgets):
    shown = 0
    for seed in (4, 9, 12):
        s, wire, table = _liar(seed, players=3)
        rng = random.Random(seed)
        decision_words = {b.description for b in _decisions(table)} | {"Let it stand"}
        for _ in range(300):
            if s.over:
                break
            seat = s.to_act
            made.clear()
            s.act(seat, s.view(seat).legal.sample(rng), mark=s.mark)
            wire.changed()
            # every decision button is made disabled (its state on creation)
            fresh = [(d, t) for w, d, t in made if isinstance(w, ipw.Button)
                     and not any(c == "cg-pick" for c in w._dom_classes)]
            assert all(d is True for d, _t in fresh), fresh
            sv = table.view
            if sv.to_act != 0:
                assert all(b.disabled for b in _decisions(table)), sv.to_act
                assert all(b is None or b.disabled for b in table.hand.buttons)
            else:
                shown += 1
                window = "call" in sv.legal
                assert table.call_button.disabled is not window
                assert table.pass_button.disabled is not window
                assert any(not b.disabled for b in table.hand.buttons) is not window
        assert decision_words
        table.close()
    assert shown >= 10


def test_thirty_one_decision_buttons_too(made, live_widgets):
    s = Session.new("thirty-one", seats=[Seat.remote(f"p{i}") for i in range(3)], seed=6)
    wire = WireSeat(s, 1)
    table = ThirtyOneTable.for_session(wire)
    rng = random.Random(2)
    shown = 0
    for _ in range(80):
        if s.over:
            break
        seat = s.to_act
        made.clear()
        s.act(seat, s.view(seat).legal.sample(rng), mark=s.mark)
        wire.changed()
        assert all(d is True for w, d, t in made if isinstance(w, ipw.Button)
                   and w in table.action_buttons.values())
        if table.view.to_act != 1:
            assert all(b.disabled for b in table.action_buttons.values())
        elif table.my_turn:                       # (not while a deal's result is on show)
            shown += 1
            assert any(not b.disabled for b in table.action_buttons.values())
        if table._pending:
            table.next_deal()                     # the student reads the result, goes on
    assert shown >= 5
    table.close()
