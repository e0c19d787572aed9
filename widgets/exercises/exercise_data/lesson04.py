"""Lesson 04 — how likely is a lie: exercises (answers from the engine)."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import Any

from cardgames.cards import ORDINARY_CARDS, Rank
from widgets.exercises.answers import Exercise, Kind
from widgets.exercises.exercise_data._choices import shuffled


def _claim(hand: str, claim: str, seen: str = "") -> Fraction:
    from cardgames.analysis.odds import claim_odds

    return Fraction(claim_odds(hand=hand, claim=claim, seen=seen).probability)


def _holds(hand: str, claim: str) -> Fraction:
    """P(seat 1's 8 cards hold at least the claimed number of the unseen cards of the rank):
    the everyday "could be true" (7/69 for the default)."""
    from cardgames.analysis.odds import claim_odds
    from cardgames.liar.probability import hypergeometric_pmf

    odds = claim_odds(hand=hand, claim=claim)
    pmf = hypergeometric_pmf(odds.unseen, odds.good, 8, exact=True)
    return sum((Fraction(q) for k, q in pmf.items() if k >= odds.n), Fraction(0))


def _holds_both() -> Fraction:
    return _holds("7H 7B KA 9B 10L UB OA 8H", "2x7")


def _posterior(prior: Fraction = Fraction(1, 2)) -> Fraction:
    """Section 4's numbers: p = P(true | bluffer), h = P(true | honest); prior 1/2."""
    from cardgames.analysis.odds import claim_odds
    from cardgames.liar.probability import hypergeometric_pmf

    odds = claim_odds(hand="7H KA 9B 10L UB OA 8H AH", claim="1x7")
    p = Fraction(odds.probability)
    held = hypergeometric_pmf(odds.unseen, odds.good, 8, exact=True)
    h = sum((Fraction(q) for k, q in held.items() if k >= 1), Fraction(0))
    return prior * (1 - p) / (prior * (1 - p) + (1 - prior) * (1 - h))


_TWO_HAND, _SEEN_HAND = "7H 7B KA 9B 10L UB OA 8H", "7H KA 9B 10L UB OA 8H AH"
_CLAIM_METHOD = ("Count your unseen cards (32 − 8) and the good ones among them (4 minus "
                 "yours); the claim of m cards is true when all m are good: C(good, m) / "
                 "C(unseen, m), drawn without replacement.")
_SEEN_METHOD = ("Take the cards known to be elsewhere (**R-L11**) out of the unseen cards — "
                "and out of the good ones if they are of the rank — then C(good, m) / "
                "C(unseen, m).")
_POST_METHOD = ("Bayes' rule: P(bluffer | lie) = π(1 − p) / (π(1 − p) + (1 − π)(1 − h)), "
                "with p = P(true | bluffer) and h = P(true | honest) from section 4.")


def _words(n: int, rank: Rank) -> str:
    """``2 sevens``, ``1 seven``, ``0 Kings``."""
    return f"{n} {rank.plural if n != 1 else rank.plural[:-1]}"


def _deal(rng: random.Random, rank: Rank, mine: int, others: int, avoid=()) -> list[str]:
    good = [c for c in ORDINARY_CARDS if c.rank is rank and str(c) not in avoid]
    rest = [c for c in ORDINARY_CARDS if c.rank is not rank and str(c) not in avoid]
    return [str(c) for c in rng.sample(good, mine) + rng.sample(rest, others)]


def _two_ex(hand: str, rank: Rank, mine: int, m: int) -> Exercise:
    claim = f"{m}x{rank.symbol}"
    g, unseen = 4 - mine, 24
    mistakes: list[tuple[Any, str]] = [
        (Fraction(g, unseen) ** m, "The cards are drawn without replacement."),
        (lambda: _holds(hand, claim), "That is the chance that seat 1 *holds* enough of "
                                      "them (so an honest seat 1 could make the claim: *h* of "
                                      "section 4). \"Can be true\" here is about the cards seat 1 "
                                      "put down, taken as a random pick of the unseen cards "
                                      "(section 1).")]
    if mine:
        mistakes.insert(0, (Fraction(comb(4, m), comb(unseen, m)),
                            f"You hold {_words(mine, rank)} now: how many are left unseen?"))
    if m > 1:
        mistakes.insert(-1, (Fraction(g, unseen), f"All {m} cards must be {rank.plural}, not "
                                                 "just one."))
    return Exercise(
        key="04-two-of-two", lesson="04", number=1, kind=Kind.NUMBER, probability=True,
        question=(f"You hold `{hand}` ({_words(mine, rank)}); 4 players, one deck. Seat 1 "
                  f"claims \"{_words(m, rank)}\". What is the probability that the claim can "
                  "be true?"),
        compute=lambda: _claim(hand, claim),
        hints=(f"How many cards have you not seen, and how many {rank.plural} are among them?",
               f"All claimed cards must be {rank.plural}, drawn without replacement from the "
               f"unseen cards: C(good, {m}) / C(unseen, {m})."),
        mistakes=tuple(mistakes),
        why=f"{g} {rank.plural} among 24 unseen cards: C({g}, {m}) / C(24, {m}).",
        solution=(f"Unseen: 32 − 8 = 24 cards, of which 4 − {mine} = {g} are {rank.plural}. "
                  f"All {m} claimed cards must be {rank.plural}: C({g}, {m}) / C(24, {m}). "
                  "Answer: {answer}."),
        vary=_vary_two, params=(("hand", hand), ("claim", claim)), method=_CLAIM_METHOD)


def _vary_two(rng: random.Random) -> Exercise:
    rank, mine = Rank(rng.randrange(8)), rng.choice((0, 1, 2))
    m = rng.randint(1, min(3, 4 - mine))
    return _two_ex(" ".join(_deal(rng, rank, mine, 8 - mine)), rank, mine, m)


def _seen_ex(hand: str, seen: str, rank: Rank, j: int, m: int) -> Exercise:
    claim = f"{m}x{rank.symbol}"
    g, g2, u, u2 = 3, 3 - j, 24, 21
    pairs = [(Fraction(comb(g, m), comb(u, m)), f"{seen} cannot be in seat 1's claim: take "
                                                "them out (**R-L11**).")]
    if j:
        pairs += [(Fraction(comb(g, m), comb(u2, m)), f"The {rank.label} among them was a good "
                                                     "card: it leaves the good cards as well."),
                  (Fraction(comb(g2, m), comb(u, m)), "The unseen pile shrinks too: 24 − 3 "
                                                     "cards.")]
    return Exercise(
        key="04-seen-sevens", lesson="04", number=2, kind=Kind.NUMBER, probability=True,
        question=(f"You hold `{hand}`. Earlier, a call turned over `{seen}`, and seat 3 took "
                  f"them and has not played since. Now seat 1 claims \"{_words(m, rank)}\". "
                  "What is the probability that it can be true?"),
        compute=lambda: _claim(hand, claim, seen),
        hints=(f"Where are `{seen}` now? Can they be in seat 1's play (**R-L11**)?",
               "Take the three known cards out of the unseen cards — and out of the good ones "
               "if they are of the rank — then count as in exercise 1."),
        mistakes=tuple(pairs),
        why=f"seat 3 holds {seen}: 21 unseen cards with {g2} {rank.plural}, "
            f"C({g2}, {m}) / C(21, {m}).",
        solution=(f"You hold 8 cards, so 24 are unseen; {seen} are known to be with seat 3 "
                  f"(**R-L11**), which leaves 21 cards, with 4 − 1 (yours) − {j} (seen) = {g2} "
                  f"{rank.plural}. C({g2}, {m}) / C(21, {m}). Answer: {{answer}}."),
        vary=_vary_seen, params=(("hand", hand), ("claim", claim), ("seen", seen)),
        method=_SEEN_METHOD)


def _vary_seen(rng: random.Random) -> Exercise:
    rank, j = Rank(rng.randrange(8)), rng.choice((0, 1))
    m = rng.randint(1, 3 - j)
    hand = _deal(rng, rank, 1, 7)
    seen = _deal(rng, rank, j, 3 - j, avoid=hand)
    return _seen_ex(" ".join(hand), " ".join(seen), rank, j, m)


def _post_ex(prior: Fraction) -> Exercise:
    pi = f"{prior.numerator}/{prior.denominator}"
    return Exercise(
        key="04-posterior", lesson="04", number=3, kind=Kind.NUMBER, probability=True,
        question=("With the numbers of section 4 (claim \"1 seven\"), your prior that seat 1 "
                  f"is a bluffer is π = {pi}. The play is turned over and was a lie. What is "
                  "P(bluffer | lie)?"),
        compute=lambda: _posterior(prior),
        hints=("Which is more likely to lie: a bluffer or an honest player? So should your "
               "belief in \"bluffer\" go up or down after a lie?",
               "You need P(lie | bluffer) and P(lie | honest) from section 4, then Bayes' rule "
               f"with the prior {pi}."),
        mistakes=((prior, "The lie is evidence: the posterior moves away from the prior."),
                  (Fraction(7, 8), "That is P(lie | bluffer); Bayes turns it round."),
                  (lambda: 1 - _posterior(prior), "That is P(honest | lie): the question asks "
                                                  "for the bluffer.")),
        why="a lie is much likelier from a bluffer (1 − p = 7/8) than from an honest player "
            "(1 − h = 70/253).",
        solution=("Section 4: p = 1/8, h = 183/253. P(lie | bluffer) = 1 − p = 7/8, "
                  f"P(lie | honest) = 1 − h = 70/253. Bayes with π = {pi}: P(bluffer | lie) = "
                  f"{pi} · 7/8 / ({pi} · 7/8 + (1 − {pi}) · 70/253) = {{answer}}."),
        vary=_vary_post, params=(("prior", prior),), method=_POST_METHOD)


def _vary_post(rng: random.Random) -> Exercise:
    return _post_ex(rng.choice([Fraction(1, 10), Fraction(1, 5), Fraction(1, 4), Fraction(1, 3),
                                Fraction(2, 5), Fraction(3, 5), Fraction(2, 3), Fraction(3, 4)]))


EXERCISES: tuple[Exercise, ...] = (
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
                 "must be sevens: C(2, 2) / C(24, 2) = 1/276 = (2/24)·(1/23). Answer: {answer}.",
        vary=_vary_two, params=(("hand", _TWO_HAND), ("claim", "2x7")), method=_CLAIM_METHOD),
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
                 "C(2, 2) / C(21, 2) = 1/210. Answer: {answer}.",
        vary=_vary_seen, params=(("hand", _SEEN_HAND), ("claim", "2x7"), ("seen", "7B 9L 10B")),
        method=_SEEN_METHOD),
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
                 "P(bluffer | lie) = (7/8) / (7/8 + 70/253) = {answer}.",
        vary=_vary_post, params=(("prior", Fraction(1, 2)),), method=_POST_METHOD),
)


