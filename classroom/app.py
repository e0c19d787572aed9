"""Voila standalone for a class: a start page, a kernel cap, XSRF on, a dead-kernel notice.

:class:`ClassroomVoila` is Voila 0.5's own application with three handlers swapped:

* ``/`` is the start page (:class:`classroom.extension.StartPageHandler`, the same
  handler a student's server on the hub serves at ``/user/<name>/cardgames/``) instead
  of the bare file list (``/voila/tree`` still lists the files);
* ``/voila/render/<notebook>`` is :class:`RenderHandler`: it sets the ``_xsrf`` cookie
  (so the page's shutdown request on tab close passes the XSRF check: voila#1458),
  refuses a page past the kernel cap with "the class is full" (HTTP 503), and adds a
  small script to the page that tells the student, within seconds, when the page's
  kernel has died or was shut down, with a Reload button;
* the kernel manager is :class:`classroom.kernels.ClassroomKernelManager` (cap,
  reaper of orphaned kernels), wrapped by Voila for pre-heated pools;
* a page's kernel belongs to the browser that got the page: its websocket, REST view
  and shutdown refuse any other (``classroom.guard``); what the page sends it is
  bounded and no traceback is sent back (``classroom.pagefilter``); each kernel runs
  under a memory limit; bad URLs get a 4xx (docs/serving.md, issue 18);
* the online tables (``classroom.tables``, issue 21): their service is made at the
  start from the data folder (``--tables-dir``, else ``CARDGAMES_DATA_DIR``, else
  Jupyter's data folder), every stored table resumed; the seat websocket and the
  pages are under ``<base>tables/``; the kernels the server starts learn the
  websocket's address from ``CARDGAMES_TABLES_URL``.

It also prints when the pre-heated pools are warm.  Run it through
``python -m classroom`` (``classroom.launch``), which ``make serve`` calls.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import re
import sys
import time
from typing import ClassVar

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web
from tornado.ioloop import IOLoop, PeriodicCallback
from traitlets import Float, Integer, Unicode
from voila.app import Voila, VoilaKernelWebsocketHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import guard, pagefilter, renderer
from .extension import StartPageHandler
from .kernels import ClassroomKernelManager
from .startpage import full_page, page_language
from .tables.routes import ENV_URL, open_service, start_ticker, table_handlers, tables_url

__all__ = ["GUARD_SCRIPT", "ClassroomVoila", "RenderHandler", "StartPageHandler", "StatusHandler"]

RETRY_SECONDS = 60
#: Seconds a page kernel may exist with no page request rendering it and no page
#: served (a request that failed or went away): then it is shut down.
UNCLAIMED_SECONDS = 10.0
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')

#: Shows a notice when the page's kernel restarts, dies or disappears.
GUARD_SCRIPT = """<script>
(() => {
  const MSG = "This page stopped working: its Python kernel ended. " +
              "Reload the page to start again.";
  let unloading = false;
  window.addEventListener("beforeunload", () => {
    unloading = true;
    // Voila's own beacon exists only once its widget manager has loaded: a page left
    // earlier (a reload while loading) would leave its kernel running until reaped
    const config = document.getElementById("jupyter-config-data");
    if (!config || window.__classroomBeaconSent) return;
    try {
      const id = JSON.parse(config.textContent).kernelId;
      const xsrf = (document.cookie.match("\\\\b_xsrf=([^;]*)\\\\b") || [])[1] || "";
      const form = new FormData();
      form.append("_xsrf", xsrf);
      const base = (document.body && document.body.dataset.baseUrl || "/voila/");
      navigator.sendBeacon(base + "api/shutdown/" + id, form);
      window.__classroomBeaconSent = true;
    } catch (e) { /* no kernel yet */ }
  });
  const show = text => {
    if (unloading || document.getElementById("classroom-notice")) return;
    const box = document.createElement("div");
    box.id = "classroom-notice";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:100000;" +
      "padding:1rem;background:#8b0000;color:#fff;font:1.1rem/1.4 system-ui,sans-serif";
    box.textContent = text + " ";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.style.cssText = "font:inherit;min-height:44px;min-width:44px;margin-left:1em";
    button.onclick = () => location.reload();
    box.appendChild(button);
    (document.body || document.documentElement).appendChild(box);
  };
  window.__classroomNotice = show;
  const DEAD = /"execution_state"\\s*:\\s*"(restarting|autorestarting|dead)"/;
  const Native = window.WebSocket;
  class Guarded extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const m = String(url).match(/\\/api\\/kernels\\/([^/?]+)\\/channels/);
      if (!m) return;
      this.addEventListener("message", ev => {
        let text = "";
        if (typeof ev.data === "string") text = ev.data.length < 4000 ? ev.data : "";
        else if (ev.data instanceof ArrayBuffer && ev.data.byteLength < 4000)
          text = new TextDecoder().decode(ev.data);
        if (text && DEAD.test(text)) show(MSG);
      });
      this.addEventListener("close", () => {
        if (unloading) return;
        const base = (document.body && document.body.dataset.baseUrl || "/voila/")
                       .replace(/voila\\/$/, "");
        setTimeout(() => {
          if (unloading) return;
          fetch(base + "api/kernels/" + m[1], {cache: "no-store"})
            .then(r => { if (r.status === 404) show(MSG); })
            .catch(() => show("The server cannot be reached. Reload the page when it is back."));
        }, 2000);
      });
    }
  }
  window.WebSocket = Guarded;
})();
</script>
"""



async def stop_kernel(km, kernel_id: str, *, now: bool = False) -> None:
    """Stop the renderer before its next cell, let the running cell end, shut down
    (``now``: kill the kernel, e.g. one still starting when its page was left, which a
    polite shutdown interrupts with a KeyboardInterrupt traceback in the log)."""
    renderer.stop_rendering(kernel_id)
    try:
        for _ in range(600):                          # at most 60 s for a long cell
            if kernel_id not in km or renderer.finished(kernel_id):
                break
            await asyncio.sleep(0.1)
        if kernel_id in km:
            if now:
                await kill_process(km, kernel_id)
            await km.shutdown_kernel(kernel_id, now=now)
    except (KeyError, RuntimeError):
        pass
    except web.HTTPError as err:
        # shut down meanwhile by another path (the page's own shutdown, the culler,
        # the sweep of unclaimed kernels: two of them can race for a page left while
        # loading): gone is what was wanted
        if err.status_code != 404:
            raise
    finally:
        renderer.forget(kernel_id)


async def kill_process(km, kernel_id: str) -> None:
    """SIGKILL the kernel's process and wait for it (Jupyter's shutdown would first
    interrupt it: a KeyboardInterrupt traceback when it is still importing)."""
    try:
        process = km.get_kernel(kernel_id).provisioner.process
    except (KeyError, AttributeError, web.HTTPError):
        return
    if process is None or process.poll() is not None:
        return
    process.kill()
    for _ in range(40):
        if process.poll() is not None:
            return
        await asyncio.sleep(0.05)


class PageRequest:
    """One page request: its kernel (once started) and whether the browser left."""

    __slots__ = ("closed", "kernel_id", "km", "stopped", "user")

    def __init__(self, km, user: str) -> None:
        self.km = km
        self.kernel_id: str | None = None
        self.user = user
        self.closed = False          # the browser left before the page was complete
        self.stopped = False         # ... and its kernel is being shut down

    def stop(self) -> asyncio.Future | None:
        """Shut the page's kernel down (once), e.g. because its browser left."""
        if self.kernel_id is None or self.stopped:
            return None
        self.stopped = True
        return asyncio.ensure_future(stop_kernel(self.km, self.kernel_id, now=True))


