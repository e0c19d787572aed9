"""The one authority of every online table: :class:`TableService`.

It holds a :class:`cardgames.session.Session` per started table, takes each change
through the engine (``Session.act``: the engine validates, a stale mark is refused),
writes it to the :class:`~classroom.tables.store.TableStore`'s log *before* applying
it, runs the bot seats, and sends each subscribed seat only ``session.view(seat)``,
the public events and the service's notes (R-L11, R-T9).  A seat to act whose
student is away (disconnected past ``reconnect_grace``, or idle past
``bot_timeout``) is played by the game's ``heuristic`` bot from that seat's view
only, one move at a time, logged as a concrete action with a note "played by the bot
for Ana"; the bot then plays that seat on until its student moves or takes it back
(:meth:`TableService.take_back`), and each seat's row says how many seconds are left
before the bot plays (``bot_in``: the page's countdown, issue 29).  ``replay`` (every hand) is the teacher's only.

>>> import tempfile, pathlib
>>> d = tempfile.TemporaryDirectory()
>>> svc = TableService(TableStore(pathlib.Path(d.name) / "t.sqlite3"))
>>> t = svc.create_table(game="thirty-one", seats=2, options={"lives": 1})
>>> seat, secret = svc.join(t.code, "Ana")
>>> svc.start(t.code); svc.tables()[0].status
'playing'
>>> svc.close(); d.cleanup()
"""

from __future__ import annotations

import hmac
import json
import logging
import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from cardgames import registry
from cardgames.errors import ConfigError
from cardgames.i18n import get_language
from cardgames.i18n import gettext as _
from cardgames.session import Seat, Session
from cardgames.wire import MAX_EVENTS, dump_event, dump_seat_view

from .errors import (
    BadMessage,
    BadSecret,
    GameOver,
    NameTaken,
    NotStarted,
    SeatHeld,
    TableFull,
    UnknownTable,
)
from .moves import SeatMoves, _hash
from .store import TableStore
from .summary import ReplayFrame, TableSummary, replay_frames, summarize
from .table import Table, new_session, rebuild

__all__ = ["CODE_ALPHABET", "Subscriber", "TableService"]

#: Join codes: 6 characters of this alphabet (no 0 O 1 I L: read aloud, typed on phones).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Bot moves after one change at most (a Liar round among bots only can cycle, rarely).
MAX_BOT_RUN = 2_000
NAME_MAX = 24
#: The bot that plays a student's seat while the student is away.
TAKEOVER_BOT = "heuristic"


def name_key(name: str) -> str:
    """A display name as the table compares them: no case, spacing folded.

    >>> name_key("  ana   MARIA ") == name_key("Ana Maria")
    True
    """
    return " ".join(name.split()).casefold()

Subscriber = Callable[[dict[str, Any]], None]
log = logging.getLogger("classroom.tables")


