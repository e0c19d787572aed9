"""Quick end-to-end checks: random games end, cards are conserved, replays reproduce."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardgames.liar import LiarGame, LiarState, replay


@pytest.mark.parametrize("players,decks,chroniclers", [
    (2, 1, ()), (3, 1, "both"), (4, 1, "pale"), (5, 2, "both"), (8, 2, "colorful"),
])
def test_random_games_end_and_conserve_cards(players, decks, chroniclers):
    game = LiarGame(players=players, decks=decks, chroniclers=chroniclers)
    deck = Counter(game.deck())
    for seed in range(20):
        s = game.new_state(seed=seed, dealer=seed % players)
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(s.legal_actions().sample(rng))
            where = Counter(s.put_aside)
            for p in range(players):
                where.update(s.hand(p))
            for e in s.pile:
                where.update(e.cards)
            assert where == deck
        out = s.outcome()
        assert out is not None and out.winner is not None
        assert out.cards_held[out.winner] == 0 and out.places[out.winner] == 1
        assert replay(game, seed, s.history, dealer=seed % players) == s
        assert LiarGame.state_from_json(s.to_json()) == s
