"""The HTTP pages of the online tables (issue 21): joining, the teacher's pages, the replay.

``page_handlers(base_url)`` is the list of tornado routes, all under
``<base_url>tables/``; ``classroom.tables.routes`` adds them to the server.  The
handlers read the shared objects from the tornado settings:
``settings["cardgames_tables"]`` (the ``TableService``) and
``settings["cardgames_tables_auth"]`` (:class:`classroom.tables.auth.TokenAuth`, or the
hub's class with the same methods).

Students' pages (no token): ``tables/join`` (type a code), ``tables/join/<CODE>`` (a
display name, then a free seat: the seat's cookie ``cgseat_<CODE>`` and a redirect to
the Voila app ``voila/render/app_online.ipynb?table=..&seat=..&key=..&lang=..``; a
revisit with the cookie goes straight back to the seat), ``tables/new`` (a student
makes a table, if the teacher allowed it).  A full table (409), an unknown code (404),
a finished game (410): a page in the student's language (``?lang=``, else
Accept-Language, as the start page), never a traceback.  No page of a student shows
anything of any hand.

Teacher's pages (the token, ``TokenAuth.is_teacher``; else 403): ``tables/teacher``
(create tables, their codes, links and QR codes, start, the switch for students'
tables, every table live from ``tables/api/tables`` polled each second),
``tables/teacher/replay/<CODE>`` (every hand, step by step, beside what each seat
knew) and ``tables/teacher/replay?game=..&seed=..&bots=..`` (a seeded game played by
bots).  Every POST carries the ``_xsrf`` token (tornado's double-submit check, the
cookie the classroom server's pages already use) and a body of at most 8 KiB.

>>> [p for p, *_ in page_handlers("/")][:2]
['/tables/join/?', '/tables/join/([^/]{1,16})/?']
"""

from __future__ import annotations

import secrets
from typing import Any

from tornado import web

from cardgames import registry
from cardgames.errors import CardgamesError
from cardgames.i18n import language

from .auth import DisplayNameError
from .errors import NameTaken
from .pagebase import (
    CODE,
    STATIC,
    PageHandler,
    Shared,
    field,
    games,
    normal_code,
    refusal_status,
    table_options,
)
from .qr import qr_svg
from .service import MOVE_SECONDS
from .teacher import (
    MoveApi,
    QrApi,
    ReplayPage,
    SeededReplayPage,
    SettingsApi,
    StartApi,
    TablesApi,
    TeacherPage,
    teacher_frames,
)

__all__ = ["STATIC", "Shared", "cookie_seat", "page_handlers", "seat_cookie_name",
           "set_seat_cookie", "teacher_frames"]

_MESSAGES = {404: ("unknown_title", "unknown_text"), 409: ("full_title", "full_text"),
             410: ("over_title", "over_text")}

class JoinCodeHandler(PageHandler):
    """``tables/join``: type a code (``?code=`` goes to its join page)."""

    def get(self) -> None:
        typed = normal_code(self.get_argument("code", "")[:40])
        if typed:
            lang = f"?lang={self.lang}" if self.get_argument("lang", "") else ""
            self.redirect(f"{self.base}tables/join/{typed}{lang}", status=303)
            return
        self.page("join_code.html")


def seat_cookie_name(code: str) -> str:
    """The name of the cookie of this browser's seat at table ``code``."""
    return f"cgseat_{code}"


def cookie_seat(handler: web.RequestHandler, svc: Any, code: str) -> tuple[int, str] | None:
    """``(seat, secret)`` of this browser at table ``code`` (its seat cookie, checked
    with the service), or None."""
    cookie = handler.request.cookies.get(seat_cookie_name(code))
    if cookie is None or svc is None:
        return None
    seat, _sep, secret = cookie.value.partition(":")
    if not (seat.isdigit() and len(seat) <= 2 and 0 < len(secret) <= 100):
        return None
    try:
        if svc.check_seat(code, int(seat), secret):
            return int(seat), secret
    except CardgamesError:
        return None
    return None


