"""Sessions (cardgames.session): seats, views, acts, marks, bots, matches, saves, the teacher's replay.

Expected values come from a second method: a session of bots must play the
games that ``play_match`` / ``play_game`` play (the one agent loop, the seed
scheme of ``cardgames.seeds``); what a seat may know is checked against the
state's real hands (R-L11, R-T9); a stale or refused action must leave the
session's JSON byte for byte as it was.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading

import pytest

from cardgames import registry
from cardgames.cards import Card
from cardgames.errors import (
    ActionParseError,
    ConfigError,
    IllegalActionError,
    StaleActionError,
)
from cardgames.liar import LiarGame, LiarMatch
from cardgames.liar import Revealed as LiarRevealed
from cardgames.play import play_game, play_match
from cardgames.seeds import agent_rng, match_seed, rng_state, round_seed
from cardgames.session import MAX_BOT_STEPS, Seat, Session
from cardgames.thirtyone import ThirtyOneGame
from tests.widgets.hidden import find_card

LIAR_BOTS = ("heuristic", "random", "caller")
T31_BOTS = ("heuristic", "random", "expert")


def bots(*names: str) -> list[Seat]:
    return [Seat.bot(n) for n in names]


def with_human(game: str, names: tuple[str, ...], **kw: object) -> Session:
    return Session.new(game, seats=[Seat.human("Ana"), *bots(*names)], **kw)  # type: ignore[arg-type]


def play_human(s: Session, rng: random.Random, *, moves: int) -> None:
    """The human (seat 0) picks uniformly among the legal actions; the bots answer."""
    for _ in range(moves):
        s.run_bots()
        if s.to_act is None:
            if s.match_over:
                return
            s.next_game()
            continue
        legal = s.view(0).legal
        s.act(0, legal[rng.randrange(len(legal))], mark=s.mark)


# ---------------------------------------------------------------- seats and set-up


def test_seats():
    assert Seat.human("Ana") == Seat("human", "Ana", None)
    assert Seat.bot("caller") == Seat("bot", "caller", "caller")
    assert Seat.bot("expert", name="Eva").name == "Eva" and Seat.bot("expert", "Eva").bot == "expert"
    assert Seat.remote("Ivo").kind == "remote" and Seat.remote("Ivo").bot is None
    for bad in [("robot", "x", None), ("human", "", None), ("human", "x" * 41, None),
                ("human", "x", "heuristic"), ("bot", "x", None), ("remote", 3, None)]:
        with pytest.raises(ConfigError):
            Seat(*bad)
    with pytest.raises(AttributeError):
        Seat.human("Ana").name = "Eva"                       # frozen


def test_new_checks_its_arguments():
    with pytest.raises(ConfigError, match="unknown game"):
        Session.new("chess", seats=bots("random", "random"), seed=1)
    with pytest.raises(ConfigError, match="unknown bot 'caller' for thirty-one"):
        Session.new("thirty-one", seats=bots("random", "caller"), seed=1)
    with pytest.raises(ConfigError, match="R-L2"):            # 5 players need two decks
        Session.new("liar", seats=bots(*["random"] * 5), seed=1)
    Session.new("liar", seats=bots(*["random"] * 5), seed=1, options={"decks": 2})
    with pytest.raises(ConfigError, match="R-T8"):            # the table's lives limit
        Session.new("thirty-one", seats=bots("random", "random"), seed=1, options={"lives": 10})
    with pytest.raises(ConfigError, match="players=3 but 2 seats"):
        Session.new("liar", seats=bots("random", "random"), seed=1, options={"players": 3})
    with pytest.raises(ConfigError, match="seed"):
        Session.new("liar", seats=bots("random", "random"), seed="7")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="Seat.human"):
        Session.new("liar", seats=["random", "random"], seed=1)  # type: ignore[list-item]


# ---------------------------------------------------------------- the same games as play.py


def finish(s: Session) -> None:
    while True:
        s.run_bots()
        if s.match_over:
            return
        s.next_game()


def test_a_liar_session_of_bots_is_play_match():
    s = Session.new("liar", seats=bots(*LIAR_BOTS), seed=9, options={"rounds": 3})
    finish(s)
    info = registry.get("liar")
    rec = play_match(LiarMatch(LiarGame(players=3), seed=9, rounds=3),
                     [info.make_bot(n) for n in LIAR_BOTS])
    assert s.view(1).points == rec.scores
    assert len(s.replay()) == rec.decisions + 3               # one frame per action and deal
    # round i: seed round_seed(9, i), dealt by seat i (R-L1)
    assert [(g.seed, g.dealer) for g in s._games] == [(round_seed(9, i), i) for i in range(3)]


def test_a_thirty_one_session_of_bots_is_play_game():
    s = Session.new("thirty-one", seats=bots(*T31_BOTS), seed=4)
    s.run_bots()
    info = registry.get("thirty-one")
    rec = play_game(ThirtyOneGame(players=3), [info.make_bot(n) for n in T31_BOTS], seed=4)
    assert tuple(s.state.history) == rec.history and s.state.outcome() == rec.outcome
    assert s.over and s.match_over and s.to_act is None and s.view(0).legal == ()


def test_next_matches_take_the_next_seed():
    s = Session.new("thirty-one", seats=bots("random", "random"), seed=4)
    with pytest.raises(IllegalActionError, match="T13"):
        s.next_game()                                         # not over: nothing happens
    assert s.mark == 0
    s.run_bots()
    s.next_game()
    assert s.state.seed == match_seed(4, 1) != 4 and s.view(0).match == 1
    assert s.state == ThirtyOneGame(players=2).new_state(seed=match_seed(4, 1))
    lr = Session.new("liar", seats=bots("random", "random"), seed=2, options={"rounds": 1})
    finish(lr)
    assert lr.view(0).points != (0, 0)
    lr.next_game()                                            # a new match: points from 0
    assert lr.view(0).points == (0, 0) and lr.view(0).round == 1
    assert lr.state.seed == round_seed(match_seed(2, 1), 0)


def test_a_single_round_or_deal_with_match_false():
    s = Session.new("liar", seats=bots("random", "random"), seed=5, match=False)
    s.run_bots()
    rec = play_game(LiarGame(players=2), [registry.get("liar").make_bot("random")] * 2, seed=5)
    assert tuple(s.state.history) == rec.history and s.match_over
    t = Session.new("thirty-one", seats=bots("random", "random"), seed=5, match=False)
    t.run_bots()
    assert t.over and len(t.state.results) == 1


def test_the_match_progression_in_the_view():
    s = Session.new("liar", seats=bots("random", "random"), seed=3, options={"rounds": 2})
    v = s.view(0)
    assert (v.round, v.rounds, v.points, v.places, v.lives) == (1, 2, (0, 0), (), ())
    s.run_bots()
    v = s.view(1)
    out = s.state.outcome()
    assert v.over and not v.match_over and v.points == out.points and v.places == (out.places,)
    s.next_game()
    assert s.view(0).round == 2 and s.view(0).points == out.points
    endless = Session.new("liar", seats=bots("random", "random"), seed=3,
                          options={"rounds": None})
    assert endless.view(0).rounds is None and not endless.match_over
    t = Session.new("thirty-one", seats=bots("random", "random"), seed=3, options={"lives": 1})
    assert t.view(0).lives == (1, 1) and t.view(0).round == 1 and t.view(0).rounds is None


def test_auto_next_deals_the_next_round():
    s = Session.new("liar", seats=bots("random", "random"), seed=3, options={"rounds": 2},
                    auto_next=True)
    s.run_bots(limit=MAX_BOT_STEPS)
    assert s.match_over and len(s._games) == 2


# ---------------------------------------------------------------- what a seat may know


def _seat_strings(s: Session, seat: int) -> list[str]:
    sv = s.view(seat)
    events, _ = s.events_since(seat, 0)
    return [json.dumps(sv.to_dict()), repr(sv), *sv.legal,
            *(e.describe() for e in events), *(repr(e) for e in events)]


def _liar_hidden(s: Session, seat: int) -> set[Card]:
    """R-L11: every card but my hand, my own plays and the cards turned over after calls."""
    state = s.state
    known = set(state.hand(seat))
    known |= {c for p in state.own_plays(seat) for c in p.cards}
    known |= {c for e in state.events if isinstance(e, LiarRevealed) for c in e.cards}
    return set(state.game.deck()) - known


def _thirty_one_hidden(s: Session, seat: int) -> set[Card]:
    """R-T9: every card but my hand, the table and the cards the public log has shown."""
    state = s.state
    known = set(state.hand(seat)) | set(state.view(seat).table)
    for e in state.events:
        for name in ("to_table", "from_table", "hand", "table"):
            known |= set(getattr(e, name, ()) or ())
    return set(state.game.deck()) - known


@pytest.mark.parametrize("game", ["liar", "thirty-one"])
def test_a_view_holds_no_other_seats_hand(game):
    names = LIAR_BOTS if game == "liar" else T31_BOTS
    s = with_human(game, names, seed=8)
    hidden_of = _liar_hidden if game == "liar" else _thirty_one_hidden
    rng = random.Random(1)
    for step in range(12):
        for seat in range(4):
            sv = s.view(seat)
            assert sorted(sv.view.hand) == sorted(s.state.hand(seat))
            others = {c for q in range(4) if q != seat for c in s.state.hand(q)}
            hidden = hidden_of(s, seat)
            leaks = [(c, hit) for c in hidden for hit in find_card(c, _seat_strings(s, seat))]
            assert not leaks, (game, step, seat, leaks[:3])
            if step == 0:                                     # at the deal: no other dealt hand
                assert others <= hidden
        play_human(s, rng, moves=1)


def test_legal_is_for_the_seat_to_act_only():
    s = with_human("thirty-one", ("random", "random"), seed=1)
    assert s.to_act == 0
    assert s.view(0).legal == tuple(str(a) for a in s.state.legal_actions())
    assert s.view(1).legal == () and s.view(1).my_turn is False and s.view(0).my_turn


# ---------------------------------------------------------------- acting


@pytest.mark.parametrize("game", ["liar", "thirty-one"])
def test_act_is_validated_by_the_engine_and_changes_nothing_when_refused(game):
    s = Session.new(game, seats=[Seat.human("Ana"), Seat.remote("Ivo")], seed=6)
    rng = random.Random(2)
    for _ in range(3):                  # a few moves in: a call window in Liar (R-L5)
        s.act(s.to_act, rng.choice(s.view(s.to_act).legal))
    me = s.to_act
    other = 1 - me
    before, mark = s.to_json(), s.mark
    # the engine's own refusal: the same error the state gives for the same move
    twin = type(s.state.game).state_from_json(s.state.to_json())  # type: ignore[attr-defined]
    legal = s.view(me).legal[0]
    with pytest.raises(IllegalActionError) as engine:
        twin.apply(legal, player=other)
    with pytest.raises(IllegalActionError) as ours:
        s.act(other, legal)
    assert type(ours.value) is type(engine.value) and str(ours.value) == str(engine.value)
    assert ours.value.rule == engine.value.rule and ours.value.rule
    with pytest.raises(ActionParseError):
        s.act(me, "dance")
    with pytest.raises(IllegalActionError):
        s.act(9, legal)                                       # not a seat
    assert s.to_json() == before and s.mark == mark
    events = s.act(me, legal, mark=mark)
    assert s.mark == mark + 1 and events and str(s.state.history[-1]) == legal


def test_a_bot_seat_cannot_be_played_by_hand():
    s = Session.new("thirty-one", seats=[Seat.bot("random"), Seat.human("Ana")], seed=1)
    assert s.to_act == 0
    with pytest.raises(IllegalActionError, match="played by a bot"):
        s.act(0, s.state.legal_actions().__iter__().__next__())
    assert s.mark == 0


def test_a_stale_mark_is_refused_and_changes_nothing():
    s = with_human("liar", ("random", "random"), seed=2)
    s.run_bots()
    old = s.mark
    s.act(0, s.view(0).legal[0], mark=old)
    s.run_bots()
    while s.to_act != 0:
        s.run_bots()
        if s.over:
            s.next_game()
    before = s.to_json()
    with pytest.raises(StaleActionError) as e:
        s.act(0, s.view(0).legal[0], mark=old)
    assert e.value.rule == "R-L5" and e.value.mark == old and e.value.current == s.mark
    assert "moved on" in str(e.value) and isinstance(e.value, IllegalActionError)
    assert s.to_json() == before
    with pytest.raises(ConfigError):
        s.act(0, s.view(0).legal[0], mark="3")  # type: ignore[arg-type]


def _racing_session() -> tuple[Session, int, list[str]]:
    s = with_human("thirty-one", ("heuristic", "heuristic"), seed=5)
    return s, s.mark, list(s.view(0).legal)


def test_concurrent_threads_with_one_mark_apply_one_action():
    for _ in range(5):
        s, mark, legal = _racing_session()
        barrier = threading.Barrier(8)
        results: list[object] = []

        def go(k: int) -> None:
            barrier.wait()
            try:
                s.act(0, legal[k % len(legal)], mark=mark)
                results.append("ok")
            except StaleActionError:
                results.append("stale")

        threads = [threading.Thread(target=go, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        assert results.count("ok") == 1 and results.count("stale") == 7
        assert len(s.state.history) == 1 and s.mark == mark + 1


def test_concurrent_asyncio_tasks_with_one_mark_apply_one_action():
    s, mark, legal = _racing_session()

    async def one(k: int) -> str:
        try:
            if k % 2:      # half of them from worker threads, half on the loop itself
                await asyncio.to_thread(s.act, 0, legal[k % len(legal)], mark=mark)
            else:
                await asyncio.sleep(0)
                s.act(0, legal[k % len(legal)], mark=mark)
            return "ok"
        except StaleActionError:
            return "stale"

    async def main() -> list[str]:
        return await asyncio.gather(*(one(k) for k in range(10)))

    results = asyncio.run(main())
    assert results.count("ok") == 1 and results.count("stale") == 9
    assert len(s.state.history) == 1 and s.mark == mark + 1


# ---------------------------------------------------------------- events and cursors


@pytest.mark.parametrize("game", ["liar", "thirty-one"])
def test_events_since_is_a_per_seat_cursor(game):
    s = with_human(game, ("random", "random"), seed=11, options={"rounds": 2}
                   if game == "liar" else {})
    seen: list[object] = []
    first, mark = s.events_since(0)
    seen += first
    assert mark == 0 and first == list(s.state.events)        # the deal's events
    assert s.events_since(0) == ([], 0)                       # nothing new since
    rng = random.Random(3)
    while not s.match_over:
        play_human(s, rng, moves=1)
        new, mark = s.events_since(0)
        assert mark == s.mark
        seen += new
        # an explicit mark gives the same tail again, and does not lose anything
        assert s.events_since(1, 0)[0] == seen[len(first):]
    # everything seat 0 was given is the public log of every game, in order, and what the
    # engine's own view shows a seat of it (the current deal's events) is its end (R-L11, R-T9)
    assert seen == [e for g in s._games for e in g.events]
    for seat in range(3):
        shown = list(s.state.view(seat).events)
        assert shown and seen[-len(shown):] == shown
    with pytest.raises(ConfigError, match="mark"):
        s.events_since(0, s.mark + 1)
    with pytest.raises(ConfigError, match="mark"):
        s.events_since(0, -1)


def test_events_of_one_action_come_back_once():
    s = with_human("thirty-one", ("random",), seed=2)
    assert s.events_since(0, 0) == ([], 0)        # the deal's events come before mark 0
    events = s.act(0, s.view(0).legal[0], mark=s.mark)
    assert s.events_since(0)[0] == events
    assert s.events_since(0)[0] == []


# ---------------------------------------------------------------- saving and resuming


@pytest.mark.parametrize("game", ["liar", "thirty-one"])
def test_save_mid_match_resumes_exactly_bots_included(game):
    names = LIAR_BOTS if game == "liar" else T31_BOTS
    options = {"rounds": 3} if game == "liar" else {}
    s = with_human(game, names, seed=21, options=options)
    rng = random.Random(7)
    play_human(s, rng, moves=25 if game == "liar" else 6)
    assert not s.match_over and s.mark > 0
    s.events_since(2)                                         # a cursor to keep
    saved = s.to_json()
    r = Session.from_json(saved)
    assert r.to_json() == saved and r.state == s.state and r.mark == s.mark
    assert r.view(0) == s.view(0)
    # the bots' generators were saved in their drawn state, not dealt again
    seat = 1
    fresh = rng_state(agent_rng(s.state.seed, seat))  # type: ignore[attr-defined]
    assert json.loads(saved)["rngs"][seat] != fresh or not s.state.history
    # the same human moves give the same future, the bots' decisions included
    for session in (s, r):
        play_human(session, random.Random(99), moves=400)
    assert r.match_over and s.match_over
    assert r.to_json() == s.to_json()
    assert [g.history for g in r._games] == [g.history for g in s._games]


def test_a_resumed_session_keeps_the_seats_cursors():
    s = with_human("thirty-one", ("random",), seed=3)
    s.events_since(0)
    s.act(0, s.view(0).legal[0])
    r = Session.from_json(s.to_json())
    assert r.events_since(0) == s.events_since(0)


@pytest.mark.parametrize("text", ["", "[]", '{"format": "cardgames-session", "version": 99}',
                                  '{"format": "other", "version": 1}',
                                  '{"format": "cardgames-session", "version": 1}'])
def test_from_json_refuses_what_is_not_a_session(text):
    with pytest.raises(ConfigError):
        Session.from_json(text)


def test_from_json_refuses_a_broken_state_or_generator():
    s = with_human("thirty-one", ("random",), seed=3)
    data = json.loads(s.to_json())
    broken = dict(data, games=[dict(data["games"][0], state='{"format": 1}')])
    with pytest.raises(ConfigError, match="not a saved session"):
        Session.from_json(json.dumps(broken))
    with pytest.raises(ConfigError, match="random generator"):
        Session.from_json(json.dumps(dict(data, rngs=[[3, [1], None]] * 2)))
    with pytest.raises(ConfigError):
        Session.from_json(json.dumps(dict(data, seats=[{"kind": "bot", "name": "x",
                                                         "bot": "nobody"}] * 2)))


def test_from_json_refuses_a_tampered_mark():
    s = with_human("thirty-one", ("random",), seed=3)
    s.act(0, s.view(0).legal[0])
    data = json.loads(s.to_json())
    data["mark"] += 1
    with pytest.raises(ConfigError, match="disagree"):
        Session.from_json(json.dumps(data))


# ---------------------------------------------------------------- the teacher's replay


@pytest.mark.parametrize("game", ["liar", "thirty-one"])
def test_replay_is_every_state_with_every_hand(game):
    s = with_human(game, ("heuristic", "random"), seed=13,
                   options={"rounds": 2} if game == "liar" else {})
    play_human(s, random.Random(5), moves=300)
    frames = s.replay()
    assert len(frames) == sum(len(g.history) + 1 for g in s._games)
    assert frames[-1].mark == s.mark and frames[-1].state == s.state
    # each game starts from its own deal (rebuilt here independently from its seed)
    firsts = [f for f in frames if f.move == 0]
    for f, g in zip(firsts, s._games):
        dealt = (s._game.new_state(seed=g.seed, dealer=g.dealer) if game == "liar"
                 else ThirtyOneGame(players=3).new_state(seed=g.seed))
        assert f.action is None and [f.state.hand(p) for p in range(3)] == [
            dealt.hand(p) for p in range(3)]
    # the actions, in order, are the history of each game; marks count up one per change
    for g, game_state in enumerate(s._games):
        assert [f.action for f in frames if f.game == g][1:] == list(map(str, game_state.history))
    assert [f.mark for f in frames] == list(range(len(frames)))
    # each frame is a copy: changing one changes nothing else
    assert frames[0].state is not s._games[0]


class _AlwaysFirst:
    """A teacher's own bot: the first legal action, and a record of what it was shown."""

    name = "first"

    def __init__(self) -> None:
        self.seen: list[int] = []

    def act(self, view, legal_actions, rng):
        self.seen.append(view.player)
        return next(iter(legal_actions))


