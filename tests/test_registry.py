"""The registry (cardgames.registry): one descriptor per game, looked up by everything else.

The limits it states are checked against the game classes' own validation
(R-L2, T1, R-T8), and every bot it names is played for a whole game.
"""

from __future__ import annotations

import random

import pytest

import cardgames.liar
import cardgames.liar.bots
import cardgames.thirtyone
import cardgames.thirtyone.bots
from cardgames import registry
from cardgames.analysis import tournament
from cardgames.errors import ConfigError
from cardgames.liar import LiarGame
from cardgames.play import play_game
from cardgames.thirtyone import ThirtyOneGame


def test_names_and_aliases():
    assert registry.names() == ("thirty-one", "liar")
    for name in ("liar", "LIAR", " liar "):
        assert registry.get(name).game_class is LiarGame
    for name in ("thirty-one", "thirtyone", "31", "Thirty_One"):
        assert registry.get(name).game_class is ThirtyOneGame
    info = registry.get("liar")
    assert registry.get(info) is info
    with pytest.raises(ConfigError, match="unknown game 'poker'"):
        registry.get("poker")
    with pytest.raises(ConfigError):
        registry.get(3)  # type: ignore[arg-type]


def test_unknown_options_are_refused_by_name():
    with pytest.raises(ConfigError, match="unknown option 'deck' for liar"):
        registry.get("liar").make_game(players=2, deck=2)
    with pytest.raises(ConfigError, match="unknown option"):
        tournament.make_game("thirty-one", 2, decks=2)


def test_for_game_finds_the_descriptor_of_a_game_object():
    assert registry.for_game(LiarGame(players=3)).name == "liar"
    assert registry.for_game(ThirtyOneGame).name == "thirty-one"
    with pytest.raises(ConfigError):
        registry.for_game(object())


@pytest.mark.parametrize("name", ["liar", "thirty-one"])
def test_the_players_limits_are_the_engines(name):
    info = registry.get(name)
    for decks in info.decks:
        lo, hi = info.players_range(decks=decks)
        extra = {"decks": decks} if name == "liar" else {}
        for players in range(0, 12):
            if lo <= players <= hi:
                state = info.make_game(players=players, **extra).new_state(seed=1)
                assert 0 <= state.current_player < players     # dealt and playable
            else:
                with pytest.raises(ConfigError):
                    info.game_class(players=players, **extra)
    with pytest.raises(ConfigError):
        info.players_range(decks=3)


def test_lives_limit_of_a_table():
    info = registry.get("thirty-one")
    assert info.lives == (0, 9)
    assert info.make_table_game(players=2, lives=0).lives == 0
    assert info.make_table_game(players=2, lives=9).lives == 9
    for bad in (10, -1, True, "3"):
        with pytest.raises(ConfigError, match="R-T8"):
            info.make_table_game(players=2, lives=bad)
    # the engine (and so a tournament) allows more lives (R-T8)
    assert info.make_game(players=2, lives=10).lives == 10


@pytest.mark.parametrize("name", ["liar", "thirty-one"])
def test_every_bot_plays_a_whole_game(name):
    info = registry.get(name)
    assert "random" in info.bots and "heuristic" in info.bots and "expert" in info.bots
    game = info.make_game(players=3, **({"max_plays": 400} if name == "liar" else {}))
    for bot in info.bot_names:
        agent = info.make_bot(bot)
        assert agent.name == bot and callable(agent.act)
        record = play_game(game, [agent, info.make_bot("random"), info.make_bot("random")],
                           seed=3, max_decisions=2000)
        assert record.decisions > 0
    with pytest.raises(ConfigError, match="unknown bot"):
        info.make_bot("nobody")
    with pytest.raises(ConfigError, match="a bot is a name"):
        info.bot(42)  # type: ignore[arg-type]
    agent = info.make_bot("random")
    assert info.bot(agent) is agent and info.bot(" Random ").name == "random"


def test_the_caller_bot_is_liar_only():
    assert registry.get("liar").bot_names == ("random", "heuristic", "caller", "expert")
    assert registry.get("thirty-one").bot_names == ("heuristic", "random", "expert")


def test_no_bot_registry_is_left_in_the_game_packages():
    for module in (cardgames.liar, cardgames.liar.bots, cardgames.thirtyone,
                   cardgames.thirtyone.bots):
        assert not hasattr(module, "BOTS"), module.__name__


def test_the_tournament_asks_the_registry():
    assert tournament.agent_names("liar") == sorted(registry.get("liar").bots)
    assert tournament.agent_names(ThirtyOneGame(players=2)) == sorted(
        registry.get("thirty-one").bots)
    assert type(tournament.make_agent("liar", "caller")) is registry.get("liar").bots["caller"]
    assert isinstance(tournament.make_game("31", 3), ThirtyOneGame)
    with pytest.raises(ConfigError, match="unknown agent"):
        tournament.make_agent("thirty-one", "caller")


def test_the_chronicler_choices_are_accepted_by_the_games():
    for choice in registry.get("liar").chroniclers:
        LiarGame(players=2, chroniclers=choice).new_state(seed=1)
    for choice in registry.get("thirty-one").chroniclers:
        state = ThirtyOneGame(players=2, chronicler=choice).new_state(seed=1)
        assert state.legal_actions().sample(random.Random(0)) is not None