#: The page request being served (the render handler sets it; the kernel manager's
#: ``start_kernel`` and ``get_rendered_notebook`` record the page's kernel in it).
current_page: contextvars.ContextVar[PageRequest | None] = contextvars.ContextVar(
    "current_page", default=None)
#: Kernels whose page request is still being served.
RENDERING: dict[str, PageRequest] = {}


def claim(kernel_id: str) -> None:
    """The current page request got ``kernel_id``: it belongs to its browser."""
    request = current_page.get()
    if request is not None and request.kernel_id is None:
        request.kernel_id = kernel_id
        RENDERING[kernel_id] = request
        guard.OWNERS.bind(kernel_id, request.user)
        if request.closed:                # the browser left while the kernel started
            request.stop()


class RenderHandler(TornadoVoilaHandler):
    """Voila's page handler with the XSRF cookie, the cap and the dead-kernel notice;
    the page's kernel is bound to its browser (``classroom.guard``), ``?template=`` and
    ``?theme=`` are refused, and a page that fails or is left while it loads has its
    kernel shut down at once."""

    _page: PageRequest | None = None

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
        page = self._page = PageRequest(km, user)
        current_page.set(page)
        complete = False
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


async def sweep_unclaimed(km, seen: dict[str, float], now: float | None = None) -> list[str]:
    """Shut down page kernels that no page request is rendering and no page was served
    for (a request that failed or went away while its kernel started) once they have
    been so for :data:`UNCLAIMED_SECONDS`; their ids."""
    now = time.monotonic() if now is None else now
    alive = set(km.list_kernel_ids())
    guard.OWNERS.prune(alive)
    served = getattr(km, "_served", set())
    pending = getattr(km, "_pending_kernels", {})
    pooled = km.pooled_ids() if hasattr(km, "pooled_ids") else set()
    lonely = {k for k in alive - pooled - served - set(RENDERING) if k not in pending}
    for kid in list(seen):
        if kid not in lonely:
            del seen[kid]
    stopped = []
    for kid in lonely:
        since = seen.setdefault(kid, now)
        if now - since >= UNCLAIMED_SECONDS:
            km.log.info("Shutting down kernel %s: no page is using it", kid)
            seen.pop(kid, None)
            stopped.append(kid)
            await stop_kernel(km, kid, now=True)
    return stopped


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
        if self.connection is not None:
            super().on_close()


