"""Every 3-card Thirty-One hand, exactly: scores, kinds, distributions, probabilities.

One deck holds C(32, 3) = 4,960 hands; with the Chronicler (T2, T12) C(33, 3)
= 5,456. All are equally likely for 3 cards dealt from a shuffled deck, so
every probability here is an exact count divided by a count.

Known cards (your own hand, the table, cards seen in swaps) are taken out
with ``exclude``: the answers are then about 3 cards drawn from the cards you
have *not* seen, e.g. an opponent's hand as far as you can tell.

>>> t = hand_table(chronicler=True)
>>> len(t), len(hand_table())
(5456, 4960)
>>> t.loc[t.cards == "KH AH *", ["score", "kind", "suit"]].to_dict("records")
[{'score': 32.0, 'kind': 'suit', 'suit': 'Hearts'}]
>>> probability(at_least=33, exact=True)          # 4 ways to hold three of the 4 Aces
Fraction(1, 1240)
>>> round(probability(at_least=21, exclude="AH KH 9H"), 4)
0.124

The table is built from :func:`cardgames.thirtyone.score` (a table lookup)
in a few milliseconds and cached; each call returns a fresh DataFrame.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardgames.cards import CHRONICLER, ORDINARY_CARDS, Card, Suit, as_cards
from cardgames.errors import ConfigError

__all__ = [
    "KINDS",
    "hand_table",
    "score_distribution",
    "score_counts",
    "kind_distribution",
    "at_least_table",
    "probability",
    "known_cards",
]

#: The kinds of score, best last (``ScoreKind`` values of the engine).
KINDS = ("nothing", "suit", "three of a rank", "three Aces")
_SUIT_LABELS = tuple(s.name.title() for s in Suit)   # the data are English (labels.shown translates)


def known_cards(cards: Iterable[Card | str] | str | None) -> list[Card]:
    """Cards given as text (``"AH KH 9H"``), Cards, or card text items; Chroniclers as ``*``.

    >>> known_cards("ah *c")
    [Card.parse('AH'), Card.parse('*')]
    """
    # T12: one Chronicler, no colour
    return [CHRONICLER if c.is_chronicler else c for c in as_cards(cards)]


@lru_cache(maxsize=2)
def _base(chronicler: bool) -> tuple[Any, Any]:
    """(DataFrame of all hands, numpy bit masks of their cards), cached."""
    import numpy as np
    import pandas as pd

    from cardgames.thirtyone import score

    deck = list(ORDINARY_CARDS) + ([CHRONICLER] if chronicler else [])
    combos = list(itertools.combinations(deck, 3))
    n = len(combos)
    scores = np.fromiter((score(h) for h in combos), dtype=np.float64, count=n)
    codes = np.array([(a.code, b.code, c.code) for a, b, c in combos], dtype=np.int64)
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), codes), axis=1)

    # kind straight from the score: a suit sum is a whole number 21-32 (R-T2)
    kind_codes = np.where(scores == 33.0, 3, np.where(scores == 30.5, 2,
                                                      np.where(scores > 0, 1, 0)))
    # best suit of the SUIT hands: per-suit sums of the ordinary cards, +11 for a
    # Chronicler standing for an Ace of that suit (R-T3); ties go to the first suit
    points = np.array([c.points or 0 for c in ORDINARY_CARDS] + [0, 0, 0], dtype=np.int64)
    suit_of = np.array([c.code >> 3 for c in ORDINARY_CARDS] + [4, 4, 4], dtype=np.int64)
    sums = np.zeros((n, 5), dtype=np.int64)
    rows = np.arange(n)
    for k in range(3):
        np.add.at(sums, (rows, suit_of[codes[:, k]]), points[codes[:, k]])
    wild = (codes >= 32).any(axis=1)
    best_suit = np.argmax(sums[:, :4] + np.where(wild, 11, 0)[:, None], axis=1)
    suit_codes = np.where(kind_codes == 1, best_suit, -1)

    names = [c.notation() for c in ORDINARY_CARDS] + ["*"]
    names_arr = np.array(names + ["*", "*"], dtype=object)
    cards = names_arr[codes[:, 0]] + " " + names_arr[codes[:, 1]] + " " + names_arr[codes[:, 2]]
    frame = pd.DataFrame({
        "cards": cards,
        "score": scores,
        "kind": pd.Categorical.from_codes(kind_codes.astype(np.int64), categories=pd.Index(KINDS),
                                          ordered=True),
        "suit": pd.Categorical.from_codes(suit_codes.astype(np.int64),
                                          categories=pd.Index(_SUIT_LABELS)),
        "chronicler": wild,
    })
    frame.index.name = "hand"
    return frame, masks


def _exclusion(exclude: Any, chronicler: bool) -> int:
    cards = known_cards(exclude)
    mask = 0
    for c in cards:
        if c.is_chronicler and not chronicler:
            raise ConfigError("the Chronicler is excluded but the deck has none: pass "
                              "chronicler=True (T2)")
        bit = 1 << c.code
        if mask & bit:
            raise ConfigError(f"{c} is excluded twice: one deck has one of each card (T2)")
        mask |= bit
    return mask


def hand_table(*, chronicler: bool = False, exclude: Any = ()) -> Any:
    """A DataFrame of every 3-card hand that avoids the ``exclude``d cards.

    Columns: ``cards`` (notation in card order, Hearts first and low ranks
    first, the Chronicler last, e.g. ``'9H KH AH'``), ``score`` (T11,
    R-T2, R-T3), ``kind`` (``'nothing'``, ``'suit'``, ``'three of a rank'``,
    ``'three Aces'``; ordered categorical), ``suit`` (the scoring suit of a
    ``'suit'`` hand, Hearts first on a tie; NaN otherwise), ``chronicler``
    (whether the hand holds it). The index (``hand``) numbers the hands of the
    full deck, so it is stable under ``exclude``.

    >>> float(hand_table(exclude="AH AB").score.max())
    31.0
    """
    frame, masks = _base(bool(chronicler))
    mask = _exclusion(exclude, bool(chronicler))
    if mask:
        return frame[(masks & mask) == 0].copy()
    return frame.copy()


def score_distribution(*, chronicler: bool = False, exclude: Any = (),
                       normalize: bool = True) -> Any:
    """The distribution of the score of 3 unseen cards: a Series indexed by score.

    ``normalize=False`` gives the number of hands instead of probabilities.
    Plot it with ``score_distribution().plot.bar()``.

    >>> d = score_distribution(normalize=False)
    >>> int(d.sum()), int(d[0.0]), int(d[33.0])
    (4960, 4320, 4)
    """
    table = hand_table(chronicler=chronicler, exclude=exclude)
    return _shares(table["score"].value_counts().sort_index(), "score", normalize)


def score_counts(*, chronicler: bool = False) -> dict[float, int]:
    """How many 3-card hands of the whole deck make each score: ``{score: hands}``.

    The numbers of ``score_distribution(normalize=False)`` without pandas or numpy
    (a plain dict, cached): for an app that shows them and nothing else.

    >>> counts = score_counts()
    >>> sum(counts.values()), counts[0.0], counts[33.0]
    (4960, 4320, 4)
    """
    return dict(_score_counts(bool(chronicler)))


@lru_cache(maxsize=2)
def _score_counts(chronicler: bool) -> tuple[tuple[float, int], ...]:
    from collections import Counter

    from cardgames.thirtyone import score

    deck = list(ORDINARY_CARDS) + ([CHRONICLER] if chronicler else [])
    counts = Counter(score(h) for h in itertools.combinations(deck, 3))
    return tuple(sorted(counts.items()))


def at_least_table(*, chronicler: bool = False, exclude: Any = ()) -> Any:
    """P(score >= x) for every score x that occurs: a Series indexed by score.

    >>> t = at_least_table()
    >>> round(float(t[21.0]), 4), round(float(t[33.0]), 5), float(t[0.0])
    (0.129, 0.00081, 1.0)
    """
    dist = score_distribution(chronicler=chronicler, exclude=exclude)
    out = dist[::-1].cumsum()[::-1]
    out.name = "P(score >= x)"
    return out


def kind_distribution(*, chronicler: bool = False, exclude: Any = (),
                      normalize: bool = True) -> Any:
    """How likely each kind of score is (``nothing``, ``suit``, ``three of a rank``...).

    >>> kind_distribution(normalize=False).to_dict()
    {'nothing': 4320, 'suit': 608, 'three of a rank': 28, 'three Aces': 4}
    """
    table = hand_table(chronicler=chronicler, exclude=exclude)
    return _shares(table["kind"].value_counts(sort=False).reindex(list(KINDS), fill_value=0),
                   "kind", normalize)


def _shares(counts: Any, index: str, normalize: bool) -> Any:
    """``counts`` (a Series of hands per value, its index named ``index``) as counts of
    ``"hands"``, or (``normalize``) as their ``"probability"``."""
    counts.index.name = index
    if normalize:
        out = counts / counts.sum()
        out.name = "probability"
        return out
    counts.name = "hands"
    return counts


def probability(*, at_least: float | None = None, exactly: float | None = None,
                at_most: float | None = None, kind: str | None = None,
                chronicler: bool = False, exclude: Any = (), exact: bool = False) -> Any:
    """P(3 unseen cards score ...): ``at_least``, ``exactly`` and/or ``at_most`` a value,
    and/or are of a ``kind``; several conditions must all hold.

    ``exact=True`` returns a :class:`fractions.Fraction`, else a float.

    >>> probability(at_least=21, exact=True)
    Fraction(4, 31)
    >>> probability(exactly=31, exact=True), probability(kind="three of a rank", exact=True)
    (Fraction(3, 620), Fraction(7, 1240))
    """
    if at_least is None and exactly is None and at_most is None and kind is None:
        at_least = 21
    if kind is not None and kind not in KINDS:
        raise ConfigError(f"unknown kind {kind!r}: use one of {', '.join(KINDS)}")
    frame, masks = _base(bool(chronicler))
    mask = _exclusion(exclude, bool(chronicler))
    import numpy as np

    keep = (masks & mask) == 0 if mask else np.ones(len(frame), dtype=bool)
    scores = frame["score"].to_numpy()
    hit = keep.copy()
    if at_least is not None:
        hit &= scores >= at_least
    if exactly is not None:
        hit &= scores == exactly
    if at_most is not None:
        hit &= scores <= at_most
    if kind is not None:
        hit &= (frame["kind"] == kind).to_numpy()
    total = int(keep.sum())
    if total == 0:
        raise ConfigError("fewer than 3 cards are left once the excluded cards are removed")
    result = Fraction(int(hit.sum()), total)
    return result if exact else float(result)
