"""The seat websocket against a real tornado server on 127.0.0.1 (issue 21, items 1, 3, 7):
four clients play a Liar round to its end, one calls "Liar!", and no frame any client
received holds a card of another seat's hand that was never shown to the table."""

from __future__ import annotations

import json
import time

import pytest
from socket_kit import Client, ThreadServer, hello
from tables_kit import Clock, cards_in, service

from cardgames.wire import load_seat_view
from classroom.tables import socket as seat_socket


@pytest.fixture
def server(tmp_path):
    svc = service(tmp_path, Clock())
    srv = ThreadServer(svc)
    yield srv
    srv.stop()
    svc.close()


def new_table(server, names, *, seats=None, game="liar", **options):
    svc = server.svc
    t = server.call(lambda: svc.create_table(game=game, seats=seats or len(names),
                                             options=options))
    keys = {}
    for name in names:
        seat, key = server.call(svc.join, t.code, name)
        keys[seat] = key
    return t.code, keys


def test_hello_welcome_update_act_ack(server):
    code, keys = new_table(server, ["Ana", "Ivo"], seats=2)
    c = Client(server.url)
    welcome = hello(c, code.lower(), 0, keys[0], mark=None, lang="de")   # codes in any case
    assert welcome == {"type": "welcome", "table": code, "seat": 0, "game": "liar",
                       "status": "playing", "seats": welcome["seats"]}
    update = c.recv()
    assert update["type"] == "update" and update["mark"] == 0
    assert update["view"]["seat"] == 0
    view = update["view"]
    s = server.svc._tables[code].session
    if view["to_act"] != 0:                 # let seat 1 act first, through its own socket
        d = Client(server.url)
        hello(d, code, 1, keys[1])
        d.recv()
        mid = d.request("act", mark=0, action=s.view(1).legal[0])
        assert d.answer(mid) == {"type": "ack", "id": mid, "mark": 1}
        update = c.until(lambda f: f["type"] == "update" and f["mark"] == 1)
        d.close()
    mid = c.request("act", mark=update["mark"], action=load_seat_view(update["view"]).legal[0])
    ack = c.answer(mid)
    assert ack["type"] == "ack" and ack["mark"] == update["mark"] + 1
    # the refusal of the engine, in the connection's language (German)
    mid = c.request("act", mark=update["mark"], action="call")
    refused = c.answer(mid)
    assert refused["error"]["code"] == "stale-action"
    assert refused["error"]["rule"] == "R-L5"
    assert "Markierung" in refused["error"]["message"] or "Tisch" in refused["error"]["message"]
    c.close()


def test_a_second_connection_with_the_secret_replaces_the_first(server):
    code, keys = new_table(server, ["Ana", "Ivo"], seats=2)
    first = Client(server.url)
    hello(first, code, 0, keys[0])
    first.recv()
    second = Client(server.url)
    assert hello(second, code, 0, keys[0])["type"] == "welcome"
    assert first.closed_with() == 4409
    assert any(f.get("code") == "replaced" for f in first.frames)
    second.recv()
    mid = second.request("ping")
    assert second.answer(mid)["type"] == "ack"
    assert server.call(server.svc.connected, code, 0)
    second.close()


def test_no_hello_in_time_closes(server, monkeypatch):
    monkeypatch.setattr(seat_socket, "HELLO_SECONDS", 0.3)
    c = Client(server.url)
    assert c.closed_with() == 4401
    assert c.frames[-1]["type"] == "error"


def _policy(view, called):
    """Call "Liar!" at the first chance, else pass; play the most cards at once (to end
    the round soon)."""
    legal = load_seat_view(view).legal      # the wire leaves a Liar play's out (R-L4)
    if "call" in legal:
        return ("call" if not called else "pass"), True
    return max(legal, key=lambda a: len(a.split())), called


