"""Checks shared by the analysis models: a value that must be a probability.

>>> probability("1/4", "the prior π")
Fraction(1, 4)
>>> probability(0.5, "a")
Fraction(1, 2)
>>> probability(1.5, "b")
Traceback (most recent call last):
...
cardgames.errors.ConfigError: b must be a probability from 0 to 1, got 1.5
>>> probability(True, "the prior π")
Traceback (most recent call last):
...
cardgames.errors.ConfigError: the prior π must be a probability from 0 to 1, got True
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from numbers import Rational, Real
from typing import Any

from cardgames.errors import ConfigError

__all__ = ["probability"]

#: The longest text read as a probability ("0.333..." with many digits is fine).
_TEXT_MAX = 64
#: A text's exponent ("1e-3") is at most this big, so that reading it stays cheap.
_EXPONENT_MAX = 30
_EXPONENT = re.compile(r"[eE]\s*([+-]?\d+)")


def probability(value: Any, name: str) -> Fraction:
    """``value`` as an exact :class:`~fractions.Fraction` from 0 to 1; else a
    :class:`~cardgames.errors.ConfigError` naming the input ``name`` and the value.

    Takes a whole number, a float, a :class:`~fractions.Fraction` or
    :class:`~decimal.Decimal`, or text such as ``"1/4"`` or ``"0.25"`` (at most 64
    characters); a bool, NaN or an infinity is refused.
    """
    if not _readable(value):
        raise ConfigError(_message(value, name))
    try:
        q = Fraction(value)
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        raise ConfigError(_message(value, name)) from None
    if not 0 <= q <= 1:
        raise ConfigError(_message(value, name))
    return q


def _readable(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, str):
        if len(value) > _TEXT_MAX:
            return False
        exponent = _EXPONENT.search(value)
        return exponent is None or abs(int(exponent.group(1))) <= _EXPONENT_MAX
    return isinstance(value, (Rational, Real, Decimal))


def _message(value: Any, name: str) -> str:
    shown = repr(value) if not isinstance(value, str) or len(value) <= _TEXT_MAX else (
        repr(value[:_TEXT_MAX]) + f"... ({len(value)} characters)")
    return f"{name} must be a probability from 0 to 1, got {shown}"
