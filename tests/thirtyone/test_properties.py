"""Property tests over thousands of random games (seeded hypothesis and seeded loops)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seeded_play import played

from cardgames import ORDINARY_CARDS
from cardgames.errors import ActionParseError, GameOverError, IllegalActionError
from cardgames.thirtyone import (
    Exchange,
    Keep,
    Pass,
    Phase,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneGame,
    ThirtyOneState,
    replay,
    score,
)

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

games = st.builds(
    lambda players, chronicler, lives, cap: ThirtyOneGame(
        players=players, chronicler=chronicler, lives=lives, turn_cap=cap),
    st.integers(2, 9), st.booleans(), st.integers(0, 3),
    st.one_of(st.none(), st.integers(0, 40)))


def places(state: ThirtyOneState) -> Counter:
    cards = list(state.table) + list(state.undealt)
    for p in range(state.game.players):
        cards += state.hand(p)
    return Counter(cards)


def check_invariants(state: ThirtyOneState, deck: Counter) -> None:
    # every card in exactly one place: hands, table, undealt (R-T1)
    assert places(state) == deck
    n = state.game.players
    if state.is_over():
        assert state.current_player is None and len(state.legal_actions()) == 0
        return
    p = state.current_player
    assert not state.out[p]
    for q in range(n):
        assert len(state.hand(q)) == (0 if state.out[q] else 3)
        assert state.lives[q] >= 0
    assert len(state.table) == 3
    assert len(state.legal_actions()) >= 1
    # three Aces never survive in a hand (R-T7)
    assert all(score(state.hand(q)) != 33 for q in range(n) if not state.out[q])


def played_from(game, seed: int, moves: int) -> ThirtyOneState:
    """A new state of ``game`` (deck ``seed``) after up to ``moves`` random legal moves
    (seeded with ``seed`` too), fewer if the match ends first."""
    return played(game.new_state(seed=seed), moves, seed)


def random_game(game, seed, *, single_deal, rng_seed=None, check=True, max_steps=20000):
    state = game.new_state(seed=seed, dealer=seed % game.players, single_deal=single_deal)
    deck = Counter(game.deck())
    rng = random.Random(seed if rng_seed is None else rng_seed)
    steps = 0
    while not state.is_over():
        if check:
            check_invariants(state, deck)
        state.apply(state.legal_actions().sample(rng))
        steps += 1
        assert steps < max_steps, "a game did not end"
    check_invariants(state, deck)
    return state


def test_thousands_of_random_deals_and_matches_end_and_conserve_cards():
    deals = matches = total_deals = 0
    seen = Counter()
    for seed in range(2000):
        pick = random.Random(f"config-{seed}")
        players = pick.randint(2, 9)
        game = ThirtyOneGame(players=players, chronicler=pick.random() < 0.5,
                             lives=pick.randint(0, 3),
                             turn_cap=pick.choice([None, None, 10, 30]))
        state = random_game(game, seed, single_deal=pick.random() < 0.6)
        total_deals += state.deal
        seen[players, game.chronicler, state.single_deal] += 1
        out = state.outcome()
        assert out is not None and out.winners
        if state.single_deal:
            deals += 1
            assert state.deal == 1
        else:
            matches += 1
            # R-T8: the winner is the last one left, or the last ones out together
            remaining = [p for p in range(players) if not out.out[p]]
            assert remaining == list(out.winners) or (
                not remaining and set(out.winners) == set(out.last_deal.went_out))
            assert len(state.results) == state.deal
    assert deals >= 1000 and matches >= 600 and total_deals >= 4000
    assert len(seen) == 8 * 2 * 2          # every player count, with/without Chronicler


@SETTINGS
@given(game=games, seed=st.integers(0, 10**6), single_deal=st.booleans())
def test_replay_and_json_round_trip(game, seed, single_deal):
    state = random_game(game, seed, single_deal=single_deal, check=False)
    again = replay(game, seed, [str(a) for a in state.history], dealer=seed % game.players,
                   single_deal=single_deal)
    assert again == state
    assert again.outcome() == state.outcome()
    copy = ThirtyOneGame.state_from_json(state.to_json())
    assert copy == state and copy.to_json() == state.to_json()
    assert copy.outcome() == state.outcome()


@SETTINGS
@given(game=games, seed=st.integers(0, 10**6), stop=st.integers(0, 60))
def test_mid_game_snapshot_clone_and_json_continue_identically(game, seed, stop):
    state = played_from(game, seed, stop)
    copy = ThirtyOneGame.state_from_json(state.to_json())
    clone = state.clone()
    assert copy == state == clone
    # continue all three with the same agent randomness: same results (the state's RNG
    # for the next deals is part of the snapshot)
    rngs = [random.Random(7) for _ in range(3)]
    for s, r in zip((state, copy, clone), rngs):
        steps = 0
        while not s.is_over() and steps < 400:
            s.apply(s.legal_actions().sample(r))
            steps += 1
    assert state == copy == clone


@SETTINGS
@given(game=games, seed=st.integers(0, 10**6), stop=st.integers(0, 40),
       data=st.data())
def test_refused_actions_leave_the_state_unchanged(game, seed, stop, data):
    state = played_from(game, seed, stop)
    legal = state.legal_actions()
    cards = list(ORDINARY_CARDS)
    candidates = [Keep(), Exchange(), SwapAll(), Pass(), Reveal(), Stand()] + [
        SwapOne(data.draw(st.sampled_from(cards)), data.draw(st.sampled_from(cards)))
        for _ in range(4)]
    if not state.is_over():
        hand, table = state.hand(state.current_player), state.table
        candidates += [SwapOne(h, t) for h in hand for t in table]
    before = state.to_json()
    refused = 0
    for action in candidates + ["fold", 17]:
        if action in legal:
            continue
        with pytest.raises((IllegalActionError, ActionParseError)) as info:
            state.apply(action)
        refused += 1
        msg = str(info.value)
        if isinstance(info.value, GameOverError):
            assert "over" in msg
        elif isinstance(info.value, IllegalActionError):
            assert msg.startswith(f"player {state.current_player} cannot {action}: ")
            assert "legal now: " in msg and info.value.rule
        assert state.to_json() == before
    assert refused >= 2


@SETTINGS
@given(game=games, seed=st.integers(0, 10**6), stop=st.integers(0, 60),
       shuffle_seed=st.integers(0, 1000))
def test_hidden_cards_do_not_change_the_view(game, seed, stop, shuffle_seed):
    state = played_from(game, seed, stop)
    deck = Counter(game.deck())
    for p in range(game.players):
        other = state.determinize(p, random.Random(shuffle_seed))
        assert places(other) == deck
        assert other.view(p) == state.view(p)
        assert other.view(p).to_dict() == state.view(p).to_dict()
        assert other.hand(p) == state.hand(p) and other.table == state.table
        # what p could not know may differ, and the copy stays playable
        if not other.is_over():
            assert len(other.legal_actions()) >= 1


def test_determinize_really_moves_hidden_cards():
    game = ThirtyOneGame(players=4)
    state = game.new_state(seed=5)
    moved = sum(state.determinize(0, random.Random(i)).hand(1) != state.hand(1)
                for i in range(20))
    assert moved >= 15
    # cards a player took from the table stay known to be in that hand
    state.apply("keep")
    table_card = state.table[0]
    state.apply(f"swap {state.hand(1)[0]} {table_card}")
    for i in range(20):
        assert table_card in state.determinize(0, random.Random(i)).hand(1)


def test_views_are_json_ready_and_hide_other_hands():
    import json

    game = ThirtyOneGame(players=5, chronicler=True)
    for seed in range(40):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            p = state.current_player
            view = state.view(p)
            json.dumps(view.to_dict())
            assert view.hand == state.hand(p) and view.undealt == len(state.undealt)
            assert view.phase is state.phase and view.my_turn
            if state.phase is Phase.PLAY:
                assert view.passed_last_turn == ("pass" not in state.legal_actions())\
                    or view.must_reveal
            state.apply(state.legal_actions().sample(rng))


def _cards_in_events(events):
    seen = set()
    for e in events:
        for value in vars(e).values() if hasattr(e, "__dict__") else (
                getattr(e, f) for f in e.__slots__):
            items = value if isinstance(value, tuple) else (value,)
            seen.update(str(c) for c in items if hasattr(c, "code"))
    return seen


def test_views_never_name_a_card_nobody_has_seen():
    """No undealt card, and no unrevealed card of another hand that never went through
    the table, appears anywhere in a player's view (R-T9)."""
    import json
    import re

    for seed in range(150):
        pick = random.Random(seed)
        game = ThirtyOneGame(players=pick.randint(2, 9), chronicler=pick.random() < 0.5)
        state = played_from(game, seed, pick.randrange(1, 40))
        if state.is_over():
            continue
        public = _cards_in_events(state.deal_events) | {str(c) for c in state.table}
        shown = {e.player for e in state.deal_events if type(e).__name__ == "Revealed"}
        for p in range(game.players):
            view = state.view(p)
            tokens = set(re.findall(r"[0-9A-Z*]+", json.dumps(view.to_dict())))
            secret = {str(c) for c in state.undealt}
            for q in range(game.players):
                if q != p and q not in shown:
                    secret |= {str(c) for c in state.hand(q)}
            secret -= public | {str(c) for c in state.hand(p)}
            assert not tokens & secret, (p, tokens & secret)
            assert not tokens & {str(c) for c in state.undealt}
