"""The Liar expert bot: its posterior by hand, hidden cards, legality, registry."""

from __future__ import annotations

import random
from math import comb

import pytest

from cardgames.liar import LiarGame
from cardgames.liar.actions import CALL, PASS
from cardgames.liar.bots import BOTS, LiarCallerAgent, LiarHeuristicAgent
from cardgames.liar.expert import LiarExpertAgent, lie_posterior
from cardgames.liar.state import Phase
from cardgames.play import agent_rngs, agent_turn


def test_registered_as_expert():
    assert BOTS["expert"] is LiarExpertAgent and LiarExpertAgent.name == "expert"


def test_posterior_by_hand():
    # Seat 1 holds 7A AH; seat 0 claims "1 seven" from a hand of 4.  Of the 30 cards seat 1
    # has not seen, 3 are sevens: K ~ hypergeometric(30, 3, 4).  The modelled player (weight
    # t = 0.85) with one seven plays it (true); with none, a hand of <= 5 bluffs one card (lie);
    # with 2+ sevens it would claim 2+.  Otherwise (1 - t) 1-4 random cards: 1 card w.p. 1/4,
    # true w.p. K/4.
    s = LiarGame(players=2).state_from_position(hands=["7H 7B 7L 9H", "7A AH"])
    s.apply("play 9H")
    pk = [comb(3, k) * comb(27, 4 - k) / comb(30, 4) for k in range(4)]
    t = 0.85
    true = t * pk[1] + (1 - t) / 4 * sum(p * k / 4 for k, p in enumerate(pk))
    lie = t * pk[0] + (1 - t) / 4 * sum(p * (1 - k / 4) for k, p in enumerate(pk))
    assert lie_posterior(s.view(1), trust=t) == pytest.approx(lie / (lie + true), rel=1e-12)
    # with full trust: P(no seven) / P(exactly 0 or 1 seven)
    assert lie_posterior(s.view(1), trust=1.0) == pytest.approx(pk[0] / (pk[0] + pk[1]))


def test_impossible_claim_is_a_sure_lie_and_is_called():
    # Seat 1 holds three sevens: "2 sevens" from seat 0 cannot be true (one seven left, L9).
    s = LiarGame(players=3).state_from_position(hands=["8H 9H", "7H 7B 7L", "AH KH"])
    s.apply("play 8H 9H")
    assert lie_posterior(s.view(1)) == 1.0
    assert LiarExpertAgent().act(s.view(1), s.legal_actions(), random.Random(0)) == CALL


def test_own_claim_is_known():
    s = LiarGame(players=2).state_from_position(hands=["7H 9H", "AH KH"])
    s.apply("play 9H")
    assert lie_posterior(s.view(0)) == 1.0


def test_an_honest_looking_claim_is_not_called():
    # Seat 0 claims all four... of a 10-card hand "1 seven": likely honest; small pile: pass.
    s = LiarGame(players=3).state_from_position(
        hands=["7H 8H 9H 10H UH OH KH AH 8B 9B", "7B 8L 9L", "AB KB OB"])
    s.apply("play 7H")
    assert lie_posterior(s.view(1)) < 0.5
    assert LiarExpertAgent().act(s.view(1), s.legal_actions(), random.Random(0)) == PASS


def _positions(players, seeds, **options):
    game = LiarGame(players=players, max_plays=300, **options)
    for seed in seeds:
        s = game.new_state(seed=seed)
        agents = [LiarHeuristicAgent(), LiarCallerAgent(), LiarHeuristicAgent(),
                  LiarCallerAgent()][:players]
        rngs = agent_rngs(seed, players)
        while not s.is_over():
            yield s
            agent_turn(s, agents, rngs)


@pytest.mark.parametrize("players,options", [(3, {}), (4, {"chroniclers": "both"})])
def test_decision_unchanged_when_hidden_cards_are_permuted(players, options):
    # R-L11: the other hands and the cards put aside are hidden; shuffling them among
    # themselves (sizes kept) leaves the view, and so the bot's choice, unchanged.
    bot = LiarExpertAgent()
    checked = calls = 0
    for k, s in enumerate(_positions(players, range(2), **options)):
        if k % 4:
            continue
        p = s.current_player
        other = s.clone()
        seats = [q for q in range(players) if q != p]
        cards = [c for q in seats for c in other._hands[q]] + list(other.put_aside)
        random.Random(k).shuffle(cards)
        i = 0
        for q in seats:
            m = len(other._hands[q])
            other._hands[q] = cards[i:i + m]
            i += m
        other.put_aside = cards[i:]
        assert other.view(p) == s.view(p)
        a = bot.act(s.view(p), s.legal_actions(), random.Random(5))
        b = bot.act(other.view(p), other.legal_actions(), random.Random(5))
        assert a == b
        checked += 1
        calls += s.phase is Phase.CALL_WINDOW
    assert checked >= 20 and calls >= 5


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"chroniclers": "both"}),
                                             (4, {}), (6, {"decks": 2, "chroniclers": "both"})])
def test_plays_whole_rounds_legally(players, options):
    game = LiarGame(players=players, max_plays=150, **options)
    for seed in range(2 if players < 6 else 1):
        s = game.new_state(seed=seed)
        agents = [LiarExpertAgent()] + [LiarHeuristicAgent()] * (players - 1)
        rngs = agent_rngs(seed, players)
        while not s.is_over():    # agent_turn raises AgentError on an illegal action
            agent_turn(s, agents, rngs)
        assert s.outcome() is not None
