"""Bad input and attacks on the seat protocol (issue 21, item 7): each gets a clear
refusal and changes nothing.  Most run on ``SeatConnection`` itself (no socket, a fake
clock for the rate limit); the last ones on a real tornado server."""

from __future__ import annotations

import json

import pytest
from socket_kit import Client, ThreadServer, hello
from tables_kit import Clock, service

from classroom.tables import TableFull, protocol
from classroom.tables.errors import SeatHeld
from classroom.tables.protocol import BURST, MAX_FRAME, SeatConnection, parse_frame


class Wire:
    """A SeatConnection with its sent frames and close code recorded."""

    def __init__(self, svc, clock):
        self.sent: list[dict] = []
        self.closed_with: int | None = None
        self.conn = SeatConnection(svc, send=self.sent.append, close=self._close, clock=clock)
        self.ids = 0

    def _close(self, code, reason):
        self.closed_with = code

    def frame(self, message):
        self.conn.receive(message if isinstance(message, (str, bytes)) else json.dumps(message))
        return self.sent[-1] if self.sent else None

    def hello(self, code, seat, key, **extra):
        return self.frame({"type": "hello", "table": code, "seat": seat, "key": key, **extra})

    def act(self, action, mark, *, mid=None):
        self.ids += 1
        return self.frame({"type": "act", "id": self.ids if mid is None else mid,
                           "mark": mark, "action": action})

    def answer(self, mid):
        return [f for f in self.sent if f.get("id") == mid]


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def table(tmp_path, clock):
    svc = service(tmp_path, clock)
    t = svc.create_table(game="liar", seats=2)
    keys = dict([svc.join(t.code, "Ana"), svc.join(t.code, "Ivo")])    # full: started
    yield svc, t.code, keys
    svc.close()


def seated(table, clock, seat):
    svc, code, keys = table
    w = Wire(svc, clock)
    assert w.hello(code, seat, keys[seat])["type"] == "update"
    assert w.sent[0]["type"] == "welcome"
    return w


def state_of(svc, code):
    s = svc._tables[code].session
    return s.mark, s.state.to_json(), len(svc.store.log(code))


def test_frames_are_checked_field_by_field():
    ok = parse_frame('{"type": "act", "id": 1, "mark": 0, "action": "call"}')
    assert ok["action"] == "call"
    bad = [
        "not json", "[1, 2]", '"hello"', '{"type": "shout"}', '{"id": 1}',
        '{"type": "act", "id": 1, "mark": 0}',                              # no action
        '{"type": "act", "id": true, "mark": 0, "action": "call"}',         # bool is no id
        '{"type": "act", "id": 1, "mark": -1, "action": "call"}',
        '{"type": "act", "id": 1.5, "mark": 0, "action": "call"}',
        '{"type": "act", "id": 1, "mark": 0, "action": ""}',
        '{"type": "act", "id": 1, "mark": 0, "action": "x", "seat": 1}',    # for another seat
        '{"type": "hello", "table": "ABCDEF", "seat": 0, "key": "k", "lang": "fr"}',
        '{"type": "hello", "table": "ABCDEF", "seat": 99, "key": "k"}',
        '{"type": "ping", "id": 9007199254740993}',
    ]
    for text in bad:
        with pytest.raises(protocol.BadMessage):
            parse_frame(text)
    with pytest.raises(protocol.TooLarge):
        parse_frame(json.dumps({"type": "ping", "id": 1, "pad": "x" * MAX_FRAME}))
    with pytest.raises(protocol.BadMessage):
        parse_frame(b'{"type": "ping", "id": 1}')


def test_acting_for_another_seat_is_refused(table, clock):
    svc, code, keys = table
    s = svc._tables[code].session
    other = 1 - s.to_act                     # this connection is the seat NOT to act
    w = seated(table, clock, other)
    before = state_of(svc, code)
    answer = w.frame({"type": "act", "id": 1, "mark": 0, "action": s.view(s.to_act).legal[0],
                      "seat": s.to_act})
    assert answer["type"] == "refused" and answer["error"]["code"] == "bad-message"
    assert "seat" in answer["error"]["message"]
    # the same action without the field: it is this seat's action, out of turn (R-L5)
    answer = w.act(s.view(s.to_act).legal[0], 0)
    assert answer["error"]["code"] == "illegal-action" and answer["error"]["rule"] == "R-L5"
    assert state_of(svc, code) == before


def test_a_replayed_message_id_is_answered_once_and_not_applied_twice(table, clock):
    svc, code, keys = table
    s = svc._tables[code].session
    w = seated(table, clock, s.to_act)
    action = s.view(s.to_act).legal[0]
    assert w.act(action, 0, mid=7) == {"type": "ack", "id": 7, "mark": 1}
    after = state_of(svc, code)
    replay = w.act(action, 0, mid=7)
    assert replay["type"] == "refused" and replay["error"]["code"] == "bad-message"
    assert "7" in replay["error"]["message"]
    assert state_of(svc, code) == after
    assert [f["type"] for f in w.answer(7)] == ["ack", "refused"]


