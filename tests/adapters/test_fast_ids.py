"""The adapters' fast legal ids, the compact Liar space and the incremental known cards.

Each fast path is compared with a slow reference written out here: the
enumeration the adapters used before (every card subset through
``liar_play_id``), ``known_holdings`` itself, and the engine's legal actions.
"""

from __future__ import annotations

import itertools
import os
import random

import numpy as np
import pytest

if os.environ.get("CI"):
    import pettingzoo  # in CI the [rl] extra is installed: a missing library fails
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel")
    pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from cardgames.adapters import compact as C
from cardgames.adapters import openspiel as A
from cardgames.adapters.actions import LIAR_CALL, LIAR_PASS, liar_play_id
from cardgames.adapters.legal_ids import hand_play_id_array, hand_play_ids, t31_legal_ids
from cardgames.adapters.pettingzoo import liar_v0
from cardgames.cards import Card, Chronicler, Rank, parse_cards
from cardgames.liar import LiarGame
from cardgames.liar.actions import Play
from cardgames.liar.probability import KnownTracker, known_holdings
from cardgames.liar.state import Phase
from cardgames.thirtyone import SwapOne, ThirtyOneGame


def reference_play_ids(codes):
    """The adapters' legal play ids before the tables: every 1-4 subset, through liar_play_id."""
    codes = sorted(codes)
    return sorted({liar_play_id(m) for k in range(1, min(4, len(codes)) + 1)
                   for m in set(itertools.combinations(codes, k))})


ONE_DECK = list(range(32)) + [33, 34]                 # with both Chroniclers (L12, L13)
TWO_DECKS = list(range(32)) * 2 + [33, 33, 34, 34]    # R-L2


@pytest.mark.parametrize("deck", [ONE_DECK, TWO_DECKS], ids=["one deck", "two decks"])
def test_hand_play_ids_equal_the_enumeration(deck):
    rng = random.Random(7)
    for _ in range(1500):
        codes = tuple(sorted(rng.sample(deck, rng.randint(0, 22))))
        expected = reference_play_ids(codes)
        assert list(hand_play_ids(codes)) == expected, codes
        assert hand_play_id_array(codes).tolist() == expected


def test_hand_play_ids_by_hand():
    # 7H 8H (codes 0, 1): plays 7H, 8H, 7H 8H; ids C(0,1)=0, C(1,1)=1 after offset 2, then
    # offset 2 + 35 = 37 plus C(0,1) + C(1+1,2) = 0 + 1
    assert hand_play_ids((0, 1)) == (2, 3, 38)
    assert hand_play_ids(()) == ()
    # OH OH (code 5 twice, two decks): OH = 2 + C(5,1); OH OH = 37 + C(5,1) + C(6,2)
    assert hand_play_ids((5, 5)) == (2 + 5, 37 + 5 + 15)


@pytest.mark.parametrize("params", [{"players": 3}, {"players": 4, "chroniclers": "both"},
                                    {"players": 5, "decks": 2, "chroniclers": "both"}])
def test_openspiel_legal_ids_equal_the_enumeration_in_play(params):
    game = pyspiel.load_game(A.LIAR, {**params, "max_plays": 60})
    rng = random.Random(3)
    plays = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            r = state.round
            if r.phase is Phase.CALL_WINDOW:
                assert state.legal_actions() == [LIAR_CALL, LIAR_PASS]
            else:
                plays += 1
                codes = [c.code for c in r.hand(state.current_player())]
                assert state.legal_actions() == reference_play_ids(codes)
            state.apply_action(rng.choice(state.legal_actions()))
    assert plays > 20


def test_thirty_one_legal_ids_are_the_engine_actions():
    game = ThirtyOneGame(players=3, chronicler=True, turn_cap=6)
    rng = random.Random(5)
    seen = set()
    for seed in range(30):
        s = game.new_state(seed=seed)
        while not s.is_over():
            legal = list(s.legal_actions())
            expected = sorted(6 + 35 * a.hand_card.code + a.table_card.code
                              if isinstance(a, SwapOne) else
                              ["keep", "exchange", "swap all", "pass", "reveal",
                               "stand"].index(str(a)) for a in legal)
            assert t31_legal_ids(s.legal_actions()) == expected
            seen.update(str(a).split()[0] for a in legal)
            s.apply(rng.choice(legal))
    assert {"keep", "exchange", "swap", "pass", "reveal", "stand"} <= seen


def test_known_tracker_equals_known_holdings():
    # views of several rounds and players, in and out of order, with state copies between
    rng = random.Random(11)
    tracker = KnownTracker()
    checked = 0
    for seed in range(12):
        game = LiarGame(players=rng.choice([2, 3, 4]), chroniclers="both" if seed % 2 else ())
        s = game.new_state(seed=seed)
        states = [s]
        while not s.is_over() and s.plays_made < 80:
            s.apply(s.legal_actions().sample(rng))
            if rng.random() < 0.1:
                states.append(s.clone())
            probe = rng.choice(states)
            p = rng.randrange(game.players)
            got = tracker.known(probe.view(p))
            want = known_holdings(probe.view(p))
            assert [dict(c) for c in got] == [dict(c) for c in want]
            checked += any(want)
    assert checked > 20          # some positions had known cards to compare


