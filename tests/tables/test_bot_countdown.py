"""A connected seat is never played by the bot without its student seeing it (issue 29,
finding 2): the service tells the seat's page (and the teacher's list) how many seconds
are left before the bot plays its move (``bot_in``), says when the bot plays it
(``played_by_bot``), lets the bot play on until the student takes the seat back (a
``back`` message), and then gives the student a whole ``bot_timeout`` again.

On 937bc5c no update carried ``bot_in`` and there was no way back: these tests fail there.
The expected seconds are worked out by hand from the fake clock.
"""

from __future__ import annotations

import json

from tables_kit import Clock, Inbox, service

from classroom.tables.protocol import SeatConnection


def _table(tmp_path, clock: Clock):
    svc = service(tmp_path, clock, bot_timeout=60.0, reconnect_grace=10.0)
    t = svc.create_table(game="thirty-one", seats=2, options={"lives": 1})
    keys = {}
    for name in ("Sara", "Tom"):
        seat, key = svc.join(t.code, name)
        keys[seat] = key
    return svc, t.code, keys


def _row(message: dict, seat: int) -> dict:
    return message["seats"][seat]


def test_the_page_counts_down_then_the_bot_plays_on_until_taken_back(tmp_path):
    clock = Clock()
    svc, code, keys = _table(tmp_path, clock)
    inbox = {seat: Inbox() for seat in keys}
    for seat, box in inbox.items():
        svc.subscribe(code, seat, box)
    s = svc._tables[code].session
    me = s.to_act
    other = 1 - me
    # the seat to act is told: 60 s (the timeout; nothing has passed yet)
    assert _row(inbox[me].last, me)["bot_in"] == 60.0
    assert _row(inbox[me].last, other)["bot_in"] is None         # not its turn
    clock.t += 45.0
    svc.subscribe(code, other, inbox[other])                     # any broadcast: 15 s left
    assert _row(inbox[me].last, me)["bot_in"] == 15.0
    assert svc.tick() == 0                                       # not yet
    clock.t += 15.0
    mark = s.mark
    assert svc.tick() == 1                                       # the bot plays her move
    assert s.mark > mark
    row = _row(inbox[me].last, me)
    assert row["played_by_bot"] is True and row["bot_in"] is None and row["connected"]
    # the teacher's list says the same
    listed = next(t for t in svc.tables() if t.code == code).players[me]
    assert listed["played_by_bot"] is True
    # the other student moves; at her next turn the bot plays on at once (no new 60 s)
    while s.to_act == other:
        svc.act(code, other, keys[other], s.view(other).legal[0], s.mark)
    if s.to_act == me:
        mark = s.mark
        assert svc.tick() == 1 and s.mark > mark
    # she takes the seat back: the bot stops, and she has the whole timeout again
    conn_sent: list[dict] = []
    conn = SeatConnection(svc, send=conn_sent.append, close=lambda c, r: None)
    conn.receive(json.dumps({"type": "hello", "table": code, "seat": me, "key": keys[me]}))
    conn.receive(json.dumps({"type": "back", "id": 1}))
    assert conn_sent[-1]["type"] == "ack", conn_sent[-1]
    row = _row(svc.update(code, me), me)
    assert row["played_by_bot"] is False
    while s.to_act == other:
        svc.act(code, other, keys[other], s.view(other).legal[0], s.mark)
    if s.to_act == me and not s.over:
        assert _row(svc.update(code, me), me)["bot_in"] == 60.0
        clock.t += 59.0
        assert svc.tick() == 0                                   # 1 s left: hers still


def test_taking_back_needs_the_seats_key(tmp_path):
    clock = Clock()
    svc, code, keys = _table(tmp_path, clock)
    import pytest

    from classroom.tables import BadSecret

    with pytest.raises(BadSecret):
        svc.take_back(code, 0, "x" * 32)
    assert svc.take_back(code, 0, keys[0]) == svc.mark(code)     # nothing to take: no-op
