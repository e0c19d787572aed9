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
  start from the class's data folder (``--data-dir``, else ``CARDGAMES_DATA_DIR``, else
  a folder of its own for the served folder and port,
  :func:`classroom.tables.store.default_data_dir`; printed at the start), every stored
  table resumed; the login cookie's secret is kept there too (``cookie-secret``, 0600),
  so a page from before a restart keeps its browser's identity after it (issue 29); the seat websocket and the
  pages are under ``<base>tables/``; the kernels the server starts learn the
  websocket's address from ``CARDGAMES_TABLES_URL``.

The handlers are in :mod:`classroom.handlers`, a page's kernel (its request, owner and
stop) in :mod:`classroom.pagekernel`, the page's script in :mod:`classroom.pagescript`;
this module is the server: its options, settings, routes and periodic tasks (the sweep
of kernels no page claimed, the reaper, the memory watch).  It also prints when the
pre-heated pools are warm.  Run it through
``python -m classroom`` (``classroom.launch``), which ``make serve`` calls.
"""

from __future__ import annotations

import os
import sys
import time

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado.ioloop import IOLoop, PeriodicCallback
from traitlets import Float, Integer, List, Unicode, default
from voila.app import Voila, VoilaKernelWebsocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import guard, pagefilter, renderer
from .extension import StartPageHandler
from .handlers import (
    KernelWebsocketHandler,
    OwnedKernelHandler,
    RenderHandler,
    SeatPageHandler,
    ShutdownHandler,
    StatusHandler,
    plain_error_page,
    pool_ready,
)
from .kernels import ClassroomKernelManager
from .pagekernel import RENDERING, claim, stop_kernel
from .pagescript import GUARD_SCRIPT
from .tables.routes import ENV_URL, open_service, start_ticker, table_handlers, tables_url

# the page's handlers (classroom.handlers), its kernel (classroom.pagekernel) and its script
# (classroom.pagescript) were split from this module; their names stay importable from here

__all__ = ["GUARD_SCRIPT", "ClassroomVoila", "RenderHandler", "StartPageHandler", "StatusHandler"]

#: Seconds a page kernel may exist with no page request rendering it and no page
#: served (a request that failed or went away): then it is shut down.
UNCLAIMED_SECONDS = 10.0


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


class ClassroomVoila(Voila):
    """Voila with the classroom's handlers and kernel manager (see the module doc)."""

    name = "voila"
    aliases = {**Voila.aliases, "data-dir": "ClassroomVoila.tables_dir",
               "tables-dir": "ClassroomVoila.tables_dir"}

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
        help="The class's data folder (the tables, the class's answers, the secrets); "
             "default $CARDGAMES_DATA_DIR, else a folder of its own per served folder and "
             "port under <jupyter data dir>/cardgames.")

    allow_origins = List(
        Unicode(), config=True,
        help="Origins of static sites (cardgames site --class-server) whose pages may send "
             "exercise checks to the class API from the students' browsers, e.g. "
             "https://school.example (cardgames serve --allow-origin; classroom.tables.cors).")

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

    def data_folder(self):
        """The class's data folder (made 0700): ``--data-dir``, else
        :func:`~classroom.tables.store.default_data_dir` of the served folder and port."""
        folder = getattr(self, "_data_folder", None)
        if folder is None:
            from pathlib import Path

            from .tables.store import default_data_dir, private_dir

            folder = (private_dir(Path(self.tables_dir).expanduser()) if self.tables_dir
                      else default_data_dir(self.root_dir, self.port))
            self._data_folder = folder
        return folder

    @default("cookie_secret")
    def _default_cookie_secret(self):
        """The login cookie's secret, kept in the data folder: a browser's cookie (and the
        kernels bound to it) stays valid across a restart (issue 29)."""
        from .tables.store import secret_file

        return secret_file(self.data_folder(), "cookie-secret")

    def init_tables(self):
        """The table service, every stored table loaded; the auth of its pages."""
        folder = self.data_folder()
        self.tables = open_service(folder, bot_timeout=self.tables_bot_timeout,
                                   reconnect_grace=self.tables_reconnect_grace)
        print(f"[classroom] Data folder: {folder}", flush=True)
        print(f"[classroom] Online tables: {len(self.tables.tables())} resumed from "
              f"{self.tables.store.path}", flush=True)
        try:
            from .tables.auth import TokenAuth
        except ImportError:            # the pages branch (auth.py) is not merged yet
            return None
        return TokenAuth.load(folder)      # the teacher token beside the tables

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
        from .tables.cors import SETTING, parse_origin

        settings[SETTING] = tuple(parse_origin(o) for o in self.allow_origins)
        for origin in settings[SETTING]:
            print(f"[classroom] The static site at {origin} may send exercise checks "
                  "(--allow-origin)", flush=True)
        km = self.kernel_manager
        km.kernel_manager_class = "classroom.pagefilter.LimitedKernelManager"
        pagefilter.LIMITS["address_space_mb"] = self.kernel_address_space_mb
        why = pagefilter.address_limit_missing()
        if why and self.kernel_address_space_mb > 0:
            self.log.info("Kernels run without an address-space limit (%s): the memory watch "
                          "alone replaces a kernel over %d MB (docs/serving.md, Windows)",
                          why, self.kernel_memory_mb)
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
        JupyterHandler.write_error = plain_error_page        # type: ignore[method-assign]
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
                # a seat's page: the seat from the browser's cookie (issue 29)
                handlers.insert(1, (self.server_url.rstrip("/") + r"/tables/play/([^/]{1,16})/?",
                                    SeatPageHandler, *spec[2:]))
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
        from classroom.tables.classview import start_warming

        start_warming()        # the class view's labels ready before the first check (issue 31)
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
            if len(self.wanted) > 6:        # warm by default: every page, one line
                parts = f"{sum(counts.values())} kernels for {len(self.wanted)} pages"
            what = "warm" if self.t0 is not None else "full again"
            after = f" after {time.monotonic() - self.t0:.0f} s" if self.t0 is not None else ""
            print(f"[classroom] The pool is {what}{after}: {parts} ready.", flush=True)
            self.t0 = None
        self.warm = warm


def main(argv=None) -> None:
    ClassroomVoila.launch_instance(argv=argv if argv is not None else sys.argv[1:])
