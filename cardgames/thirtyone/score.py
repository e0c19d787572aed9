"""Scoring a Thirty-One hand: T3, T11, T12 and the rulings R-T2, R-T3.

A hand of 3 cards scores the largest of

* the sum of its best single suit, if that sum is at least 21, else 0
  (T11; R-T2: only cards of one suit add up, so an Ace and a King of
  different suits are not 21);
* 30.5 for three cards of one rank (T11);
* 33 for three Aces (T11, T14, R-T7).

A Chronicler (``*``, ``*C`` or ``*P``: all three count as the Chronicler of
T12) stands for whichever card gives the hand its highest score, a copy of a
card already held included (R-T3).

:func:`score` is the hot path: one lookup in a table of all
35 x 35 x 35 ordered code triples, built on the first call (about 30 ms),
so ``import cardgames`` stays fast.

>>> score("AH KH 9H")
30.0
>>> score("AH KB 9L")          # R-T2: an Ace and a King of different suits
0.0
>>> score("OH OB OL"), score("AH AB AL")
(30.5, 33.0)
>>> score("AH KH *"), score("AH AB *"), score("7H 7B *")      # R-T3
(32.0, 33.0, 30.5)
>>> explain("AH KH 9H")
'Hearts: Ace 11 + King 10 + IX 9 = 30 (T11)'
>>> explain("AH KH *")
'Chronicler as Ace of Hearts: Hearts: Ace 11 + Ace 11 + King 10 = 32 (T11, T12, R-T3)'
>>> score_kind("OH OB OL")
<ScoreKind.THREE_OF_A_RANK: 'three of a rank'>
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from cardgames.cards import (
    ORDINARY_CARDS,
    Card,
    Hand,
    Rank,
    Suit,
    as_cards,
)
from cardgames.errors import CardParseError
from cardgames.i18n import N_, localized, ngettext
from cardgames.i18n import gettext as _

__all__ = [
    "score",
    "score_table",
    "score_kind",
    "suit_total",
    "classify",
    "explain",
    "ScoreKind",
    "Explanation",
    "MIN_SCORE",
    "THREE_OF_A_RANK_SCORE",
    "THREE_ACES_SCORE",
]

#: The lowest score that counts (T11): an Ace and a ten-card of one suit.
MIN_SCORE = 21
#: Three cards of one rank (T11).
THREE_OF_A_RANK_SCORE = 30.5
#: Three Aces (T11): an instant win (T14, R-T7).
THREE_ACES_SCORE = 33.0

_WILD = 32  # the normalised code of every Chronicler form (*, *C, *P)
_POINTS = [c.rank.points for c in ORDINARY_CARDS]  # type: ignore[union-attr]
_ACE = int(Rank.ACE)


class ScoreKind(enum.Enum):
    """What a hand's score is made of."""

    NOTHING = "nothing"                  #: no suit reaches 21: 0 (T11)
    SUIT = "suit"                        #: the best suit's sum, 21-32 (T11, R-T2)
    THREE_OF_A_RANK = "three of a rank"  #: 30.5 (T11)
    THREE_ACES = "three Aces"            #: 33 (T11)


def _kind_of(value: float) -> ScoreKind:
    # A suit sum is a whole number of at most 32, so the score alone tells the kind.
    if value == THREE_ACES_SCORE:
        return ScoreKind.THREE_ACES
    if value == THREE_OF_A_RANK_SCORE:
        return ScoreKind.THREE_OF_A_RANK
    if value == 0:
        return ScoreKind.NOTHING
    return ScoreKind.SUIT


# --------------------------------------------------------------------------- table

def _plain_score(a: int, b: int, c: int) -> float:
    """The score of three ordinary card codes (0-31), straight from T11/R-T2."""
    sums = [0, 0, 0, 0]
    for code in (a, b, c):
        sums[code >> 3] += _POINTS[code]
    best = max(sums)
    value = float(best) if best >= MIN_SCORE else 0.0
    if (a & 7) == (b & 7) == (c & 7):
        value = max(value, THREE_ACES_SCORE if (a & 7) == _ACE else THREE_OF_A_RANK_SCORE)
    return value


