"""A seat of a table that lives in the table service: :class:`RemoteSession` (issue 21).

The table service (``classroom.tables``) owns every online table and sends each seat
only ``session.view(seat)`` and the public events (R-L11, R-T9).  A
:class:`RemoteSession` is the student's kernel's client for one seat: a session-like
object that the play tables draw like a local :class:`cardgames.session.Session`
(``view(seat)``, ``events_since(seat, mark)``, ``act(seat, action, mark=)``,
``next_game()``, ``mark``, ``seats``), over the service's seat websocket (the protocol
of the GUIDE: ``hello`` -> ``welcome``, then ``update`` frames after every change,
``ack`` / ``refused`` for each ``act`` / ``next``, ``error`` then close).

- **A background thread** (daemon, ``websockets.sync.client``) holds the socket; the
  kernel's asyncio loop is never blocked waiting for the service.  Each change is
  handed to the widgets through that loop (``loop.call_soon_threadsafe``), so the
  widgets are only ever touched on the kernel's thread.  Without a loop (a script, the
  tests) the changes wait in a queue that :meth:`poll` runs.
- **Acting** sends the action and waits (at most ``timeout`` seconds) for its answer:
  an ``ack`` returns once the update it acknowledges has arrived; a ``refused`` raises
  the engine's error rebuilt from its fields (``IllegalActionError``,
  ``ActionParseError``, ``StaleActionError``: the table words it as for a local
  session), or :class:`RemoteRefusal` for the service's own refusals.
- **Reconnecting**: when the service goes away (a restart; or it stops answering the
  pings, :data:`PING_SECONDS`: its process killed or frozen) the client says
  ``"reconnecting"`` and tries again with a growing pause (``backoff``), presenting its
  mark, so that the service sends what it missed.  An ``error`` frame from the service
  (a bad key, an unknown table, another device took the seat) ends it for good:
  :attr:`failure` says why, and no reconnecting follows (two tabs of one seat would
  take it from each other for ever).
- :meth:`close` ends the thread (the table's page closed).

Everything it receives is hostile until checked: frames are parsed with
:mod:`cardgames.wire` (a :class:`~cardgames.errors.WireError` for anything else) and
bounded.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import json
import logging
import socket
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from typing import Any

from cardgames import registry
from cardgames.errors import ActionParseError, ConfigError, IllegalActionError, WireError
from cardgames.i18n import gettext as _
from cardgames.seat import Seat, SeatView
from cardgames.wire import MAX_EVENTS, load_event, load_seat_view
from widgets.tables.remote_frames import (
    CODE_RE,
    KEY_RE,
    MAX_NOTES,
    STATUSES,
    Note,
    Player,
    RemoteRefusal,
    check_join,
    engine_error,
    first_deal,
    read_notes,
    read_players,
)

__all__ = ["CODE_RE", "KEY_RE", "STATUSES", "Note", "Player", "RemoteRefusal",
           "RemoteSession", "check_join"]

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())

_MAX_FRAME = 8 * 2**20
#: A ping every this many seconds, its pong awaited :data:`PONG_SECONDS` (then 0.5 s to
#: close): a service that stopped answering (its process gone or frozen, its socket left
#: open) is noticed within about 2 s, and the page says "reconnecting" ("Connected" is
#: right within 2 s, issue 29); a service busy for up to a second is not left.
PING_SECONDS = 0.75
PONG_SECONDS = 1.0
#: The sessions whose socket is open in this process (dropped at its exit, :func:`_drop_all`).
_LIVE: weakref.WeakSet[RemoteSession] = weakref.WeakSet()


@atexit.register
def _drop_all() -> None:
    """The kernel is shutting down (its page closed): drop every seat's socket now, so the
    service sees the seat away at once, not when the process is gone (about 1.6 s later:
    "connected" is right within 2 s, issue 29)."""
    for session in list(_LIVE):
        ws = session._ws
        try:
            if ws is not None:
                ws.socket.shutdown(socket.SHUT_RDWR)
        except (OSError, AttributeError):
            pass


class RemoteSession:
    """One seat of a table of the table service, as a session the play tables draw.

    ``url``: the service's seat websocket (``CARDGAMES_TABLES_URL``, e.g.
    ``ws://127.0.0.1:8866/tables/ws``); ``table``, ``seat``, ``key``: the join code, the
    seat and its secret (:func:`check_join`); ``lang``: the student's language, for the
    service's messages; ``token``: a JupyterHub API token (sent as ``Authorization``).
    ``loop``: the asyncio loop that runs the change callbacks (default: the running
    loop, the kernel's; none: :meth:`poll` runs them).  ``timeout``: how long
    :meth:`act` waits for its answer.  ``backoff``: the pauses between reconnections.
    """

    remote = True

    def __init__(self, url: str, *, table: str, seat: int, key: str, lang: str = "en",
                 token: str | None = None, loop: asyncio.AbstractEventLoop | None = None,
                 timeout: float = 8.0, backoff: Sequence[float] = (0.2, 0.5, 1.0, 2.0, 4.0),
                 start: bool = True) -> None:
        self._table, self._seat, self._key = check_join(table, seat, key)
        if not isinstance(url, str) or not url.startswith(("ws://", "wss://")):
            raise ConfigError(_("the table service's address must be ws:// or wss://, not "
                                "{url!r}").format(url=str(url)[:80]))
        self._url, self._lang, self._token = url, lang, token
        if loop is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        self._loop = loop
        self._timeout = float(timeout)
        self._backoff = tuple(backoff) or (1.0,)
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._ws: Any = None
        self._status = "connecting"
        self._game: str | None = None
        self._view: SeatView | None = None
        self._mark: int | None = None
        self._log: list[Any] = []
        self._tags: list[int] = []
        self._cursor = 0
        self._notes: collections.deque[Note] = collections.deque(maxlen=MAX_NOTES)
        self._players: tuple[Player, ...] = ()
        self._answers: dict[int, dict[str, Any]] = {}
        self._next_id = 0
        self._failure: tuple[str, str] | None = None
        self._connected_once = False
        self._attempts = 0
        self._listeners: list[Callable[[], None]] = []
        self._queued: collections.deque[Callable[[], None]] = collections.deque()
        self._thread = threading.Thread(target=self._run, daemon=True,
                                        name=f"cardgames-remote-{self._table}-{self._seat}")
        if start:
            self._thread.start()

    # ------------------------------------------------------------------ reading
    @property
    def table(self) -> str:
        return self._table

    @property
    def seat(self) -> int:
        """The seat this client plays."""
        return self._seat

    @property
    def status(self) -> str:
        """One of :data:`STATUSES`: ``connecting``, ``waiting`` (for players), ``playing``,
        ``over``, ``reconnecting`` (the service went away), ``failed`` (see
        :attr:`failure`), ``closed``."""
        return self._status

    @property
    def failure(self) -> tuple[str, str] | None:
        """``(code, message)`` of the service's error that ended the session, else ``None``."""
        return self._failure

    @property
    def ever_connected(self) -> bool:
        """The service answered a hello at least once (else: unreachable so far)."""
        return self._connected_once

    @property
    def attempts(self) -> int:
        """Connection attempts that failed in a row."""
        return self._attempts

    @property
    def game(self) -> str | None:
        """The game's registry name (``"liar"``, ``"thirty-one"``) once welcomed."""
        return self._game

    @property
    def players(self) -> tuple[Player, ...]:
        """Every seat as the service tells it (names, connected, played by the bot)."""
        return self._players

    @property
    def notes(self) -> tuple[Note, ...]:
        """The service's notes so far (the last 200), oldest first."""
        return tuple(self._notes)

    @property
    def started(self) -> bool:
        """The game was dealt: there is a view to draw."""
        return self._view is not None

    @property
    def mark(self) -> int:
        """The mark of the latest view (``-1`` before the deal)."""
        return -1 if self._mark is None else self._mark

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats of the table (from the latest view; no bot is ever run here)."""
        return () if self._view is None else self._view.seats

    @property
    def to_act(self) -> int | None:
        return None if self._view is None else self._view.to_act

    @property
    def over(self) -> bool:
        return self._view is not None and self._view.over

    @property
    def match_over(self) -> bool:
        return self._view is not None and self._view.match_over

    def _own(self, seat: object) -> None:
        if seat != self._seat:
            raise ConfigError(_("this connection plays seat {mine}, not {seat!r}")
                              .format(mine=self._seat, seat=seat))

    def view(self, seat: int) -> SeatView:
        """The latest view of this seat (the only seat it may ask for)."""
        self._own(seat)
        sv = self._view
        if sv is None:
            raise IllegalActionError(_("the game has not started yet"),
                                     reason=_("the game has not started yet"),
                                     legal=_("wait for the other players"))
        return sv

    def events_since(self, seat: int, mark: int | None = None) -> tuple[list[Any], int]:
        """The public events received since this seat last asked (``mark=None``) or since
        the table was at ``mark``; and the mark now (as :meth:`Session.events_since`)."""
        self._own(seat)
        with self._cond:
            if mark is None:
                start, self._cursor = self._cursor, len(self._log)
            else:
                start = next((i for i, t in enumerate(self._tags) if t >= mark), len(self._log))
            return self._log[start:], self.mark

    def bot_step(self) -> list[Any]:
        """No bot is run here: the service plays the bots."""
        return []

    # ------------------------------------------------------------------ acting
    def act(self, seat: int, action: Any, *, mark: int | None = None) -> list[Any]:
        """Send this seat's ``action`` and wait for the service's answer (at most
        ``timeout`` seconds); the new events.  A refusal raises the engine's error."""
        self._own(seat)
        text = str(action).strip()
        if not text or len(text) > 200:
            raise ActionParseError(_("That move could not be read."), player=seat,
                                   action=text[:40], reason=_("not a move"))
        return self._ask({"type": "act", "mark": self.mark if mark is None else mark,
                          "action": text}, action=text)

    def next_game(self) -> list[Any]:
        """Ask the service for the next Liar round or Thirty-One game (the first ask wins)."""
        return self._ask({"type": "next", "mark": self.mark}, action=None)

    def take_back(self) -> list[Any]:
        """Take this seat back from the bot that plays it (issue 29: the service's bot
        plays a seat whose student was idle until they take it back)."""
        return self._ask({"type": "back"}, action=None)

    def _offline(self, action: str | None, reason: str) -> IllegalActionError:
        return IllegalActionError(reason, player=self._seat, action=action, reason=reason)

    def _ask(self, frame: dict[str, Any], *, action: str | None) -> list[Any]:
        if threading.current_thread() is self._thread:
            raise RuntimeError("RemoteSession: do not wait for an answer on its own thread")
        with self._cond:
            ws = self._ws
            if ws is None or self._status in ("reconnecting", "connecting", "failed", "closed"):
                raise self._offline(action, _("the connection to the table is being "
                                              "restored; try again in a moment"))
            self._next_id += 1
            ident = self._next_id
            before = len(self._log)
        try:
            ws.send(json.dumps({**frame, "id": ident}))
        except Exception:  # noqa: BLE001 - a socket closing under us
            raise self._offline(action, _("the connection to the table is being restored; "
                                          "try again in a moment")) from None
        deadline = time.monotonic() + self._timeout
        with self._cond:
            while ident not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0 or self._ws is not ws or self._stop.is_set():
                    raise self._offline(action, _("the table service did not answer; "
                                                  "try again"))
                self._cond.wait(left)
            answer = self._answers.pop(ident)
            if answer.get("type") == "refused":
                raise engine_error(answer.get("error"), sent_mark=frame.get("mark"))
            acked = answer.get("mark")
            if isinstance(acked, int):          # the update it acknowledges, if not yet here
                while self.mark < acked and self._ws is ws:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    self._cond.wait(left)
            new = self._log[before:]
        self.poll()
        return new

    # ------------------------------------------------------------------ changes
    def on_change(self, callback: Callable[[], None], *, remove: bool = False) -> None:
        """Call ``callback()`` after every change (a view, the seats, the status), on the
        kernel's loop (or in :meth:`poll` without one)."""
        if remove:
            if callback in self._listeners:
                self._listeners.remove(callback)
        elif callback not in self._listeners:
            self._listeners.append(callback)

    def _changed(self) -> None:
        """(The socket's thread) hand the change to the loop's thread."""
        with self._cond:
            self._cond.notify_all()
        if self._loop is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._notify)
                return
            except RuntimeError:             # the loop closed meanwhile
                pass
        self._queued.append(self._notify)

    def poll(self) -> int:
        """Run the change callbacks queued without a loop (a script, the tests); how many."""
        ran = 0
        while self._queued:
            self._queued.popleft()()
            ran += 1
        return ran

    def _notify(self) -> None:
        for callback in list(self._listeners):
            try:
                callback()
            except Exception:  # noqa: BLE001 - a drawing error must not end the client
                log.exception("RemoteSession: a change callback failed")

    # ------------------------------------------------------------------ the socket
    def _hello(self) -> str:
        return json.dumps({"type": "hello", "table": self._table, "seat": self._seat,
                           "key": self._key, "mark": self._mark, "lang": self._lang})

    def _run(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
        from websockets.sync.client import connect

        headers = {"Authorization": f"token {self._token}"} if self._token else None
        while not self._stop.is_set():
            try:
                with connect(self._url, open_timeout=5, close_timeout=0.5, max_size=_MAX_FRAME,
                             additional_headers=headers, ping_interval=PING_SECONDS,
                             ping_timeout=PONG_SECONDS) as ws:
                    ws.send(self._hello())
                    first = json.loads(ws.recv(timeout=10))
                    if not self._welcome(first):
                        return
                    with self._cond:
                        self._ws = ws
                    _LIVE.add(self)
                    self._attempts = 0
                    for text in ws:
                        if self._stop.is_set():
                            return
                        if not self._frame(json.loads(text)):
                            return
            except InvalidURI as e:
                self._fail("bad-url", str(e))
                return
            except ConnectionClosed as e:
                code = e.rcvd.code if e.rcvd is not None else None
                if code is not None and 4400 <= code <= 4499:   # refused by the service
                    self._fail(f"closed-{code}", e.rcvd.reason if e.rcvd else "")
                    return
                log.debug("RemoteSession %s/%s: connection closed: %r", self._table,
                          self._seat, e)
            except (OSError, TimeoutError, InvalidHandshake) as e:
                log.debug("RemoteSession %s/%s: connection lost: %r", self._table,
                          self._seat, e)
            except (WireError, json.JSONDecodeError) as e:
                log.warning("RemoteSession: the service sent something unreadable: %s", e)
                self._fail("bad-data", str(e))
                return
            except Exception:  # noqa: BLE001 - the page says so; the thread never dies silently
                log.exception("RemoteSession %s/%s failed", self._table, self._seat)
                self._fail("bad-data", "")
                return
            finally:
                with self._cond:
                    self._ws = None
                    self._cond.notify_all()
            if self._stop.is_set() or self._failure is not None:
                return
            self._status = "reconnecting"
            self._changed()
            pause = self._backoff[min(self._attempts, len(self._backoff) - 1)]
            self._attempts += 1
            self._stop.wait(pause)

    def _welcome(self, frame: Any) -> bool:
        if not isinstance(frame, dict) or frame.get("type") == "error":
            self._error(frame)
            return False
        if frame.get("type") != "welcome":
            self._fail("bad-data", f"expected a welcome, not {str(frame)[:60]}")
            return False
        game = frame.get("game")
        self._game = game if game in registry.names() else None
        self._connected_once = True
        if "seats" in frame:
            self._players = read_players(frame["seats"])
        self._set_status(frame.get("status"))
        self._changed()
        return True

    def _set_status(self, status: Any) -> None:
        if status in ("waiting", "playing", "over"):
            self._status = status
        elif self._status in ("connecting", "reconnecting"):
            self._status = "playing" if self._view is not None else "waiting"

    def _frame(self, frame: Any) -> bool:
        """One frame from the service; False: the session ends."""
        if not isinstance(frame, dict):
            raise WireError(_("wire field {field}: expected {expected}, not {value}").format(
                field="frame", expected="an object", value=repr(frame)[:40]), field="frame")
        kind = frame.get("type")
        if kind == "update":
            self._update(frame)
        elif kind in ("ack", "refused", "pong") and isinstance(frame.get("id"), int):
            with self._cond:
                if frame["id"] <= self._next_id:
                    self._answers[frame["id"]] = frame
                self._cond.notify_all()
        elif kind == "error":
            self._error(frame)
            return False
        return True

    def _update(self, frame: dict[str, Any]) -> None:
        mark = frame.get("mark")
        view = frame.get("view")
        sv = None if view is None else load_seat_view(view)
        if sv is not None and sv.seat != self._seat:
            raise WireError(_("wire field {field}: expected {expected}, not {value}").format(
                field="view.seat", expected=f"seat {self._seat}", value=sv.seat),
                field="view.seat")
        raw = frame.get("events") or []
        if not isinstance(raw, list) or len(raw) > MAX_EVENTS:    # the service's window
            raise WireError(_("wire field {field}: at most {most} items, not {n}").format(
                field="events", most=MAX_EVENTS, n=len(raw) if isinstance(raw, list) else -1),
                field="events")
        events = [load_event(e) for e in raw]
        players = read_players(frame["seats"]) if "seats" in frame else self._players
        notes = read_notes(frame.get("notes"))
        with self._cond:
            if not self._log and sv is not None:
                events = first_deal(tuple(getattr(sv.view, "events", ())), events) + events
            tag = self.mark
            if sv is not None:
                self._view = sv
                self._game = sv.game
            if isinstance(mark, int) and not isinstance(mark, bool):
                self._mark = mark
            elif sv is not None:
                self._mark = sv.mark
            self._log.extend(events)
            self._tags.extend([tag] * len(events))
            self._players = players
            known = {(n.mark, n.kind, n.seat) for n in self._notes}
            self._notes.extend(n for n in notes if (n.mark, n.kind, n.seat) not in known)
            self._set_status(frame.get("status"))
        self._changed()

    def _error(self, frame: Any) -> None:
        frame = frame if isinstance(frame, dict) else {}
        code = frame.get("code") if isinstance(frame.get("code"), str) else "error"
        message = frame.get("message") if isinstance(frame.get("message"), str) else ""
        self._fail(code[:40], message[:300])

    def _fail(self, code: str, message: str) -> None:
        if self._failure is not None:          # the first reason stays (an error, then close)
            return
        self._failure = (code, message)
        self._status = "failed"
        self._changed()

    # ------------------------------------------------------------------ closing
    def close(self) -> None:
        """Stop: close the socket and end the thread (the page's table closed)."""
        self._stop.set()
        with self._cond:
            ws = self._ws
            self._cond.notify_all()
        if ws is not None:
            try:
                ws.close()
            except Exception:  # noqa: BLE001 - closing a socket that is going anyway
                pass
        if self._status != "failed":
            self._status = "closed"
        self._listeners.clear()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)

    @property
    def alive(self) -> bool:
        """The background thread runs."""
        return self._thread.is_alive()

    def __repr__(self) -> str:
        return (f"RemoteSession({self._table!r}, seat={self._seat}, {self._status}, "
                f"mark {self.mark})")
