"""The kernel's class link (widgets.kit.classlink): no link without a class server, the
outbox never blocks, retries while the server is down, each message answered once and
counted once when it is back (issue 22, items 3 and 4)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tables"))

from class_kit import ClassServer, check  # noqa: E402
from socket_kit import free_port  # noqa: E402

from classroom.tables import checks  # noqa: E402
from widgets.kit.classlink import ClassLink, http_url, page_student_key  # noqa: E402

KEY = "s" * 22


def test_no_class_server_no_link():
    assert ClassLink.from_env({}) is None
    assert ClassLink.from_env({"CARDGAMES_TABLES_URL": ""}) is None
    link = ClassLink.from_env({"CARDGAMES_TABLES_URL": "ws://127.0.0.1:9/tables/ws",
                               "JUPYTERHUB_API_TOKEN": "t0k"})
    assert link is not None and link.url == "http://127.0.0.1:9/tables/api/class/send"
    assert link.token == "t0k"
    link.close()


def test_page_student_key_only_takes_a_key():
    assert page_student_key("student=" + KEY + "&lang=hr") == KEY
    assert page_student_key("student=" + "x" * 10) is None
    assert page_student_key("") is None


def test_offline_student_keeps_working_results_sent_once_when_back(tmp_path):
    port = free_port()
    link = ClassLink(http_url(f"ws://127.0.0.1:{port}/tables/ws"), student=KEY,
                     backoff=(0.05, 0.2))
    answers = []
    t0 = time.monotonic()
    for i in range(4):                       # the server is down
        link.send("check", check("03-two-aces", str(i), "wrong", "hint-1"),
                  on_answer=answers.append)
    assert time.monotonic() - t0 < 0.5       # send never waits for the server
    deadline = time.monotonic() + 10
    while link.state != "offline":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert link.pending == 4 and answers == []
    assert "sent when it is back" in link.status_text()
    tries_offline = link.tries
    assert tries_offline >= 1
    server = ClassServer(tmp_path, port=port)   # the server is back
    try:
        assert link.flush(20)
        assert link.state == "shared" and link.pending == 0
        assert answers == [{"ok": True, "answer": {"counted": True}}] * 4
        assert server.store is not None
        ex = checks.summary(server.store)["lessons"][0]["exercises"][0]
        assert (ex["exercise"], ex["tried"], ex["checks"]) == ("03-two-aces", 1, 4)
        # a resend of an answered message (a lost answer) is counted once
        link._count -= 1
        link.send("check", check("03-two-aces", "9", "right"))
        assert link.flush(10)
        ex = checks.summary(server.store)["lessons"][0]["exercises"][0]
        assert ex["checks"] == 4 and ex["solved"] == 0
    finally:
        link.close()
        server.stop()


def test_a_refusal_is_final_and_answered_once(tmp_path):
    server = ClassServer(tmp_path)
    link = ClassLink(server.send_url, student=KEY, backoff=(0.05, 0.2))
    answers = []
    try:
        link.send("check", check("nonsense", "4", "right"), on_answer=answers.append)
        link.send("check", check("01-six-players", "4", "right"), on_answer=answers.append)
        assert link.flush(10)
        assert [a["ok"] for a in answers] == [False, True]
        assert answers[0]["error"]["code"] == "bad-message" and answers[0]["status"] == 400
        assert link.tries == 2
    finally:
        link.close()
        server.stop()


def test_the_key_is_made_by_the_kernel_without_one(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=hr")
    link = ClassLink("http://127.0.0.1:9/x")
    key = link.student()
    assert len(key) == 24 and key == link.student()
    monkeypatch.setenv("QUERY_STRING", "student=" + KEY)
    assert ClassLink("http://127.0.0.1:9/x").student() == KEY


@pytest.mark.parametrize("status", [429, 500, 503])
def test_busy_answers_are_tried_again(status):
    calls = []

    def post(url, body, headers, timeout):
        calls.append(body)
        if len(calls) < 3:
            return status, {}
        return 200, {"ok": True, "answer": {"counted": True}}

    link = ClassLink("http://x/tables/api/class/send", student=KEY, post=post,
                     backoff=(0.01, 0.02))
    got = []
    link.send("check", check("01-six-players", "4", "right"), on_answer=got.append)
    assert link.flush(5)
    link.close()
    assert len(calls) == 3 and len(set(calls)) == 1          # the same message, same id
    assert got == [{"ok": True, "answer": {"counted": True}}]


class QuerySocket:
    """Voila's query socket (``voila/query/<kernel id>``) on 127.0.0.1: it sends the page's
    request (as JSON) ``delay`` s after a kernel connects, or never (``delay=None``)."""

    def __init__(self, query: str, delay: float | None) -> None:
        import asyncio
        import json
        import threading

        from tornado.web import Application
        from tornado.websocket import WebSocketHandler

        outer = self
        self.port = free_port()
        self.connections = 0
        ready = threading.Event()

        class Handler(WebSocketHandler):
            def open(self, kernel_id):
                outer.connections += 1
                if delay is not None:
                    self.io_loop = asyncio.get_event_loop()
                    self.io_loop.call_later(delay, self.write_message,
                                            json.dumps({"QUERY_STRING": query}))

        def run() -> None:
            self.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self.loop)
            self.http = Application([(r"/voila/query/(.*)", Handler)]).listen(
                self.port, "127.0.0.1")
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(10)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.http.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def preheated(monkeypatch):
    def make(query, delay):
        server = QuerySocket(query, delay)
        monkeypatch.setenv("VOILA_PREHEAT", "True")
        monkeypatch.setenv("VOILA_APP_PORT", str(server.port))
        monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
        monkeypatch.delenv("QUERY_STRING", raising=False)
        made.append(server)
        return server
    made: list[QuerySocket] = []
    yield make
    for s in made:
        s.stop()
    import os
    os.environ.pop("QUERY_STRING", None)


def test_a_preheated_kernel_waits_in_the_thread_for_its_pages_key(preheated):
    """A pooled kernel runs its notebook before any page takes it: the key arrives on
    Voila's query socket when a page does; the link's thread (never the kernel's loop)
    waits for it there."""
    import os
    server = preheated(f"lang=hr&student={KEY}", delay=0.5)
    link = ClassLink("http://127.0.0.1:9/x")
    t0 = time.monotonic()
    assert link.student() == KEY
    assert 0.4 < time.monotonic() - t0 < 5
    assert os.environ["QUERY_STRING"] == f"lang=hr&student={KEY}"   # as Voila's own
    assert server.connections == 1


def test_a_preheated_kernel_whose_notebook_reads_the_query_itself(preheated):
    """The notebook took the query meanwhile (Voila sends it to one waiter only): the
    thread sees it in os.environ within a second instead of waiting forever."""
    import os
    import threading
    preheated("never-sent", delay=None)
    link = ClassLink("http://127.0.0.1:9/x")
    threading.Timer(0.3, lambda: os.environ.__setitem__(
        "QUERY_STRING", f"student={KEY}")).start()
    t0 = time.monotonic()
    assert link.student() == KEY
    assert time.monotonic() - t0 < 3