def _build_tables() -> tuple[list[float], list[int]]:
    """Score and raw best-suit total of every ordered triple of codes 0-34.

    First every multiset of 3 normalised codes (0-31 ordinary, 32 the
    Chronicler) in a 33 x 33 x 33 table: ordinary cards straight from T11/R-T2;
    then R-T3: a Chronicler is the best of the 32 cards it can stand for
    (a copy included), one Chronicler at a time.  Then the 35-code table.
    """
    n = _WILD + 1
    val = [0.0] * (n * n * n)
    tot = [0] * (n * n * n)

    def put(a: int, b: int, c: int, value: float, total: int) -> None:
        for x, y, z in {(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)}:
            i = (x * n + y) * n + z
            val[i] = value
            tot[i] = total

    points = _POINTS
    for a, b, c in itertools.combinations_with_replacement(range(_WILD), 3):
        sums = [0, 0, 0, 0]
        sums[a >> 3] += points[a]
        sums[b >> 3] += points[b]
        sums[c >> 3] += points[c]
        put(a, b, c, _plain_score(a, b, c), max(sums))
    # R-T3: (a, b, *), then (a, *, *), then (*, *, *): the last Chronicler is the best
    # of the 32 cards, given the triples with one Chronicler fewer (already filled)
    for wilds in (1, 2, 3):
        for rest in itertools.combinations_with_replacement(range(_WILD), 3 - wilds):
            k0, k1 = rest + (_WILD,) * (wilds - 1)
            base = (k0 * n + k1) * n
            put(k0, k1, _WILD, max(val[base:base + _WILD]), max(tot[base:base + _WILD]))

    norm = [min(code, _WILD) for code in range(35)]
    values: list[float] = []
    totals: list[int] = []
    for a in range(35):
        for b in range(35):
            base = (norm[a] * n + norm[b]) * n
            values.extend([val[base + c] for c in norm])
            totals.extend([tot[base + c] for c in norm])
    return values, totals


# score and best-suit total of 3 cards: _SCORES[a.code][b.code][c.code] (built on first use)
_SCORES: list[list[list[float]]] | None = None
_TOTALS: list[list[list[int]]] | None = None


def _tables() -> tuple[list[list[list[float]]], list[list[list[int]]]]:
    global _SCORES, _TOTALS
    if _SCORES is None or _TOTALS is None:
        values, totals = _build_tables()
        _SCORES = [[values[(a * 35 + b) * 35:(a * 35 + b + 1) * 35] for b in range(35)]
                   for a in range(35)]
        _TOTALS = [[totals[(a * 35 + b) * 35:(a * 35 + b + 1) * 35] for b in range(35)]
                   for a in range(35)]
    return _SCORES, _TOTALS


def score_table() -> list[list[list[float]]]:
    """The scores of all ordered triples of card codes: ``score_table()[a.code][b.code][c.code]``.

    For engines and bots that hold Cards already (no input checks: the caller
    guarantees 3 :class:`~cardgames.cards.Card`); everyone else calls :func:`score`.

    >>> from cardgames.cards import parse_cards
    >>> a, b, c = parse_cards("AH KH 9H")
    >>> score_table()[a.code][b.code][c.code]
    30.0
    """
    return _SCORES if _SCORES is not None else _tables()[0]


def _three(cards: object, what: str) -> tuple[Card, Card, Card]:
    """The 3 cards of ``cards`` (any input :func:`~cardgames.cards.as_cards` reads)."""
    if cards is None:
        raise CardParseError(_("{what} needs 3 cards, as Cards or text such as 'AH KH 9H', "
                               "not None").format(what=what))
    items = as_cards(cards)  # type: ignore[arg-type]  # as_cards checks the type itself
    if len(items) != 3:
        raise CardParseError(_("{what} needs exactly 3 cards (a Thirty-One hand, T4), "
                               "got {n}: {cards!r}").format(what=what, n=len(items),
                                                           cards=cards))
    return items[0], items[1], items[2]


