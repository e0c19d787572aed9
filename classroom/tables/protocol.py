"""The seat websocket's protocol, without the socket: every frame checked, then answered.

A client frame is at most :data:`MAX_FRAME` bytes of JSON text: one object of a known
``type`` with exactly its fields, each of its type and range (:func:`parse_frame`).
The first frame is the ``hello`` (table, seat, key, mark, lang); then ``act``,
``next``, ``ping`` and ``back`` (take the seat back from the bot that plays it while its
student was idle, or say the student left a deal's result, issue 29; a refused ``act`` or
``next`` takes the seat back too), each with an ``id`` answered once (``ack`` or ``refused``; an
id seen before on this connection is refused and not applied again).  A connection
may send :data:`RATE` frames a second (burst :data:`BURST`, a token bucket); past it
frames are refused, and :data:`MAX_STRIKES` of them within :data:`FLOOD_WINDOW` seconds
close the connection, as do :data:`MAX_STRIKES` bad frames in a row.  :class:`SeatConnection` holds one connection's state; the
tornado handler (:mod:`.socket`) only moves frames.

>>> parse_frame('{"type": "ping", "id": 3}')
{'type': 'ping', 'id': 3}
>>> parse_frame('{"type": "ping", "id": 3, "x": 1}')
Traceback (most recent call last):
...
classroom.tables.errors.BadMessage: a message the table cannot read: unknown field 'x' in a 'ping' message
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from cardgames.errors import (
    ActionParseError,
    CardgamesError,
    ConfigError,
    IllegalActionError,
    StaleActionError,
)
from cardgames.i18n import SUPPORTED, language
from cardgames.i18n import gettext as _

from .errors import BadMessage, BadSecret, RateLimited, TableError, TooLarge, UnknownTable

__all__ = ["BURST", "CLOSE", "MAX_FRAME", "MAX_STRIKES", "RATE", "SeatConnection", "TokenBucket",
           "TokenBuckets", "error_dict", "parse_frame"]

MAX_FRAME = 4096
RATE = 10.0
BURST = 20
MAX_STRIKES = 10
#: Seconds in which MAX_STRIKES frames over the rate limit close the connection.
FLOOD_WINDOW = 10.0
MAX_ID = 2**53
#: The ids one connection may use (a lesson at the rate limit sends fewer).
MAX_IDS = 100_000
#: Close codes (4400-4499) and why.
CLOSE = {"bad-message": 4400, "no-hello": 4401, "bad-secret": 4403, "unknown-table": 4404,
         "replaced": 4409, "too-large": 4413, "rate-limited": 4429}

_INT = (0, MAX_ID)
#: type -> field -> (kind, required, range or choices)
_FIELDS: dict[str, dict[str, tuple[str, bool, Any]]] = {
    "hello": {"table": ("str", True, (1, 12)), "seat": ("int", True, (0, 63)),
              "key": ("str", True, (1, 128)), "mark": ("int?", False, _INT),
              "lang": ("choice", False, SUPPORTED)},
    "act": {"id": ("int", True, _INT), "mark": ("int", True, _INT),
            "action": ("str", True, (1, 200))},
    "next": {"id": ("int", True, _INT), "mark": ("int", True, _INT)},
    "ping": {"id": ("int", True, _INT)},
    "back": {"id": ("int", True, _INT)},     # take the seat back from the bot (issue 29)
}


def parse_frame(raw: str | bytes) -> dict[str, Any]:
    """The checked message of one client frame; :class:`TooLarge` or :class:`BadMessage`."""
    size = len(raw.encode("utf-8", "replace") if isinstance(raw, str) else raw)
    if size > MAX_FRAME:
        raise TooLarge(size, MAX_FRAME)
    if isinstance(raw, bytes):
        raise BadMessage(_("frames are JSON text, not binary"))
    try:
        data = json.loads(raw)
    except ValueError:
        raise BadMessage(_("not JSON")) from None
    if not isinstance(data, dict):
        raise BadMessage(_("a message is a JSON object"))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise BadMessage(_("unknown message type {type!r}: use {types}").format(
            type=str(kind)[:20], types=", ".join(_FIELDS)))
    fields = _FIELDS[kind]
    for name in data:
        if name != "type" and name not in fields:
            raise BadMessage(_("unknown field {field!r} in a {type!r} message").format(
                field=str(name)[:20], type=kind))
    for name, (ftype, required, limits) in fields.items():
        if name not in data:
            if required:
                raise BadMessage(_("a {type!r} message needs the field {field!r}").format(
                    type=kind, field=name))
            continue
        _check(kind, name, data[name], ftype, limits)
    return data


def _check(kind: str, name: str, value: object, ftype: str, limits: Any) -> None:
    ok: bool
    if ftype == "int?" and value is None:
        return
    if ftype in ("int", "int?"):
        ok = (isinstance(value, int) and not isinstance(value, bool)
              and limits[0] <= value <= limits[1])
    elif ftype == "str":
        ok = isinstance(value, str) and limits[0] <= len(value) <= limits[1]
    else:
        ok = value in limits
    if not ok:
        raise BadMessage(_("field {field!r} of a {type!r} message is out of range: {value}")
                         .format(field=name, type=kind, value=repr(value)[:30]))


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved; :meth:`take` one."""

    def __init__(self, *, rate: float = RATE, burst: int = BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class TokenBuckets:
    """One :class:`TokenBucket` per key (a student, an address); the ``most`` keys used
    last are kept, the oldest forgotten beyond them.

    >>> now = [0.0]
    >>> b = TokenBuckets(rate=1.0, burst=2, most=2, clock=lambda: now[0])
    >>> [b.take("a"), b.take("a"), b.take("a"), b.take("b")]
    [True, True, False, True]
    >>> _ = b.take("c"); list(b.buckets)             # "a" was used longest ago
    ['b', 'c']
    """

    def __init__(self, *, rate: float, burst: int, most: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.most, self.clock = rate, burst, most, clock
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str) -> bool:
        """A token of ``key``'s bucket (a new, full one for a new key)."""
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(rate=self.rate, burst=self.burst,
                                                     clock=self.clock)
            while len(self.buckets) > self.most:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket.take()

    @classmethod
    def of(cls, settings: dict[str, Any], name: str, *, rate: float, burst: int,
           most: int) -> TokenBuckets:
        """The buckets kept in an app's ``settings`` under ``name`` (made on first use,
        with the settings' ``cardgames_class_clock`` if a test set one)."""
        buckets = settings.get(name)
        if buckets is None:
            clock = settings.get("cardgames_class_clock", time.monotonic)
            buckets = settings[name] = cls(rate=rate, burst=burst, most=most, clock=clock)
        assert isinstance(buckets, TokenBuckets)
        return buckets


def error_dict(e: BaseException) -> dict[str, Any]:
    """A refusal as the protocol's ``error`` object (the engine's fields kept)."""
    if isinstance(e, TableError):
        code = e.code
    elif isinstance(e, StaleActionError):
        code = "stale-action"
    elif isinstance(e, IllegalActionError):
        code = "illegal-action"
    elif isinstance(e, ActionParseError):
        code = "bad-action"
    else:
        code = "bad-message"
    out: dict[str, Any] = {"code": code, "message": str(e)}
    for key in ("rule", "reason", "legal", "action"):
        value = getattr(e, key, None)
        out[key] = None if value is None else str(value)
    if isinstance(e, StaleActionError):
        out["current"] = e.current
    return out


class SeatConnection:
    """One seat websocket: ``receive(frame)`` answers through ``send(dict)``; ``close(code,
    reason)`` ends it.  ``on_seat(connection)`` is called once the hello is accepted (the
    socket layer closes the seat's older connection there)."""

    def __init__(self, service: Any, *, send: Callable[[dict[str, Any]], None],
                 close: Callable[[int, str], None],
                 on_seat: Callable[[SeatConnection], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.service = service
        self.send = send
        self._close = close
        self.on_seat = on_seat
        self.clock = clock
        self.bucket = TokenBucket(clock=clock)
        self.floods: list[float] = []
        self.table: str | None = None
        self.seat: int | None = None
        self.key: str | None = None
        self.lang = "en"
        self.ids: set[int] = set()
        self.strikes = 0
        self.closed = False

    # -- the socket's side ---------------------------------------------------------
    def receive(self, raw: str | bytes) -> None:
        if self.closed:
            return
        with language(self.lang):
            if not self.bucket.take():
                now = self.clock()
                self.floods = [t for t in self.floods if now - t < FLOOD_WINDOW] + [now]
                self.send({"type": "refused", "id": None, "error": error_dict(RateLimited())})
                if len(self.floods) >= MAX_STRIKES:
                    self.fail(RateLimited())
                return
            try:
                msg = parse_frame(raw)
            except TableError as e:
                if self.table is None:
                    self.fail(e)
                else:
                    self._strike(e, None, e.code)
                return
            if self.table is None:
                self._hello(msg)
            elif msg["type"] == "hello":
                self._strike(BadMessage(_("hello was already said")), None, "bad-message")
            else:
                self._request(msg)

    def fail(self, e: TableError, code: str | None = None) -> None:
        """Say why in an ``error`` frame, then close (4400-4499)."""
        self.send({"type": "error", "code": e.code, "message": str(e)})
        self.close(CLOSE.get(code or e.code, 4400), e.code)

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.detach()
            self._close(code, reason)

    def detach(self) -> None:
        """The connection ended: the seat is away (if this was its connection)."""
        if self.table is not None and self.seat is not None:
            try:
                self.service.unsubscribe(self.table, self.seat, self.push)
            except UnknownTable:
                pass

    def push(self, message: dict[str, Any]) -> None:
        """The service's update for this seat (a subscriber callback)."""
        if not self.closed:
            self.send(message)

    # -- the messages --------------------------------------------------------------
    def _strike(self, e: TableError, mid: object, code: str) -> None:
        self.strikes += 1
        self.send({"type": "refused", "id": mid, "error": error_dict(e)})
        if self.strikes >= MAX_STRIKES:
            self.fail(e, code)

    def _hello(self, msg: dict[str, Any]) -> None:
        if msg["type"] != "hello":
            self.fail(BadMessage(_("the first message is the hello")))
            return
        self.lang = msg.get("lang") or "en"
        with language(self.lang):
            svc = self.service
            table, seat, key = msg["table"].strip().upper(), msg["seat"], msg["key"]
            if not svc.has_table(table):
                self.fail(UnknownTable(table))
                return
            if not svc.check_seat(table, seat, key):
                self.fail(BadSecret(table, seat))
                return
            self.table, self.seat, self.key = table, seat, key
            if self.on_seat is not None:
                self.on_seat(self)
            self.send(svc.welcome(table, seat))
            svc.subscribe(table, seat, self.push, mark=msg.get("mark"))

    def _request(self, msg: dict[str, Any]) -> None:
        mid = msg["id"]
        if mid in self.ids:
            self._strike(BadMessage(_("message id {id} was already answered").format(id=mid)),
                         mid, "bad-message")
            return
        if len(self.ids) >= MAX_IDS:
            self.fail(BadMessage(_("too many messages on one connection: reconnect")))
            return
        self.ids.add(mid)
        assert self.table is not None and self.seat is not None and self.key is not None
        svc = self.service
        try:
            if msg["type"] == "act":
                mark = svc.act(self.table, self.seat, self.key, msg["action"], msg["mark"])
            elif msg["type"] == "next":
                mark = svc.next_game(self.table, self.seat, self.key, msg["mark"])
            elif msg["type"] == "back":
                mark = svc.take_back(self.table, self.seat, self.key)
            else:
                mark = svc.mark(self.table)
        except (CardgamesError, ConfigError) as e:
            if msg["type"] in ("act", "next"):
                # a click, even a refused one: the student is here, and gets the seat back
                # from the bot that plays it (issue 29; the bot's move made the click late)
                svc.take_back(self.table, self.seat, self.key)
            self.send({"type": "refused", "id": mid, "error": error_dict(e)})
            return
        self.strikes = 0
        self.send({"type": "ack", "id": mid, "mark": mark})
