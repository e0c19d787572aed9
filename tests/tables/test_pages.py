"""The tables' HTTP pages (classroom.tables.pages) at the tornado level: each page, each
refusal, the seat cookie, the redirect to the app, the teacher token (issue 21)."""

from __future__ import annotations

import json
import random
import re
import tempfile
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from tornado import web
from tornado.testing import AsyncHTTPTestCase

from cardgames.wire import load_seat_view
from classroom.tables.auth import COOKIE, DisplayNameError, TokenAuth, check_name
from classroom.tables.pages import page_handlers, teacher_frames
from classroom.tables.routes import open_service

TOKEN = "teacher-token-for-the-tests-0123456789"


class Client:
    """A browser's cookie jar over ``AsyncHTTPTestCase.fetch``."""

    def __init__(self, case: AsyncHTTPTestCase) -> None:
        self.case, self.jar = case, {}

    def fetch(self, path, *, method="GET", form=None, headers=None, xsrf=True, **kw):
        headers = dict(headers or {})
        body = None
        if form is not None or method == "POST":
            form = dict(form or {})
            if xsrf:
                form.setdefault("_xsrf", self.xsrf())
            body = urlencode(form)
        if self.jar:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        r = self.case.fetch(path, method=method, body=body, headers=headers,
                            follow_redirects=False, raise_error=False, **kw)
        for header in r.headers.get_list("Set-Cookie"):
            c = SimpleCookie()
            c.load(header)
            for k, m in c.items():
                self.jar[k] = m.value
        self.last_cookies = r.headers.get_list("Set-Cookie")
        return r

    def xsrf(self) -> str:
        if "_xsrf" not in self.jar:
            self.fetch("/tables/join")
        return self.jar["_xsrf"]


