"""One conformance suite for the game protocol of :mod:`cardgames.core`, run on both games.

Every test here is written once against the protocol and runs on Liar and
Thirty-One with several sets of options.  Each game walks a seeded random
game to its end; the expensive checks (refusals, clone, JSON, replay) run at
a sample of the positions on the way.
"""

from __future__ import annotations

import enum
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from cardgames import core
from cardgames.errors import (
    ActionParseError,
    ConfigError,
    GameOverError,
    IllegalActionError,
)
from cardgames.liar import LiarGame
from cardgames.thirtyone import ThirtyOneGame


@dataclass(frozen=True)
class Case:
    """A game under test, and texts of actions of that game to try in every position."""

    name: str
    make: Callable[[], Any]
    tries: tuple[str, ...]
    new_state_kw: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return self.name


_LIAR_TRIES = ("call", "pass", "play 7H", "play 7H 8H", "play 7H 8H 9H 10H UH", "play *C",
               "keep", "fold", "")
_TO_TRIES = ("keep", "exchange", "pass", "reveal", "stand", "swap all", "swap 7H AB",
             "swap AH 7B", "call", "fold", "")

CASES = [
    Case("liar-2", lambda: LiarGame(players=2), _LIAR_TRIES),
    Case("liar-4-chroniclers", lambda: LiarGame(players=4, chroniclers="both"), _LIAR_TRIES),
    Case("liar-5-two-decks", lambda: LiarGame(players=5, decks=2, chroniclers="both",
                                              tie_places="dense"), _LIAR_TRIES),
    Case("liar-3-cap", lambda: LiarGame(players=3, max_plays=6), _LIAR_TRIES),
    Case("thirtyone-2", lambda: ThirtyOneGame(players=2, lives=1), _TO_TRIES),
    Case("thirtyone-4-chronicler", lambda: ThirtyOneGame(players=4, chronicler=True, lives=0),
         _TO_TRIES),
    Case("thirtyone-3-cap", lambda: ThirtyOneGame(players=3, turn_cap=2, lives=1), _TO_TRIES),
    Case("thirtyone-3-single", lambda: ThirtyOneGame(players=3), _TO_TRIES,
         (("single_deal", True),)),
]
SEEDS = (3, 11)
MAX_STEPS = 4000
CHECK_EVERY = 5
KEEP = 16


@pytest.fixture(params=CASES, ids=str)
def case(request: pytest.FixtureRequest) -> Case:
    return request.param


def new_state(case: Case, seed: int, dealer: int = 0) -> Any:
    return case.make().new_state(seed=seed, dealer=dealer, **dict(case.new_state_kw))


