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

import json
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tornado import template, web

from cardgames import registry
from cardgames.errors import CardgamesError
from cardgames.i18n import LANGUAGE_NAMES, SUPPORTED, language
from cardgames.i18n import gettext as _

from ..startpage import page_language
from .auth import DisplayNameError
from .qr import qr_svg
from .replay import card_pictures, replay_data, seeded_session
from .words import words

__all__ = ["STATIC", "TEMPLATES", "Shared", "page_handlers"]

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
LOADER = template.Loader(str(TEMPLATES), autoescape="xhtml_escape")
MAX_BODY = 8192
CODE = r"([^/]{1,16})"
#: HTTP status of a service refusal, by its code.
STATUS = {"unknown-table": 404, "table-full": 409, "game-over": 410, "rate-limited": 429,
          "too-large": 413, "seat-held": 409, "not-started": 409}
_MESSAGES = {404: ("unknown_title", "unknown_text"), 409: ("full_title", "full_text"),
             410: ("over_title", "over_text")}
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",        # the seat's key and the token stay here
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' data:; "
                                "style-src 'self' 'unsafe-inline'; script-src 'self'; "
                                "frame-ancestors 'none'; form-action 'self'"),
}


class Shared:
    """What the page handlers share: the base URL and the teacher's switch
    "let students make tables" (off at every start)."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.students_make = False


def field(obj: Any, *names: str, default: Any = None) -> Any:
    """The first of ``names`` that ``obj`` (a dict or an object) has."""
    for name in names:
        if isinstance(obj, dict) and name in obj:
            return obj[name]
        if not isinstance(obj, dict) and hasattr(obj, name):
            return getattr(obj, name)
    return default


def normal_code(text: str) -> str:
    """A typed code as the service writes it (capitals, no spaces or dashes)."""
    return "".join(ch for ch in text.upper() if ch.isalnum())[:12]


def _lan_ip() -> str | None:
    """This computer's address on its network (no packet is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))
            ip = str(s.getsockname()[0])
    except OSError:
        return None
    return None if ip.startswith("127.") else ip


