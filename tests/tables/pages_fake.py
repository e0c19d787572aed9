"""A small stand-in for ``classroom.tables.TableService`` with the GUIDE's method names,
for the pages' tests (tests/tables/test_pages.py, tests/browser/test_online_pages.py):
tables of real :class:`cardgames.session.Session`s, no store, no sockets."""

from __future__ import annotations

import hmac
import random
import secrets
from dataclasses import dataclass, field

from cardgames import registry
from cardgames.errors import CardgamesError
from cardgames.session import Seat, Session

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


class FakeTableError(CardgamesError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class FakeTable:
    code: str
    game: str
    seats: int
    bots: str
    options: dict
    by: str
    names: list = field(default_factory=list)
    secrets: list = field(default_factory=list)
    session: Session | None = None
    connected: set = field(default_factory=set)


class FakeService:
    def __init__(self, seed: int = 7) -> None:
        self._tables: dict[str, FakeTable] = {}
        self._seed = seed

    def create_table(self, *, game, seats, bots="heuristic", options=None, by="teacher"):
        info = registry.get(game)
        options = dict(options or {})
        game_options = {k: v for k, v in options.items() if k not in info.match_options}
        info.make_table_game(players=seats, **game_options)     # the engine's refusals
        info.check_bot(bots)
        code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        t = FakeTable(code, info.name, seats, bots, options, by)
        self._tables[code] = t
        return t

    def _table(self, code) -> FakeTable:
        t = self._tables.get(code)
        if t is None:
            raise FakeTableError("unknown-table", f"no table {code!r}")
        return t

    def join(self, code, name):
        t = self._table(code)
        if t.session is not None and t.session.match_over:
            raise FakeTableError("game-over", "the game is over")
        if t.session is not None or len(t.names) >= t.seats:
            raise FakeTableError("table-full", "the table is full")
        t.names.append(name)
        secret = secrets.token_urlsafe(24)
        t.secrets.append(secret)
        return len(t.names) - 1, secret

    def check_seat(self, code, seat, secret) -> bool:
        t = self._tables.get(code)
        if t is None or not 0 <= seat < len(t.secrets):
            return False
        return hmac.compare_digest(t.secrets[seat].encode(), str(secret).encode())

    def start(self, code):
        t = self._table(code)
        if t.session is not None:
            raise FakeTableError("bad-message", "already started")
        seats = [Seat.remote(n) for n in t.names] + [
            Seat.bot(t.bots) for _ in range(t.seats - len(t.names))]
        t.session = Session.new(t.game, seats=seats, seed=self._seed, options=t.options,
                                match=False)
        t.session.run_bots()

    def finish(self, code):
        """Test helper: every seat played by a bot to the end of the round."""
        t = self._table(code)
        s = t.session
        rng = random.Random(1)
        for _ in range(5000):
            if s.over:
                break
            seat = s.to_act
            if s.seats[seat].kind == "bot":
                s.bot_step()
            else:
                s.act(seat, rng.choice(s.view(seat).legal))

    def tables(self):
        out = []
        for t in self._tables.values():
            s = t.session
            status = "waiting" if s is None else ("over" if s.match_over else "playing")
            names = t.names + ([] if s is None else [f"{t.bots}"] * (t.seats - len(t.names)))
            players = [{"name": n, "kind": "bot" if i >= len(t.names) else "remote",
                        "connected": i in t.connected, "played_by_bot": False}
                       for i, n in enumerate(names)]
            summary = {"code": t.code, "game": t.game, "status": status, "players": players,
                       "to_act": None if s is None else s.to_act,
                       "seats_free": 0 if s is not None else t.seats - len(t.names),
                       "pile_size": None, "hand_sizes": [], "lives": [], "last_calls": []}
            if s is not None:
                v = s.view(0).view
                if t.game == "liar":
                    summary["pile_size"] = v.pile_size
                    summary["hand_sizes"] = list(v.hand_sizes)
                else:
                    summary["lives"] = list(v.lives)
            out.append(summary)
        return out

    def replay(self, code):
        t = self._table(code)
        return [] if t.session is None else t.session.replay()
