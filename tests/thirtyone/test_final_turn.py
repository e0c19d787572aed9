"""final_turn_best / final_turn_actions: the best final turn (T10, R-T6, R-T7), checked
by hand and against a real final-phase state built for every opponent hand."""

from __future__ import annotations

import itertools
import random

import pytest

from cardgames.cards import ORDINARY_CARDS, parse_cards
from cardgames.errors import ConfigError
from cardgames.thirtyone import ThirtyOneGame, final_turn_best, hand_after, score
from cardgames.thirtyone.state import final_turn_actions


@pytest.mark.parametrize(("hand", "table", "best"), [
    ("7H KB 9B", "AB 8L 8A", 30.0),    # VII out, Ace of Bells in: 11 + 10 + 9 (T11)
    ("7H 8B 9A", "10H KL OA", 0.0),    # no swap reaches 21 (R-T6): stand on nothing
    ("7H 8B 9A", "AL KL 10L", 31.0),   # swap all: Ace + two ten-cards of Leaves
    ("AH AB AL", "7H 8H 9H", 33.0),    # three Aces stand (R-T7)
    ("7H 7B 9A", "7L 8L 9L", 30.5),    # three VIIs (T11): 30.5 by one swap
])
def test_by_hand(hand, table, best):
    assert final_turn_best(hand, table) == best
    assert final_turn_best(parse_cards(hand), parse_cards(table)) == best


def test_no_swap_below_21_is_legal():
    acts = [str(a) for a in final_turn_actions(parse_cards("7H 8B 9A"), parse_cards("10H KL OA"))]
    assert acts == ["stand"]


def test_agrees_with_a_final_phase_state_for_every_opponent_hand():
    """The second method: the engine's own final-phase state (state_from_position)."""
    game = ThirtyOneGame(players=2)
    rng = random.Random(11)
    checked = 0
    for _ in range(2):
        cards = rng.sample(ORDINARY_CARDS, 6)
        mine, table = cards[:3], cards[3:]
        others = [c for c in ORDINARY_CARDS if c not in cards]
        for theirs in itertools.combinations(others, 3):
            s = game.state_from_position(hands=[mine, list(theirs)], table=table, dealer=1,
                                         phase="final", revealer=0, single_deal=True)
            want = 33.0 if s.is_over() else max(
                score(hand_after(a, s.hand(1), s.table)) for a in s.legal_actions())
            assert final_turn_best(theirs, table) == want, (mine, table, theirs)
            checked += 1
    assert checked == 2 * 2600


@pytest.mark.parametrize(("hand", "table", "needle"), [
    ("7H 8B", "AL KL 10L", "3 different cards"),
    ("7H 8B 9A", "AL KL 10L OL", "3 different cards"),
    ("7H 8B AL", "AL KL 10L", "both in the hand and on the table"),
    ("7H 8B ZZ", "AL KL 10L", "ZZ"),
])
def test_bad_input_names_the_problem(hand, table, needle):
    with pytest.raises(ValueError, match=needle):
        final_turn_best(hand, table)


def test_errors_are_config_errors():
    with pytest.raises(ConfigError, match="T2"):
        final_turn_best("7H 8B AL", "AL KL 10L")
