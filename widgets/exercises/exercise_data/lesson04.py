"""Lesson 04 — how likely is a lie: exercises (answers from the engine)."""

from __future__ import annotations

from fractions import Fraction

from widgets.exercises.answers import Exercise, Kind


def _claim(hand: str, claim: str, seen: str = "") -> Fraction:
    from cardgames.analysis.odds import claim_odds

    return Fraction(claim_odds(hand=hand, claim=claim, seen=seen).probability)


def _holds_both() -> Fraction:
    """P(seat 1's 8 cards hold both unseen sevens): the everyday "could be true" (7/69)."""
    from cardgames.analysis.odds import claim_odds
    from cardgames.liar.probability import hypergeometric_pmf

    odds = claim_odds(hand="7H 7B KA 9B 10L UB OA 8H", claim="2x7")
    return Fraction(hypergeometric_pmf(odds.unseen, odds.good, 8, exact=True)[2])


def _posterior() -> Fraction:
    """Section 4's numbers: p = P(true | bluffer), h = P(true | honest); prior 1/2."""
    from cardgames.analysis.odds import claim_odds
    from cardgames.liar.probability import hypergeometric_pmf

    odds = claim_odds(hand="7H KA 9B 10L UB OA 8H AH", claim="1x7")
    p = Fraction(odds.probability)
    held = hypergeometric_pmf(odds.unseen, odds.good, 8, exact=True)
    h = sum((Fraction(q) for k, q in held.items() if k >= 1), Fraction(0))
    prior = Fraction(1, 2)
    return prior * (1 - p) / (prior * (1 - p) + (1 - prior) * (1 - h))


EXERCISES = (
    Exercise(
        key="04-two-of-two", lesson="04", number=1, kind=Kind.NUMBER, probability=True,
        question="You hold `7H 7B KA 9B 10L UB OA 8H` (two sevens); 4 players, one deck. Seat 1 "
                 "opens with \"2 sevens\". What is the probability that the claim can be true?",
        compute=lambda: _claim("7H 7B KA 9B 10L UB OA 8H", "2x7"),
        hints=("How many cards have you not seen, and how many sevens are among them?",
               "Both claimed cards must be sevens, drawn without replacement from the unseen "
               "cards: C(good, 2) / C(unseen, 2)."),
        mistakes=((Fraction(1, 92), "You hold TWO sevens now: how many are left unseen?"),
                  (Fraction(1, 144), "The two cards are drawn without replacement."),
                  (Fraction(1, 12), "Both cards must be sevens, not just one."),
                  (_holds_both, "That is the chance that seat 1 *holds* both unseen sevens "
                                "(so an honest seat 1 could make the claim: *h* of section 4). "
                                "\"Can be true\" here is about the two cards seat 1 put down, "
                                "taken as a random pick of the unseen cards (section 1).")),
        why="2 sevens among 24 unseen cards: C(2, 2) / C(24, 2).",
        solution="Unseen: 32 − 8 = 24 cards, of which 4 − 2 = 2 are sevens. Both claimed cards "
                 "must be sevens: C(2, 2) / C(24, 2) = 1/276 = (2/24)·(1/23). Answer: {answer}."),
    Exercise(
        key="04-seen-sevens", lesson="04", number=2, kind=Kind.NUMBER, probability=True,
        question="You hold `7H KA 9B 10L UB OA 8H AH`. Earlier, a call turned over `7B 9L 10B`, "
                 "and seat 3 took them and has not played since. Now seat 1 claims \"2 sevens\". "
                 "What is the probability that it can be true?",
        compute=lambda: _claim("7H KA 9B 10L UB OA 8H AH", "2x7", "7B 9L 10B"),
        hints=("Where are `7B 9L 10B` now? Can they be in seat 1's play (**R-L11**)?",
               "Take the three known cards out of the unseen cards — and 7B out of the sevens "
               "too — then count as in exercise 1."),
        mistakes=((Fraction(1, 92), "7B 9L 10B cannot be in seat 1's claim: take them out "
                                    "(**R-L11**)."),
                  (Fraction(1, 70), "7B was a seven: it leaves the good cards as well."),
                  (Fraction(1, 276), "The unseen pile shrinks too: 24 − 3 cards.")),
        why="seat 3 holds 7B 9L 10B: 21 unseen cards with 2 sevens, C(2, 2) / C(21, 2).",
        solution="You hold 8 cards, so 24 are unseen; 7B 9L 10B are known to be with seat 3 "
                 "(**R-L11**), which leaves 21 cards, with 4 − 1 (yours) − 1 (7B) = 2 sevens. "
                 "C(2, 2) / C(21, 2) = 1/210. Answer: {answer}."),
    Exercise(
        key="04-posterior", lesson="04", number=3, kind=Kind.NUMBER, probability=True,
        question="With the numbers of section 4 (claim \"1 seven\"), your prior that seat 1 is a "
                 "bluffer is π = ½. The play is turned over and was a lie. What is "
                 "P(bluffer | lie)?",
        compute=_posterior,
        hints=("Which is more likely to lie: a bluffer or an honest player? So should your "
               "belief in \"bluffer\" go up or down after a lie?",
               "You need P(lie | bluffer) and P(lie | honest) from section 4, then Bayes' rule "
               "with the prior ½."),
        mistakes=((Fraction(1, 2), "The lie is evidence: the posterior moves away from the "
                                   "prior."),
                  (Fraction(7, 8), "That is P(lie | bluffer); Bayes turns it round."),
                  (lambda: 1 - _posterior(), "That is P(honest | lie): the question asks for "
                                             "the bluffer.")),
        why="a lie is much likelier from a bluffer (1 − p = 7/8) than from an honest player "
            "(1 − h = 70/253).",
        solution="Section 4: p = 1/8, h = 183/253. P(lie | bluffer) = 1 − p = 7/8, "
                 "P(lie | honest) = 1 − h = 70/253. Bayes with π = ½: "
                 "P(bluffer | lie) = (7/8) / (7/8 + 70/253) = {answer}."),
)
