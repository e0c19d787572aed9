"""The speed paths of issue 8 change no game: same draws, same refusals, same values.

* :mod:`cardgames.draws` against ``random.Random``'s own methods (the second method);
* :func:`cardgames.frozen.fast_init` keeps the dataclass semantics;
* the states' short path for the action just sampled is taken only for that
  object: any other action is validated in full (the rule named, nothing changed);
* Liar's sampling with two decks (not covered by the history hashes) against the
  sampler as written before the speed work, with the generator's public methods.
"""

from __future__ import annotations

import dataclasses
import random
from math import comb

import pytest

from cardgames.agents import RandomAgent
from cardgames.cards import Rank
from cardgames.draws import randbelow, sample, shuffle
from cardgames.errors import AgentError, IllegalActionError
from cardgames.frozen import fast_init
from cardgames.liar import LiarGame
from cardgames.liar.actions import Play
from cardgames.liar.events import Played
from cardgames.liar.legal import _cum
from cardgames.play import agent_rngs, play_state
from cardgames.thirtyone import ThirtyOneGame
from cardgames.thirtyone.actions import SwapOne


@pytest.mark.parametrize("seed", range(25))
def test_draws_match_random(seed):
    a, b = random.Random(seed), random.Random(seed)
    for n in (1, 2, 3, 20, 21, 22, 32, 33, 64, 65, 100):
        x, y = list(range(n)), list(range(n))
        shuffle(a, x)
        b.shuffle(y)
        assert x == y
        for k in range(min(n, 5) + 1):
            assert sample(a, tuple(x), k) == b.sample(tuple(x), k)
        assert randbelow(a)(n) == b.randrange(n)
    assert a.getstate() == b.getstate()


def test_draws_use_a_subclass_own_methods():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):   # type: ignore[override]
            Counting.calls += 1
            super().shuffle(x)

    rng = Counting(1)
    shuffle(rng, [1, 2, 3])
    assert Counting.calls == 1


def test_fast_init_keeps_dataclass_semantics():
    @fast_init
    @dataclasses.dataclass(frozen=True, slots=True)
    class P:
        x: int
        y: tuple[int, ...] = ()

    p = P(1)
    assert (p.x, p.y) == (1, ()) and p == P(x=1, y=()) and repr(p).endswith("P(x=1, y=())")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        P()  # type: ignore[call-arg]
    assert "_set0" in P.__init__.__code__.co_names        # the fast one is in place
    ev = Played(player=1, count=2, announced=Rank.SEVEN, number=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.player = 0  # type: ignore[misc]
    assert dataclasses.asdict(ev)["number"] == 3


def test_liar_only_the_sampled_object_skips_validation():
    s = LiarGame(players=2).state_from_position(hands=["7H 8H", "AH KH"], current_player=0)
    legal = s.legal_actions()
    assert s.legal_actions() is legal                       # cached until a change
    picked = legal.sample(random.Random(0))
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as info:         # equal-looking but not in hand
        s.apply(Play("AH"))
    assert info.value.rule == "L7" and s.to_dict() == before
    with pytest.raises(IllegalActionError) as info:
        s.apply(Play("7H 8H AH KH 7H"))                     # five cards
    assert info.value.rule == "R-L4" and s.to_dict() == before
    s.apply(picked)
    assert s.legal_actions() is not legal
    # the old collection's pick is not trusted any more: playing it again is refused
    with pytest.raises(IllegalActionError) as info:
        s.apply(picked)
    assert info.value.rule == "R-L5"


def test_thirtyone_only_the_sampled_object_skips_validation():
    s = ThirtyOneGame(players=2).state_from_position(
        hands=["AH KH 7B", "9L 8L 7L"], table="UL 8A 9A", single_deal=True)
    legal = s.legal_actions()
    assert s.current_player == 1
    stale = legal.sample(random.Random(3))
    s.apply("pass")
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(SwapOne("9L", "UL"))          # player 1's card; player 0 is to act
    assert s.to_json() == before
    assert isinstance(stale, SwapOne)         # 9 of the 11 actions; seed 3 draws one
    with pytest.raises(IllegalActionError):
        s.apply(stale)                        # sampled from the old legal actions
    assert s.to_json() == before


def test_play_state_refuses_and_never_replaces():
    class Cheat:
        name = "cheat"
        needs_view = False

        def act(self, view, legal, rng):
            return Play("7H 7H 7H 7H")

    s = LiarGame(players=2).new_state(seed=4)
    before = s.to_dict()
    with pytest.raises(AgentError) as info:
        play_state(s, [RandomAgent(), Cheat()], agent_rngs(4, 2))   # seat 1 begins (R-L1)
    assert info.value.agent == "cheat" and info.value.rule == "L7" and s.to_dict() == before


def _old_sample(hand, distinct, rng):
    """Liar's sampler before the speed work (legal.py at 13cb279), public rng methods."""
    cum = _cum(len(hand))
    total = cum[-1]
    while True:
        r = rng.randrange(total)
        k = 1
        while r >= cum[k - 1]:
            k += 1
        chosen = rng.sample(hand, k)
        chosen.sort()
        if distinct:
            return Play._of(tuple(chosen))
        w = 1
        for c in set(chosen):
            w *= comb(hand.count(c), chosen.count(c))
        if w == 1 or rng.randrange(w) == 0:
            return Play._of(tuple(chosen))


@pytest.mark.parametrize("seed", range(6))
def test_liar_two_decks_draw_as_before(seed):
    game = LiarGame(players=6, decks=2)
    new, old = game.new_state(seed=seed), game.new_state(seed=seed)
    rng_new, rng_old = random.Random(seed), random.Random(seed)
    for _ in range(400):
        if new.is_over():
            break
        legal = new.legal_actions()
        a = legal.sample(rng_new)
        old_legal = old.legal_actions()
        if old_legal.phase.value == "play":
            b = _old_sample(old_legal.hand, old_legal.distinct, rng_old)
        else:
            b = old_legal.sample(rng_old)
        assert a == b
        new.apply(a)
        old.apply(b)                       # a different object: the full checks
    assert new == old
