"""One table in memory (:class:`Table`), how it is rebuilt from the store
(:func:`rebuild`), and its session (:func:`new_session`).  Whether an action may be
taken, and the refusal's words, are the session's own (:meth:`Session.check
<cardgames.session.Session.check>`, issue 32)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any

from cardgames.session import Seat, Session

from .store import StoreError, TableRecord

__all__ = ["Table", "new_session", "rebuild"]


@dataclass
class Table:
    """One table in memory (the service's; nothing here is sent to a seat as is)."""

    code: str
    game: str
    config: dict[str, Any]
    seed: int
    created: float
    names: dict[int, str] = field(default_factory=dict)       # claimed seats
    hashes: dict[int, str] = field(default_factory=dict)
    session: Session | None = None
    seq: int = 0
    since_snapshot: int = 0
    notes: list[dict[str, Any]] = field(default_factory=list)
    by_bot: set[int] = field(default_factory=set)        # seats whose last move was the bot's
    subs: dict[int, list[Any]] = field(default_factory=dict)  # seat -> [callback, sent mark]
    away_since: dict[int, float] = field(default_factory=dict)
    # seat -> the kernel of its latest page, and the seats whose page left (the classroom
    # server sees the page's websocket: classroom/seatpages.py); shown away at once
    page_of: dict[int, str] = field(default_factory=dict)
    page_gone: set[int] = field(default_factory=set)
    turn_since: float = 0.0
    # a seat's move clock starts no sooner than this: a deal's result on show (issue 29)
    clock_from: dict[int, float] = field(default_factory=dict)
    deal_key: tuple[int, int] | None = None   # (match, round) last seen by _changed
    failed_mark: int | None = None     # a bot failed at this mark: not asked again there
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def seats(self) -> int:
        return int(self.config["seats"])

    @property
    def status(self) -> str:
        if self.session is None:
            return "waiting"
        return "over" if self.session.over else "playing"


def new_session(t: Table, seats: list[Seat]) -> Session:
    """The table's session, dealt from its seed with its options."""
    return Session.new(t.game, seats=seats, seed=t.seed, options=t.config["options"])


def rebuild(rec: TableRecord, *, now: float) -> Table:
    """The table of a stored record: its snapshot, then the log after it, applied
    exactly (bot moves re-played from the seeded generators and checked)."""
    t = Table(code=rec.code, game=rec.game, config=rec.config, seed=rec.seed,
               created=rec.created, seq=rec.last_seq)
    for r in rec.seats:
        t.names[r.seat], t.hashes[r.seat] = r.name, r.secret_hash
        t.away_since[r.seat] = now
    if rec.snapshot is not None:
        t.session = Session.from_json(rec.snapshot)
    for e in rec.log:
        s = t.session
        if e.kind == "start":
            t.session = new_session(t, [Seat(d["kind"], d["name"], d["bot"])
                                              for d in json.loads(e.action)])
            continue
        if s is None or e.mark != s.mark:
            raise StoreError(f"table {rec.code}: log entry {e.seq} was made at mark "
                             f"{e.mark}, the session is at {None if s is None else s.mark}")
        if e.kind in ("act", "takeover") and e.seat is not None:
            s.act(e.seat, e.action, mark=e.mark)
        elif e.kind == "next":
            s.next_game()
        elif e.kind == "bot":
            s.bot_step()
            if str(s.state.history[-1]) != e.action:
                raise StoreError(f"table {rec.code}: bot move {e.seq} replayed as "
                                 f"{s.state.history[-1]}, logged {e.action}")
        else:
            raise StoreError(f"table {rec.code}: log entry {e.seq} of kind {e.kind!r}")
    for e in rec.takeovers:
        t.notes.append({"mark": e.mark, "kind": "bot-played", "seat": e.seat,
                        "name": t.names.get(e.seat or 0, "")})
    t.by_bot = {seat for seat, kind in rec.last_moves.items() if kind == "takeover"}
    t.turn_since = now
    return t
