"""classroom.tables.hub alone: the JupyterHub auth of the table routes (issue 21, 6).

A tornado app of stand-in routes (a page, a JSON API, a seat socket) wrapped by
``hub_handlers`` with a real :class:`jupyterhub.services.auth.HubOAuth` whose hub is
faked at one place: ``user_for_token`` answers from a table of tokens, as the hub's
``/hub/api/user`` would (name, kind, the token's scopes).  The real hub, its OAuth
and the real service are in tests/hub/test_tables_hub.py.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlparse

import pytest
from jupyterhub.services.auth import HubOAuth
from tornado import web
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.testing import AsyncHTTPTestCase, gen_test
from tornado.websocket import WebSocketHandler, websocket_connect

from cardgames.errors import CardgamesError
from classroom.tables.hub import (
    CLOSE_NOT_YOURS,
    TEACH_SCOPE,
    HubTablesAuth,
    hub_display_name,
    hub_handlers,
)

PREFIX = "/services/cardgames-tables/"
ACCESS = "access:services!service=cardgames-tables"


def user(name, *scopes, kind="user"):
    return {"name": name, "kind": kind, "scopes": sorted(scopes)}


#: token -> the hub's model of its owner (the scopes are the token's)
TOKENS = {
    "alice-browser": user("alice", ACCESS, "read:users:name!user=alice"),
    "bob-browser": user("bob", ACCESS),
    "teacher-browser": user("teacher", ACCESS, TEACH_SCOPE),
    "principal-browser": user("principal", ACCESS),           # an admin (admin_check)
    "no-access": user("carol", "read:users:name!user=carol"),  # no access to the service
    "alice-server": user("alice", "users:activity!user=alice", "access:servers!server=alice/"),
    "bob-server": user("bob", "users:activity!user=bob", "access:servers!server=bob/"),
    "a-service": user("cull", "read:users", kind="service"),
}


class FakeService:
    """``welcome(code, seat)`` as TableService has it: table K7QX3M, alice at seat 0,
    bob at 1, a bot at 2, seat 3 free."""

    def welcome(self, code, seat):
        if code.strip().upper() != "K7QX3M":
            raise CardgamesError(f"there is no table with the code {code}")
        return {"type": "welcome", "table": "K7QX3M", "seat": seat, "seats": [
            {"name": "alice", "kind": "student"}, {"name": "bob", "kind": "student"},
            {"name": "Bot 3", "kind": "bot"}, {"name": "", "kind": "free"}]}


class Page(web.RequestHandler):
    def get(self, *args):
        auth = self.settings["cardgames_tables_auth"]
        self.finish({"name": auth.display_name(self, "Typed Name"),
                     "teacher": auth.is_teacher(self)})

    def post(self, *args):
        self.finish({"posted": True})


class Seat(WebSocketHandler):
    def open(self):
        self.ok = self.settings["cardgames_tables_auth"].check_socket(self)

    def on_message(self, message):
        self.write_message(json.dumps({"got": message, "ok": self.ok}))


class Static(web.StaticFileHandler):
    pass


def make_auth(admins=("principal",), calls=None):
    hub_auth = HubOAuth(api_token="service-token", oauth_client_id="service-cardgames-tables",
                        api_url="http://127.0.0.1:9/hub/api", base_url=PREFIX,
                        hub_prefix="/hub/", access_scopes={ACCESS})

    async def user_for_token(token, use_cache=True, session_id="", *, sync=True):
        assert not sync, "the wrappers never block the loop on the hub"
        return TOKENS.get(token)

    hub_auth.user_for_token = user_for_token

    async def admin_check(name):
        if calls is not None:
            calls.append(name)
        return name in admins

    return HubTablesAuth(hub_auth=hub_auth, admin_check=admin_check, secret=b"k" * 32)


class HubRoutes(AsyncHTTPTestCase):
    def get_app(self):
        self.admin_calls = []
        self.auth = make_auth(calls=self.admin_calls)
        specs = [(PREFIX + "tables/join/(.*)", Page), (PREFIX + "tables/api/tables", Page),
                 (PREFIX + "tables/ws", Seat), (PREFIX + "tables/static/(.*)", Static,
                                               {"path": "/nonexistent"})]
        return web.Application(hub_handlers(PREFIX, specs), cookie_secret="s" * 32,
                               cardgames_tables=FakeService(), cardgames_tables_auth=self.auth,
                               cardgames_tables_prefix=PREFIX)

    def page(self, path, token=None, **kwargs):
        headers = {"Authorization": f"token {token}"} if token else {}
        return self.fetch(PREFIX + path, headers=headers, follow_redirects=False, **kwargs)

    # ---------------------------------------------------------------- pages
    def test_a_page_without_a_log_in_goes_to_the_hubs_oauth(self):
        resp = self.page("tables/join/K7QX3M")
        assert resp.code == 302
        target = urlparse(resp.headers["Location"])
        assert target.path == "/hub/api/oauth2/authorize"
        query = parse_qs(target.query)
        assert query["client_id"] == ["service-cardgames-tables"]
        assert query["redirect_uri"] == [PREFIX + "oauth_callback"]
        assert query["state"][0] and query["code_challenge_method"] == ["S256"]
        # the state is remembered in a cookie of the service's path, for the callback
        cookie = resp.headers["Set-Cookie"]
        assert cookie.startswith("service-cardgames-tables-oauth-state=")
        assert f"Path={PREFIX}" in cookie and "HttpOnly" in cookie

    def test_the_display_name_is_the_hub_users_not_the_typed_one(self):
        resp = self.page("tables/join/K7QX3M", "alice-browser")
        assert resp.code == 200
        assert json.loads(resp.body) == {"name": "alice", "teacher": False}

    def test_the_teacher_scope_or_an_admin_is_a_teacher(self):
        body = json.loads(self.page("tables/join/X", "teacher-browser").body)
        assert body == {"name": "teacher", "teacher": True}
        assert self.admin_calls == []          # the scope is enough: the hub is not asked
        for _ in range(2):
            body = json.loads(self.page("tables/join/X", "principal-browser").body)
            assert body == {"name": "principal", "teacher": True}
        assert self.admin_calls == ["principal"]   # asked once, then remembered
        body = json.loads(self.page("tables/join/X", "bob-browser").body)
        assert body == {"name": "bob", "teacher": False}

    def test_a_token_without_access_to_the_service_is_not_logged_in(self):
        assert self.page("tables/join/X", "no-access").code == 302
        assert self.page("tables/join/X", "not-a-token").code == 302
        assert self.page("tables/join/X", "a-service").code == 302

    def test_an_api_or_a_post_without_a_log_in_is_refused_not_redirected(self):
        assert self.page("tables/api/tables").code == 403
        assert self.page("tables/join/X", method="POST", body="").code == 403
        # a token in the header needs no XSRF token (the hub's rule)
        resp = self.page("tables/join/X", "alice-browser", method="POST", body="")
        assert resp.code == 200 and json.loads(resp.body) == {"posted": True}

    def test_static_files_are_not_wrapped(self):
        assert self.page("tables/static/x.css").code == 404   # no log-in redirect

    def test_the_home_page_sends_each_to_their_page(self):
        assert self.page("", "teacher-browser").headers["Location"] == PREFIX + "tables/teacher"
        assert self.page("", "alice-browser").headers["Location"] == PREFIX + "tables/join"
        assert "/hub/api/oauth2/authorize" in self.page("").headers["Location"]

    # ---------------------------------------------------------------- the seat socket
    def ws_url(self):
        return f"ws://127.0.0.1:{self.get_http_port()}{PREFIX}tables/ws"

    async def connect(self, token):
        headers = {"Authorization": f"token {token}"} if token else {}
        return await websocket_connect(HTTPRequest(self.ws_url(), headers=headers))

    @gen_test
    async def test_a_socket_needs_a_user_token_before_the_upgrade(self):
        for token in (None, "not-a-token", "a-service"):
            with pytest.raises(HTTPClientError) as e:
                await self.connect(token)
            assert e.value.code == 403, token

    @gen_test
    async def test_a_students_server_token_takes_their_own_seat(self):
        ws = await self.connect("alice-server")
        hello = {"type": "hello", "table": "k7qx3m", "seat": 0, "key": "x", "mark": None}
        await ws.write_message(json.dumps(hello))
        answer = json.loads(await ws.read_message())
        assert answer == {"got": json.dumps(hello), "ok": True}    # passed on to the service
        await ws.write_message(json.dumps({"type": "ping", "id": 1}))
        answer = json.loads(await ws.read_message())
        assert json.loads(answer["got"]) == {"type": "ping", "id": 1}
        ws.close()

    @gen_test
    async def test_a_token_of_bob_cannot_take_alices_seat(self):
        for seat in (0, 2):                      # alice's seat, a bot's seat
            ws = await self.connect("bob-server")
            await ws.write_message(json.dumps(
                {"type": "hello", "table": "K7QX3M", "seat": seat, "key": "alices-key",
                 "mark": None}))
            answer = json.loads(await ws.read_message())
            assert answer["type"] == "error" and answer["code"] == "not-your-seat"
            assert f"seat {seat} at table K7QX3M" in answer["message"]
            assert await ws.read_message() is None          # closed
            assert ws.close_code == CLOSE_NOT_YOURS

    @gen_test
    async def test_an_unreadable_or_unknown_hello_is_left_to_the_service(self):
        for first in ("{not json", json.dumps({"type": "hello", "table": "ZZZZZZ", "seat": 0}),
                      json.dumps({"type": "hello", "table": "K7QX3M", "seat": 9})):
            ws = await self.connect("bob-server")
            await ws.write_message(first)
            assert json.loads(await ws.read_message())["got"] == first
            ws.close()


def test_hub_display_name_is_printable_and_bounded():
    assert hub_display_name("ana\u0007") == "ana"
    assert hub_display_name("Zo\u0065\u0301") == "Zo\u00e9"       # NFC
    assert len(hub_display_name("n" * 100)) == 24


def test_no_teacher_token_on_the_hub():
    auth = make_auth()
    assert auth.teacher_token() == "" and not auth.matches("") and not auth.matches("x" * 32)
    assert auth.creator_key("K7QX3M") != auth.creator_key("K7QX3N")


def test_the_modules_examples():
    import doctest

    import classroom.tables.__main__ as main
    import classroom.tables.hub as hub

    for module in (hub, main):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_tornados_own_xsrf_is_left_alone():
    """HubOAuth patches tornado's XSRF methods of any handler it meets that is not
    ``HubAuthenticated``; the wrapped pages are, so make serve's pages in the same
    process (and the other tests) keep tornado's own check."""
    case = HubRoutes("test_the_display_name_is_the_hub_users_not_the_typed_one")
    case.setUp()
    try:
        case.test_the_display_name_is_the_hub_users_not_the_typed_one()
        case.test_an_api_or_a_post_without_a_log_in_is_refused_not_redirected()
        case.test_the_home_page_sends_each_to_their_page()
    finally:
        case.tearDown()
    assert web.RequestHandler.check_xsrf_cookie.__module__ == "tornado.web"
    assert "_xsrf_token_id" not in vars(web.RequestHandler)


