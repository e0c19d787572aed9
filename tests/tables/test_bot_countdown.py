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
    deal = s.view(me).round
    while s.to_act == other:
        svc.act(code, other, keys[other], s.view(other).legal[0], s.mark)
    if s.to_act == me and not s.over:
        # the timeout; and as long again if a deal ended meanwhile (its result on show)
        wait = 60.0 if s.view(me).round == deal else 120.0
        assert _row(svc.update(code, me), me)["bot_in"] == wait
        clock.t += wait - 1.0
        assert svc.tick() == 0                                   # 1 s left: hers still


def test_taking_back_needs_the_seats_key(tmp_path):
    clock = Clock()
    svc, code, keys = _table(tmp_path, clock)
    import pytest

    from classroom.tables import BadSecret

    with pytest.raises(BadSecret):
        svc.take_back(code, 0, "x" * 32)
    assert svc.take_back(code, 0, keys[0]) == svc.mark(code)     # nothing to take: no-op


def _handed_to_the_bot(svc, code, clock):
    """The seat to act idles past the timeout (60 s) and the bot plays it; that seat."""
    s = svc._tables[code].session
    me = s.to_act
    clock.t += 60.0
    assert svc.tick() == 1
    assert svc._tables[code].by_bot == {me}
    return me


def test_a_returning_student_gets_the_seat_back(tmp_path):
    """A student whose seat the bot plays, back on the page (a reload, a reconnection), has
    the seat again, with a whole timeout: the bot does not play on at their next turn."""
    clock = Clock()
    svc, code, keys = _table(tmp_path, clock)
    inbox = {seat: Inbox() for seat in keys}
    for seat, box in inbox.items():
        svc.subscribe(code, seat, box)
    me = _handed_to_the_bot(svc, code, clock)
    svc.unsubscribe(code, me, inbox[me])                 # her page closes ...
    svc.subscribe(code, me, inbox[me])                   # ... and comes back
    row = _row(inbox[me].last, me)
    assert row["played_by_bot"] is False and row["connected"]
    s = svc._tables[code].session
    other = 1 - me
    while s.to_act == other and not s.over:
        svc.act(code, other, keys[other], s.view(other).legal[0], s.mark)
    if s.to_act == me:
        assert _row(svc.update(code, me), me)["bot_in"] == 60.0
        clock.t += 59.0
        assert svc.tick() == 0                           # hers: 1 s left


def test_a_click_even_a_refused_one_takes_the_seat_back(tmp_path):
    """A student clicking a move after the bot played it (a stale mark: refused, T5) is at
    the table: the seat is theirs again, nothing else changes."""
    clock = Clock()
    svc, code, keys = _table(tmp_path, clock)
    me = _handed_to_the_bot(svc, code, clock)
    s = svc._tables[code].session
    sent: list[dict] = []
    conn = SeatConnection(svc, send=sent.append, close=lambda c, r: None)
    conn.receive(json.dumps({"type": "hello", "table": code, "seat": me, "key": keys[me]}))
    svc._tables[code].by_bot.add(me)            # the hello returned it: handed over again
    mark = s.mark
    conn.receive(json.dumps({"type": "act", "id": 1, "mark": mark - 1, "action": "pass"}))
    assert sent[-1]["type"] == "refused" and sent[-1]["error"]["code"] == "stale-action"
    assert s.mark == mark and svc._tables[code].by_bot == set()
    assert _row(svc.update(code, me), me)["played_by_bot"] is False


def _to_the_end_of_a_deal(svc, code, keys):
    """Both students play until the first deal ends (one reveals at once, T8, the others
    stand their last turn, T10); the engine deals the next by itself (T13)."""
    s = svc._tables[code].session
    first = s.view(0).round
    while s.view(0).round == first:
        seat = s.to_act
        legal = list(s.view(seat).legal)
        action = "reveal" if "reveal" in legal else legal[0]
        svc.act(code, seat, keys[seat], action, s.mark)
    assert not s.over, "the match went on (3 lives each, R-T8)"
    return s


def test_a_deals_result_on_show_holds_the_countdown(tmp_path):
    """After a Thirty-One deal's result (T13) the next deal is dealt at once, but each
    student's page shows the result until they press "Next deal": the bot's countdown for
    their next move starts then (a ``back``), or a whole timeout later at the latest.
    (Before: the 60 s ran while the result was read, and the bot played at 60 s.)"""
    clock = Clock()
    svc = service(tmp_path, clock, bot_timeout=60.0, reconnect_grace=10.0)
    t = svc.create_table(game="thirty-one", seats=2, options={"lives": 3})
    keys = dict(svc.join(t.code, name) for name in ("Sara", "Tom"))
    code = t.code
    inbox = {seat: Inbox() for seat in keys}
    for seat, box in inbox.items():
        svc.subscribe(code, seat, box)
    s = _to_the_end_of_a_deal(svc, code, keys)
    me = s.to_act
    # reading the result: 60 s of reading and 60 s of the move, no countdown on the page
    assert _row(svc.update(code, me), me)["bot_in"] == 120.0
    clock.t += 20.0
    assert svc.tick() == 0
    assert _row(svc.update(code, me), me)["bot_in"] == 100.0
    # she leaves the result after these 20 s: her move clock starts there
    assert svc.take_back(code, me, keys[me]) == s.mark
    assert _row(svc.update(code, me), me)["bot_in"] == 60.0
    clock.t += 59.0
    assert svc.tick() == 0
    clock.t += 1.0
    assert svc.tick() == 1                       # the countdown ran out: the bot plays
    # never pressed: the bot plays at reading + move time (120 s), not at 60 s
    s2 = _to_the_end_of_a_deal(svc, code, keys) if not s.over else None
    if s2 is not None and not s2.over:
        me = s2.to_act
        clock.t += 119.0
        assert svc.tick() == 0
        clock.t += 1.0
        assert svc.tick() == 1