class PagesCase(AsyncHTTPTestCase):
    def get_app(self):
        self.folder = tempfile.TemporaryDirectory()
        self.svc = open_service(self.folder.name, seeds=lambda: 7)
        self.auth = TokenAuth(TOKEN)
        return web.Application(page_handlers("/"), cardgames_tables=self.svc,
                               cardgames_tables_auth=self.auth)

    def tearDown(self):
        super().tearDown()
        self.svc.close()
        self.folder.cleanup()

    def summary(self, code):
        return next(s for s in self.svc.tables() if s.code == code)

    def names(self, code) -> list[str]:
        return [p["name"] for p in self.summary(code).players if p["kind"] == "student"]

    def play_out(self, code, keys: dict[int, str]) -> None:
        """The students' seats play random legal moves (the bots their own) to the end."""
        rng = random.Random(3)
        for _ in range(5000):
            if self.summary(code).status == "over":
                return
            for seat, key in keys.items():
                view = load_seat_view(self.svc.update(code, seat)["view"])
                if view.to_act == seat:
                    self.svc.act(code, seat, key, rng.choice(view.legal), view.mark)
                    break
            else:
                self.svc.tick()
        raise AssertionError("the round did not end")

    def student(self) -> Client:
        return Client(self)

    def teacher(self) -> Client:
        c = Client(self)
        r = c.fetch(f"/tables/teacher?token={TOKEN}")
        assert r.code == 302 and COOKIE in c.jar
        return c

    def table(self, game="liar", seats=2, **options):
        return self.svc.create_table(game=game, seats=seats, bots="heuristic",
                                     options=options).code

    def text(self, r) -> str:
        return r.body.decode()

    # ------------------------------------------------------------ joining
    def test_type_a_code_page_and_its_redirect(self):
        r = self.fetch("/tables/join")
        assert r.code == 200 and '<html lang="en">' in self.text(r)
        assert 'name="code"' in self.text(r) and "<label" in self.text(r)
        r = self.fetch("/tables/join?code=k7q-x3m", follow_redirects=False)
        assert r.code == 303 and r.headers["Location"] == "/tables/join/K7QX3M"

    def test_join_takes_a_seat_sets_the_cookie_and_redirects_to_the_app(self):
        code = self.table()
        ana = self.student()
        r = ana.fetch(f"/tables/join/{code}?lang=hr")
        assert r.code == 200 and 'name="name"' in self.text(r)
        assert '<html lang="hr">' in self.text(r)
        r = ana.fetch(f"/tables/join/{code}?lang=hr", method="POST", form={"name": "  Ana "})
        assert r.code == 303
        where = urlsplit(r.headers["Location"])
        # the seat's page: its address holds no secret (issue 29); the cookie does
        assert where.path == f"/tables/play/{code}"
        assert parse_qs(where.query) == {"lang": ["hr"]}
        assert self.names(code) == ["Ana"]                       # trimmed
        cookie = next(h for h in ana.last_cookies if h.startswith(f"cgseat_{code}="))
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/tables/" in cookie
        seat, _sep, key = ana.jar[f"cgseat_{code}"].strip('"').partition(":")
        assert seat == "0" and self.svc.check_seat(code, 0, key)
        # a revisit with the cookie takes the same seat back, no second seat
        again = ana.fetch(f"/tables/join/{code}?lang=hr")
        assert again.code == 303 and again.headers["Location"] == r.headers["Location"]
        again = ana.fetch(f"/tables/join/{code}?lang=hr", method="POST", form={"name": "Ana"})
        assert again.code == 303 and self.names(code) == ["Ana"]
        # another browser gets the next free seat
        ben = self.student()
        r2 = ben.fetch(f"/tables/join/{code}", method="POST", form={"name": "Ben"})
        assert r2.code == 303 and ben.jar[f"cgseat_{code}"].strip('"').startswith("1:")

    def test_a_forged_seat_cookie_takes_nothing(self):
        code = self.table()
        self.svc.join(code, "Ana")
        eve = self.student()
        eve.jar[f"cgseat_{code}"] = "0:not-the-secret"
        r = eve.fetch(f"/tables/join/{code}")
        assert r.code == 200 and 'name="name"' in self.text(r)

    def test_join_page_shows_no_hand(self):
        code = self.table()
        self.svc.join(code, "Ana")
        self.svc.join(code, "Ben")                    # full: the game starts
        state = teacher_frames(self.svc, code)[-1].state
        hands = [str(c) for p in range(2) for c in state.hand(p)]
        assert hands
        for path in (f"/tables/join/{code}", "/tables/join", f"/tables/new/{code}"):
            body = self.text(self.fetch(path))
            assert not [c for c in hands if re.search(rf"\b{re.escape(c)}\b", body)], path

    def test_unknown_full_and_finished_tables_get_their_page_and_status(self):
        r = self.fetch("/tables/join/ZZZZZZ", headers={"Accept-Language": "de-AT,de;q=0.9"})
        assert r.code == 404 and '<html lang="de">' in self.text(r)
        assert "Kein Tisch hat diesen Code" in self.text(r) and "Traceback" not in self.text(r)
        code = self.table(seats=2, rounds=1)
        keys = dict([self.svc.join(code, "Ana"), self.svc.join(code, "Ben")])
        r = self.fetch(f"/tables/join/{code}?lang=hr")
        assert r.code == 409 and "Ovaj stol je pun" in self.text(r)
        c = self.student()
        r = c.fetch(f"/tables/join/{code}", method="POST", form={"name": "Cid"})
        assert r.code == 409
        self.play_out(code, keys)
        r = self.fetch(f"/tables/join/{code}")
        assert r.code == 410 and "This game is over" in self.text(r)

    def test_bad_names_are_refused_and_nothing_is_taken(self):
        code = self.table()
        c = self.student()
        for bad in ("", "   ", "x" * 25, "Ana\nBen", "a\u200bb"):
            r = c.fetch(f"/tables/join/{code}", method="POST", form={"name": bad})
            assert r.code == 400, bad
            assert 'role="alert"' in self.text(r)
        assert self.names(code) == []
        assert check_name("Željka Đurić") == "Željka Đurić"
        with pytest.raises(DisplayNameError):
            check_name(42)

    def test_a_post_without_xsrf_is_refused(self):
        code = self.table()
        c = self.student()
        r = c.fetch(f"/tables/join/{code}", method="POST", form={"name": "Ana"}, xsrf=False)
        assert r.code == 403 and "expired" in self.text(r)
        r = c.fetch(f"/tables/join/{code}", method="POST", form={"name": "Ana", "_xsrf": "2|x|y|1"})
        assert r.code == 403
        assert self.names(code) == []

    def test_an_oversized_post_is_refused(self):
        code = self.table()
        c = self.student()
        r = c.fetch(f"/tables/join/{code}", method="POST", form={"name": "A" * 9000})
        assert r.code == 413 and self.names(code) == []

    # ------------------------------------------------------------ the teacher
    def test_teacher_pages_refuse_without_the_token(self):
        code = self.table()
        for path in ("/tables/teacher", "/tables/api/tables", f"/tables/teacher/replay/{code}",
                     "/tables/teacher/replay", f"/tables/api/qr/{code}.svg",
                     "/tables/teacher?token=wrong-token-wrong-token"):
            r = self.fetch(path)
            assert r.code == 403, path
            assert "For the teacher only" in self.text(r)
        c = self.student()
        c.jar[COOKIE] = "wrong-token-wrong-token"
        for path, form in (("/tables/api/tables", {"game": "liar", "seats": "3"}),
                           (f"/tables/api/tables/{code}/start", {}),
                           ("/tables/api/settings", {"students_make": "1"})):
            assert c.fetch(path, method="POST", form=form).code == 403, path
        assert len(self.svc.tables()) == 1 and self.summary(code).status == "waiting"

    def test_the_token_sets_a_strict_cookie_and_leaves_the_address(self):
        c = Client(self)
        r = c.fetch(f"/tables/teacher?token={TOKEN}&lang=de")
        assert r.code == 302 and r.headers["Location"] == "/tables/teacher?lang=de"
        cookie = next(h for h in c.last_cookies if h.startswith(COOKIE + "="))
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        r = c.fetch("/tables/teacher?lang=de")
        assert r.code == 200 and '<html lang="de">' in self.text(r)
        assert TOKEN not in self.text(r)

    def test_teacher_creates_starts_and_watches_a_table(self):
        t = self.teacher()
        r = t.fetch("/tables/api/tables", method="POST",
                    form={"game": "thirty-one", "seats": "3", "bots": "heuristic",
                          "lives": "2"})
        assert r.code == 200, r.body
        code = json.loads(r.body)["code"]
        listed = json.loads(t.fetch("/tables/api/tables").body)["tables"]
        assert [x["code"] for x in listed] == [code]
        assert listed[0]["status"] == "waiting" and listed[0]["free"] == 3
        assert listed[0]["join_url"].endswith(f"/tables/join/{code}")
        qr = t.fetch(listed[0]["qr"])
        assert qr.code == 200 and qr.headers["Content-Type"] == "image/svg+xml"
        assert qr.body.startswith(b"<svg") and b"role=\"img\"" in qr.body
        r = t.fetch(f"/tables/api/tables/{code}/start", method="POST")
        assert r.code == 200
        listed = json.loads(t.fetch("/tables/api/tables").body)["tables"]
        assert listed[0]["status"] in ("playing", "over")
        assert listed[0]["lives"] == [2, 2, 2] or listed[0]["status"] == "over"

    def test_the_engines_refusal_is_shown_in_the_teachers_language(self):
        t = self.teacher()
        r = t.fetch("/tables/api/tables?lang=de", method="POST",
                    form={"game": "liar", "seats": "9", "decks": "1", "rounds": "5"})
        assert r.code == 400
        error = json.loads(r.body)["error"]
        assert "R-L2" in error and error.startswith("Abgelehnt")
        r = t.fetch("/tables/api/tables", method="POST",
                    form={"game": "thirty-one", "seats": "3", "lives": "12"})
        assert r.code == 400 and "R-T8" in json.loads(r.body)["error"]
        r = t.fetch("/tables/api/tables", method="POST", form={"game": "liar", "seats": "x"})
        assert r.code == 400
        assert self.svc.tables() == []

    def test_students_make_tables_only_when_the_teacher_allows(self):
        s = self.student()
        r = s.fetch("/tables/new")
        assert r.code == 403 and "switched off" in self.text(r)
        assert s.fetch("/tables/new", method="POST", form={"game": "liar", "seats": "3"}).code == 403
        t = self.teacher()
        assert json.loads(t.fetch("/tables/api/settings", method="POST",
                                  form={"students_make": "1"}).body)["students_make"]
        r = s.fetch("/tables/new", method="POST", form={"game": "liar", "seats": "3"})
        assert r.code == 303
        code = r.headers["Location"].split("/tables/new/")[1].split("?")[0]
        assert self.summary(code).by == "student"
        share = s.fetch(r.headers["Location"])
        assert share.code == 200 and code in self.text(share) and "<svg" in self.text(share)
        assert 'id="start"' in self.text(share)          # its maker may start it
        other = self.student()
        assert 'id="start"' not in self.text(other.fetch(f"/tables/new/{code}"))
        assert other.fetch(f"/tables/new/{code}", method="POST").code == 403
        assert self.summary(code).status == "waiting"
        assert s.fetch(f"/tables/new/{code}", method="POST").code == 303
        assert self.summary(code).status != "waiting"          # bots only: maybe over already

    def test_replay_of_a_table_holds_every_hand(self):
        code = self.table(seats=3, rounds=1)
        t = self.teacher()
        assert t.fetch(f"/tables/teacher/replay/{code}").code == 409     # nothing dealt yet
        seat, key = self.svc.join(code, "Ana")
        self.svc.start(code)
        self.play_out(code, {seat: key})
        r = t.fetch(f"/tables/teacher/replay/{code}")
        assert r.code == 200
        body = self.text(r)
        data = json.loads(re.search(r'id="replay-data">(.*?)</script>', body).group(1))
        frames = teacher_frames(self.svc, code)
        assert len(data["steps"]) == len(frames) and data["names"][0] == "Ana"
        first = frames[0].state
        assert data["steps"][0]["hands"] == [[str(c) for c in sorted(first.hand(p))]
                                             for p in range(3)] or \
            [sorted(h) for h in data["steps"][0]["hands"]] == \
            [sorted(str(c) for c in first.hand(p)) for p in range(3)]
        # what seat 0 knew of seat 1 at the deal: nothing but the count (R-L11)
        other = data["steps"][0]["knew"][0]["others"][0]
        assert other == {"seat": 1, "known": [], "hidden": len(first.hand(1))}

    def test_seeded_replay_teacher_mode(self):
        t = self.teacher()
        r = t.fetch("/tables/teacher/replay")
        assert r.code == 200 and 'id="seeded-form"' in self.text(r)
        r = t.fetch("/tables/teacher/replay?" + urlencode(
            {"game": "thirty-one", "seed": "11", "bots": "heuristic, random"}))
        assert r.code == 200
        data = json.loads(re.search(r'id="replay-data">(.*?)</script>',
                                    self.text(r)).group(1))
        from cardgames.thirtyone import ThirtyOneGame
        dealt = ThirtyOneGame(players=2).new_state(seed=11)
        assert [sorted(h) for h in data["steps"][0]["hands"]] == \
            [sorted(str(c) for c in dealt.hand(p)) for p in range(2)]
        assert data["steps"][-1]["over"]
        r = t.fetch("/tables/teacher/replay?game=liar&seed=1&bots=robot,heuristic")
        assert r.code == 400 and "robot" in self.text(r)


def test_token_file_is_made_once_private(tmp_path):
    a = TokenAuth.load(tmp_path)
    path = tmp_path / "teacher-token"
    assert path.stat().st_mode & 0o077 == 0
    assert TokenAuth.load(tmp_path).teacher_token() == a.teacher_token()
    assert len(a.teacher_token()) >= 32
    assert not a.matches(a.teacher_token()[:-1]) and a.matches(a.teacher_token())


@pytest.mark.parametrize("name", ["auth", "qr", "words", "replay", "pagebase", "pages"])
def test_doctests(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"classroom.tables.{name}"),
                             optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0


def test_teacher_line_names_the_network_address_when_serving_the_class():
    from classroom.tables.auth import teacher_line
    from classroom.tables.pagebase import lan_ip

    auth = TokenAuth(TOKEN)
    line = teacher_line(auth, ip="0.0.0.0", port=8866, base_url="/")
    host = lan_ip() or "127.0.0.1"
    assert line == f"[classroom] Teacher's page: http://{host}:8866/tables/teacher?token={TOKEN}"
    assert teacher_line(auth, ip="127.0.0.1", port=9000, base_url="/x").startswith(
        "[classroom] Teacher's page: http://127.0.0.1:9000/x/tables/teacher?token=")
