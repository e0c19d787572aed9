"""The online tables on the school's JupyterHub (issue 21, deliverable 6).

The hub of ``deploy/jupyterhub/jupyterhub_config.py`` (tests/hub/conftest.py) starts the
table service (``c.JupyterHub.services``: ``python -m classroom.tables``).  A teacher
(the deployment's role ``cardgames-teachers``) creates a two-seat Liar table through the
service's teacher API; alice and bob, logged in to the hub, join it by its code through
the hub's proxy (the service logs them in through the hub's OAuth; they sit under their
hub names, whatever they type); then each seat's websocket is opened with the token of
that student's own server (the ``JUPYTERHUB_API_TOKEN`` their kernels hold, read from the
server process) and the two play the round to its end.  A student is refused the
teacher's pages; bob's token cannot take alice's seat, even with her seat's key; a socket
without a hub token is refused.  An admin opens the teacher's page too.
"""

from __future__ import annotations

import json
import re
import struct
import time
from urllib.parse import parse_qs, urlparse

import psutil
import pytest
import requests
import websocket

from cardgames.wire import load_seat_view

PREFIX = "/services/cardgames-tables/"
TIMEOUT = 90


# ------------------------------------------------------------------------ the hub side
def hub_session(hub, name: str, password: str | None = None):
    """A ``requests`` session logged in to the hub as ``name`` (the log-in form's XSRF)."""
    s = requests.Session()
    page = s.get(f"{hub.url}hub/login", timeout=30)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.text).group(1)
    resp = s.post(f"{hub.url}hub/login", timeout=30, allow_redirects=False,
                  data={"username": name, "password": password or hub.password,
                        "_xsrf": xsrf})
    assert resp.status_code == 302, (name, resp.status_code, resp.text[:300])
    return s


def service_xsrf(s) -> str:
    """The service's ``_xsrf`` cookie (path /services/cardgames-tables/), set by the hub's
    OAuth code on the first page of the service."""
    values = [c.value for c in s.cookies if c.name == "_xsrf" and c.path == PREFIX]
    assert values, [(c.name, c.path) for c in s.cookies]
    return values[-1]


def post(s, hub, path: str, data: dict, **kwargs):
    return s.post(hub.url.rstrip("/") + PREFIX + path, timeout=30,
                  data={**data, "_xsrf": service_xsrf(s)}, **kwargs)


def get(s, hub, path: str, **kwargs):
    return s.get(hub.url.rstrip("/") + PREFIX + path, timeout=30, **kwargs)


def start_server(s, hub, name: str) -> str:
    """Start ``name``'s own server (as landing on the hub does) and return the hub token
    it holds (``JUPYTERHUB_API_TOKEN``: every kernel it starts inherits it)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        resp = s.get(f"{hub.url}hub/user-redirect/cardgames/", timeout=60)
        if resp.status_code == 200 and resp.url == f"{hub.url}user/{name}/cardgames/":
            break
        assert time.monotonic() < deadline, (resp.status_code, resp.url)
        time.sleep(1)
    for child in psutil.Process(hub.process.pid).children():
        try:
            env = child.environ()
        except (psutil.AccessDenied, psutil.NoSuchProcess):
            continue
        if env.get("JUPYTERHUB_USER") == name and "JUPYTERHUB_API_TOKEN" in env:
            assert env["CARDGAMES_TABLES_URL"] == hub.tables_ws     # where its kernels go
            return env["JUPYTERHUB_API_TOKEN"]
    raise AssertionError(f"no server process of {name}")


# ------------------------------------------------------------------------ a seat's socket
def connect(hub, token: str | None):
    header = [f"Authorization: token {token}"] if token else []
    return websocket.create_connection(hub.tables_ws, header=header, timeout=30)


def close_code(ws) -> int | None:
    """The close code of the next frame (the service closes after an error frame)."""
    opcode, data = ws.recv_data(control_frame=True)
    assert opcode == websocket.ABNF.OPCODE_CLOSE, opcode
    return struct.unpack("!H", data[:2])[0] if len(data) >= 2 else None


class SeatClient:
    """A student's kernel as seen by the service: one seat's websocket, the hub token of
    the student's own server in its header."""

    def __init__(self, hub, token: str, code: str, seat: int, key: str) -> None:
        self.ws = connect(hub, token)
        self.seat = seat
        self.view = None            # the latest SeatView (cardgames.wire)
        self.mark = -1              # the latest update's mark
        self.seats: list = []
        self.next_id = 0
        self.send({"type": "hello", "table": code, "seat": seat, "key": key, "mark": None,
                   "lang": "en"})
        welcome = self.recv()
        assert welcome["type"] == "welcome" and welcome["seat"] == seat, welcome

    def send(self, message: dict) -> None:
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float = 30.0) -> dict:
        self.ws.settimeout(timeout)
        message = json.loads(self.ws.recv())
        if message["type"] == "update":
            self.mark = message["mark"]
            self.seats = message["seats"]
            if message["view"] is not None:
                self.view = load_seat_view(message["view"])
        assert message["type"] not in ("error", "refused"), message
        return message

    def drain(self, timeout: float = 0.05) -> None:
        while True:
            try:
                self.recv(timeout)
            except websocket.WebSocketTimeoutException:
                return

    def act(self, action: str) -> int:
        """Send ``action`` at the latest mark; the service's ack's mark (then its update)."""
        self.next_id += 1
        self.send({"type": "act", "id": self.next_id, "mark": self.mark, "action": action})
        while True:
            message = self.recv()
            if message["type"] == "ack" and message["id"] == self.next_id:
                acked = message["mark"]
                break
        while self.mark < acked:
            self.recv()
        return acked


