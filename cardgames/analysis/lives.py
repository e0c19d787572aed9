"""Thirty-One lives as a Markov chain: two players, exact match outcomes and lengths.

**The model** (what it conditions on and what it assumes, beyond the rules):

* *Conditions on:* the lives each player has left, (i, j), and nothing else — the
  **Markov property**.
* *Assumes:* every deal is alike and independent: only A loses a life with probability
  *a*, only B with *b*, both (a tie, **T13**) with *t* = 1 − *a* − *b*; a player who loses
  a life with 0 left is out (**R-T8**); if both go out in the same deal they share the win.

Solved by first-step analysis: P_A(i, j) = a·P_A(i−1, j) + b·P_A(i, j−1) + t·P_A(i−1, j−1),
E(i, j) = 1 + a·E(i−1, j) + b·E(i, j−1) + t·E(i−1, j−1).

>>> m = match_model(Fraction(1, 2), Fraction(1, 2), lives=3)
>>> m.a_wins, m.shared, m.expected_deals
(Fraction(1, 2), Fraction(0, 1), Fraction(93, 16))
>>> [str(m.length[d]) for d in sorted(m.length)]
['1/8', '1/4', '5/16', '5/16']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardgames.analysis._checks import probability
from cardgames.errors import ConfigError

__all__ = ["MatchModel", "match_model", "MAX_LIVES"]

MAX_LIVES = 9


@dataclass(frozen=True)
class MatchModel:
    """P(A wins alone), P(B wins alone), P(shared win), E[deals] and P(length = d)."""

    a_wins: Fraction
    b_wins: Fraction
    shared: Fraction
    expected_deals: Fraction
    length: dict[int, Fraction]


def match_model(a: Any, b: Any, *, lives: int = 3) -> MatchModel:
    """The chain from (lives, lives) with per-deal probabilities ``a``, ``b`` and the tie
    1 − a − b (**T13**, **R-T8**)."""
    qa, qb = probability(a, "a"), probability(b, "b")
    if qa + qb > 1 or qa + qb == 0:
        raise ConfigError(f"a + b must be above 0 and at most 1 (the rest are ties, T13), "
                          f"got a = {a!r}, b = {b!r}")
    if isinstance(lives, bool) or not isinstance(lives, int) or not 0 <= lives <= MAX_LIVES:
        raise ConfigError(f"lives must be a whole number from 0 to {MAX_LIVES} (R-T8), "
                          f"got {lives!r}")
    return _solve(qa, qb, lives)


@lru_cache(maxsize=256)
def _solve(a: Fraction, b: Fraction, lives: int) -> MatchModel:
    t = 1 - a - b
    # forward over the deals: the probability of each (lives of A, lives of B) still playing
    alive = {(lives, lives): Fraction(1)}
    wins = {"A": Fraction(0), "B": Fraction(0), "shared": Fraction(0)}
    length: dict[int, Fraction] = {}
    deal = 0
    while alive:
        deal += 1
        nxt: dict[tuple[int, int], Fraction] = {}
        for (i, j), p in alive.items():
            for q, (ni, nj) in ((a, (i - 1, j)), (b, (i, j - 1)), (t, (i - 1, j - 1))):
                if not q:
                    continue
                if ni < 0 or nj < 0:
                    key = "shared" if ni < 0 and nj < 0 else ("B" if ni < 0 else "A")
                    wins[key] += p * q
                    length[deal] = length.get(deal, Fraction(0)) + p * q
                else:
                    nxt[(ni, nj)] = nxt.get((ni, nj), Fraction(0)) + p * q
        alive = nxt
    mean = sum((d * p for d, p in length.items()), Fraction(0))
    return MatchModel(wins["A"], wins["B"], wins["shared"], mean, length)
