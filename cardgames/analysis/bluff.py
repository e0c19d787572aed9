"""Liar: a bluffer or an honest player?  The two-kind model of lesson 4, exactly.

**The model** (what it conditions on and what it assumes, beyond the rules):

* *Conditions on:* your hand (the cards you have not seen, **R-L11**) and, after a call,
  whether the play was a lie.
* *Assumes:* the claimant is one of two kinds, a **bluffer** with prior probability π;
  the claimant's cards are a random part of the cards you have not seen; a bluffer puts
  down a random pick of their hand (so P(true | bluffer) = *p*, the "can be true"
  probability of :func:`~cardgames.analysis.odds.claim_odds`); an **honest** player tells
  the truth whenever their hand holds enough of the rank (P(true | honest) = *h*, a
  hypergeometric tail).

>>> m = bluff_model(hand="7H KA 9B 10L UB OA 8H AH", claim="1x7")
>>> m.p, m.h
(Fraction(1, 8), Fraction(183, 253))
>>> m.p_true(Fraction(1, 2)), m.p_bluffer_given_lie(Fraction(1, 2))
(Fraction(1717, 4048), Fraction(253, 333))
>>> m.expected_taken(Fraction(2, 5), 10)       # a caller's expected cards from a pile of 10
Fraction(2449, 506)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardgames.analysis._checks import probability
from cardgames.errors import ConfigError

__all__ = ["BluffModel", "bluff_model"]


#: How the errors name the prior (its input's name).
PRIOR = "the prior π"


@dataclass(frozen=True)
class BluffModel:
    """*p* = P(true | bluffer), *h* = P(true | honest), for one claim and one hand."""

    p: Fraction
    h: Fraction

    def p_true(self, prior: Any) -> Fraction:
        """P(the claim is true) = (1 − π)·h + π·p (the law of total probability)."""
        q = probability(prior, PRIOR)
        return (1 - q) * self.h + q * self.p

    def p_bluffer_given_lie(self, prior: Any) -> Fraction:
        """P(bluffer | the play was a lie), by Bayes' rule; 0 if a lie is impossible."""
        q = probability(prior, PRIOR)
        lie = q * (1 - self.p) + (1 - q) * (1 - self.h)
        return q * (1 - self.p) / lie if lie else Fraction(0)

    def expected_taken(self, prior: Any, pile: int) -> Fraction:
        """The cards a caller takes on average: the pile if the claim is true (**L9**)."""
        if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile <= 10_000:
            raise ConfigError(f"the pile must be a whole number of cards, got {pile!r}")
        return self.p_true(prior) * pile


def bluff_model(*, hand: Any, claim: Any, hand_size: int = 8, seen: Any = ()) -> BluffModel:
    """The model for ``claim`` (``"1x7"``) as the holder of ``hand`` sees it; the claimant
    holds ``hand_size`` of the unseen cards (8 with four players and one deck, **L5**)."""
    from cardgames.analysis.odds import claim_odds
    from cardgames.liar.probability import hypergeometric_pmf

    odds = claim_odds(hand=hand, claim=claim, seen=seen)
    if not 0 < hand_size <= odds.unseen:
        raise ConfigError(f"the claimant's hand must be 1 to {odds.unseen} cards, got "
                          f"{hand_size!r}")
    held = hypergeometric_pmf(odds.unseen, odds.good, hand_size, exact=True)
    h = sum((Fraction(q) for k, q in held.items() if k >= odds.n), Fraction(0))
    return BluffModel(Fraction(odds.probability), h)
