"""A websocket-level client of the online tables (the seat protocol of ``classroom.tables``),
shared by ``benchmarks/tables.py`` and ``tests/browser/test_online_tables.py`` (which load
this file by path, as ``benchmarks/_voila.py``).

What it speaks (docs/serving.md, "The online tables"): the seat websocket
``<base>tables/ws``, JSON text frames.  The first frame is ``hello`` (table, seat, key,
mark, lang); the service answers ``welcome`` and then an ``update`` after every change
(the seat's own view, the public events since the client's mark, the seats, the
service's notes); ``act``/``next``/``ping`` carry the client's counter ``id`` and are
answered once by ``ack`` or ``refused``; a bad hello, a bad secret or a flood get
``error`` and a close code 4400-4499.

Only 127.0.0.1 is contacted; every wait is bounded.

    client = await SeatClient.connect(base, code, seat, key)
    update = await client.wait_for(lambda c: c.my_turn(), timeout=10)
    answer = await client.act(client.legal[0])        # the ack (or the refusal) dict
    await client.close()
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

WS_TIMEOUT = 20.0            # s for the connection and the welcome
ANSWER_TIMEOUT = 20.0        # s for an ack/refused

#: The events that one action makes first (one each): Liar's play, pass, call;
#: Thirty-One's keep, exchange, swap, pass, stand (named as the engine's classes).
ACTION_EVENTS = {"liar": {"Played", "Passed", "CallMade"},
                 "thirty-one": {"Kept", "Exchanged", "Swapped", "Passed", "Stood"}}


def event_kind(event: dict) -> str:
    """The event's class name in a dumped event (``cardgames.wire.dump_event``)."""
    for key in ("type", "kind", "event", "class"):
        value = event.get(key)
        if isinstance(value, str):
            return value
    return "?"


def event_player(event: dict) -> int | None:
    """Who made the event's action: ``player``, or a Liar call's ``caller`` (L9)."""
    for key in ("player", "caller"):
        value = event.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


class ProtocolError(RuntimeError):
    """The service answered with an ``error`` frame, or not at all in time."""


@dataclass
class Change:
    """One update as this seat received it: when (``time.time()``, s), its mark, its events."""

    at: float
    mark: int | None
    events: list[dict]


