"""Thirty-One: how likely revealing now is to cost you a life, every opponent hand enumerated.

**The model** (what it conditions on and what it assumes, beyond the rules):

* Two players, one deck, no Chronicler.  You know your hand and the three table cards
  (**R-T9**); the opponent holds 3 of the other 26 cards.
* *Conditioned on the deal still going on.*  Three Aces end a deal at once, whenever a
  player holds them (**R-T7**): at a decision point the opponent cannot hold them, so
  those hands are ruled out (one hand when you see one Ace, four when you see none).
* *Assumed:* every remaining opponent hand is equally likely.  The shuffle makes the deal
  uniform, but this ignores what the opponent's earlier choices (the dealer's keep or
  exchange, **T4**; swaps and passes) tell about their hand.
* After your reveal the opponent plays the best legal final turn (**R-T6**: stand, or a
  swap that scores at least 21); the lower score loses a life, a tie costs you one too
  (**T13**).

>>> r = reveal_risk("AH KH 9B", "10H 7L OA")
>>> r.p_lose, r.hands, r.ruled_out
(Fraction(1481, 2599), 2599, 1)
>>> reveal_risk("OB KB AB", "10H 7L OA").p_lose
Fraction(144, 2599)

:func:`risk_by_score` does it for every hand you could hold, grouped by score: hands of
one score carry different risks, so a score's row names its lowest and highest risk (every
hand that ties for them) and a *typical* hand, the median one.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from cardgames.cards import ORDINARY_CARDS, Card, as_cards
from cardgames.errors import ConfigError

__all__ = ["RevealRisk", "ScoreRisk", "reveal_risk", "risk_by_score"]


@dataclass(frozen=True)
class RevealRisk:
    """The enumeration behind :func:`reveal_risk`.

    ``p_lose`` is P(you lose a life | the deal is still on); ``hands`` the opponent hands
    it counts over; ``ruled_out`` the three-Aces hands that R-T7 excludes; ``finals`` the
    opponent's score after their final turn, one per counted hand, in enumeration order.
    """

    p_lose: Fraction
    hands: int
    ruled_out: int
    finals: tuple[float, ...]

    def final_counts(self) -> dict[float, int]:
        """How many opponent hands end on each score, lowest first."""
        return dict(sorted(Counter(self.finals).items()))


def reveal_risk(hand: Iterable[Card | str] | str, table: Iterable[Card | str] | str, *,
                condition_on_deal_going_on: bool = True) -> RevealRisk:
    """P(you lose a life if you reveal ``hand`` now, with ``table`` face up), exactly.

    ``condition_on_deal_going_on=False`` counts the three-Aces hands too (all C(26, 3)
    hands: the unconditioned count the lessons used to print).

    >>> reveal_risk("AH KH 9B", "10H 7L OA", condition_on_deal_going_on=False).p_lose
    Fraction(57, 100)
    >>> reveal_risk("AH KH", "10H 7L OA")
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: the hand and the table must be 3 cards each, 6 different ordinary cards (T4), got 'AH KH' and '10H 7L OA'
    """
    mine, tab = as_cards(hand), as_cards(table)
    cards = [*mine, *tab]
    if (len(mine) != 3 or len(tab) != 3 or len(set(cards)) != 6
            or any(c.is_chronicler for c in cards)):
        raise ConfigError("the hand and the table must be 3 cards each, 6 different ordinary "
                          f"cards (T4), got {_text(hand)!r} and {_text(table)!r}")
    return _risk(tuple(sorted(mine, key=_code)), tuple(sorted(tab, key=_code)),
                 condition_on_deal_going_on)


def _text(cards: object) -> str:
    return cards if isinstance(cards, str) else " ".join(str(c) for c in cards)  # type: ignore[attr-defined]


def _code(card: Card) -> int:
    return card.code


@lru_cache(maxsize=512)
def _risk(mine: tuple[Card, ...], tab: tuple[Card, ...], condition: bool) -> RevealRisk:
    from cardgames.thirtyone import ScoreKind, score, score_kind
    from cardgames.thirtyone.bots import final_turn_best

    mine_score = score(mine)
    others = [c for c in ORDINARY_CARDS if c not in mine and c not in tab]
    finals: list[float] = []
    ruled_out = 0
    for theirs in itertools.combinations(others, 3):
        if condition and score_kind(theirs) is ScoreKind.THREE_ACES:
            ruled_out += 1                # R-T7: the deal would have ended already
            continue
        finals.append(final_turn_best(theirs, tab))
    lost = sum(f >= mine_score for f in finals)
    return RevealRisk(Fraction(lost, len(finals)), len(finals), ruled_out, tuple(finals))


@dataclass(frozen=True)
class ScoreRisk:
    """Every hand of one score, revealed at one table (:func:`risk_by_score`).

    ``typical`` is the median hand: the hands sorted by risk (ties by their cards, as
    written), the middle one, or the lower of the two middle ones; ``typical_risk`` its
    risk.  ``safest`` and ``riskiest`` are every hand with the lowest and the highest risk
    (a tie is named as a tie, never one hand picked from it).
    """

    score: float
    hands: int
    lowest: Fraction
    highest: Fraction
    typical: str
    typical_risk: Fraction
    safest: tuple[str, ...]
    riskiest: tuple[str, ...]


def risk_by_score(table: Iterable[Card | str] | str, *, low: float = 21,
                  below: float = 33) -> tuple[ScoreRisk, ...]:
    """P(you lose a life if you reveal now) for every hand you could hold beside ``table``
    whose score is at least ``low`` and below ``below`` (three Aces, 33, end the deal
    without a reveal, **R-T7**), grouped by score, lowest first.

    >>> rows = risk_by_score("10H 7L OA", low=24, below=25)
    >>> [(r.score, r.hands, r.typical, r.typical_risk) for r in rows]
    [(24.0, 3, '7H 8H 9H', Fraction(593, 1298))]
    >>> rows[0].safest, rows[0].riskiest
    (('7A 8A 9A', '7H 8H 9H'), ('7B 8B 9B',))
    """
    from cardgames.thirtyone import score

    tab = as_cards(table)
    others = [c for c in ORDINARY_CARDS if c not in tab]
    by_score: dict[float, list[tuple[Fraction, str]]] = {}
    for mine in itertools.combinations(others, 3):
        s = float(score(mine))
        if low <= s < below:
            text = " ".join(str(c) for c in mine)
            by_score.setdefault(s, []).append((reveal_risk(mine, tab).p_lose, text))
    rows = []
    for s, risks in sorted(by_score.items()):
        risks.sort()
        typical_risk, typical = risks[(len(risks) - 1) // 2]
        lowest, highest = risks[0][0], risks[-1][0]
        rows.append(ScoreRisk(s, len(risks), lowest, highest, typical, typical_risk,
                              tuple(h for r, h in risks if r == lowest),
                              tuple(h for r, h in risks if r == highest)))
    return tuple(rows)
