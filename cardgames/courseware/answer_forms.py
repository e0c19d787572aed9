"""The forms of a lesson exercise's answer: :class:`Kind`, how each is read from a
student's text (:data:`READERS`: ranks, seats, cards, choices here; numbers in
:mod:`cardgames.courseware.answer_numbers`) and printed as the key prints it
(:func:`format_answer`).  The judging is in :mod:`cardgames.courseware.answers`, which
re-exports these names.  No widgets here.

>>> sorted(read_ranks("VII, Unter and kings"))
[<Rank.SEVEN: 0>, <Rank.UNTER: 4>, <Rank.KING: 6>]
>>> format_answer(Kind.CARDS, read_cards("kh ah"))
'AH KH'
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cardgames.cards import Card, Rank, as_cards
from cardgames.courseware.answer_numbers import (
    AnswerFormError,
    read_number,
    read_whole,
    round_half_up,
)
from cardgames.courseware.answer_numbers import clean as _clean
from cardgames.errors import CardParseError
from cardgames.i18n import N_, SUPPORTED, decimal, format_count, language
from cardgames.i18n import gettext as _

__all__ = ["FORMS", "LETTERS", "READERS", "Kind", "format_answer", "normal", "read_cards",
           "read_choice", "read_pair", "read_rank", "read_ranks", "read_wholes"]


class Kind(enum.Enum):
    """How an exercise's answer is read and compared."""

    NUMBER = "number"            # a Fraction: exact fraction, or a decimal / percentage to `sig`
    WHOLE = "whole"              # a whole number
    RANK = "rank"                # one rank
    RANKS = "ranks"              # a set of ranks (order does not matter)
    WHOLES = "wholes"            # a set of whole numbers (order does not matter)
    SEAT_RANK = "seat, rank"     # (seat, rank)
    SEATS = "seat, seat"         # (seat, seat)
    CARDS = "cards"              # a set of cards
    CHOICE = "choice"            # one of the exercise's choices: its index (0 is (a))


#: msgids (translated where shown); hr and de name the decimal comma
FORMS = {
    Kind.NUMBER: N_("a fraction such as 3/92, a decimal such as 0.0326, "
                    "or a percentage such as 3.26 %"),
    Kind.WHOLE: N_("a whole number such as 7"),
    Kind.RANK: N_("a rank such as 9, IX, nines, U or Unter"),
    Kind.RANKS: N_("ranks separated by spaces or commas, such as 7 U or VII, Unter"),
    Kind.WHOLES: N_("whole numbers separated by spaces or commas, such as 2, 4"),
    Kind.SEAT_RANK: N_("a seat and a rank, such as 2, K or (2, King)"),
    Kind.SEATS: N_("two seat numbers, such as 1, 3 or (1, 3)"),
    Kind.CARDS: N_("cards in the project's notation, such as AH KH 9B"),
    Kind.CHOICE: N_("the letter of one choice, such as b"),
}

LETTERS = "abcdefgh"


def read_choice(text: str, choices: tuple[str, ...]) -> int:
    """The index of a choice given as its letter (``b``, ``(b)``, ``B)``) or its text.

    >>> read_choice("(b)", ("yes", "no")), read_choice("No", ("yes", "no"))
    (1, 1)
    >>> read_choice("(a) Yes.", ("yes", "no")), read_choice("B)", ("yes", "no"))
    (0, 1)
    """
    word = _clean(text).strip().strip(".").strip().lower()
    letters = LETTERS[:len(choices)]
    keyed = re.fullmatch(r"\(?([a-h])\)?\s*(.*)", word)     # b, (b), b), or the key's "(b) text"
    if keyed and keyed.group(1) in letters:
        i = letters.index(keyed.group(1))
        rest = keyed.group(2).strip().rstrip(".")
        if not rest or rest == choices[i].strip().rstrip(".").lower():
            return i
    for i, choice in enumerate(choices):
        if word == choice.strip().rstrip(".").lower():
            return i
    raise AnswerFormError(_("{text!r} is not one of the choices ({letters})").format(
        text=text.strip(), letters=", ".join(letters)))

