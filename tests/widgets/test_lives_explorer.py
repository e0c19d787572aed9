"""Lesson 6's explorable chain: the engine's exact chain, redrawn on a slider move.

Expected values by hand: with a = b = ½, t = 0 and 3 lives a match ends at deal 4 + k when
the loser's 4th loss comes then: P = 2·C(3 + k, k)/2^(4 + k) = 1/8, 1/4, 5/16, 5/16, mean
93/16 = 5.8125.  With 1 life each: deals 2 or 3, P(2) = ½ (the first two deals lost by the
same player), mean 5/2.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from cardgames.analysis.lives import match_model
from cardgames.errors import CardgamesError
from widgets.explainers.lives_explorer import LivesExplorer

HALF = Fraction(1, 2)


def test_the_engine_chain_matches_the_closed_form():
    m = match_model(HALF, HALF, lives=3)
    assert m.length == {4 + k: 2 * Fraction(math.comb(3 + k, k), 2 ** (4 + k)) for k in range(4)}
    assert m.expected_deals == Fraction(93, 16) and m.a_wins == m.b_wins == HALF
    one = match_model(HALF, HALF, lives=1)
    assert one.length == {2: HALF, 3: HALF} and one.expected_deals == Fraction(5, 2)


def test_ties_share_the_win_from_the_last_lives():
    """From (0, 0) only: a tie (t) ends it shared; P(shared) = t."""
    m = match_model(Fraction(1, 4), Fraction(1, 4), lives=0)
    assert (m.a_wins, m.b_wins, m.shared) == (Fraction(1, 4), Fraction(1, 4), HALF)
    assert m.length == {1: Fraction(1)}


@pytest.mark.parametrize("a, b, lives", [(0.7, 0.5, 3), (-0.1, 0.5, 3), ("x", 0.5, 3),
                                         (0.5, 0.5, 10), (0.5, 0.5, True), (0, 0, 3)])
def test_bad_inputs_are_refused_with_the_projects_error(a, b, lives):
    with pytest.raises(CardgamesError):
        match_model(a, b, lives=lives)


def test_slider_moves_redraw_the_chart_and_the_text():
    w = LivesExplorer(a=0.5, t=0.0, lives=3)
    try:
        assert "expected deals 5.81" in w.text.value and "4 to 7 deals" in w.text.value
        chart = w.chart.value
        w.lives.value = 1
        assert w.chart.value != chart and "expected deals 2.50" in w.text.value
        assert "aria-label" in w.chart.value and "2 to 3 deals" in w.chart.value
    finally:
        w.close_all()


def test_browser_values_are_clamped():
    w = LivesExplorer(a=0.5, t=0.0)
    try:
        w.t.value = 0.4
        w.a.value = 0.9                   # a + t > 1: the tie is cut back so b = 0
        assert "b = 0.00, t = 0.10" in w.text.value
    finally:
        w.close_all()