def test_python_m_classroom_tables_runs_standalone(tmp_path):
    """``python -m classroom.tables`` without a hub: the same routes at ``--base-url``,
    the teacher token printed; the teacher's page opens with it and not without; SIGTERM
    stops it cleanly, and a restart finds the table again (the SQLite file)."""
    import os
    import re
    import signal
    import socket
    import subprocess
    import sys
    import urllib.error
    import urllib.parse
    import urllib.request

    def start():
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERHUB_")}
        env["CARDGAMES_DATA_DIR"] = str(tmp_path)
        proc = subprocess.Popen([sys.executable, "-m", "classroom.tables", "--port", str(port),
                                 "--base-url", "/class"], env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        lines = []
        for line in proc.stdout:              # bounded: the process prints 2 lines, then serves
            lines.append(line)
            if "Teacher's page" in line:
                break
            assert len(lines) < 50 and proc.poll() is None, "".join(lines)
        url = re.search(r"http://\S+", lines[-1]).group(0)
        return proc, port, url, "".join(lines)

    import http.cookiejar

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def status(url):
        try:
            with opener.open(url, timeout=10) as resp:
                return resp.status, resp.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, ""

    proc, port, url, out = start()
    try:
        assert url == (f"http://127.0.0.1:{port}/class/tables/teacher?token="
                       + (tmp_path / "teacher-token").read_text().strip())
        teacher_page = url.split("?")[0]
        with urllib.request.urlopen(teacher_page.replace("teacher", "join"), timeout=10) as r:
            assert r.status == 200                       # a student's page: no token needed
        try:
            urllib.request.urlopen(teacher_page, timeout=10)
            raise AssertionError("the teacher's page opened without the token")
        except urllib.error.HTTPError as e:
            assert e.code == 403
        assert status(url)[0] == 200                    # the token, then its cookie
        api = teacher_page.replace("tables/teacher", "tables/api/tables")
        code, body = status(api)
        assert code == 200 and json.loads(body)["tables"] == []
        xsrf = next(c.value for c in jar if c.name == "_xsrf")
        form = urllib.parse.urlencode({"game": "liar", "seats": "3", "_xsrf": xsrf}).encode()
        with opener.open(urllib.request.Request(api, data=form), timeout=10) as resp:
            made = json.loads(resp.read())["code"]
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    proc, port, url, out = start()                   # again: the table is still there
    try:
        assert "(1 resumed" in out, out
        status(url)
        api = f"http://127.0.0.1:{port}/class/tables/api/tables"
        assert [t["code"] for t in json.loads(status(api)[1])["tables"]] == [made]
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    assert (tmp_path / "tables.sqlite3").exists() and (tmp_path / "cookie-secret").exists()
    assert oct((tmp_path / "cookie-secret").stat().st_mode & 0o777) == "0o600"
