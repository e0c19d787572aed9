"""Every exercise of every lesson, one module per lesson (the single source).

The lesson notebooks show them (:func:`widgets.exercises.exercise.exercise`), the answer key and the
worksheets are printed from them (``tools/handouts.py``), and ``tests/lessons`` re-derives
each answer by a second method.  The answers are computed by the engine when first needed.

>>> sorted(EXERCISES)[:2]
['01-after-a-call', '01-all-ranks']
>>> [e.key for e in by_lesson("03")]
['03-count-31', '03-p32', '03-chronicler-21', '03-three-of-a-kind']
"""

from __future__ import annotations

from typing import Any

from cardgames.courseware.answers import Exercise
from cardgames.courseware.exercise_data import (
    lesson01,
    lesson02,
    lesson03,
    lesson04,
    lesson05,
    lesson06,
)

__all__ = ["EXERCISES", "get", "by_lesson", "is_right", "LESSONS"]

LESSONS = ("01", "02", "03", "04", "05", "06")
_ALL: list[Exercise] = [*lesson01.EXERCISES, *lesson02.EXERCISES, *lesson03.EXERCISES,
                        *lesson04.EXERCISES, *lesson05.EXERCISES, *lesson06.EXERCISES]
EXERCISES: dict[str, Exercise] = {e.key: e for e in _ALL}


def get(key: str, seed: int | None = None) -> Exercise:
    """The exercise called ``key`` (its variant drawn by ``seed``; ``None``: the default
    variant); a clear error naming the known ones otherwise.

    >>> get("06-longest-match").params
    (('lives', 3),)
    >>> get("06-longest-match", seed=5) is get("06-longest-match", seed=5)
    True
    """
    try:
        ex = EXERCISES[key]
    except KeyError:
        known = ", ".join(sorted(EXERCISES))
        raise KeyError(f"no exercise called {key!r}; known: {known}") from None
    return ex.variant(seed)


def by_lesson(lesson: str) -> list[Exercise]:
    """The exercises of lesson ``'01'`` ... ``'06'``, in order."""
    return sorted((e for e in _ALL if e.lesson == lesson), key=lambda e: e.number)


def is_right(key: str, value: Any) -> bool:
    """Whether ``value`` (a Python value or text) answers exercise ``key``."""
    return get(key).is_right(value)
