"""Issue 31, lessons round 3: the new figures of lessons 04 and 06, each re-derived by a
second method (counting, a direct sum, a parametric bootstrap), and the texts that go
with them."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from math import comb

from lessonlib import LESSONS, stored_text


def _cells(name: str) -> dict[str, dict]:
    (path,) = LESSONS.glob(f"{name}_*.ipynb")
    return {c.get("id"): c for c in json.loads(path.read_text(encoding="utf-8"))["cells"]}


def _out(name: str, cell: str) -> str:
    return "".join("".join(o.get("text", "")) for o in _cells(name)[cell]["outputs"])


def _md(name: str, cell: str) -> str:
    return "".join(_cells(name)[cell]["source"])


def test_lesson04_bayes_tree_shows_the_denominator():
    """The claim "1 seven": 3 sevens among the 24 unseen cards. p by counting the cards,
    h by counting seat 1's 8-card hands without a seven (the complement), then the paths."""
    p = Fraction(3, 24)
    h = 1 - Fraction(comb(21, 8), comb(24, 8))          # at least one of the 3 sevens
    assert h == Fraction(183, 253)
    prior = Fraction(2, 5)
    bluff_lie, honest_lie = prior * (1 - p), (1 - prior) * (1 - h)
    text = _out("04", "04-022-tree")
    assert f"path: π·(1 − p) = {float(bluff_lie):.4f}" in text
    assert f"path: (1 − π)·(1 − h) = {float(honest_lie):.4f}" in text
    lie = bluff_lie + honest_lie
    assert (f"P(lie) = {float(bluff_lie):.4f} + {float(honest_lie):.4f} = {float(lie):.4f}  "
            "(the denominator)") in text
    assert f"P(bluffer | lie) = {float(bluff_lie):.4f} / {float(lie):.4f} = " \
           f"{float(bluff_lie / lie):.4f}" in text
    # the same posterior as the lesson's table row for π = 0.4
    assert f"{float(bluff_lie / lie):.4f}" == "0.6783" and "0.6783" in stored_text("04")
    md = _md("04", "04-019-bayes")
    assert 'From here on the claim is "1 seven"' in md       # the switch from 2 sevens is said


def test_lesson04_conditional_probability_before_its_use():
    cells = list(_cells("04").values())
    md = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    joined = "\n".join(md)
    assert joined.index("**Conditional probability.**") < joined.index("P(true | random pick)")
    assert "P(\\text{true} \\mid" not in joined


def test_lesson04_one_share_varies_a_lot():
    """The teacher note: 100 deals at p = 1/46. P(3 or more) by the sum of the upper tail
    (not 1 - the lower one) and by a seeded simulation of 20,000 students."""
    p = Fraction(1, 46)
    upper = sum(comb(100, k) * p**k * (1 - p) ** (100 - k) for k in range(3, 101))
    rng = random.Random(31)
    sim = sum(sum(rng.random() < 1 / 46 for _ in range(100)) >= 3 for _ in range(20_000)) / 20_000
    assert abs(sim - float(upper)) < 4 * math.sqrt(0.37 * 0.63 / 20_000)
    text = _out("04", "04-class-exp-spread")
    assert f"P(3 or more) = {float(upper):.3f}" in text and f"P(0, 1 or 2) = {float(1 - upper):.3f}" in text
    assert f"on average {100 / 46:.2f}" in text
    note = _md("04", "04-class-exp-teacher")
    assert "0, 1 or 2 true claims in 100 and may doubt" not in note
    assert f"about {round(float(1 - upper) * 100)} %" in note and f"about {round(float(upper) * 100)} %" in note
    assert "teacher" in _cells("04")["04-class-exp-spread"]["metadata"]["tags"]


def _mean_deals(a: float, b: float, lives: int = 3) -> float:
    """Expected deals of the match by the forward recursion over (losses A, losses B)."""
    t = 1 - a - b
    alive, mean, deal = {(0, 0): 1.0}, 0.0, 0
    while alive:
        deal += 1
        nxt: dict[tuple[int, int], float] = {}
        for (i, j), q in alive.items():
            for w, (ni, nj) in ((a, (i + 1, j)), (b, (i, j + 1)), (t, (i + 1, j + 1))):
                if ni > lives or nj > lives:
                    mean += deal * q * w
                else:
                    nxt[(ni, nj)] = nxt.get((ni, nj), 0.0) + q * w
        alive = nxt
    return mean


def test_lesson06_both_uncertainties_by_parametric_bootstrap():
    """The chain's SE (the lesson: the delta method) by a parametric bootstrap: 400 sets of
    4,000 single deals drawn from the estimated a, b, t, each solved; then the gap over both
    standard errors is about 2.5, not 2.8 (and still more than 2)."""
    import re

    per_deal = re.search(r"per-deal probability\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", stored_text("06"))
    a, b, t = (float(x) for x in per_deal.groups())
    assert abs(a + b + t - 1) < 2e-4
    rng = random.Random(6)
    means = []
    for _ in range(400):
        draws = [rng.random() for _ in range(4000)]
        na = sum(x < a for x in draws)
        nb = sum(a <= x < a + b for x in draws)
        means.append(_mean_deals(na / 4000, nb / 4000))
    avg = sum(means) / len(means)
    se_boot = math.sqrt(sum((m - avg) ** 2 for m in means) / (len(means) - 1))
    text = _out("06", "06-both-se")
    se_chain = float(re.search(r"chain's mean: ([\d.]+)", text).group(1))
    se_sim = float(re.search(r"simulated mean: ([\d.]+)", text).group(1))
    gap = float(re.search(r"simulated - chain = ([\d.]+)", text).group(1))
    assert abs(se_boot - se_chain) < 0.003, (se_boot, se_chain)
    z = gap / math.sqrt(se_sim**2 + se_boot**2)
    assert 2.3 < z < 2.7 and "= 2.5 standard errors" in text
    assert f"{gap / se_sim:.1f}" == "2.8"                        # the simulation's noise only
    assert "P(a gap of 2.5 SE or more by chance) = 0.012" in text
    assert abs(math.erfc(2.5 / math.sqrt(2)) - 0.0124) < 1e-4    # "once in 80"
    assert "once in 80" in _md("06", "06-both-se-after")


def test_lesson06_p_hat_replaces_p_in_the_standard_error():
    md = _md("06", "06-008")
    assert "we put the estimate *p̂* in its\nplace" in md


def test_timings_count_the_class_experiments_and_explorers():
    for name in ("03", "04", "06"):
        first = _md(name, f"{name}-000")
        time = first[first.index("**Time:**"):].split("**Prerequisites:**")[0]
        assert "class experiment" in time and "explorer" in time, (name, time)
