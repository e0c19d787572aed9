"""The OpenSpiel adapter: OpenSpiel's own checks, ISMCTS, hidden cards, action ids."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import pytest

if os.environ.get("CI"):
    import pyspiel  # in CI the [rl] extra is installed: a missing library fails
else:
    pyspiel = pytest.importorskip("pyspiel")

import numpy as np

from cardgames.adapters import openspiel as A
from cardgames.adapters.actions import (
    LIAR_ACTIONS,
    LIAR_PASS,
    liar_play_cards,
    liar_play_id,
)


@pytest.mark.parametrize("name,params", [
    (A.THIRTY_ONE, {"players": 2}),
    (A.THIRTY_ONE, {"players": 4, "chronicler": True, "lives": 1, "turn_cap": 8}),
    (A.LIAR, {"players": 3, "max_plays": 20}),
    (A.LIAR, {"players": 4, "chroniclers": "both", "max_plays": 12}),
    (A.LIAR, {"players": 6, "decks": 2, "chroniclers": "both", "max_plays": 8}),
])
def test_random_sim_test_with_serialization(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_parameters_map_to_the_engine():
    g = pyspiel.load_game(A.LIAR, {"players": 5, "decks": 2, "chroniclers": "pale"})
    assert g.engine.players == 5 and g.engine.decks == 2 and len(g.engine.chroniclers) == 1
    assert g.num_players() == 5 and g.num_distinct_actions() == LIAR_ACTIONS
    t = pyspiel.load_game(A.THIRTY_ONE, {"players": 3, "chronicler": True, "lives": 2})
    assert (t.engine.players, t.engine.chronicler, t.engine.lives) == (3, True, 2)
    state = t.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 33   # 32 + Chronicler


def test_liar_play_ids_are_a_bijection():
    seen = set()
    for k in range(1, 5):
        for m in itertools.combinations_with_replacement(range(35), k):
            i = liar_play_id(m)
            assert liar_play_cards(i) == list(m)
            seen.add(i)
    assert seen == set(range(2, LIAR_ACTIONS))


@pytest.mark.parametrize("name,params", [(A.THIRTY_ONE, {"players": 2, "lives": 0}),
                                         (A.LIAR, {"players": 3, "max_plays": 6})])
def test_ismcts_bot_and_evaluate_bots(name, params):
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    game = pyspiel.load_game(name, params)
    n = game.num_players()
    np.random.seed(0)
    bots = [A.make_ismcts_bot(game, max_simulations=15, seed=1)] + [
        UniformRandomBot(p, np.random.RandomState(2 + p)) for p in range(1, n)]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert len(returns) == n and abs(sum(returns)) < 1e-9


def _deal(state, codes):
    for c in codes:
        assert state.is_chance_node()
        state.apply_action(c)


def test_thirty_one_observation_ignores_hidden_cards():
    # Seat 1 deals first (dealer 0, R-T1): cards 0-2 are seat 1's, 3-5 seat 0's, 6-8 the table.
    game = pyspiel.load_game(A.THIRTY_ONE, {"players": 2})
    mine, table = [0, 9, 18], [27, 4, 13]
    a, b = game.new_initial_state(), game.new_initial_state()
    _deal(a, mine + [1, 10, 19] + table)
    _deal(b, mine + [22, 30, 7] + table)       # seat 0 holds other cards
    assert a.observation_string(0) != b.observation_string(0)
    for action in ["keep", "reveal"]:    # seat 0 keeps, seat 1 reveals: seat 0 to move
        ids = {a.action_to_string(i): i for i in a.legal_actions()}
        assert ids[action] in b.legal_actions()
        a.apply_action(ids[action])
        b.apply_action(ids[action])
        assert a.observation_string(1) == b.observation_string(1)
        assert a.observation_tensor(1) == b.observation_tensor(1)


def test_liar_observation_ignores_hidden_cards():
    # 3 players, dealer 0: cards go one at a time to seats 1, 2, 0, 1, 2, 0, ...
    game = pyspiel.load_game(A.LIAR, {"players": 3})
    deck = list(range(32))
    a, b = game.new_initial_state(), game.new_initial_state()
    _deal(a, deck[:30])
    swapped = list(deck[:30])
    for i in range(1, 30, 3):                   # seat 2's and seat 0's cards change places
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
    swapped[1], swapped[29] = 30, swapped[1]    # and one hidden card with a put-aside one
    _deal(b, swapped)
    assert a.observation_string(2) != b.observation_string(2)
    for step in range(3):                       # seat 1 plays, seats 2 and 0 pass
        assert a.legal_actions() == b.legal_actions()
        action = a.legal_actions()[0] if step == 0 else LIAR_PASS
        a.apply_action(action)
        b.apply_action(action)
        assert a.observation_string(1) == b.observation_string(1)
        assert a.observation_tensor(1) == b.observation_tensor(1)


def test_import_cardgames_does_not_import_rl_libraries():
    code = ("import sys, cardgames, cardgames.liar, cardgames.thirtyone, cardgames.play, "
            "cardgames.analysis.tournament, cardgames.liar.expert, cardgames.thirtyone.expert; "
            "bad = [m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') "
            "if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                       env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert r.returncode == 0, r.stdout + r.stderr
