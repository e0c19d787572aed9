"""One table driven by hypothesis (issue 29, deliverable 2): a stateful test of the table
service, the codec and the kernel's client together.

A Liar table of three seats (two students as ``RemoteSession`` kernel clients over the real
tornado seat websocket, one bot) takes, in any order: legal clicks (and the next round),
illegal clicks (out of turn, a card not held, words that are no move, a stale mark),
reloads (a new client for the seat), disconnects and returns, time passing on the
service's clock (its ``tick``: a bot plays a student's seat only when that student is
away past ``reconnect_grace`` or idle past ``bot_timeout``, as the service documents), and
a restart of the service from its store (its pages reloaded after it; a client that
reconnects by itself is tests/widgets/test_remote_session.py's and test_kill_resume's).  After every step, once the clients have the
service's mark:

- every acknowledged action is in the store's log, once, at its mark; the store holds no
  student action that was not acknowledged, and a bot's move for a student only where
  the model expected one (the documented away / idle rule);
- each seat's events are the service's (the truth) from its first: a prefix of the truth
  up to its mark (a suffix past a windowed catch-up);
- each seat's view is the service's as the wire carries it (it loaded);
- no seat's view, as sent, names a card hidden from it (R-L11).

A ``kill -9`` of a service process: the service goes on in a process of its own
(``service_process.py``) from the same store, a student's action is acknowledged there
and, at random, another is sent unanswered; the process is killed (SIGKILL) and the
service restarts from its store: the acknowledged action is kept, the unanswered one is
applied at most once (as the store says).  (The whole classroom server killed mid-round
is tests/tables/test_kill_resume.py's, slow.)

A student back on the page (a reload, a reconnection) or clicking (even a refused click)
gets the seat back from the bot that plays it (issue 29), as the model expects.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from socket_kit import Client, ThreadServer, hello
from tables_kit import Clock, cards_in, service
from wire_kit import Student, ram_folder, session_of, unthrottled, wait_for

from cardgames.errors import ActionParseError, CardgamesError, StaleActionError
from cardgames.wire import MAX_EVENTS, dump_seat_view, load_seat_view
from classroom.tables.routes import DB_NAME

GRACE, IDLE = 10.0, 60.0
REPO = Path(__file__).resolve().parents[2]
#: kill -9 of a service process at most this often in one example (each costs a start)
KILLS = 1


class _Folder:
    def mktemp(self, name: str) -> Any:
        import tempfile
        from pathlib import Path
        return Path(tempfile.mkdtemp(prefix=name))


PortServer = ThreadServer          # ThreadServer(svc, port): back where it was


def _service_process(folder: Path, port: int) -> subprocess.Popen[str]:
    """``service_process.py`` on ``folder``'s store at ``port`` (its own process group),
    once it listens."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO), str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name(
        "service_process.py")), str(folder), str(port)], env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if line.strip() != "ready":
        proc.kill()
        raise RuntimeError(f"the service process did not start: {line}{proc.stdout.read()}")
    end = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.05)


def _kill_nine(proc: subprocess.Popen[str]) -> None:
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    if proc.stdout is not None:
        proc.stdout.close()


def _hidden_from(state: Any, seat: int) -> set[str]:
    """The cards hidden from ``seat`` in a one-deck Liar state (R-L11), in notation: the
    others' hands, the others' cards in the pile, the cards put aside, but those it saw."""
    from cardgames.liar.events import Revealed

    known = {c.notation() for c in state.hand(seat)}
    for play in state.own_plays(seat):
        known |= {c.notation() for c in play.cards}
    for e in state.events:
        if isinstance(e, Revealed):
            known |= {c.notation() for c in e.cards}
    hidden = {c.notation() for c in state.put_aside}
    for p in range(state.game.players):
        if p != seat:
            hidden |= {c.notation() for c in state.hand(p)}
    for play in state.pile:
        if play.player != seat:
            hidden |= {c.notation() for c in play.cards}
    return hidden - known


class TableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.patch = unthrottled()
        self.folder = ram_folder(_Folder())
        self.clock = Clock()
        self.svc = service(self.folder, self.clock, reconnect_grace=GRACE, bot_timeout=IDLE)
        self.server = PortServer(self.svc)
        t = self.server.call(lambda: self.svc.create_table(
            game="liar", seats=3, bots="heuristic", options={"rounds": 2}))
        self.code = t.code
        self.keys = dict(self.server.call(self.svc.join, self.code, n) for n in ("Ana", "Ivo"))
        self.server.call(self.svc.start, self.code)
        self.clients: dict[int, Any] = {}
        self.students = {seat: Student("liar", "random", seed=seat) for seat in self.keys}
        self.acked: list[tuple[int, int, str]] = []        # (seat, mark, action)
        self.takeovers: list[tuple[int, int]] = []          # (seat, mark) the model expects
        self.away: dict[int, float] = {}                    # seat -> since (clock)
        # seats handed to the bot: it plays them on until the student moves or takes the
        # seat back (TableService.tick, issue 29's countdown; restored from the log's last
        # move of each seat after a restart)
        self.by_bot: set[int] = set()
        self.turn_since = self.clock.t
        self.kills = 0
        for seat in self.keys:
            self._open(seat)
        self._settle()

    # ------------------------------------------------------------------ helpers
    @property
    def s(self) -> Any:
        return session_of(self.server, self.code)

    def _open(self, seat: int) -> None:
        from widgets.tables.remote import RemoteSession

        self.clients[seat] = RemoteSession(self.server.url, table=self.code, seat=seat,
                                           key=self.keys[seat], loop=None, backoff=(0.05, 0.1))
        self.away.pop(seat, None)
        self._came_back(seat)

    def _came_back(self, seat: int) -> None:
        """The student is here (a page opened, a click): the seat is theirs again, with a
        whole timeout (TableService.subscribe, take_back; issue 29)."""
        if seat in self.by_bot:
            self.by_bot.discard(seat)
            self.turn_since = self.clock.t

    def _settle(self) -> None:
        """Until every open client is connected and has the service's mark."""
        def ready() -> bool:
            mark = self.s.mark
            return all(self.svc.connected(self.code, seat) and c.started and c.mark == mark
                       and c.status in ("playing", "over")
                       for seat, c in self.clients.items())
        wait_for(ready, 30, "the clients to catch up")

    def _changed(self, before: int) -> None:
        if self.s.mark != before:
            self.turn_since = self.clock.t

    def _log(self) -> list[tuple[int | None, int, str, str]]:
        db = sqlite3.connect(f"file:{self.folder / DB_NAME}?mode=ro", uri=True)
        try:
            return db.execute("SELECT seat, mark, kind, action FROM log WHERE code = ? "
                              "ORDER BY seq", (self.code,)).fetchall()
        finally:
            db.close()

    # ------------------------------------------------------------------ rules
    @precondition(lambda self: not self.s.match_over)
    @rule(pick=st.integers(0, 1))
    def click_legal(self, pick: int) -> None:
        s = self.s
        mark, to_act = s.mark, s.to_act
        if to_act is None:                                  # the round is over: deal on
            seat = sorted(self.clients)[pick % len(self.clients)] if self.clients else None
            if seat is not None:
                self.clients[seat].next_game()
                self.acked.append((seat, mark, "next"))
        elif to_act in self.clients:
            c = self.clients[to_act]
            action = self.students[to_act].choose(c.view(to_act))
            c.act(to_act, action, mark=mark)
            self.acked.append((to_act, mark, action))
            self.by_bot.discard(to_act)
        self._changed(mark)
        self._settle()

    @rule(seat=st.sampled_from([0, 1]), kind=st.sampled_from(["call", "held", "words", "stale"]))
    def click_illegal(self, seat: int, kind: int) -> None:
        if seat not in self.clients:
            return
        s, c = self.s, self.clients[seat]
        mark, rows = s.mark, len(self._log())
        sv = c.view(seat)
        if kind == "call":
            if sv.legal and "call" in sv.legal:
                return                               # legal for it now
            action, expect = "call", CardgamesError
        elif kind == "held":
            mine = {x.notation() for x in sv.view.hand}
            other = sorted(_hidden_from(s.state, seat) - mine)
            if not other:
                return
            action, expect = f"play {other[0]}", CardgamesError
        elif kind == "words":
            action, expect = "fly away", ActionParseError
        else:
            if mark == 0:
                return
            action, expect = (str(sv.legal[0]) if sv.legal else "pass"), StaleActionError
        with pytest.raises(expect):
            c.act(seat, action, mark=mark - 1 if kind == "stale" else mark)
        assert s.mark == mark and len(self._log()) == rows      # nothing changed
        self._came_back(seat)                       # a click, even refused: the seat back

    @rule(seat=st.sampled_from([0, 1]))
    def reload(self, seat: int) -> None:
        if seat in self.clients:
            self.clients.pop(seat).close()
        self._open(seat)
        self._settle()

    @precondition(lambda self: len(self.clients) > 0)
    @rule(seat=st.sampled_from([0, 1]))
    def disconnect(self, seat: int) -> None:
        if seat not in self.clients:
            return
        self.clients.pop(seat).close()
        wait_for(lambda: not self.svc.connected(self.code, seat), 10, "the service to notice")
        self.away[seat] = self.clock.t
        self._settle()

    @rule(seconds=st.sampled_from([3.0, GRACE + 1, IDLE + 1]))
    def time_passes(self, seconds: float) -> None:
        self.clock.t += seconds
        s = self.s
        mark, seat = s.mark, s.to_act
        expect = 0
        if seat is not None and seat in self.keys and not s.match_over:
            gone = seat in self.away and self.clock.t - self.away[seat] >= GRACE
            idle = seat in self.clients and self.clock.t - self.turn_since >= IDLE
            expect = int(gone or idle or seat in self.by_bot)
        moved = self.server.call(self.svc.tick)
        assert moved == expect, (moved, expect, seat, self.away, self.turn_since, self.clock.t)
        if moved:
            self.takeovers.append((seat, mark))
            self.by_bot.add(seat)
        self._changed(mark)
        self._settle()

    @rule()
    def restart(self) -> None:
        port, open_seats = self.server.port, sorted(self.clients)
        self._stop_in_process()
        self._start_in_process(port, open_seats)

    def _stop_in_process(self) -> None:
        for seat in sorted(self.clients):       # the pages reload once the server is back
            self.clients.pop(seat).close()
        self.server.stop()
        self.svc.close()

    def _start_in_process(self, port: int, open_seats: list[int]) -> None:
        self.svc = service(self.folder, self.clock, reconnect_grace=GRACE, bot_timeout=IDLE)
        assert self.svc.load() == 1
        self.server = PortServer(self.svc, port)
        self.turn_since = self.clock.t
        for seat in self.keys:                 # every named seat is away from the start
            self.away[seat] = self.clock.t
        # the seats whose last move in the log is the bot's are handed to it (table.rebuild)
        last: dict[int, str] = {}
        for seat, _m, kind, _a in self._log():
            if kind in ("act", "takeover") and seat is not None:
                last[seat] = kind
        self.by_bot = {seat for seat, kind in last.items() if kind == "takeover"}
        for seat in open_seats:
            self._open(seat)
        self._settle()

    @precondition(lambda self: self.kills < KILLS)
    @rule(pending=st.booleans())
    def kill_nine(self, pending: bool) -> None:
        """The service goes on in a process of its own; a student's action is acknowledged
        there (and with ``pending`` one more sent, unanswered); ``kill -9``; the service
        restarts from its store."""
        self.kills += 1
        port, open_seats = self.server.port, sorted(self.clients)
        self._stop_in_process()
        before = len(self._log())
        proc = _service_process(self.folder, port)
        url = f"ws://127.0.0.1:{port}/tables/ws"
        conns: dict[int, Client] = {}
        sent: tuple[int, int, str] | None = None
        acks = 0
        try:
            latest = {}
            for seat, key in sorted(self.keys.items()):
                conns[seat] = Client(url)
                assert hello(conns[seat], self.code, seat, key)["type"] == "welcome"
                latest[seat] = conns[seat].until(lambda f: f["type"] == "update")
            for step in range(2 if pending else 1):
                view = latest[min(latest)]["view"]
                mark = latest[min(latest)]["mark"]
                seat = view["to_act"]
                if view["match_over"] or (seat is not None and seat not in self.keys):
                    break
                if seat is None:                        # the round is over: deal the next
                    seat, frame = min(self.keys), {"type": "next"}
                    action = "next"
                else:
                    sv = load_seat_view(latest[seat]["view"])
                    action = self.students[seat].choose(sv)
                    frame = {"type": "act", "action": action}
                mid = conns[seat].request(frame.pop("type"), mark=mark, **frame)
                if step == 1:                           # unanswered: killed now
                    sent = (seat, mark, action)
                    break
                answer = conns[seat].answer(mid)
                assert answer["type"] == "ack", answer
                self.acked.append((seat, mark, action))
                acks += 1
                now = answer["mark"]
                for s_, c in conns.items():
                    latest[s_] = c.until(lambda f, m=now: f["type"] == "update"
                                         and f["mark"] == m)
        finally:
            _kill_nine(proc)
            for c in conns.values():
                try:
                    c.ws.close()
                except Exception:  # noqa: BLE001 - a socket of a killed process
                    pass
        new = self._log()[before:]
        assert all(kind in ("act", "next", "bot") for _s, _m, kind, _a in new), new
        students = [(seat, mark, action) for seat, mark, kind, action in new
                    if kind in ("act", "next")]
        if sent is not None and len(students) == acks + 1 and students[-1] == sent:
            self.acked.append(sent)     # logged before the kill: kept, and applied once
        self._start_in_process(port, open_seats)

    # ------------------------------------------------------------------ invariants
    @invariant()
    def every_acknowledged_action_is_kept(self) -> None:
        log = self._log()
        students = [(seat, mark, action) for seat, mark, kind, action in log
                    if kind in ("act", "next")]
        assert students == self.acked
        taken = [(seat, mark) for seat, mark, kind, _a in log if kind == "takeover"]
        assert taken == self.takeovers
        assert all(seat not in self.keys for seat, _m, kind, _a in log if kind == "bot")

    @invariant()
    def each_seat_has_the_truth_through_the_wire(self) -> None:
        s = self.s
        truth = s.events_since(0, -1)[0]
        for seat, c in self.clients.items():
            sv = c.view(seat)
            data = dump_seat_view(s.view(seat))
            assert sv == load_seat_view(json.loads(json.dumps(data)))
            got, _mark = c.events_since(seat, -1)
            if len(got) < len(truth) and len(got) >= MAX_EVENTS:   # a windowed catch-up
                assert got == truth[len(truth) - len(got):]
            else:
                assert got == truth
            shown = cards_in(json.dumps(dump_seat_view(sv)))
            assert not shown & _hidden_from(s.state, seat), (seat, shown)

    def teardown(self) -> None:
        for c in self.clients.values():
            c.close()
        self.server.stop()
        self.svc.close()
        self.patch.undo()
        shutil.rmtree(self.folder, ignore_errors=True)


TableMachine.TestCase.settings = settings(
    max_examples=8, stateful_step_count=20, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_one_table_through_the_wire = TableMachine.TestCase