def score(cards: Iterable[Card] | str) -> float:
    """The score of 3 cards (T11, T12, R-T2, R-T3), as a float.

    ``cards`` is anything :func:`~cardgames.cards.as_cards` reads: text such
    as ``"AH KH 9H"``, or any iterable (a generator too) of
    :class:`~cardgames.cards.Card` or card text.  The result depends only on
    the cards, never on the input's type or order of calls.  Anything else, or
    a number of cards other than 3, raises
    :class:`~cardgames.errors.CardParseError`.  A list or tuple of 3 Cards
    takes the fast path (one table lookup, no conversion).

    >>> score("10H AH 7B")         # Ace + a ten-card of one suit: 21
    21.0
    >>> score("7H 8H 9B")          # no suit reaches 21
    0.0
    >>> from cardgames.cards import parse_cards
    >>> score(c for c in parse_cards("AH KH 9H"))
    30.0
    >>> score(["AH", "KH"])
    Traceback (most recent call last):
    ...
    cardgames.errors.CardParseError: score needs exactly 3 cards (a Thirty-One hand, T4), got 2: ['AH', 'KH']
    """
    # The fast path: a tuple, list or Hand (never consumed by reading it, unlike
    # a generator; a str is not one of them) of 3 Cards, one table lookup.  It
    # reads ``Card._index``, a slot only Cards have (a look-alike with a
    # ``code`` has no ``_index``).  Any other content (card text, a wrong
    # count, the table not built yet) falls through to the checked reader
    # below, which reads the same untouched container again: the result
    # depends only on the cards, never on the input's type or earlier calls.
    # (Per-card type checks instead cost ~20% of the call: docs/analysis.md.)
    cls = type(cards)
    if cls is tuple or cls is list or cls is Hand:
        try:
            a, b, c = cards  # type: ignore[str-unpack]  # list, tuple or Hand (checked above)
            return _SCORES[a._index][b._index][c._index]  # type: ignore[index, union-attr]
        except (ValueError, AttributeError, TypeError, IndexError):
            pass
    a, b, c = _three(cards, "score")
    return _tables()[0][a.code][b.code][c.code]


def score_kind(cards: Iterable[Card] | str) -> ScoreKind:
    """What the score of 3 cards is made of (see :class:`ScoreKind`).

    >>> score_kind("AH KH 9H"), score_kind("AH AB *"), score_kind("7H 8B 9L")
    (<ScoreKind.SUIT: 'suit'>, <ScoreKind.THREE_ACES: 'three Aces'>, <ScoreKind.NOTHING: 'nothing'>)
    """
    return _kind_of(score(cards))


def suit_total(cards: Iterable[Card] | str) -> int:
    """The best single-suit sum of 3 cards, whether or not it reaches 21.

    A Chronicler counts as the card that makes this largest (an Ace of the
    best suit).  Useful to compare hands that both score 0 (bots, lessons).

    >>> suit_total("7H 8H 9B"), suit_total("7H 8B *"), score("7H 8B *")
    (15, 19, 0.0)
    """
    cls = cards.__class__          # the fast path of score(): 3 Cards in a tuple or list
    if (cls is tuple or cls is list or cls is Hand) and len(cards) == 3:  # type: ignore[arg-type]
        a, b, c = cards  # type: ignore[str-unpack]  # a tuple, list or Hand (checked above)
        if a.__class__ is Card and b.__class__ is Card and c.__class__ is Card:
            totals = _TOTALS
            if totals is None:
                totals = _tables()[1]
            return totals[a.code][b.code][c.code]
    a, b, c = _three(cards, "suit_total")
    return _tables()[1][a.code][b.code][c.code]


# --------------------------------------------------------------------------- explain

_KIND_PRIORITY = {ScoreKind.THREE_ACES: 3, ScoreKind.THREE_OF_A_RANK: 2,
                  ScoreKind.SUIT: 1, ScoreKind.NOTHING: 0}


@dataclass(frozen=True)
class Explanation:
    """Why 3 cards score what they score; ``str()`` gives it in words.

    ``counted`` are the cards as scored (each Chronicler replaced by the card
    it stands for, R-T3); ``chronicler_as`` those replacements in order;
    ``suit``/``suit_total`` the best suit and its sum (also for a 0 hand);
    ``rank`` the rank of three of a rank / three Aces.

    >>> e = classify("7H 8B *")
    >>> e.score, e.kind, e.suit, e.suit_total
    (0.0, <ScoreKind.NOTHING: 'nothing'>, <Suit.BELLS: 1>, 19)
    >>> print(e)
    Chronicler as Ace of Bells: no suit reaches 21 (best: Bells 19) → 0 (T11)
    """

    cards: tuple[Card, ...]
    counted: tuple[Card, ...]
    score: float
    kind: ScoreKind
    suit: Suit | None
    suit_total: int
    rank: Rank | None
    chronicler_as: tuple[Card, ...]

    @property
    def text(self) -> str:
        """The explanation in words a student reads (in the current language)."""
        return self.describe()

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        """:attr:`text`, with an optional ``lang=``."""
        body = self._body()
        if not self.chronicler_as:
            return body
        jokers = [c for c in self.cards if c.is_chronicler]
        parts = [_("{chronicler} as {card}").format(chronicler=j.name, card=x.name)
                 for j, x in zip(jokers, self.chronicler_as)]
        return ", ".join(parts) + ": " + body

    def _body(self) -> str:
        rules = "T11, T12, R-T3" if self.chronicler_as else "T11"
        if self.kind is ScoreKind.THREE_ACES:
            return _("three Aces: 33, an instant win ({rules}, T14, R-T7)").format(rules=rules)
        if self.kind is ScoreKind.THREE_OF_A_RANK:
            assert self.rank is not None
            return _(_THREE_OF[self.rank]).format(rules=rules)
        assert self.suit is not None
        if self.kind is ScoreKind.NOTHING:
            return _("no suit reaches 21 (best: {suit} {total}) → 0 (T11)").format(
                suit=self.suit.label, total=self.suit_total)
        in_suit = sorted((c for c in self.counted if c.suit is self.suit),
                         key=lambda c: (-c.points, -c.rank), )  # type: ignore[operator]
        terms = " + ".join(f"{c.rank.label} {c.points}" for c in in_suit)  # type: ignore[union-attr]
        text = f"{self.suit.label}: {terms} = {self.suit_total} ({rules})"
        others = [c for c in self.counted if c.suit is not self.suit]
        if others:
            names = _(" and ").join(_("the {card}").format(card=c.name) for c in others)
            text += "; " + ngettext("{cards} does not count: only one suit adds up (R-T2)",
                                    "{cards} do not count: only one suit adds up (R-T2)",
                                    len(others)).format(cards=names)
        return text

    def __str__(self) -> str:
        return self.text


