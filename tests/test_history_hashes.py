"""Same seeds, same games: random self-play histories are frozen by hashes.

The hashes below were computed by the code at main 7fcfd58 (before the speed
work of issue 8) with ``python tests/test_history_hashes.py``; an engine
optimisation that changes any action, any agent generator draw or any outcome
of these 720 games fails here.
"""

from __future__ import annotations

import hashlib

import pytest

from cardgames.agents import RandomAgent
from cardgames.liar import LiarGame
from cardgames.play import play_game
from cardgames.thirtyone import ThirtyOneGame

GAMES = {"thirty-one": ThirtyOneGame, "liar": LiarGame}
SEEDS = range(120)

EXPECTED: dict[tuple[str, int], str] = {
    ('thirty-one', 2): '1aebe7fd776c4a282ee075cbee2c4af82a646f0dd93d1c5d637a41ab0692b714',
    ('thirty-one', 3): 'd93aa1ca00328e022920502fda611189c929dac15a3943ea13226a441ce65682',
    ('thirty-one', 4): '369675735e44a808e8ff1f01b4f7bc74c0759b3e93765b4890d4ee1d208efb18',
    ('liar', 2): 'bab18ea6d43190842baeac9aaddd3eaf839d129e5cb3d00b3d7e49e83d63623c',
    ('liar', 3): '10b72fe7f056323c416931884b259e92349f2831e5dcde697696f76109829e94',
    ('liar', 4): '472b8a69e7edfb0189a34ba7862e8fe5bd4b023fc7ac23bf41658ebce6350887',
}


def history_hash(name: str, players: int) -> str:
    """SHA-256 of the action histories and outcomes of 120 seeded random games."""
    game = GAMES[name](players=players)
    agents = [RandomAgent()] * players
    digest = hashlib.sha256()
    for seed in SEEDS:
        record = play_game(game, agents, seed=seed, dealer=seed % players)
        digest.update(" ".join(str(action) for action in record.history).encode())
        digest.update(repr(record.outcome).encode() + b"\n")
    return digest.hexdigest()


@pytest.mark.parametrize(("name", "players"), sorted(EXPECTED))
def test_same_seeds_same_histories(name: str, players: int) -> None:
    assert history_hash(name, players) == EXPECTED[name, players]


if __name__ == "__main__":
    for key in [(n, p) for n in GAMES for p in (2, 3, 4)]:
        print(f"    {key!r}: {history_hash(*key)!r},")