# ------------------------------------------------------------------ the compact space

def _kind(card, due):
    """Independently of compact.py: 0 true (due rank, Colorful, L12), 1 Pale (L13), 2 wrong."""
    if card.chronicler is Chronicler.COLORFUL:
        return 0
    if card.chronicler is Chronicler.PALE:
        return 1
    return 0 if card.rank == due else 2


def _shape(play, due):
    kinds = [_kind(c, due) for c in play.cards]
    return len(kinds), kinds.count(0), kinds.count(1)


def test_compact_shapes():
    assert C.LIAR_COMPACT_ACTIONS == 32 == 2 + 3 + 6 + 9 + 12   # k = 1..4 (see the module doc)
    assert len(set(C.SHAPES)) == 30
    assert all(1 <= k <= 4 and t + p <= k and p <= 2 for k, t, p in C.SHAPES)
    for i in range(2, C.LIAR_COMPACT_ACTIONS):
        assert C.compact_id(*C.compact_shape(i)) == i
    with pytest.raises(ValueError, match="R-L4"):
        C.compact_id(5, 0, 0)
    with pytest.raises(ValueError, match="not a compact"):
        C.compact_shape(32)


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 4, "chroniclers": "both"},
                                     {"players": 6, "decks": 2, "chroniclers": "both"}])
def test_compact_actions_are_legal_engine_plays(options):
    decks = options.get("decks", 1)
    game = LiarGame(players=options["players"], decks=decks,
                    chroniclers=options.get("chroniclers", ()))
    rng = random.Random(2)
    plays = 0
    for seed in range(8):
        s = game.new_state(seed=seed)
        while not s.is_over() and s.plays_made < 60:
            legal = s.legal_actions()
            if s.phase is Phase.PLAY:
                plays += 1
                due = s.due_rank
                hand = tuple(sorted(c.code for c in s.hand(s.current_player)))
                shapes = {_shape(a, due) for a in legal}            # brute force
                ids = C.compact_legal_ids(hand, int(due))
                assert list(ids) == sorted(ids)
                assert {C.compact_shape(i) for i in ids} == shapes
                for i in ids:
                    play = Play(tuple(Card.from_code(c) for c in C.compact_play(hand, int(due), i)))
                    assert play in legal
                    assert _shape(play, due) == C.compact_shape(i)
                    assert C.compact_of_play([c.code for c in play.cards], int(due)) == i
                missing = set(range(2, 32)) - set(ids)
                if missing:
                    with pytest.raises(ValueError, match="R-L4/L7"):
                        C.compact_play(hand, int(due), min(missing))
            s.apply(legal.sample(rng))
    assert plays > 50


def test_compact_canonical_cards():
    # Kings due (rank 6): true KH, *C; wrong 7H (due in 2 ranks), OB (due in 7: the latest)
    hand = tuple(sorted(c.code for c in parse_cards("KH 7H OB *C *P")))
    due = int(Rank.KING)
    cards = lambda i: " ".join(str(Card.from_code(c)) for c in C.compact_play(hand, due, i))  # noqa: E731
    assert cards(C.compact_id(1, 1, 0)) == "KH"          # the ordinary King before *C
    assert cards(C.compact_id(2, 2, 0)) == "KH *C"
    assert cards(C.compact_id(1, 0, 0)) == "OB"          # Obers come due last after Kings
    assert cards(C.compact_id(3, 1, 1)) == "KH OB *P"


@pytest.mark.parametrize("params", [{"players": 3, "max_plays": 20},
                                    {"players": 4, "chroniclers": "both", "max_plays": 12},
                                    {"players": 6, "decks": 2, "chroniclers": "both",
                                     "max_plays": 8}])
def test_compact_openspiel_random_sim_test(params):
    game = pyspiel.load_game(A.LIAR, {**params, "actions": "compact"})
    assert game.num_distinct_actions() == C.LIAR_COMPACT_ACTIONS
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_compact_parameter_is_checked():
    with pytest.raises(ValueError, match="full' or 'compact"):
        A.LiarSpielGame({"actions": "small"})
    with pytest.raises(ValueError, match="full' or 'compact"):
        liar_v0.raw_env(actions="small")


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("options", [{"players": 3, "max_plays": 40},
                                     {"players": 4, "chroniclers": "both", "max_plays": 30}])
def test_compact_pettingzoo_api_and_seed(options):
    api_test(liar_v0.env(actions="compact", **options), num_cycles=200, verbose_progress=False)
    seed_test(lambda: liar_v0.env(actions="compact", **options), num_cycles=50)


def test_compact_pettingzoo_mask_is_the_play_shapes():
    env = liar_v0.raw_env(players=4, chroniclers="both", actions="compact")
    env.reset(seed=4)
    rng = random.Random(0)
    for _ in range(80):
        if all(env.terminations.values()) or all(env.truncations.values()):
            break
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        s = env.state
        if s.phase is Phase.CALL_WINDOW:
            want = [LIAR_CALL, LIAR_PASS]
        else:
            want = sorted({C.compact_id(*_shape(a, s.due_rank)) for a in s.legal_actions()})
        assert list(np.flatnonzero(mask)) == want
        env.step(rng.choice(want))
