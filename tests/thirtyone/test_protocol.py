"""The shared game protocol (docs/ARCHITECTURE.md) as Thirty-One implements it."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import json
import random

import pytest

import cardgames.thirtyone as thirtyone
from cardgames import Card, parse_cards
from cardgames.errors import (
    ActionParseError,
    CardgamesError,
    ConfigError,
    GameOverError,
    IllegalActionError,
)
from cardgames.thirtyone import (
    DealOver,
    Exchange,
    Keep,
    LegalActions,
    MatchOver,
    Pass,
    Phase,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneGame,
    ThirtyOneOutcome,
    ThirtyOneState,
    ThirtyOneView,
    parse_action,
    replay,
)
from cardgames.thirtyone.events import event_from_dict, event_to_dict

ALL_SIMPLE = [Keep(), Exchange(), SwapAll(), Pass(), Reveal(), Stand()]


# ---------------------------------------------------------------- actions

@pytest.mark.parametrize("action", ALL_SIMPLE + [SwapOne("7H", "AB"), SwapOne("10L", "*")])
def test_action_str_parse_and_repr_round_trip(action):
    assert parse_action(str(action)) == action
    assert type(action).parse(str(action)) == action
    namespace = {**vars(thirtyone), "Card": Card}
    assert eval(repr(action), namespace) == action
    assert dataclasses.is_dataclass(action)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(action, "x" if not isinstance(action, SwapOne) else "hand_card", 1)


@pytest.mark.parametrize("text, expected", [
    ("swap 7h ab", SwapOne("7H", "AB")), ("SWAP ONE 7H AB", SwapOne("7H", "AB")),
    ("swap 7H for AB", SwapOne("7H", "AB")), ("swap viih ab", SwapOne("7H", "AB")),
    ("knock", Reveal()), ("Reveal", Reveal()), ("  swap   all ", SwapAll()),
    ("pass", Pass()), ("stand", Stand()), ("keep", Keep()), ("exchange", Exchange()),
])
def test_parse_action_forms(text, expected):
    assert parse_action(text) == expected


@pytest.mark.parametrize("text", ["fold", "swap", "swap 7H", "swap 7H AB 9B", "swap QH AB",
                                  "", "pass pass"])
def test_parse_action_refuses_malformed_text(text):
    with pytest.raises(ActionParseError, match="swap 7H AB|not a card|cannot read"):
        parse_action(text)
    with pytest.raises(ActionParseError):
        SwapOne("QH", "AB")


def test_wrong_kind_parse():
    with pytest.raises(ActionParseError, match="not a Pass"):
        Pass.parse("reveal")
    with pytest.raises(ActionParseError, match="not a swap of one card"):
        SwapOne.parse("swap all")


# ---------------------------------------------------------------- config

@pytest.mark.parametrize("kwargs, rule", [
    ({"players": 1}, "T1"), ({"players": 3, "chronicler": 1}, "T2"),
    ({"players": 3, "lives": -1}, "R-T8"), ({"players": 3, "lives": 2.5}, "R-T8"),
    ({"players": 3, "turn_cap": -2}, "R-T10"), ({"players": 3, "turn_cap": "5"}, "R-T10"),
])
def test_config_errors_name_the_rule(kwargs, rule):
    with pytest.raises(ConfigError, match=rule):
        ThirtyOneGame(**kwargs)


def test_game_is_frozen_keyword_only():
    game = ThirtyOneGame(players=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.players = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        ThirtyOneGame(3)  # type: ignore[misc]
    with pytest.raises(ConfigError, match="dealer"):
        game.new_state(seed=1, dealer=3)


def test_state_from_position_errors():
    game = ThirtyOneGame(players=2)
    with pytest.raises(ConfigError, match="all 2 seats"):
        game.state_from_position(hands=["AH KH 9H"], table="7H 8H 9B")
    with pytest.raises(ConfigError, match="AH is not available"):
        game.state_from_position(hands=["AH KH 9H", "AH 7B 8B"], table="7H 8H 9B")
    with pytest.raises(ConfigError, match="3 cards"):
        game.state_from_position(hands=["AH KH", "7L 7B 8B"], table="7H 8H 9B")
    with pytest.raises(ConfigError, match="revealer"):
        game.state_from_position(hands=["AH KH 9H", "7L 7B 8B"], table="7H 8H 9B",
                                 phase="final")
    with pytest.raises(ConfigError, match="at least 2 players"):
        ThirtyOneGame(players=3).state_from_position(
            hands=["AH KH 9H", None, None], table="7H 8H 9B")


# ---------------------------------------------------------------- legal actions, apply

def test_legal_actions_collection():
    state = ThirtyOneGame(players=3).state_from_position(
        hands=["7H 8B 9L", "KH 10H 7A", "AB KB 8A"], table="AH OH 9A")
    legal = state.legal_actions()
    assert isinstance(legal, LegalActions) and len(legal) == 12
    assert len(list(legal)) == 12 and len(set(legal)) == 12
    assert "swap KH AH" in legal and SwapOne("KH", "AH") in legal and Pass() in legal
    assert "swap 7H AH" not in legal and Stand() not in legal and "fold" not in legal
    counts: dict = {}
    rng = random.Random(1)
    for _ in range(12000):
        a = legal.sample(rng)
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) == set(legal)
    assert min(counts.values()) > 800 and max(counts.values()) < 1200     # uniform
    assert "swap one (9 ways" in legal.summary()


def test_apply_accepts_text_and_records_history():
    state = ThirtyOneGame(players=2).new_state(seed=4)
    if state.is_over():
        pytest.skip("three Aces at once")
    state.apply("Keep")
    state.apply(Pass())
    assert state.history == [Keep(), Pass()]


def test_game_over_refuses_everything():
    state = ThirtyOneGame(players=2).state_from_position(
        hands=["AH KH 9H", "7B 8L 9A"], table="7H 8H 7L", phase="final", revealer=0,
        single_deal=True)
    state.apply("stand")
    assert state.is_over() and state.current_player is None
    before = state.to_json()
    with pytest.raises(GameOverError, match="over"):
        state.apply("pass")
    assert isinstance(GameOverError("x"), IllegalActionError)
    assert state.to_json() == before and list(state.legal_actions()) == []


def test_non_actions_refused_with_parse_error():
    state = ThirtyOneGame(players=2).new_state(seed=9)
    for bad in (17, None, "fold", ("swap", "7H")):
        with pytest.raises(CardgamesError):
            state.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError, match=f"player {state.current_player}: 17 is not"):
        state.apply(17)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError, match=f"player {state.current_player}: not a Thirty"):
        state.apply("fold")


# ---------------------------------------------------------------- events, outcome, view

def test_every_event_describes_itself_citing_a_rule_and_round_trips():
    game = ThirtyOneGame(players=4, chronicler=True, lives=1)
    kinds = set()
    for seed in range(40):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(state.legal_actions().sample(rng))
        for e in state.events:
            kinds.add(type(e).__name__)
            text = e.describe()
            assert isinstance(text, str) and text
            assert any(tag in text for tag in ("T1", "T4", "T6", "T7", "T8", "T9", "T10",
                                               "R-T", "deal", "T11"))
            d = event_to_dict(e)
            json.dumps(d)
            assert event_from_dict(d) == e
    assert {"Dealt", "Kept", "Exchanged", "Swapped", "Passed", "Revealed", "Stood", "Scored",
            "LifeLost", "PlayerOut", "DealOver", "MatchOver"} <= kinds


def test_outcome_and_results():
    state = ThirtyOneGame(players=3, lives=0).new_state(seed=12)
    rng = random.Random(0)
    assert state.outcome() is None
    while not state.is_over():
        state.apply(state.legal_actions().sample(rng))
    out = state.outcome()
    assert isinstance(out, ThirtyOneOutcome) and out.deals == state.deal == len(state.results)
    assert out.last_deal is state.results[-1]
    assert isinstance(state.events[-1], MatchOver) and state.events[-1].winners == out.winners
    assert isinstance(state.events[-2], DealOver)
    assert "wins the game" in out.describe() or "win the game" in out.describe()
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.winners = ()  # type: ignore[misc]


def test_view_dataclass():
    state = ThirtyOneGame(players=3).new_state(seed=2)
    view = state.view(1)
    assert isinstance(view, ThirtyOneView) and dataclasses.is_dataclass(view)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    d = view.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["hand"] == " ".join(map(str, state.hand(1)))
    assert set(d) == {f.name for f in dataclasses.fields(view)}
    with pytest.raises(CardgamesError):
        state.view(3)


def test_json_snapshot_is_complete():
    state = ThirtyOneGame(players=3, chronicler=True, turn_cap=9).new_state(seed=21)
    rng = random.Random(3)
    for _ in range(7):
        if not state.is_over():
            state.apply(state.legal_actions().sample(rng))
    text = state.to_json()
    again = ThirtyOneGame.state_from_json(text)
    assert again == state and again.game == state.game
    assert again.view(0) == state.view(0)
    assert state != ThirtyOneGame(players=3).new_state(seed=21)
    with pytest.raises(CardgamesError):
        ThirtyOneGame.state_from_json('{"game": {}}')


def test_replay_function_and_method_agree():
    game = ThirtyOneGame(players=3)
    state = game.new_state(seed=8, dealer=2)
    rng = random.Random(8)
    while not state.is_over():
        state.apply(state.legal_actions().sample(rng))
    assert replay(game, 8, state.history, dealer=2) == state
    assert game.replay(8, [str(a) for a in state.history], dealer=2) == state


def test_works_with_the_generic_play_module():
    play = pytest.importorskip("cardgames.play")
    from cardgames.agents import RandomAgent

    game = ThirtyOneGame(players=3)
    record = play.play_game(game, [RandomAgent()] * 3, seed=7)
    assert record.outcome.winners
    again = game.replay(record.seed, record.history, dealer=record.dealer)
    assert again.outcome() == record.outcome


@pytest.mark.parametrize("module", ["score", "actions", "events", "view", "game", "state",
                                    "snapshot", "bots"])
def test_doctests(module):
    mod = importlib.import_module(f"cardgames.thirtyone.{module}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0 or module in ("view", "snapshot")


def test_package_doctest_and_exports():
    result = doctest.testmod(thirtyone)
    assert result.failed == 0 and result.attempted > 0
    for name in thirtyone.__all__:
        assert hasattr(thirtyone, name), name
    assert parse_cards("AH") == [Card.parse("AH")]
