"""The Match protocol (issue 32, cardgames.core.Match): both games' matches implement it,
and the registry hands a table everything game-specific (its match, how to read an
action, its turn and end rules, its seat view's codec), so the session follows the rules
of R-L10 (Liar: rounds with points) and T13 (Thirty-One: a game of deals with lives)
without knowing which game it runs."""

from __future__ import annotations

import pytest

from cardgames import registry
from cardgames.core import Match, ViewCodec
from cardgames.errors import GameOverError
from cardgames.liar import LiarGame
from cardgames.liar.bots import LiarRandomAgent
from cardgames.liar.match import LiarMatch, LiarRound
from cardgames.play import play_state
from cardgames.seeds import agent_rngs
from cardgames.session import Seat, Session
from cardgames.thirtyone import ThirtyOneGame
from cardgames.thirtyone.match import ThirtyOneMatch


@pytest.mark.parametrize("info", registry.games(), ids=lambda i: i.name)
def test_every_game_gives_a_table_what_it_needs(info):
    game = info.make_game(players=3)
    for single in (False, True):
        match = info.make_match(game, seed=9, single=single, **info.match_defaults)
        assert isinstance(match, Match)
        state, start = match.next_game()
        assert game.new_state(**start) == state           # the replay deals it again
    assert isinstance(info.view_codec, ViewCodec)
    assert info.turn_rule and info.end_rule and info.parse_action is not None
    legal = game.new_state(seed=1).legal_actions()
    first = next(iter(legal))
    assert info.parse_action(str(first)) == first
    assert set(info.table_form) <= {f for f in info.game_class.__dataclass_fields__} | set(
        info.match_options)


def test_a_liar_match_counts_points_and_places_by_r_l10():
    # by hand: 2 rounds, points per place (R-L10); the round's places and points as the
    # outcome says, summed; the seat view's round counts the round being played
    game = LiarGame(players=3)
    m = LiarMatch(game, seed=5, rounds=2)
    total = [0, 0, 0]
    for i in range(2):
        state, start = m.next_game()
        assert start == {"seed": m.round_seed(i), "dealer": i % 3}           # R-L1
        assert m.seat_view(state)["round"] == i + 1
        play_state(state, [LiarRandomAgent()] * 3, agent_rngs(state.seed, 3))
        out = state.outcome()
        m.record(state)
        total = [t + p for t, p in zip(total, out.points)]
        assert m.seat_view(state)["places"][-1] == out.places
    assert m.is_over() and m.seat_view(state)["points"] == tuple(total)
    assert m.winners() == tuple(p for p, t in enumerate(total) if t == max(total))
    with pytest.raises(GameOverError, match="R-L10"):
        m.next_game()


def test_one_liar_round_is_dealt_from_the_seed_itself():
    r = LiarRound(LiarGame(players=2), seed=11)
    state, start = r.next_game()
    assert start == {"seed": 11, "dealer": 0}
    play_state(state, [LiarRandomAgent()] * 2, agent_rngs(11, 2))
    r.record(state)
    assert r.is_over() and r.winners() == state.outcome().winners
    assert r.seat_view(state) == {"round": 1, "points": tuple(state.outcome().points),
                                  "places": (state.outcome().places,), "rounds": 1}


def test_a_thirty_one_match_is_its_state():
    m = ThirtyOneMatch(ThirtyOneGame(players=2, lives=1), seed=2)
    state, start = m.next_game()
    assert start == {"seed": 2, "dealer": 0, "single_deal": False}
    assert m.seat_view(state, state.view(0)) == {"round": 1, "lives": (1, 1)}
    with pytest.raises(GameOverError):
        m.next_game()                       # one game of deals is the whole match (T13)
    assert not m.is_over() and m.winners() == ()


@pytest.mark.parametrize("game", ["liar", "thirty-one"])
def test_a_saved_session_hands_its_games_to_a_new_match(game):
    s = Session.new(game, seats=[Seat.bot("heuristic")] * 3, seed=6,
                    options={"rounds": 2} if game == "liar" else {"lives": 1})
    while not s.match_over:
        s.run_bots()
        if s.over and not s.match_over:
            s.next_game()
    back = Session.from_json(s.to_json())
    assert back.view(0) == s.view(0) and back.match_over
    assert back.to_json() == s.to_json()