def _items(text: str) -> list[str]:
    s = _clean(text)
    s = re.sub(r"[{}()\[\]]", " ", s)
    s = re.sub(r"\b(and|or|i|ili|und|oder)\b", " ", s, flags=re.I)
    return [p for p in re.split(r"[\s,;]+", s) if p]


_PLURAL = {r.plural.upper(): r for r in Rank} | {r.label.upper() + "S": r for r in Rank}


@functools.cache
def _rank_names() -> dict[str, Rank]:
    """Every rank's name, plural and nominative plural in every language (``Kralj``,
    ``Kraljevi``, ``desetke``, ``Könige``), upper-cased: a student writes their own."""
    names: dict[str, Rank] = {}
    for lang in SUPPORTED:
        with language(lang):
            for r in Rank:
                for word in (r.label, r.plural, r.plural_nominative):
                    names.setdefault(word.upper(), r)
    return names


def read_rank(text: str) -> Rank:
    """One rank: a symbol, a numeral, a name, a plural or ``Rank.NAME``.

    >>> read_rank("Rank.TEN"), read_rank("nines"), read_rank("viii"), read_rank("VII (sevens)")
    (<Rank.TEN: 3>, <Rank.NINE: 2>, <Rank.EIGHT: 1>, <Rank.SEVEN: 0>)
    """
    word = _clean(text)
    both = re.fullmatch(r"(.+?)\s*\((.+)\)", word)      # the key's own "VII (sevens)"
    if both:
        first, second = (read_rank(w) for w in both.groups())
        if first is not second:
            raise AnswerFormError(_("{text!r} names two different ranks").format(
                text=text.strip()))
        return first
    if word.upper().startswith("RANK."):
        word = word[5:]
    if word.upper() in _PLURAL:
        return _PLURAL[word.upper()]
    if word.upper() in _rank_names():
        return _rank_names()[word.upper()]
    try:
        return Rank.parse(word)
    except CardParseError:
        raise AnswerFormError(_("cannot read {text!r} as a rank").format(
            text=text.strip())) from None


def read_ranks(text: str) -> frozenset[Rank]:
    """A set of ranks (order and repeats do not matter)."""
    items = _items(text)
    if not items:
        raise AnswerFormError(_("no ranks given"))
    return frozenset(read_rank(i) for i in items)


def read_wholes(text: str) -> frozenset[int]:
    """A set of whole numbers (``{3, 5, 7}``, ``3 5 7``, ``3, 5 and 7``)."""
    items = _items(text)
    if not items:
        raise AnswerFormError(_("no numbers given"))
    return frozenset(read_whole(i) for i in items)


_PAIR_WORDS = {"seat", "seats", "player", "players", "then", "next", "plays", "rank", "is",
               # the key's own words in Croatian and German (format_answer)
               "mjesto", "mjesta", "igrač", "igrača", "zatim", "pa", "igra", "rang",
               "platz", "spieler", "dann", "danach", "spielt"}


def read_pair(text: str, second: Callable[[str], Any]) -> tuple[int, Any]:
    """A seat and a second item (a rank or a seat), also in the key's own words.

    >>> read_pair("seat 1, X (tens)", read_rank), read_pair("player 1, tens", read_rank)
    ((1, <Rank.TEN: 3>), (1, <Rank.TEN: 3>))
    >>> read_pair("seat 2, then seat 0", read_whole)
    (2, 0)
    """
    items = [i for i in _items(text) if i.lower() not in _PAIR_WORDS]
    if len(items) == 3:                 # "X (tens)": the second item named twice
        again = second(items[2])
        if second(items[1]) != again:
            raise AnswerFormError(_("{text!r} names two different second items").format(
                text=text.strip()))
        items = items[:2]
    if len(items) != 2:
        raise AnswerFormError(_("{text!r} is not two items").format(text=text.strip()))
    return read_whole(items[0]), second(items[1])


