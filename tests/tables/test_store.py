"""The tables on disk (classroom.tables.store): the log, the snapshots, a restart.

Issue 21, item 4: every action is written before it is applied; a table stopped
(closed) and started again resumes exactly: the same view for every seat, no action
lost or applied twice.
"""

from __future__ import annotations

import sqlite3

import pytest
from tables_kit import Clock, play_students, service

from classroom.tables import TableStore
from classroom.tables.store import SCHEMA_VERSION, StoreError


def views(svc, code):
    s = svc._tables[code].session
    return [s.view(i).to_dict() for i in range(len(s.seats))]


def test_the_file_is_wal_with_full_sync_and_versioned(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    db = store._conn()
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2          # FULL
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    store.close()


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "t.sqlite3"
    TableStore(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="schema"):
        TableStore(path)


@pytest.mark.parametrize("game, seats, options", [
    ("liar", 4, {"rounds": 3}),
    ("thirty-one", 3, {"lives": 1}),
])
def test_restart_resumes_every_table_exactly(tmp_path, game, seats, options):
    clock = Clock()
    svc = service(tmp_path, clock, snapshot_every=7)
    tables = []
    for k in range(2):
        t = svc.create_table(game=game, seats=seats, options=options)
        keys = dict(svc.join(t.code, name) for name in ("Ana", "Ivo"))   # the rest: bots
        svc.start(t.code)
        play_students(svc, t.code, keys, moves=15 + 10 * k, seed=k)
        tables.append((t.code, keys))
    # one seat away: the bot takes it over (a logged takeover, not replayed from a seed)
    code, keys = tables[0]
    clock.t += 11
    assert svc.tick() >= 1
    assert svc.update(code, 0)["notes"]
    waiting = svc.create_table(game=game, seats=seats, options=options)
    ana = svc.join(waiting.code, "Ana")
    def by_bot(s, c):
        return [p["played_by_bot"] for p in s.update(c, 0)["seats"]]

    before = {c: (views(svc, c), svc._tables[c].session.state.to_json(),
                  svc.update(c, 0)["notes"], by_bot(svc, c)) for c, _ in tables}
    assert any(before[code][3])                      # the seat the bot played
    marks = {c: svc._tables[c].session.mark for c, _ in tables}
    svc.close()

    again = service(tmp_path, Clock())
    assert again.load() == 3
    for c, _ in tables:
        s = again._tables[c].session
        assert s.mark == marks[c]
        assert (views(again, c), s.state.to_json(), again.update(c, 0)["notes"],
                by_bot(again, c)) == before[c]
        # no action lost or applied twice: the mark counts the actions and next deals,
        # each logged once (the first log entry is the start)
        log = again.store.log(c)
        assert [e.kind for e in log][0] == "start"
        assert len(log) - 1 == s.mark
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert again._tables[waiting.code].session is None
    assert again.check_seat(waiting.code, ana[0], ana[1])
    # and play goes on after the restart, on both
    for c, keys in tables:
        play_students(again, c, keys, moves=5, seed=9)
    again.close()


def test_an_action_is_in_the_log_before_it_is_applied(tmp_path):
    svc = service(tmp_path)
    t = svc.create_table(game="thirty-one", seats=2)
    keys = dict([svc.join(t.code, "Ana"), svc.join(t.code, "Ivo")])
    s = svc._tables[t.code].session
    seen = []
    append = svc.store.append

    def spy(code, **entry):
        seen.append((entry["kind"], entry["mark"], s.mark))   # the session's mark then
        return append(code, **entry)

    svc.store.append = spy
    play_students(svc, t.code, keys, moves=6)
    assert len(seen) == 6
    assert all(mark == now for _kind, mark, now in seen)      # not yet applied


def test_a_logged_action_not_yet_applied_is_applied_on_the_next_start(tmp_path):
    """A crash between writing an action and applying it: the next start applies it
    once (it was never acknowledged, but it is not lost)."""
    svc = service(tmp_path)
    t = svc.create_table(game="thirty-one", seats=2)
    keys = dict([svc.join(t.code, "Ana"), svc.join(t.code, "Ivo")])
    s = svc._tables[t.code].session
    seat, mark = s.to_act, s.mark
    action = s.view(seat).legal[0]
    svc.store.append(t.code, seat=seat, mark=mark, kind="act", action=action, time=0.0)
    svc.close()                       # "crashed": never applied
    again = service(tmp_path)
    again.load()
    s2 = again._tables[t.code].session
    assert s2.mark == mark + 1                # applied once (two students: no bot moved)
    assert [str(a) for a in s2.state.history] == [action]
    assert len(again.store.log(t.code)) - 1 == s2.mark
    assert sorted(keys) == [0, 1]


def test_a_bot_move_lost_in_a_crash_is_played_again_the_same_on_the_next_start(tmp_path):
    """A bot's move is logged just after it is applied (it follows from the logged past
    and the seeded generators): a crash in between, and the next start plays it again,
    the same move, and logs it."""
    svc = service(tmp_path)
    t = svc.create_table(game="liar", seats=2)
    seat, key = svc.join(t.code, "Ana")
    svc.start(t.code)                               # seat 1: a bot
    s = svc._tables[t.code].session
    assert s.to_act == seat
    append = svc.store.append

    def crash_on_bot(code, **entry):
        if entry["kind"] == "bot":
            raise RuntimeError("the server died here")
        return append(code, **entry)

    svc.store.append = crash_on_bot
    with pytest.raises(RuntimeError, match="died"):
        for _ in range(20):                         # until a move of Ana's lets the bot act
            legal = s.view(seat).legal
            svc.act(t.code, seat, key, "pass" if "pass" in legal else legal[-1], s.mark)
    played = [str(a) for a in s.state.history]      # ..., Ana's move, then the bot's
    logged = svc.store.log(t.code)
    assert [e.kind for e in logged][-1] == "act"   # the bot's move: not logged
    assert len(logged) == s.mark                   # one short of the marks
    svc.store.close()
    again = service(tmp_path)
    again.load()
    s2 = again._tables[t.code].session
    assert [str(a) for a in s2.state.history][:len(played)] == played
    log = again.store.log(t.code)
    assert log[len(logged)].kind == "bot" and log[len(logged)].action == played[-1]
    assert len(log) - 1 == s2.mark
    again.close()