class PageHandler(web.RequestHandler):
    """A page of the tables: language, templates, errors as pages, no traceback."""

    shared: Shared

    def initialize(self, shared: Shared) -> None:
        self.shared = shared

    def set_default_headers(self) -> None:
        for k, v in SECURITY_HEADERS.items():
            self.set_header(k, v)

    @property
    def lang(self) -> str:
        if not hasattr(self, "_lang"):
            self._lang = page_language(self.get_argument("lang", "")[:8],
                                       self.request.headers.get("Accept-Language", "")[:200])
        return self._lang

    @property
    def w(self) -> dict[str, str]:
        return words(self.lang)

    @property
    def base(self) -> str:
        return self.shared.base_url

    @property
    def svc(self) -> Any:
        svc = self.settings.get("cardgames_tables")
        if svc is None:
            raise web.HTTPError(503, reason="tables not running")
        return svc

    @property
    def auth(self) -> Any:
        auth = self.settings.get("cardgames_tables_auth")
        if auth is None:
            raise web.HTTPError(503, reason="tables not running")
        return auth

    def prepare(self) -> None:
        if self.request.method not in ("GET", "HEAD"):
            if len(self.request.body or b"") > MAX_BODY:
                raise web.HTTPError(413)
            try:
                self.check_xsrf_cookie()
            except web.HTTPError:
                self._xsrf_failed = True
                raise web.HTTPError(403, reason="xsrf") from None

    def picker(self) -> list[tuple[str, str, str]]:
        """(code, name, url) of each language, for this page."""
        args = {k: v[-1].decode("utf-8", "replace") for k, v in self.request.query_arguments.items()
                if k not in ("lang", "token")}
        return [(code, LANGUAGE_NAMES[code],
                 self.request.path + "?" + urlencode({**args, "lang": code}))
                for code in SUPPORTED]

    def page(self, template_name: str, *, status: int = 200, **ns: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        html = LOADER.load(template_name).generate(
            w=self.w, lang=self.lang, base=self.base, picker=self.picker(),
            xsrf_form_html=self.xsrf_form_html, xsrf_token=self.xsrf_token.decode(),
            static=self.base + "tables/static/", tr=lambda text: _(text, lang=self.lang),
            words_json=_script_json({**self.w, **{f"game_{g.name}": _(g.title, lang=self.lang)
                                                  for g in registry.games()}}), **ns)
        self.finish(html)

    def message(self, title_key: str, text: str, *, status: int, link: tuple[str, str] | None = None,
                ) -> None:
        self.page("message.html", status=status, title=self.w[title_key], text=text, link=link)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        w = self.w
        if status_code == 403 and getattr(self, "_xsrf_failed", False):
            self.message("error_title", w["xsrf_text"], status=403)
        elif status_code == 403:
            self.message("teacher_only_title", w["teacher_only_text"], status=403)
        elif status_code == 503:
            self.message("unavailable_title", w["unavailable_text"], status=503)
        elif status_code == 413:
            self.message("error_title", w["too_large"], status=413)
        else:
            self.message("error_title", w["error_text"].format(status=status_code),
                         status=status_code)

    # ---------------------------------------------------------------- tables
    def summary(self, code: str) -> Any:
        """The service's summary of table ``code``, or None."""
        for s in self.svc.tables():
            if field(s, "code") == code:
                return s
        return None

    def join_base(self) -> str:
        """The address students' phones reach this server at (not 127.0.0.1 when the
        server listens on the network)."""
        public = self.settings.get("cardgames_tables_public_url")
        if public:
            return str(public).rstrip("/") + "/"
        host = self.request.host or "127.0.0.1"
        name, _sep, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
        if not _sep:
            name, port = host, ""
        if name in ("127.0.0.1", "localhost", "[::1]") and self.listens_on_network():
            ip = _lan_ip()
            if ip:
                host = f"{ip}:{port}" if port else ip
        return f"{self.request.protocol}://{host}{self.base}"

    def listens_on_network(self) -> bool:
        """The classroom server (Voila) listens on every address (``VOILA_IP=0.0.0.0``);
        another server: not known, its request's host is kept."""
        if "voila" not in self.settings:
            return False
        ip = str(getattr(self.settings["voila"], "ip", "") or "")
        return ip in ("0.0.0.0", "", "::", "*")

    def join_url(self, code: str) -> str:
        return f"{self.join_base()}tables/join/{code}"

    def app_url(self, code: str, seat: int, secret: str) -> str:
        prefix = self.settings.get("cardgames_tables_app_url") or (
            self.base + "voila/render/app_online.ipynb")
        return f"{prefix}?" + urlencode({"table": code, "seat": seat, "key": secret,
                                         "lang": self.lang})


def refusal_status(err: BaseException) -> int:
    return STATUS.get(str(getattr(err, "code", "")), 400)


class JoinCodeHandler(PageHandler):
    """``tables/join``: type a code (``?code=`` goes to its join page)."""

    def get(self) -> None:
        typed = normal_code(self.get_argument("code", "")[:40])
        if typed:
            lang = f"?lang={self.lang}" if self.get_argument("lang", "") else ""
            self.redirect(f"{self.base}tables/join/{typed}{lang}", status=303)
            return
        self.page("join_code.html")


class JoinHandler(PageHandler):
    """``tables/join/<CODE>``: the display name, then a free seat (see the module doc)."""

    def _cookie_seat(self, code: str) -> tuple[int, str] | None:
        cookie = self.request.cookies.get(f"cgseat_{code}")
        if cookie is None:
            return None
        seat, _sep, secret = cookie.value.partition(":")
        if not (seat.isdigit() and len(seat) <= 2 and 0 < len(secret) <= 100):
            return None
        try:
            if self.svc.check_seat(code, int(seat), secret):
                return int(seat), secret
        except CardgamesError:
            return None
        return None

    def refuse(self, code: str, status: int, *, name: str = "") -> None:
        if status in _MESSAGES:
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
                  seats=len(players) or free, game=registry.get(field(s, "game")).title)

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
        except CardgamesError as e:
            return self.refuse(code, refusal_status(e))
        self.set_cookie(f"cgseat_{code}", f"{seat}:{secret}", path=self.base + "tables/",
                        httponly=True, samesite="Lax", expires_days=7)
        self.redirect(self.app_url(code, seat, secret), status=303)


# -------------------------------------------------------------------- students' tables
def table_options(get: Any) -> tuple[str, int, str, dict[str, Any]]:
    """game, seats, bots and options from a form (``get(name, default)``); numbers
    that are not whole numbers are refused here, the rest by the service/engine."""
    from cardgames.errors import ConfigError

    game = registry.get(get("game", "liar")[:20]).name

    def whole(name: str, default: str) -> int:
        text = get(name, default).strip()[:4]
        if not (text.isdigit()):
            raise ConfigError(_("{name} must be a whole number, not {value!r}")
                              .format(name=name, value=text))
        return int(text)

    seats = whole("seats", "4")
    bots = get("bots", "heuristic")[:20]
    options: dict[str, Any] = {}
    if game == "liar":
        options["decks"] = whole("decks", "1")
        chron = get("chroniclers", "none")[:12]
        if chron != "none":
            options["chroniclers"] = chron
        options["rounds"] = whole("rounds", "5")
    else:
        options["lives"] = whole("lives", "3")
        options["chronicler"] = get("chronicler", "") in ("1", "on", "true")
    return game, seats, bots, options


