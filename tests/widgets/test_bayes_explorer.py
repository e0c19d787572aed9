"""Lesson 4's explorable Bayes curve: engine numbers, redrawn on a slider move, hostile input.

Expected values by hand: you hold one seven, so 24 cards are unseen with 3 sevens.
p = C(3, 1)/C(24, 1) = 1/8; an honest seat 1 holds no seven with probability
C(21, 8)/C(24, 8) = (16·15·14)/(24·23·22) = 70/253, so h = 183/253.
"""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

from cardgames.analysis.bluff import BluffModel, bluff_model
from cardgames.errors import CardgamesError
from widgets.explainers.bayes_explorer import BayesExplorer

HAND = "7H KA 9B 10L UB OA 8H AH"
P, H = Fraction(1, 8), Fraction(183, 253)


def _by_hand(prior: Fraction) -> tuple[Fraction, Fraction]:
    true = (1 - prior) * H + prior * P
    post = prior * (1 - P) / (prior * (1 - P) + (1 - prior) * (1 - H))
    return true, post


def test_the_engine_model_matches_the_hand_derivation():
    m = bluff_model(hand=HAND, claim="1x7")
    assert (m.p, m.h) == (P, H)
    for k in range(0, 21):
        q = Fraction(k, 20)
        assert (m.p_true(q), m.p_bluffer_given_lie(q)) == _by_hand(q)
    assert m.expected_taken(Fraction(1, 5), 20) == 20 * _by_hand(Fraction(1, 5))[0]


@pytest.mark.parametrize("bad", [-0.1, 1.5, "x", None])
def test_a_bad_prior_is_refused_with_the_projects_error(bad):
    with pytest.raises(CardgamesError, match="prior"):
        BluffModel(P, H).p_true(bad)


def test_slider_moves_redraw_the_chart_and_the_text():
    w = BayesExplorer(hand=HAND, claim="1x7", prior=0.4, pile=10)
    try:
        true, post = _by_hand(Fraction(2, 5))
        assert f"{float(true):.3f}" in w.text.value and f"{float(post):.3f}" in w.text.value
        assert f"{float(true) * 10:.2f} cards" in w.text.value
        chart = w.chart.value
        assert "aria-label" in chart and f"{float(post):.3f}" in chart   # the text alternative
        w.prior.value = 0.8
        assert w.chart.value != chart
        assert f"{float(_by_hand(Fraction(4, 5))[1]):.3f}" in w.text.value
        text = w.text.value
        w.pile.value = 20
        assert w.text.value != text and "pile of 20 cards" in w.text.value
    finally:
        w.close_all()


def test_values_from_the_browser_are_clamped_not_trusted():
    w = BayesExplorer(hand=HAND)
    try:
        w.prior.value = 7.0               # traitlets clamps to the slider's max
        assert "π = 1.00" in w.text.value
        w.prior.value = 0.123             # off the slider's step: read on the 0.05 grid
        assert "π = 0.10" in w.text.value
    finally:
        w.close_all()


def test_no_matplotlib_in_the_click_path():
    w = BayesExplorer(hand=HAND)
    try:
        had = "matplotlib" in sys.modules
        for k in range(21):
            w.prior.value = k / 20
        assert had or "matplotlib" not in sys.modules
    finally:
        w.close_all()


def test_translated_in_croatian_and_german():
    from cardgames.i18n import set_language

    for lang, word in (("hr", "najava"), ("de", "Ansage")):
        set_language(lang)
        try:
            w = BayesExplorer(hand=HAND)
            assert word in w.text.value
            w.close_all()
        finally:
            set_language(None)
