"""The class link in the student's browser: the static site's checks to a class server
(issue 33).

The static site (``cardgames site``, docs/serving.md) runs its Python in the browser
(Pyodide), which has no threads: :class:`BrowserClassLink` is the
:class:`~widgets.kit.classlink.ClassLink` whose outbox is emptied by a task on the
page's event loop, posting with the browser's own ``fetch`` (``pyodide.http.pyfetch``),
to the same class API with the same messages as a kernel under Voila; the outbox's
rules are the same (in order, each until answered, a growing pause while the server is
away, a refusal final).  The page has no start page of the class server to give it a
student key, so the link first asks the server for one (``tables/api/class/key``,
answered only for the site's origin the teacher named: ``cardgames serve
--allow-origin``, :mod:`classroom.tables.cors`): each page a student opens is a new
student to the class view unless they give their name.

Which class server: the site's ``class-server.json`` (beside its ``index.html``,
written by ``cardgames site --class-server URL``, ``{"server": null}`` without one),
read by :func:`use_site_server` when a page starts; without a server nothing is sent
and the exercises say that progress is not kept.

>>> site_server('{"server": "http://10.0.0.5:8866/"}')
'http://10.0.0.5:8866/'
>>> site_server('{"server": null}') is None, site_server('{"server": "ftp://x/"}') is None
(True, True)
>>> tables_ws("http://10.0.0.5:8866/class/")
'http://10.0.0.5:8866/class/tables/ws'
>>> key_url("http://10.0.0.5:8866/tables/api/class/send")
'http://10.0.0.5:8866/tables/api/class/key'
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from widgets.kit.classlink import KEY_RE, URL_VARIABLE, ClassLink, use_link_class

__all__ = ["SITE_FILE", "BrowserClassLink", "key_url", "site_server", "tables_ws",
           "use_site_server"]

log = logging.getLogger(__name__)

#: The site's file naming its class server (at the site's root).
SITE_FILE = "class-server.json"

#: ``fetch(url, method, body, headers) -> (status, JSON answer)``; raises ``OSError``
#: (or the browser's error) when there is no answer.
Fetch = Callable[[str, str, bytes | None, dict[str, str]], Awaitable[tuple[int, dict[str, Any]]]]


def site_server(text: str) -> str | None:
    """The class server's address (``http(s)://host[:port]/[base/]``) in the site's
    :data:`SITE_FILE`, or None (none named, or not an address)."""
    try:
        server = json.loads(text).get("server")
    except (ValueError, AttributeError):
        return None
    if not isinstance(server, str) or len(server) > 300:
        return None
    parts = urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment or not server.endswith("/"):
        return None
    return server


def tables_ws(server: str) -> str:
    """The ``CARDGAMES_TABLES_URL`` of a class server at ``server`` (whose class API is
    ``tables/api/class/send`` beside it: :func:`widgets.kit.classlink.http_url`)."""
    return server + "tables/ws"


def key_url(send_url: str) -> str:
    """The student key's address beside the send address."""
    return send_url[: -len("/send")] + "/key" if send_url.endswith("/send") else send_url


async def _fetch(url: str, method: str, body: bytes | None,
                 headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    """The browser's ``fetch`` (Pyodide); ``(status, JSON answer)``."""
    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    options: dict[str, Any] = {"method": method, "headers": headers, "cache": "no-store"}
    if body is not None:
        options["body"] = body.decode("utf-8")
    response = await pyfetch(url, **options)
    read = getattr(response, "text", None) or response.string    # (older Pyodide: string)
    try:
        answer = json.loads(await read())
    except ValueError:
        answer = {}
    return int(response.status), answer if isinstance(answer, dict) else {}


def site_root() -> str | None:
    """The static site's root address: where its Pyodide is, ``static/pyodide/`` below it
    (tools/static_site.py); else where the kernel's worker script is, ``extensions/``
    below it (JupyterLite's layout); else None."""
    try:
        import pyodide_js  # type: ignore[import-not-found]

        index = str(pyodide_js._api.config.indexURL)
        tail = "static/pyodide/"
        if index.endswith(tail):
            return index[: -len(tail)]
    except (ImportError, AttributeError):
        pass
    try:
        import js  # type: ignore[import-not-found]

        href = str(js.location.href)
    except (ImportError, AttributeError):
        return None
    return href.rsplit("/extensions/", 1)[0] + "/" if "/extensions/" in href else None


async def use_site_server(env: MutableMapping[str, str] | None = None,
                          fetch: Fetch | None = None, root: str | None = None) -> str | None:
    """Read the site's :data:`SITE_FILE` and, if it names a class server, point this
    page's class link at it (``CARDGAMES_TABLES_URL``); the server, or None."""
    env = os.environ if env is None else env
    root = root if root is not None else site_root()
    if root is None:
        return None
    try:
        status, answer = await (fetch or _fetch)(root + SITE_FILE, "GET", None, {})
    except Exception:  # noqa: BLE001 - no file, no server: the page works on its own
        return None
    server = site_server(json.dumps(answer)) if status == 200 else None
    if server is not None:
        env[URL_VARIABLE] = tables_ws(server)
        use_link_class(BrowserClassLink)          # the page's link posts with fetch
    return server


class BrowserClassLink(ClassLink):
    """The class link of a page whose Python runs in the browser (see the module doc);
    ``fetch``: the HTTP call (tests)."""

    def __init__(self, url: str, *, fetch: Fetch | None = None, **options: Any) -> None:
        super().__init__(url, **options)
        self._fetch = fetch or _fetch
        self._task: asyncio.Future[None] | None = None

    def _start(self) -> None:
        """Empty the outbox from a task of the page's loop (no thread in the browser)."""
        if (self._task is None or self._task.done()) and not self._stop.is_set():
            self._task = asyncio.ensure_future(self._drain())

    def close(self) -> None:
        self._stop.set()
        if self._task is not None:
            self._task.cancel()
        self._set_state("closed")

    async def _key(self) -> str:
        """A student key from the class server (its ``key`` API); raises ``OSError`` when
        there is none to be had now (then the message waits and is tried again)."""
        status, answer = await self._fetch(key_url(self.url), "GET", None, {})
        key = (answer.get("answer") or {}).get("key") if status == 200 else None
        if not isinstance(key, str) or KEY_RE.fullmatch(key) is None:
            raise OSError(f"no student key from the class server (HTTP {status})")
        return key

    async def _drain(self) -> None:
        delay = self.backoff[0]
        while not self._stop.is_set():
            with self._cond:
                if not self._outbox:
                    self._idle.set()
                    return
                m = self._outbox[0]
            try:
                if self._student is None:
                    self._student = await self._key()
                body = self._body(m)
                self.tries += 1
                status, answer = await self._fetch(m.url or self.url, "POST", body,
                                                   {"Content-Type": "application/json"})
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - the browser's network error: no answer
                log.info("class link: %s unreachable (%s); again in %.1f s", self.url, e, delay)
                status, answer = 0, {}
            if self._stop.is_set():
                return
            if self._settle(m, status, answer):
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.backoff[1])
                continue
            delay = self.backoff[0]
