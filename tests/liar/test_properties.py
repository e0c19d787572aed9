"""Property tests over thousands of seeded random games (hypothesis, derandomized).

Configurations: 2-4 players with one deck, 2-8 with two decks, every
Chronicler option.  Agents pick uniformly among the legal actions.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.errors import IllegalActionError
from cardgames.liar import CALL, PASS, LiarGame, LiarState, Phase, Play, replay
from cardgames.liar.state import PilePlay
from tests.liar.conftest import everywhere

CHRONICLERS = st.sampled_from([(), "both", "colorful", "pale"])
GAMES = st.one_of(
    st.builds(lambda p, c: LiarGame(players=p, decks=1, chroniclers=c), st.integers(2, 4), CHRONICLERS),
    st.builds(lambda p, c: LiarGame(players=p, decks=2, chroniclers=c), st.integers(2, 8), CHRONICLERS),
)
SEEDS = st.integers(0, 2**32)
SETTINGS = dict(derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
SAFETY = 200_000   # decisions; no random game comes anywhere near it


def random_game(game: LiarGame, seed: int, dealer: int = 0, stop_at: int | None = None):
    """Play uniformly random legal actions from the deal of ``seed`` (to the end, or ``stop_at``)."""
    s = game.new_state(seed=seed, dealer=dealer)
    rng = random.Random(seed ^ 0x5EED)
    steps = 0
    while not s.is_over() and (stop_at is None or steps < stop_at):
        s.apply(s.legal_actions().sample(rng))
        steps += 1
        assert steps < SAFETY, "a random game did not end"
    return s


@settings(max_examples=1000, **SETTINGS)
@given(game=GAMES, seed=SEEDS, data=st.data())
def test_every_card_in_exactly_one_place_and_every_game_ends(game, seed, data):
    dealer = data.draw(st.integers(0, game.players - 1))
    s = game.new_state(seed=seed, dealer=dealer)
    deck = Counter(game.deck())
    rng = random.Random(seed)
    steps = 0
    check_every = 3 if game.players <= 4 else 9
    while not s.is_over():
        s.apply(s.legal_actions().sample(rng))
        steps += 1
        assert steps < SAFETY
        if steps % check_every == 0:
            assert everywhere(s) == deck
            assert sum(s.hand_sizes) + s.pile_size + len(s.put_aside) == game.deck_size
    assert everywhere(s) == deck
    out = s.outcome()
    assert out.winner is not None and out.cards_held[out.winner] == 0
    assert out.places[out.winner] == 1 and 0 not in (out.cards_held[:out.winner] + out.cards_held[out.winner + 1:])


@settings(max_examples=400, **SETTINGS)
@given(game=GAMES, seed=SEEDS, cut=st.integers(0, 400))
def test_replay_clone_and_json_round_trip(game, seed, cut):
    s = random_game(game, seed, stop_at=cut)
    again = replay(game, seed, list(s.history))
    assert again == s and again.to_json() == s.to_json()
    assert LiarGame.state_from_json(s.to_json()) == s
    c = s.clone()
    assert c == s
    if not s.is_over():                     # clones are independent
        c.apply(c.legal_actions().sample(random.Random(1)))
        assert c != s and len(c.history) == len(s.history) + 1
        assert replay(game, seed, [str(a) for a in c.history]) == c


def permute_hidden(state: LiarState, p: int, rng: random.Random) -> LiarState:
    """A copy where every card hidden from ``p`` is shuffled among the hidden places."""
    new = state.clone()
    slots: list[tuple] = []
    pool: list[Card] = []
    for q, hand in enumerate(new._hands):
        if q != p:
            for i, c in enumerate(hand):
                slots.append(("hand", q, i))
                pool.append(c)
    for j, e in enumerate(new.pile):
        if e.player != p:
            for i, c in enumerate(e.cards):
                slots.append(("pile", j, i))
                pool.append(c)
    for i, c in enumerate(new.put_aside):
        slots.append(("aside", i))
        pool.append(c)
    rng.shuffle(pool)
    piles = [list(e.cards) for e in new.pile]
    for slot, card in zip(slots, pool):
        if slot[0] == "hand":
            new._hands[slot[1]][slot[2]] = card
        elif slot[0] == "pile":
            piles[slot[1]][slot[2]] = card
        else:
            new.put_aside[slot[1]] = card
    new.pile = [PilePlay(e.number, e.player, tuple(sorted(cs)), e.announced)
                for e, cs in zip(new.pile, piles)]
    return new


@settings(max_examples=600, **SETTINGS)
@given(game=GAMES, seed=SEEDS, cut=st.integers(0, 300), data=st.data())
def test_hidden_cards_do_not_change_the_view(game, seed, cut, data):
    s = random_game(game, seed, stop_at=cut)
    p = data.draw(st.integers(0, game.players - 1))
    other = permute_hidden(s, p, random.Random(seed))
    assert everywhere(other) == everywhere(s)
    assert other.view(p) == s.view(p)
    assert other.view(p).to_dict() == s.view(p).to_dict()
    # the permutation is not a no-op: whoever's hand changed sees it
    for q in range(game.players):
        if q != p and Counter(other.hand(q)) != Counter(s.hand(q)):
            assert other.view(q) != s.view(q)


def illegal_actions(s: LiarState, rng: random.Random) -> list:
    """Some actions the rules refuse in ``s`` (never a legal one)."""
    out: list = []
    if s.is_over():
        return [Play(s.game.deck()[:1]), CALL, PASS]
    legal = s.legal_actions()
    if s.phase is Phase.PLAY:
        hand = Counter(s.hand(s.current_player))
        out += [CALL, PASS, Play(())]
        missing = [c for c in set(s.game.deck()) if hand[c] < 2]
        c = rng.choice(missing)
        out.append(Play([c] * (hand[c] + 1)))
        if sum(hand.values()) >= 5:
            out.append(Play(list(hand.elements())[:5]))
    else:
        me = s.current_player
        own = s.hand(me)
        out.append(Play(own[:1]))
        out.append(("call", (me + 1) % s.game.players if (me + 1) % s.game.players != me else None))
    for a in out:
        if not isinstance(a, tuple):
            assert a not in legal
    return out


@settings(max_examples=120, **SETTINGS)
@given(game=GAMES, seed=SEEDS)
def test_refused_actions_leave_the_state_unchanged(game, seed):
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while True:
        if steps % 11 == 0:
            before = s.to_json()
            for a in illegal_actions(s, rng):
                try:
                    if isinstance(a, tuple):
                        s.apply(a[0], player=a[1])
                    else:
                        s.apply(a)
                except IllegalActionError as e:
                    assert "player" in str(e) or "round is over" in str(e)
                    assert e.rule is not None and e.rule in str(e)
                else:
                    raise AssertionError(f"{a} was accepted in {s!r}")
                assert s.to_json() == before
        if s.is_over() or steps > 300:
            break
        s.apply(s.legal_actions().sample(rng))
        steps += 1


@settings(max_examples=300, **SETTINGS)
@given(game=GAMES, seed=SEEDS)
def test_card_knowledge_is_sound(game, seed):
    """What the odds treat as known is really there, and the claim is always among the unseen."""
    from cardgames.liar import (
        claim_probability, holding_distribution, honest_claim_probability, known_holdings,
        unseen_cards,
    )

    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    checks = 0
    while not s.is_over() and checks < 25:
        if s.phase is Phase.CALL_WINDOW and rng.random() < 0.3:
            claim = s.claim
            for p in range(game.players):
                if p == claim.player:
                    continue
                v = s.view(p)
                known = known_holdings(v)
                for q in range(game.players):
                    if q != p:
                        assert not (known[q] - Counter(s.hand(q))), (q, known[q])
                before = known_holdings(v, before_play=claim.number)[claim.player]
                assert not (before - Counter(s.hand(claim.player)) - Counter(claim.cards))
                unseen = unseen_cards(v)
                assert not (Counter(claim.cards) - unseen)        # the claim is unseen
                hidden = Counter(game.deck())
                hidden.subtract(s.hand(p))
                for e in s.pile:
                    if e.player == p:
                        hidden.subtract(e.cards)
                assert not (unseen - +hidden)
                pr = claim_probability(v)
                assert 0.0 < pr <= 1.0 or (pr == 0.0 and not claim.is_true())
                assert 0.0 <= honest_claim_probability(v) <= 1.0
                dist = holding_distribution(v, claim.announced, exact=True)
                assert sum(dist.values()) == 1
            checks += 1
        s.apply(s.legal_actions().sample(rng))