def choose(view, moves: int) -> str:
    """Let claims stand and play one card, but call "Liar!" once (R-L6): a round of two
    ends in about 60 moves this way (checked offline with cardgames.session)."""
    legal = view.legal
    if "call" in legal and moves >= 3 and not choose.called:
        choose.called = True
        return "call"
    return "pass" if "pass" in legal else legal[0]


choose.called = False


def play_round(clients: list[SeatClient], *, most: int = 400) -> int:
    """Whoever's turn it is at the latest mark acts, until the round is over; paced under
    the service's rate limit (10 frames/s a connection).  Returns the moves made."""
    moves, latest = 0, max(c.mark for c in clients)
    deadline = time.monotonic() + 240
    while True:
        for c in clients:
            c.drain()
        latest = max([latest] + [c.mark for c in clients])
        if all(c.view is not None and c.view.over and c.mark == latest for c in clients):
            return moves
        mover = next((c for c in clients if c.mark == latest and c.view is not None
                      and c.view.my_turn and c.view.legal), None)
        assert time.monotonic() < deadline and moves < most, (moves, latest)
        if mover is None:
            continue
        latest = mover.act(choose(mover.view, moves))
        moves += 1
        time.sleep(0.12)


# ------------------------------------------------------------------------ the test
def test_two_students_play_a_liar_round_at_a_table_of_the_hub(tables_hub):
    hub = tables_hub
    teacher = hub_session(hub, "teacher")
    # the service's own address leads a teacher to the teacher's page (OAuth, no question)
    resp = teacher.get(hub.tables_url, timeout=60)
    assert resp.status_code == 200, (resp.status_code, resp.url, resp.text[:500])
    assert resp.url == hub.tables_url + "tables/teacher"
    created = post(teacher, hub, "tables/api/tables",
                   {"game": "liar", "seats": "2", "bots": "heuristic"})
    assert created.status_code == 200, created.text
    code = created.json()["code"]
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", code), code

    students = {name: hub_session(hub, name) for name in hub.students}
    keys = {}
    for name, s in students.items():
        # the students are refused the teacher's pages and API
        page = get(s, hub, "tables/teacher")
        assert page.status_code == 403, (name, page.status_code, page.url)
        assert "tables/teacher" in page.url and "/hub/login" not in page.url
        assert get(s, hub, "tables/api/tables").status_code == 403
        refused = post(s, hub, "tables/api/tables", {"game": "liar", "seats": "2"})
        assert refused.status_code == 403, refused.status_code
        # ... and join by the code under their hub name (what they type is ignored)
        form = get(s, hub, f"tables/join/{code}")
        assert form.status_code == 200 and form.url == hub.tables_url + f"tables/join/{code}"
        joined = post(s, hub, f"tables/join/{code}", {"name": "Mallory"},
                      allow_redirects=False)
        assert joined.status_code == 303, (joined.status_code, joined.text[:300])
        target = urlparse(joined.headers["Location"])
        # the app opens in the student's own server (the hub sends /hub/user-redirect/
        # on to /user/<name>/)
        assert target.path == "/hub/user-redirect/voila/render/app_online.ipynb"
        query = {k: v[0] for k, v in parse_qs(target.query).items()}
        assert query["table"] == code
        keys[name] = (int(query["seat"]), query["key"])
    assert sorted(seat for seat, _key in keys.values()) == [0, 1]
    # the teacher's live list: both seats, under their hub names, the game dealt (full)
    tables = get(teacher, hub, "tables/api/tables").json()["tables"]
    (table,) = [t for t in tables if t["code"] == code]
    assert table["status"] == "playing", table
    names = {p["name"]: i for i, p in enumerate(table["players"])}
    assert names == {name: keys[name][0] for name in hub.students}

    tokens = {name: start_server(s, hub, name) for name, s in students.items()}
    assert tokens["alice"] != tokens["bob"]
    # no hub token, or a token that is not the hub's: no socket (HTTP 403 at the upgrade)
    for token in (None, "not-a-hub-token"):
        with pytest.raises(websocket.WebSocketBadStatusException) as e:
            connect(hub, token)
        assert e.value.status_code == 403
    # bob's token cannot take alice's seat, not even with her seat's key
    ws = connect(hub, tokens["bob"])
    seat, key = keys["alice"]
    ws.send(json.dumps({"type": "hello", "table": code, "seat": seat, "key": key,
                        "mark": None, "lang": "en"}))
    answer = json.loads(ws.recv())
    assert answer["type"] == "error" and answer["code"] == "not-your-seat", answer
    assert close_code(ws) == 4403
    ws.close()

    # each student's kernel (their own server's token) takes their seat and they play
    clients = [SeatClient(hub, tokens[name], code, *keys[name]) for name in hub.students]
    moves = play_round(clients)
    assert moves >= 10
    for c in clients:
        assert c.view.over and c.view.seat == c.seat
        assert [p["name"] for p in c.seats] == [n for n, _ in sorted(
            names.items(), key=lambda item: item[1])]
        assert sorted(c.view.places[-1]) == [1, 2]       # R-L10: each has a place
    assert choose.called                                # someone called "Liar!"
    for c in clients:
        c.ws.close()

    # an admin opens the teacher's page too; the table's data is in the service's folder
    principal = hub_session(hub, "principal", hub.admin_password)
    assert principal.get(hub.tables_url + "tables/teacher", timeout=60).status_code == 200
    assert (hub.tables_data / "tables.sqlite3").exists()
    # the service logged no error (the refusals are warnings)
    errors = [line for line in hub.log().splitlines()
              if re.match(r"\[E |Traceback", line) and "not allowed to access" not in line]
    assert errors == [], errors


