"""Lesson 06 — lives and tournaments: exercises (answers computed exactly)."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from math import comb

from widgets.exercises.answers import Exercise, Kind
from widgets.exercises.exercise_data._choices import shuffled

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


def _games_needed(p: Fraction = HALF, w: Fraction = Fraction("0.02")) -> Fraction:
    z = Fraction("1.96")
    return z * z * p * (1 - p) / (w * w)


_EQUAL_METHOD = ("The chain over both players' lives (**T13**, **R-T8**): E(i, j) = 1 + "
                 "a·E(i − 1, j) + b·E(i, j − 1) + t·E(i − 1, j − 1), from (lives, lives); or "
                 "by counting: the match ends after n + 1 + k deals, the other having lost k.")
_GAMES_METHOD = "n ≈ 1.96² · p(1 − p) / w², with the win rate p and the half-width w."
_LONGEST_METHOD = ("The longest match has 2·lives + 1 deals: the first 2·lives split evenly, "
                   "C(2·lives, lives) / 2^(2·lives), then the last deal ends it either way.")


def _equal_ex(lives: int) -> Exercise:
    out = lives + 1
    probs = [Fraction(2 * comb(lives + k, k), 2 ** (out + k)) for k in range(out)]
    shown = ", ".join(str(q) for q in probs)
    return Exercise(
        key="06-equal-players", lesson="06", number=1, kind=Kind.NUMBER,
        question=("Two equally strong players who never tie: *a* = *b* = ½, *t* = 0, "
                  f"{lives} li{'fe' if lives == 1 else 'ves'} each. What is the **expected "
                  "number of deals** in a match? (In the notebook: set `a, b, t`, call "
                  f"`chain.cache_clear()` before `chain({lives}, {lives})` — then set them "
                  "back.)"),
        compute=lambda: _chain(lives, lives)[0],
        hints=(f"What are the shortest and the longest possible matches ({lives} li"
               f"{'fe' if lives == 1 else 'ves'}, out at the {_nth(out)} lost deal, **R-T8**)? "
               "The answer lies between them.",
               "Use the chain of section 4 with the new a, b, t: its last value is the expected "
               "number of deals."),
        mistakes=((out, f"Someone must lose {out} deals ({lives} li"
                        f"{'fe' if lives == 1 else 'ves'}, out at the {_nth(out)}, **R-T8**), "
                        "but the other loses some too."),
                  (2 * lives + 1, f"{2 * lives + 1} deals is the longest a match can last; the "
                                  "question asks for the average.")),
        why=f"the match lasts {out} to {2 * lives + 1} deals with probabilities {shown}.",
        solution=(f"A match ends when someone loses a {_nth(out)} deal: after {out} + k deals, "
                  f"where the other lost k ≤ {lives}. P({out} + k deals) = 2 · C({lives} + k, k)"
                  f" / 2^({out} + k): {shown} for "
                  + ", ".join(str(out + k) for k in range(out)) + " deals. The mean is "
                  + " + ".join(f"{out + k} · {q}" for k, q in enumerate(probs))
                  + " = {answer}."),
        vary=lambda rng: _equal_ex(rng.choice((2, 4, 5))), params=(("lives", lives),),
        method=_EQUAL_METHOD)


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _games_ex(p: Fraction, w: Fraction) -> Exercise:
    other = Fraction(1, 4) if p == HALF else HALF
    z = Fraction("1.96")
    near = {HALF: "around a win rate near **0.5** (two evenly matched players)",
            Fraction(1, 4): "around a win rate near **0.25** (four evenly matched players)",
            Fraction(1, 3): "around a win rate near **0.333** (three evenly matched players)"}[p]
    return Exercise(
        key="06-games-needed", lesson="06", number=2, kind=Kind.NUMBER,
        question=(f"About how many games do you need for a 95 % interval of half-width "
                  f"**{float(w):g}** {near}? Use the formula of section 2."),
        precision_text="Give a whole number, to 3 significant figures or better.",
        compute=lambda: _games_needed(p, w),
        hints=("Which p goes into the formula now, and what is p(1 − p)?",
               "n ≈ 1.96² · p(1 − p) / w²: put in p and w, and square both 1.96 and w."),
        mistakes=((_games_needed(other, w), f"The win rate is near {float(p):.3g} now: "
                                            f"p(1 − p) = {float(p * (1 - p)):.4g}."),
                  (z * p * (1 - p) / (w * w), "Square the 1.96 as well."),
                  (z * z * p * (1 - p) / w, f"Square the half-width: w² = {float(w * w):g}.")),
        why=f"n = 1.96² · {float(p * (1 - p)):.4g} / {float(w):g}².",
        solution=(f"n ≈ 1.96² · p(1 − p) / w² = 3.8416 · {float(p * (1 - p)):.4g} / "
                  f"{float(w * w):g} = {{answer}}. (The formula is Wald's normal approximation; "
                  "the lessons draw Wilson intervals, which are almost the same width here.)"),
        vary=_vary_games, params=(("p", p), ("w", w)), method=_GAMES_METHOD)


def _vary_games(rng: random.Random) -> Exercise:
    return _games_ex(rng.choice((HALF, Fraction(1, 4), Fraction(1, 3))),
                     Fraction(rng.choice(("0.01", "0.015", "0.02", "0.025", "0.03", "0.05"))))


def _longest_ex(lives: int) -> Exercise:
    n = 2 * lives
    return Exercise(
        key="06-longest-match", lesson="06", number=3, kind=Kind.NUMBER, probability=True,
        question=(f"With *a* = *b* = ½, *t* = 0 and {lives} li{'fe' if lives == 1 else 'ves'} "
                  "each, what is the probability that a match lasts the **longest possible** "
                  "number of deals?"),
        compute=lambda: _chain(lives, lives)[1][max(_chain(lives, lives)[1])],
        hints=("First: how many deals is the longest possible match? What must the score be "
               "just before its last deal?",
               "Before the last deal each player has lost the same number of deals. In how many "
               "orders can that happen, out of all equally likely sequences?"),
        mistakes=((Fraction(1, 2 ** n), f"There are many orders in which each player loses "
                                        f"{lives} of the first {n} deals."),
                  (Fraction(comb(n, lives), 2 ** (n + 1)), f"Either player may lose deal {n + 1}"
                                                           " — it ends the match either way.")),
        why=f"the match lasts {n + 1} deals exactly when the first {n} split {lives}–{lives}: "
            f"C({n}, {lives}) / 2^{n}.",
        solution=(f"The longest match has {n + 1} deals: after {n} deals each player must have "
                  f"lost exactly {lives}, then deal {n + 1} ends it whoever loses. P = "
                  f"C({n}, {lives}) / 2^{n} = {comb(n, lives)}/{2 ** n} = {{answer}}."),
        vary=lambda rng: _longest_ex(rng.choice((1, 2, 4, 5))), params=(("lives", lives),),
        method=_LONGEST_METHOD)


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
                 "for 4, 5, 6, 7 deals. The mean is 4/8 + 5/4 + 30/16 + 35/16 = {answer}.",
        vary=lambda rng: _equal_ex(rng.choice((2, 4, 5))), params=(("lives", 3),),
        method=_EQUAL_METHOD),
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
                 "almost the same width at p = 0.5.)",
        vary=_vary_games, params=(("p", HALF), ("w", Fraction("0.02"))), method=_GAMES_METHOD),
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
                 "{answer}.",
        vary=lambda rng: _longest_ex(rng.choice((1, 2, 4, 5))), params=(("lives", 3),),
        method=_LONGEST_METHOD),
)


@cache
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
    compute=_seats_verdict, vary=lambda rng: shuffled(_default("06-seats"), rng),
    params=(("order", (0, 1, 2)),),
    method="If every seat were equally good each would win 1/4: check whether every seat's "
           "95 % interval contains 0.25.",
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


def _default(key: str) -> Exercise:
    return next(e for e in EXERCISES if e.key == key)
