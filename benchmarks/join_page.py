"""The join page with many tables (issue 29: "the join page stays <= 20 ms with 1,000").

    .venv/bin/python benchmarks/join_page.py                  # 1,000 tables, 300 requests
    .venv/bin/python benchmarks/join_page.py --tables 2000 --requests 500

A table service on a temporary store with ``--tables`` tables (a third dealt and played a
few moves by bots, a third with one student waiting, a third empty), the tables' pages on
a tornado server of 127.0.0.1 in a thread, and ``--requests`` GETs of
``tables/join/<CODE>`` (random codes, no cookie: an unauthenticated student) one after
another from this process.  Printed: the round trip's median, p95 and max (ms); the
service's own work per request (``TableService.summary``, cached; the old way, every
table summarised, for comparison) and the teacher's list (``tables()``) cold and warm.
Bounded: 127.0.0.1 only, one request at a time, at most ``--requests``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))            # before benchmarks/ (its classroom.py is a script)

from tornado.httpserver import HTTPServer  # noqa: E402
from tornado.ioloop import IOLoop  # noqa: E402
from tornado.web import Application  # noqa: E402

from classroom.tables.auth import TokenAuth  # noqa: E402
from classroom.tables.pages import page_handlers  # noqa: E402
from classroom.tables.routes import open_service  # noqa: E402
from classroom.tables.summary import summarize  # noqa: E402


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def make_tables(svc, n: int, rng: random.Random) -> list[str]:
    codes = []
    for i in range(n):
        game = "liar" if i % 2 else "thirty-one"
        options = {"rounds": 1} if game == "liar" else {"lives": 1}
        code = svc.create_table(game=game, seats=4, bots="random", options=options).code
        codes.append(code)
        if i % 3 == 1:
            svc.join(code, f"S{i}")
        elif i % 3 == 2:
            svc.join(code, f"S{i}")
            svc.start(code)          # bots play until the student's turn
    return codes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument("--requests", type=int, default=300)
    args = ap.parse_args(argv)
    import logging

    logging.getLogger("tornado.access").setLevel(logging.ERROR)
    rng = random.Random(29)
    with tempfile.TemporaryDirectory() as folder:
        svc = open_service(folder, seeds=lambda: rng.randrange(2**31))
        t0 = time.perf_counter()
        codes = make_tables(svc, args.tables, rng)
        print(f"{args.tables} tables made in {time.perf_counter() - t0:.1f} s")
        t0 = time.perf_counter()
        svc.tables()
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        svc.tables()
        warm = time.perf_counter() - t0
        t0 = time.perf_counter()
        for t in list(svc._tables.values()):
            summarize(t, svc.seat_list(t))
        every = time.perf_counter() - t0
        t0 = time.perf_counter()
        for code in rng.sample(codes, 100):
            svc.summary(code)
        one = (time.perf_counter() - t0) / 100
        print(f"teacher's list (tables()): cold {ms(cold)} ms, warm {ms(warm)} ms; "
              f"every table summarised (937bc5c's join page): {ms(every)} ms; "
              f"one table's summary (the join page now): {ms(one)} ms")

        ready = threading.Event()
        box: dict[str, object] = {}

        def serve() -> None:
            asyncio.set_event_loop(asyncio.new_event_loop())
            app = Application(page_handlers("/"), cardgames_tables=svc,
                              cardgames_tables_auth=TokenAuth("t" * 32))
            server = HTTPServer(app)
            sockets = __import__("tornado.netutil", fromlist=["bind_sockets"]).bind_sockets(
                0, "127.0.0.1")
            server.add_sockets(sockets)
            box["port"] = sockets[0].getsockname()[1]
            box["loop"], box["server"] = IOLoop.current(), server
            ready.set()
            IOLoop.current().start()

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        ready.wait(10)
        base = f"http://127.0.0.1:{box['port']}/tables/join/"
        times = []
        for _ in range(min(args.requests, 2000)):
            code = rng.choice(codes)
            t0 = time.perf_counter()
            try:
                with urllib.request.urlopen(base + code, timeout=10) as r:
                    r.read()
            except urllib.error.HTTPError as e:     # a started table: 409, still a page
                e.read()
            times.append(time.perf_counter() - t0)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"GET tables/join/<CODE>, {len(times)} requests over {args.tables} tables: "
              f"median {ms(statistics.median(times))} ms, p95 {ms(p95)} ms, "
              f"max {ms(times[-1])} ms (load average {os.getloadavg()[0]:.1f})")
        loop = box["loop"]
        loop.add_callback(loop.stop)  # type: ignore[attr-defined]
        thread.join(10)
        svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