def set_seat_cookie(handler: web.RequestHandler, base: str, code: str, seat: int,
                    secret: str) -> None:
    """This browser holds ``seat`` at ``code``: the secret in an HttpOnly cookie of the
    tables' path only.  SameSite=Lax, not Strict: a student who comes back through the
    teacher's link in a chat or the school's learning platform (a top-level GET from
    another site) must find her seat; such a GET only opens this browser's own seat, and
    every request that changes something is a POST with the ``_xsrf`` token."""
    handler.set_cookie(seat_cookie_name(code), f"{seat}:{secret}", path=base + "tables/",
                       httponly=True, samesite="Lax", expires_days=7)


class JoinHandler(PageHandler):
    """``tables/join/<CODE>``: the display name, then a free seat (see the module doc)."""

    def _cookie_seat(self, code: str) -> tuple[int, str] | None:
        return cookie_seat(self, self.svc, code)

    def refuse(self, code: str, status: int, *, name: str = "") -> None:
        if status == 409:        # full or started: a student whose seat is elsewhere moves it
            self.message("full_title", self.w["full_text"].format(code=code), status=409,
                         link=(f"{self.base}tables/move/{code}?lang={self.lang}",
                               self.w["move_link"]))
        elif status in _MESSAGES:
            title, text = _MESSAGES[status]
            self.message(title, self.w[text].format(code=code), status=status,
                         link=(f"{self.base}tables/join?lang={self.lang}", self.w["other_code"]))
        else:
            raise web.HTTPError(status)

    def get(self, raw: str) -> None:
        code = normal_code(raw)
        held = self._cookie_seat(code)
        if held is not None:
            self.redirect(self.app_url(code, *held), status=303)
            return
        self.form(code)

    def form(self, code: str, *, error: str = "", name: str = "", status: int = 200) -> None:
        s = self.summary(code)
        if s is None:
            return self.refuse(code, 404)
        if field(s, "status") == "over":
            return self.refuse(code, 410)
        free = field(s, "seats_free", "free", default=0)
        if not free:
            return self.refuse(code, 409)
        players = field(s, "players", default=[]) or []
        self.page("join.html", status=status, code=code, error=error, name=name, free=free,
                  seats=field(s, "seats", default=0) or len(players) or free,
                  game=registry.get(field(s, "game")).title, joiner=self.joiner())

    def joiner(self) -> str | None:
        """The name a student joins under when they do not type one (on the hub: the
        hub user's), or ``None``: the page asks for a display name."""
        if getattr(self.auth, "names_typed", True):
            return None
        with language(self.lang):
            return str(self.auth.display_name(self, ""))

    def post(self, raw: str) -> None:
        code = normal_code(raw)
        held = self._cookie_seat(code)
        if held is not None:
            self.redirect(self.app_url(code, *held), status=303)
            return
        typed = self.get_body_argument("name", "")
        try:
            with language(self.lang):
                name = self.auth.display_name(self, typed)
        except DisplayNameError as e:
            return self.form(code, error=self.w["bad_name"].format(reason=str(e)),
                             name=typed[:24], status=400)
        try:
            with language(self.lang):
                seat, secret = self.svc.join(code, name)
        except NameTaken as e:               # "Ana is taken": the form again (issue 29)
            return self.form(code, error=str(e), name=typed[:24], status=409)
        except CardgamesError as e:
            return self.refuse(code, refusal_status(e))
        set_seat_cookie(self, self.base, code, seat, secret)
        self.redirect(self.app_url(code, seat, secret), status=303)


class NewTableHandler(PageHandler):
    """``tables/new``: a student makes a table (if the teacher allowed it)."""

    def check_open(self) -> bool:
        if not self.students_make:
            self.message("new_closed_title", self.w["new_closed_text"], status=403)
            return False
        return True

    def get(self) -> None:
        if self.check_open():
            self.page("new.html", error="", games=games())

    def post(self) -> None:
        if not self.check_open():
            return
        try:
            with language(self.lang):
                game, seats, bots, options = table_options(self.get_body_argument)
                t = self.svc.create_table(game=game, seats=seats, bots="heuristic",
                                          options=options, by="student",
                                          maker=self.maker())
        except CardgamesError as e:
            self.page("new.html", status=400, error=str(e), games=games())
            return
        code = field(t, "code")
        self.set_cookie(f"cgmade_{code}", self.auth.creator_key(code),
                        path=self.base + "tables/", httponly=True, samesite="Strict",
                        expires_days=1)
        self.redirect(f"{self.base}tables/new/{code}?lang={self.lang}", status=303)


    def maker(self) -> str:
        """This browser's id as a maker of tables (a random HttpOnly cookie): at most
        ``STUDENT_TABLES_EACH`` open tables each, the teacher's cap for all (issue 29)."""
        cookie = self.request.cookies.get("cgmaker")
        if cookie is not None and 20 <= len(cookie.value) <= 64:
            return str(cookie.value)
        value = secrets.token_urlsafe(18)
        self.set_cookie("cgmaker", value, path=self.base + "tables/", httponly=True,
                        samesite="Strict", expires_days=1)
        return value


