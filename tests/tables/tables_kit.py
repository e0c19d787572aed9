"""Helpers of the table service's tests (helper *service*): a fake clock, a service on a
temporary store, and a player that plays legal moves for the students' seats."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import Any

from classroom.tables import TableService, TableStore

#: A card in the text notation: ranks 7-10, U, O, K, A and suits H, B, L, A ("*P" etc.
#: for Chroniclers): found as whole tokens.
CARD = re.compile(r"(?<![0-9A-Z*])(?:10|[789UOKA])[HBLA](?![0-9A-Za-z])|\*[A-Z]")


class Clock:
    """A clock the test moves: ``clock.t += 60``."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def service(path: Path, clock: Clock | None = None, **options: Any) -> TableService:
    """A service on ``path/tables.sqlite3``; its tables are dealt from the seeds 1, 2, ...
    (``seeds=`` another), so that a test plays the same games every run."""
    options.setdefault("seeds", itertools.count(1).__next__)
    return TableService(TableStore(path / "tables.sqlite3"), clock=clock or Clock(), **options)


class Inbox:
    """A subscriber that keeps every message."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def __call__(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    @property
    def last(self) -> dict[str, Any]:
        return self.messages[-1]


def play_students(svc: TableService, code: str, keys: dict[int, str], *, moves: int,
                  seed: int = 0, next_games: bool = True) -> int:
    """Play ``moves`` random legal moves for the students' seats (keys: seat -> secret),
    dealing the next game when one ends; the moves made."""
    rng = random.Random(seed)
    s = svc._tables[code].session
    assert s is not None
    made = 0
    while made < moves:
        seat = s.to_act
        if seat is None:
            if not next_games or s.match_over:
                break
            any_seat = min(keys)
            svc.next_game(code, any_seat, keys[any_seat], s.mark)
            continue
        if seat not in keys:
            break          # a seat of nobody here (away, to be taken over)
        svc.act(code, seat, keys[seat], rng.choice(s.view(seat).legal), s.mark)
        made += 1
    return made


def cards_in(text: str) -> set[str]:
    return set(CARD.findall(text))