def test_a_stale_action_is_refused(table, clock):
    svc, code, keys = table
    s = svc._tables[code].session
    seat = s.to_act
    w = seated(table, clock, seat)
    w.act(s.view(seat).legal[0], 0)
    before = state_of(svc, code)
    answer = w.act("pass", 0)                        # made on the table of mark 0
    assert answer["error"]["code"] == "stale-action" and answer["error"]["current"] == 1
    assert state_of(svc, code) == before


def test_a_forged_secret_closes_the_connection(table, clock):
    svc, code, keys = table
    w = Wire(svc, clock)
    answer = w.hello(code, 0, keys[1])               # seat 0 with seat 1's secret
    assert answer == {"type": "error", "code": "bad-secret", "message": answer["message"]}
    assert w.closed_with == 4403
    assert not svc.connected(code, 0)
    w2 = Wire(svc, clock)
    w2.hello(code, 0, keys[0][:-1] + ("A" if keys[0][-1] != "A" else "B"))
    assert w2.closed_with == 4403


def test_an_unknown_table_and_a_first_frame_not_hello(table, clock):
    svc, code, keys = table
    w = Wire(svc, clock)
    answer = w.hello("ZZZZZZ", 0, keys[0])
    assert answer["code"] == "unknown-table" and w.closed_with == 4404
    w2 = Wire(svc, clock)
    assert w2.frame({"type": "ping", "id": 1})["code"] == "bad-message"
    assert w2.closed_with == 4400


def test_a_flood_is_refused_then_closed(table, clock):
    svc, code, keys = table
    w = seated(table, clock, 0)
    answers = [w.frame({"type": "ping", "id": i}) for i in range(1, BURST)]   # the hello + 19
    assert all(a["type"] == "ack" for a in answers)
    refused = w.frame({"type": "ping", "id": 100})
    assert refused["type"] == "refused" and refused["error"]["code"] == "rate-limited"
    assert w.closed_with is None                     # refused first
    clock.t += 0.1                                   # one token back: 10/s
    assert w.frame({"type": "ping", "id": 101})["type"] == "ack"
    for i in range(200, 200 + protocol.MAX_STRIKES):
        w.frame({"type": "ping", "id": i})
    assert w.closed_with == 4429
    assert w.sent[-1]["code"] == "rate-limited"
    assert not svc.connected(code, 0)


def test_an_oversized_frame_is_refused(table, clock):
    svc, code, keys = table
    w = seated(table, clock, 0)
    big = json.dumps({"type": "act", "id": 1, "mark": 0, "action": "play " + "7H " * 2000})
    answer = w.frame(big)
    assert answer["type"] == "refused" and answer["error"]["code"] == "too-large"
    assert str(len(big)) in answer["error"]["message"]
    assert w.frame({"type": "ping", "id": 1})["type"] == "ack"     # id 1 was not used


def test_joining_a_full_table_and_a_second_device_on_a_held_seat(table, clock):
    svc, code, keys = table
    with pytest.raises(TableFull):
        svc.join(code, "Third")
    t = svc.create_table(game="liar", seats=3)
    seat, key = svc.join(t.code, "Ana")
    with pytest.raises(SeatHeld):                    # the code never hands out a held seat
        svc.join(t.code, "Mallory", seat=seat)
    other, _key = svc.join(t.code, "Ivo")
    assert other != seat
    # a second device with the right secret (the same student, e.g. the link on a
    # phone) replaces the first connection; without it, nothing
    w = Wire(svc, clock)
    w.hello(t.code, seat, "guessed-" + "x" * 20)
    assert w.closed_with == 4403


def test_errors_are_in_the_connections_language(table, clock):
    svc, code, keys = table
    w = Wire(svc, clock)
    w.hello("ZZZZZZ", 0, keys[0], lang="hr")
    assert w.sent[-1]["message"] == "nema stola s kodom ZZZZZZ: provjeri kod"


# -- on a real server ---------------------------------------------------------------
@pytest.fixture
def server(table):
    svc, code, keys = table
    srv = ThreadServer(svc)
    yield srv, code, keys
    srv.stop()


def test_on_the_socket_forged_secret_flood_and_huge_frames_close(server):
    srv, code, keys = server
    c = Client(srv.url)
    assert hello(c, code, 0, keys[1])["code"] == "bad-secret"
    assert c.closed_with() == 4403
    c = Client(srv.url)
    hello(c, code, 0, keys[0])
    for i in range(1, 60):                           # no waiting: a flood
        c.send({"type": "ping", "id": i})
    assert c.closed_with() == 4429
    assert any(f.get("error", {}).get("code") == "rate-limited" for f in c.frames)
    c = Client(srv.url)
    hello(c, code, 1, keys[1])
    try:
        c.send_raw(json.dumps({"type": "ping", "id": 1, "pad": "x" * 70_000}))
    except OSError:
        pass                                         # closed while it was being sent
    # tornado closes it (1009, message too big; or the connection reset under the send)
    assert c.closed_with() in (1009, None)
    assert not any(f.get("type") == "ack" for f in c.frames)
    c = Client(srv.url)                              # the server is fine
    assert hello(c, code, 1, keys[1])["type"] == "welcome"
    c.close()
