"""The class API answering the static site's pages (issue 33): a narrow CORS allowance.

The static site (``cardgames site --class-server URL``, docs/serving.md) runs its Python
in the student's browser, so its exercise checks come from the browser itself, from
the site's origin (``https://school.example``), not from a kernel on this server.  The
teacher names that origin when starting the class server (``cardgames serve
--allow-origin https://school.example``; the setting ``cardgames_class_origins``).
Only then, and only for the class API (``tables/api/class/send``, ``.../progress`` and
``.../key``), this server:

- answers the browser's preflight (``OPTIONS``) for a ``POST`` with a
  ``Content-Type`` header, from a named origin only (else 403, no CORS header);
- adds ``Access-Control-Allow-Origin: <that origin>`` (never ``*``, no credentials) to
  its answers to that origin;
- takes the messages of that origin from any address (the students' browsers), with
  every other check unchanged: the body's size, its fields, the signed student key,
  the rate limit per student;
- hands out a new signed student key (``GET tables/api/class/key``, at most
  :data:`KEY_RATE` a second per address, burst :data:`KEY_BURST`): a static page has no
  start page of this server to get one from.  It is the key any browser gets from the
  start page's cookie, so it lets nobody in who could not come in before.

Everything the static site sends comes from a student's browser, where a curious
student can change it: its checks are for practice (docs/serving.md).

>>> parse_origin("https://School.example/")
'https://school.example'
>>> parse_origin("http://127.0.0.1:8000")
'http://127.0.0.1:8000'
>>> parse_origin("https://school.example/homework/")
Traceback (most recent call last):
...
ValueError: an origin is scheme://host[:port] with nothing after it (e.g. https://school.example), not 'https://school.example/homework/'
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any
from urllib.parse import urlsplit

from tornado import web

from cardgames.i18n import gettext as _

from .errors import RateLimited, TableError
from .protocol import TokenBuckets, error_dict
from .students import issue_key, new_key, student_secret

__all__ = ["KEY_BURST", "KEY_RATE", "ClassKeyHandler", "allowed_origin", "cors_headers",
           "from_named_origin", "parse_origin", "preflight"]

#: Settings key of the named origins (a tuple of :func:`parse_origin` results).
SETTING = "cardgames_class_origins"
#: New student keys a second per address, and the burst.
KEY_RATE = 1.0
KEY_BURST = 10
#: Addresses whose key buckets are kept.
MAX_BUCKETS = 5000
#: Seconds a browser may keep a preflight's answer.
MAX_AGE = 600


class NotFromSite(TableError):
    """A key asked for by a page of an origin the teacher did not name."""

    code = "not-a-kernel"

    def __init__(self) -> None:
        super().__init__(_("the class server takes results only from the lesson pages "
                           "of this server"))


def parse_origin(text: str) -> str:
    """``text`` as a web origin (``scheme://host[:port]``, lower case, no path), else
    ``ValueError`` saying why."""
    raw = text.strip()
    try:
        parts = urlsplit(raw[:-1] if raw.endswith("/") else raw)
        port = parts.port
        ok = (parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
              and not (parts.path or parts.query or parts.fragment or parts.username
                       or parts.password or "#" in raw or "?" in raw))
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(_("an origin is scheme://host[:port] with nothing after it (e.g. "
                           "https://school.example), not {text!r}").format(text=raw[:100]))
    host = str(parts.hostname)
    if ":" in host:
        host = f"[{host}]"
    return f"{parts.scheme.lower()}://{host}" + (f":{port}" if port is not None else "")


def allowed_origin(handler: Any) -> str | None:
    """The request's ``Origin`` if the teacher named it (``--allow-origin``), else None."""
    origins = handler.settings.get(SETTING) or ()
    origin = handler.request.headers.get("Origin", "")
    return origin if origin and origin in origins else None   # as browsers write it


def from_named_origin(handler: Any) -> bool:
    """Whether the request comes from a page of a named origin (see the module doc)."""
    return allowed_origin(handler) is not None


def cors_headers(handler: Any) -> None:
    """Let a named origin read this answer (``Access-Control-Allow-Origin``)."""
    handler.set_header("Vary", "Origin")
    origin = allowed_origin(handler)
    if origin is not None:
        handler.set_header("Access-Control-Allow-Origin", origin)


def preflight(handler: Any, method: str) -> None:
    """Answer a CORS preflight: 204 for a named origin asking for ``method`` with at most
    the ``Content-Type`` header, else 403 (the browser then sends nothing)."""
    asked = handler.request.headers.get("Access-Control-Request-Method", "")
    headers = {h.strip().lower() for h in handler.request.headers.get(
        "Access-Control-Request-Headers", "").split(",") if h.strip()}
    if allowed_origin(handler) is None or asked != method or not headers <= {"content-type"}:
        handler.clear_header("Access-Control-Allow-Origin")
        handler.set_status(403)
        handler.finish()
        return
    handler.set_header("Access-Control-Allow-Methods", method)
    handler.set_header("Access-Control-Allow-Headers", "Content-Type")
    handler.set_header("Access-Control-Max-Age", str(MAX_AGE))
    if handler.request.headers.get("Access-Control-Request-Private-Network") == "true":
        handler.set_header("Access-Control-Allow-Private-Network", "true")   # a LAN server
    handler.clear_header("Content-Type")
    handler.set_status(204)
    handler.finish()


class ClassKeyHandler(web.RequestHandler):
    """``GET tables/api/class/key``: a new signed student key for a page of a named
    origin (see the module doc): ``{"ok": true, "answer": {"key": ...}}``; 403 for any
    other page, 429 past the rate limit."""

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        cors_headers(self)

    def options(self) -> None:
        preflight(self, "GET")

    def _allowed(self) -> bool:
        try:
            address = str(ipaddress.ip_address(str(self.request.remote_ip)))
        except ValueError:
            address = "?"
        return TokenBuckets.of(self.settings, "cardgames_key_buckets", rate=KEY_RATE,
                               burst=KEY_BURST, most=MAX_BUCKETS).take(address)

    def get(self) -> None:
        if not from_named_origin(self):
            self.set_status(403)
            self.finish(json.dumps({"ok": False, "error": error_dict(NotFromSite())}))
            return
        if not self._allowed():
            self.set_status(429)
            self.finish(json.dumps({"ok": False, "error": error_dict(RateLimited())}))
            return
        secret = student_secret(self.settings)
        key = new_key() if secret is None else issue_key(secret)
        self.finish(json.dumps({"ok": True, "answer": {"key": key}}))
