"""Kill the classroom server mid-round and start it again (issue 21, item 4).

The real server (``python -m classroom lessons``, as ``make serve`` runs it) on a
temporary data folder (``--tables-dir``): four students play part of a Liar round over
the seat websocket, one action is sent and the server is killed (SIGKILL) before it
can answer; the server starts again, the students reconnect, and the table is where
it was: the same mark and view for every seat, every acknowledged action in the log
once, the unanswered one applied at most once; then the round is played to its end.
A third table's student is the real kernel client (``widgets.tables.remote``), left
open through the kill: it reconnects by itself, at its mark, and plays on.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time

import pytest
from socket_kit import Client, hello
from tables_kit import Clock, service
from testkit import REPO, missing, voila_harness

from cardgames.wire import dump_seat_view, load_seat_view
from classroom.tables.routes import DB_NAME

pytestmark = pytest.mark.slow        # two server starts: ~20-40 s on the shared machine


def start_server(harness, tmp_path, name, port=None):
    try:
        import voila  # noqa: F401
    except ImportError:
        missing("voila is not installed (pip install -e '.[apps]')", suite="the tables tests")
    runtime = tmp_path / f"runtime-{name}"
    runtime.mkdir()
    try:
        return harness.start_voila("lessons", cwd=REPO, log_path=tmp_path / f"{name}.log",
                                   runtime_dir=runtime, port=port,
                                   extra_args=[f"--tables-dir={tmp_path / 'data'}"])
    except harness.VoilaStartError as e:
        pytest.fail(str(e), pytrace=False)


def kill(server):
    os.killpg(server.process.pid, signal.SIGKILL)
    server.process.wait(timeout=10)


def connect(server, code, keys, marks=None):
    url = f"ws://127.0.0.1:{server.port}/tables/ws"
    clients, latest = {}, {}
    for seat, key in keys.items():
        c = clients[seat] = Client(url)
        mark = None if marks is None else marks[seat]
        assert hello(c, code, seat, key, mark=mark, lang="en")["type"] == "welcome"
    for seat, c in clients.items():
        latest[seat] = c.until(lambda f: f["type"] == "update")
        # the first update is sent at once; others may follow as the seats connect
    return clients, latest


def catch_up(clients, latest, mark):
    for seat, c in clients.items():
        if latest[seat]["mark"] < mark:
            latest[seat] = c.until(lambda f: f["type"] == "update" and f["mark"] == mark)


def choose(view, called):
    legal = load_seat_view(view).legal      # the wire leaves a Liar play's out (R-L4)
    if "call" in legal:
        return ("call" if not called else "pass"), True
    return max(legal, key=lambda a: len(a.split())), called


def play(clients, latest, *, moves, called=False):
    """Play up to ``moves`` moves (each acknowledged); the acked (mark, action)s."""
    acked = []
    for _ in range(moves):
        view = latest[0]["view"]
        if view["over"]:
            break
        seat = view["to_act"]
        action, called = choose(latest[seat]["view"], called)
        mark = latest[seat]["mark"]
        mid = clients[seat].request("act", mark=mark, action=action)
        assert clients[seat].answer(mid) == {"type": "ack", "id": mid, "mark": mark + 1}
        acked.append((mark, action))
        catch_up(clients, latest, mark + 1)
    return acked, called


def wait_for(condition, seconds=20.0):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def read_log(data, code):
    db = sqlite3.connect(f"file:{data / DB_NAME}?mode=ro", uri=True)
    try:
        return db.execute("SELECT seq, mark, kind, action FROM log WHERE code = ? ORDER BY seq",
                          (code,)).fetchall()
    finally:
        db.close()


def test_sigkill_mid_round_then_every_table_resumes(tmp_path):
    harness = voila_harness()
    data = tmp_path / "data"
    # two tables made before the server starts (the teacher's page is helper pages'):
    # the server loads them from the data folder
    svc = service(data, Clock())
    codes, keys = [], {}
    for _ in range(2):
        t = svc.create_table(game="liar", seats=4)
        keys[t.code] = dict(svc.join(t.code, n) for n in ("Ana", "Ivo", "Eva", "Max"))
        codes.append(t.code)
    # a third table: one student (a kernel client, below) and a bot
    t = svc.create_table(game="liar", seats=2)
    watched, watched_key = svc.join(t.code, "Una")
    svc.start(t.code)
    third = t.code
    svc.close()

    server = start_server(harness, tmp_path, "first")
    # the third table's student is a kernel client (widgets.tables.remote): it stays open
    # through the kill and reconnects by itself (its backoff) once the server is back
    from widgets.tables.remote import RemoteSession

    url = f"ws://127.0.0.1:{server.port}/tables/ws"
    watcher = RemoteSession(url, table=third, seat=watched, key=watched_key, loop=None,
                            backoff=(0.5, 1.0))
    try:
        wait_for(lambda: watcher.to_act == watched)
        for _ in range(2):
            watcher.act(watched, choose(dump_seat_view(watcher.view(watched)), True)[0],
                        mark=watcher.mark)
            wait_for(lambda: watcher.to_act == watched or watcher.over)
        watched_mark = watcher.mark
        sessions = {code: connect(server, code, keys[code]) for code in codes}
        acked = {}
        for code in codes:
            clients, latest = sessions[code]
            acked[code], _called = play(clients, latest, moves=4 + 3 * codes.index(code))
        # one more action sent on the first table, and the server killed before it answers
        code = codes[0]
        clients, latest = sessions[code]
        seat = latest[0]["view"]["to_act"]
        unanswered = (latest[seat]["mark"], choose(latest[seat]["view"], True)[0])
        clients[seat].request("act", mark=unanswered[0], action=unanswered[1])
        kill(server)
    except BaseException:
        server.stop()
        raise
    before = {code: {s: latest_s for s, latest_s in sessions[code][1].items()} for code in codes}
    for code in codes:
        for c in sessions[code][0].values():
            c.close()

    wait_for(lambda: watcher.status == "reconnecting")     # it noticed the server is gone
    server = start_server(harness, tmp_path, "second", port=server.port)
    try:
        assert "Online tables: 3 resumed" in server.log()
        for code in codes:
            log = read_log(data, code)
            kinds = [k for _seq, _mark, k, _action in log]
            assert kinds[0] == "start" and set(kinds[1:]) <= {"act"}
            played = [(m, a) for _seq, m, k, a in log if k == "act"]
            # every acknowledged action in the log once and in order; after them at
            # most the unanswered one (written before it would have been applied)
            assert played[:len(acked[code])] == acked[code]
            extra = played[len(acked[code]):]
            assert extra in ([], [unanswered] if code == codes[0] else [])
            marks = {s: u["mark"] for s, u in before[code].items()}
            clients, latest = connect(server, code, keys[code], marks)
            mark = len(played)                      # one mark per action: none twice
            catch_up(clients, latest, mark)
            for seat in clients:
                assert latest[seat]["mark"] == mark
                if not extra:                        # the same view as before the kill
                    assert latest[seat]["view"] == before[code][seat]["view"]
            # the round goes on to its end ("Liar!" called in it)
            _acked, _called = play(clients, latest, moves=300)
            assert latest[0]["view"]["over"]
            log = read_log(data, code)
            assert "call" in [a for _s, _m, k, a in log if k == "act"]
            assert len(log) - 1 == latest[0]["mark"]
            assert json.dumps(latest[0]["view"])
            for c in clients.values():
                c.close()
        # the kernel client came back by itself, at the same mark, and plays on
        assert len(read_log(data, third)) - 1 == watched_mark
        wait_for(lambda: watcher.status in ("playing", "over"))
        assert watcher.mark == watched_mark and watcher.failure is None
        if not watcher.over:
            watcher.act(watched, choose(dump_seat_view(watcher.view(watched)), True)[0],
                        mark=watcher.mark)
            assert [k for _s, _m, k, _a in read_log(data, third)][watched_mark + 1] == "act"
        assert not harness.log_errors(server.log())
    finally:
        watcher.close()
        server.stop()
