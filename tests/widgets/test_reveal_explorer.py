"""Lesson 5's explorable reveal curve: engine numbers looked up, not recomputed, per move.

Expected by hand (tests/lessons re-derives them by an independent enumeration): with no
Ace in sight, 4 of the C(26, 3) = 2,600 opponent hands are three Aces and cannot be held
(R-T7); 7H 8H 9H loses to 1,190 of the 2,600, all four three-Aces hands among them, so
P = 1,186/2,596 = 593/1298.
"""

from __future__ import annotations

from fractions import Fraction

from widgets.explainers.reveal_explorer import RevealExplorer

TABLE = "10H 7L OA"


def test_the_chosen_score_is_marked_and_said():
    w = RevealExplorer(table=TABLE, hands={24.0: "7H 8H 9H", 30.5: "7H 7B 7A"})
    try:
        assert str(Fraction(593, 1298)) in w.text.value and "7H 8H 9H" in w.text.value
        chart = w.chart.value
        w.score.value = "30.5"
        assert w.chart.value != chart and "7H 7B 7A" in w.text.value
        assert str(Fraction(302, 2596)) in w.text.value            # 151/1298
        assert "aria-label" in w.chart.value
    finally:
        w.close_all()


def test_a_forged_value_changes_nothing():
    w = RevealExplorer(table=TABLE, hands={24.0: "7H 8H 9H"})
    try:
        text = w.text.value
        w._redraw()                         # a value not in the options falls back
        assert w.text.value == text
    finally:
        w.close_all()


def test_the_axis_is_the_score_and_numbers_are_in_the_language():
    """Issue 31: the scores on a true scale (30 and 30.5 half a point apart, 21 and 24
    three points), numbers with the page's decimal mark, the label never cut."""
    from cardgames.i18n import language

    hands = {21.0: "OH OL AL", 24.0: "7H 8H 9H", 30.0: "10L UL OL", 30.5: "UB UL UA"}
    with language("de"):
        w = RevealExplorer(table=TABLE, hands=hands)
    try:
        step = (w._x(30.5) - w._x(30.0)) * 2                 # one point
        assert abs((w._x(24.0) - w._x(21.0)) - 3 * step) < 1e-6
        assert list(w.score.options) == ["21", "24", "30", "30,5"]
        assert "0,457" in w.chart.value or "0,574" in w.text.value
        assert "0.574" not in w.text.value and "aufdecken ab" in w.caption.value
        assert w.score.description == ""                      # the label is its own text
    finally:
        w.close_all()
