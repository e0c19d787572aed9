"""The table service uses the session's own checks (issue 32): one ``Session.check`` call
words a refusal, nothing is rebuilt from JSON for it, and the next game is dealt by one
``Session.next_game`` call.  ``Session.check`` says what ``act`` would do, without doing
it: the canonical text of an action ``act`` takes, or the very error ``act`` raises."""

from __future__ import annotations

import json

import pytest
from tables_kit import Clock, play_students, service

from cardgames.errors import CardgamesError, IllegalActionError, StaleActionError
from cardgames.session import Seat, Session


@pytest.fixture
def svc(tmp_path):
    s = service(tmp_path, Clock())
    yield s
    s.close()


def _started(svc, game="thirty-one", seats=2, **options):
    t = svc.create_table(game=game, seats=seats, options=options)
    keys = dict(svc.join(t.code, name) for name in ("Ana", "Ivo")[:seats])
    svc.start(t.code)
    return t.code, keys


def _refusal(fn):
    try:
        fn()
    except CardgamesError as e:
        return type(e), str(e)
    raise AssertionError("not refused")


@pytest.mark.parametrize("game, seed, actions", [
    ("thirty-one", 3, ["keep", "KEEP", " pass", "swap 7H AB", "stand", "dance"]),
    ("liar", 4, ["call", "pass", "play 8H", "play 7H", "play", "play 7H 7H 7H 7H 7H"]),
])
def test_check_says_what_act_would_do_and_changes_nothing(game, seed, actions):
    s = Session.new(game, seats=[Seat.human("a"), Seat.human("b")], seed=seed)
    for seat in (0, 1):
        for text in actions:
            for mark in (0, 1, None):
                before = s.to_json()
                try:
                    checked = s.check(seat, text, mark=mark)
                except CardgamesError as e:
                    said = (type(e), str(e))
                    assert s.to_json() == before
                    # act refuses the same way, with the same words
                    assert _refusal(lambda: s.act(seat, text, mark=mark)) == said
                    continue
                assert s.to_json() == before                  # nothing applied
                copy = Session.from_json(before)
                copy.act(seat, text, mark=mark)               # act takes it ...
                assert str(copy.state.history[-1]) == checked  # ... as its canonical text


def test_a_refusal_is_worded_without_rebuilding_the_session(svc, monkeypatch):
    code, keys = _started(svc)
    t = svc._tables[code]
    s = t.session
    mark = s.mark
    to_act = s.to_act
    other = 1 - to_act
    logged = len(svc.store.log(code))

    def no_rebuild(*args, **kwargs):
        raise AssertionError("a session was rebuilt from JSON to word a refusal")

    monkeypatch.setattr(Session, "from_json", staticmethod(no_rebuild))
    # out of turn (T5), a stale mark (T5), an action that is no action
    with pytest.raises(IllegalActionError) as out_of_turn:
        svc.act(code, other, keys[other], "keep", mark)
    assert "T5" in str(out_of_turn.value) or "turn" in str(out_of_turn.value)
    with pytest.raises(StaleActionError, match=r"mark 7.*\(T5\)"):
        svc.act(code, to_act, keys[to_act], "keep", 7)
    with pytest.raises(CardgamesError):
        svc.act(code, to_act, keys[to_act], "dance", mark)
    assert s.mark == mark and len(svc.store.log(code)) == logged       # nothing logged


def test_the_next_game_is_dealt_once(svc, monkeypatch):
    code, keys = _started(svc, game="liar", rounds=3)
    s = svc._tables[code].session
    calls = []
    real = Session.next_game

    def counted(self):
        calls.append(self.mark)
        return real(self)

    monkeypatch.setattr(Session, "next_game", counted)
    with pytest.raises(IllegalActionError, match="L11"):     # the round is not over
        svc.next_game(code, 0, keys[0], s.mark)
    assert calls == []                                      # refused without dealing
    play_students(svc, code, keys, moves=10_000, next_games=False)
    assert s.over and not s.match_over
    mark = s.mark
    assert svc.next_game(code, 1, keys[1], mark) == mark + 1
    assert calls == [mark]                                  # one call, one deal
    with pytest.raises(StaleActionError, match="R-L5"):
        svc.next_game(code, 0, keys[0], mark)               # the second request: stale
    assert calls == [mark]
    log = [e for e in svc.store.log(code) if e.kind == "next"]
    assert len(log) == 1 and json.dumps(log[0].action) == '"next"'
