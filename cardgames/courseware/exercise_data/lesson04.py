"""Lesson 04 — how likely is a lie: exercises (answers from the engine)."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import Any

from cardgames.cards import ORDINARY_CARDS, Rank
from cardgames.courseware.answers import Exercise, Kind
from cardgames.courseware.exercise_data._choices import shuffled
from cardgames.courseware.texts import Msg, rank_count, rank_word
from cardgames.i18n import N_


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
_CLAIM_METHOD = Msg(N_("Count your unseen cards (32 − 8) and the good ones among them (4 "
                       "minus yours); the claim of m cards is true when all m are good: C(good, "
                       "m) / C(unseen, m), drawn without replacement."))
_SEEN_METHOD = Msg(N_("Take the cards known to be elsewhere (**R-L11**) out of the unseen cards "
                      "— and out of the good ones if they are of the rank — then C(good, m) / "
                      "C(unseen, m)."))
_POST_METHOD = Msg(N_("Bayes' rule: P(bluffer | lie) = π(1 − p) / (π(1 − p) + (1 − π)(1 − h)), "
                      "with p = P(true | bluffer) and h = P(true | honest) from section 4."))
_WITHOUT = Msg(N_("The cards are drawn without replacement."))
_EVIDENCE = Msg(N_("The lie is evidence: the posterior moves away from the prior."))
_TURNS = Msg(N_("That is P(lie | bluffer); Bayes turns it around."))
_HONEST = Msg(N_("That is P(honest | lie): the question asks for the bluffer."))
_WHICH = Msg(N_("Which is more likely to lie: a bluffer or an honest player? So should your "
                "belief in \"bluffer\" go up or down after a lie?"))
_WHY_POST = Msg(N_("a lie is much likelier from a bluffer (1 − p = 7/8) than from an honest "
                   "player (1 − h = 70/253)."))
_WHERE = N_("Where are `{seen}` now? Can they be in seat 1's play (**R-L11**)?")
_SHRINKS = Msg(N_("The unseen pile shrinks too: 24 − 3 cards."))
_TAKE_OUT = N_("{seen} cannot be in seat 1's claim: take them out (**R-L11**).")


def _deal(rng: random.Random, rank: Rank, mine: int, others: int,
          avoid: tuple[str, ...] | list[str] = ()) -> list[str]:
    good = [c for c in ORDINARY_CARDS if c.rank is rank and str(c) not in avoid]
    rest = [c for c in ORDINARY_CARDS if c.rank is not rank and str(c) not in avoid]
    return [str(c) for c in rng.sample(good, mine) + rng.sample(rest, others)]


def _two_ex(hand: str, rank: Rank, mine: int, m: int) -> Exercise:
    claim = f"{m}x{rank.symbol}"
    g, unseen = 4 - mine, 24
    ranks = rank_word(rank, "plural_nominative")
    mistakes: list[tuple[Any, str]] = [
        *([(Fraction(g, unseen) ** m, _WITHOUT)] if m > 1 else []),   # one card: no second
        (lambda: _holds(hand, claim), Msg(N_("That is the chance that seat 1 *holds* enough of "
                                             "them (so an honest seat 1 could make the claim: "
                                             "*h* of section 4). \"Can be true\" here is about "
                                             "the cards seat 1 put down, taken as a random pick "
                                             "of the unseen cards (section 1).")))]
    if mine:
        mistakes.insert(0, (Fraction(comb(4, m), comb(unseen, m)),
                            Msg(N_("You hold {count} now: how many are left unseen?"),
                                count=rank_count(rank, mine))))
    if m > 1:
        mistakes.insert(-1, (Fraction(g, unseen), Msg(N_("All {m} cards must be {ranks}, not "
                                                         "just one."), m=m, ranks=ranks)))
    return Exercise(
        key="04-two-of-two", lesson="04", number=1, kind=Kind.NUMBER, probability=True,
        question=Msg(N_("You hold `{hand}` ({mine}); 4 players, one deck. Seat 1 claims "
                        "\"{claim}\". What is the probability that the claim can be true?"),
                     hand=hand, mine=rank_count(rank, mine), claim=rank_count(rank, m)),
        compute=lambda: _claim(hand, claim),
        hints=(Msg(N_("How many cards have you not seen, and how many {ranks} are among them?"),
                   ranks=ranks),
               Msg(N_("All claimed cards must be {ranks}, drawn without replacement from the "
                      "unseen cards: C(good, {m}) / C(unseen, {m})."), ranks=ranks, m=m)),
        mistakes=tuple(mistakes),
        why=Msg(N_("{good} among 24 unseen cards: C({g}, {m}) / C(24, {m})."),
                good=rank_count(rank, g), g=g, m=m),
        solution=Msg(N_("Unseen: 32 − 8 = 24 cards, of which 4 − {mine} = {g} are {ranks}. All "
                        "{m} claimed cards must be {ranks}: C({g}, {m}) / C(24, {m}). Answer: "
                        "{answer}."), mine=mine, g=g, ranks=ranks, m=m),
        vary=_vary_two, params=(("hand", hand), ("claim", claim)), method=_CLAIM_METHOD)


def _vary_two(rng: random.Random) -> Exercise:
    rank, mine = Rank(rng.randrange(8)), rng.choice((0, 1, 2))
    m = rng.randint(1, min(3, 4 - mine))
    return _two_ex(" ".join(_deal(rng, rank, mine, 8 - mine)), rank, mine, m)


def _seen_ex(hand: str, seen: str, rank: Rank, j: int, m: int) -> Exercise:
    claim = f"{m}x{rank.symbol}"
    g, g2, u, u2 = 3, 3 - j, 24, 21
    pairs = [(Fraction(comb(g, m), comb(u, m)), Msg(_TAKE_OUT, seen=seen))]
    if j:
        pairs += [(Fraction(comb(g, m), comb(u2, m)),
                   Msg(N_("The {rank} among them was a good card: it leaves the good cards as "
                          "well."), rank=rank_word(rank, "label"))),
                  (Fraction(comb(g2, m), comb(u, m)), _SHRINKS)]
    return Exercise(
        key="04-seen-sevens", lesson="04", number=2, kind=Kind.NUMBER, probability=True,
        question=Msg(N_("You hold `{hand}`. Earlier, a call turned over `{seen}`, and seat 3 "
                        "took them and has not played since. Now seat 1 claims \"{claim}\". "
                        "What is the probability that it can be true?"),
                     hand=hand, seen=seen, claim=rank_count(rank, m)),
        compute=lambda: _claim(hand, claim, seen),
        hints=(Msg(_WHERE, seen=seen),
               Msg(N_("Take the three known cards out of the unseen cards — and out of the good "
                      "ones if they are of the rank — then count as in exercise 1."))),
        mistakes=tuple(pairs),
        why=Msg(N_("seat 3 holds {seen}: 21 unseen cards with {good}, C({g}, {m}) / "
                   "C(21, {m})."), seen=seen, good=rank_count(rank, g2), g=g2, m=m),
        solution=Msg(N_("You hold 8 cards, so 24 are unseen; {seen} are known to be with seat 3 "
                        "(**R-L11**), which leaves 21 cards, with 4 − 1 (yours) − {j} (seen) = "
                        "{good}. C({g}, {m}) / C(21, {m}). Answer: {answer}."),
                     seen=seen, j=j, good=rank_count(rank, g2), g=g2, m=m),
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
        question=Msg(N_("With the numbers of section 4 (claim \"1 seven\"), your prior that "
                        "seat 1 is a bluffer is π = {pi}. The play is turned over and was a lie. "
                        "What is P(bluffer | lie)?"), pi=pi),
        compute=lambda: _posterior(prior),
        hints=(_WHICH,
               Msg(N_("You need P(lie | bluffer) and P(lie | honest) from section 4, then Bayes' "
                      "rule with the prior {pi}."), pi=pi)),
        mistakes=((prior, _EVIDENCE), (Fraction(7, 8), _TURNS),
                  (lambda: 1 - _posterior(prior), _HONEST)),
        why=_WHY_POST,
        solution=Msg(N_("Section 4: p = 1/8, h = 183/253. P(lie | bluffer) = 1 − p = 7/8, "
                        "P(lie | honest) = 1 − h = 70/253. Bayes with π = {pi}: P(bluffer | lie) "
                        "= π · 7/8 / (π · 7/8 + (1 − π) · 70/253) = {answer}."), pi=pi),
        vary=_vary_post, params=(("prior", prior),), method=_POST_METHOD)


def _vary_post(rng: random.Random) -> Exercise:
    return _post_ex(rng.choice([Fraction(1, 10), Fraction(1, 5), Fraction(1, 4), Fraction(1, 3),
                                Fraction(2, 5), Fraction(3, 5), Fraction(2, 3), Fraction(3, 4)]))


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        key="04-two-of-two", lesson="04", number=1, kind=Kind.NUMBER, probability=True,
        question=Msg(N_("You hold `7H 7B KA 9B 10L UB OA 8H` (two sevens); 4 players, one deck. "
                        "Seat 1 opens with \"2 sevens\". What is the probability that the "
                        "claim can be true?")),
        compute=lambda: _claim("7H 7B KA 9B 10L UB OA 8H", "2x7"),
        hints=(Msg(N_("How many cards have you not seen, and how many sevens are among them?")),
               Msg(N_("Both claimed cards must be sevens, drawn without replacement from the "
                      "unseen cards: C(good, 2) / C(unseen, 2)."))),
        mistakes=((Fraction(1, 92), Msg(N_("You hold TWO sevens now: how many are left "
                                           "unseen?"))),
                  (Fraction(1, 144), Msg(N_("The two cards are drawn without replacement."))),
                  (Fraction(1, 12), Msg(N_("Both cards must be sevens, not just one."))),
                  (_holds_both, Msg(N_("That is the chance that seat 1 *holds* both unseen "
                                       "sevens (so an honest seat 1 could make the claim: *h* "
                                       "of section 4). \"Can be true\" here is about the two "
                                       "cards seat 1 put down, taken as a random pick of the "
                                       "unseen cards (section 1).")))),
        why=Msg(N_("2 sevens among 24 unseen cards: C(2, 2) / C(24, 2).")),
        solution=Msg(N_("Unseen: 32 − 8 = 24 cards, of which 4 − 2 = 2 are sevens. Both claimed "
                        "cards must be sevens: C(2, 2) / C(24, 2) = 1/276 = (2/24)·(1/23). "
                        "Answer: {answer}.")),
        vary=_vary_two, params=(("hand", _TWO_HAND), ("claim", "2x7")), method=_CLAIM_METHOD),
    Exercise(
        key="04-seen-sevens", lesson="04", number=2, kind=Kind.NUMBER, probability=True,
        question=Msg(N_("You hold `7H KA 9B 10L UB OA 8H AH`. Earlier, a call turned over "
                        "`7B 9L 10B`, and seat 3 took them and has not played since. Now seat 1 "
                        "claims \"2 sevens\". What is the probability that it can be true?")),
        compute=lambda: _claim("7H KA 9B 10L UB OA 8H AH", "2x7", "7B 9L 10B"),
        hints=(Msg(_WHERE, seen="7B 9L 10B"),
               Msg(N_("Take the three known cards out of the unseen cards — and 7B out of the "
                      "sevens too — then count as in exercise 1."))),
        mistakes=((Fraction(1, 92), Msg(_TAKE_OUT, seen="7B 9L 10B")),
                  (Fraction(1, 70), Msg(N_("7B was a seven: it leaves the good cards as "
                                           "well."))),
                  (Fraction(1, 276), _SHRINKS)),
        why=Msg(N_("seat 3 holds 7B 9L 10B: 21 unseen cards with 2 sevens, C(2, 2) / "
                   "C(21, 2).")),
        solution=Msg(N_("You hold 8 cards, so 24 are unseen; 7B 9L 10B are known to be with "
                        "seat 3 (**R-L11**), which leaves 21 cards, with 4 − 1 (yours) − 1 (7B) "
                        "= 2 sevens. C(2, 2) / C(21, 2) = 1/210. Answer: {answer}.")),
        vary=_vary_seen, params=(("hand", _SEEN_HAND), ("claim", "2x7"), ("seen", "7B 9L 10B")),
        method=_SEEN_METHOD),
    Exercise(
        key="04-posterior", lesson="04", number=3, kind=Kind.NUMBER, probability=True,
        question=Msg(N_("With the numbers of section 4 (claim \"1 seven\"), your prior that "
                        "seat 1 is a bluffer is π = ½. The play is turned over and was a lie. "
                        "What is P(bluffer | lie)?")),
        compute=_posterior,
        hints=(_WHICH,
               Msg(N_("You need P(lie | bluffer) and P(lie | honest) from section 4, then Bayes' "
                      "rule with the prior ½."))),
        mistakes=((Fraction(1, 2), _EVIDENCE), (Fraction(7, 8), _TURNS),
                  (lambda: 1 - _posterior(), _HONEST)),
        why=_WHY_POST,
        solution=Msg(N_("Section 4: p = 1/8, h = 183/253. P(lie | bluffer) = 1 − p = 7/8, "
                        "P(lie | honest) = 1 − h = 70/253. Bayes with π = ½: "
                        "P(bluffer | lie) = (7/8) / (7/8 + 70/253) = {answer}.")),
        vary=_vary_post, params=(("prior", Fraction(1, 2)),), method=_POST_METHOD),
)


_CHOICES_2X7 = (Fraction(3, 24) ** 2, Fraction(3, 24) * Fraction(2, 23), 2 * Fraction(3, 24),
                Fraction(3, 24))


def _which_product() -> int:
    """Which choice is the engine's P(claim "2 sevens" can be true) for the lesson's hand."""
    return _CHOICES_2X7.index(_claim(_SEEN_HAND, "2x7"))


EXERCISES = (*EXERCISES, Exercise(
    key="04-without-replacement", lesson="04", number=4, kind=Kind.CHOICE, sig=None,
    question=Msg(N_("You hold one seven (`7H KA 9B 10L UB OA 8H AH`), so 32 − 8 cards are "
                    "unseen, 3 of them sevens. Seat 1 claims \"2 sevens\". Which is P(both "
                    "claimed cards are sevens)?")),
    choices=(Msg(N_("(3/24)²: the chance of one seven, squared.")),
             Msg(N_("(3/24) · (2/23): after one seven, 2 sevens among 23 cards.")),
             Msg(N_("2 · (3/24): two chances of 3/24.")),
             Msg(N_("3/24: the chance of one seven."))),
    compute=_which_product,
    hints=(Msg(N_("Draw the two cards one after the other: after a seven, how many sevens and "
                  "how many cards are left?")),
           Msg(N_("The cards are drawn without replacement: multiply the chance of a first seven "
                  "by the chance of a second one given the first (the multiplication rule)."))),
    mistakes=((0, Msg(N_("Squaring treats the draws as with replacement: after a seven only 2 of "
                         "the 23 cards left are sevens."))),
              (2, Msg(N_("Adding chances does not give \"both\": multiply them (and the second "
                         "draw has 23 cards)."))),
              (3, Msg(N_("That is one seven; the claim needs both cards to be sevens.")))),
    why=Msg(N_("the multiplication rule without replacement: 3/24 for the first, 2/23 for the "
               "second given the first, 1/92 in all.")),
    solution=Msg(N_("The first claimed card is a seven with probability 3/24; given that, the "
                    "second with 2/23 (one seven and one card fewer). P = (3/24) · (2/23) = "
                    "6/552 = 1/92: {answer}")),
    vary=lambda rng: shuffled(_default("04-without-replacement"), rng),
    params=(("order", (0, 1, 2, 3)),),
    method=Msg(N_("The multiplication rule without replacement: P(first good) · P(second good | "
                  "first good) = (g/u) · ((g − 1)/(u − 1))."))))


def _default(key: str) -> Exercise:
    return next(e for e in EXERCISES if e.key == key)
