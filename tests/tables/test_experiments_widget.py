"""The student's widget (widgets.explainers.class_experiment) against a real HTTP server of
the experiments (issue 22): its share counted and the class's figure beside its own, a
refusal worded, a server that does not answer keeps the result and sends it once later,
no server at all gives the one-line note."""

from __future__ import annotations

import asyncio
import re
import tempfile
import threading
from pathlib import Path

import pytest
from socket_kit import free_port
from tornado import web
from tornado.ioloop import IOLoop

from classroom.tables.auth import TokenAuth
from classroom.tables.experiments import ExperimentService
from classroom.tables.projector import experiment_handlers
from widgets.explainers.class_experiment import ClassExperiment, class_api_base


class Server:
    """The experiments' API on a free port of 127.0.0.1, in a thread with its own loop."""

    def __init__(self, svc: ExperimentService, port: int | None = None) -> None:
        self.port = port or free_port()
        self.svc = svc
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(asyncio.new_event_loop())
            app = web.Application(experiment_handlers("/"), cardgames_experiments=svc,
                                  cardgames_tables_auth=TokenAuth("t" * 40))
            self.http = app.listen(self.port, address="127.0.0.1")
            self.loop = IOLoop.current()
            ready.set()
            self.loop.start()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(10)

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/tables/ws"

    def stop(self) -> None:
        def halt() -> None:
            self.http.stop()
            self.loop.stop()

        self.loop.add_callback(halt)
        self.thread.join(10)


@pytest.fixture
def svc():
    with tempfile.TemporaryDirectory() as d:
        s = ExperimentService(Path(d) / "class.sqlite3")
        yield s
        s.close()


def test_a_share_is_counted_and_the_class_shown_beside_mine(svc) -> None:
    server = Server(svc)
    try:
        svc.open_run("hands", n=50)
        a = ClassExperiment("hands", url=server.ws_url, student="student-a-1234567890abcdefgh")
        b = ClassExperiment("hands", url=server.ws_url, student="student-b-1234567890abcdefgh")
        assert "not shared" not in a.note.value
        a.add_share()           # no running loop here: the work runs before add_share returns
        b.add_share()
        b.add_share()
        assert "counted" in b.status.value and b.shares == 2 and a.shares == 1
        pooled = svc.pooled("hands")
        assert pooled.shares == 3 and pooled.trials == (150,)
        mine = sum(r.successes[0] for r in b._results)
        assert f"{mine} of 100" in b.mine.value
        assert "The class (3 shares)" in b.pooled.value
        k = pooled.series[0].successes
        assert re.search(rf"\b{k} of 150\b", b.pooled.value), b.pooled.value
        assert "4/31" in b.pooled.value
        svc.close_run("hands")
        a.add_share()
        assert "Not counted" in a.status.value and a.shares == 1
        a.close_all()
        b.close_all()
    finally:
        server.stop()


def test_a_server_that_does_not_answer_keeps_the_result_and_sends_it_once(svc) -> None:
    port = free_port()
    server = Server(svc, port)
    svc.open_run("liar", n=20)
    w = ClassExperiment("liar", url=server.ws_url, student="student-c-1234567890abcdefgh", timeout=2.0)
    # the seed arrives, then the server goes away before the result is sent
    sent = []
    post = w._post

    def flaky(path, body, *, mid=None):
        if path == "result" and not sent:
            sent.append(mid)
            raise OSError("connection refused")
        return post(path, body, mid=mid)

    w._post = flaky
    w.add_share()
    assert "does not answer" in w.status.value and w.shares == 0
    assert w._pending is not None and svc.pooled("liar").shares == 0
    w.add_share()                      # the connection is back: the kept result goes, once
    assert w.shares == 1 and svc.pooled("liar").shares == 1
    assert len(svc.runs()) == 1 and svc.runs()[0]["shares"] == 1
    w.close_all()
    server.stop()


def test_without_a_class_server_the_share_runs_locally_with_one_note() -> None:
    assert class_api_base("") is None
    w = ClassExperiment("reveal", url="", seed=2)
    assert w.note.value.count(".") == 1 and "no class server" in w.note.value
    w.add_share()
    assert w.shares == 1 and "reveal at 21" in w.mine.value and "Exact value" not in w.pooled.value
    w.close_all()
