"""The classroom server's own handlers, in place of Voila's (``classroom.app`` mounts them).

* :class:`RenderHandler` (``/voila/render/<notebook>``): the ``_xsrf`` cookie, the
  kernel cap ("the class is full", HTTP 503), the page's kernel bound to its browser,
  the guard script (:mod:`classroom.pagescript`) in the page, a page left while loading
  has its kernel shut down;
* :class:`ShutdownHandler`, :class:`OwnedKernelHandler`, :class:`KernelWebsocketHandler`:
  a page's kernel answers its own page only (``classroom.guard``), what the page sends is
  bounded and no traceback is sent back (``classroom.pagefilter``);
* :class:`StatusHandler` (``/classroom/status``): counts for the teacher and the tests.
"""

from __future__ import annotations

import re
from typing import ClassVar
from urllib.parse import parse_qsl, urlencode

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web
from voila.app import VoilaKernelWebsocketHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from . import guard, pagefilter, renderer, seatpages
from .kernels import ClassroomKernelManager
from .pagekernel import RENDERING, PageRequest, claim, current_page, stop_kernel
from .pagescript import GUARD_SCRIPT
from .startpage import full_page, page_language

__all__ = ["KernelWebsocketHandler", "OwnedKernelHandler", "RenderHandler", "SeatPageHandler",
           "ShutdownHandler", "StatusHandler", "classroom_status", "plain_error_page",
           "pool_ready"]

RETRY_SECONDS = 60
#: What a page's address may not carry to its kernel: the server puts these in from the
#: browser's cookies (issue 29: whoever had the address took the seat / the student).
SERVER_ARGS = ("key", "seat", "table", "student")
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


class RenderHandler(TornadoVoilaHandler):
    """Voila's page handler with the XSRF cookie, the cap and the dead-kernel notice;
    the page's kernel is bound to its browser (``classroom.guard``), ``?template=`` and
    ``?theme=`` are refused, and a page that fails or is left while it loads has its
    kernel shut down at once."""

    _page: PageRequest | None = None

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Referrer-Policy", "no-referrer")

    def kernel_query(self, extra: dict[str, str] | None = None) -> None:
        """The query the page's kernel reads (``widgets.app.request``): the address's
        without :data:`SERVER_ARGS`, plus this browser's student key (its cookie,
        issued here if missing) and ``extra`` (the seat, :class:`SeatPageHandler`).
        The address the browser shows keeps no secret."""
        pairs = [(k, v) for k, v in parse_qsl(self.request.query, keep_blank_values=True)
                 if k not in SERVER_ARGS]
        from .tables.students import student_cookie

        if self.settings.get("cardgames_tables") is not None:
            pairs.append(("student", student_cookie(self, path=self.base_url)))
        pairs.extend((extra or {}).items())
        self.request.query = urlencode(pairs)

    def overrides(self) -> list[str]:
        """Drop ``?template=``/``?theme=`` (Voila would skip the warm pool for any of
        them); the names given with another value than the server's."""
        vc = self.voila_configuration
        wrong = []
        for name, configured in (("template", vc.template), ("theme", vc.theme)):
            values = self.request.query_arguments.pop(name, [])
            self.request.arguments.pop(name, None)
            if any(v.decode(errors="replace") != (configured or "") for v in values):
                wrong.append(name)
        return wrong

    def on_connection_close(self) -> None:
        """The browser left before the page was complete: stop its kernel now."""
        page = self._page
        if page is None or page.closed or self._finished:
            return
        page.closed = True
        if page.kernel_id is not None:
            self.log.info("Page of %s left while loading: shutting down its kernel %s",
                          self.request.path, page.kernel_id)
            page.stop()

    @web.authenticated
    async def get(self, path=None):
        self.xsrf_token  # noqa: B018 -- sets the _xsrf cookie the page's shutdown beacon sends
        wrong = self.overrides()
        if wrong:
            self.log.debug("Refused a page with ?%s=: this server uses its own template "
                             "and theme", "= ?".join(wrong))
            raise web.HTTPError(400, log_message=None)
        km = self.kernel_manager
        admission = None
        user = guard.user_of(self)
        if isinstance(km, ClassroomKernelManager) and str(path or "").endswith(".ipynb"):
            if user:
                try:
                    await km.shutdown_abandoned(user, str(path))
                except web.HTTPError:
                    pass     # one was shut down meanwhile (its page left while loading)
            admission = km.admit(str(path))
            if admission is None:
                self.log.warning("The class is full (%s: %d kernels in use, cap %d, %d MB "
                                 "counted of %d): refused %s", km.last_refusal, km.in_use(),
                                 km.max_kernels, km.committed_mb(), km.memory_mb, path)
                self.set_status(503)
                self.set_header("Retry-After", str(RETRY_SECONDS))
                self.set_header("Cache-Control", "no-store")
                lang = page_language(self.get_argument("lang", ""),
                                     self.request.headers.get("Accept-Language", ""))
                self.finish(full_page(retry_seconds=RETRY_SECONDS, lang=lang,
                                      home=self.base_url))
                return
        if not self._finished:
            self.kernel_query(getattr(self, "_seat_query", None))
        page = self._page = PageRequest(km, user)
        current_page.set(page)
        complete = False
        seat = getattr(self, "_seat_query", None)       # a seat's page: bound to its kernel
        try:
            injected = False
            async for html in self.get_generator(path=path):
                if not injected and "</head>" in html:
                    html = html.replace("</head>", GUARD_SCRIPT + "</head>", 1)
                    injected = True
                if page.kernel_id is None:
                    found = KERNEL_ID.search(html)
                    if found:
                        claim(found.group(1))
                if seat is not None and page.kernel_id is not None:
                    # (claimed above, or by the warm pool's hook before the first part)
                    seatpages.PAGES.bind(page.kernel_id, seat["table"], int(seat["seat"]))
                    seat = None
                if page.closed or self.request.connection.stream.closed():
                    # the student left (reload, closed tab) before the page was complete:
                    # its kernel would run on with nobody to see it.  Voila renders in a
                    # task of its own, so read on until the kernel id is known, then stop.
                    page.closed = True
                    if page.kernel_id is None:
                        continue
                    stopping = page.stop()
                    if stopping is not None:
                        self.log.info("Page of %s left while loading: shutting down its "
                                      "kernel %s", path, page.kernel_id)
                        await stopping
                    return
                self.write(html)
                self.flush()
            complete = True
        finally:
            if admission is not None:
                km.release(admission)
            kernel_id = page.kernel_id
            if kernel_id is not None:
                RENDERING.pop(kernel_id, None)
                if not complete:
                    page.stop()        # the page failed half-way: nobody can use its kernel
        if page.kernel_id is not None:
            renderer.forget(page.kernel_id)
            if isinstance(km, ClassroomKernelManager):
                km.served(page.kernel_id, user, str(path))

    def write_error(self, status_code, **kwargs):
        guard.plain_error(self, status_code)


