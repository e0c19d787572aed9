"""Lesson 03 — hand scoring in Thirty-One: exercises (answers from the engine)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from cardgames.courseware.answers import Exercise, Kind
from cardgames.courseware.exercise_data._choices import shuffled
from cardgames.courseware.texts import Msg
from cardgames.i18n import N_


def _table(chronicler: bool) -> Any:
    from cardgames.analysis import hands

    return hands.hand_table(chronicler=chronicler)


def _count(chronicler: bool, score: float, *, with_chr: bool | None = None) -> int:
    t = _table(chronicler)
    keep = t["score"] == score
    if with_chr is not None:
        keep &= t["chronicler"] == with_chr
    return int(keep.sum())


def _p32() -> Fraction:
    from cardgames.analysis import hands

    p: Fraction = hands.probability(exactly=32, chronicler=True, exact=True)
    return p


def _count_ex(target: float = 31) -> Exercise:
    """Hands (no Chronicler) scoring exactly ``target`` (22 to 31: three cards of one suit,
    since two cards of a suit make at most 21)."""
    one_suit = Msg(N_("That is one suit; there are four."))
    if target == 31:
        return Exercise(
            key="03-count-31", lesson="03", number=1, kind=Kind.WHOLE,
            question=Msg(N_("How many of the 4,960 hands (no Chronicler) score **exactly 31**? "
                            "Count by hand, then confirm with the table.")),
            compute=lambda: _count(False, 31),
            hints=(Msg(N_("Which three cards make 31 (**T3**, **R-T2**)? Only one suit "
                          "counts.")),
                   Msg(N_("31 = an Ace and two ten-cards (X, Unter, Ober, King) of ONE suit. "
                          "How many pairs of ten-cards does one suit have?")),
                   Msg(N_("Choose 2 of a suit's 4 ten-cards — order does not matter — then "
                          "multiply by the number of suits."))),
            mistakes=((6, one_suit),
                      (16, Msg(N_("Each suit has 4 ten-cards: how many PAIRS of them go with "
                                  "its Ace?"))),
                      (48, Msg(N_("Choose 2 of the 4 ten-cards: C(4, 2) pairs (order does not "
                                  "matter).")))),
            why=Msg(N_("31 is an Ace and two of the four ten-cards of one suit: C(4, 2) pairs "
                       "in each of 4 suits.")),
            solution=Msg(N_("31 needs the Ace (11) and two ten-cards (10 + 10) of the same suit "
                            "(**T3**, **R-T2**). Each suit has C(4, 2) = 6 pairs of ten-cards; "
                            "4 suits: 4 × 6 = {answer} hands.")),
            vary=_vary_count, params=(("score", 31),), method=_COUNT_METHOD)
    answer = _count(False, target)
    mistakes: list[tuple[Any, str]] = [(answer // 4, one_suit)]
    return Exercise(
        key="03-count-31", lesson="03", number=1, kind=Kind.WHOLE,
        question=Msg(N_("How many of the 4,960 hands (no Chronicler) score **exactly {target}**? "
                        "Count by hand, then confirm with the table."), target=target),
        compute=lambda: _count(False, target),
        hints=(Msg(N_("Two cards of one suit make at most 11 + 10 = 21, so {target} needs three "
                      "cards of ONE suit (**T3**, **R-T2**)."), target=target),
               Msg(N_("Which three point values (11, 10, 10, 10, 10, 9, 8, 7 in a suit) add up "
                      "to {target}? Ten-cards (X, Unter, Ober, King) are 10 each."),
                   target=target),
               Msg(N_("For each way, count the choices inside one suit (C(4, k) for k of the "
                      "four ten-cards), then multiply by the number of suits."))),
        mistakes=tuple(mistakes),
        why=Msg(N_("{target} takes three cards of one suit; the ways of one suit, times 4 "
                   "suits."), target=target),
        solution=Msg(N_("Two cards of one suit reach at most 21, so a hand scoring {target} is "
                        "three cards of one suit whose points add up to it (**T3**, **R-T2**). "
                        "Count the ways in one suit (ten-cards: C(4, k) choices), times 4 suits: "
                        "{answer} hands."), target=target),
        vary=_vary_count, params=(("score", target),), method=_COUNT_METHOD)


_COUNT_METHOD = Msg(N_("A score above 21 takes three cards of one suit (**R-T2**): find the "
                       "point values that add up to it, count the choices in one suit, times 4 "
                       "suits."))


def _vary_count(rng: random.Random) -> Exercise:
    return _count_ex(float(rng.choice((31, 30, 29, 28, 27, 26))))


def _chr_ex(target: float = 21) -> Exercise:
    default = target == 21
    first = (Msg(N_("Score the hand `9H KB *` (the Chronicler plays the best card, **R-T3**): "
                    "when does the Chronicler make exactly 21?"))
             if default else
             Msg(N_("Score a few hands of two cards and the Chronicler (it plays the best card, "
                    "**R-T3**): when does it make exactly {target}?"), target=target))
    zero_hint = (Msg(N_("Score the hand `9H KB *`: the Chronicler often makes exactly 21."))
                 if default else
                 Msg(N_("Try a few hands with the Chronicler: it can make exactly {target}."),
                     target=target))
    return Exercise(
        key="03-chronicler-21", lesson="03", number=3, kind=Kind.WHOLE,
        question=Msg(N_("Of the 496 hands that **hold the Chronicler**, how many score **exactly "
                        "{target}**?"), target=target),
        compute=lambda: _count(True, target, with_chr=True),
        hints=(first,
               Msg(N_("Keep only the rows of the table that hold the Chronicler AND score "
                      "{target}, and count them."), target=target)),
        mistakes=((lambda: _count(True, target),
                   Msg(N_("That counts every hand scoring {target}; keep only those that hold "
                          "the Chronicler."), target=target)),
                  (lambda: _count(True, target, with_chr=False),
                   Msg(N_("Those are the {target}-hands WITHOUT the Chronicler."),
                       target=target)),
                  (0, zero_hint)),
        why=Msg(N_("counted in the table: the rows with the Chronicler whose score is "
                   "{target}."), target=target),
        solution=(Msg(N_("In the table of the 5,456 hands, keep the rows that hold the Chronicler "
                         "and score 21: {answer} hands. For example `9H KB *` scores 21: the Chronicler "
                         "becomes the Ace of Bells beside the King of Bells, 11 + 10 "
                         "(**R-T3**).")) if default else
                  Msg(N_("In the table of the 5,456 hands, keep the rows that hold the Chronicler "
                         "and score {target}: {answer} hands. The Chronicler becomes the best card for "
                         "the other two, copies included (**R-T3**)."), target=target)),
        # (no 25: no hand with the Chronicler scores 25, the Chronicler always adds 10 or 11)
        vary=lambda rng: _chr_ex(float(rng.choice((21, 27, 28, 29, 30)))),
        params=(("score", target),),
        method=Msg(N_("Filter the hands holding the Chronicler by their score (the Chronicler "
                      "plays the best card, **R-T3**) and count them.")))


EXERCISES: tuple[Exercise, ...] = (
    _count_ex(),
    Exercise(
        key="03-p32", lesson="03", number=2, kind=Kind.NUMBER, probability=True,
        question=Msg(N_("With the Chronicler in the deck, what is the probability that 3 dealt "
                        "cards score **exactly 32**?")),
        compute=_p32,
        hints=(Msg(N_("32 is only possible with the Chronicler (**R-T3**): which two cards must "
                      "sit beside it?")),
               Msg(N_("The Chronicler may copy a card you hold (**R-T3**): which hand of two "
                      "ordinary cards lets it reach 32 in one suit? Count those hands, then "
                      "divide by the number of all 3-card hands from 33 cards."))),
        mistakes=((Fraction(16, 4960), Msg(N_("With the Chronicler the deck has 33 cards: "
                                              "C(33, 3) hands."))),
                  (Fraction(4, 5456), Msg(N_("Each suit has 4 ten-cards that can go with its "
                                             "Ace."))),
                  (Fraction(16, 496), Msg(N_("That is P(32) among the hands that hold the "
                                             "Chronicler; the question asks about all "
                                             "hands.")))),
        why=Msg(N_("32 = Chronicler + Ace + ten-card of one suit: 4 × 4 = 16 of the C(33, 3) = "
                   "5,456 hands.")),
        solution=Msg(N_("The Chronicler plays the best card, copies included (**R-T3**): beside "
                        "an Ace and a ten-card of the same suit it becomes a second Ace of that "
                        "suit, 11 + 11 + 10 = 32, the only way past 31. Hands: 4 suits × 4 "
                        "ten-cards = 16, of C(33, 3) = 5,456. P = 16/5456 = {answer}."))),
    _chr_ex(),
)


def _higher() -> int:
    """Which choice says which of 7H 7B 7A and UH OH AH scores higher (T11)."""
    from cardgames.thirtyone import score

    a, b = score("7H 7B 7A"), score("UH OH AH")
    return 0 if a > b else 1 if b > a else 2


EXERCISES = (*EXERCISES, Exercise(
    key="03-three-of-a-kind", lesson="03", number=4, kind=Kind.CHOICE, sig=None,
    question=Msg(N_("At a showdown one player holds `7H 7B 7A` (three sevens), the other "
                    "`UH OH AH`. Whose hand scores higher (**T11**)?")),
    choices=(Msg(N_("`7H 7B 7A`: three of a kind beats every suit.")),
             Msg(N_("`UH OH AH`: 31 beats three of a kind's 30.5.")),
             Msg(N_("Neither: both are top hands, so it is a tie."))),
    compute=_higher,
    hints=(Msg(N_("What does each hand score (**T11**)?")),
           Msg(N_("Three of a kind scores 30.5 (**T11**); one suit's sum can reach 31 "
                  "(**R-T2**)."))),
    mistakes=((0, Msg(N_("Three of a kind scores 30.5, not the top: 31 in one suit is higher "
                         "(**T11**)."))),
              (2, Msg(N_("They score differently: 30.5 and 31 (**T11**).")))),
    why=Msg(N_("three of a kind scores 30.5 (T11); an Ace and two ten-cards of one suit score "
               "31.")),
    solution=Msg(N_("`7H 7B 7A` scores 30.5, three cards of one rank (**T11**). `UH OH AH` "
                    "scores 10 + 10 + 11 = 31, all Hearts (**R-T2**). 31 > 30.5: {answer}")),
    vary=lambda rng: shuffled(_default("03-three-of-a-kind"), rng), params=(("order", (0, 1, 2)),),
    method=Msg(N_("Score both hands (**T11**, **R-T2**): three of a kind is 30.5, a suit at most "
                  "31 (33 for three Aces)."))))


def _default(key: str) -> Exercise:
    return next(e for e in EXERCISES if e.key == key)
