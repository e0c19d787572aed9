"""Same seeds, same games, readably: the first moves of seeded random games, move by move.

``tests/test_history_hashes.py`` freezes 720 whole games by hashes; when one of
them changes it can only say *that* something changed.  This record keeps the
first :data:`MOVES` actions, the number of decisions and the winners of the
first :data:`SEEDS` of those games (the same games: ``RandomAgent`` in every
seat, dealer ``seed % players``) as text in ``tests/data/history_record.json``,
so a failure names the game, the seed and the first move that diverged.

The record was written by the code whose hashes ``test_history_hashes.py``
holds (both pass together), with ``python tests/test_history_record.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgames.agents import RandomAgent
from cardgames.liar import LiarGame
from cardgames.play import play_game
from cardgames.thirtyone import ThirtyOneGame

GAMES = {"thirty-one": ThirtyOneGame, "liar": LiarGame}
SEEDS = range(8)
MOVES = 30
RECORD = Path(__file__).with_name("data") / "history_record.json"


def record(name: str, players: int, seed: int) -> dict[str, object]:
    rec = play_game(GAMES[name](players=players), [RandomAgent()] * players, seed=seed,
                    dealer=seed % players)
    assert rec.outcome is not None
    return {"moves": [str(a) for a in rec.history[:MOVES]], "decisions": rec.decisions,
            "winners": list(rec.outcome.winners)}


def _key(name: str, players: int, seed: int) -> str:
    return f"{name}, {players} players, seed {seed}"


def _cases() -> list[tuple[str, int, int]]:
    return [(n, p, s) for n in GAMES for p in (2, 3, 4) for s in SEEDS]


@pytest.fixture(scope="module")
def expected() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = json.loads(RECORD.read_text(encoding="utf-8"))
    return data


def test_the_record_covers_every_case(expected):
    assert sorted(expected) == sorted(_key(*c) for c in _cases())


@pytest.mark.parametrize(("name", "players", "seed"), _cases())
def test_same_seed_same_first_moves(expected, name, players, seed):
    want = expected[_key(name, players, seed)]
    got = record(name, players, seed)
    for i, (w, g) in enumerate(zip(want["moves"], got["moves"])):  # type: ignore[call-overload]
        assert g == w, (f"{_key(name, players, seed)}: move {i + 1} is {g!r}, the record says "
                        f"{w!r} (moves 1-{i} agree)")
    assert got["decisions"] == want["decisions"], _key(name, players, seed)
    assert got["winners"] == want["winners"], _key(name, players, seed)


if __name__ == "__main__":
    RECORD.parent.mkdir(exist_ok=True)
    data = {_key(*c): record(*c) for c in _cases()}
    RECORD.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(data)} records to {RECORD}")
