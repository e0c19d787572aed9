"""The PettingZoo adapter: PettingZoo's own API and seed checks, masks, hidden cards."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

if os.environ.get("CI"):
    import pettingzoo  # in CI the [rl] extra is installed: a missing library fails
else:
    pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from cardgames.adapters.pettingzoo import liar_v0, thirty_one_v0

CASES = [(thirty_one_v0, {"players": 2}), (thirty_one_v0, {"players": 4, "chronicler": True}),
         (liar_v0, {"players": 3, "max_plays": 40}),
         (liar_v0, {"players": 4, "chroniclers": "both", "max_plays": 30})]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("module,options", CASES)
def test_api_and_seed(module, options):
    api_test(module.env(**options), num_cycles=200, verbose_progress=False)
    seed_test(lambda: module.env(**options), num_cycles=50)


@pytest.mark.parametrize("module,options", CASES)
def test_mask_is_the_engine_legal_actions(module, options):
    env = module.raw_env(**options)
    env.reset(seed=3)
    rng = random.Random(0)
    for _ in range(60):
        if not env.agents or all(env.terminations.values()) or all(env.truncations.values()):
            break
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        legal = sorted(env.action_id(a) for a in env.state.legal_actions())
        assert list(np.flatnonzero(mask)) == legal
        for other in env.agents:               # nobody else may act (R-L5, T5)
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(rng.choice(legal))


def test_observation_ignores_hidden_cards():
    # Two deals that differ only in seat 0's hidden hand look the same to seat 1 (R-T9).
    env = thirty_one_v0.raw_env(players=2)
    env.reset(seed=5)
    a = env.observe("player_1")["observation"].copy()
    hidden = env.state.determinize(1, random.Random(1))
    assert hidden.hand(0) != env.state.hand(0)
    env.state = hidden
    assert np.array_equal(env.observe("player_1")["observation"], a)
