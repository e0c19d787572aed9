"""A variant of a multiple-choice exercise: the same options in another order.

The letter of the right option then differs between neighbours; which option is right is
still computed by the engine (the default exercise's ``compute``), and every wrong
option keeps its own hint.

>>> from cardgames.courseware.exercise_data import get
>>> ex = get("06-seats")
>>> v = shuffled(ex, __import__("random").Random(1))
>>> sorted(v.choices) == sorted(ex.choices) and v.choices[v.answer()] == ex.choices[ex.answer()]
True
"""

from __future__ import annotations

import dataclasses
import random

from cardgames.courseware.answers import Exercise

__all__ = ["shuffled"]


def shuffled(ex: Exercise, rng: random.Random) -> Exercise:
    """``ex`` with its choices in the order drawn by ``rng`` (a derangement is not forced)."""
    order = list(range(len(ex.choices)))
    rng.shuffle(order)                         # order[new] = old index
    new_of = {old: new for new, old in enumerate(order)}
    compute = ex.compute
    return dataclasses.replace(
        ex, choices=tuple(ex.choices[old] for old in order),
        compute=lambda: new_of[int(compute())],
        mistakes=tuple((new_of[int(v)], hint) for v, hint in ex.mistakes),
        params=(("order", tuple(order)),))
