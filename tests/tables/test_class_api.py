"""The class link's store and HTTP API (classroom.tables.students, .classapi, .checks):
each message answered once and counted once, every bad message refused and nothing
changed, the rate limit per student, nothing lost over a restart (issue 22, item 4)."""

from __future__ import annotations

import json
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from class_kit import ClassServer, check, post

from classroom.tables import checks
from classroom.tables.classapi import BURST, MAX_BODY, RATE
from classroom.tables.students import (
    BadStudent,
    ClassStore,
    check_key,
    link_students,
    new_key,
    student_id,
)

KEY = "k" * 22
OTHER = "o" * 22


@pytest.fixture
def server(tmp_path):
    s = ClassServer(tmp_path)
    yield s
    s.stop()


def msg(mid, payload, *, student=KEY, kind="check", **extra):
    return {"id": mid, "kind": kind, "student": student, "payload": payload, **extra}


def rows(folder):
    db = sqlite3.connect(folder / "class.sqlite3")
    try:
        return db.execute("SELECT student, exercise, answer, verdict, hint FROM checks "
                          "ORDER BY rowid").fetchall()
    except sqlite3.OperationalError:        # no check was ever stored: no table yet
        return []
    finally:
        db.close()


def test_the_key_is_stored_hashed_never_itself(tmp_path, server):
    status, answer = post(server.send_url, msg("a-1", check("01-six-players", "4", "right"),
                                               name="Ana"))
    assert (status, answer) == (200, {"id": "a-1", "ok": True, "answer": {"counted": True}})
    raw = (tmp_path / "class.sqlite3").read_bytes() + b"".join(
        p.read_bytes() for p in tmp_path.glob("class.sqlite3-*"))
    assert KEY.encode() not in raw
    assert rows(tmp_path) == [(student_id(KEY), "01-six-players", "4", "right", "")]


def test_a_repeat_is_answered_with_the_first_answer_and_counted_once(tmp_path, server):
    first = post(server.send_url, msg("a-1", check("01-six-players", "3", "wrong", "hint-1")))
    again = post(server.send_url, msg("a-1", check("01-six-players", "4", "right")))
    assert first == again == (200, {"id": "a-1", "ok": True, "answer": {"counted": True}})
    # the same id from another student is another message
    assert post(server.send_url, msg("a-1", check("01-six-players", "4", "right"),
                                     student=OTHER))[0] == 200
    assert [r[2:] for r in rows(tmp_path)] == [("3", "wrong", "hint-1"), ("4", "right", "")]


@pytest.mark.parametrize("body, code", [
    (msg("a-1", check("01-six-players", "4", "maybe")), "bad-message"),          # verdict
    (msg("a-1", check("01-six-players", "4", "right", "hint-1")), "bad-message"),  # hint on right
    (msg("a-1", check("nonsense", "4", "right")), "bad-message"),                 # exercise id
    (msg("a-1", check("01-six-players", "x" * 201, "wrong", "hint-1")), "bad-message"),
    (msg("a-1", {**check("01-six-players", "4", "right"), "solution": "4"}), "bad-message"),
    (msg("a-1", check("01-six-players", "4", "right"), student="short"), "bad-student"),
    (msg("a-1", check("01-six-players", "4", "right"), student=None), "bad-student"),
    (msg("a 1", check("01-six-players", "4", "right")), "bad-message"),           # id
    (msg("a-1", check("01-six-players", "4", "right"), kind="grade"), "unknown-kind"),
    (msg("a-1", check("01-six-players", "4", "right"), name="\n"), "bad-name"),
    ({**msg("a-1", check("01-six-players", "4", "right")), "admin": True}, "bad-message"),
    (b"not json", "bad-message"),
    (b"[1, 2]", "bad-message"),
])
def test_forged_messages_are_refused_and_change_nothing(tmp_path, server, body, code):
    status, answer = post(server.send_url, body)
    assert answer["ok"] is False and answer["error"]["code"] == code
    assert status == {"bad-message": 400, "bad-student": 400, "bad-name": 400,
                      "unknown-kind": 404}[code]
    assert rows(tmp_path) == []


def test_oversized_and_non_json_bodies_are_refused(tmp_path, server):
    big = msg("a-1", check("01-six-players", "4", "right"))
    big["payload"]["answer"] = "4" + " " * MAX_BODY
    status, answer = post(server.send_url, big)
    assert (status, answer["error"]["code"]) == (413, "too-large")
    status, answer = post(server.send_url, msg("a-1", check("01-six-players", "4", "right")),
                          ctype="application/x-www-form-urlencoded")
    assert (status, answer["error"]["code"]) == (415, "not-json")
    assert rows(tmp_path) == []


def test_a_refusal_is_in_the_messages_language(server):
    status, answer = post(server.send_url, msg("a-1", check("x", "4", "right"), lang="de"))
    assert status == 400
    from cardgames.i18n import gettext
    german = gettext("a message the table cannot read: {why}", lang="de").split("{why}")[0]
    assert not german.startswith("a message")
    assert answer["error"]["message"].startswith(german)