class SeatPageHandler(RenderHandler):
    """``<base>tables/play/<CODE>``: this browser's seat at table CODE (the app
    ``app_online.ipynb``).  The seat and its secret come from the browser's HttpOnly
    seat cookie (``classroom.tables.pages.set_seat_cookie``, the tables' path only) and go
    to the page's kernel in the query it reads, never in the address (issue 29); a
    browser without the seat's cookie is sent to the table's join page."""

    NOTEBOOK = "app_online.ipynb"

    @web.authenticated
    async def get(self, raw=None):
        from .tables.pagebase import normal_code
        from .tables.pages import cookie_seat

        code = normal_code(str(raw or ""))
        held = cookie_seat(self, self.settings.get("cardgames_tables"), code)
        lang = self.get_argument("lang", "")[:5]
        if held is None:
            tail = "?" + urlencode({"lang": lang}) if lang else ""
            self.redirect(f"{self.base_url}tables/join/{code}{tail}", status=303)
            return
        self._seat_query = {"table": code, "seat": str(held[0]), "key": held[1]}
        await super().get(self.NOTEBOOK)


class ShutdownHandler(VoilaShutdownKernelHandler):
    """Voila's shutdown-on-tab-close, quiet when the kernel is already gone or going
    (the page's two beacons: Voila's and the guard script's)."""

    _going: ClassVar[set[str]] = set()

    @web.authenticated
    async def post(self, kernel_id):
        km = self.kernel_manager
        guard.check_owner(self, kernel_id)
        if kernel_id in ShutdownHandler._going or kernel_id not in km:
            self.set_status(204)
            self.finish()
            return
        ShutdownHandler._going.add(kernel_id)
        try:
            await stop_kernel(km, kernel_id)     # lets a running cell end first
        finally:
            ShutdownHandler._going.discard(kernel_id)
        self.set_status(204)
        self.finish()

    def write_error(self, status_code, **kwargs):
        guard.plain_error(self, status_code)


class OwnedKernelHandler(KernelHandler):
    """``GET``/``DELETE /api/kernels/<id>`` for the kernel's own page only."""

    @web.authenticated
    async def get(self, kernel_id):
        guard.check_owner(self, kernel_id)
        await super().get(kernel_id)

    @web.authenticated
    async def delete(self, kernel_id):
        guard.check_owner(self, kernel_id)
        await super().delete(kernel_id)


