"""Who may reach a kernel, what the teacher's log shows, and what a bad URL gets.

* **A kernel belongs to its page** (:class:`Owners`): the render handler binds the
  page's kernel to the browser that asked for it, i.e. to the signed, random
  (``uuid4``) login cookie Jupyter Server gives every browser on its first request.
  The kernel's websocket, ``GET``/``DELETE /api/kernels/<id>`` and
  ``POST /voila/api/shutdown/<id>`` answer 403 to any other browser
  (:func:`check_owner`), even one that knows the id and sends its own ``_xsrf``.
* **No kernel ids in the log** (:class:`RedactIds`): every id-shaped string in a log
  line becomes a short tag, ``k-`` and 8 hex digits of its SHA-256, so the teacher's
  terminal on the projector gives nobody an id (a test, which knows the id, can
  compute the tag: :func:`kernel_tag`).
* **Bad URLs** get a 4xx and one log line, never a traceback: a path with a NUL byte
  or a ``..`` segment (also percent-encoded) is refused with 400 before any handler
  (:data:`BAD_PATH`), ``/login`` and ``/logout`` are not served (there is no login),
  and error pages are plain text (:func:`plain_error`): Jupyter Server's error
  templates need settings Voila does not set, and failed with a traceback on every
  404.

>>> kernel_tag("0b8e2f43-9f1c-4a53-8a3e-1d2c3b4a5f60")
'k-5b4c0288'
>>> redact("Kernel shutdown: 0b8e2f43-9f1c-4a53-8a3e-1d2c3b4a5f60")
'Kernel shutdown: k-5b4c0288'
>>> bool(BAD_PATH_RE.fullmatch("/voila/templates/%2e%2e/x")), bool(BAD_PATH_RE.fullmatch("/a..b"))
(True, False)
"""

from __future__ import annotations

import hashlib
import logging
import re
from http import HTTPStatus

from tornado import web

__all__ = ["BAD_PATH", "OWNERS", "BadPathHandler", "Owners", "RedactIds", "check_owner",
           "install_redaction", "kernel_tag", "plain_error", "redact"]

UUID = re.compile(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                  r"[0-9a-fA-F]{12}\b")

#: A path with a NUL byte, or with a ``..`` segment (``.``, ``%2e``; ``/``, ``%2f``, ``%5c``).
BAD_PATH = (r"(?i)(?:.*%00.*|(?:.*(?:/|%2f|%5c))?(?:\.|%2e)(?:\.|%2e)"
            r"(?:(?:/|%2f|%5c).*)?)")
BAD_PATH_RE = re.compile(BAD_PATH)


def kernel_tag(kernel_id: str) -> str:
    """The name a kernel has in the log: not its id, not reversible to it."""
    return "k-" + hashlib.sha256(kernel_id.lower().encode()).hexdigest()[:8]


#: A secret in a URL's query: an online table's seat key (``key=``, the join link's redirect
#: to the app), the teacher's token (``token=``), an XSRF value.
SECRET_PARAM = re.compile(r"(?i)\b(key|token|_xsrf)=[^&\s\"'#]+")


def redact(text: str) -> str:
    """``text`` with every id-shaped string replaced by its :func:`kernel_tag`, and every
    secret of a URL (``key=``, ``token=``, ``_xsrf=``) by ``[secret]``.

    >>> redact("200 GET /voila/render/app_online.ipynb?table=K7QX3M&seat=2&key=Zq9-x_1&lang=hr")
    '200 GET /voila/render/app_online.ipynb?table=K7QX3M&seat=2&key=[secret]&lang=hr'
    """
    text = SECRET_PARAM.sub(lambda m: m.group(1) + "=[secret]", text)
    return UUID.sub(lambda m: kernel_tag(m.group()), text)


class RedactIds(logging.Filter):
    """A log filter that replaces kernel (and session) ids by their tags, URL secrets by a mark."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            return True
        if UUID.search(message) or SECRET_PARAM.search(message):
            record.msg, record.args = redact(message), ()
        return True


def install_redaction(*loggers: logging.Logger) -> None:
    """Put :class:`RedactIds` on every handler of ``loggers``, the root logger and every
    logger there is (a filter on a handler sees the records of every logger that
    reaches it: Jupyter Server's, Voila's) and on Python's last-resort handler."""
    seen: set[int] = set()
    known = [lg for lg in logging.Logger.manager.loggerDict.values()
             if isinstance(lg, logging.Logger)]
    # tornado's access log and warnings have no handler of their own: Python's "last
    # resort" handler prints them
    last = [logging.lastResort] if logging.lastResort is not None else []
    for handlers in (*(lg.handlers for lg in (*loggers, logging.getLogger(), *known)), last):
        for handler in handlers:
            if id(handler) in seen or any(isinstance(f, RedactIds) for f in handler.filters):
                continue
            seen.add(id(handler))
            handler.addFilter(RedactIds())


class Owners:
    """Which browser (login cookie's user) each kernel's page was served to.

    >>> owners = Owners()
    >>> owners.bind("k1", "ana")
    >>> owners.allowed("k1", "ana"), owners.allowed("k1", "ben"), owners.allowed("k2", "ana")
    (True, False, False)
    >>> owners.allowed("k1", "")
    False
    """

    def __init__(self) -> None:
        self._owner: dict[str, str] = {}

    def bind(self, kernel_id: str, user: str) -> None:
        self._owner[kernel_id] = user

    def allowed(self, kernel_id: str, user: str) -> bool:
        return bool(user) and self._owner.get(kernel_id) == user

    def forget(self, kernel_id: str) -> None:
        self._owner.pop(kernel_id, None)

    def prune(self, alive: set[str]) -> None:
        """Forget the kernels that no longer exist."""
        for kid in [k for k in self._owner if k not in alive]:
            del self._owner[kid]


OWNERS = Owners()


def user_of(handler: web.RequestHandler) -> str:
    """The browser's (anonymous) user name from its signed login cookie, or ""."""
    return str(getattr(handler.current_user, "username", "") or "")


def check_owner(handler: web.RequestHandler, kernel_id: str) -> None:
    """Raise 403 unless the request comes from the browser that got ``kernel_id``'s
    page.  A kernel that does not exist passes (the handler answers 404)."""
    km = handler.settings.get("kernel_manager")
    if km is None or kernel_id not in km:
        OWNERS.forget(kernel_id)
        return
    if not OWNERS.allowed(kernel_id, user_of(handler)):
        log = getattr(handler, "log", logging.getLogger(__name__))
        log.warning("Refused %s %s: the kernel belongs to another page",
                    handler.request.method, redact(handler.request.path))
        raise web.HTTPError(403, "this kernel belongs to another page")


def plain_error(handler: web.RequestHandler, status_code: int, **kwargs) -> None:
    """A short plain-text error page (no template, no traceback, no path)."""
    try:
        reason = HTTPStatus(status_code).phrase
    except ValueError:
        reason = "Error"
    handler.set_header("Content-Type", "text/plain; charset=UTF-8")
    handler.set_header("Cache-Control", "no-store")
    handler.finish(f"{status_code}: {reason}\n")


class BadPathHandler(web.RequestHandler):
    """400 for a path no file or page can have (:data:`BAD_PATH`)."""

    def prepare(self) -> None:
        raise web.HTTPError(400)

    def write_error(self, status_code: int, **kwargs) -> None:
        plain_error(self, status_code)


class NotFoundHandler(BadPathHandler):
    """404 for ``/login`` and ``/logout``: the classroom server has no login."""

    def prepare(self) -> None:
        raise web.HTTPError(404)