def test_the_rate_limit_is_per_student(tmp_path, server):
    # sent at once from 8 threads, so that the bucket's refill (RATE a second) adds as
    # little as the machine allows; the bound below counts what it did add (a busy
    # machine once took longer than 5 posts' refill for 35 posts sent one by one)
    sent = BURST + 20
    t0 = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda i: post(server.send_url, msg(
            f"a-{i}", check("01-six-players", "3", "wrong", "hint-1")))[0], range(sent)))
    allowed = BURST + RATE * (time.monotonic() - t0)
    assert set(answers) <= {200, 429}
    assert answers.count(200) >= BURST                  # the burst passes
    assert answers.count(200) <= allowed + 1            # then: no more than the refill
    if sent > allowed + 1:
        assert 429 in answers                           # too many
    counted = answers.count(200)
    # another student is not slowed down by the first
    assert post(server.send_url, msg("b-1", check("01-six-players", "4", "right"),
                                     student=OTHER))[0] == 200
    assert len(rows(tmp_path)) == counted + 1


def test_a_restart_loses_no_acknowledged_check(tmp_path):
    s = ClassServer(tmp_path)
    port = s.port
    for i in range(5):
        assert post(s.send_url, msg(f"a-{i}", check("02-x", str(i), "wrong", "hint-1")))[0] == 200
    s.stop()
    s = ClassServer(tmp_path, port=port)
    try:
        assert post(s.send_url, msg("a-4", check("02-x", "9", "right")))[1]["answer"] == {
            "counted": True}                                   # a resend: counted once
        assert len(rows(tmp_path)) == 5
        assert s.store is not None
        assert checks.summary(s.store)["lessons"][0]["exercises"][0]["checks"] == 5
    finally:
        s.stop()


def test_keys_and_links():
    assert check_key(new_key()) and new_key() != new_key()
    with pytest.raises(BadStudent):
        check_key("k" * 21)
    with pytest.raises(BadStudent):
        check_key("k" * 21 + "/")
    page = ('<a href="/voila/render/01_deck.ipynb">x</a><a href="/voila/render/app_liar.ipynb'
            '?lang=de">y</a><a href="/rules/en.html">z</a>')
    assert link_students(page, KEY) == (
        f'<a href="/voila/render/01_deck.ipynb?student={KEY}">x</a>'
        f'<a href="/voila/render/app_liar.ipynb?lang=de&amp;student={KEY}">y</a>'
        '<a href="/rules/en.html">z</a>')


def test_a_refused_handler_rolls_back_everything(tmp_path):
    store = ClassStore(tmp_path / "c.sqlite3")
    checks.setup(store)

    def half_then_refuse(db, payload):
        db.execute("INSERT INTO checks VALUES ('s', '01-x', '01', 'a', 'wrong', '', 0, NULL)")
        raise BadStudent("no")

    with pytest.raises(BadStudent):
        store.submit("s", "m-1", "check", {}, half_then_refuse)
    assert store.read("SELECT COUNT(*) FROM checks") == [(0,)]
    assert store.count() == 0
    store.close()


class _FakeHandler:
    """What student_cookie uses of a tornado handler: the request's cookies, set_cookie."""

    def __init__(self, cookie: str | None) -> None:
        from http.cookies import SimpleCookie
        from types import SimpleNamespace

        jar = SimpleCookie()
        if cookie is not None:
            jar["cgstudent"] = cookie
        self.request = SimpleNamespace(cookies=jar)
        self.set: list[tuple[str, str, dict]] = []

    def set_cookie(self, name, value, **kw):
        self.set.append((name, value, kw))


def test_the_start_page_gives_a_browser_one_key_and_keeps_it():
    from classroom.tables.students import student_cookie

    first = _FakeHandler(None)
    key = student_cookie(first, path="/")
    assert check_key(key) == key
    [(name, value, kw)] = first.set
    assert (name, value) == ("cgstudent", key)
    assert kw["httponly"] is True and kw["samesite"] == "Lax" and kw["path"] == "/"
    again = _FakeHandler(key)                       # the same browser comes back
    assert student_cookie(again) == key and again.set == []
    forged = _FakeHandler("x" * 10)                 # not a key: a new one
    assert student_cookie(forged) != "x" * 10 and len(forged.set) == 1


def test_a_large_body_is_refused_before_it_is_read(tmp_path, server):
    """Content-Length over the bound: 413 at once; a body sent without a length (chunked)
    is not kept beyond the bound, and refused."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest("POST", "/tables/api/class/send")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Content-Length", str(50 * 1024 * 1024))
    conn.endheaders()                                   # and no body at all
    r = conn.getresponse()
    assert r.status == 413 and json.loads(r.read())["error"]["code"] == "too-large"
    conn.close()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    chunks = [b'{"id": "a-1", "kind": "check", "payload": {"answer": "', b"4" * 5000, b'"}}']
    conn.request("POST", "/tables/api/class/send", body=iter(chunks),
                 headers={"Content-Type": "application/json"}, encode_chunked=True)
    r = conn.getresponse()
    assert r.status == 413
    conn.close()
    assert rows(tmp_path) == []


@pytest.mark.parametrize("address, status", [("192.168.1.20", 403), ("10.0.0.7", 403),
                                             ("127.0.0.1", 200), ("::1", 200)])
def test_under_make_serve_only_the_servers_own_kernels_send(tmp_path, server, address, status):
    """A check posted from a student's laptop (not the server's own kernels) is refused."""
    got, answer = post(server.send_url, msg("a-1", check("01-six-players", "4", "right")),
                       headers={"X-Real-Ip": address})
    assert got == status
    if status == 403:
        assert answer["error"]["code"] == "not-a-kernel" and rows(tmp_path) == []
    else:
        assert len(rows(tmp_path)) == 1
