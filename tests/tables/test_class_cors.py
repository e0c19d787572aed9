"""The class API and the static site's pages (issue 33): a narrow CORS allowance.

A static site's page (``cardgames site --class-server``) posts its checks from the
student's browser, from the site's origin; the class server takes them only from the
origins the teacher named (``cardgames serve --allow-origin``,
``classroom.tables.cors``), answers their preflight and nothing else's, hands them a
student key it signed, and checks every message as before.  A real tornado server on
127.0.0.1 (``class_kit``); the browser's side is ``tests/browser/test_static_site.py``.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from class_kit import ClassServer, check

from classroom.tables.cors import KEY_BURST, parse_origin
from classroom.tables.students import key_issued

SITE = "https://school.example"
SECRET = b"cors-test-secret-0123456789abcdef"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("cors"), cardgames_class_origins=(SITE,),
                    cardgames_student_secret=SECRET, cardgames_class_clock=lambda: 0.0)
    try:
        yield s
    finally:
        s.stop()


def request(url, *, method="GET", body=None, headers=None):
    """``(status, headers, JSON answer or {})`` of one request."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            raw, status, got = r.read(), r.status, r.headers
    except urllib.error.HTTPError as e:
        raw, status, got = e.read(), e.code, e.headers
    return status, got, json.loads(raw) if raw.startswith(b"{") else {}


def key_for(server, *, origin=SITE, address="192.168.1.31"):
    return request(server.base + "/tables/api/class/key",
                   headers={"Origin": origin, "X-Real-Ip": address})


def test_the_preflight_is_answered_for_the_named_origin_only(server):
    asked = {"Access-Control-Request-Method": "POST",
             "Access-Control-Request-Headers": "content-type"}
    status, headers, _ = request(server.send_url, method="OPTIONS",
                                 headers={"Origin": SITE, **asked})
    assert status == 204
    assert headers["Access-Control-Allow-Origin"] == SITE          # never "*"
    assert headers["Access-Control-Allow-Methods"] == "POST"
    assert headers["Access-Control-Allow-Headers"] == "Content-Type"
    assert "Access-Control-Allow-Credentials" not in headers
    for origin, more in (("https://other.example", {}),                 # not named
                         ("https://school.example:8443", {}),           # another port
                         (SITE, {"Access-Control-Request-Headers": "content-type, x-evil"}),
                         (SITE, {"Access-Control-Request-Method": "DELETE"})):
        status, headers, _ = request(server.send_url, method="OPTIONS",
                                     headers={"Origin": origin, **asked, **more})
        assert status == 403, (origin, more)
        assert "Access-Control-Allow-Origin" not in headers


def test_a_page_of_the_site_gets_a_signed_key_and_its_checks_are_counted(server):
    status, headers, answer = key_for(server)
    assert status == 200 and headers["Access-Control-Allow-Origin"] == SITE
    key = answer["answer"]["key"]
    assert key_issued(key, SECRET)                     # signed with the class's secret
    body = {"id": "site-1", "kind": "check", "student": key, "lang": "hr",
            "payload": check("01-six-players", "3", "wrong", "hint-1")}
    # a browser on the classroom's network: its address is not the server's own
    status, headers, answer = request(
        server.send_url, method="POST", body=body,
        headers={"Content-Type": "application/json", "Origin": SITE,
                 "X-Real-Ip": "192.168.1.31"})
    assert status == 200 and answer["ok"] is True, answer
    assert headers["Access-Control-Allow-Origin"] == SITE
    assert server.store.count("check") == 1


def test_everything_else_is_refused_as_before(server):
    before = server.store.count("check")
    status, _, answer = key_for(server)
    key = answer["answer"]["key"]
    body = {"id": "site-2", "kind": "check", "student": key,
            "payload": check("01-six-players", "4", "right")}
    json_type = {"Content-Type": "application/json", "X-Real-Ip": "192.168.1.31"}
    # no origin, or one not named: not from a kernel of this server (403), no CORS header
    for origin in ({}, {"Origin": "https://other.example"}):
        status, headers, answer = request(server.send_url, method="POST", body=body,
                                          headers={**json_type, **origin})
        assert status == 403 and answer["error"]["code"] == "not-a-kernel", answer
        assert "Access-Control-Allow-Origin" not in headers
    # a key this server never signed (a page that made one up)
    status, _, answer = request(server.send_url, method="POST",
                                body={**body, "student": "m" * 38},
                                headers={**json_type, "Origin": SITE})
    assert status == 400 and answer["error"]["code"] == "bad-student", answer
    # a bad payload is still refused (the verdict is one of right, wrong, rounding)
    bad = {**body, "payload": {**body["payload"], "verdict": "maybe"}}
    status, _, answer = request(server.send_url, method="POST", body=bad,
                                headers={**json_type, "Origin": SITE})
    assert status == 400 and answer["error"]["code"] == "bad-message", answer
    assert server.store.count("check") == before                 # nothing stored


def test_keys_are_only_for_the_site_and_bounded(server):
    for origin in ("https://other.example", ""):
        status, headers, answer = key_for(server, origin=origin)
        assert status == 403 and "key" not in json.dumps(answer.get("answer", {}))
        assert "Access-Control-Allow-Origin" not in headers
    # the clock stands still: one address gets KEY_BURST keys, then 429; another address
    # is not held up by it
    statuses = [key_for(server, address="10.9.9.9")[0] for _ in range(KEY_BURST + 1)]
    assert statuses == [200] * KEY_BURST + [429]
    assert key_for(server, address="10.9.9.10")[0] == 200


def test_without_named_origins_nothing_changes(tmp_path):
    plain = ClassServer(tmp_path, cardgames_student_secret=SECRET)
    try:
        status, headers, _ = request(plain.send_url, method="OPTIONS", headers={
            "Origin": SITE, "Access-Control-Request-Method": "POST"})
        assert status == 403 and "Access-Control-Allow-Origin" not in headers
        assert key_for(plain)[0] == 403
    finally:
        plain.stop()


@pytest.mark.parametrize("text", ["https://school.example/homework", "school.example",
                                  "ftp://school.example", "https://school.example/?x=1",
                                  "https://user@school.example", "https://"])
def test_an_origin_is_scheme_host_and_port_only(text):
    with pytest.raises(ValueError, match="an origin is scheme://host"):
        parse_origin(text)


def test_the_teachers_origin_is_written_as_browsers_send_it():
    assert parse_origin(" HTTPS://School.Example:8443/ ") == "https://school.example:8443"
    assert parse_origin("http://[::1]:8000") == "http://[::1]:8000"