@dataclass
class SeatClient:
    """One seat's websocket: the latest view, every event received in order, every update's time."""

    ws: Any
    code: str
    seat: int
    welcome: dict
    mark: int | None = None
    status: str = "waiting"
    view: dict | None = None
    seats: list = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    notes: list[dict] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)   # every frame received (text), if recording
    record: bool = False
    closed: int | None = None
    _next_id: int = 0
    _answers: dict = field(default_factory=dict)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: Any = None
    _loaded: Any = None

    @classmethod
    async def connect(cls, base: str, code: str, seat: int, key: str, *, mark: int | None = None,
                      lang: str = "en", record: bool = False,
                      timeout: float = WS_TIMEOUT) -> SeatClient:
        """Open ``<base>tables/ws``, say hello, and wait for ``welcome`` (raises
        :class:`ProtocolError` with the service's ``error`` frame otherwise)."""
        from websockets.asyncio.client import connect

        url = base.replace("http://", "ws://", 1) + "tables/ws"
        ws = await connect(url, open_timeout=timeout, max_size=2**22)
        await ws.send(json.dumps({"type": "hello", "table": code, "seat": seat, "key": key,
                                  "mark": mark, "lang": lang}))
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout)
        except Exception:
            await ws.close()
            raise
        first = json.loads(raw)
        if first.get("type") != "welcome":
            await ws.close()
            raise ProtocolError(f"hello answered {first}")
        client = cls(ws=ws, code=code, seat=seat, welcome=first, record=record,
                     status=first.get("status", "waiting"), seats=first.get("seats", []))
        if record:
            client.frames.append(raw)
        client._reader = asyncio.ensure_future(client._read())
        return client

    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in self.ws:
                if isinstance(raw, bytes):
                    raw = raw.decode("utf-8", "replace")
                if self.record:
                    self.frames.append(raw)
                self._handle(json.loads(raw))
        except ConnectionClosed as e:
            self.closed = e.rcvd.code if e.rcvd is not None else -1
        finally:
            if self.closed is None:
                self.closed = -1
            for fut in self._answers.values():
                if not fut.done():
                    fut.set_exception(ProtocolError(f"closed ({self.closed}) before the answer"))
            self._changed.set()

    def _handle(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "update":
            events = list(msg.get("events") or [])
            self.events.extend(events)
            self.mark = msg.get("mark", self.mark)
            self.status = msg.get("status", self.status)
            self.view = msg.get("view")
            self.seats = msg.get("seats", self.seats)
            self.notes.extend(msg.get("notes") or [])
            self.changes.append(Change(time.time(), self.mark, events))
        elif kind in ("ack", "refused"):
            fut = self._answers.pop(msg.get("id"), None)
            if fut is not None and not fut.done():
                fut.set_result(msg)
        elif kind == "error":
            self.errors.append(msg)
        self._changed.set()

    # -- what the seat knows ---------------------------------------------------------
    @property
    def legal(self) -> Any:
        """The seat's legal actions' texts (a Liar view's plays are not sent: derived on
        load, ``cardgames.wire.load_seat_view``, lazily: ``in``, ``len``, ``[i]``, nothing
        listed unless iterated)."""
        v = self.view or {}
        if v.get("legal") is None and v.get("to_act") == self.seat:
            return self.seat_view().legal
        return list(v.get("legal") or [])

    def seat_view(self) -> Any:
        """The view as the engine's ``SeatView`` (``cardgames.wire.load_seat_view``)."""
        from cardgames.wire import load_seat_view

        key = id(self.view)
        if self._loaded is None or self._loaded[0] != key:
            self._loaded = (key, load_seat_view(self.view))
        return self._loaded[1]

    def my_turn(self) -> bool:
        v = self.view or {}
        return (self.status == "playing" and v.get("to_act") == self.seat
                and not v.get("over") and bool(self.legal))

    def over(self) -> bool:
        v = self.view or {}
        return bool(v.get("over"))

    async def wait_for(self, pred: Callable[[SeatClient], bool], timeout: float) -> bool:
        """Until ``pred(self)`` holds (True) or ``timeout`` s pass or the socket closes (False)."""
        deadline = time.monotonic() + timeout
        while not pred(self):
            if self.closed is not None:
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                return pred(self)
        return True

    # -- what the seat sends ---------------------------------------------------------
    async def request(self, msg: dict, timeout: float = ANSWER_TIMEOUT) -> dict:
        """Send ``msg`` with a fresh ``id``; its ack or refusal."""
        self._next_id += 1
        msg = {**msg, "id": self._next_id}
        fut = asyncio.get_running_loop().create_future()
        self._answers[self._next_id] = fut
        await self.ws.send(json.dumps(msg))
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError as e:
            self._answers.pop(msg["id"], None)
            raise ProtocolError(f"no answer to {msg} within {timeout} s") from e

    async def act(self, action: str, *, mark: int | None = None) -> dict:
        return await self.request({"type": "act", "mark": self.mark if mark is None else mark,
                                   "action": action})

    async def next(self) -> dict:
        return await self.request({"type": "next", "mark": self.mark})

    async def ping(self) -> dict:
        return await self.request({"type": "ping"})

    async def close(self) -> None:
        try:
            await self.ws.close()
        finally:
            if self._reader is not None:
                try:
                    await asyncio.wait_for(self._reader, 5)
                except (TimeoutError, asyncio.CancelledError):
                    self._reader.cancel()


# -- joining over HTTP (the join page) ---------------------------------------------------
class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D102
        return None


@dataclass(frozen=True)
class Joined:
    seat: int
    key: str
    location: str          # where the join page sent the student (the app's URL)
    cookie: str            # the seat cookie's value ("seat:secret")


def join_http(base: str, code: str, name: str, *, lang: str = "en",
              timeout: float = 30.0) -> Joined:
    """Take a seat as the join page's form does: GET ``tables/join/<CODE>`` (the
    ``_xsrf`` cookie and field), POST the display name, read the seat from its cookie (the
    redirect goes to ``tables/play/<CODE>``).  Raises ``urllib.error.HTTPError`` on a
    refusal (404 unknown, 409 full, 410 over)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect)
    url = f"{base}tables/join/{code}?lang={lang}"
    with opener.open(url, timeout=timeout) as r:
        html = r.read().decode("utf-8", "replace")
    form: dict[str, str] = {}
    m = re.search(r'name="_xsrf"\s+value="([^"]+)"', html) or \
        re.search(r'value="([^"]+)"\s+name="_xsrf"', html)
    xsrf = m.group(1) if m else next((c.value for c in jar if c.name == "_xsrf"), "")
    if xsrf:
        form["_xsrf"] = xsrf
    field_name = "name"
    for m in re.finditer(r'<input[^>]*>', html):
        tag = m.group(0)
        if 'type="hidden"' in tag or 'type="submit"' in tag:
            continue
        n = re.search(r'name="([^"]+)"', tag)
        if n:
            field_name = n.group(1)
            break
    form[field_name] = name
    data = urllib.parse.urlencode(form).encode()
    try:
        with opener.open(urllib.request.Request(url, data=data, method="POST"),
                         timeout=timeout) as r:
            raise ProtocolError(f"the join page answered {r.status} without a redirect")
    except urllib.error.HTTPError as e:
        if e.code not in (301, 302, 303, 307):
            raise
        location = e.headers["Location"]
    # the seat and its secret are in the seat's cookie (issue 29: the seat's page,
    # tables/play/<CODE>, has no secret in its address; on the hub the old link has them)
    q = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    cookie = urllib.parse.unquote(next((c.value for c in jar if c.name == f"cgseat_{code}"), ""))
    seat, _sep, key = cookie.strip('"').partition(":")
    if "key" in q:
        seat, key = q["seat"][0], q["key"][0]
    return Joined(seat=int(seat), key=key, location=location, cookie=cookie)


# -- playing ----------------------------------------------------------------------------
def choose(game: str, client: SeatClient, rng: random.Random, *,
           call_rate: float = 0.3) -> str:
    """A legal action from the seat's view: Liar calls "Liar!" at ``call_rate`` (else lets
    it stand) and plays 1-3 cards (preferring the announced rank, R-L4); Thirty-One picks
    a legal action at random."""
    legal = client.legal
    view = client.view or {}
    if game == "liar":
        if "call" in legal:
            return "call" if rng.random() < call_rate or "pass" not in legal else "pass"
        hand = str((view.get("view") or {}).get("hand") or "").split()
        if hand and legal:
            # 1-3 cards of the hand (R-L4), drawn from the hand itself: a big hand's plays
            # are thousands (never listed here); the announced rank's cards at 70 %
            due = _rank_code((view.get("view") or {}).get("due_rank"))
            honest = [c for c in hand if due and _card_rank(c) == due]
            pool = honest if honest and rng.random() < 0.7 else hand
            n = min(rng.choice([1, 1, 2, 2, 3]), len(pool))
            play = "play " + " ".join(rng.sample(pool, n))
            if play in legal:
                return play
    return legal[int(rng.random() * len(legal))]


_RANKS = {"SEVEN": "7", "EIGHT": "8", "NINE": "9", "TEN": "10", "UNTER": "U", "OBER": "O",
          "KING": "K", "ACE": "A"}


def _rank_code(due: object) -> str | None:
    return _RANKS.get(str(due).upper().rsplit(".", 1)[-1]) if due else None


def _card_rank(code: str) -> str:
    return code[:-1] if code and code[0] != "*" else code


def pct(xs: list[float], q: float) -> float | None:
    xs = sorted(xs)
    if not xs:
        return None
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)
