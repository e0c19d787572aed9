"""Reading a number leniently and judging it against an exact answer: significant figures,
rounding slips, and rounding halves up (the numbers' part of :mod:`cardgames.courseware.answers`,
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
           "read_number", "read_numbers", "read_whole", "clean", "is_decimal_form", "canonical"]

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
    1/341, and 0.0029 is too coarse); exactly half a unit away, only the half rounded up
    is right (0.313 for 5/16 = 0.3125; 0.312 is a rounding slip).  Rounded to the figures it is written with (at most
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
    >>> judge_number(Fraction(5, 16), Fraction("0.312"), sig=3)
    'rounding'
    """
    if given == answer:
        return "right"
    if not decimal or sig is None or exact_only:
        return "wrong"
    half = _unit(answer, sig) / 2
    off = abs(given - answer)
    if off < half or (off == half and _round_to(given, 2 * half) == _round_to(answer, 2 * half)):
        return "right"                 # exactly half a unit off: only if it rounds the same
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


#: the other way of writing numbers, by the page's language: a decimal point and grouping
#: commas (``en``) or a decimal comma and grouping points (``hr``, ``de``)
_OTHER = {"en": "de", "hr": "en", "de": "en"}


def _clean(text: str, *, approx: bool = False) -> str:
    """``text`` trimmed, its dashes and spaces made plain, ``≈`` and ``~`` dropped (kept
    with ``approx``, for the key's ``a/b ≈ x``)."""
    if not isinstance(text, str):
        raise AnswerFormError(_("the answer must be text"))
    if len(text) > MAX_LENGTH:
        raise AnswerFormError(_("the answer is longer than {n} characters").format(n=MAX_LENGTH))
    s = text.strip().replace("\u2212", "-").replace("\u2009", " ").replace("\u00a0", " ")
    s = s.replace("\u202f", " ")
    return s.strip() if approx else s.replace("≈", "").replace("~", "").strip()


def read_number(text: str, lang: str | None = None) -> Fraction:
    """A number written as a fraction, a decimal, a percentage or a whole number (exactly),
    in the way of ``lang`` (default: the page's language) first (see :func:`read_numbers`).

    >>> read_number("1/92"), read_number("0,25"), read_number("0.760"), read_number("50%")
    (Fraction(1, 92), Fraction(1, 4), Fraction(19, 25), Fraction(1, 2))
    >>> read_number("1,234,567"), read_number("1 234"), read_number("1.234,5")
    (Fraction(1234567, 1), Fraction(1234, 1), Fraction(2469, 2))
    >>> read_number("2.401", "hr"), read_number("2.401", "en")
    (Fraction(2401, 1), Fraction(2401, 1000))
    >>> read_number("about a third")
    Traceback (most recent call last):
    ...
    cardgames.courseware.answer_numbers.AnswerFormError: cannot read 'about a third' as a number
    """
    return read_numbers(text, lang)[0]


def read_numbers(text: str, lang: str | None = None) -> tuple[Fraction, ...]:
    """Every reading of a number: the page language's first (Babel's strict, locale-aware
    parsing), then the other way of writing, when it reads too and differs.

    ``lang`` is ``en`` (decimal point, grouping comma), ``hr`` or ``de`` (decimal comma,
    grouping point); default: the current language.  Precisely: the page's way is read
    first; the other way (``en`` ↔ ``de``) is read when the page's way cannot read it
    (``0,5`` on an English page, ``0.5`` on a Croatian one: grouping never starts with 0
    nor has a group of one or two digits), and is a **second reading** only when the text
    has the page's grouping mark and not its decimal mark, and the two ways give different
    numbers: ``2,401`` on an English page (2401 or 2.401), ``2.401`` or ``1.500`` on a
    Croatian or German one (2401 or 2.401).  ``4.125`` on an English page and ``5,813``
    on a German one are decimals: the page's decimal mark is never a grouping mark.
    :class:`~cardgames.courseware.answers.Exercise` asks back which of two readings is meant,
    unless the answer is a count (then the page's whole reading: ``2.401`` is 2401 in hr
    and de, as their lessons print it).  Spaces between digit groups (``12 345``) are
    dropped.  The key's own form ``1/341 ≈ 0.00293`` is
    read as its exact left side, when the right side agrees with it to the figures written.

    >>> read_numbers("2,401", "en"), read_numbers("0,760", "en")
    ((Fraction(2401, 1), Fraction(2401, 1000)), (Fraction(19, 25),))
    >>> read_numbers("2.401", "de"), read_numbers("0.5", "hr")
    ((Fraction(2401, 1), Fraction(2401, 1000)), (Fraction(1, 2),))
    >>> read_numbers("1/341 ≈ 0.00293", "en")
    (Fraction(1, 341),)
    """
    from cardgames.i18n import get_language

    code = lang or get_language()
    if code not in _OTHER:
        code = "en"
    cleaned = _clean(text, approx=True).replace("~", "")
    parts = [p for p in re.split(r"[≈=]", cleaned) if p.strip()]
    if len(parts) == 2:
        left, right = _readings(parts[0], text, code), _readings(parts[1], text, code)
        if not _is_decimal_form(parts[1]) or not any(
                judge_number(v, r, sig=_figures(r)) == "right" for v in left for r in right):
            raise AnswerFormError(_("the two sides of {text!r} are not the same number").format(
                text=text.strip()))
        return left
    if len(parts) != 1:
        raise AnswerFormError(_("cannot read {text!r} as a number").format(text=text.strip()))
    return _readings(parts[0], text, code)


