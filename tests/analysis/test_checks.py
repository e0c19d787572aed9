"""cardgames.analysis._checks.probability: the one check of a probability that the
bluff model (the prior π, lesson 4) and the lives chain (a, b, lesson 6) share."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from cardgames.analysis._checks import probability
from cardgames.analysis.bluff import BluffModel
from cardgames.analysis.lives import match_model
from cardgames.errors import CardgamesError, ConfigError


@pytest.mark.parametrize(("value", "expected"), [
    (0, Fraction(0)), (1, Fraction(1)), (0.25, Fraction(1, 4)), ("1/3", Fraction(1, 3)),
    (" 0.5 ", Fraction(1, 2)), (Fraction(2, 7), Fraction(2, 7)), (Decimal("0.125"), Fraction(1, 8)),
    ("2.5e-1", Fraction(1, 4)),
])
def test_probabilities_are_read_exactly(value, expected):
    assert probability(value, "x") == expected


@pytest.mark.parametrize("bad", [
    -0.1, 1.5, -1, 2, "x", "", None, True, False, [0.5], float("nan"), float("inf"),
    "1/0", "1e-999999999", "0." + "1" * 100, Decimal("NaN"),
])
def test_anything_else_is_refused_naming_the_input(bad):
    with pytest.raises(ConfigError) as caught:
        probability(bad, "the chance q")
    message = str(caught.value)
    assert message.startswith("the chance q must be a probability from 0 to 1, got ")
    assert len(message) < 200                     # a long text is shortened, not echoed


def test_both_models_use_it_and_name_their_input():
    model = BluffModel(Fraction(1, 8), Fraction(1, 2))
    for call in (model.p_true, model.p_bluffer_given_lie):
        with pytest.raises(CardgamesError, match=r"^the prior π must be a probability"):
            call(1.5)
    with pytest.raises(ConfigError, match=r"^a must be a probability from 0 to 1, got 'x'"):
        match_model("x", 0.5)
    with pytest.raises(ConfigError, match=r"^b must be a probability from 0 to 1, got -0\.5"):
        match_model(0.5, -0.5)
    # and a good value gives the same numbers as before: 1/2 each, 3 lives (by hand: the
    # chain is symmetric, so A wins half of the matches)
    assert match_model("1/2", Fraction(1, 2)).a_wins == Fraction(1, 2)
    assert model.p_true("1/2") == Fraction(1, 2) * Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 8)


def test_the_modules_example():
    import doctest

    import cardgames.analysis._checks as checks

    assert doctest.testmod(checks).failed == 0
