"""Lesson 06 — lives and tournaments: exercises (answers computed exactly)."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache
from math import comb

from cardgames.courseware.answers import Exercise, Kind
from cardgames.courseware.exercise_data._choices import shuffled
from cardgames.courseware.texts import Msg, num
from cardgames.i18n import N_, N_plural

HALF = Fraction(1, 2)


@cache
def _chain(i: int, j: int, a: Fraction = HALF, b: Fraction = HALF, t: Fraction = Fraction(0)
           ) -> tuple[Fraction, dict[int, Fraction]]:
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


def _games_exact(p: Fraction = HALF, w: Fraction = Fraction("0.02")) -> Fraction:
    """1.96² · p(1 − p) / w², exactly (a fraction of a game, in general)."""
    z = Fraction("1.96")
    return z * z * p * (1 - p) / (w * w)


def _games_needed(p: Fraction = HALF, w: Fraction = Fraction("0.02")) -> Fraction:
    """The games needed: a count, so the formula's value rounded **up** (fewer games
    would leave the interval wider than asked)."""
    return Fraction(math.ceil(_games_exact(p, w)))


_EQUAL_METHOD = Msg(N_("The chain over both players' lives (**T13**, **R-T8**): E(i, j) = 1 + "
                       "a·E(i − 1, j) + b·E(i, j − 1) + t·E(i − 1, j − 1), from (lives, lives); "
                       "or by counting: the match ends after n + 1 + k deals, the other having "
                       "lost k."))
_GAMES_METHOD = Msg(N_("n ≈ 1.96² · p(1 − p) / w², with the win rate p and the half-width w."))
_LONGEST_METHOD = Msg(N_("The longest match has 2·lives + 1 deals: the first 2·lives split "
                         "evenly, C(2·lives, lives) / 2^(2·lives), then the last deal ends it "
                         "either way."))
_BOUNDS = Msg(N_("Use the chain of section 4 with the new a, b, t: its last value is the "
                 "expected number of deals."))
_WHICH_P = Msg(N_("Which p goes into the formula now, and what is p(1 − p)?"))
_PUT_IN = Msg(N_("n ≈ 1.96² · p(1 − p) / w²: put in p and w, and square both 1.96 and w."))
_WHOLE = Msg(N_("Give a whole number, to 3 significant figures or better."))
_SQUARE_Z = Msg(N_("Square the 1.96 as well."))
_FIRST = Msg(N_("First: how many deals is the longest possible match? What must the score be "
                "just before its last deal?"))
_ORDERS = Msg(N_("Before the last deal each player has lost the same number of deals. In how "
                 "many orders can that happen, out of all equally likely sequences?"))


def _equal_ex(lives: int) -> Exercise:
    out = lives + 1
    probs = [Fraction(2 * comb(lives + k, k), 2 ** (out + k)) for k in range(out)]
    shown = ", ".join(str(q) for q in probs)
    return Exercise(
        key="06-equal-players", lesson="06", number=1, kind=Kind.NUMBER,
        question=Msg(N_plural("Two equally strong players who never tie: *a* = *b* = ½, *t* = 0, "
                              "{lives} life each. What is the **expected number of deals** in a "
                              "match?",
                              "Two equally strong players who never tie: *a* = *b* = ½, *t* = 0, "
                              "{lives} lives each. What is the **expected number of deals** in a "
                              "match?"),
                     plural=lives, lives=lives),
        compute=lambda: _chain(lives, lives)[0],
        hints=(Msg(N_plural("What are the shortest and the longest possible matches ({lives} "
                            "life, out at the {nth} lost deal, **R-T8**)? The answer lies "
                            "between them.",
                            "What are the shortest and the longest possible matches ({lives} "
                            "lives, out at the {nth} lost deal, **R-T8**)? The answer lies "
                            "between them."), plural=lives, lives=lives, nth=_nth(out)),
               _BOUNDS),
        mistakes=((out, Msg(N_plural("Someone must lose {out} deals ({lives} life, out at the "
                                     "{nth}, **R-T8**), but the other loses some too.",
                                     "Someone must lose {out} deals ({lives} lives, out at the "
                                     "{nth}, **R-T8**), but the other loses some too."),
                            plural=lives, out=out, lives=lives, nth=_nth(out))),
                  (2 * lives + 1, Msg(N_("{n} deals is the longest a match can last; the "
                                         "question asks for the average."), n=2 * lives + 1))),
        why=Msg(N_("the match lasts {out} to {longest} deals with probabilities {shown}."),
                out=out, longest=2 * lives + 1, shown=shown),
        solution=Msg(N_("A match ends when someone loses a {nth} deal: after {out} + k deals, "
                        "where the other lost k ≤ {lives}. P({out} + k deals) = 2 · C({lives} + "
                        "k, k) / 2^({out} + k): {shown} for {lengths} deals. The mean is {sum} = "
                        "{answer}."),
                     nth=_nth(out), out=out, lives=lives, shown=shown,
                     lengths=", ".join(str(out + k) for k in range(out)),
                     sum=" + ".join(f"{out + k} · {q}" for k, q in enumerate(probs))),
        vary=lambda rng: _equal_ex(rng.choice((2, 4, 5))), params=(("lives", lives),),
        method=_EQUAL_METHOD)


def _nth(n: int) -> Msg:
    """An ordinal: ``1st``, ``2nd``, ``3rd``, ``4th`` (``4.`` in Croatian and German)."""
    if n == 1:
        return Msg(N_("{n}st"), n=n)
    if n == 2:
        return Msg(N_("{n}nd"), n=n)
    if n == 3:
        return Msg(N_("{n}rd"), n=n)
    return Msg(N_("{n}th"), n=n)


def _games_ex(p: Fraction, w: Fraction) -> Exercise:
    other = Fraction(1, 4) if p == HALF else HALF
    z = Fraction("1.96")
    near = {HALF: N_("around a win rate near **0.5** (two evenly matched players)"),
            Fraction(1, 4): N_("around a win rate near **0.25** (four evenly matched players)"),
            Fraction(1, 3): N_("around a win rate near **0.333** (three evenly matched "
                               "players)")}[p]
    pq = num(float(p * (1 - p)), ".4g")
    exact = _games_exact(p, w)
    return Exercise(
        key="06-games-needed", lesson="06", number=2, kind=Kind.NUMBER,
        question=Msg(N_("About how many games do you need for a 95 %\u00a0interval of "
                        "half-width **{w}** {near}? Use the formula of section 2."),
                     w=num(float(w)), near=Msg(near)),
        precision_text=_WHOLE, count=True,
        compute=lambda: _games_needed(p, w),
        hints=(_WHICH_P, _PUT_IN),
        mistakes=((_games_exact(other, w), Msg(N_("The win rate is near {p} now: p(1 − p) = "
                                                   "{pq}."), p=num(float(p), ".3g"), pq=pq)),
                  (z * p * (1 - p) / (w * w), _SQUARE_Z),
                  (z * z * p * (1 - p) / w, Msg(_SQUARE_W, w2=num(float(w * w))))),
        why=Msg(N_("n = 1.96² · {pq} / {w}²."), pq=pq, w=num(float(w))),
        solution=Msg(_GAMES_SOLUTION, pq=pq, w2=num(float(w * w)),
                     exact=(Msg(N_("{value}, already a whole number of games"),
                                value=num(int(exact), ","))
                            if exact.denominator == 1 else
                            Msg(N_("{value}; games are counted in whole numbers, so round "
                                   "**up** (fewer games would leave the interval wider than "
                                   "{w})"), value=num(float(exact), ",.2f"), w=num(float(w))))),
        vary=_vary_games, params=(("p", p), ("w", w)), method=_GAMES_METHOD)


_GAMES_SOLUTION = N_("n ≈ 1.96² · p(1 − p) / w² = 3.8416 · {pq} / {w2} = {exact}: {answer}. "
                     "(The formula is Wald's normal approximation; the lessons draw Wilson "
                     "intervals, which are almost the same width here.)")
_SQUARE_W = N_("Square the half-width: w² = {w2}.")


def _vary_games(rng: random.Random) -> Exercise:
    return _games_ex(rng.choice((HALF, Fraction(1, 4), Fraction(1, 3))),
                     Fraction(rng.choice(("0.01", "0.015", "0.02", "0.025", "0.03", "0.05"))))


def _longest_ex(lives: int) -> Exercise:
    n = 2 * lives
    return Exercise(
        key="06-longest-match", lesson="06", number=3, kind=Kind.NUMBER, probability=True,
        question=Msg(N_plural("With *a* = *b* = ½, *t* = 0 and {lives} life each, what is the "
                              "probability that a match lasts the **longest possible** number "
                              "of deals?",
                              "With *a* = *b* = ½, *t* = 0 and {lives} lives each, what is the "
                              "probability that a match lasts the **longest possible** number "
                              "of deals?"), plural=lives, lives=lives),
        compute=lambda: _chain(lives, lives)[1][max(_chain(lives, lives)[1])],
        hints=(_FIRST, _ORDERS),
        mistakes=((Fraction(1, 2 ** n), Msg(_MANY_ORDERS, lives=lives, n=n)),
                  (Fraction(comb(n, lives), 2 ** (n + 1)), Msg(_EITHER, last=n + 1))),
        why=Msg(N_("the match lasts {last} deals exactly when the first {n} split {split}: "
                   "C({n}, {lives}) / 2^{n}."),
                last=n + 1, n=n, split=f"{lives}–{lives}", lives=lives),
        solution=Msg(N_("The longest match has {last} deals: after {n} deals each player must "
                        "have lost exactly {lives}, then deal {last} ends it whoever loses. P = "
                        "C({n}, {lives}) / 2^{n} = {ratio} = {answer}."),
                     last=n + 1, n=n, lives=lives, ratio=f"{comb(n, lives)}/{2 ** n}"),
        vary=lambda rng: _longest_ex(rng.choice((1, 2, 4, 5))), params=(("lives", lives),),
        method=_LONGEST_METHOD)


_MANY_ORDERS = N_("There are many orders in which each player loses {lives} of the first {n} "
                  "deals.")
_EITHER = N_("Either player may lose deal {last} — it ends the match either way.")


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        key="06-equal-players", lesson="06", number=1, kind=Kind.NUMBER,
        question=Msg(N_("Two equally strong players who never tie: *a* = *b* = ½, *t* = 0, 3 "
                        "lives each. What is the **expected number of deals** in a match?")),
        compute=lambda: _chain(3, 3)[0],
        hints=(Msg(N_("What are the shortest and the longest possible matches (3 lives, out at "
                      "the 4th lost deal, **R-T8**)? The answer lies between them.")),
               _BOUNDS),
        mistakes=((4, Msg(N_("Someone must lose 4 deals (3 lives, out at the 4th, **R-T8**), "
                             "but the other loses some too."))),
                  (7, Msg(N_("7 deals is the longest a match can last; the question asks for "
                             "the average.")))),
        why=Msg(N_("the match lasts 4 to 7 deals with probabilities 1/8, 1/4, 5/16, 5/16.")),
        solution=Msg(N_("A match ends when someone loses a 4th deal: after 4 + k deals, where "
                        "the other lost k ≤ 3. P(4 + k deals) = 2 · C(3 + k, k) / 2^(4 + k): "
                        "1/8, 1/4, 5/16, 5/16 for 4, 5, 6, 7 deals. The mean is 4/8 + 5/4 + "
                        "30/16 + 35/16 = {answer}.")),
        vary=lambda rng: _equal_ex(rng.choice((2, 4, 5))), params=(("lives", 3),),
        method=_EQUAL_METHOD),
    Exercise(
        key="06-games-needed", lesson="06", number=2, kind=Kind.NUMBER,
        question=Msg(N_("About how many games do you need for a 95 %\u00a0interval of "
                        "half-width **0.02** around a win rate near **0.5** (two evenly matched "
                        "players)? Use the formula of section 2.")),
        precision_text=_WHOLE, count=True,
        compute=_games_needed,
        hints=(_WHICH_P, _PUT_IN),
        mistakes=((Fraction("1801"), Msg(N_("The win rate is near 0.5 now: p(1 − p) = "
                                            "0.25."))),
                  (Fraction("1225"), _SQUARE_Z),
                  (Fraction("48.02"), Msg(_SQUARE_W, w2=num(0.0004)))),
        why=Msg(N_("n = 1.96² · 0.25 / 0.02² — four times the games of half-width 0.04.")),
        solution=Msg(N_("n ≈ 1.96² · p(1 − p) / w² = 3.8416 · 0.25 / 0.0004 = {answer}. (The "
                        "formula is Wald's normal approximation; the lessons draw Wilson "
                        "intervals, which are almost the same width at p = 0.5.)")),
        vary=_vary_games, params=(("p", HALF), ("w", Fraction("0.02"))), method=_GAMES_METHOD),
    Exercise(
        key="06-longest-match", lesson="06", number=3, kind=Kind.NUMBER, probability=True,
        question=Msg(N_("With *a* = *b* = ½, *t* = 0, what is the probability that a match lasts "
                        "the **longest possible** number of deals?")),
        compute=lambda: _chain(3, 3)[1][max(_chain(3, 3)[1])],
        hints=(_FIRST, _ORDERS),
        mistakes=((Fraction(1, 64), Msg(_MANY_ORDERS, lives=3, n=6)),
                  (Fraction(5, 32), Msg(_EITHER, last=7))),
        why=Msg(N_("the match lasts 7 deals exactly when the first 6 split 3–3: C(6, 3) / "
                   "2^6.")),
        solution=Msg(N_("The longest match has 7 deals: after 6 deals each player must have "
                        "lost exactly 3, then deal 7 ends it whoever loses. P = C(6, 3) / 2^6 = "
                        "20/64 = {answer}.")),
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
    question=Msg(N_("In section 1, seat 3 won 105 of the 400 rounds (0.263, 95 %\u00a0interval "
                    "0.222–0.308), more than any other seat. What can you conclude?")),
    choices=(Msg(N_("Seat 3 is the best seat to sit in.")),
             Msg(N_("Nothing about the seats: every seat's interval contains the fair share "
                    "0.25.")),
             Msg(N_("Seat 3 wins exactly 0.013 more often than a fair share."))),
    compute=_seats_verdict, vary=lambda rng: shuffled(_default("06-seats"), rng),
    params=(("order", (0, 1, 2)),),
    method=Msg(N_("If every seat were equally good each would win 1/4: check whether every "
                  "seat's 95 %\u00a0interval contains 0.25.")),
    hints=(Msg(N_("What would the four win rates look like if every seat were equally good?")),
           Msg(N_("Read the four intervals of section 1: which contain 0.25?"))),
    mistakes=((0, Msg(N_("Winning most often in 400 games is not enough: is 0.25 inside seat "
                         "3's interval?"))),
              (2, Msg(N_("0.263 is an estimate; its interval runs from 0.222 to 0.308, so the "
                         "true rate could be below 0.25 too.")))),
    why=Msg(N_("0.25 lies inside all four intervals: 400 games cannot tell the seats apart.")),
    solution=Msg(N_("If the seats were equally good each would win 1/4 of the rounds. All four "
                    "95 %\u00a0intervals of section 1 contain 0.25, so the data do not tell the "
                    "seats apart: {answer}. To detect a difference of 0.013 you would need about "
                    "1.96² · 0.25 · 0.75 / 0.013² ≈ 4,300 games per seat (section 2)."))),
)


def _default(key: str) -> Exercise:
    return next(e for e in EXERCISES if e.key == key)
