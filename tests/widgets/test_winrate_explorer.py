"""Lesson 6's win-rate model: the opponents and games sliders redraw the spread.

Second methods: the Wilson interval by its formula written out here (the engine's
``wilson_interval`` draws the band), the binomial probabilities as exact fractions with
``math.comb`` and, for the large sample, a seeded simulation of the games; the standard
error by hand: √(0.25 · 0.75 / 400) = 0.02165.
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

import pytest

from widgets.explainers.winrate_explorer import GAMES, WinRateExplorer

Z = 1.959963984540054          # the 97.5 % point of the normal distribution


def _wilson(wins: int, n: int) -> tuple[float, float]:
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


def _within_exact(n: int, p: Fraction, w: Fraction) -> Fraction:
    return sum((math.comb(n, k) * p ** k * (1 - p) ** (n - k)
                for k in range(n + 1) if abs(Fraction(k, n) - p) <= w), Fraction(0))


def _numbers(text: str) -> dict[str, str]:
    m = re.search(r"(\d) opponents: .* fair share ([\d.]+)\. In (\d+) games the estimate's "
                  r"standard error is ([\d.]+); winning (\d+) of \d+ gives the 95 % Wilson "
                  r"interval ([\d.]+)–([\d.]+); .* probability ([\d.]+)\.", text)
    assert m, text
    keys = ("opponents", "p", "n", "se", "wins", "lo", "hi", "near")
    return dict(zip(keys, m.groups(), strict=True))


def _text(w: WinRateExplorer) -> str:
    return w.text.value.replace("&#x27;", "'")


@pytest.mark.parametrize("opponents, games", [(3, 400), (1, 100), (5, 200)])
def test_the_numbers_match_a_second_method(opponents, games):
    w = WinRateExplorer(opponents=opponents, games=games)
    try:
        got = _numbers(_text(w))
        p = Fraction(1, opponents + 1)
        wins = round(games * p)
        lo, hi = _wilson(wins, games)
        assert got["lo"] == f"{lo:.3f}" and got["hi"] == f"{hi:.3f}"
        assert got["se"] == f"{math.sqrt(float(p * (1 - p)) / games):.4f}"
        assert float(got["near"]) == pytest.approx(
            float(_within_exact(games, p, Fraction(1, 50))), abs=6e-4)
    finally:
        w.close_all()


def test_sliders_change_the_figure_as_predicted():
    w = WinRateExplorer(opponents=3, games=400)
    try:
        assert _numbers(_text(w))["se"] == "0.0217"        # √(0.25·0.75/400) by hand
        band = re.search(r"class='cg-winrate-band' x='([\d.]+)' y='\d+' width='([\d.]+)'",
                         w.chart.value)
        width_400 = float(band.group(2))
        w.games.value = 1600                               # four times the games: half the width
        band = re.search(r"class='cg-winrate-band' x='([\d.]+)' y='\d+' width='([\d.]+)'",
                         w.chart.value)
        assert float(band.group(2)) == pytest.approx(width_400 / 2, rel=0.03)
        got = _numbers(_text(w))
        # a seeded simulation of 1600 games, 4,000 times: how often within ±0.02?
        rng = random.Random(20)
        hits = sum(abs(sum(rng.random() < 0.25 for _ in range(1600)) / 1600 - 0.25) <= 0.02
                   for _ in range(4000))
        assert abs(float(got["near"]) - hits / 4000) < 3 * math.sqrt(0.94 * 0.06 / 4000) + 0.01
        w.opponents.value = 1                             # two players: the fair share ½
        got = _numbers(_text(w))
        assert got["p"] == "0.500" and got["wins"] == "800"
        lo, hi = _wilson(800, 1600)
        assert (got["lo"], got["hi"]) == (f"{lo:.3f}", f"{hi:.3f}")
        assert "aria-label" in w.chart.value and got["lo"] in w.chart.value
    finally:
        w.close_all()


def test_browser_values_are_checked():
    w = WinRateExplorer()
    try:
        with pytest.raises(Exception):                     # traitlets refuse an unknown option
            w.games.value = 123
        assert w.games.value in GAMES
        with pytest.raises(Exception):
            w.opponents.value = "x"
        w.opponents.value = 99                             # clamped by the slider to its max
        assert w.opponents.value == 7 and "7 opponents" in _text(w)
    finally:
        w.close_all()
