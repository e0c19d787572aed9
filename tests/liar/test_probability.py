"""Claim odds: hand-derived values, brute-force enumeration, and a seeded simulation."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from cardgames.cards import Rank, parse_cards
from cardgames.liar import (
    LiarGame, claim_probability, claim_probability_counts, holding_distribution,
    hypergeometric_pmf, known_holdings, unseen_cards,
)
from cardgames.liar.probability import is_good


def brute_force(unseen: list, n: int, rank: Rank) -> Fraction:
    """Enumerate every n-subset of the unseen cards (copies distinct) and count true claims."""
    hits = total = 0
    for combo in combinations(range(len(unseen)), n):
        total += 1
        hits += all(is_good(unseen[i], rank) for i in combo)
    return Fraction(hits, total)


def deck_minus(game: LiarGame, *removed: str) -> list:
    deck = game.deck()
    for text in removed:
        for c in parse_cards(text):
            deck.remove(c)
    return deck


def test_counts_by_hand():
    assert claim_probability_counts(unseen_total=24, unseen_good=4, n=2, exact=True) == Fraction(6, 276)
    assert claim_probability_counts(unseen_total=30, unseen_good=3, n=1) == pytest.approx(0.1)
    assert claim_probability_counts(unseen_total=30, unseen_good=3, n=4) == 0.0
    assert claim_probability_counts(unseen_total=4, unseen_good=4, n=4) == 1.0


@pytest.mark.parametrize("kw", [
    {"unseen_total": 3, "unseen_good": 4, "n": 1}, {"unseen_total": 3, "unseen_good": 1, "n": 4},
    {"unseen_total": 3, "unseen_good": 1, "n": 0}, {"unseen_total": -1, "unseen_good": 0, "n": 1},
])
def test_counts_reject_impossible_numbers(kw):
    with pytest.raises(ValueError):
        claim_probability_counts(**kw)


def test_claim_with_chroniclers_and_own_pile_play_hand_and_brute_force():
    g = LiarGame(players=3, chroniclers="both")
    s = g.state_from_position(
        hands=["8H 9B 10B", "AH KH", "8B OB UL"],
        pile=[(2, "8L", "7"), (0, "9H 10H", "8")], phase="call_window")
    v = s.view(2)
    # unseen: 34 - 3 in hand - 8L (own play in the pile) = 30; good: 8H 8A *C *P = 4
    expected = Fraction(math.comb(4, 2), math.comb(30, 2))
    assert expected == Fraction(2, 145)
    assert claim_probability(v, exact=True) == expected
    assert claim_probability(v) == pytest.approx(2 / 145)
    unseen = deck_minus(g, "8B OB UL", "8L")
    assert Counter(unseen) == unseen_cards(v)
    assert brute_force(unseen, 2, Rank.EIGHT) == expected


def test_claim_with_two_decks_brute_force():
    g = LiarGame(players=2, decks=2)
    s = g.state_from_position(hands=["7H 7H 9B", "7B AH"])
    s.apply("play 9B 7H 7H")                     # "3 sevens"
    v = s.view(1)
    expected = Fraction(math.comb(7, 3), math.comb(62, 3))   # 8 sevens - 7B held
    assert expected == Fraction(35, 37820) == Fraction(7, 7564)
    assert claim_probability(v, exact=True) == expected
    assert brute_force(deck_minus(g, "7B AH"), 3, Rank.SEVEN) == expected


def test_own_claim_is_known():
    s = LiarGame(players=2).state_from_position(hands=["7H 9B", "AH"])
    s.apply("play 9B")
    assert claim_probability(s.view(0)) == 0.0
    s2 = LiarGame(players=2).state_from_position(hands=["7H 9B", "AH"])
    s2.apply("play 7H")
    assert claim_probability(s2.view(0), exact=True) == 1


def _caught_then_claim():
    s = LiarGame(players=3).state_from_position(hands=["8H 7B", "9B 10B 8A", "8B 9L OB"])
    s.apply("play 8H")        # "1 seven": a lie
    s.apply("call")           # player 1 catches it; everyone saw 8H go to player 0
    s.apply("play 9B")        # player 1: "1 eight"
    return s


def test_turned_over_cards_known_elsewhere_are_not_unseen():
    s = _caught_then_claim()
    v = s.view(2)
    assert known_holdings(v)[0] == Counter(parse_cards("8H"))
    # unseen: 32 - 3 in hand - 8H (known in player 0's hand) = 28; eights: 8L 8A
    assert claim_probability(v, exact=True) == Fraction(2, 28)
    # without the refinement: 29 unseen, eights 8H 8L 8A
    assert claim_probability(v, exact=True, exclude_known=False) == Fraction(3, 29)


def test_knowledge_is_dropped_when_the_holder_plays():
    s = _caught_then_claim()
    s.apply("pass")           # player 2
    s.apply("pass")           # player 0; play stands, player 2 to play nines
    s.apply("play 9L")
    s.apply("pass")
    s.apply("pass")
    s.apply("play 7B")        # player 0 puts down a card: 8H may be gone
    v = s.view(2)
    number = v.claim.number
    assert known_holdings(v)[0] == Counter()
    assert known_holdings(v, before_play=number)[0] == Counter(parse_cards("8H"))


def test_simulation_at_the_first_play_matches_within_tolerance():
    g = LiarGame(players=3, chroniclers="both")
    s = g.new_state(seed=99)                     # player 1 plays first
    claimant_cards = s.hand(1)[:2]
    s.apply(f"play {claimant_cards[0]} {claimant_cards[1]}")
    v = s.view(2)
    p = claim_probability(v)
    # independent estimate: deal the 23 cards player 2 cannot see at random,
    # 11 to the claimant, who puts down 2 of them at random
    unseen = deck_minus(g, " ".join(str(c) for c in v.hand))
    assert len(unseen) == 23
    rng = random.Random(12345)
    trials = 40_000
    hits = 0
    for _ in range(trials):
        rng.shuffle(unseen)
        hand = unseen[:11]
        played = rng.sample(hand, 2)
        hits += all(is_good(c, Rank.SEVEN) for c in played)
    est = hits / trials
    tolerance = 4.5 * math.sqrt(p * (1 - p) / trials)   # 4.5 standard errors
    assert abs(est - p) < tolerance, (est, p, tolerance)
    good = sum(1 for c in unseen if is_good(c, Rank.SEVEN))
    assert p == pytest.approx(math.comb(good, 2) / math.comb(23, 2))


def test_hypergeometric_pmf_by_hand():
    d = hypergeometric_pmf(30, 3, 2, exact=True)
    assert d == {0: Fraction(351, 435), 1: Fraction(81, 435), 2: Fraction(3, 435)}
    assert sum(hypergeometric_pmf(52, 13, 5).values()) == pytest.approx(1.0)


def test_holding_distribution_by_hand_and_brute_force():
    g = LiarGame(players=2)
    s = g.state_from_position(hands=["7H 8H", "AH KH"])
    d = holding_distribution(s.view(0), Rank.SEVEN, exact=True)
    assert d == {0: Fraction(351, 435), 1: Fraction(81, 435), 2: Fraction(3, 435)}
    # brute force: player 1's 2 cards are any 2 of the 30 unseen
    unseen = deck_minus(g, "7H 8H")
    counts = Counter(sum(1 for i in combo if unseen[i].rank is Rank.SEVEN)
                     for combo in combinations(range(30), 2))
    assert {k: Fraction(n, sum(counts.values())) for k, n in counts.items()} == d


def test_holding_distribution_uses_known_cards():
    s = LiarGame(players=3).state_from_position(hands=["7B 9H", "AH KH OH", "AB"])
    s.apply("play 7B")        # true "1 seven"
    s.apply("call")           # player 1 falsely accuses: takes 7B, seen by all
    d = holding_distribution(s.view(2), Rank.SEVEN, players=(1,), exact=True)
    # player 1 holds 7B for sure plus 3 unknown cards from 30 (32 - AB - 7B) with 3 sevens
    assert min(d) == 1
    assert d[1] == Fraction(math.comb(27, 3), math.comb(30, 3))
    assert sum(d.values()) == 1
    with pytest.raises(ValueError):
        holding_distribution(s.view(2), Rank.SEVEN, players=(2,))


def test_honest_model_by_hand_and_brute_force():
    from cardgames.liar import honest_claim_probability

    g = LiarGame(players=2)
    s = g.state_from_position(hands=["7H 9B", "7A AH"])
    s.apply("play 9B")                       # "1 seven"; player 0 held 2 cards before
    v = s.view(1)
    expected = 1 - Fraction(math.comb(27, 2), math.comb(30, 2))
    assert honest_claim_probability(v, exact=True) == expected == Fraction(84, 435)
    unseen = deck_minus(g, "7A AH")
    hits = sum(any(unseen[i].rank is Rank.SEVEN for i in combo)
               for combo in combinations(range(30), 2))
    assert Fraction(hits, math.comb(30, 2)) == expected


def test_honest_model_counts_cards_seen_taken_by_the_claimant():
    from cardgames.liar import honest_claim_probability

    s = LiarGame(players=3).state_from_position(
        hands=["8H 7B 10H", "AH KH 9B", "7L 9L 8B OB"], due_rank="K")
    s.apply("play 8H")       # player 0: "1 King", a lie
    s.apply("call")          # player 1 catches it: 8H back to player 0, seen by all
    s.apply("play AH")       # player 1: "1 Ace"
    s.apply("pass")
    s.apply("pass")
    s.apply("play 7L")       # player 2: "1 seven"
    s.apply("pass")
    s.apply("pass")
    s.apply("play 8H 10H")   # player 0: "2 eights"
    v = s.view(2)
    assert v.claim.count == 2 and v.claim.announced is Rank.EIGHT
    # before the play player 0 held 3 cards: 8H (known) + 2 drawn from 27 (28 unseen - 8H)
    # holding 8L, 8A: needs at least one of them
    assert honest_claim_probability(v, exact=True) == 1 - Fraction(math.comb(25, 2), math.comb(27, 2))
    # the draw model: 2 of 28 unseen (8H included, the claimant's) with 3 eights
    assert claim_probability(v, exact=True) == Fraction(3, math.comb(28, 2))
