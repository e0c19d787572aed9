"""Exact Thirty-One hand figures, checked against counts derived here from the rules.

The counts are worked out in the tests from T3/T11/T12 and R-T2/R-T3 with
binomial coefficients, or by an independent brute-force scorer written from
the rules, never copied from the module's output.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb

import pytest

from cardgames import ORDINARY_CARDS, CHRONICLER, ConfigError, parse_cards
from cardgames.analysis import hands

# T3 values of the 8 ranks (VII..Ace): 3 cards below ten, 4 worth ten, the Ace
VALUES = [7, 8, 9, 10, 10, 10, 10, 11]
TENS = 4


def ref_score(cards) -> float:
    """An independent scorer from the rules (T11, R-T2, R-T3), by brute force."""
    wild = [c for c in cards if c.is_chronicler]
    plain = [c for c in cards if not c.is_chronicler]
    if wild:
        return max(ref_score(plain + [x]) for x in ORDINARY_CARDS)
    best = 0.0
    for suit in range(4):
        total = sum(VALUES[c.rank] for c in plain if c.suit == suit)
        if total >= 21:
            best = max(best, float(total))
    if len({c.rank for c in plain}) == 1:
        best = max(best, 33.0 if plain[0].rank == 7 else 30.5)
    return best


# ---------------------------------------------------------------- counts by hand

# one deck: three cards of one suit always make at least 7+8+9 = 24
SAME_SUIT = 4 * comb(8, 3)
# two cards of one suit reach 21 only as Ace + a ten-card; the third is of another suit
ACE_TEN_PAIRS = 4 * TENS
TWO_SUITED_21 = ACE_TEN_PAIRS * 24
THREE_OF_A_RANK = 7 * comb(4, 3)      # 30.5 (T11), Aces apart
THREE_ACES = comb(4, 3)               # 33
AT_LEAST_21 = SAME_SUIT + TWO_SUITED_21 + THREE_OF_A_RANK + THREE_ACES


def test_table_sizes_and_columns():
    t = hands.hand_table()
    assert len(t) == comb(32, 3) == 4960
    assert len(hands.hand_table(chronicler=True)) == comb(33, 3) == 5456
    assert list(t.columns) == ["cards", "score", "kind", "suit", "chronicler"]
    assert t["cards"].is_unique


def test_at_least_21_one_deck():
    assert AT_LEAST_21 == 640
    assert hands.probability(at_least=21, exact=True) == Fraction(AT_LEAST_21, comb(32, 3))
    assert hands.probability() == pytest.approx(640 / 4960)


def test_exact_scores_one_deck():
    assert hands.probability(exactly=33, exact=True) == Fraction(THREE_ACES, 4960)
    assert hands.probability(exactly=30.5, exact=True) == Fraction(THREE_OF_A_RANK, 4960)
    # 31 = Ace + two ten-cards of one suit
    assert hands.probability(exactly=31, exact=True) == Fraction(4 * comb(TENS, 2), 4960)
    # 21 only from Ace + ten-card of one suit and a card of another suit
    assert hands.probability(exactly=21, exact=True) == Fraction(TWO_SUITED_21, 4960)
    assert hands.probability(exactly=0, exact=True) == Fraction(4960 - AT_LEAST_21, 4960)
    # no hand scores 22 or 23 without the Chronicler: two suited cards make at most 21
    assert hands.probability(exactly=22) == 0 == hands.probability(exactly=23)


def test_kinds_one_deck():
    counts = hands.kind_distribution(normalize=False)
    assert counts.to_dict() == {"nothing": 4960 - AT_LEAST_21,
                                "suit": SAME_SUIT + TWO_SUITED_21,
                                "three of a rank": THREE_OF_A_RANK,
                                "three Aces": THREE_ACES}
    assert hands.kind_distribution().sum() == pytest.approx(1.0)


def test_with_chronicler_counts():
    # Hands holding the Chronicler: it joins a pair of ordinary cards (R-T3).
    pairs = comb(32, 2)
    ace_pairs = comb(4, 2)                          # -> three Aces, 33
    rank_pairs = 7 * comb(4, 2)                     # -> 30.5 (a suit makes <= 22)
    suited_pairs = 4 * comb(8, 2)                   # -> x + y + 11 >= 26
    other = pairs - ace_pairs - rank_pairs - suited_pairs
    low_other = 3 * 4 * 3                           # two of VII/VIII/IX, different suits
    with_wild_21 = ace_pairs + rank_pairs + suited_pairs + (other - low_other)
    total = comb(33, 3)
    assert hands.probability(at_least=21, chronicler=True, exact=True) == \
        Fraction(AT_LEAST_21 + with_wild_21, total)
    assert hands.probability(exactly=33, chronicler=True, exact=True) == \
        Fraction(THREE_ACES + ace_pairs, total)
    # 32 = Ace + ten-card of one suit + the Chronicler as a second Ace
    assert hands.probability(exactly=32, chronicler=True, exact=True) == \
        Fraction(ACE_TEN_PAIRS, total)
    t = hands.hand_table(chronicler=True)
    assert t.loc[t.cards == "KH AH *", "score"].item() == 32.0
    assert int(t["chronicler"].sum()) == pairs


def test_conditional_on_seen_cards_by_hand():
    # I hold AH KH 9H: Hearts keeps 7 8 10 U O (no Ace); 29 unseen cards.
    unseen = comb(29, 3)
    same_suit = comb(5, 3) + 3 * comb(8, 3)
    two_suited = 3 * TENS * (29 - 8)        # Ace+ten pairs in B/L/A, third from other suits
    # ranks with 4 cards left: 7 8 10 U O; with 3: 9, K, A (one hand each)
    trips = 5 * comb(4, 3) + 3 * comb(3, 3)
    expected = Fraction(same_suit + two_suited + trips, unseen)
    assert hands.probability(at_least=21, exclude="AH KH 9H", exact=True) == expected
    assert len(hands.hand_table(exclude=parse_cards("AH KH 9H"))) == unseen


def test_exclude_keeps_stable_index_and_drops_cards():
    full = hands.hand_table()
    part = hands.hand_table(exclude=["AH", "7B"])
    assert part.index.isin(full.index).all()
    assert not part["cards"].str.contains(r"\b(?:AH|7B)\b").any()
    assert len(part) == comb(30, 3)


@pytest.mark.parametrize("seed", range(6))
def test_random_exclusions_match_brute_force(seed):
    rng = random.Random(seed)
    chron = seed % 2 == 1
    deck = list(ORDINARY_CARDS) + ([CHRONICLER] if chron else [])
    seen = rng.sample(deck, rng.randrange(0, 10))
    rest = [c for c in deck if c not in seen]
    brute = [ref_score(list(h)) for h in itertools.combinations(rest, 3)]
    for x in (21, 27, 30.5, 31, 32):
        got = hands.probability(at_least=x, chronicler=chron, exclude=seen, exact=True)
        assert got == Fraction(sum(s >= x for s in brute), len(brute)), (x, seen)
    dist = hands.score_distribution(chronicler=chron, exclude=seen, normalize=False)
    assert {float(k): int(v) for k, v in dist.items()} == \
        {s: brute.count(s) for s in set(brute)}


def test_suit_column():
    t = hands.hand_table(chronicler=True).set_index("cards")
    assert t.loc["9H KH AH", "suit"] == "Hearts"
    assert t.loc["7B KL AL", "suit"] == "Leaves"
    assert t.loc["AH AB AL", "kind"] == "three Aces"
    assert t.loc["AH AB AL", "suit"] != t.loc["AH AB AL", "suit"]   # NaN: not a suit score
    assert t.loc["7H 8B 9L", "kind"] == "nothing"


def test_bad_input():
    with pytest.raises(ConfigError, match="twice"):
        hands.probability(exclude="AH AH")
    with pytest.raises(ConfigError, match="Chronicler"):
        hands.hand_table(exclude="*")
    with pytest.raises(ConfigError, match="kind"):
        hands.probability(kind="flush")
    with pytest.raises(ValueError):
        hands.hand_table(exclude="ZZ")



def test_every_row_agrees_with_the_engine_and_the_reference():
    from cardgames.thirtyone import classify

    t = hands.hand_table(chronicler=True)
    for row in t.itertuples():
        cards = parse_cards(row.cards)
        assert row.score == ref_score(cards), row.cards
        e = classify(cards)
        assert row.kind == e.kind.value, row.cards
        if row.kind == "suit":
            assert row.suit == e.suit.label, row.cards


def test_at_least_table_matches_probability():
    t = hands.at_least_table(chronicler=True, exclude="AH 7B")
    assert t.index.is_monotonic_increasing and t.is_monotonic_decreasing
    for x in t.index:
        assert t[x] == pytest.approx(hands.probability(at_least=x, chronicler=True,
                                                       exclude="AH 7B"))


def test_score_counts_by_hand_and_against_the_table():
    """score_counts (pure Python) against counts derived by hand (T11, T12, R-T3) and the
    pandas table."""
    from cardgames.analysis.hands import score_counts, score_distribution

    plain, wild = score_counts(), score_counts(chronicler=True)
    assert sum(plain.values()) == 32 * 31 * 30 // 6 == 4960
    assert sum(wild.values()) == 33 * 32 * 31 // 6 == 5456
    assert plain[33.0] == 4                    # three of the 4 Aces
    assert plain[30.5] == 7 * 4                # three of another rank: 7 ranks x C(4, 3)
    assert wild[33.0] == 4 + 6                 # + two Aces and the Chronicler: C(4, 2)
    assert wild[30.5] == 7 * 4 + 7 * 6         # + a pair of another rank and the Chronicler
    for chronicler, counts in ((False, plain), (True, wild)):
        table = score_distribution(chronicler=chronicler, normalize=False)
        assert counts == {float(k): int(v) for k, v in table.items()}
    plain[0.0] = -1                            # a fresh dict each call: the cache is safe
    assert score_counts()[0.0] == 4320
