"""Liar claim odds: hand-derived hypergeometric figures, the wrapper of the engine's
probability module, labels for plotting, and a simulation within its interval."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from cardgames import ConfigError, Rank
from cardgames.analysis import odds
from cardgames.liar import LiarGame
from cardgames.liar.probability import claim_probability


def test_parse_claim():
    assert odds.parse_claim("2x7") == (2, Rank.SEVEN)
    assert odds.parse_claim("3 x U") == (3, Rank.UNTER)
    assert odds.parse_claim("4 Kings") == (4, Rank.KING)
    assert odds.parse_claim("1×A") == (1, Rank.ACE)
    for bad in ("0x7", "5x7", "2xQ", "seven", ""):
        with pytest.raises(ConfigError):
            odds.parse_claim(bad)


def test_claim_by_hand_one_deck():
    # I hold 7H 7B KA: of 32 - 3 = 29 unseen cards, 2 are sevens (no Chroniclers)
    o = odds.claim_odds(hand="7H 7B KA", claim="2x7")
    assert (o.unseen, o.good) == (29, 2)
    assert o.probability == Fraction(comb(2, 2), comb(29, 2))
    assert odds.claim_odds(hand="7H 7B KA", claim="3x7").probability == 0
    # cards seen turned over elsewhere are not in the claim either
    o = odds.claim_odds(hand="7H KA", claim="1x7", seen="7L UB")
    assert o.probability == Fraction(4 - 2, 32 - 4)      # 7B and 7A left of the sevens


def test_claim_by_hand_two_decks_with_chroniclers():
    # 64 cards + 2 Colorful + 2 Pale; I hold 7H UB, have seen UH. Unters: 8 - 2 = 6;
    # the 4 Chroniclers make any claim true (L12, L13 when called)
    o = odds.claim_odds(hand="7H UB", claim="3xU", seen="UH", decks=2, chroniclers="both")
    unseen = 68 - 3
    assert (o.unseen, o.good) == (unseen, 6 + 4)
    assert o.probability == Fraction(comb(10, 3), comb(unseen, 3))
    assert "3 Unters" in o.describe() and f"C(10,3)/C({unseen},3)" in o.describe()


def test_claim_odds_from_a_view_wraps_the_engine():
    s = LiarGame(players=3).state_from_position(hands=["7H 8H 9H", "7B KB", "AH AB 7L"])
    s.apply("play 8H")                        # "1 seven", a lie
    view = s.view(1)
    o = odds.claim_odds(view)
    assert o.probability == claim_probability(view, exact=True)
    # player 1 holds 7B KB; 30 unseen cards hold 3 sevens
    assert o.probability == Fraction(3, 30)


def test_claim_table_for_plotting():
    t = odds.claim_table(hand="7H KA")
    assert list(t.index) == [1, 2, 3, 4] and t.index.name == "claimed cards"
    assert list(t.columns) == ["P(claim can be true)"]
    for n in (1, 2, 3, 4):
        assert t.loc[n].item() == pytest.approx(comb(3, n) / comb(30, n))
    assert t["P(claim can be true)"].is_monotonic_decreasing


def test_holding_distribution_by_hand():
    # 4 players, one deck: 8 cards each. I hold 7H KA: the other 3 hold 24 of the
    # 30 unseen cards, among which 3 sevens
    d = odds.holding_distribution(rank="7", hand="7H KA", players=4)
    assert d.index.name == "held by the others" and d.name == "probability"
    for k in range(4):
        assert d[k] == pytest.approx(comb(3, k) * comb(27, 24 - k) / comb(30, 24))
    assert d.sum() == pytest.approx(1.0)


def test_holding_distribution_from_a_view():
    s = LiarGame(players=2).state_from_position(hands=["7H 8H", "AH KH"])
    d = odds.holding_distribution(s.view(0), Rank.SEVEN)
    # the other player holds 2 of the 30 unseen cards; 3 sevens unseen
    assert d[0] == pytest.approx(comb(27, 2) / comb(30, 2))
    assert d[1] == pytest.approx(3 * 27 / comb(30, 2))


def test_simulation_within_interval():
    exact = odds.claim_odds(hand="7H UB", claim="2xU", seen="UH", decks=2,
                            chroniclers="both").probability
    est = odds.simulate_claim(hand="7H UB", claim="2xU", seen="UH", decks=2, chroniclers="both",
                              trials=20_000, seed=2, confidence=0.99)
    assert est.seed == 2 and est.contains(float(exact)), (str(est), float(exact))
    assert not est.contains(float(exact) * 1.25)


def test_bad_input():
    with pytest.raises(ConfigError, match="more often"):
        odds.claim_odds(hand="7H 7H", claim="1x7")
    with pytest.raises(ConfigError, match="not in this deck"):
        odds.claim_odds(hand="*P", claim="1x7")
    with pytest.raises(ConfigError, match="decks"):
        odds.claim_odds(hand="7H", claim="1x7", decks=3)