def test_an_agent_object_plays_its_bot_seat_and_such_a_session_is_not_saved():
    own = _AlwaysFirst()
    s = Session.new("thirty-one", seats=[Seat.human("Ana"), Seat.bot("heuristic")], seed=4,
                    agents={1: own})
    s.act(0, "keep")                       # the dealer keeps (T4): seat 1 is next
    s.run_bots()
    # it was asked, and only ever shown seat 1's view (R-T9)
    assert own.seen and set(own.seen) == {1}
    with pytest.raises(ConfigError, match="cannot be saved"):
        s.to_json()


@pytest.mark.parametrize("agents", [{0: _AlwaysFirst()}, {5: _AlwaysFirst()}, {1: object()}])
def test_agent_objects_only_for_bot_seats_and_only_agents(agents):
    with pytest.raises(ConfigError, match="agents"):
        Session.new("thirty-one", seats=[Seat.human("Ana"), Seat.bot("heuristic")], seed=4,
                    agents=agents)


@pytest.mark.parametrize("game,options", [("liar", {"rounds": 2}), ("thirty-one", {"lives": 1})])
def test_the_view_names_the_match_winners_only_once_it_is_over(game, options):
    s = Session.new(game, seats=[Seat.bot("heuristic"), Seat.bot("heuristic"),
                                 Seat.bot("random")], seed=11, options=options)
    assert s.view(0).winners == ()                     # nobody has won yet
    while not s.match_over:
        s.run_bots()
        if not s.match_over:
            assert s.view(1).winners == ()
            s.next_game()
    v = s.view(2)
    if game == "liar":
        # R-L10: the most match points win, a tie shares: derived from the points shown
        top = max(v.points)
        assert v.winners == tuple(p for p, pts in enumerate(v.points) if pts == top)
    else:
        # T13: the last player with lives left
        assert v.winners == tuple(p for p, n in enumerate(v.lives) if n > 0)
    assert v.to_dict()["winners"] == list(v.winners)