def read_cards(text: str) -> frozenset[Card]:
    """Cards in the project's notation (:func:`cardgames.as_cards`).

    >>> sorted(read_cards("ah, KH 9b"), key=str)
    [Card.parse('9B'), Card.parse('AH'), Card.parse('KH')]
    """
    try:
        cards = as_cards(" ".join(_items(text)))
    except CardParseError as e:
        raise AnswerFormError(str(e)) from None
    if not cards:
        raise AnswerFormError(_("no cards given"))
    return frozenset(cards)


READERS: dict[Kind, Callable[[str], Any]] = {
    Kind.NUMBER: read_number, Kind.WHOLE: read_whole, Kind.RANK: read_rank,
    Kind.RANKS: read_ranks, Kind.WHOLES: read_wholes,
    Kind.SEAT_RANK: lambda t: read_pair(t, read_rank),
    Kind.SEATS: lambda t: read_pair(t, read_whole), Kind.CARDS: read_cards,
}


def format_answer(kind: Kind, value: Any, *, sig: int | None = 3) -> str:
    """The answer as the key prints it.

    >>> format_answer(Kind.NUMBER, Fraction(1, 341))
    '1/341 ≈ 0.00293'
    >>> format_answer(Kind.SEAT_RANK, (1, Rank.TEN))
    'seat 1, X (tens)'
    """
    if kind is Kind.NUMBER:
        v = Fraction(value)
        if v.denominator == 1:
            return _whole(v.numerator)
        return f"{v.numerator}/{v.denominator} ≈ {decimal(round_half_up(v, sig or 3))}"
    if kind is Kind.WHOLE:
        return _whole(int(value))
    if kind is Kind.RANK:
        return f"{value.label} ({value.plural_nominative})"
    if kind is Kind.RANKS:
        return ", ".join(r.label for r in sorted(value))
    if kind is Kind.WHOLES:
        return ", ".join(str(n) for n in sorted(value))
    if kind is Kind.SEAT_RANK:
        return _("seat {seat}, {rank} ({ranks})").format(
            seat=value[0], rank=value[1].label, ranks=value[1].plural_nominative)
    if kind is Kind.SEATS:
        return _("seat {first}, then seat {second}").format(first=value[0], second=value[1])
    if kind is Kind.CARDS:
        return " ".join(sorted(str(c) for c in value))
    if kind is Kind.CHOICE:
        return f"({LETTERS[int(value)]})"
    raise ValueError(f"unknown kind {kind!r}")


def _whole(n: int) -> str:
    """A whole number as the key prints it, grouped the language's way (``4,960`` in
    English, ``4.960`` in Croatian and German: the students' answers are read the same
    way, :func:`~cardgames.courseware.answer_numbers.read_numbers`)."""
    return format_count(n)


def normal(kind: Kind, value: Any) -> Any:
    """A Python value (int, float, set of Ranks, tuple...) in the form the reader returns."""
    if kind is Kind.NUMBER:
        return value if isinstance(value, Fraction) else Fraction(value)
    if kind is Kind.WHOLE:
        return int(value)
    if kind is Kind.RANK:
        return Rank(value)
    if kind is Kind.RANKS:
        return frozenset(Rank(v) for v in value)
    if kind is Kind.WHOLES:
        return frozenset(int(v) for v in value)
    if kind is Kind.SEAT_RANK:
        return (int(value[0]), Rank(value[1]))
    if kind is Kind.SEATS:
        return (int(value[0]), int(value[1]))
    if kind is Kind.CARDS:
        return frozenset(as_cards(value))
    if kind is Kind.CHOICE:
        return int(value)
    raise ValueError(kind)
