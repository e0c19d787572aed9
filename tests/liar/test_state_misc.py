"""Events in words, hand-built position validation, views and snapshots of odd states."""

from __future__ import annotations

import json
import random
import re

import pytest

from cardgames.cards import Rank
from cardgames.errors import ConfigError
from cardgames.liar import (
    LiarGame, LiarState, PalePenalty, Phase, PileTaken, Revealed, RoundOver, WentOut,
)
from cardgames.liar.events import event_from_dict, event_to_dict

RULE = re.compile(r"\((?:R-)?L\d+")


def test_every_event_describes_itself_citing_a_rule_and_round_trips():
    seen = set()
    for seed in range(40):
        g = LiarGame(players=3, chroniclers="both")
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(s.legal_actions().sample(rng))
        for e in s.events:
            text = e.describe()
            assert RULE.search(text), text
            assert event_from_dict(json.loads(json.dumps(event_to_dict(e)))) == e
            seen.add(type(e).__name__)
    assert seen >= {"Played", "Passed", "CallMade", "Revealed", "PileTaken", "PalePenalty",
                    "WentOut", "RoundOver"}


def test_describe_words_by_hand():
    g = LiarGame(players=2, chroniclers="pale")
    s = g.state_from_position(hands=["*P 9B", "AH KH"], due_rank="K")
    s.apply("play *P")
    s.apply("pass")
    pen = [e for e in s.events if isinstance(e, PalePenalty)][0]
    assert pen.describe() == ("Nobody called player 0's play 1, and it held the Pale Chronicler: "
                              "player 0 takes the whole pile as a penalty (L13, R-L7).")
    s.apply("play KH")            # player 1: "1 Ace"
    s.apply("call")
    rev = [e for e in s.events if isinstance(e, Revealed)][0]
    assert rev.describe() == ("Player 1's play was turned over: KH. It was a lie: KH is not "
                              "an Ace (R-L6).")
    take = [e for e in s.events if isinstance(e, PileTaken)][-1]
    assert take.describe().startswith("Player 1 took the pile (1 card): caught lying")


@pytest.mark.parametrize("kw,needle", [
    ({"hands": ["7H", "7H"]}, "more than this game's deck"),
    ({"hands": ["7H", "8H", "9H"]}, "one hand per seat"),
    ({"hands": ["7H", ""]}, "player 1 holds no cards"),
    ({"hands": ["7H", "8H"], "pile": [(0, "9H", "7"), (1, "10H", "9")]}, "R-L8"),
    ({"hands": ["7H", "8H"], "pile": [(0, "9H 10H UH OH KH")]}, "R-L4"),
    ({"hands": ["7H", "8H"], "phase": "call_window"}, "needs a pile"),
    ({"hands": ["7H", "8H"], "pile": [(0, "9H")], "phase": "call_window", "current_player": 0},
     "R-L5"),
    ({"hands": ["7H", "8H"], "put_aside": "9H"}, "are nowhere"),
    ({"hands": ["7H", "ZZ"]}, "not a card"),
    ({"hands": ["7H", "8H"], "current_player": 2}, "R-L1"),
    ({"hands": ["7H", "*C"]}, "more than this game's deck"),
])
def test_state_from_position_refuses_impossible_positions(kw, needle):
    with pytest.raises(ConfigError) as e:
        LiarGame(players=2).state_from_position(**kw)
    assert needle in str(e.value)


def test_state_from_position_fills_ranks_backwards_and_puts_the_rest_aside():
    s = LiarGame(players=2).state_from_position(
        hands=["7H", "8H"], pile=[(0, "9H"), (1, "10H UH")], due_rank="7")
    assert [e.announced for e in s.pile] == [Rank.KING, Rank.ACE]
    assert len(s.put_aside) == 32 - 5
    assert [e.number for e in s.pile] == [1, 2]
    s.apply("play 7H")
    assert s.pile[-1].number == 3 and s.pile[-1].announced is Rank.SEVEN


def test_view_of_a_finished_round_and_bad_seat():
    s = LiarGame(players=2).state_from_position(hands=["7H", "8H"])
    s.apply("play 7H")
    s.apply("pass")
    v = s.view(1)
    assert v.is_over and v.phase is Phase.OVER and v.current_player is None
    assert isinstance(v.events[-1], RoundOver) and isinstance(v.events[-2], WentOut)
    json.dumps(v.to_dict())
    with pytest.raises(ConfigError):
        s.view(2)


def test_json_of_hand_built_and_finished_states():
    s = LiarGame(players=3, chroniclers="both", points=(5, 1), max_plays=50).state_from_position(
        hands=["7H *C", "8H", "9H"], pile=[(2, "AH")], phase="call_window")
    assert LiarGame.state_from_json(s.to_json()) == s
    s.apply("call")
    assert LiarGame.state_from_json(s.to_json()) == s
    with pytest.raises(ValueError):
        LiarGame.state_from_json('{"format": "something else"}')


def test_equality_sees_every_difference():
    g = LiarGame(players=2)
    a, b = g.new_state(seed=1), g.new_state(seed=1)
    assert a == b
    assert a != g.new_state(seed=2)
    assert a != g.new_state(seed=1, dealer=1)
    b.apply(b.legal_actions().sample(random.Random(0)))
    assert a != b
    assert LiarGame(players=2) == LiarGame(players=2, chroniclers=None)


def test_state_describe_shows_no_hidden_cards():
    s = LiarGame(players=2).state_from_position(hands=["7H 8H", "9B"])
    s.apply("play 8H")
    text = s.describe()
    assert "player 1 is asked" in text and "8H" not in text and "9B" not in text
