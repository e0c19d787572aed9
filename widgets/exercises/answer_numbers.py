"""Reading a number leniently and judging it against an exact answer: significant figures,
rounding slips, and rounding halves up (the numbers' part of :mod:`widgets.exercises.answers`,
whose docstring explains how commas are read).

>>> judge_number(Fraction(1, 341), Fraction("0.00293"), sig=3)
'right'
>>> round_half_up(Fraction(5, 16), 3)
'0.313'
"""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from cardgames.i18n import gettext as _

__all__ = ["AnswerFormError", "MAX_LENGTH", "judge_number", "round_half_up", "unit", "figures",
           "read_number", "read_numbers", "read_whole", "clean", "is_decimal_form"]

MAX_LENGTH = 200


class AnswerFormError(ValueError):
    """An answer written in a form the exercise cannot read (the message lists the forms)."""


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


_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$", re.I)
#: thousands separators where nothing else can be meant: 1,234,567 and 1,234.5
_THOUSANDS = re.compile(r"^[+-]?[1-9]\d{0,2}((,\d{3}){2,}(\.\d+)?|,\d{3}\.\d+)$")
#: dots between thousands, then a decimal comma: 1.234,5 (as German prints it)
_DOT_THOUSANDS = re.compile(r"^[+-]?[1-9]\d{0,2}(\.\d{3})+,\d+$")
#: 2,401: a decimal comma (read first) or a thousands separator
_AMBIGUOUS = re.compile(r"^[+-]?[1-9]\d{0,2},\d{3}$")


def _clean(text: str, *, approx: bool = False) -> str:
    """``text`` trimmed, its dashes and spaces made plain, ``≈`` and ``~`` dropped (kept
    with ``approx``, for the key's ``a/b ≈ x``)."""
    if not isinstance(text, str):
        raise AnswerFormError(_("the answer must be text"))
    if len(text) > MAX_LENGTH:
        raise AnswerFormError(_("the answer is longer than {n} characters").format(n=MAX_LENGTH))
    s = text.strip().replace("\u2212", "-").replace("\u2009", " ").replace("\u00a0", " ")
    return s.strip() if approx else s.replace("≈", "").replace("~", "").strip()


def read_number(text: str) -> Fraction:
    """A number written as a fraction, a decimal, a percentage or a whole number (exactly).

    A single comma is a decimal comma (see the module's note on commas).

    >>> read_number("1/92"), read_number("0,25"), read_number("0,760"), read_number("50%")
    (Fraction(1, 92), Fraction(1, 4), Fraction(19, 25), Fraction(1, 2))
    >>> read_number("1,234,567"), read_number("1 234"), read_number("1.234,5")
    (Fraction(1234567, 1), Fraction(1234, 1), Fraction(2469, 2))
    >>> read_number("about a third")
    Traceback (most recent call last):
    ...
    widgets.exercises.answer_numbers.AnswerFormError: cannot read 'about a third' as a number
    """
    return read_numbers(text)[0]


def read_numbers(text: str) -> tuple[Fraction, ...]:
    """Every reading of a number: one, or two for the ambiguous ``2,401`` (decimal first).

    The key's own form ``1/341 ≈ 0.00293`` is read as its exact left side, when the right
    side agrees with it to the figures written.

    >>> read_numbers("2,401"), read_numbers("0,760")
    ((Fraction(2401, 1000), Fraction(2401, 1)), (Fraction(19, 25),))
    >>> read_numbers("1/341 ≈ 0.00293")
    (Fraction(1, 341),)
    """
    cleaned = _clean(text, approx=True).replace("~", "")
    parts = [p for p in re.split(r"[≈=]", cleaned) if p.strip()]
    if len(parts) == 2:
        left, right = _readings(parts[0], text), _readings(parts[1], text)
        if not _is_decimal_form(parts[1]) or not any(
                judge_number(v, right[0], sig=_figures(right[0])) == "right" for v in left):
            raise AnswerFormError(_("the two sides of {text!r} are not the same number").format(
                text=text.strip()))
        return left
    if len(parts) != 1:
        raise AnswerFormError(_("cannot read {text!r} as a number").format(text=text.strip()))
    return _readings(parts[0], text)


def _readings(part: str, text: str) -> tuple[Fraction, ...]:
    s = part.replace(" ", "")
    percent = s.endswith("%")
    s = s.rstrip("%")
    try:
        if s.count("/") == 1:
            top, bottom = (_decimal(p)[0] for p in s.split("/"))
            if bottom == 0:
                raise AnswerFormError(_("a fraction cannot have 0 below the line"))
            values: tuple[Fraction, ...] = (Fraction(top) / Fraction(bottom),)
        else:
            values = tuple(Fraction(d) for d in _decimal(s))
    except AnswerFormError as e:
        if "below the line" in str(e):
            raise
        raise AnswerFormError(_("cannot read {text!r} as a number").format(
            text=text.strip())) from None
    return tuple(v / 100 for v in values) if percent else values


def _decimal(s: str) -> tuple[Decimal, ...]:
    """The decimal readings of ``s``: the ambiguous ``2,401`` has two (decimal comma first)."""
    if _THOUSANDS.match(s):
        forms = [s.replace(",", "")]
    elif _DOT_THOUSANDS.match(s):
        forms = [s.replace(".", "").replace(",", ".")]
    elif _AMBIGUOUS.match(s):
        forms = [s.replace(",", "."), s.replace(",", "")]
    elif s.count(",") == 1 and "." not in s:
        forms = [s.replace(",", ".")]          # a decimal comma: 0,25 or 0,760
    else:
        forms = [s]
    out = []
    for f in forms:
        if not _NUMBER.match(f):
            raise AnswerFormError(s)
        try:
            out.append(Decimal(f))
        except InvalidOperation:  # pragma: no cover - the pattern already checked it
            raise AnswerFormError(s) from None
    return tuple(out)


def _is_decimal_form(text: str) -> bool:
    """Whether the value to judge is a decimal (the left side of the key's ``a/b ≈ x`` is not)."""
    return "/" not in re.split(r"[≈=]", text)[0]


def read_whole(text: str) -> int:
    """A whole number (``2,401``, ``1 234`` and ``12.0`` are read too).

    >>> read_whole(" 2,401 "), read_whole("12.0")
    (2401, 12)
    """
    for value in read_numbers(text):
        if value.denominator == 1:
            return int(value)
    raise AnswerFormError(_("{text!r} is not a whole number").format(text=text.strip()))


#: public names for the helpers :mod:`widgets.exercises.answers` uses
unit = _unit
figures = _figures
clean = _clean
is_decimal_form = _is_decimal_form
