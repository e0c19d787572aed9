"""Seeded random play for the engine's tests (importable as ``seeded_play``: ``tests/`` is
on ``sys.path`` through its conftest).

>>> from cardgames.liar import LiarGame
>>> s = played(LiarGame(players=3).new_state(seed=5), 4, seed=1)
>>> len(s.history)
4
"""

from __future__ import annotations

import random
from typing import Any


def played(state: Any, moves: int, seed: int = 0) -> Any:
    """``state`` (changed in place) after up to ``moves`` random legal moves drawn with
    ``random.Random(seed)``, fewer if the game ends first."""
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(state.legal_actions().sample(rng))
    return state
