"""One seat of a local session as the table widgets see a RemoteSession, without a socket:
shared by ``benchmarks/table_updates.py`` and ``tests/widgets/test_remote_updates.py``
(which loads this file by path, as ``benchmarks/_voila.py``).

A :class:`WireSeat` wraps a real :class:`cardgames.session.Session`: the seat's view and
its events go through :mod:`cardgames.wire` (dump, JSON text, load) as the service's
update frames do, and :meth:`WireSeat.changed` (one frame) calls the listeners, as
``widgets.tables.remote.RemoteSession`` does after every update.  As the RemoteSession, it
shows only its own seat (``view`` of another seat is a mistake).

    session = Session.new("liar", seats=[Seat.remote(f"p{i}") for i in range(3)], seed=5)
    wire = WireSeat(session, 0)
    table = LiarTable.for_session(wire)
    session.act(session.to_act, "call", mark=session.mark)     # another seat moves
    wire.changed()                                             # the frame: load + redraw
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from cardgames.session import Seat, Session
from cardgames.wire import dump_event, dump_seat_view, load_event, load_seat_view


class WireSeat:
    """Seat ``seat`` of ``session`` as a RemoteSession shows it (the service's frames);
    ``load_s``: how long the last frame took to parse and load."""

    remote = True

    def __init__(self, session: Session, seat: int) -> None:
        self.session, self._seat = session, seat
        self.notes: tuple[Any, ...] = ()
        self._listeners: list[Callable[[], None]] = []
        self._view: Any = None
        self._log: list[Any] = []
        self._cursor = 0
        self.load_s = 0.0
        self.receive()

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def mark(self) -> int:
        return self._view.mark

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._view.seats

    def receive(self) -> None:
        """An update frame as the service sends it, parsed as the RemoteSession does."""
        events, _now = self.session.events_since(self._seat)
        frame = json.dumps({"view": dump_seat_view(self.session.view(self._seat)),
                            "events": [dump_event(e) for e in events]})
        t0 = time.perf_counter()
        data = json.loads(frame)
        self._view = load_seat_view(data["view"])
        self._log += [load_event(e) for e in data["events"]]
        self.load_s = time.perf_counter() - t0

    def view(self, seat: int) -> Any:
        assert seat == self._seat, f"seat {self._seat}'s connection asked for seat {seat}"
        return self._view

    def events_since(self, seat: int, mark: int | None = None) -> tuple[list[Any], int]:
        start, self._cursor = self._cursor, len(self._log)
        return self._log[start:], self.mark

    def act(self, seat: int, action: Any, *, mark: int | None = None) -> list[Any]:
        new = self.session.act(seat, action, mark=mark)
        self.changed()
        return new

    def next_game(self) -> list[Any]:
        new = self.session.next_game()
        self.changed()
        return new

    def bot_step(self) -> list[Any]:
        return []

    def on_change(self, callback: Callable[[], None], *, remove: bool = False) -> None:
        """As ``RemoteSession.on_change``: a callback is added once, removed if there."""
        if remove:
            if callback in self._listeners:
                self._listeners.remove(callback)
        elif callback not in self._listeners:
            self._listeners.append(callback)

    def changed(self) -> None:
        """One update frame: the new view and events, then every listener."""
        self.receive()
        for cb in list(self._listeners):
            cb()

    def random_move(self, rng: Any) -> None:
        """The service plays one move at the table (a bot's, or a seeded random legal move
        for a student), then sends this seat its update frame (:meth:`changed`)."""
        s = self.session
        if s.seats[s.to_act].kind == "bot":
            s.bot_step()
        else:
            s.act(s.to_act, s.view(s.to_act).legal.sample(rng), mark=s.mark)
        self.changed()

    def close(self) -> None:
        self._listeners.clear()