def walk(case: Case, seed: int, dealer: int = 0) -> tuple[Any, list[Any]]:
    """Play a random game from ``seed``; return the final state and the states on the way (clones)."""
    state = new_state(case, seed, dealer)
    rng = random.Random(seed * 7919 + dealer)
    seen = []
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        if step % CHECK_EVERY == 0:
            seen.append(state.clone())
        state.apply(state.legal_actions().sample(rng))
    assert state.is_over(), f"{case}: not over after {MAX_STEPS} random actions"
    if len(seen) > KEEP:      # evenly spaced positions, the first and the last kept
        seen = [seen[i * (len(seen) - 1) // (KEEP - 1)] for i in range(KEEP)]
    return state, seen


_WALKS: dict[tuple[str, int, int], tuple[Any, list[Any]]] = {}


def walked(case: Case, seed: int, dealer: int = 0) -> tuple[Any, list[Any]]:
    key = (case.name, seed, dealer)
    if key not in _WALKS:
        _WALKS[key] = walk(case, seed, dealer)
    final, seen = _WALKS[key]
    return final.clone(), [s.clone() for s in seen]


# ---------------------------------------------------------------- types and construction
def test_game_state_and_parts_are_instances_of_the_core_protocols(case: Case) -> None:
    game = case.make()
    assert isinstance(game, core.Game)
    state = new_state(case, 1)
    assert isinstance(state, core.State)
    assert isinstance(state.legal_actions(), core.LegalActions)
    assert isinstance(state.view(0), core.View)
    assert isinstance(state.phase, enum.Enum)
    assert state.outcome() is None and not state.is_over()
    final, _ = walked(case, SEEDS[0])
    assert isinstance(final.outcome(), core.Outcome)
    assert all(isinstance(a, core.Action) for a in final.history)
    assert all(isinstance(e.describe(), str) and e.describe() for e in final.events)


def test_phase_is_exported_from_the_game_package_with_an_over_member(case: Case) -> None:
    import importlib

    state = new_state(case, 1)
    package = importlib.import_module(type(state).__module__.rsplit(".", 1)[0])
    phase_module = importlib.import_module(package.__name__ + ".phase")
    assert package.Phase is phase_module.Phase is type(state.phase)
    assert walked(case, SEEDS[0])[0].phase is package.Phase.OVER


@pytest.mark.parametrize("seed", ["abc", True, 1.5, None, "1"])
def test_new_state_refuses_a_seed_that_is_not_a_whole_number(case: Case, seed: Any) -> None:
    with pytest.raises(ConfigError, match="seed"):
        case.make().new_state(seed=seed)


@pytest.mark.parametrize("dealer", [True, -1, 9, "0"])
def test_new_state_refuses_a_dealer_that_is_not_a_seat(case: Case, dealer: Any) -> None:
    with pytest.raises(ConfigError):
        case.make().new_state(seed=1, dealer=dealer)


def test_same_seed_same_deal_other_seed_other_deal(case: Case) -> None:
    assert new_state(case, 5).to_json() == new_state(case, 5).to_json()
    assert new_state(case, 5).to_json() != new_state(case, 6).to_json()


# ---------------------------------------------------------------- legal actions
def test_legal_actions_iterate_len_in_and_parse_agree_everywhere(case: Case) -> None:
    for seed in SEEDS:
        state = new_state(case, seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over():
            legal = state.legal_actions()
            if steps % 3:                    # the full check at every third position
                state.apply(legal.sample(rng))
                steps += 1
                continue
            actions = list(legal)
            assert len(actions) == len(legal) >= 1
            assert len(set(actions)) == len(actions), "each legal action once"
            for a in actions[:: max(1, len(actions) // 8)]:
                assert a in legal and str(a) in legal
                assert type(a).parse(str(a)) == a and hash(type(a).parse(str(a))) == hash(a)
            assert isinstance(legal.summary(), str) and legal.summary()
            pick = legal.sample(rng)
            assert pick in legal
            state.apply(pick)
            steps += 1
        legal = state.legal_actions()
        assert len(legal) == 0 and list(legal) == []
        assert state.current_player is None


def _critical_chi2(df: int, z: float = 3.719) -> float:
    """The chi-square quantile at p = 1e-4 (z = 3.719), Wilson-Hilferty approximation."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_sample_is_uniform_over_the_legal_actions(case: Case) -> None:
    """A seeded chi-square test at a few positions with 2-40 legal actions."""
    _, seen = walked(case, SEEDS[0])
    positions = [s for s in seen if 2 <= len(s.legal_actions()) <= 40][:3]
    assert positions
    for state in positions:
        legal = state.legal_actions()
        k = len(legal)
        n = 150 * k
        rng = random.Random(12345)
        counts = Counter(legal.sample(rng) for _ in range(n))
        assert set(counts) == set(legal), "every legal action is drawn, nothing else"
        stat = sum((counts[a] - n / k) ** 2 / (n / k) for a in legal)
        assert stat < _critical_chi2(k - 1), (state, counts)


def test_sample_uses_only_the_given_rng(case: Case) -> None:
    _, seen = walked(case, SEEDS[1])
    for state in seen[:5]:
        legal = state.legal_actions()
        a = [legal.sample(random.Random(9)) for _ in range(3)]
        random.seed(1)
        b = [legal.sample(random.Random(9)) for _ in range(3)]
        assert a == b


# ---------------------------------------------------------------- apply and refusals
def _refuse(state: Any, action: Any, **kw: Any) -> BaseException:
    before = state.to_json()
    history = list(state.history)
    with pytest.raises((IllegalActionError, ActionParseError)) as info:
        state.apply(action, **kw)
    assert state.to_json() == before, f"a refused {action!r} changed the state"
    assert list(state.history) == history
    err = info.value
    assert isinstance(err, ValueError)
    assert err.reason, f"no reason on {err!r}"
    assert err.legal, f"no legal on {err!r}"
    return err


def test_every_tried_action_is_applied_if_legal_and_refused_unchanged_if_not(case: Case) -> None:
    for seed in SEEDS:
        final, seen = walked(case, seed)
        for state in [*seen, final]:
            legal = state.legal_actions()
            for text in case.tries:
                if text in legal:
                    copy = state.clone()
                    copy.apply(text)
                    assert copy.history[-1] == type(copy.history[-1]).parse(text)
                else:
                    err = _refuse(state, text)
                    if isinstance(err, IllegalActionError):
                        assert err.rule, f"{text!r} refused without a rule: {err}"
                        assert err.action is not None


def test_apply_by_a_player_who_is_not_to_act_is_refused_with_the_rule(case: Case) -> None:
    _, seen = walked(case, SEEDS[0])
    for state in seen[:8]:
        p = state.current_player
        n = state.game.players
        action = next(iter(state.legal_actions()))
        for wrong in [q for q in range(n) if q != p][:2]:
            err = _refuse(state, action, player=wrong)
            assert isinstance(err, IllegalActionError) and err.rule and err.player == wrong
            assert f"player {p}" in str(err)
        for bad in (True, -1, n, "0"):
            err = _refuse(state, action, player=bad)
            assert isinstance(err, IllegalActionError)
        copy = state.clone()
        copy.apply(action, player=p)          # the right player is accepted
        assert copy.history[-1] == action


def test_after_the_end_every_action_is_a_game_over_error(case: Case) -> None:
    final, _ = walked(case, SEEDS[0])
    for text in case.tries[:4]:
        err = _refuse(final, text)
        assert isinstance(err, (GameOverError, ActionParseError))
    err = _refuse(final, final.history[-1])
    assert isinstance(err, GameOverError) and err.legal == "nothing"


# ---------------------------------------------------------------- views
def test_views_have_the_player_and_public_facts_and_refuse_non_seats(case: Case) -> None:
    _, seen = walked(case, SEEDS[0])
    for state in seen[:6]:
        n = state.game.players
        for p in range(n):
            v = state.view(p)
            assert isinstance(v, core.View)
            assert v.player == p and v.current_player == state.current_player
            assert v.phase == state.phase
            json.dumps(v.to_dict())
        for bad in (True, False, -1, n, "0", 1.0):
            with pytest.raises(ValueError):
                state.view(bad)


def test_a_view_does_not_change_when_only_hidden_cards_differ(case: Case) -> None:
    """Two different deals: a seat's view depends on its own cards, never on the seed."""
    a, b = new_state(case, 21), new_state(case, 22)
    va, vb = a.view(1).to_dict(), b.view(1).to_dict()
    assert "seed" not in json.dumps(va) and "rng" not in va
    assert va != vb          # the own hand differs


# ---------------------------------------------------------------- clone, JSON, replay
def test_clone_is_equal_independent_and_continues_identically(case: Case) -> None:
    _, seen = walked(case, SEEDS[1])
    for state in seen[:6]:
        copy = state.clone()
        assert copy == state and copy.to_json() == state.to_json()
        before = state.to_json()
        rng1, rng2 = random.Random(4), random.Random(4)
        for _ in range(5):
            if copy.is_over():
                break
            copy.apply(copy.legal_actions().sample(rng1))
        assert state.to_json() == before, "changing the clone changed the original"
        for _ in range(len(copy.history) - len(state.history)):
            state.apply(state.legal_actions().sample(rng2))
        assert state.to_json() == copy.to_json()


def test_json_round_trip_is_equal_and_plays_on_identically(case: Case) -> None:
    final, seen = walked(case, SEEDS[0])
    for state in [*seen[:6], final]:
        text = state.to_json()
        back = type(state.game).state_from_json(text)
        assert back == state and back.to_json() == text
        assert json.loads(text)["version"] >= 1 if "version" in json.loads(text) else True
        if not state.is_over():
            a = state.legal_actions().sample(random.Random(1))
            state.apply(a)
            back.apply(str(a))
            assert back == state


def test_json_version_is_written_and_a_newer_one_is_refused_by_number(case: Case) -> None:
    state = new_state(case, 1)
    data = json.loads(state.to_json())
    assert isinstance(data.get("version"), int) and data["version"] >= 1
    data["version"] += 1
    with pytest.raises(ValueError, match=str(data["version"])):
        type(state.game).state_from_json(json.dumps(data))


@pytest.mark.parametrize("dealer", [0, 1])
def test_replay_of_the_history_gives_the_same_state(case: Case, dealer: int) -> None:
    final, seen = walked(case, SEEDS[0], dealer)
    game = case.make()
    kw = dict(case.new_state_kw)
    assert game.replay(SEEDS[0], final.history, dealer=dealer, **kw) == final
    assert game.replay(SEEDS[0], [str(a) for a in final.history], dealer=dealer, **kw) == final
    mid = seen[len(seen) // 2]
    assert game.replay(SEEDS[0], mid.history, dealer=dealer, **kw) == mid


# ---------------------------------------------------------------- outcome
def test_outcome_has_the_one_shape(case: Case) -> None:
    for seed in SEEDS:
        final, _ = walked(case, seed)
        out = final.outcome()
        n = final.game.players
        assert isinstance(out.winners, tuple) and all(type(w) is int for w in out.winners)
        assert len(set(out.winners)) == len(out.winners) and set(out.winners) <= set(range(n))
        assert isinstance(out.places, tuple) and len(out.places) == n
        assert all(type(p) is int and 1 <= p <= n for p in out.places)
        assert min(out.places) == 1
        assert all(out.places[w] == 1 for w in out.winners)
        assert isinstance(out.returns, tuple) and len(out.returns) == n
        assert all(type(r) is float for r in out.returns)
        if out.winners:
            best = max(out.returns)
            assert all(out.returns[w] == best for w in out.winners)
        # a better place never has a smaller return
        for p in range(n):
            for q in range(n):
                if out.places[p] < out.places[q]:
                    assert out.returns[p] >= out.returns[q]
        assert isinstance(out.reason, str) and out.reason and " " not in out.reason
        # ties share the better place: the number of seats placed better than a seat
        for p in range(n):
            better = sum(1 for q in range(n) if out.places[q] < out.places[p])
            assert out.places[p] in (better + 1, 1 + len({out.places[q] for q in range(n)
                                                           if out.places[q] < out.places[p]}))


# ---------------------------------------------------------------- the one agent loop
class _Stubborn:
    """An agent that always says the same text, legal or not."""

    name = "stubborn"
    needs_view = False

    def __init__(self, text: str) -> None:
        self.text = text

    def act(self, view: Any, legal: Any, rng: random.Random) -> str:
        return self.text


def _liar_match(agents: list[Any]) -> Any:
    from cardgames.liar import LiarMatch

    return LiarMatch(LiarGame(players=2), seed=3, rounds=1).play(agents)


def _thirtyone_self_play(agents: list[Any]) -> Any:
    from cardgames.thirtyone import self_play

    return self_play(ThirtyOneGame(players=2), agents, seed=3)


@pytest.mark.parametrize("loop, text", [(_liar_match, "call"), (_thirtyone_self_play, "stand")])
def test_a_refused_bot_action_is_an_agent_error_naming_bot_seat_and_action(loop: Any,
                                                                          text: str) -> None:
    from cardgames.agents import RandomAgent
    from cardgames.errors import AgentError

    with pytest.raises(AgentError) as info:
        loop([_Stubborn(text), RandomAgent()])
    err = info.value
    assert err.agent == "stubborn" and err.player == 0 and str(err.action) == text
    assert "stubborn" in str(err) and "seat 0" in str(err) and err.rule
    assert isinstance(err.__cause__, IllegalActionError)


def test_match_and_self_play_give_each_seat_its_own_agent_rng() -> None:
    """The one RNG scheme: seat s of the game with seed k gets ``agent_rng(k, s)``."""
    from cardgames.play import agent_rng
    from cardgames.thirtyone import self_play

    class Recorder:
        name = "recorder"
        needs_view = False

        def __init__(self) -> None:
            self.draws: list[float] = []

        def act(self, view: Any, legal: Any, rng: random.Random) -> Any:
            self.draws.append(rng.random())
            return legal.sample(rng)

    bots = [Recorder(), Recorder()]
    self_play(ThirtyOneGame(players=2), bots, seed=8, single_deal=True)
    for seat, bot in enumerate(bots):      # each bot's first draw is its seat's first number
        assert bot.draws and bot.draws[0] == agent_rng(8, seat).random()


# ---------------------------------------------------------------- each game's documented returns
def test_liar_returns_are_the_rounds_points_by_place() -> None:
    """R-L10 by hand: player 0 goes out; 2 cards beat 3 cards."""
    game = LiarGame(players=3, points=(5, 2, 0))
    s = game.state_from_position(hands=["7H", "8H 9H", "10H UH OH"], current_player=0)
    for a in ("play 7H", "pass", "pass"):
        s.apply(a)
    out = s.outcome()
    assert (out.winners, out.places, out.points, out.cards_held) == ((0,), (1, 2, 3), (5, 2, 0),
                                                                     (0, 2, 3))
    assert out.returns == (5.0, 2.0, 0.0) and out.reason == "went_out" and out.winner == 0


def test_liar_cap_has_no_winner_and_places_by_cards() -> None:
    s = LiarGame(players=2, max_plays=1).state_from_position(hands=["7H 8H", "9H"],
                                                              current_player=0)
    s.apply("play 7H")
    s.apply("pass")
    out = s.outcome()
    assert out.winners == () and out.winner is None and out.reason == "cap"
    assert out.places == (1, 1) and out.returns == (4.0, 4.0)   # 1 card each: a shared 1st


def test_thirtyone_single_deal_places_by_score_and_the_win_is_worth_one() -> None:
    """T11 by hand: AH KH 9H = 30, UB OB 9B = 29 (bells), 7B 8L 9A = 0 (no suit reaches 21)."""
    s = ThirtyOneGame(players=3).state_from_position(
        hands=["AH KH 9H", "7B 8L 9A", "UB OB 9B"], table="10A UA OA", single_deal=True)
    for a in ("reveal", "stand", "stand"):          # seat 1 reveals; 2 and 0 stand (R-T6)
        s.apply(a)
    out = s.outcome()
    assert out.last_deal.scores == (30.0, 0.0, 29.0)
    assert out.winners == (0,) and out.places == (1, 3, 2)
    assert out.returns == (1.0, 0.0, 0.0) and out.reason == "best_hand"


def test_thirtyone_game_places_by_the_deal_a_seat_went_out_in() -> None:
    game = ThirtyOneGame(players=3, lives=0)
    s = game.state_from_position(hands=["AH KH 9H", "7B 8L 9A", "UB OB 9B"], table="10A UA OA")
    for a in ("reveal", "stand", "stand"):          # seat 1 scores lowest with no life: out
        s.apply(a)
    assert s.out == (False, True, False)
    rng = random.Random(2)
    while not s.is_over():
        s.apply(s.legal_actions().sample(rng))
    out = s.outcome()
    assert out.places[1] == 3                      # out first, in deal 1
    if len(out.winners) == 1:                      # the other went out later: place 2
        assert sorted(out.places) == [1, 2, 3] and out.reason == "last_player"
        assert sorted(out.returns) == [0.0, 0.0, 1.0]
    else:                                          # seats 0 and 2 went out together (R-T8)
        assert out.places == (1, 3, 1) and out.reason == "all_out"
        assert out.returns == (0.5, 0.0, 0.5)


def test_a_refusal_for_the_wrong_player_names_none_of_the_cards_of_the_player_to_act(
        case: Case) -> None:
    """R-L11, R-T9: the message goes to the player who tried, not the one to act."""
    _, seen = walked(case, SEEDS[1])
    for state in seen[:8]:
        p = state.current_player
        wrong = (p + 1) % state.game.players
        for text in ("call", "pass", "reveal"):
            try:
                state.apply(text, player=wrong)
            except (IllegalActionError, ActionParseError) as e:
                shown = f"{e} {e.reason} {e.legal}"
                for example in ("'swap 7H AB'", "'play 7H 7B'"):   # the forms' examples
                    shown = shown.replace(example, "")
            else:  # pragma: no cover - the wrong player is always refused
                raise AssertionError("applied for the wrong player")
            for card in state.hand(p):
                assert str(card) not in shown.split(), (card, shown)
