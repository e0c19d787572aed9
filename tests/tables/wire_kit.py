"""Whole games through the real wire (issue 29, deliverable 2), shared by
``tests/tables/test_whole_games.py``, ``tests/tables/test_table_machine.py`` and
``benchmarks/soak_tables.py`` (which loads this file by path).

A :class:`TableService` behind the real tornado seat websocket (``socket_kit.ThreadServer``)
deals a table; each student's seat is a :class:`widgets.tables.remote.RemoteSession` (the
kernel's client: frames parsed by :mod:`cardgames.wire`), played by a :class:`Student` that
decides from the view the wire gave it (random, the game's heuristic bot, or one card a
play, ``benchmarks/_long_rounds.py``); the other seats are the table's bots, played by the
service.  :func:`play_table` plays to the end of the match and checks, at the end, that each
seat's view and events are the service's.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from testkit import benchmark_module

from cardgames import registry
from cardgames.errors import CardgamesError, StaleActionError
from cardgames.wire import dump_seat_view, load_seat_view

OneCardAgent = benchmark_module("_long_rounds").OneCardAgent


class Student:
    """A student's choices from the seat's view as the wire gave it (a ``SeatView``):
    ``kind`` ``"random"``, ``"heuristic"`` (the game's registry bot) or ``"one-card"``."""

    def __init__(self, game: str, kind: str, seed: int) -> None:
        self.game, self.kind = game, kind
        self.rng = random.Random(seed)
        self.agent: Any = (OneCardAgent() if kind == "one-card" else
                           registry.get(game).make_bot(kind) if kind != "random" else None)

    def choose(self, sv: Any) -> str:
        legal = sv.legal
        if self.agent is None:
            return legal.sample(self.rng)
        if self.kind == "one-card":
            return str(self.agent.act(sv.view, legal, self.rng))
        if self.game == "liar":                  # the derived lazy collection (R-L4)
            return str(self.agent.act(sv.view, legal.engine, self.rng))
        from cardgames.thirtyone.actions import parse_action
        return str(self.agent.act(sv.view, [parse_action(t) for t in legal], self.rng))


@dataclass
class Played:
    """What one table's match came to."""

    actions: int = 0                   # the students' acknowledged actions
    marks: int = 0                     # every action at the table (bots' too)
    games: int = 0                     # Liar rounds / Thirty-One matches dealt
    longest: int = 0                   # the most events of one round's log
    longest_actions: int = 0           # the most actions of one round (Liar) or deal
    windowed: int = 0                  # views that came windowed
    refused: list[str] = field(default_factory=list)
    cut: bool = False                  # stopped at the deadline, unfinished
    drops: int = 0                     # connections cut (``drops``)
    code: str = ""                     # the table's code


def ram_folder(factory: Any) -> Any:
    """A new folder for a test's store, in memory (``/dev/shm``) where there is one: the
    store commits every action (fsync), which on the shared disk costs more than the
    wire itself; the store's own durability has its tests (test_store, test_kill_resume)."""
    import tempfile
    from pathlib import Path

    shm = Path("/dev/shm")
    if shm.is_dir():
        return Path(tempfile.mkdtemp(prefix="cardgames-wire-", dir=shm))
    return factory.mktemp("store")


def unthrottled() -> Any:
    """A context in which each seat connection may send 10,000 frames a second (the
    service's token bucket, ``classroom.tables.protocol.RATE`` = 10 a second, is for
    people; a test's students play a hundred times faster; the limit has its own tests in
    tests/tables/test_seat_protocol.py)."""
    import pytest

    from classroom.tables import protocol

    mp = pytest.MonkeyPatch()
    mp.setitem(protocol.TokenBucket.__init__.__kwdefaults__, "rate", 10_000.0)
    mp.setitem(protocol.TokenBucket.__init__.__kwdefaults__, "burst", 10_000)
    return mp


def wait_for(condition: Any, seconds: float = 20.0, what: str = "") -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError(f"timed out waiting for {what or condition}")
        time.sleep(0.002)


def open_table(server: Any, game: str, seats: int, students: int, *, bots: str,
               options: dict[str, Any]) -> tuple[str, dict[int, str]]:
    """A new table with ``students`` joined (the rest the table's ``bots``), started."""
    svc = server.svc
    t = server.call(lambda: svc.create_table(game=game, seats=seats, bots=bots,
                                             options=options))
    keys = {}
    for i in range(students):
        seat, key = server.call(svc.join, t.code, f"S{i}")
        keys[seat] = key
    server.call(svc.start, t.code)
    return t.code, keys


def connect(server: Any, code: str, keys: dict[int, str]) -> dict[int, Any]:
    from widgets.tables.remote import RemoteSession

    clients = {seat: RemoteSession(server.url, table=code, seat=seat, key=key, loop=None,
                                   backoff=(0.05, 0.2))
               for seat, key in keys.items()}
    wait_for(lambda: all(c.started for c in clients.values()), what="the first views")
    return clients


def session_of(server: Any, code: str) -> Any:
    return server.svc._tables[code].session          # noqa: SLF001 - the truth, to compare


def drop(client: Any) -> Any:
    """Cut ``client``'s connection as a lost network would (a late pong, a phone's Wi-Fi):
    the socket shut down under it; it reconnects by itself (its backoff).  The cut one."""
    import socket

    ws = client._ws                                  # noqa: SLF001 - the fault, injected
    if ws is not None:
        try:
            ws.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
    return ws


def connected(client: Any) -> bool:
    return client._ws is not None and client.status in ("playing", "over")   # noqa: SLF001


def play_table(server: Any, code: str, clients: dict[int, Any], students: dict[int, Student],
               *, most: int = 20_000, deadline: float | None = None,
               drops: float = 0.0, rng: random.Random | None = None) -> Played:
    """Play the match to its end: the student to act (once its client has the service's
    mark) acts through its RemoteSession; a finished round is dealt on by a student.
    ``deadline`` (``time.monotonic()``): stop there, unfinished (``out.cut``).  ``drops``:
    before each action, the chance that one student's connection is cut (:func:`drop`);
    the action waits until it is back (``rng`` draws them)."""
    s = session_of(server, code)
    out = Played(games=1)
    chaos = rng or random.Random(0)
    for _ in range(most):
        if deadline is not None and time.monotonic() > deadline:
            out.cut = True
            # no one acts any more: let every client catch up with the last updates, so
            # that the check after a cut match compares the same mark (a loaded soak's
            # last match, cut mid-round, was reported as a view differing from the truth)
            final = s.mark
            wait_for(lambda: all(c.mark >= final for c in clients.values()),
                     what=f"mark {final} after the cut")
            break
        if drops and chaos.random() < drops:
            c = clients[chaos.choice(sorted(clients))]
            cut = drop(c)
            out.drops += 1
            wait_for(lambda: c._ws is not cut and connected(c), what="a reconnection")  # noqa: SLF001
        mark = s.mark
        wait_for(lambda: all(c.mark >= mark for c in clients.values()), what=f"mark {mark}")
        out.longest = max(out.longest, len(s.state.events))
        out.longest_actions = max(out.longest_actions, len(s.state.history))
        for seat, c in clients.items():
            out.windowed += bool(c.view(seat).windows)
        if s.match_over:
            break
        seat = s.to_act
        if seat is None:                              # a Liar round is over: deal the next
            c = clients[min(clients)]
            c.next_game()
            out.games += 1
            continue
        assert seat in clients, f"seat {seat} is a bot's, yet it is to act at mark {mark}"
        c = clients[seat]
        sv = c.view(seat)
        assert sv.mark == mark and sv.to_act == seat
        try:
            c.act(seat, students[seat].choose(sv), mark=mark)
            out.actions += 1
        except StaleActionError:                      # never: the client had the mark
            raise
        except CardgamesError as e:                   # a refused choice would be a bug
            out.refused.append(str(e))
            raise
    else:
        raise AssertionError(f"the match did not end in {most} actions")
    out.marks = s.mark
    return out


def check_seats(server: Any, code: str, clients: dict[int, Any]) -> None:
    """Each client's view is the service's, as the wire carries it, and its events are the
    service's log (the whole of it, as no update was cut: a prefix otherwise)."""
    s = session_of(server, code)
    truth = s.events_since(0, -1)[0]
    for seat, c in clients.items():
        got, want = c.view(seat), load_seat_view(dump_seat_view(s.view(seat)))
        assert got == want, (seat, got.mark, want.mark, c.attempts, [
            (f, _diff(getattr(got, f), getattr(want, f)))
            for f in got.__dataclass_fields__ if getattr(got, f) != getattr(want, f)])
        got, _mark = c.events_since(seat, -1)
        assert got == truth[:len(got)]
        assert len(got) == len(truth)


def _diff(got: Any, want: Any) -> Any:
    """What differs between two values of a view's field, briefly (a soak's error line)."""
    fields = getattr(got, "__dataclass_fields__", None)
    if fields is not None and type(got) is type(want):
        return {f: (repr(getattr(got, f))[-120:], repr(getattr(want, f))[-120:])
                for f in fields if getattr(got, f) != getattr(want, f)}
    return repr(got)[-160:], repr(want)[-160:]


def close(clients: dict[int, Any]) -> None:
    for c in clients.values():
        c.close()
