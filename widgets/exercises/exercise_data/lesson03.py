"""Lesson 03 — hand scoring in Thirty-One: exercises (answers from the engine)."""

from __future__ import annotations

from fractions import Fraction

from widgets.exercises.answers import Exercise, Kind


def _table(chronicler: bool):
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

    return hands.probability(exactly=32, chronicler=True, exact=True)


EXERCISES = (
    Exercise(
        key="03-count-31", lesson="03", number=1, kind=Kind.WHOLE,
        question="How many of the 4,960 hands (no Chronicler) score **exactly 31**? Count by "
                 "hand, then confirm with the table.",
        compute=lambda: _count(False, 31),
        hints=("Which three cards make 31 (**T3**, **R-T2**)? Only one suit counts.",
               "31 = an Ace and two ten-cards (X, Unter, Ober, King) of ONE suit. How many pairs "
               "of ten-cards does one suit have?",
               "Choose 2 of a suit's 4 ten-cards — order does not matter — then multiply by the "
               "number of suits."),
        mistakes=((6, "That is one suit; there are four."),
                  (16, "Each suit has 4 ten-cards: how many PAIRS of them go with its Ace?"),
                  (48, "Choose 2 of the 4 ten-cards: C(4, 2) pairs (order does not matter).")),
        why="31 is an Ace and two of the four ten-cards of one suit: C(4, 2) pairs in each of "
            "4 suits.",
        solution="31 needs the Ace (11) and two ten-cards (10 + 10) of the same suit (**T3**, "
                 "**R-T2**). Each suit has C(4, 2) = 6 pairs of ten-cards; 4 suits: "
                 "4 × 6 = {answer} hands."),
    Exercise(
        key="03-p32", lesson="03", number=2, kind=Kind.NUMBER, probability=True,
        question="With the Chronicler in the deck, what is the probability that 3 dealt cards "
                 "score **exactly 32**?",
        compute=_p32,
        hints=("32 is only possible with the Chronicler (**R-T3**): which two cards must sit "
               "beside it?",
               "The Chronicler may copy a card you hold (**R-T3**): which hand of two ordinary "
               "cards lets it reach 32 in one suit? Count those hands, then divide by the "
               "number of all 3-card hands from 33 cards."),
        mistakes=((Fraction(16, 4960), "With the Chronicler the deck has 33 cards: C(33, 3) "
                                       "hands."),
                  (Fraction(4, 5456), "Each suit has 4 ten-cards that can go with its Ace."),
                  (Fraction(16, 496), "That is P(32) among the hands that hold the Chronicler; "
                                      "the question asks about all hands.")),
        why="32 = Chronicler + Ace + ten-card of one suit: 4 × 4 = 16 of the C(33, 3) = 5,456 "
            "hands.",
        solution="The Chronicler plays the best card, copies included (**R-T3**): beside an Ace "
                 "and a ten-card of the same suit it becomes a second Ace of that suit, "
                 "11 + 11 + 10 = 32, the only way past 31. Hands: 4 suits × 4 ten-cards = 16, "
                 "of C(33, 3) = 5,456. P = 16/5456 = {answer}."),
    Exercise(
        key="03-chronicler-21", lesson="03", number=3, kind=Kind.WHOLE,
        question="Of the 496 hands that **hold the Chronicler**, how many score **exactly "
                 "21**? (In the notebook: find them with the table `table_chr` and explain one "
                 "with `explain`.)",
        compute=lambda: _count(True, 21, with_chr=True),
        hints=("Try `score('9H KB *')`: when does the Chronicler make exactly 21?",
               "Keep only the rows of the table that hold the Chronicler AND score 21, and "
               "count them."),
        mistakes=((lambda: _count(True, 21), "That counts every hand scoring 21; keep only "
                                             "those that hold the Chronicler."),
                  (lambda: _count(True, 21, with_chr=False), "Those are the 21-hands WITHOUT "
                                                             "the Chronicler."),
                  (0, "Try `score('9H KB *')`: the Chronicler often makes exactly 21.")),
        why="counted in the table: the rows with the Chronicler whose score is 21.",
        solution="Filter the table of the 5,456 hands for chronicler = True and score = 21: "
                 "{answer} hands. For example `9H KB *` scores 21: the Chronicler becomes the "
                 "Ace of Bells beside the King of Bells, 11 + 10 (**R-T3**)."),
)
