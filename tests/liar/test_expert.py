"""The Liar expert bot: its posterior by hand, hidden cards, legality, registry."""

from __future__ import annotations

import random
from math import comb

import pytest

from cardgames import registry
from cardgames.liar import LiarGame
from cardgames.liar.actions import CALL, PASS
from cardgames.liar.bots import LiarCallerAgent, LiarHeuristicAgent
from cardgames.liar.expert import LiarExpertAgent, call_chance, call_rates, lie_posterior
from cardgames.liar.state import Phase
from cardgames.play import agent_rngs, agent_turn


def test_registered_as_expert():
    assert registry.get("liar").bots["expert"] is LiarExpertAgent and LiarExpertAgent.name == "expert"


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


def _caller_history(seat3_hand: str):
    """4 players; three times seat 3 lies, seats 0 and 1 pass, seat 2 calls (L9), and seat 2's
    true play then stands (everyone passes, R-L5).  Seat 2: 3 calls in 3 times asked; seats
    0 and 1: 6 passes each; seat 3: 3 passes."""
    s = LiarGame(players=4).state_from_position(
        hands=["7H 8H 9H 10H UH OH KH AH", "7B 8B 9B 10B UB OB KB AB",
               "7L 8L 9L 10L UL OL KL AL", seat3_hand], current_player=3)
    for a in ["play 8A", "pass", "pass", "call", "play 8L", "pass", "pass", "pass",      # VII, VIII
              "play 10A", "pass", "pass", "call", "play 10L", "pass", "pass", "pass",    # IX, X
              "play OA", "pass", "pass", "call", "play OL", "pass", "pass", "pass"]:     # U, O
        s.apply(a)
    return s


def test_call_rates_count_the_public_log():
    s = _caller_history("8A 10A OA")
    # (calls + 1) / (times asked + 3), by hand from the history above
    assert call_rates(s.view(0)) == pytest.approx((1 / 9, 1 / 9, 4 / 6, 1 / 6))
    assert call_rates(s.view(2)) == call_rates(s.view(0))        # public: the same for all
    # P(seat 1 or seat 2 calls), taken as independent
    assert call_chance(s.view(0), [1, 2]) == pytest.approx(1 - (8 / 9) * (2 / 6))
    assert call_chance(s.view(0), []) == 0.0


def test_leaves_a_call_to_a_player_asked_later_who_calls_everything():
    # Seat 3 (3 cards left after the claim) claims "2 Kings"; seat 0 is asked first, then
    # seats 1 and 2.  C = P(seat 1 or 2 calls) = 1 - (8/9)(2/6) = 19/27.  Claimant's weight
    # w = 2.5 / (3 + 1) = 0.625, share = 1/3.  Last in the window (C = 0) it calls iff
    # p * w > 1 - p, i.e. p > 1 / 1.625 = 0.615; weighing C it calls iff
    # (8/27) p w > (1 - p)(1 + C/3), i.e. p > 1.2346 / 1.4198 = 0.870.
    s = _caller_history("8A 10A OA")
    s.apply("play 8A 10A")
    v = s.view(0)
    assert v.claim is not None and v.claim.player == 3 and v.hand_sizes[3] == 3
    p = lie_posterior(v, trust=0.5)
    assert 0.62 < p < 0.86
    assert LiarExpertAgent(trust=0.5, defer=False).should_call(v)
    assert not LiarExpertAgent(trust=0.5).should_call(v)


@pytest.mark.parametrize("players,expected", [(2, "9A"), (4, "AA")])
def test_keeps_a_true_card_back_only_if_the_junk_before_it_would_stand(players, expected):
    # Seat 0 holds AA 9A, Aces due.  The heuristic keeps AA back to go out on (a last play
    # must be true, R-L9) and bluffs 9A: 9 is not due for it in its next two turns.  With
    # no history every other seat calls with the prior 1/3: 2 players -> the 9A bluff
    # stands with 2/3 >= 1/2, keep back; 4 players -> (2/3)^3 = 8/27 < 1/2: play AA now.
    hands = ["AA 9A", "7H 8H 9H", "7B 8B 9B", "7L 8L 9L"][:players]
    s = LiarGame(players=players).state_from_position(hands=hands, current_player=0,
                                                       due_rank="A")
    assert str(LiarHeuristicAgent().choose_play(s.view(0), random.Random(0))) == "play 9A"
    play = LiarExpertAgent().choose_play(s.view(0), random.Random(0))
    assert str(play) == f"play {expected}"
    assert str(LiarExpertAgent(keep_back=0.0).choose_play(s.view(0), random.Random(0))) == "play 9A"
