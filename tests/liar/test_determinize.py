"""``LiarState.determinize``: the hidden cards dealt anew, what the player knows kept (R-L11)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardgames.liar import LiarGame
from tests.liar.conftest import everywhere


@pytest.mark.parametrize("seed", range(12))
def test_determinize_keeps_the_view_and_the_deck_and_redeals_the_rest(seed):
    game = LiarGame(players=3, chroniclers="both")
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 30)):
        if s.is_over():
            break
        s.apply(s.legal_actions().sample(rng))
    player = seed % 3
    before = s.to_json()
    d = s.determinize(player, random.Random(99))
    assert s.to_json() == before                       # the original is untouched
    assert d.view(player) == s.view(player)            # nothing the player knows changed
    assert everywhere(d) == Counter(game.deck())       # still exactly the deck (R-L2)
    assert d.hand_sizes == s.hand_sizes and d.pile_size == s.pile_size
    for q in range(3):
        assert [e.number for e in d.own_plays(q)] == [e.number for e in s.own_plays(q)]
    if not s.is_over():
        d.apply(d.legal_actions().sample(random.Random(1)))   # and it plays on


def test_determinize_changes_the_hidden_hands():
    s = LiarGame(players=3).new_state(seed=4)
    d = s.determinize(0, random.Random(5))
    assert d.hand(0) == s.hand(0)
    # 10 hidden cards each, 2 aside: the chance that a reshuffle of the 22 hidden cards leaves
    # both other hands as they were is 1/C(22,10) times 1/C(12,10)
    assert (d.hand(1), d.hand(2)) != (s.hand(1), s.hand(2))
