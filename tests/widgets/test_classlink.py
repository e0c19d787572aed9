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