_CHOICES_2X7 = (Fraction(3, 24) ** 2, Fraction(3, 24) * Fraction(2, 23), 2 * Fraction(3, 24),
                Fraction(3, 24))


def _which_product() -> int:
    """Which choice is the engine's P(claim "2 sevens" can be true) for the lesson's hand."""
    return _CHOICES_2X7.index(_claim(_SEEN_HAND, "2x7"))


EXERCISES = (*EXERCISES, Exercise(
    key="04-without-replacement", lesson="04", number=4, kind=Kind.CHOICE, sig=None,
    question="You hold one seven (`7H KA 9B 10L UB OA 8H AH`), so 32 − 8 cards are unseen, 3 "
             "of them sevens. Seat 1 claims \"2 sevens\". Which is P(both claimed cards are "
             "sevens)?",
    choices=("(3/24)²: the chance of one seven, squared.",
             "(3/24) · (2/23): after one seven, 2 sevens among 23 cards.",
             "2 · (3/24): two chances of 3/24.",
             "3/24: the chance of one seven."),
    compute=_which_product,
    hints=("Draw the two cards one after the other: after a seven, how many sevens and how "
           "many cards are left?",
           "The cards are drawn without replacement: multiply the chance of a first seven by "
           "the chance of a second one given the first (the multiplication rule)."),
    mistakes=((0, "Squaring treats the draws as with replacement: after a seven only 2 of the "
                  "23 cards left are sevens."),
              (2, "Adding chances does not give \"both\": multiply them (and the second draw "
                  "has 23 cards)."),
              (3, "That is one seven; the claim needs both cards to be sevens.")),
    why="the multiplication rule without replacement: 3/24 for the first, 2/23 for the second "
        "given the first, 1/92 in all.",
    solution="The first claimed card is a seven with probability 3/24; given that, the second "
             "with 2/23 (one seven and one card fewer). P = (3/24) · (2/23) = 6/552 = 1/92, "
             "what `claim_odds` gives: {answer}",
    vary=lambda rng: shuffled(_default("04-without-replacement"), rng),
    params=(("order", (0, 1, 2, 3)),),
    method="The multiplication rule without replacement: P(first good) · P(second good | "
           "first good) = (g/u) · ((g − 1)/(u − 1))."))


def _default(key: str) -> Exercise:
    return next(e for e in EXERCISES if e.key == key)