def _readings(part: str, text: str, lang: str) -> tuple[Fraction, ...]:
    s = part.replace(" ", "")
    percent = s.endswith("%")
    s = s.rstrip("%")
    try:
        if s.count("/") == 1:
            top, bottom = (_decimal(p, lang)[0] for p in s.split("/"))
            if bottom == 0:
                raise AnswerFormError(_("a fraction cannot have 0 below the line"))
            values: tuple[Fraction, ...] = (Fraction(top) / Fraction(bottom),)
        else:
            values = tuple(Fraction(d) for d in _decimal(s, lang))
    except AnswerFormError as e:
        if "below the line" in str(e):
            raise
        raise AnswerFormError(_("cannot read {text!r} as a number").format(
            text=text.strip())) from None
    return tuple(v / 100 for v in values) if percent else values


def _decimal(s: str, lang: str) -> tuple[Decimal, ...]:
    """The readings of ``s`` (no spaces): ``lang``'s way, then the other way if it differs
    (Babel's ``parse_decimal``, strict: grouping only in groups of three)."""
    from babel.numbers import NumberFormatError, parse_decimal

    if not s or len(s) > 40 or not re.fullmatch(r"[+-]?[\d.,]+([eE][+-]?\d{1,3})?", s):
        raise AnswerFormError(s)
    def parse(code: str) -> Decimal | None:
        try:
            value = parse_decimal(s, locale=code, strict=True)
        except (NumberFormatError, InvalidOperation, ValueError):
            return None
        return value if value.is_finite() else None

    own, other = parse(lang), parse(_OTHER[lang])
    if own is None and other is None:
        raise AnswerFormError(s)
    if own is None or other is None or own == other:
        return (own if own is not None else other,)   # type: ignore[return-value]
    # both read and differ: the page's decimal mark is a decimal mark; only its grouping
    # mark may be the other way's decimal mark (2,401 on an English page)
    point = "." if lang == "en" else ","
    return (own,) if point in s else (own, other)


def canonical(text: str, lang: str | None = None) -> str | None:
    """A number as typed, written one way (decimal point, no grouping), for grouping the
    class's answers (``0,5`` and ``0.5`` are one answer; ``16/4.960`` is ``16/4960``);
    ``None`` if it does not read as one number.

    >>> canonical("0,5", "hr"), canonical("0.5", "en"), canonical("16 / 4.960", "de")
    ('0.5', '0.5', '16/4960')
    >>> canonical("3,26 %", "hr"), canonical("2,401", "en") is None
    ('3.26 %', True)
    """
    from cardgames.i18n import get_language

    code = lang or get_language()
    if code not in _OTHER:
        code = "en"
    try:
        s = _clean(text).replace(" ", "")
    except AnswerFormError:
        return None
    percent = s.endswith("%")
    s = s.rstrip("%")
    try:
        parts = [_decimal(p, code) for p in s.split("/")] if s.count("/") <= 1 else []
    except AnswerFormError:
        return None
    if not parts or (len(parts) == 1 and len(parts[0]) != 1):
        return None                  # two readings: as the judge, asked back (a fraction's
                                     # parts are read the page's way first, as judged)
    out = "/".join(format(p[0], "f") for p in parts)
    return out + " %" if percent else out


def _is_decimal_form(text: str) -> bool:
    """Whether the value to judge is a decimal (the left side of the key's ``a/b ≈ x`` is not)."""
    return "/" not in re.split(r"[≈=]", text)[0]


def read_whole(text: str, lang: str | None = None) -> int:
    """A whole number (``2,401``, ``1 234`` and ``12.0`` are read too): the first whole
    reading of :func:`read_numbers`.

    >>> read_whole(" 2,401 ", "en"), read_whole("12.0", "en"), read_whole("2.401", "de")
    (2401, 12, 2401)
    """
    for value in read_numbers(text, lang):
        if value.denominator == 1:
            return int(value)
    raise AnswerFormError(_("{text!r} is not a whole number").format(text=text.strip()))


#: public names for the helpers :mod:`cardgames.courseware.answers` uses
unit = _unit
figures = _figures
clean = _clean
is_decimal_form = _is_decimal_form