_THREE_OF = {
    Rank.SEVEN: N_("three sevens: 30.5 ({rules})"),
    Rank.EIGHT: N_("three eights: 30.5 ({rules})"),
    Rank.NINE: N_("three nines: 30.5 ({rules})"),
    Rank.TEN: N_("three tens: 30.5 ({rules})"),
    Rank.UNTER: N_("three Unters: 30.5 ({rules})"),
    Rank.OBER: N_("three Obers: 30.5 ({rules})"),
    Rank.KING: N_("three Kings: 30.5 ({rules})"),
}


def _classify_plain(cards: tuple[Card, ...]) -> tuple[float, int, int, Suit, int, Rank | None]:
    sums = [0, 0, 0, 0]
    for c in cards:
        sums[c.suit] += c.points  # type: ignore[index,operator]
    total = max(sums)
    suit = Suit(sums.index(total))
    value = _plain_score(*(c.code for c in cards))
    kind = _kind_of(value)
    rank = cards[0].rank if kind in (ScoreKind.THREE_ACES, ScoreKind.THREE_OF_A_RANK) else None
    return value, _KIND_PRIORITY[kind], total, suit, total, rank


def classify(cards: Iterable[Card] | str) -> Explanation:
    """Score 3 cards and say how (an :class:`Explanation`).

    Where a Chronicler can stand for several cards with the same score, the
    first in card order is shown (Hearts before Bells, low ranks first).

    >>> classify("KH AH 7B").kind, classify("KH AH 7B").suit
    (<ScoreKind.SUIT: 'suit'>, <Suit.HEARTS: 0>)
    """
    given = _three(cards, "explain")
    wild_at = [i for i, c in enumerate(given) if c.is_chronicler]
    best = None
    best_key = None
    for subs in itertools.product(ORDINARY_CARDS, repeat=len(wild_at)):
        counted = list(given)
        for i, x in zip(wild_at, subs):
            counted[i] = x
        counted_t = tuple(counted)
        value, prio, total, suit, _total, rank = _classify_plain(counted_t)
        key = (value, prio, total)
        if best_key is None or key > best_key:
            best_key = key
            best = (counted_t, value, suit, total, rank, tuple(subs))
    assert best is not None
    counted_t, value, suit, total, rank, subs = best
    kind = _kind_of(value)
    return Explanation(cards=tuple(given), counted=counted_t, score=value, kind=kind,
                       suit=suit, suit_total=total, rank=rank, chronicler_as=subs)


def explain(cards: Iterable[Card] | str, *, lang: str | None = None) -> str:
    """Why 3 cards score what they score, in words (cites T11, R-T2, R-T3).

    In the current language, or in ``lang``.

    >>> explain("AH KH 7B")
    'Hearts: Ace 11 + King 10 = 21 (T11); the VII of Bells does not count: only one suit adds up (R-T2)'
    >>> explain("OH OB OL")
    'three Obers: 30.5 (T11)'
    >>> explain("AH KB 9L")
    'no suit reaches 21 (best: Hearts 11) → 0 (T11)'
    >>> explain("AH KH 7B", lang="hr")
    'Srce: As 11 + Kralj 10 = 21 (T11); VII bundeve se ne broji: zbraja se samo jedna boja (R-T2)'
    """
    return classify(cards).describe(lang=lang)
