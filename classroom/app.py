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
  reaper of orphaned kernels), wrapped by Voila for pre-heated pools.

It also prints when the pre-heated pools are warm.  Run it through
``python -m classroom`` (``classroom.launch``), which ``make serve`` calls.
"""

from __future__ import annotations

import asyncio
import re
import sys
import time
from typing import ClassVar

from jupyter_server.base.handlers import JupyterHandler
from tornado import web
from tornado.ioloop import PeriodicCallback
from voila.app import Voila, VoilaKernelWebsocketHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import renderer
from .extension import StartPageHandler
from .kernels import ClassroomKernelManager
from .startpage import full_page, page_language

__all__ = ["GUARD_SCRIPT", "ClassroomVoila", "RenderHandler", "StartPageHandler", "StatusHandler"]

RETRY_SECONDS = 60
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



async def stop_kernel(km, kernel_id: str) -> None:
    """Stop the renderer before its next cell, let the running cell end, shut down."""
    renderer.stop_rendering(kernel_id)
    try:
        for _ in range(600):                          # at most 60 s for a long cell
            if kernel_id not in km or renderer.finished(kernel_id):
                break
            await asyncio.sleep(0.1)
        if kernel_id in km:
            await km.shutdown_kernel(kernel_id)
    except (KeyError, RuntimeError):
        pass
    finally:
        renderer.forget(kernel_id)


class RenderHandler(TornadoVoilaHandler):
    """Voila's page handler with the XSRF cookie, the cap and the dead-kernel notice."""

    @web.authenticated
    async def get(self, path=None):
        self.xsrf_token  # noqa: B018 -- sets the _xsrf cookie the page's shutdown beacon sends
        km = self.kernel_manager
        admission = None
        user = getattr(self.current_user, "username", "") or ""
        if isinstance(km, ClassroomKernelManager) and str(path or "").endswith(".ipynb"):
            if user:
                await km.shutdown_abandoned(user, str(path))
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
        kernel_id = None
        try:
            injected = False
            async for html in self.get_generator(path=path):
                if not injected and "</head>" in html:
                    html = html.replace("</head>", GUARD_SCRIPT + "</head>", 1)
                    injected = True
                if kernel_id is None:
                    found = KERNEL_ID.search(html)
                    kernel_id = found.group(1) if found else None
                if self.request.connection.stream.closed():
                    # the student left (reload, closed tab) before the page was complete:
                    # its kernel would run on with nobody to see it.  Voila renders in a
                    # task of its own, so read on until the kernel id is known, then stop.
                    if kernel_id is None:
                        continue
                    self.log.info("Page of %s left while loading: shutting down kernel %s",
                                  path, kernel_id)
                    await stop_kernel(km, kernel_id)
                    return
                self.write(html)
                self.flush()
        finally:
            if admission is not None:
                km.release(admission)
        if kernel_id is not None:
            renderer.forget(kernel_id)
            if isinstance(km, ClassroomKernelManager):
                km.served(kernel_id, user, str(path))


class ShutdownHandler(VoilaShutdownKernelHandler):
    """Voila's shutdown-on-tab-close, quiet when the kernel is already gone or going
    (the page's two beacons: Voila's and the guard script's)."""

    _going: ClassVar[set[str]] = set()

    @web.authenticated
    async def post(self, kernel_id):
        km = self.kernel_manager
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

    async def pre_get(self):
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

    def on_message(self, ws_message):
        if self.connection is not None:
            super().on_message(ws_message)

    def on_close(self):
        if self.connection is not None:
            super().on_close()


class ClassroomVoila(Voila):
    """Voila with the classroom's handlers and kernel manager (see the module doc)."""

    name = "voila"

    def init_settings(self):
        renderer.install()
        self.voila_configuration.multi_kernel_manager_class = ClassroomKernelManager
        settings = super().init_settings()
        settings["classroom_root"] = self.root_dir
        km = self.kernel_manager
        if hasattr(km, "get_rendered_notebook") and isinstance(km, ClassroomKernelManager):
            km.hook_pool()        # pre-heated pools: counted, refilled as the class needs
        return settings

    def init_handlers(self):
        handlers = []
        for spec in super().init_handlers():
            pattern, handler = spec[0], spec[1]
            if handler is TornadoVoilaTreeHandler and pattern == self.server_url:
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
        if isinstance(km, ClassroomKernelManager) and km.orphan_timeout:
            PeriodicCallback(km.reap_orphans, 10_000).start()
        if isinstance(km, ClassroomKernelManager) and km.measure_interval > 0:
            PeriodicCallback(km.measure_memory, km.measure_interval * 1000).start()
        pools = getattr(km, "kernel_pools_config", {})
        wanted = {nb: conf.get("pool_size", 0) for nb, conf in pools.items()
                  if nb != "default" and conf.get("pool_size", 0) > 0}
        if wanted:
            self._pool_watch = PoolWatch(km, wanted)
            PeriodicCallback(self._pool_watch.check, 1000).start()
        super().listen()


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
    ``wait_for_request`` (``widgets.request.page_query``): ready for a page."""
    n = 0
    for task in getattr(km, "_pools", {}).get(nb, []):
        if task.done() and not task.cancelled() and task.exception() is None:
            result = task.result()
            render = result.get("task")
            if (render is not None and render.done()) or \
                    result.get("kernel_id") in RequestInfoSocketHandler._waiters:
                n += 1
    return n


def main(argv=None) -> None:
    ClassroomVoila.launch_instance(argv=argv if argv is not None else sys.argv[1:])