class NewTableHandler(PageHandler):
    """``tables/new``: a student makes a table (if the teacher allowed it)."""

    def check_open(self) -> bool:
        if not self.shared.students_make:
            self.message("new_closed_title", self.w["new_closed_text"], status=403)
            return False
        return True

    def get(self) -> None:
        if self.check_open():
            self.page("new.html", error="", games=_games())

    def post(self) -> None:
        if not self.check_open():
            return
        try:
            with language(self.lang):
                game, seats, bots, options = table_options(self.get_body_argument)
                t = self.svc.create_table(game=game, seats=seats, bots="heuristic",
                                          options=options, by="student")
        except CardgamesError as e:
            self.page("new.html", status=400, error=str(e), games=_games())
            return
        code = field(t, "code")
        self.set_cookie(f"cgmade_{code}", self.auth.creator_key(code),
                        path=self.base + "tables/", httponly=True, samesite="Strict",
                        expires_days=1)
        self.redirect(f"{self.base}tables/new/{code}?lang={self.lang}", status=303)


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


def _games() -> list[tuple[str, str]]:
    return [(g.name, g.title) for g in registry.games()]


# -------------------------------------------------------------------- the teacher's
class TeacherHandler(PageHandler):
    """A page or API for the teacher only (the token; else 403)."""

    def prepare(self) -> None:
        if not self.auth.is_teacher(self):
            raise web.HTTPError(403)
        super().prepare()
        offered = self.auth.offered_token(self)
        if offered:
            self.auth.remember(self, path=self.base + "tables/")
            if self.request.method == "GET":       # the token leaves the address bar
                args = {k: v[-1].decode("utf-8", "replace")
                        for k, v in self.request.query_arguments.items() if k != "token"}
                self.redirect(self.request.path + ("?" + urlencode(args) if args else ""))


class TeacherPage(TeacherHandler):
    """``tables/teacher``: create, start, watch every table."""

    def get(self) -> None:
        if self._finished:
            return
        self.page("teacher.html", games=_games(), bots=registry.get("liar").bot_names,
                  bots31=registry.get("thirty-one").bot_names,
                  loopback=not self.listens_on_network() and "voila" in self.settings,
                  new_url=f"{self.join_base()}tables/new", join_base=self.join_base(),
                  students_make=self.shared.students_make)


class TablesApi(TeacherHandler):
    """``tables/api/tables``: GET every table as JSON; POST (a form) creates one."""

    def get(self) -> None:
        if self._finished:
            return
        with language(self.lang):                 # the last calls, in the teacher's words
            tables = [self.table_json(s) for s in self.svc.tables()]
        self.finish({"tables": tables, "students_make": self.shared.students_make})

    def table_json(self, s: Any) -> dict[str, Any]:
        code = str(field(s, "code"))
        players = []
        for p in field(s, "players", default=[]) or []:
            players.append({k: field(p, k) for k in ("name", "kind", "connected",
                                                     "played_by_bot")})
        calls = [str(c) if not isinstance(c, dict) else c.get("text") or json.dumps(c)
                 for c in (field(s, "last_calls", "calls", default=[]) or [])][-5:]
        return {"code": code, "game": field(s, "game"), "status": field(s, "status"),
                "players": players, "to_act": field(s, "to_act"),
                "pile_size": field(s, "pile_size"),
                "hand_sizes": list(field(s, "hand_sizes", default=()) or ()),
                "lives": list(field(s, "lives", default=()) or ()), "last_calls": calls,
                "free": field(s, "seats_free", "free", default=0),
                "join_url": self.join_url(code),
                "replay": f"{self.base}tables/teacher/replay/{code}?lang={self.lang}",
                "qr": f"{self.base}tables/api/qr/{code}.svg?lang={self.lang}"}

    def post(self) -> None:
        try:
            with language(self.lang):
                game, seats, bots, options = table_options(self.get_body_argument)
                t = self.svc.create_table(game=game, seats=seats, bots=bots,
                                          options=options, by="teacher")
        except CardgamesError as e:
            self.set_status(400)
            self.finish({"error": self.w["refused"].format(reason=str(e))})
            return
        code = str(field(t, "code"))
        self.finish({"code": code, "message": self.w["created_table"].format(code=code)})


