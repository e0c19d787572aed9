"""A seat's page notices that the table service is gone, and comes back with it (issue 29:
"Connected" is right within 2 s).

The service here stops the way an in-process server or a frozen process does: its loop
ends, but the seat's socket is left open (no close frame, no FIN).  Before the client's
pings (``widgets.tables.remote.PING_SECONDS``) such a page said nothing for as long as the
operating system kept the socket (minutes); now the page says "The connection to the table
was lost: reconnecting…" within about 2 s, and once a service is back on the same port
(from the store), the page is at its mark again, with the service's view.
"""

from __future__ import annotations

import shutil
import time

from socket_kit import ThreadServer
from tables_kit import Clock, service
from wire_kit import ram_folder, session_of, unthrottled, wait_for

from cardgames.wire import dump_seat_view, load_seat_view
from widgets.tables.remote import PING_SECONDS, PONG_SECONDS


def _page(server, code, seat, key):
    from widgets.tables.online import OnlineTable

    return OnlineTable({"table": code, "seat": str(seat), "key": key}, url=server.url,
                       loop=None, backoff=(0.1, 0.2))


def test_a_page_says_the_service_is_gone_within_2_s_and_comes_back(tmp_path_factory):
    mp = unthrottled()
    folder = ram_folder(tmp_path_factory)
    svc = service(folder, Clock())
    server = ThreadServer(svc)
    page = None
    try:
        t = server.call(lambda: svc.create_table(game="liar", seats=2, bots="heuristic"))
        seat, key = server.call(svc.join, t.code, "Ana")
        server.call(svc.start, t.code)
        page = _page(server, t.code, seat, key)
        s = page.session
        assert s is not None

        def shown() -> str:
            s.poll()                        # no kernel loop here: run the page's callbacks
            return str(page.status.value)

        wait_for(lambda: s.status == "playing" and s.mark == session_of(server, t.code).mark,
                 what="the first view")
        assert "reconnecting" not in shown()
        mark = s.mark
        port = server.port
        server.stop()                       # the loop ends; the socket stays open
        svc.close()
        gone = time.monotonic()
        most = PING_SECONDS + PONG_SECONDS + 0.5          # a ping, its pong, the close
        wait_for(lambda: "reconnecting" in shown(), most + 1.0,
                 "the page to say the service is gone")
        noticed = time.monotonic() - gone
        assert noticed <= most + 0.5, noticed                # a busy machine: ~2 s
        assert "The connection to the table was lost" in shown()
        # the service comes back from its store on the same port: the page reconnects
        svc = service(folder, Clock())
        assert svc.load() == 1
        server = ThreadServer(svc, port)
        wait_for(lambda: s.status == "playing", 10, "the page to reconnect")
        truth = session_of(server, t.code)
        wait_for(lambda: s.mark == truth.mark, 10, "the page to catch up")
        assert s.mark >= mark and "reconnecting" not in shown()
        assert s.view(seat) == load_seat_view(dump_seat_view(truth.view(seat)))
    finally:
        if page is not None:
            page.close()
        server.stop()
        svc.close()
        mp.undo()
        shutil.rmtree(folder, ignore_errors=True)
