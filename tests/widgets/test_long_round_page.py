"""A student's page through a long Liar round (issue 29, finding 1): on 937bc5c the
seat's 69th play made every update unreadable ("The table service sent something this
page cannot read").  Now the round's log and the seat's plays come as a window with
their count, and the page says how many events it shows of how many."""

from __future__ import annotations

import random

from testkit import benchmark_module

from cardgames.session import Seat, Session
from cardgames.wire import MAX_EVENTS
from widgets.tables.liar_table import LiarTable

WireSeat = benchmark_module("_wire_seat").WireSeat
OneCardAgent = benchmark_module("_long_rounds").OneCardAgent


def test_the_page_draws_a_long_round_and_shows_the_count(live_widgets):
    s = Session.new("liar", seats=[Seat.remote("a"), Seat.remote("b")], seed=2,
                    options={"rounds": 1})
    wire = WireSeat(s, 1)
    table = LiarTable.for_session(wire)
    agent, rng = OneCardAgent(), random.Random(2)
    plays = n = 0
    while not s.over:
        sv = s.view(s.to_act)
        s.act(s.to_act, agent.act(sv.view, sv.legal, rng), mark=s.mark)
        n += 1
        plays = len(s.view(1).view.my_plays)
        if n % 9 == 0 or plays > 68:
            wire.changed()              # the update frame through the wire, and a redraw
        if plays > 68 and len(s.view(1).view.events) > MAX_EVENTS:
            break
    assert plays > 68
    total = len(s.view(1).view.events)
    assert wire.view(1).total("view.events") == total
    assert f"(the last {MAX_EVENTS} of {total} events)" in table.log.value
    assert table.log.value.count("<li") <= MAX_EVENTS + 10     # the notes besides
