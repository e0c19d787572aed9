"""Bots (see only the view, randomness only from rng) and matches (R-L1, R-L10)."""

from __future__ import annotations

import random

import pytest

from cardgames import registry
from cardgames.errors import ConfigError, GameOverError
from cardgames.liar import (
    CALL, PASS, LiarCallerAgent, LiarGame, LiarHeuristicAgent, LiarMatch, LiarRandomAgent, Play,
    claim_probability,
)
from cardgames.play import play_game


def _act(agent, state, seed=0):
    p = state.current_player
    return agent.act(state.view(p), state.legal_actions(), random.Random(seed))


def test_heuristic_plays_its_true_cards():
    s = LiarGame(players=2).state_from_position(hands=["7H 7B 9L AA", "AH KH"])
    assert _act(LiarHeuristicAgent(), s) == Play("7H 7B")


def test_heuristic_goes_out_with_the_colorful_chronicler():
    s = LiarGame(players=2, chroniclers="colorful").state_from_position(hands=["7H *C", "AH"])
    assert _act(LiarHeuristicAgent(), s) == Play("7H *C")


def test_heuristic_bluffs_a_single_card_without_true_cards():
    s = LiarGame(players=2).state_from_position(hands=["9H 10B UL", "AH"])
    a = _act(LiarHeuristicAgent(), s)
    assert a in s.legal_actions() and len(a.cards) == 1


@pytest.mark.parametrize("agent", [LiarHeuristicAgent(), LiarCallerAgent(0.5)])
def test_bots_call_an_impossible_claim(agent):
    # player 1 holds all four sevens, no Chroniclers: "1 seven" must be a lie;
    # player 0 would go out with it (R-L9), so both bots call
    s = LiarGame(players=2).state_from_position(hands=["9H", "7H 7B 7L 7A"])
    s.apply("play 9H")
    assert claim_probability(s.view(1)) == 0.0
    assert LiarHeuristicAgent().lie_probability(s.view(1)) == 1.0
    assert _act(agent, s) == CALL


def test_heuristic_calls_sure_multi_card_lies_and_weighs_small_ones_by_the_pile():
    s = LiarGame(players=2).state_from_position(hands=["9H 10B 8L KA", "7H 7B 7L 7A"])
    s.apply("play 9H 10B")                    # "2 sevens": impossible, always called
    assert _act(LiarHeuristicAgent(), s) == CALL
    one = LiarGame(players=2).state_from_position(hands=["9H 10B 8L KA", "7H 7B 7L 7A"])
    one.apply("play 9H")                      # "1 seven" on a 1-card pile: called 1 time in 24
    calls = sum(_act(LiarHeuristicAgent(), one, seed) == CALL for seed in range(240))
    assert 0 < calls < 40
    assert sum(_act(LiarHeuristicAgent(pile_scale=1), one, seed) == CALL
               for seed in range(20)) == 20


def test_heuristic_trusts_an_honest_looking_multi_card_claim():
    # a fresh 8-card hand claiming "3 sevens": an honest player claims all of them
    s = LiarGame(players=4).state_from_position(
        hands=["7H 7B 7L 9H 10H UH OH KH", "8H 8B 9B 10B UB OB KB AB",
               "8L 9L 10L UL OL KL AL AH", "7A 8A 9A 10A UA OA KA AA"])
    s.apply("play 7H 7B 7L")
    agent = LiarHeuristicAgent()
    assert agent.lie_probability(s.view(1)) < 0.7   # below its call threshold here
    assert _act(agent, s) == PASS


def test_heuristic_keeps_a_true_card_to_go_out_with():
    # 4 players: player 0 announces sevens and Unters only (until a call shifts the
    # order); the nine and the King can never be played truly, so it keeps a seven
    s = LiarGame(players=4).state_from_position(hands=["7H 7B 9L KA", "8H", "8B", "8L"])
    assert _act(LiarHeuristicAgent(), s) == Play("7H")


def test_caller_threshold():
    # player 1 sees 30 unseen cards with 3 sevens: P(true "1 seven") = 0.1, P(false) = 0.9
    s = LiarGame(players=2).state_from_position(hands=["7H 9B", "7A AH"])
    s.apply("play 9B")
    assert claim_probability(s.view(1)) == pytest.approx(0.1)
    assert _act(LiarCallerAgent(threshold=0.85), s) == CALL
    assert _act(LiarCallerAgent(threshold=0.95), s) == PASS
    with pytest.raises(ValueError):
        LiarCallerAgent(threshold=1.5)


