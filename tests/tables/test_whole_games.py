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
    session_of,
    unthrottled,
)

from cardgames.limits import LIAR_MAX_PLAYS
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


def _play(server, game, seats, options, *, students, kinds, bots, seed=None):
    if seed is not None:                 # this test's deal, whichever tests ran before it
        server.svc.seeds = lambda: seed
    code, keys = open_table(server, game, seats, students, bots=bots, options=options)
    clients = connect(server, code, keys)
    try:
        players = {seat: Student(game, kinds[i % len(kinds)], seed=seat + 7 * seats)
                   for i, seat in enumerate(sorted(keys))}
        out = play_table(server, code, clients, players)
        check_seats(server, code, clients)
        assert all(c.failure is None for c in clients.values())
        out.code = code
        return out
    finally:
        close(clients)


SLOW = pytest.mark.slow
# Every size with two decks and both Chroniclers (R-L2: 2-8), and one deck at 2-4, each from
# a deal of its own: a seed whose round ends in a few hundred actions (the suite's time; the
# engine alone, seeds 1-8: 62-4,011 actions, the wire costs 5-40 ms each on the shared
# machine; long rounds are test_long_liar_rounds_through_the_wire's and the soak's).
# A table's Liar round stops after LIAR_MAX_PLAYS
# plays (the table's default, the rules' "Settled by the program" 10): two careful players
# can go round for ever (at 2 seats each announces the same 4 ranks, R-L8, L10, so a caught
# bluffer takes back the other's ranks; nobody calls a Pale Chronicler they expect, L13, so
# its holder keeps it): the heuristic bots at 2 seats with two decks do (engine, seeds 0-3:
# no round ended in 3,000 actions); a random student against a random bot goes out.  The
# cap itself: test_a_round_at_the_tables_cap_ends_with_places_by_cards.
SEEDS = {1: {2: 6, 3: 7, 4: 7}, 2: {2: 3, 3: 8, 4: 5, 5: 4, 6: 7, 7: 3, 8: 8}}
LIAR = ([pytest.param(n, {"decks": 1, "rounds": 1}, id=f"{n}-seats-1-deck") for n in range(2, 5)]
        + [pytest.param(n, {"decks": 2, "chroniclers": "both", "rounds": 1},
                        id=f"{n}-seats-2-decks") for n in range(2, 9)])


@pytest.mark.parametrize("seats, options", LIAR)
def test_a_liar_match_at_every_size(server, seats, options):
    two_seats_two_decks = seats == 2 and options["decks"] == 2
    out = _play(server, "liar", seats, options, students=1,
                kinds=("heuristic" if seats % 2 else "random",),
                bots="random" if seats % 2 or two_seats_two_decks else "heuristic",
                seed=SEEDS[options["decks"]][seats])
    assert out.games == 1 and out.actions > 0 and not out.refused
    s = session_of(server, out.code)
    assert s.match_over and s.state.end_reason == "went_out"     # to its end (L11)
    assert s.state.plays_made <= LIAR_MAX_PLAYS


def test_a_round_at_the_tables_cap_ends_with_places_by_cards(server):
    """Two heuristic players, two decks, both Chroniclers (a round that does not end by
    itself, above), at a table whose teacher set the cap to 40 plays: the round stops after
    the 40th play's call window, nobody out, each seat placed by the cards it holds (fewer
    cards, better place, R-L10), and every seat's view and log through the wire are the
    service's.  A table's default cap is LIAR_MAX_PLAYS."""
    out = _play(server, "liar", 2, {"decks": 2, "chroniclers": "both", "rounds": 1,
                                    "max_plays": 40},
                students=1, kinds=("heuristic",), bots="heuristic", seed=2)
    s = session_of(server, out.code)
    assert s.match_over and s.state.end_reason == "cap" and s.state.plays_made == 40
    held = [len(s.state.hand(p)) for p in range(2)]
    places = [1 + sum(1 for h in held if h < mine) for mine in held]     # R-L10, by hand
    assert list(s.view(0).places[-1]) == places
    assert s.view(0).winners == tuple(p for p in range(2) if places[p] == 1)
    made = server.call(lambda: server.svc.create_table(game="liar", seats=3))
    assert made.options["max_plays"] == LIAR_MAX_PLAYS == 1000


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