class ClassroomVoila(Voila):
    """Voila with the classroom's handlers and kernel manager (see the module doc)."""

    name = "voila"

    kernel_memory_mb = Integer(
        1024, config=True,
        help="Resident memory (MB) a kernel may use; over it, it is replaced and its page "
             "says it stopped working. 0: no limit.")
    kernel_address_space_mb = Integer(
        4096, config=True,
        help="Address space (MB, RLIMIT_AS) each kernel runs under: an allocation past "
             "it fails at once. 0: no limit.")

    tables_dir = Unicode(
        "", config=True,
        help="The online tables' data folder (SQLite log and snapshots); default "
             "$CARDGAMES_DATA_DIR, else <jupyter data dir>/cardgames.")

    tables_bot_timeout = Float(
        60.0, config=True,
        help="Seconds a student at an online table may take for a move before the bot "
             "plays it for them (one move; the log says so).")
    tables_reconnect_grace = Float(
        10.0, config=True,
        help="Seconds a student's seat may be disconnected (a reload) before the bot plays "
             "its moves.")

    def tables_url(self) -> str:
        """The seat websocket's address for this server's kernels (``self.port`` is the
        port listened on once the server runs)."""
        return tables_url(self.port, self.base_url)

    def init_tables(self):
        """The table service, every stored table loaded; the auth of its pages."""
        folder = self.tables_dir or None
        self.tables = open_service(folder, bot_timeout=self.tables_bot_timeout,
                                   reconnect_grace=self.tables_reconnect_grace)
        where = self.tables.store.path
        print(f"[classroom] Online tables: {len(self.tables.tables())} resumed from {where}",
              flush=True)
        try:
            from .tables.auth import TokenAuth
        except ImportError:            # the pages branch (auth.py) is not merged yet
            return None
        return TokenAuth.load(where.parent)      # the teacher token beside the tables

    def stop(self):
        try:
            super().stop()
        finally:
            tables = getattr(self, "tables", None)
            if tables is not None:
                tables.close()

    def init_settings(self):
        renderer.install()
        self.voila_configuration.multi_kernel_manager_class = ClassroomKernelManager
        # no ?template= / ?theme= (a kernel per bad name, stuck in "starting")
        self.voila_configuration.allow_template_override = "NO"
        self.voila_configuration.allow_theme_override = "NO"
        # kernels started from os.environ find the online tables too: set before Voila's
        # init_settings, whose kernel manager fills the pre-heated pools at once (a pooled
        # app_online kernel started without it said "not switched on")
        os.environ[ENV_URL] = self.tables_url()
        settings = super().init_settings()
        settings["classroom_root"] = self.root_dir
        settings["cardgames_tables_auth"] = self.init_tables()
        settings["cardgames_tables"] = self.tables
        km = self.kernel_manager
        km.kernel_manager_class = "classroom.pagefilter.LimitedKernelManager"
        pagefilter.LIMITS["address_space_mb"] = self.kernel_address_space_mb
        start = km.start_kernel

        async def start_kernel(*args, **kwargs):
            # the kernels find the online tables' websocket here (widgets.tables.remote)
            kwargs["env"] = {**(kwargs.get("env") or os.environ), ENV_URL: self.tables_url()}
            kernel_id = await start(*args, **kwargs)
            env = kwargs.get("env") or {}
            if env.get("VOILA_PREHEAT") != "True":
                claim(kernel_id)                           # the page's own kernel
            return kernel_id

        km.start_kernel = start_kernel
        if hasattr(km, "get_rendered_notebook") and isinstance(km, ClassroomKernelManager):
            km.hook_pool()        # pre-heated pools: counted, refilled as the class needs
            hooked = km.get_rendered_notebook

            async def get_rendered_notebook(*args, **kwargs):
                result = await hooked(*args, **kwargs)
                claim(result[2])                           # a pooled kernel: now the page's
                return result

            km.get_rendered_notebook = get_rendered_notebook
        return settings

    def init_handlers(self):
        guard.install_redaction(self.log)
        JupyterHandler.write_error = _write_error        # type: ignore[method-assign]
        handlers = [(guard.BAD_PATH, guard.BadPathHandler), *table_handlers(self.base_url)]
        for spec in super().init_handlers():
            pattern, handler = spec[0], spec[1]
            if pattern in (r"/login", r"/logout"):
                spec = (pattern, guard.NotFoundHandler)   # no login: nothing to log out of
            elif handler is KernelHandler:
                spec = (pattern, OwnedKernelHandler, *spec[2:])
            elif handler is TornadoVoilaTreeHandler and pattern == self.server_url:
                spec = (pattern, StartPageHandler)
            elif handler is TornadoVoilaHandler:
                spec = (pattern, RenderHandler, *spec[2:])
            elif handler is VoilaShutdownKernelHandler:
                spec = (pattern, ShutdownHandler, *spec[2:])
            elif handler is VoilaKernelWebsocketHandler:
                spec = (pattern, KernelWebsocketHandler, *spec[2:])
            handlers.append(spec)
        handlers.append((self.server_url.rstrip("/") + "/classroom/status", StatusHandler))
        return handlers

    def listen(self):
        km = self.kernel_manager
        guard.install_redaction(self.log)
        if isinstance(km, ClassroomKernelManager) and km.orphan_timeout:
            PeriodicCallback(km.reap_orphans, 10_000).start()
        if isinstance(km, ClassroomKernelManager) and km.measure_interval > 0:
            PeriodicCallback(km.measure_memory, km.measure_interval * 1000).start()
        unclaimed: dict[str, float] = {}
        self._tables_ticker = start_ticker(self.tables)   # bots for students who are away
        PeriodicCallback(lambda: sweep_unclaimed(km, unclaimed), 2_000).start()
        self._memory_watch = pagefilter.MemoryWatch(km, self.kernel_memory_mb, self.log)
        PeriodicCallback(self._memory_watch.check, 1_000).start()
        pools = getattr(km, "kernel_pools_config", {})
        wanted = {nb: conf.get("pool_size", 0) for nb, conf in pools.items()
                  if nb != "default" and conf.get("pool_size", 0) > 0}
        if wanted:
            self._pool_watch = PoolWatch(km, wanted)
            PeriodicCallback(self._pool_watch.check, 1000).start()
        IOLoop.current().add_callback(self.print_teacher_page)    # once the port is bound
        super().listen()

    def print_teacher_page(self) -> None:
        """Print the teacher's page of the tables with its token (issue 21), if mounted."""
        auth = getattr(self, "app", None) and self.app.settings.get("cardgames_tables_auth")
        if auth is not None:
            from .tables.auth import teacher_line

            print(teacher_line(auth, ip=self.ip, port=self.port, base_url=self.base_url),
                  flush=True)


class PoolWatch:
    """Prints once when every pre-heated pool is full and has run its notebook."""

    def __init__(self, km, wanted: dict[str, int]):
        self.km, self.wanted = km, wanted
        self.t0 = time.monotonic()
        self.warm = False

    def check(self) -> None:
        counts = {nb: pool_ready(self.km, nb) for nb in self.wanted}
        warm = all(counts[nb] >= size for nb, size in self.wanted.items())
        if warm and not self.warm:
            parts = ", ".join(f"{counts[nb]} × {nb}" for nb in self.wanted)
            what = "warm" if self.t0 is not None else "full again"
            after = f" after {time.monotonic() - self.t0:.0f} s" if self.t0 is not None else ""
            print(f"[classroom] The pool is {what}{after}: {parts} ready.", flush=True)
            self.t0 = None
        self.warm = warm


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


def _write_error(self, status_code, **kwargs):
    """Jupyter Server's error pages need a setting Voila does not set (``static_path``):
    every 404 failed with a second traceback.  Error pages are plain text."""
    guard.plain_error(self, status_code)


def main(argv=None) -> None:
    ClassroomVoila.launch_instance(argv=argv if argv is not None else sys.argv[1:])