def test_heuristic_trusts_a_claimant_seen_taking_good_cards():
    g = LiarGame(players=3, chroniclers="colorful")
    s = g.state_from_position(hands=["*C 7H 7B", "9B 9L 9A", "OB OL KA UA"], due_rank="8")
    s.apply("play *C")            # player 0: "1 eight", true (L12)
    s.apply("pass")               # player 1
    s.apply("call")               # player 2 takes the *C, seen by all
    assert s.current_player == 1
    s.apply("play 9B")
    s.apply("pass")
    s.apply("pass")
    s.apply("play OB")            # player 2: "1 ten"; player 0 is asked first
    assert s.current_player == 0
    p = claim_probability(s.view(0))
    assert p == pytest.approx(5 / 31)          # 4 tens + *C among 33 - 2 unseen
    assert LiarHeuristicAgent().lie_probability(s.view(0)) < 0.5
    assert _act(LiarHeuristicAgent(), s) == PASS            # they hold a known *C
    assert _act(LiarCallerAgent(0.5), s) == CALL            # pure threshold


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_are_legal_and_reproducible(players):
    g = LiarGame(players=players, chroniclers="both", max_plays=400)
    agents = [LiarHeuristicAgent(), LiarCallerAgent(0.6)] + [LiarRandomAgent()] * (players - 2)
    for seed in range(4):
        a = play_game(g, agents, seed=seed)
        b = play_game(g, agents, seed=seed)
        assert a == b and a.outcome is not None
        assert g.replay(seed, a.history).outcome() == a.outcome


def test_heuristic_beats_random_more_often_than_not():
    g = LiarGame(players=2)
    wins = sum(play_game(g, [LiarHeuristicAgent(), LiarRandomAgent()], seed=s).outcome.winner == 0
               for s in range(30))
    assert wins >= 20


def test_bot_registry():
    bots = registry.get("liar").bots
    assert set(bots) == {"random", "heuristic", "caller", "expert"}
    assert all(hasattr(f(), "act") for f in bots.values())


def test_max_plays_cap_stops_a_round_with_no_winner():
    g = LiarGame(players=2, max_plays=3)
    s = g.state_from_position(hands=["9H 10H 8B UB", "9B 10B 8H"])
    for action in ["play 9H", "pass", "play 9B", "pass", "play 10H"]:
        s.apply(action)
    assert not s.is_over()
    s.apply("pass")                              # third play stands: the cap
    out = s.outcome()
    assert out.winner is None and out.reason == "cap"
    assert out.cards_held == (2, 2) and out.places == (1, 1) and out.points == (4, 4)


# --------------------------------------------------------------------------- matches
def test_match_rounds_dealer_moves_and_points_add_up():
    g = LiarGame(players=3)
    m = LiarMatch(g, seed=8, rounds=4)
    m.play([LiarRandomAgent()] * 3)
    assert len(m.results) == 4 and m.is_over()
    assert m.scores == [sum(r.points[p] for r in m.results) for p in range(3)]
    assert all(r.points[r.winner] == 4 for r in m.results)
    standings = m.standings()
    assert [st.player for st in standings] == sorted(range(3), key=lambda p: (-m.scores[p], p))
    with pytest.raises(GameOverError):
        m.new_round()


def test_match_is_reproducible_from_its_seed():
    def run(seed):
        m = LiarMatch(LiarGame(players=4), seed=seed, rounds=3)
        m.play([LiarRandomAgent()] * 4)
        return m.scores, [r.winner for r in m.results]
    assert run(3) == run(3)
    assert LiarMatch(LiarGame(players=4), seed=3, rounds=3).round_seed(0) != \
        LiarMatch(LiarGame(players=4), seed=3, rounds=3).round_seed(1)


def test_match_to_a_target_score():
    m = LiarMatch(LiarGame(players=2), seed=1, target=12)
    m.play([LiarRandomAgent()] * 2)
    assert max(m.scores) >= 12
    # it did not go on after the target was reached
    before_last = [m.scores[p] - m.results[-1].points[p] for p in range(2)]
    assert max(before_last) < 12
    assert set(m.winners()) == {p for p in range(2) if m.scores[p] == max(m.scores)}


def test_match_round_by_round_and_errors():
    with pytest.raises(ConfigError, match="R-L10"):
        LiarMatch(LiarGame(players=2), seed=1)
    m = LiarMatch(LiarGame(players=2), seed=1, rounds=2)
    s = m.new_round()
    assert s.dealer == 0 and s.seed == m.round_seed(0)
    with pytest.raises(GameOverError):
        m.record(s)               # not over yet
    rng = random.Random(0)
    while not s.is_over():
        s.apply(s.legal_actions().sample(rng))
    m.record(s)
    s2 = m.new_round()
    assert s2.dealer == 1 and s2.current_player == 0