class MoveSeatHandler(PageHandler):
    """``tables/move/<CODE>``: with this browser's seat cookie, the seat's one-time code
    (:meth:`TableService.move_code`); without it, a form for that code, which moves the
    seat here (a new secret in this browser's cookie; the old page stops)."""

    def get(self, raw: str) -> None:
        code = normal_code(raw)
        if self.summary(code) is None:
            raise web.HTTPError(404)
        held = cookie_seat(self, self.svc, code)
        if held is None:
            self.page("move.html", code=code, move_code="", error="", minutes=0, url="")
            return
        with language(self.lang):
            text = self.svc.move_code(code, held[0], held[1])
        self.page("move.html", code=code, move_code=text, error="",
                  minutes=int(MOVE_SECONDS // 60), url=f"{self.join_base()}tables/move/{code}")

    def post(self, raw: str) -> None:
        code = normal_code(raw)
        try:
            with language(self.lang):
                seat, secret = self.svc.move_seat(code, self.get_body_argument("code", ""))
        except CardgamesError as e:
            self.page("move.html", status=refusal_status(e), code=code, move_code="",
                      error=str(e), minutes=0, url="")
            return
        set_seat_cookie(self, self.base, code, seat, secret)
        self.redirect(self.app_url(code, seat, secret), status=303)


class SharedTableHandler(PageHandler):
    """``tables/new/<CODE>``: the code to share; its maker may start it."""

    def get(self, raw: str) -> None:
        code = normal_code(raw)
        s = self.summary(code)
        if s is None:
            raise web.HTTPError(404)
        url = self.join_url(code)
        self.page("share.html", code=code, url=url, status_word=field(s, "status"),
                  qr=qr_svg(url, label=self.w["qr_label"].format(code=code)),
                  maker=self.auth.is_creator(self, code), error="")

    def post(self, raw: str) -> None:
        code = normal_code(raw)
        if not (self.auth.is_creator(self, code) or self.auth.is_teacher(self)):
            raise web.HTTPError(403)
        try:
            self.svc.start(code)
        except CardgamesError as e:
            self.set_status(refusal_status(e))
        self.redirect(f"{self.base}tables/new/{code}?lang={self.lang}", status=303)


class StaticHandler(web.StaticFileHandler):
    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")


def page_handlers(base_url: str) -> list[tuple[Any, ...]]:
    """The routes of every page of the tables under ``base_url`` (see the module doc)."""
    shared = Shared(base_url)
    b = shared.base_url + "tables"
    kw = {"shared": shared}
    return [
        (b + r"/join/?", JoinCodeHandler, kw),
        (b + rf"/join/{CODE}/?", JoinHandler, kw),
        (b + r"/new/?", NewTableHandler, kw),
        (b + rf"/move/{CODE}/?", MoveSeatHandler, kw),
        (b + rf"/new/{CODE}/?", SharedTableHandler, kw),
        (b + r"/teacher/?", TeacherPage, kw),
        (b + r"/teacher/replay/?", SeededReplayPage, kw),
        (b + rf"/teacher/replay/{CODE}/?", ReplayPage, kw),
        (b + r"/api/tables/?", TablesApi, kw),
        (b + rf"/api/tables/{CODE}/start", StartApi, kw),
        (b + r"/api/settings", SettingsApi, kw),
        (b + rf"/api/tables/{CODE}/move/([0-9])", MoveApi, kw),
        (b + r"/api/qr/([^/]{1,16})\.svg", QrApi, kw),
        (b + r"/static/(.*)", StaticHandler, {"path": str(STATIC)}),
    ]
