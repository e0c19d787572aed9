"""What every page of the tables shares: :class:`PageHandler` (language, templates, errors
as pages, the XSRF and size checks, the service and auth from the tornado settings) and
small helpers (see :mod:`classroom.tables.pages`).

>>> normal_code(" k7q-x3m "), field({"code": "K7QX3M"}, "code")
('K7QX3M', 'K7QX3M')
"""

from __future__ import annotations

import json
import socket
from html import escape as html_escape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tornado import template, web

from cardgames import registry
from cardgames.errors import ConfigError
from cardgames.i18n import LANGUAGE_NAMES, SUPPORTED
from cardgames.i18n import gettext as _

from ..startpage import page_language
from .words import words

__all__ = ["CODE", "LOADER", "MAX_BODY", "STATIC", "STATUS", "STUDENTS_MAKE", "TEMPLATES",
           "PageHandler", "Shared", "field", "games", "normal_code", "refusal_status", "script_json",
           "table_options", "wrap_url"]

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
LOADER = template.Loader(str(TEMPLATES), autoescape="xhtml_escape")
MAX_BODY = 8192
CODE = r"([^/]{1,16})"
#: HTTP status of a service refusal, by its code.
STATUS = {"unknown-table": 404, "table-full": 409, "game-over": 410, "rate-limited": 429,
          "name-taken": 409, "bad-takeover-code": 403, "too-many-tables": 429,
          "too-large": 413, "seat-held": 409, "not-started": 409}
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",        # the seat's key and the token stay here
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' data:; "
                                "style-src 'self' 'unsafe-inline'; script-src 'self'; "
                                "frame-ancestors 'none'; form-action 'self'"),
}


#: The store's key of the teacher's switch "let students make tables" (off until set).
STUDENTS_MAKE = "students_make"


class Shared:
    """What the page handlers share: the base URL.  (The teacher's switches are kept in
    the service's store, :attr:`PageHandler.students_make`, so they survive a restart.)"""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"


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


def lan_ip() -> str | None:
    """This computer's address on its network (no packet is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))
            ip = str(s.getsockname()[0])
    except OSError:
        return None
    return None if ip.startswith("127.") else ip



def wrap_url(url: str) -> str:
    """``url`` escaped for HTML, with a line-break opportunity (``<wbr>``) after each
    ``/``, ``?`` and ``&``: a long link wraps between its parts, not inside a word
    (the teacher's page on a narrow screen: "…/tables/" then "new", never "n" "ew").

    >>> wrap_url("http://h:8866/tables/new?a=1&b=<x>")
    'http:/<wbr>/<wbr>h:8866/<wbr>tables/<wbr>new?<wbr>a=1&amp;<wbr>b=&lt;x&gt;'
    """
    out = []
    for ch in url:
        out.append(html_escape(ch))
        if ch in "/?&":
            out.append("<wbr>")
    return "".join(out)

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

    @property
    def students_make(self) -> bool:
        """The teacher's switch "let students make tables", as the store last kept it
        (off if never set, or if the service keeps no store)."""
        store = getattr(self.svc, "store", None)
        return store is not None and bool(store.setting(STUDENTS_MAKE, default=False))

    @students_make.setter
    def students_make(self, on: bool) -> None:
        """Switch it, on disk before the caller answers (the store commits first)."""
        self.svc.store.set_setting(STUDENTS_MAKE, bool(on))

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
            wrap_url=wrap_url,
            words_json=script_json({**self.w, **{f"game_{g.name}": _(g.title, lang=self.lang)
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
        one = getattr(self.svc, "summary", None)
        if callable(one):
            return one(code)
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
            ip = lan_ip()
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
        """The seat's page.  Under ``make serve``: ``tables/play/<CODE>``, whose handler
        (:class:`classroom.handlers.SeatPageHandler`) reads the seat from this browser's
        cookie: no secret in the address (issue 29).  On the hub (the app runs in the
        student's own server, which cannot read this service's cookie) the old link."""
        prefix = self.settings.get("cardgames_tables_app_url")
        if not prefix:
            return f"{self.base}tables/play/{code}?" + urlencode({"lang": self.lang})
        return f"{prefix}?" + urlencode({"table": code, "seat": seat, "key": secret,
                                         "lang": self.lang})



def refusal_status(err: BaseException) -> int:
    return STATUS.get(str(getattr(err, "code", "")), 400)


def table_options(get: Any) -> tuple[str, int, str, dict[str, Any]]:
    """game, seats, bots and options from a form (``get(name, default)``); the options
    are the game's table form (:attr:`GameInfo.table_form
    <cardgames.registry.GameInfo.table_form>`); numbers that are not whole numbers are
    refused here, the rest by the service/engine."""
    info = registry.get(get("game", registry.default().name)[:20])

    def whole(name: str, default: str) -> int:
        text = get(name, default).strip()[:4]
        if not (text.isdigit()):
            raise ConfigError(_("{name} must be a whole number, not {value!r}")
                              .format(name=name, value=text))
        return int(text)

    seats = whole("seats", "4")
    bots = get("bots", "heuristic")[:20]
    options: dict[str, Any] = {}
    for name, (kind, default) in info.table_form.items():
        if kind == "whole":
            options[name] = whole(name, default)
        elif kind == "flag":                # a box: on or off
            options[name] = get(name, default) in ("1", "on", "true")
        else:                               # a choice; its default is "none of them"
            value = get(name, default)[:12]
            if value != default:
                options[name] = value
    return info.name, seats, bots, options


def games() -> list[tuple[str, str]]:
    return [(g.name, g.title) for g in registry.games()]


def script_json(data: Any) -> str:
    """JSON safe inside ``<script type="application/json">``."""
    return (json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
            .replace(">", "\\u003e").replace("&", "\\u0026"))