def test_four_clients_play_a_liar_round_and_see_only_their_own_cards(server):
    code, keys = new_table(server, ["Ana", "Ivo", "Eva", "Max"])
    clients = {}
    for seat, key in keys.items():
        clients[seat] = c = Client(server.url)
        assert hello(c, code, seat, key, mark=None, lang="en")["type"] == "welcome"
    latest = {seat: c.until(lambda f: f["type"] == "update") for seat, c in clients.items()}
    called = False
    for _move in range(300):
        view = latest[0]["view"]
        if view["over"]:
            break
        seat = view["to_act"]
        action, called = _policy(latest[seat]["view"], called)
        mark = latest[seat]["mark"]
        mid = clients[seat].request("act", mark=mark, action=action)
        ack = clients[seat].answer(mid)
        assert ack["type"] == "ack", ack
        for s, c in clients.items():
            latest[s] = c.until(lambda f: f["type"] == "update" and f["mark"] == mark + 1)
    else:
        pytest.fail("the round did not end in 300 moves")
    svc = server.svc
    session = svc._tables[code].session
    assert session.over
    log = svc.store.log(code)
    assert "call" in [e.action for e in log if e.kind == "act"]          # "Liar!" was called
    assert len(log) - 1 == session.mark                                   # every move logged
    # what each seat could know at each mark (the teacher's replay is the truth)
    frames = [f.to_dict() for f in svc.replay(code)]
    hands = {f["mark"]: [set(h.split()) for h in f["hands"]] for f in frames}
    first = hands[0]
    all_events = session.events_since(0, 0)[0]
    shown = {}
    for m in hands:
        before = all_events[:len(all_events) - len(session.events_since(0, m)[0])]
        shown[m] = set().union(*(cards_in(e.describe()) for e in before)) if before else set()
    checked = 0
    for seat, c in clients.items():
        held: set[str] = set()
        updates = [f for f in c.frames if f["type"] == "update"]
        assert updates and updates[-1]["mark"] == session.mark
        for frame in updates:
            m = frame["mark"]
            held |= hands[m][seat]
            secret = set().union(*(hands[m][j] & first[j] for j in range(4) if j != seat))
            leaked = cards_in(json.dumps(frame)) & (secret - held - shown[m])
            assert not leaked, (seat, m, leaked)
            checked += len(secret - held - shown[m])
            # positive control: the seat's own hand is in its frame
            assert hands[m][seat] <= cards_in(json.dumps(frame["view"]))
        for text in c.raw:                  # every frame, welcome and acks too
            frame = json.loads(text)
            if frame["type"] != "update":
                assert not cards_in(text) - held
    assert checked > 100                   # the check had hidden cards to look for
    for c in clients.values():
        c.close()


def test_the_students_kernel_client_plays_against_the_service(server):
    """widgets.tables.remote.RemoteSession (the client in a student's kernel) against this
    service: both seats of a Liar table act in turn, each sees the other's moves, and a
    move out of turn comes back as the engine's refusal."""
    remote = pytest.importorskip("widgets.tables.remote")
    from cardgames.errors import IllegalActionError

    code, keys = new_table(server, ["Ana", "Ivo"], seats=2)
    seats = {s: remote.RemoteSession(server.url, table=code, seat=s, key=k, loop=None)
             for s, k in keys.items()}
    try:
        for _ in range(100):
            if all(r.started and r.to_act is not None for r in seats.values()):
                break
            time.sleep(0.05)
        session = server.svc._tables[code].session
        for move in range(1, 7):
            seat = seats[0].to_act
            r = seats[seat]
            r.act(seat, r.view(seat).legal[-1], mark=r.mark)
            assert r.mark == move == session.mark
            for _ in range(100):             # the other seat's client hears of it
                if seats[1 - seat].mark == move:
                    break
                time.sleep(0.02)
            assert seats[1 - seat].mark == move
            assert seats[1 - seat].view(1 - seat) == session.view(1 - seat)
        waiting = seats[1 - seats[0].to_act]
        with pytest.raises(IllegalActionError, match="R-L5"):
            waiting.act(waiting.seat, "call", mark=waiting.mark)
        assert session.mark == 6
    finally:
        for r in seats.values():
            r.close()
