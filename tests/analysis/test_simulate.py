"""Monte Carlo estimates: Wilson intervals, seeds, and agreement with exact answers."""

from __future__ import annotations

import math
from fractions import Fraction
from math import comb

import pytest

from cardgames.analysis import hands
from cardgames.analysis.simulate import (
    Estimate,
    estimate_mean,
    estimate_probability,
    simulate_hand_probability,
    wilson_interval,
)


def test_wilson_against_textbook_formula():
    # 95%: z = 1.959964; p = 0.3, n = 50 -> the textbook Wilson bounds
    z = 1.959963984540054
    n, k = 50, 15
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo, hi = wilson_interval(k, n)
    assert lo == pytest.approx(centre - half) and hi == pytest.approx(centre + half)
    assert wilson_interval(0, 20)[0] == 0.0 and wilson_interval(20, 20)[1] == 1.0
    assert wilson_interval(5, 10, 0.99)[0] < wilson_interval(5, 10, 0.95)[0]
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_estimate_is_frozen_and_reproducible():
    a = estimate_probability(lambda r: r.random() < 0.3, trials=2000, seed=5)
    b = estimate_probability(lambda r: r.random() < 0.3, trials=2000, seed=5)
    assert a == b and a.seed == 5 and isinstance(a, Estimate)
    with pytest.raises(AttributeError):
        a.trials = 3  # type: ignore[misc]
    assert a.low < a.value < a.high
    assert "seed=5" in str(a)


def test_mean_estimate():
    est = estimate_mean(lambda r: r.randint(1, 6), trials=5000, seed=2)
    assert est.contains(3.5)
    assert est.high - est.low < 0.2


@pytest.mark.parametrize("at_least,chronicler,exclude", [
    (21, False, ""),
    (21, True, ""),
    (30, False, "AH KH 9H"),
])
def test_simulation_agrees_with_exact(at_least, chronicler, exclude):
    exact = hands.probability(at_least=at_least, chronicler=chronicler, exclude=exclude)
    est = simulate_hand_probability(at_least=at_least, chronicler=chronicler, exclude=exclude,
                                    trials=20_000, seed=3, confidence=0.99)
    assert est.trials == 20_000 and est.seed == 3
    assert est.contains(exact), (str(est), exact)
    # the interval is tight enough to tell apart a wrong answer off by 20%
    assert not est.contains(exact * 1.2)


def test_simulation_known_value_by_hand():
    # P(score >= 21), one deck, by hand: 4*C(8,3) + 16*24 + 8*4 = 640 of C(32,3)
    exact = Fraction(4 * comb(8, 3) + 16 * 24 + 8 * 4, comb(32, 3))
    est = simulate_hand_probability(at_least=21, trials=30_000, seed=3)
    assert est.contains(float(exact))
