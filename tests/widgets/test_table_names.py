"""An online table's log and the teacher's last calls name the players (issue 21 QA).

The names are the ones the students gave when they joined, shown as text (a name is
hostile input: ``<b>x</b>`` must reach the page escaped), a bot by its kind, the page's
own seat "you"; nothing else changes in the words (no card is added: R-L11, R-T9).
The expected lines are written by hand from the rules' wording of each event.
"""

from __future__ import annotations

import html
import random

from hidden import assert_no_hidden_cards, synced_strings
from test_remote_updates import WireSeat

from cardgames.liar import CallMade, Passed, Played
from cardgames.session import Seat, Session
from widgets.tables.liar_table import LiarTable
from widgets.tables.thirtyone_table import ThirtyOneTable

HOSTILE = "<b>x</b>"


def liar_session(seed: int) -> Session:
    seats = [Seat.remote("Ana"), Seat.remote(HOSTILE), Seat.bot("heuristic"), Seat.remote("Bo")]
    return Session.new("liar", seats=seats, seed=seed, options={"rounds": 1})


def play(s: Session, wire: WireSeat, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if s.over:
            break
        wire.random_move(rng)


def test_the_liar_log_names_each_seat_escaped(live_widgets):
    s = liar_session(5)
    wire = WireSeat(s, 0)
    table = LiarTable.for_session(wire)
    play(s, wire, random.Random(5), 60)
    log = table.log.value
    label = {0: "Player 0 (you)", 1: f"Player 1 ({html.escape(HOSTILE)})",
             2: "Player 2 (heuristic bot)", 3: "Player 3 (Bo)"}
    events = s.state.events
    plays = [e for e in events if isinstance(e, Played)]
    assert {e.player for e in plays} == {0, 1, 2, 3}
    for e in plays:       # L7, R-L4: "Player N put down k card(s) and announced ..."
        assert f"{label[e.player]} put down {e.count} card" in log
    for e in events:
        if isinstance(e, Passed):
            assert f"{label[e.player]} did not call and let play {e.number} stand" in log
        elif isinstance(e, CallMade):
            assert f"{label[e.caller]} called" in log
    # the hostile name reaches the browser only escaped, in every synced string
    texts = synced_strings()
    assert any(html.escape(HOSTILE) in t for t in texts)
    assert not any(HOSTILE in t for t in texts)
    # R-L11: the named log holds no card the seat may not know
    st = s.state
    hidden = [c for p in range(st.players) if p != 0 for c in st.hand(p)]
    hidden += [c for pl in st.pile if pl.player != 0 for c in pl.cards]
    known = list(st.view(0).hand) + [c for mp in st.view(0).my_plays for c in mp.cards]
    known += [c for e in st.view(0).events for c in getattr(e, "cards", ())]
    assert_no_hidden_cards(hidden, known)
    table.close()


def test_a_local_tables_log_keeps_the_engines_words(live_widgets):
    table = LiarTable(seed=14)
    assert "Player 1 put down" in table.log.value and "(you)" not in table.log.value
    table.close()


def test_the_thirty_one_log_names_each_seat(live_widgets):
    seats = [Seat.remote("Ana"), Seat.remote(HOSTILE), Seat.bot("heuristic")]
    s = Session.new("thirty-one", seats=seats, seed=4)
    wire = WireSeat(s, 1)
    table = ThirtyOneTable.for_session(wire)
    play(s, wire, random.Random(4), 4)
    log = table.log.value
    actors = {getattr(e, "player", None) for e in s.state.events[-4:]} - {None}
    assert actors, "someone moved"
    label = {0: "player 0 (Ana)", 1: "player 1 (you)", 2: "player 2 (heuristic bot)"}
    for p in actors:
        assert label[p] in log
    assert HOSTILE not in log
    table.close()
