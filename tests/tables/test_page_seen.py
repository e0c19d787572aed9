"""A seat whose page left is away at once, though its kernel still holds the seat's
connection (issue 29, finding 7: "connected" is right within 2 s; stop 37's CI: a tab
closed with no shutdown beacon kept its seat "connected" for as long as its kernel
lived).  The classroom server tells the service of the page's own websocket
(``classroom/seatpages.py``, ``TableService.page_seen``); the browser side is
``tests/browser/test_online_phone.py::test_connected_is_right_within_two_seconds_of_a_page_closing``.
"""

from __future__ import annotations

import pytest
from tables_kit import Clock, Inbox, service

from classroom.seatpages import SeatPages


@pytest.fixture
def table(tmp_path):
    svc = service(tmp_path, Clock(), bot_timeout=600.0)
    t = svc.create_table(game="liar", seats=2, options={})
    keys = dict(svc.join(t.code, name) for name in ("Ana", "Ivo"))
    inbox = {seat: Inbox() for seat in keys}
    for seat, box in inbox.items():             # each seat's kernel is connected
        svc.subscribe(t.code, seat, box)
    yield svc, t.code, inbox
    svc.close()


def _connected(svc, code) -> list[bool]:
    return [p["connected"] for p in svc.summary(code).players]


def test_a_page_leaving_shows_its_seat_away_at_once_and_back_on_its_return(table):
    svc, code, inbox = table
    svc.page_seen(code, 0, "k-ana", connected=True)
    assert _connected(svc, code) == [True, True]
    before = len(inbox[1].messages)
    svc.page_seen(code, 0, "k-ana", connected=False)
    assert _connected(svc, code) == [False, True]
    assert svc.connected(code, 0), "the kernel's connection is still there"
    # the other student's page is told too, with the same word
    assert len(inbox[1].messages) == before + 1
    assert [s["connected"] for s in inbox[1].messages[-1]["seats"]] == [False, True]
    svc.page_seen(code, 0, "k-ana", connected=True)           # back from a network gap
    assert _connected(svc, code) == [True, True]


def test_an_older_page_leaving_after_a_reload_changes_nothing(table):
    svc, code, inbox = table
    svc.page_seen(code, 0, "k-old", connected=True)
    svc.page_seen(code, 0, "k-new", connected=True)            # the reloaded page
    before = [len(box.messages) for box in inbox.values()]
    svc.page_seen(code, 0, "k-old", connected=False)           # the old one's socket ends
    assert _connected(svc, code) == [True, True]
    assert [len(box.messages) for box in inbox.values()] == before, "nothing to tell"


def test_a_seat_whose_kernel_is_gone_is_away_whatever_its_page(table):
    svc, code, _inbox = table
    svc.page_seen(code, 1, "k-ivo", connected=True)
    svc.unsubscribe(code, 1)
    assert _connected(svc, code) == [True, False]


@pytest.mark.parametrize("code, seat", [("NOSUCH", 0), (None, 0), ("", 0)])
def test_unknown_tables_and_seats_are_ignored(table, code, seat):
    svc, real, _inbox = table
    svc.page_seen(code, seat, "k", connected=False)
    for bad_seat in (-1, 2, 99):
        svc.page_seen(real, bad_seat, "k", connected=False)
    assert _connected(svc, real) == [True, True]


def test_the_page_map_counts_each_pages_sockets():
    pages = SeatPages()
    pages.bind("k1", "T", 0)
    assert pages.opened("k1") == ("T", 0)
    assert pages.opened("k1") is None                  # a second socket of the same page
    assert pages.closed("k1") is None                  # one is still open
    assert pages.closed("k1") == ("T", 0)
    assert pages.closed("k1") is None                  # a close too many is not a leave
    pages.forget("k1")
    assert pages.opened("k1") is None and len(pages) == 0


def test_a_seat_whose_page_left_is_played_by_the_bot_after_the_grace(tmp_path):
    """Not after the idle timeout: the page is gone though its kernel is connected.  The
    clock is the test's: grace 10 s, idle 600 s."""
    clock = Clock()
    svc = service(tmp_path, clock, bot_timeout=600.0, reconnect_grace=10.0)
    try:
        t = svc.create_table(game="liar", seats=2, options={})
        keys = dict(svc.join(t.code, name) for name in ("Ana", "Ivo"))
        for seat in keys:
            svc.subscribe(t.code, seat, Inbox())
        svc.start(t.code)
        s = svc._tables[t.code].session
        seat = s.to_act
        svc.page_seen(t.code, seat, "k", connected=True)
        svc.page_seen(t.code, seat, "k", connected=False)
        clock.t += 9.0
        assert svc.tick() == 0 and s.to_act == seat, "within the grace: no bot"
        clock.t += 1.5
        assert svc.tick() == 1, "past the grace: the bot plays the seat"
        assert seat in svc._tables[t.code].by_bot
        svc.page_seen(t.code, seat, "k2", connected=True)          # her page is back
        assert seat not in svc._tables[t.code].by_bot
    finally:
        svc.close()
