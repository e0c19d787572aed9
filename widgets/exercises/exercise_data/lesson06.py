"""Lesson 06 — lives and tournaments: exercises (answers computed exactly)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from widgets.exercises.answers import Exercise, Kind

HALF = Fraction(1, 2)


@cache
def _chain(i: int, j: int, a: Fraction = HALF, b: Fraction = HALF, t: Fraction = Fraction(0)):
    """(expected deals, {deals: probability}) of a match from lives (i, j) (T13, R-T8)."""
    if i < 0 or j < 0:
        return Fraction(0), {0: Fraction(1)}
    mean = Fraction(1)
    dist: dict[int, Fraction] = {}
    for p, (ni, nj) in ((a, (i - 1, j)), (b, (i, j - 1)), (t, (i - 1, j - 1))):
        if p == 0:
            continue
        m, d = _chain(ni, nj, a, b, t)
        mean += p * m
        for k, q in d.items():
            dist[k + 1] = dist.get(k + 1, Fraction(0)) + p * q
    return mean, dist


def _games_needed() -> Fraction:
    z, p, w = Fraction("1.96"), HALF, Fraction("0.02")
    return z * z * p * (1 - p) / (w * w)


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        key="06-equal-players", lesson="06", number=1, kind=Kind.NUMBER,
        question="Two equally strong players who never tie: *a* = *b* = ½, *t* = 0, 3 lives "
                 "each. What is the **expected number of deals** in a match? (In the notebook: "
                 "set `a, b, t`, call `chain.cache_clear()` before `chain(3, 3)` — then set them "
                 "back.)",
        compute=lambda: _chain(3, 3)[0],
        hints=("What are the shortest and the longest possible matches (3 lives, out at the 4th "
               "lost deal, **R-T8**)? The answer lies between them.",
               "Use the chain of section 4 with the new a, b, t: its last value is the expected "
               "number of deals."),
        mistakes=((4, "Someone must lose 4 deals (3 lives, out at the 4th, **R-T8**), but the "
                      "other loses some too."),
                  (7, "7 deals is the longest a match can last; the question asks for the "
                      "average.")),
        why="the match lasts 4 to 7 deals with probabilities 1/8, 1/4, 5/16, 5/16.",
        solution="A match ends when someone loses a 4th deal: after 4 + k deals, where the other "
                 "lost k ≤ 3. P(4 + k deals) = 2 · C(3 + k, k) / 2^(4 + k): 1/8, 1/4, 5/16, 5/16 "
                 "for 4, 5, 6, 7 deals. The mean is 4/8 + 5/4 + 30/16 + 35/16 = {answer}."),
    Exercise(
        key="06-games-needed", lesson="06", number=2, kind=Kind.NUMBER,
        question="About how many games do you need for a 95 % interval of half-width **0.02** "
                 "around a win rate near **0.5** (two evenly matched players)? Use the formula "
                 "of section 2.",
        precision_text="Give a whole number, to 3 significant figures or better.",
        compute=_games_needed,
        hints=("Which p goes into the formula now, and what is p(1 − p)?",
               "n ≈ 1.96² · p(1 − p) / w²: put in p and w, and square both 1.96 and w."),
        mistakes=((Fraction("1801"), "The win rate is near 0.5 now: p(1 − p) = 0.25."),
                  (Fraction("1225"), "Square the 1.96 as well."),
                  (Fraction("48.02"), "Square the half-width: w² = 0.0004.")),
        why="n = 1.96² · 0.25 / 0.02² — four times the games of half-width 0.04.",
        solution="n ≈ 1.96² · p(1 − p) / w² = 3.8416 · 0.25 / 0.0004 = {answer}. (The formula "
                 "is Wald's normal approximation; the lessons draw Wilson intervals, which are "
                 "almost the same width at p = 0.5.)"),
    Exercise(
        key="06-longest-match", lesson="06", number=3, kind=Kind.NUMBER, probability=True,
        question="With *a* = *b* = ½, *t* = 0, what is the probability that a match lasts the "
                 "**longest possible** number of deals?",
        compute=lambda: _chain(3, 3)[1][max(_chain(3, 3)[1])],
        hints=("First: how many deals is the longest possible match? What must the score be "
               "just before its last deal?",
               "Before the last deal each player has lost the same number of deals. In how many "
               "orders can that happen, out of all equally likely sequences?"),
        mistakes=((Fraction(1, 64), "There are many orders in which each player loses 3 of the "
                                    "first 6 deals."),
                  (Fraction(5, 32), "Either player may lose deal 7 — it ends the match either "
                                    "way.")),
        why="the match lasts 7 deals exactly when the first 6 split 3–3: C(6, 3) / 2^6.",
        solution="The longest match has 7 deals: after 6 deals each player must have lost "
                 "exactly 3, then deal 7 ends it whoever loses. P = C(6, 3) / 2^6 = 20/64 = "
                 "{answer}."),
)


def _seats_verdict() -> int:
    """Section 1's tournament (seed 2): does every seat's interval contain 1/4?"""
    from cardgames.analysis.tournament import summarize, tournament

    liar = tournament("liar", ["random"] * 4, games=400, seed=2, progress=False)
    by_seat = summarize(liar, by="seat")
    contains = all(lo <= 0.25 <= hi for lo, hi in zip(by_seat["win_low"], by_seat["win_high"],
                                                       strict=True))
    return 1 if contains else 0


EXERCISES = (*EXERCISES, Exercise(
    key="06-seats", lesson="06", number=4, kind=Kind.CHOICE, sig=None,
    question="In section 1, seat 3 won 105 of the 400 rounds (0.263, 95 % interval "
             "0.222–0.308), more than any other seat. What can you conclude?",
    choices=("Seat 3 is the best seat to sit in.",
             "Nothing about the seats: every seat's interval contains the fair share 0.25.",
             "Seat 3 wins exactly 0.013 more often than a fair share."),
    compute=_seats_verdict,
    hints=("What would the four win rates look like if every seat were equally good?",
           "Read the four intervals of section 1: which contain 0.25?"),
    mistakes=((0, "Winning most often in 400 games is not enough: is 0.25 inside seat 3's "
                  "interval?"),
              (2, "0.263 is an estimate; its interval runs from 0.222 to 0.308, so the true "
                  "rate could be below 0.25 too.")),
    why="0.25 lies inside all four intervals: 400 games cannot tell the seats apart.",
    solution="If the seats were equally good each would win 1/4 of the rounds. All four 95 % "
             "intervals of section 1 contain 0.25, so the data do not tell the seats apart: "
             "{answer}. To detect a difference of 0.013 you would need about "
             "1.96² · 0.25 · 0.75 / 0.013² ≈ 4,300 games per seat (section 2)."),
)
