"""Whole matches through the real wire (issue 29, deliverable 2): the table service behind
its tornado seat websocket, the codec and the kernel's client (RemoteSession) at every table
size: Liar 2-8 with two decks and both Chroniclers and 2-4 with one deck (R-L2), Thirty-One
2-9 (T1), random and heuristic students and bots, and long Liar rounds (students playing
one card a play, the issue's long rounds: a seat's own plays and the log past their
windows).  Each match is played to its end; then every seat's view and events are the
service's."""

from __future__ import annotations

import shutil

import pytest
from socket_kit import ThreadServer
from tables_kit import Clock, service
from wire_kit import (
    Student,
    check_seats,
    close,
    connect,
    open_table,
    play_table,
    ram_folder,
    unthrottled,
)

from cardgames.wire import MAX_EVENTS, MAX_PLAYS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    mp = unthrottled()
    folder = ram_folder(tmp_path_factory)
    svc = service(folder, Clock())
    srv = ThreadServer(svc)
    yield srv
    srv.stop()
    svc.close()
    mp.undo()
    shutil.rmtree(folder, ignore_errors=True)


def _play(server, game, seats, options, *, students, kinds, bots):
    code, keys = open_table(server, game, seats, students, bots=bots, options=options)
    clients = connect(server, code, keys)
    try:
        players = {seat: Student(game, kinds[i % len(kinds)], seed=seat + 7 * seats)
                   for i, seat in enumerate(sorted(keys))}
        out = play_table(server, code, clients, players)
        check_seats(server, code, clients)
        assert all(c.failure is None for c in clients.values())
        return out
    finally:
        close(clients)


SLOW = pytest.mark.slow
# Two decks at 2-4 seats are not played here: with these bots such a round may not end in
# any bounded time (engine only, 2 seats, random against heuristic, seed 0: no end after
# 120 s, thousands of actions; the earlier run here hung past pytest's 1,200 s).  Two decks
# are played at 5-8 seats, one deck at 2-4 (R-L2); benchmarks/soak_tables.py plays on.
LIAR = ([pytest.param(n, {"decks": 1, "rounds": 1}, id=f"{n}-seats-1-deck") for n in range(2, 5)]
        + [pytest.param(n, {"decks": 2, "chroniclers": "both", "rounds": 1},
                        id=f"{n}-seats-2-decks") for n in range(5, 9)])


@pytest.mark.parametrize("seats, options", LIAR)
def test_a_liar_match_at_every_size(server, seats, options):
    out = _play(server, "liar", seats, options, students=1,
                kinds=("heuristic" if seats % 2 else "random",),
                bots="random" if seats % 2 else "heuristic")
    assert out.games == 1 and out.actions > 0 and not out.refused


@SLOW
def test_a_two_round_match_of_two_students(server):
    out = _play(server, "liar", 3, {"decks": 1, "rounds": 2}, students=2,
                kinds=("heuristic", "random"), bots="heuristic")
    assert out.games == 2 and not out.refused


@pytest.mark.parametrize("seats", range(2, 10))
def test_a_thirty_one_match_at_every_size(server, seats):
    out = _play(server, "thirty-one", seats, {"chronicler": seats % 2 == 0, "lives": 1},
                students=1 + (seats % 3 == 0), kinds=("random", "heuristic"),
                bots="heuristic" if seats % 2 else "random")
    assert out.actions > 0 and not out.refused


@SLOW
def test_long_liar_rounds_through_the_wire(server):
    """Two students playing one card a play (a call half the time): seat 1 passes 68 own
    plays and the log 549 events (the windows), and every update still loads."""
    out = _play(server, "liar", 2, {"rounds": 1}, students=2, kinds=("one-card",),
                bots="random")
    assert out.longest > MAX_EVENTS and out.windowed > 0
    assert MAX_PLAYS == 68