class TableService(SeatMoves):
    """Every table of the server (see the module doc; the GUIDE's API)."""

    def __init__(self, store: TableStore, *, bot_timeout: float = 60.0,
                 reconnect_grace: float = 10.0, clock: Callable[[], float] = time.monotonic,
                 snapshot_every: int = 20, wall: Callable[[], float] = time.time,
                 seeds: Callable[[], int] | None = None) -> None:
        self.store = store
        self.bot_timeout = float(bot_timeout)
        self.reconnect_grace = float(reconnect_grace)
        self.clock = clock
        self.wall = wall
        self.snapshot_every = int(snapshot_every)
        #: each new table's seed (default: unpredictable; a test may fix them)
        self.seeds = seeds or (lambda: secrets.randbelow(2**31))
        self._tables: dict[str, Table] = {}
        self._lock = threading.RLock()
        #: each table's summary and what it was made from (:meth:`summary`)
        self._summaries: dict[str, tuple[tuple[Any, ...], TableSummary]] = {}

    # ------------------------------------------------------------------ tables
    def _table(self, code: object) -> Table:
        t = self._tables.get(code.strip().upper()) if isinstance(code, str) else None
        if t is None:
            raise UnknownTable(code)
        return t

    def has_table(self, code: object) -> bool:
        return isinstance(code, str) and code.strip().upper() in self._tables

    def create_table(self, *, game: str, seats: int, bots: str = "heuristic",
                     options: Mapping[str, Any] | None = None, by: str = "teacher",
                     maker: str | None = None) -> TableSummary:
        """A new table waiting for its players (options checked by the engine now).
        ``by="student"``: ``maker`` (an id of the student's browser) may have at most
        :data:`STUDENT_TABLES_EACH` open tables, and the class at most the teacher's cap
        (:meth:`student_tables_cap`), else :class:`TooManyTables`."""
        info = registry.get(game)
        if by == "student":
            self._check_student_tables(maker)
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise ConfigError(_("seats must be a whole number, not {seats!r}").format(seats=seats))
        info.check_bot(bots)
        if not isinstance(bots, str):
            raise ConfigError(_("a bot name is text, not {bot!r}").format(bot=bots))
        # a table's defaults (the registry's: Liar's max_plays, the rules' "Settled by the
        # program" 10), then the options given: the form's, or one of those defaults
        offered = [*info.table_form, *info.table_defaults]
        opts = {**info.table_defaults, **dict(options or {})}
        for key in opts:
            if key not in offered:                # the options a table offers (registry)
                raise ConfigError(_("unknown option {key!r} for {game}: use {names}").format(
                    key=key, game=info.name, names=", ".join(offered)))
        seed = self.seeds()
        # the engine's own checks: players per decks (R-L2, T1), lives (R-T8), rounds ...
        Session.new(info.name, seats=[Seat.remote("?")] * seats, seed=seed, options=opts)
        try:
            config = {"seats": seats, "bots": bots.strip().lower(), "options": opts, "by": by}
            if maker is not None:
                config["maker"] = _hash(maker)[:32]
            json.dumps(config)
        except TypeError as e:
            raise ConfigError(_("options cannot be saved: {error}").format(error=e)) from None
        with self._lock:
            code = self._new_code()
            created = self.wall()
            self.store.add_table(code, game=info.name, config=config, seed=seed, created=created)
            t = Table(code=code, game=info.name, config=config, seed=seed, created=created)
            self._tables[code] = t
            return summarize(t, self.seat_list(t))

    def _new_code(self) -> str:
        for _attempt in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self._tables and not self.store.has_table(code):
                return code
        raise RuntimeError("no free table code after 100 draws")  # 31**6 codes: never

    # ------------------------------------------------------------------ seats
    def join(self, code: str, name: str, *, seat: int | None = None) -> tuple[int, str]:
        """Take a never-claimed seat (the lowest, or ``seat``): ``(seat, secret)``."""
        t = self._table(code)
        name = self._check_name(name)
        with t.lock:
            if t.session is not None:
                raise GameOver(t.code) if t.session.match_over else TableFull(t.code)
            if any(name_key(n) == name_key(name) for n in t.names.values()):
                raise NameTaken(name)            # one name, one seat (issue 29)
            free = [s for s in range(t.seats) if s not in t.names]
            if seat is not None:
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < t.seats:
                    raise BadMessage(_("seat must be a whole number 0-{last}").format(
                        last=t.seats - 1))
                if seat not in free:
                    raise SeatHeld(t.code, seat)
            elif not free:
                raise TableFull(t.code)
            chosen = free[0] if seat is None else seat
            secret = secrets.token_urlsafe(24)
            self.store.claim_seat(t.code, chosen, name=name, secret_hash=_hash(secret),
                                  claimed=self.wall())
            t.names[chosen], t.hashes[chosen] = name, _hash(secret)
            t.away_since[chosen] = self.clock()
            if len(t.names) == t.seats:
                self.start(t.code)            # full: the game starts
            else:
                self._broadcast(t)
            return chosen, secret

    @staticmethod
    def _check_name(name: object) -> str:
        text = name.strip() if isinstance(name, str) else ""
        if not 1 <= len(text) <= NAME_MAX or not text.isprintable():
            raise BadMessage(_("a name is 1-{most} printable characters").format(most=NAME_MAX))
        return text

    def check_seat(self, code: str, seat: object, secret: object) -> bool:
        """``secret`` is seat ``seat``'s key at table ``code`` (constant-time)."""
        t = self._tables.get(code.strip().upper()) if isinstance(code, str) else None
        if t is None or not isinstance(seat, int) or not isinstance(secret, str):
            return False
        stored = t.hashes.get(seat)
        given = _hash(secret)
        return hmac.compare_digest(stored if stored is not None else "-" * 64, given) \
            and stored is not None

    def _seat(self, code: str, seat: object, secret: object) -> Table:
        t = self._table(code)
        if not self.check_seat(t.code, seat, secret):
            raise BadSecret(t.code, seat)
        return t

    # ------------------------------------------------------------------ changes
    def start(self, code: str) -> None:
        """Deal: empty seats become the table's bots (no-op if already started)."""
        t = self._table(code)
        with t.lock:
            if t.session is not None:
                return
            seats = [Seat.remote(t.names[s]) if s in t.names
                     else Seat.bot(t.config["bots"], f"Bot {s + 1}") for s in range(t.seats)]
            text = json.dumps([s.to_dict() for s in seats])
            self._log(t, None, 0, "start", text)
            t.session = new_session(t, seats)
            now = self.clock()
            for seat in t.names:          # the grace of a seat not here yet counts from now
                if seat not in t.subs:
                    t.away_since[seat] = now
            self.store.set_status(t.code, "playing")
            self._snapshot(t)
            t.turn_since = self.clock()
            self._changed(t)

    def act(self, code: str, seat: int, secret: str, action_text: str, mark: int) -> int:
        """``seat``'s action (its text) at ``mark``; the new mark.  Logged before applied."""
        t = self._seat(code, seat, secret)
        with t.lock:
            s = self._started(t)
            self._apply(t, s, seat, action_text, mark, "act")
            t.by_bot.discard(seat)
            t.clock_from.pop(seat, None)
            self._changed(t)
            return s.mark

    def next_game(self, code: str, seat: int, secret: str, mark: int) -> int:
        """Deal the next Liar round / Thirty-One game (the first request wins); the mark."""
        t = self._seat(code, seat, secret)
        with t.lock:
            s = self._started(t)
            s.check_next_game(seat=seat, mark=mark)   # the session's refusal (R-L5, L11, T13)
            self._log(t, seat, mark, "next", "next")
            s.next_game()
            t.deal_key = None            # dealt on request: no result on show (_dealt)
            self._changed(t)
            return s.mark

    def _started(self, t: Table) -> Session:
        if t.session is None:
            raise NotStarted(t.code)
        return t.session

    def _apply(self, t: Table, s: Session, seat: int, text: object, mark: object,
               kind: str) -> None:
        """Check, log (committed), then apply; a refusal is the engine's and changes nothing."""
        if isinstance(mark, bool) or not isinstance(mark, int):
            raise ConfigError(_("mark must be a whole number, not {mark!r}").format(mark=mark))
        if not isinstance(text, str) or len(text) > 200:
            raise BadMessage(_("an action is a text of at most {most} characters")
                             .format(most=200))
        canonical = s.check(seat, text, mark=mark)   # the session's refusal, if any
        seq = self._log(t, seat, mark, kind, canonical)
        try:
            s.act(seat, canonical, mark=mark)
        except Exception:
            self.store.unappend(t.code, seq)
            t.seq -= 1
            t.since_snapshot -= 1
            raise

    def _log(self, t: Table, seat: int | None, mark: int, kind: str, action: str) -> int:
        seq = self.store.append(t.code, seat=seat, mark=mark, kind=kind, action=action,
                                time=self.wall())
        t.seq = seq
        t.since_snapshot += 1
        return seq

    def _snapshot(self, t: Table) -> None:
        if t.session is not None:
            self.store.snapshot(t.code, t.session.to_json(), t.seq)
            t.since_snapshot = 0

    def _changed(self, t: Table, *, bots: bool = True) -> None:
        """After a change: snapshot if due, tell every seat, then the bot seats move."""
        s = t.session
        if s is not None and (s.over or t.since_snapshot >= self.snapshot_every):
            self._snapshot(t)
        t.turn_since = self.clock()
        if s is not None:
            self._dealt(t, s)
        self._broadcast(t)
        if bots:
            self._run_bots(t)

    def _run_bots(self, t: Table) -> None:
        """The bot seats' moves, one at a time, each logged and told to every seat.

        A bot's move is logged just after it is applied: it is a function of the logged
        past (the session's seeded generators), so a crash in between loses nothing: the
        next start plays it again, the same move (:meth:`load` runs the bots)."""
        s = t.session
        if s is not None:
            for _step in range(MAX_BOT_RUN):
                to_act = s.to_act
                if to_act is None or s.seats[to_act].kind != "bot" or t.failed_mark == s.mark:
                    break
                mark = s.mark
                try:
                    s.bot_step()        # deterministic from the session's seeded generators
                except Exception:       # a bot's bug must not refuse the student's action
                    log.exception("table %s: the bot of seat %s failed at mark %s",
                                  t.code, to_act, mark)
                    t.failed_mark = mark
                    break
                self._log(t, to_act, mark, "bot", str(s.state.history[-1]))
                self._changed(t, bots=False)

    # ------------------------------------------------------------------ away seats
    def tick(self) -> int:
        """Play one bot move for each table whose student to act is away; how many."""
        moved = 0
        now = self.clock()
        for t in list(self._tables.values()):
            with t.lock:
                s = t.session
                seat = None if s is None else s.to_act
                if s is None or seat is None or s.seats[seat].kind == "bot":
                    continue
                gone = seat not in t.subs or seat in t.page_gone     # its page left too
                away = gone and now - t.away_since.get(seat, now) >= self.reconnect_grace
                idle = not gone and now - self._turn_start(t, seat) >= self.bot_timeout
                # handed to the bot (issue 29): it plays on until the student takes it back
                if (away or idle or seat in t.by_bot) and t.failed_mark != s.mark:
                    try:
                        self._takeover(t, s, seat)
                    except Exception:
                        log.exception("table %s: the bot for seat %s failed at mark %s",
                                      t.code, seat, s.mark)
                        t.failed_mark = s.mark
                        continue
                    moved += 1
        return moved

    def _takeover(self, t: Table, s: Session, seat: int) -> None:
        agent = registry.get(t.game).make_bot(TAKEOVER_BOT)
        view = s.view(seat).view               # that seat's view only (R-L11, R-T9)
        legal = s.state.legal_actions()
        mark = s.mark
        rng = random.Random(f"{t.seed}:{mark}:{seat}")
        action = str(agent.act(view, legal, rng))
        seq = self._log(t, seat, mark, "takeover", action)
        try:
            s.act(seat, action, mark=mark)
        except Exception:
            self.store.unappend(t.code, seq)
            t.seq -= 1
            raise
        t.by_bot.add(seat)
        t.notes.append({"mark": mark, "kind": "bot-played", "seat": seat,
                        "name": t.names.get(seat, "")})
        self._changed(t)

    def take_back(self, code: str, seat: int, secret: str) -> int:
        """The student takes the seat back from the bot (issue 29): the bot stops playing
        it, and the student has a whole ``bot_timeout`` for the move; or the student left
        the deal's result on show (:meth:`_dealt`): the move clock starts now.  The mark."""
        t = self._seat(code, seat, secret)
        with t.lock:
            now = self.clock()
            if self._give_back(t, seat):
                self._broadcast(t)
            elif t.clock_from.get(seat, now) > now:     # left the deal's result: clock on
                t.clock_from[seat] = now
                self._broadcast(t)
            return 0 if t.session is None else t.session.mark

    def bot_in(self, t: Table, seat: int) -> float | None:
        """Seconds until the bot plays ``seat``'s move (its student to act, connected,
        not handed to the bot yet): what the seat's page counts down (issue 29); else
        ``None``."""
        s = t.session
        if (s is None or s.to_act != seat or s.seats[seat].kind == "bot" or seat in t.by_bot
                or seat not in t.subs or seat in t.page_gone or t.failed_mark == s.mark):
            return None
        return round(max(0.0, self.bot_timeout - (self.clock() - self._turn_start(t, seat))), 1)

    # ------------------------------------------------------------------ subscribers
    def subscribe(self, code: str, seat: int, callback: Subscriber, *,
                  mark: int | None = None) -> None:
        """Send ``seat`` an update now and after every change (replacing its old subscriber)."""
        t = self._table(code)
        with t.lock:
            t.subs[seat] = [callback, mark]
            t.away_since.pop(seat, None)
            self._give_back(t, seat)         # a returning student gets the seat back (issue 29)
            self._broadcast(t)

    def unsubscribe(self, code: str, seat: int, callback: Subscriber | None = None) -> None:
        t = self._table(code)
        with t.lock:
            sub = t.subs.get(seat)
            if sub is not None and (callback is None or sub[0] == callback):
                del t.subs[seat]
                t.away_since[seat] = self.clock()
                self._broadcast(t)

    def _give_back(self, t: Table, seat: int) -> bool:
        """The bot stops playing ``seat``, whose student has a whole turn again (issue 29);
        False if the bot was not playing it.  Under ``t.lock``."""
        if seat not in t.by_bot:
            return False
        t.by_bot.discard(seat)
        t.turn_since = self.clock()
        return True

    def page_seen(self, code: str, seat: int, page: str, *, connected: bool) -> None:
        """The page of ``seat`` (its kernel ``page``) connected to the server, or left it.

        A seat whose latest page left is shown away at once, although that page's kernel
        may hold the seat's connection until it is shut down (the page's beacon, which a
        closing tab does not always send, or the reaper): issue 29, "connected" is right
        within 2 s.  Such a seat is away for the bot too: it plays the seat's moves after
        ``reconnect_grace``, not after the idle ``bot_timeout``, and a page that comes back
        takes the seat back.  An older page leaving (a reload's) changes nothing.  Unknown tables
        and seats are ignored (the page may be older than a restart)."""
        t = self._tables.get(code)
        if t is None or not 0 <= seat < t.seats:
            return
        with t.lock:
            if connected:
                t.page_of[seat] = page
                changed = seat in t.page_gone
                t.page_gone.discard(seat)
                if changed and seat in t.subs:  # back as a returning kernel is (subscribe)
                    t.away_since.pop(seat, None)
                    self._give_back(t, seat)
            elif t.page_of.get(seat) == page and seat not in t.page_gone:
                t.page_gone.add(seat)            # away from now: the bot after the grace
                t.away_since.setdefault(seat, self.clock())
                changed = True
            else:
                changed = False
            if changed:
                self._broadcast(t)

    def mark(self, code: str) -> int:
        """The table's mark now (0 while it waits)."""
        s = self._table(code).session
        return 0 if s is None else s.mark

    def connected(self, code: str, seat: int) -> bool:
        return seat in self._table(code).subs

    def _broadcast(self, t: Table) -> None:
        for seat, sub in list(t.subs.items()):
            callback, since = sub
            message = self.update(t.code, seat, since)
            sub[1] = message["mark"]
            try:
                callback(message)
            except Exception:           # a broken connection must not stop the table
                t.subs.pop(seat, None)
                t.away_since[seat] = self.clock()

    def update(self, code: str, seat: int, since: int | None = None) -> dict[str, Any]:
        """The update message for ``seat``: its view, the public events since ``since``,
        the seats and the notes since then."""
        t = self._table(code)
        with t.lock:
            s = t.session
            if s is None:
                return {"type": "update", "status": "waiting", "mark": 0, "view": None,
                        "events": [], "seats": self.seat_list(t), "notes": []}
            # a first look (no mark) gets every event, the first deal's too (filed before mark 0)
            start = since if isinstance(since, int) and 0 <= since <= s.mark else -1
            events, mark = s.events_since(seat, start)
            # the last ones, as the view's log (issue 29): a seat away for a long round
            events = events[-MAX_EVENTS:]
            return {"type": "update", "status": t.status, "mark": mark,
                    "view": dump_seat_view(s.view(seat)),
                    "events": [dump_event(e) for e in events], "seats": self.seat_list(t),
                    "notes": [n for n in t.notes if n["mark"] >= start]}

    def seat_list(self, t: Table) -> list[dict[str, Any]]:
        s = t.session
        out = []
        for i in range(t.seats):
            if s is not None and s.seats[i].kind == "bot":
                kind, name = "bot", s.seats[i].name
            elif i in t.names:
                kind, name = "student", t.names[i]
            else:
                kind, name = "free", ""
            out.append({"name": name, "kind": kind,
                        "connected": i in t.subs and i not in t.page_gone,
                        "played_by_bot": i in t.by_bot, "bot_in": self.bot_in(t, i),
                        "bot": s.seats[i].bot if kind == "bot" and s is not None else None})
        return out

    def welcome(self, code: str, seat: int) -> dict[str, Any]:
        t = self._table(code)
        return {"type": "welcome", "table": t.code, "seat": seat, "game": t.game,
                "status": t.status, "seats": self.seat_list(t)}

    # ------------------------------------------------------------------ the teacher's
    def tables(self) -> list[TableSummary]:
        """Every table, for the teacher's live list (public information only)."""
        return [self._summary(t) for t in list(self._tables.values())]

    def summary(self, code: object) -> TableSummary | None:
        """Table ``code``'s summary (None: no such table): one table's, not every one's
        (the join page asks it on every request)."""
        t = self._tables.get(code.strip().upper()) if isinstance(code, str) else None
        return None if t is None else self._summary(t)

    def _summary(self, t: Table) -> TableSummary:
        """:func:`summarize`, kept until the table changes (its log, mark, seats,
        connections, pages gone, the bot's seats) or another language asks (issue 29)."""
        s = t.session
        key = (get_language(), t.seq, None if s is None else s.mark, t.status,
               tuple(sorted(t.names.items())), tuple(sorted(t.subs)), tuple(sorted(t.by_bot)),
               tuple(sorted(t.page_gone)))
        hit = self._summaries.get(t.code)
        if hit is not None and hit[0] == key:
            return hit[1]
        with t.lock:
            out = summarize(t, self.seat_list(t))
        self._summaries[t.code] = (key, out)
        return out

    def replay(self, code: str) -> list[ReplayFrame]:
        """The teacher's replay: every frame of the session (``.frame``, with every hand)
        and each seat's view then (``.views``); ``[]`` while the table waits."""
        t = self._table(code)
        with t.lock:
            return [] if t.session is None else replay_frames(t.session)

    # ------------------------------------------------------------------ start, stop
    def load(self) -> int:
        """Every stored table: its last snapshot and the log after it; how many."""
        records = self.store.load()
        with self._lock:
            for rec in records:
                t = self._tables[rec.code] = rebuild(rec, now=self.clock())
                if t.session is not None and rec.log:
                    self._snapshot(t)         # the next start begins from here
                with t.lock:
                    self._run_bots(t)         # a bot to act when the server stopped
        return len(records)

    def close(self) -> None:
        """Forget the subscribers and close the store."""
        with self._lock:
            for t in self._tables.values():
                t.subs.clear()
            self.store.close()