class StatusHandler(JupyterHandler):
    """``/classroom/status``: counts only (no kernel ids), for the teacher and the tests."""

    @web.authenticated
    def get(self):
        km = self.kernel_manager
        pools = {nb: len(p) for nb, p in getattr(km, "_pools", {}).items() if p}
        self.set_header("Cache-Control", "no-store")
        self.finish({"kernels": len(km.list_kernel_ids()),
                     "ready": {nb: pool_ready(km, nb) for nb in pools},
                     "in_use": km.in_use(),
                     "pooled": len(km.pooled_ids() & set(km.list_kernel_ids())),
                     "max_kernels": km.max_kernels, "refused": km.refused,
                     "pools": pools, **classroom_status(km)})


def classroom_status(km) -> dict:
    """Why a page is refused now (``full``: "memory", "max_kernels" or None), the
    refusals by reason and the memory figures (``ClassroomKernelManager.memory_status``)."""
    if not isinstance(km, ClassroomKernelManager):
        return {}
    return {"full": km.full_reason(), "refused_by": dict(km.refused_by),
            "memory": km.memory_status()}


class KernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """Voila's kernel websocket, safe when the page leaves while it connects.

    jupyter_server 2.x sets ``connection = None`` in ``on_close``; a tab closed (or
    reloaded) while the connection to its kernel was still being prepared then
    crashed ``select_subprotocol`` with an AttributeError and a traceback in the log.
    """

    #: Frames larger than this close the socket (Jupyter Server allows 10 MiB).
    max_message_size = pagefilter.MAX_FRAME
    page_filter: ClassVar[pagefilter.PageFilter] = pagefilter.PageFilter()

    async def pre_get(self):
        guard.check_owner(self, self.kernel_id)
        try:
            await super().pre_get()
        except (TimeoutError, KeyError) as e:
            # the kernel is being shut down (its page was reloaded or closed)
            raise web.HTTPError(404, f"kernel {self.kernel_id} is gone") from e

    def write_error(self, status_code, **kwargs):
        # Voila's server templates have no page for a websocket's error: plain text
        self.finish(f"{status_code}: {self._reason}")

    def select_subprotocol(self, subprotocols):
        if self.connection is None:
            return None
        return super().select_subprotocol(subprotocols)

    async def open(self, kernel_id):
        if self.connection is None:
            self.close()
            return
        await super().open(kernel_id)
        self._page_seen(seatpages.PAGES.opened(kernel_id), connected=True)
        self._counted = True

    def _page_seen(self, seat: tuple[str, int] | None, *, connected: bool) -> None:
        """A seat's page connected or left: the tables show it at once (classroom.seatpages)."""
        svc = self.settings.get("cardgames_tables")
        if seat is None or svc is None:
            return
        try:
            svc.page_seen(seat[0], seat[1], self.kernel_id, connected=connected)
        except Exception:                  # the page's socket must not fail for the tables
            self.log.exception("The tables could not be told of a page of kernel %s",
                               guard.kernel_tag(self.kernel_id))

    def _v1(self) -> bool:
        return self.selected_subprotocol == "v1.kernel.websocket.jupyter.org"

    def on_message(self, ws_message):
        if self.connection is None:
            return
        header, content = pagefilter.decode_incoming(ws_message, self._v1())
        why = self.page_filter.check(self.kernel_id, header, content, len(ws_message))
        if why is not None:
            if self.page_filter.should_say(self.kernel_id, why):
                self.log.warning("Dropped a message from the page of kernel %s: %s",
                                 guard.kernel_tag(self.kernel_id), why)
            return
        super().on_message(ws_message)

    def write_message(self, message, binary=False):
        message, said = pagefilter.scrub_outgoing(message, self._v1())
        if said is not None:
            self.log.warning("Kernel %s wrote an error for its page (not sent): %s",
                             guard.kernel_tag(self.kernel_id), said)
        return super().write_message(message, binary)

    def on_close(self):
        if getattr(self, "_counted", False):
            self._counted = False
            self._page_seen(seatpages.PAGES.closed(self.kernel_id), connected=False)
        if self.connection is not None:
            super().on_close()


def pool_ready(km, nb: str) -> int:
    """Pooled kernels of ``nb`` that have run their notebook, or run it up to
    ``wait_for_request`` (``widgets.app.request.page_query``): ready for a page."""
    n = 0
    for task in getattr(km, "_pools", {}).get(nb, []):
        if task.done() and not task.cancelled() and task.exception() is None:
            result = task.result()
            render = result.get("task")
            if (render is not None and render.done()) or \
                    result.get("kernel_id") in RequestInfoSocketHandler._waiters:
                n += 1
    return n


def plain_error_page(self, status_code, **kwargs):
    """Jupyter Server's error pages need a setting Voila does not set (``static_path``):
    every 404 failed with a second traceback.  Error pages are plain text."""
    guard.plain_error(self, status_code)
