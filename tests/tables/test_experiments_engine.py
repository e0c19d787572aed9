"""The class experiments' engine (cardgames.analysis.experiments, issue 22): the exact values
re-derived by a second method, seeded shares within a stated tolerance of them, the
re-check refusing a made-up result, the wire form bounded."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from cardgames.analysis.experiments import (
    EXPERIMENTS,
    ExperimentError,
    Result,
    experiment,
    reveal_share,
)
from cardgames.analysis.simulate import wilson_interval
from cardgames.cards import ORDINARY_CARDS

# card values by the rules (T3): VII 7, VIII 8, IX 9, X U O K 10, A 11
VALUE = {"7": 7, "8": 8, "9": 9, "10": 10, "U": 10, "O": 10, "K": 10, "A": 11}


def score_by_hand(cards: tuple[str, str, str]) -> float:
    """T11 / R-T2 written out again: three Aces 33, three of a rank 30.5, else the best
    suit's sum if it is at least 21, else 0."""
    ranks = [c[:-1] for c in cards]
    if len(set(ranks)) == 1:
        return 33.0 if ranks[0] == "A" else 30.5
    best = max(sum(VALUE[c[:-1]] for c in cards if c[-1] == suit) for suit in "HBLA")
    return float(best) if best >= 21 else 0.0


def test_hands_exact_value_by_the_formula_and_by_enumeration() -> None:
    # the formula of lesson 3: three Aces 4, three of another rank 7*4, a suit of three
    # cards 4*C(8,3), Ace + a ten-card of its suit + another suit's card 4*4*24
    formula = Fraction(comb(4, 3) + 7 * comb(4, 3) + 4 * comb(8, 3) + 4 * 4 * 24, comb(32, 3))
    assert formula == Fraction(4, 31)
    deck = [c.notation() for c in ORDINARY_CARDS]
    scores = Counter(score_by_hand(h) for h in itertools.combinations(deck, 3))
    assert sum(scores.values()) == 4960
    enumerated = Fraction(sum(k for s, k in scores.items() if s >= 21), 4960)
    e = experiment("hands")
    assert e.exact == (formula,) and enumerated == formula
    # the exact histogram the projector draws: the same counts, as probabilities
    assert dict(e.exact_histogram) == pytest.approx({s: k / 4960 for s, k in scores.items()})


def test_liar_exact_value_by_the_holdings() -> None:
    # seat 1 holds 8 cards and no seven: 24 cards unseen, 4 sevens among them (L5).
    # Second method: seat 2's 8 cards hold k sevens (hypergeometric), and 2 of its 8
    # cards put down at random are both sevens with C(k,2)/C(8,2).
    p = sum(Fraction(comb(4, k) * comb(20, 8 - k), comb(24, 8)) * Fraction(comb(k, 2), comb(8, 2))
            for k in range(5))
    assert p == Fraction(1, 46) == experiment("liar").exact[0]


@pytest.mark.parametrize("key,shares,n", [("hands", 40, 100), ("liar", 20, 100)])
def test_seeded_class_within_tolerance_of_the_exact_value(key: str, shares: int, n: int) -> None:
    e = experiment(key)
    pooled = e.pool(e.share(seed, n) for seed in range(1000, 1000 + shares))
    (s,) = pooled.series
    exact = float(e.exact[0])
    assert pooled.shares == shares and s.trials == shares * n
    se = math.sqrt(exact * (1 - exact) / s.trials)
    assert abs(s.value - exact) < 4 * se           # stated tolerance: 4 standard errors
    assert (s.low, s.high) == wilson_interval(s.successes, s.trials)


def test_hands_histogram_against_the_exact_distribution() -> None:
    e = experiment("hands")
    pooled = e.pool(e.share(seed, 200) for seed in range(30))
    hist = dict(pooled.histogram)
    assert sum(hist.values()) == 6000
    exact = dict(e.exact_histogram)
    assert set(hist) <= set(exact)
    assert abs(hist[0.0] / 6000 - exact[0.0]) < 4 * math.sqrt(exact[0.0] * (1 - exact[0.0]) / 6000)


def test_reveal_share_is_the_tournament_s_games() -> None:
    """The same games as cardgames.analysis.tournament.tournament (a second way: pandas)."""
    from cardgames.analysis.summary import summarize
    from cardgames.analysis.tournament import tournament
    from cardgames.thirtyone.bots import ThirtyOneHeuristicAgent

    trials, wins, _ = reveal_share(77, 6)
    want = []
    for k, reveal_at in enumerate((21, 29)):
        df = tournament("thirty-one", [ThirtyOneHeuristicAgent(reveal_at=reveal_at),
                                       ThirtyOneHeuristicAgent()], games=6, seed=77 + k,
                        progress=False, workers=1)
        want.append(int(summarize(df).loc["heuristic#1", "wins"]))
    assert trials == (6, 6) and wins == tuple(want)


def test_reveal_intervals_separate_as_the_class_adds_games() -> None:
    e = experiment("reveal")
    few = e.pool(e.share(seed, 10) for seed in range(0, 6, 2))        # 3 students: 30 games
    assert not few.separated
    many = e.pool(e.share(seed, 10) for seed in range(0, 80, 2))     # 40 students: 400 games
    a, b = many.series
    assert a.value < b.value and many.separated, (a, b)


def test_verify_refuses_a_fabricated_result() -> None:
    for key, e in EXPERIMENTS.items():
        n = 5 if key == "reveal" else 40
        r = e.share(424242, n)
        assert e.verify(424242, n, r)
        assert e.share(424242, n) == r                        # deterministic
        up = r.forged(successes=tuple(min(t, s + 1) if s < t else s - 1
                                      for s, t in zip(r.successes, r.trials)))
        assert not e.verify(424242, n, up)
        other = r.forged(seed=424243)          # another seed's claim, if its result differs
        assert e.verify(424243, n, other) == (e.share(424243, n) == other)
        assert not e.verify(424242, n + 1, r)
        assert not e.verify(424242, n, Result.from_dict({**r.to_dict(), "n": n + 1}))
    hands = experiment("hands")
    r = hands.share(5, 50)
    assert not hands.verify(5, 50, r.forged(histogram=((33.0, 50),)))
    assert not hands.verify(6, 50, r.forged(seed=6))     # 50 hands' histogram: seed-specific


def test_wire_round_trip_and_refusals() -> None:
    r = experiment("hands").share(9, 30)
    assert Result.from_dict(r.to_dict()) == r
    bad = [[], {"experiment": "dice"}, {**r.to_dict(), "seed": 2**60},
           {**r.to_dict(), "trials": list(range(9))}, {**r.to_dict(), "n": True},
           {**r.to_dict(), "histogram": [[float("nan"), 1]]},
           {**r.to_dict(), "histogram": [[1.0, 1]] * 65}]
    for data in bad:
        with pytest.raises(ExperimentError):
            Result.from_dict(data)
    with pytest.raises(ExperimentError, match="1 to 2000"):
        experiment("hands").share(1, 5000)