def test_a_student_joins_in_chromium_and_her_kernel_takes_her_seat(tables_hub,
                                                                   tables_hub_context):
    """alice's browser through the hub: log in, the table's join link (the service logs
    her in through OAuth), her seat; the app opens in her own server, and its kernel
    connects to the service with her server's token: the teacher's list shows her seat
    connected, under her hub name.  Then she plays a card there."""
    from playwright.sync_api import expect
    from test_hub import log_in, play_a_card

    hub = tables_hub
    teacher = hub_session(hub, "teacher")
    get(teacher, hub, "tables/teacher")                 # the OAuth cookie, the _xsrf
    code = post(teacher, hub, "tables/api/tables",
                {"game": "liar", "seats": "2", "bots": "heuristic"}).json()["code"]

    context = tables_hub_context(viewport={"width": 1280, "height": 1000})
    problems: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        log_in(page, hub, "alice")
        page.wait_for_url(f"{hub.url}user/alice/**", timeout=90_000)
        page.goto(f"{hub.tables_url}tables/join/{code}")
        assert page.url.startswith(f"{hub.tables_url}tables/join/{code}"), page.url
        # no name to type on the hub: the page says under which name she joins
        expect(page.locator("#join-as")).to_have_text("You join as alice")
        assert page.locator("#name").count() == 0
        page.locator("#join-form button[type=submit]").click()
        page.wait_for_url(f"{hub.url}user/alice/voila/render/app_online.ipynb?*",
                          timeout=90_000)
        query = parse_qs(urlparse(page.url).query)
        assert query["table"] == [code] and query["seat"] == ["0"], page.url

        # her kernel holds the seat: the teacher's list shows it connected, as alice
        deadline = time.monotonic() + TIMEOUT
        while True:
            (table,) = [t for t in get(teacher, hub, "tables/api/tables").json()["tables"]
                        if t["code"] == code]
            if table["players"][0]["connected"]:
                break
            assert time.monotonic() < deadline, table
            time.sleep(1)
        assert table["players"][0]["name"] == "alice"
        # the teacher starts: a bot takes the other seat; she plays a card on her page
        started = post(teacher, hub, f"tables/api/tables/{code}/start", {})
        assert started.status_code == 200, started.text
        expect.set_options(timeout=60_000)
        line = play_a_card(page, expect)
        assert re.match(r'(alice|Player \d)( \((you|alice)\))? put down 1 card and announced "1 ', line), line
        assert problems == []
    finally:
        expect.set_options(timeout=5_000)
        context.close()
