"""Agents: the random agent, the heuristic agent, self-play and speed."""

from __future__ import annotations

import random
from collections import Counter

from cardgames.agents import Agent
from cardgames.thirtyone import (
    Exchange,
    Keep,
    RandomAgent,
    Reveal,
    Stand,
    SwapOne,
    ThirtyOneGame,
    ThirtyOneHeuristicAgent,
    score,
    self_play,
)

H = ThirtyOneHeuristicAgent()


def position(**kw):
    game = ThirtyOneGame(players=3, turn_cap=kw.pop("turn_cap", None))
    return game.state_from_position(**kw)


def act(state):
    p = state.current_player
    return H.act(state.view(p), state.legal_actions(), random.Random(0))


def test_agents_follow_the_protocol():
    assert isinstance(H, Agent) and isinstance(RandomAgent(), Agent)
    assert H.name == "heuristic"


def test_heuristic_exchange_by_score():
    s = position(hands=["7H 8B 9L", "KH 10H 7A", "AB KB 8A"], table="AH UH 9A", phase="exchange")
    assert act(s) == Exchange()            # table 21 beats 0
    s = position(hands=["AL UL 9L", "KH 10H 7A", "AB KB 8A"], table="AH UH 9A", phase="exchange")
    assert act(s) == Keep()                # 30 beats 21


def test_heuristic_takes_the_best_swap_and_reveals_when_strong():
    s = position(hands=["7H 8B 9L", "KH 10H 7A", "AB KB 8A"], table="AH UL 9A")
    assert act(s) == SwapOne("7A", "AH")   # KH 10H AH = 31
    s.apply("swap 7A AH")
    s.apply("pass")
    s.apply("pass")
    assert score(s.hand(1)) == 31 and act(s) == Reveal()


def test_heuristic_final_turn_swaps_only_to_improve():
    s = position(hands=["7H 8B 9L", "KH 10H 7A", "AB 9B 8A"], table="AH UB 9A",
                 phase="final", revealer=1)
    assert act(s) == SwapOne("8A", "UB")   # AB 9B UB = 30
    s = position(hands=["7H 8B 9L", "KH 10H 7A", "AB KB OB"], table="AH UL 9A",
                 phase="final", revealer=1)
    assert act(s) == Stand()


def test_heuristic_decides_from_the_view_only():
    game = ThirtyOneGame(players=4, chronicler=True)
    for seed in range(30):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(12)):
            if state.is_over():
                break
            state.apply(state.legal_actions().sample(rng))
        if state.is_over():
            continue
        p = state.current_player
        other = state.determinize(p, random.Random(seed + 1))
        a = H.act(state.view(p), state.legal_actions(), random.Random(5))
        b = H.act(other.view(p), other.legal_actions(), random.Random(5))
        assert a == b and a in state.legal_actions()


def test_R_T10_heuristic_bots_always_end_a_deal_without_a_cap():
    for players in (2, 5, 9):
        game = ThirtyOneGame(players=players, chronicler=players == 5)
        for seed in range(60):
            state = self_play(game, [H] * players, seed=seed, single_deal=True,
                              max_decisions=5000)
            assert state.is_over()
            assert len(state.history) <= 3 * 3 * players + players + 2


def test_heuristic_beats_random():
    wins = Counter()
    games = 150
    for seed in range(games):
        state = self_play(ThirtyOneGame(players=4), [H, RandomAgent(), H, RandomAgent()],
                          seed=seed)
        for w in state.outcome().winners:
            wins["heuristic" if w % 2 == 0 else "random"] += 1
    assert wins["heuristic"] >= 0.8 * games, wins


def test_self_play_is_reproducible():
    game = ThirtyOneGame(players=3)
    a = self_play(game, [H, RandomAgent(), H], seed=3)
    b = self_play(game, [H, RandomAgent(), H], seed=3)
    assert a == b and a.history == b.history