class StartApi(TeacherHandler):
    """``tables/api/tables/<CODE>/start``: bots take the empty seats, the game starts."""

    def post(self, raw: str) -> None:
        try:
            with language(self.lang):
                self.svc.start(normal_code(raw))
        except CardgamesError as e:
            self.set_status(refusal_status(e))
            self.finish({"error": self.w["refused"].format(reason=str(e))})
            return
        self.finish({"started": normal_code(raw)})


class SettingsApi(TeacherHandler):
    """``tables/api/settings``: the switch "let students make tables"."""

    def post(self) -> None:
        self.shared.students_make = self.get_body_argument("students_make", "") in ("1", "on",
                                                                                    "true")
        self.finish({"students_make": self.shared.students_make})


class QrApi(TeacherHandler):
    """``tables/api/qr/<CODE>.svg``: the QR code of a table's join link."""

    def get(self, raw: str) -> None:
        if self._finished:
            return
        code = normal_code(raw)
        svg = qr_svg(self.join_url(code), label=self.w["qr_label"].format(code=code))
        self.set_header("Content-Type", "image/svg+xml")
        self.finish(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


class ReplayPage(TeacherHandler):
    """``tables/teacher/replay/<CODE>``: a table's replay, every hand."""

    def get(self, raw: str) -> None:
        if self._finished:
            return
        code = normal_code(raw)
        s = self.summary(code)
        if s is None:
            raise web.HTTPError(404)
        frames = teacher_frames(self.svc, code)
        if not frames:
            self.message("replay", self.w["no_replay"], status=409,
                         link=(f"{self.base}tables/teacher?lang={self.lang}",
                               self.w["back_teacher"]))
            return
        names = [str(field(p, "name", default="?") or "?")
                 for p in field(s, "players", default=[])]
        data = replay_data(frames, names, game=str(field(s, "game")), lang=self.lang)
        self.show(data, self.w["replay_title"].format(code=code))

    def show(self, data: dict[str, Any] | None, title: str, *, error: str = "",
             status: int = 200) -> None:
        payload = "" if data is None else _script_json(data)
        cards = "" if data is None else _script_json(card_pictures(lang=self.lang))
        self.page("replay.html", status=status, title=title, data=payload, cards=cards,
                  error=error, games=_games(), form=self.request.query_arguments)


class SeededReplayPage(ReplayPage):
    """``tables/teacher/replay?game=&seed=&bots=``: the teacher mode (a seeded game)."""

    def get(self) -> None:  # type: ignore[override]
        if self._finished:
            return
        if not self.get_argument("game", ""):
            self.show(None, self.w["replay_form"])
            return
        try:
            with language(self.lang):
                game = registry.get(self.get_argument("game")[:20]).name
                seed_text = self.get_argument("seed", "0").strip()[:20]
                if not seed_text.isdigit():
                    from cardgames.errors import ConfigError
                    raise ConfigError(self.w["seed"] + f": {seed_text!r}")
                bots = [b for b in self.get_argument("bots", "").replace(",", " ").split()][:10]
                session = seeded_session(game, seed=int(seed_text), bots=bots,
                                         whole_match=bool(self.get_argument("match", "")))
        except CardgamesError as e:
            self.show(None, self.w["replay_form"], error=str(e), status=400)
            return
        data = replay_data(session.replay(), [s.name for s in session.seats], game=game,
                           lang=self.lang)
        self.show(data, self.w["replay_single"])


def _script_json(data: Any) -> str:
    """JSON safe inside ``<script type="application/json">``."""
    return (json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
            .replace(">", "\\u003e").replace("&", "\\u0026"))


def teacher_frames(svc: Any, code: str) -> list[Any]:
    """Table ``code``'s :class:`~cardgames.seat.TeacherFrame` list (states with every
    hand: each seat's view at each step is computed from them).  ``svc.teacher_frames``
    if the service has it; else the frames of its table's session (``svc.replay``
    gives these frames as JSON without the states)."""
    frames = getattr(svc, "teacher_frames", None)
    if callable(frames):
        return list(frames(code))
    table = svc._table(code)
    with table.lock:
        return [] if table.session is None else table.session.replay()


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
        (b + rf"/new/{CODE}/?", SharedTableHandler, kw),
        (b + r"/teacher/?", TeacherPage, kw),
        (b + r"/teacher/replay/?", SeededReplayPage, kw),
        (b + rf"/teacher/replay/{CODE}/?", ReplayPage, kw),
        (b + r"/api/tables/?", TablesApi, kw),
        (b + rf"/api/tables/{CODE}/start", StartApi, kw),
        (b + r"/api/settings", SettingsApi, kw),
        (b + r"/api/qr/([^/]{1,16})\.svg", QrApi, kw),
        (b + r"/static/(.*)", StaticHandler, {"path": str(STATIC)}),
    ]
