"""Judging a number against an exact answer: significant figures, rounding slips, and
rounding halves up (the part of :mod:`widgets.exercises.answers` that is plain arithmetic).

>>> judge_number(Fraction(1, 341), Fraction("0.00293"), sig=3)
'right'
>>> round_half_up(Fraction(5, 16), 3)
'0.313'
"""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["judge_number", "round_half_up", "unit", "figures"]


def _unit(value: Fraction, sig: int) -> Fraction:
    """One unit in the ``sig``-th significant figure of ``value`` (exact)."""
    e = math.floor(math.log10(abs(value))) if value else 0
    # correct a floating log10 at exact powers of ten
    while Fraction(10) ** e > abs(value) and value:
        e -= 1
    while Fraction(10) ** (e + 1) <= abs(value):
        e += 1
    return Fraction(10) ** (e - sig + 1)


def judge_number(answer: Fraction, given: Fraction, *, sig: int | None, exact_only: bool = False,
                 decimal: bool = True) -> str:
    """``'right'``, ``'too coarse'`` (right to fewer figures than asked), ``'rounding'`` (a
    wrong last digit: cut off or rounded the wrong way) or ``'wrong'``.

    A fraction must be exact; a decimal or percentage must lie within half a unit of the
    ``sig``-th significant figure of the answer (so both 0.00293 and 0.002933 are right for
    1/341, and 0.0029 is too coarse).  Rounded to the figures it is written with (at most
    ``sig``), a decimal one unit away from the answer rounded the same way is a rounding
    slip: 0.759 or 0.761 for 0.75975… (0.760), 5.82 for 5.8125 (5.81).

    >>> judge_number(Fraction(1, 276), Fraction("0.0036"), sig=3)
    'too coarse'
    >>> judge_number(Fraction(1, 276), Fraction("0.00362"), sig=3)
    'right'
    >>> judge_number(Fraction(1, 276), Fraction("0.00363"), sig=3)
    'rounding'
    >>> judge_number(Fraction(1, 276), Fraction("0.00365"), sig=3)
    'wrong'
    """
    if given == answer:
        return "right"
    if not decimal or sig is None or exact_only:
        return "wrong"
    if abs(given - answer) <= _unit(answer, sig) / 2:
        return "right"
    figures = _figures(given)
    if figures < sig and abs(given - answer) <= _unit(answer, figures) / 2:
        return "too coarse"
    k = min(figures, sig)
    unit = _unit(answer, k)
    if answer and abs(_round_to(given, unit) - _round_to(answer, unit)) == unit:
        return "rounding"
    return "wrong"


def _round_to(x: Fraction, unit: Fraction) -> Fraction:
    """``x`` rounded to a multiple of ``unit``, halves away from zero (as schools round)."""
    q = abs(x) / unit
    n = math.floor(q + Fraction(1, 2))
    return (n * unit) if x >= 0 else -(n * unit)


def round_half_up(x: Fraction, sig: int) -> str:
    """``x`` to ``sig`` significant figures, halves rounded up (0.3125 → 0.313, not 0.312).

    >>> round_half_up(Fraction(5, 16), 3), round_half_up(Fraction(21, 80), 3)
    ('0.313', '0.263')
    >>> round_half_up(Fraction(1, 341), 3), round_half_up(Fraction(93, 16), 3)
    ('0.00293', '5.81')
    """
    if x == 0:
        return "0"
    unit = _unit(x, sig)
    exponent = round(math.log10(unit))
    value = _round_to(x, unit)
    places = max(-exponent, 0)
    return f"{float(value):.{places}f}" if places else f"{int(value)}"


def _figures(x: Fraction) -> int:
    """How many significant figures the decimal ``x`` is written with (at most 30).

    >>> _figures(Fraction("0.0036")), _figures(Fraction("2400")), _figures(Fraction(1, 3))
    (2, 2, 30)
    """
    if x == 0:
        return 1
    for k in range(1, 30):
        unit = _unit(x, k)
        if (x / unit).denominator == 1:
            return k
    return 30


#: public names for the helpers :mod:`widgets.exercises.answers` uses
unit = _unit
figures = _figures
