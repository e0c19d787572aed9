"""The model of a Thirty-One player that the expert bot assumes, and the deal it simulates.

The heuristic player (:class:`~cardgames.thirtyone.bots.ThirtyOneHeuristicAgent`)
on card codes: its best improving swap, its play turn, the final turns (R-T6)
and the scoring at the end of a deal (T11, T13, T14, R-T7), and
:func:`_rollout`, which plays the rest of a deal out that way.  Used by
:mod:`.beliefs` (how likely each hidden deal is) and :mod:`.expert` (the
chance of losing a life for each choice); split from :mod:`.expert` so each
module holds one concern.

>>> _settle([[0, 1, 2], [8, 9, 10]], (0, 1), 0)   # 7H 8H 9H (24) v 7B 8B 9B (24): a tie loses
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardgames.thirtyone.score import MIN_SCORE, THREE_ACES_SCORE, _build_tables
from cardgames.thirtyone.view import Phase

_SCORE, _TOTAL = _build_tables()      # flat: index a * 1225 + b * 35 + c (card codes)
#: heuristic value of a hand as one int: twice the score (30.5!) first, then the best suit sum
_VAL = [int(2 * s) * 64 + t for s, t in zip(_SCORE, _TOTAL)]
_ACES = THREE_ACES_SCORE
_REVEAL_AT = 26.0          # ThirtyOneHeuristicAgent's default reveal_at


def _idx(a: int, b: int, c: int) -> int:
    return a * 1225 + b * 35 + c


# --------------------------------------------------------------------------- the model


def _best_swap(hand: list[int], table: list[int], final: bool,
               rng: random.Random | None) -> tuple[int, int, int]:
    """The heuristic's best improving swap: (value, i, j); i = -1 none, i = 3 swap all.

    Ties between equally good swaps: the first (``rng`` None) or one drawn with ``rng``.
    In a final turn only swaps to a hand of at least 21 are legal (R-T6).
    """
    a, b, c = hand
    val, sc = _VAL, _SCORE
    a1, b1 = a * 1225, b * 35
    best, bi, bj, ties = val[a1 + b1 + c], -1, -1, 0
    t0, t1, t2 = table
    for i, j, k in ((0, 0, t0 * 1225 + b1 + c), (0, 1, t1 * 1225 + b1 + c),
                    (0, 2, t2 * 1225 + b1 + c), (1, 0, a1 + t0 * 35 + c),
                    (1, 1, a1 + t1 * 35 + c), (1, 2, a1 + t2 * 35 + c),
                    (2, 0, a1 + b1 + t0), (2, 1, a1 + b1 + t1), (2, 2, a1 + b1 + t2),
                    (3, 0, t0 * 1225 + t1 * 35 + t2)):
        v = val[k]
        if v < best or (final or i == 3) and sc[k] < MIN_SCORE:
            continue
        if v > best:
            best, bi, bj, ties = v, i, j, 1
        elif bi >= 0:
            ties += 1
            if rng is not None and rng.randrange(ties) == 0:
                bi, bj = i, j
    return best, bi, bj


def _apply_swap(hand: list[int], table: list[int], i: int, j: int) -> None:
    if i == 3:
        hand[:], table[:] = table[:], hand[:]
    else:
        hand[i], table[j] = table[j], hand[i]


def _model_play(hand: list[int], table: list[int], turns: int, patience: int,
                passed: bool, cap: int | None, rng: random.Random | None) -> tuple[str, int, int]:
    """The heuristic's turn in phase PLAY: ('reveal'|'swap'|'pass', i, j)."""
    if cap is not None and turns >= cap:
        return "reveal", -1, -1
    s = _SCORE[_idx(hand[0], hand[1], hand[2])]
    if s >= _REVEAL_AT or (turns >= patience and s >= MIN_SCORE) or turns >= 3 * patience:
        return "reveal", -1, -1
    _, i, j = _best_swap(hand, table, False, rng)
    if i >= 0:
        return "swap", i, j
    return ("reveal", -1, -1) if passed else ("pass", -1, -1)


def _settle(hands: list[list[int]], seats: Sequence[int], me: int) -> int:
    """1 if ``me`` has (one of) the lowest scores among ``seats`` (T13), else 0."""
    sc = _SCORE
    h = hands[me]
    mine = sc[h[0] * 1225 + h[1] * 35 + h[2]]
    for s in seats:
        h = hands[s]
        if sc[h[0] * 1225 + h[1] * 35 + h[2]] < mine:
            return 0
    return 1


def _finals(hands: list[list[int]], table: list[int], order: Sequence[int], seats: Sequence[int],
            me: int, rng: random.Random | None) -> int:
    """Final turns of ``order`` as modelled (R-T6), then scoring: does ``me`` lose a life?"""
    for p in order:
        _, i, j = _best_swap(hands[p], table, True, rng)
        if i >= 0:
            h = hands[p]
            _apply_swap(h, table, i, j)
            if _SCORE[h[0] * 1225 + h[1] * 35 + h[2]] == _ACES:   # R-T7: everyone else loses
                return int(p != me)
    return _settle(hands, seats, me)


@dataclass
class _Deal:
    """A position with every card filled in: hands (codes), table, whose turn, counters."""

    hands: list[list[int]]
    table: list[int]
    phase: Phase
    current: int
    passed: list[bool]
    turns: int
    final: list[int]

    def copy(self) -> _Deal:
        return _Deal([h[:] for h in self.hands], self.table[:], self.phase, self.current,
                     self.passed[:], self.turns, self.final[:])


def _rollout(d: _Deal, seats: Sequence[int], me: int, patience: int, cap: int | None,
             rng: random.Random | None, max_turns: int = 200) -> int:
    """Play the deal ``d`` (a copy, changed) to its end with the model: does ``me`` lose a life?"""
    hands, table = d.hands, d.table
    order = list(seats)
    nxt = {s: order[(k + 1) % len(order)] for k, s in enumerate(order)}
    if d.phase is Phase.EXCHANGE:
        p = d.current
        if _VAL[_idx(*table)] > _VAL[_idx(*hands[p])]:
            _apply_swap(hands[p], table, 3, 0)
        if _SCORE[_idx(*hands[p])] == _ACES:
            return int(p != me)
        d.phase, d.current = Phase.PLAY, nxt[p]
    if d.phase is Phase.FINAL:
        return _finals(hands, table, d.final, seats, me, rng)
    p, turns, passed = d.current, d.turns, d.passed
    for _ in range(max_turns):
        kind, i, j = _model_play(hands[p], table, turns, patience, passed[p], cap, rng)
        turns += 1
        if kind == "reveal":
            k = order.index(p)
            later = order[k + 1:] + order[:k]
            return _finals(hands, table, later, seats, me, rng)
        if kind == "pass":
            passed[p] = True
        else:
            _apply_swap(hands[p], table, i, j)
            passed[p] = False
            if _SCORE[_idx(*hands[p])] == _ACES:
                return int(p != me)
        p = nxt[p]
    return _settle(hands, seats, me)   # pragma: no cover - the model always reveals
