"""The classroom's kernel manager: a cap on the kernels students use, and a reaper.

Voila standalone starts one kernel per page request and has no limit, so a class
reloading a page over and over could start hundreds.  :class:`ClassroomKernelManager`
(``VoilaConfiguration.multi_kernel_manager_class``; Voila wraps it for pre-heated
pools) counts the kernels *in use by pages*, i.e. every kernel except the ones
waiting in a pre-heated pool, plus the requests admitted but whose kernel has not
started yet (:meth:`admit`).  The render handler (``classroom.app``) refuses a page
past ``max_kernels`` with "the class is full".

**Memory** (:mod:`classroom.memory`): every ``measure_interval`` s (15) the server
reads the USS of each of its kernels (psutil, in a thread: off the event loop) and
keeps, per notebook, the size of its kernels: the largest USS among those that have
run their notebook (pooled or in use), with the margin of :func:`memory.size_mb`; the
launcher's recorded estimate until one was measured.  A page that needs a kernel of
its own (no pooled one left) is refused with "the class is full" only when that
kernel would not fit: when the kernels' sizes (those alive, starting or queued)
would pass ``memory_mb`` (the memory the launcher found, after its reserve), or the
memory the machine has now (last measured, minus what kernels started since and
still growing will take) would fall below ``memory_floor_mb``; or at ``max_kernels``.
:meth:`refill_target` keeps the pools of a class of ``class_students``: a pooled
notebook is refilled only while its open pages and pooled kernels are fewer than
``class_students + pool_spare``, and never past ``pool_budget_mb`` (the memory the
launcher announced); a pool grows back when pages close (:meth:`top_up_pools`).

The reaper (:meth:`reap_orphans`, every 10 s) shuts down a page's kernel that has had
no browser connected for ``orphan_timeout`` seconds since its page was sent
completely (:meth:`served`), and is not busy: a tab that vanished without saying so,
a browser that never ran the page.  Pages left while loading are handled by the
render handler; kernels in a pool are never reaped (nobody is connected to them by
design).

>>> ClassroomKernelManager.max_kernels.default_value
0
"""

from __future__ import annotations

import asyncio
import contextvars
import time
import uuid
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Dict, Float, Integer

from . import memory, seatpages

__all__ = ["Admission", "ClassroomKernelManager"]

#: The admission of the request being served (set by the render handler).
current_admission: contextvars.ContextVar[Admission | None] = contextvars.ContextVar(
    "current_admission", default=None)


class Admission:
    """A page request counted against the cap until its kernel exists: of
    ``notebook``, taking a pooled kernel (``pooled``) or starting one of ``mb`` MB."""

    __slots__ = ("mb", "notebook", "pooled", "released")

    def __init__(self, notebook: str = "", pooled: bool = False, mb: int = 0) -> None:
        self.notebook, self.pooled, self.mb = notebook, pooled, mb
        self.released = False


class ClassroomKernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager with a cap on page kernels and an orphan reaper."""

    max_kernels = Integer(0, config=True,
                          help="Most kernels in use by pages at once (pool kernels not "
                               "counted); 0: no cap.")
    orphan_timeout = Float(90.0, config=True,
                           help="Seconds a page kernel may live with no browser connected "
                                "(and not busy) before it is shut down; 0: never.")

    refill_stagger = Float(2.0, config=True,
                           help="Seconds between the starts of the kernels that refill a "
                                "pre-heated pool, so that a whole class taking its kernels "
                                "at once is not slowed by 30 kernels starting together.")

    memory_mb = Integer(0, config=True,
                        help="MB all kernels may use (the launcher: the memory available "
                             "at start less its reserve); past it a page that needs a new "
                             "kernel is refused; 0: no limit")
    memory_floor_mb = Integer(512, config=True,
                              help="MB the machine keeps available (measured): a new kernel "
                                   "that would take it below is refused; 0: not checked")
    pool_budget_mb = Integer(0, config=True,
                             help="MB the launcher announced for the class: pool refills "
                                  "never make the kernels' sizes pass it; 0: no limit")
    class_students = Integer(0, config=True,
                             help="STUDENTS: a pooled notebook is refilled only while fewer "
                                  "than this many + pool_spare of its kernels exist; 0: "
                                  "Voila's pool size")
    pool_spare = Integer(0, config=True, help="pooled kernels kept beyond class_students")
    kernel_mb = Dict(config=True,
                     help="MB per kernel of a notebook (file name) until one is measured; "
                          "default classroom.memory.estimate_mb")
    measure_interval = Float(15.0, config=True, help="seconds between memory measurements")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._admissions: set[Admission] = set()
        self._notebook_of: dict[str, str] = {}  # kernel -> notebook file
        self._uss: dict[str, float] = {}        # kernel -> USS at the last measurement (MB)
        self._size: dict[str, int] = {}         # notebook -> measured MB per kernel (margin in)
        self._measured_at: float | None = None
        self._available: int | None = None      # MB available at the last measurement
        self.refused_by = {"memory": 0, "max_kernels": 0}
        self.last_refusal: str | None = None
        self._closing = False
        self._preheat_ids: set[str] = set()   # kernels started for a pool
        self._handed_out: set[str] = set()    # ... and since given to a page
        self._orphan_since: dict[str, float] = {}
        self._served: set[str] = set()        # kernels whose page was sent completely
        self._owner: dict[str, tuple[str, str]] = {}   # kernel -> (browser's user, notebook)
        self.refused = 0
        self._next_refill = 0.0

    # -- counting ---------------------------------------------------------------------
    def pooled_ids(self) -> set[str]:
        """Kernels started for a pool and not yet given to a page."""
        return self._preheat_ids - self._handed_out

    def page_kernel_ids(self) -> set[str]:
        return set(self.list_kernel_ids()) - self.pooled_ids()

    def in_use(self) -> int:
        """Kernels used by pages, plus admitted requests still waiting for theirs."""
        return len(self.page_kernel_ids()) + len(self._admissions)

    def admit(self, notebook: str = "") -> Admission | None:
        """Count a page request of ``notebook`` against the cap, or None: the class is
        full (:attr:`last_refusal` says why: ``"memory"`` or ``"max_kernels"``)."""
        pooled, mb = self._needs(notebook)
        reason = self._refusal(mb)
        if reason is not None:
            self.refused += 1
            self.refused_by[reason] += 1
            self.last_refusal = reason
            return None
        admission = Admission(notebook, pooled, mb)
        self._admissions.add(admission)
        current_admission.set(admission)
        return admission

    def release(self, admission: Admission | None) -> None:
        """The request's kernel now exists (or never will): stop counting the request."""
        if admission is not None and not admission.released:
            admission.released = True
            self._admissions.discard(admission)

    def served(self, kernel_id: str, user: str = "", notebook: str = "") -> None:
        """The page of ``kernel_id`` was sent completely: from now on it needs a browser."""
        self._served.add(kernel_id)
        if user:
            self._owner[kernel_id] = (user, notebook)

    async def shutdown_abandoned(self, user: str, notebook: str) -> list[str]:
        """The same browser asks for ``notebook`` again (a reload): its earlier pages of
        it with no connection are abandoned; shut their kernels down now."""
        gone = [kid for kid, owner in self._owner.items()
                if owner == (user, notebook) and self._kernel_connections.get(kid, 0) == 0]
        for kid in gone:
            self.log.info("Shutting down kernel %s: its page was reloaded", kid)
            try:
                await self.shutdown_kernel(kid)
            except (KeyError, RuntimeError):
                self._forget(kid)
        return gone

    def handed_out(self, kernel_id: str, notebook: str = "") -> None:
        """A pool kernel was given to a page."""
        self._handed_out.add(kernel_id)
        if notebook:
            self._notebook_of[kernel_id] = notebook

    def refill_delay(self, delay: float, now: float | None = None) -> float:
        """The delay for the next pool refill: at least ``delay``, and ``refill_stagger``
        after the previous one."""
        now = time.monotonic() if now is None else now
        slot = max(now + delay, self._next_refill)
        self._next_refill = slot + self.refill_stagger
        return slot - now

    # -- memory -----------------------------------------------------------------------
    def notebook_of(self, kernel_id: str) -> str:
        """The notebook file of ``kernel_id`` ("" if unknown): a page's, or a pool's
        (Voila's ``notebook_data``)."""
        nb = self._notebook_of.get(kernel_id)
        if nb is None:
            for name, data in getattr(self, "notebook_data", {}).items():
                if kernel_id in data.get("kernel_ids", ()):
                    self._notebook_of[kernel_id] = nb = name
                    break
        return nb or ""

    def kernel_size(self, notebook: str) -> int:
        """MB counted per kernel of ``notebook``: measured (margin in), else the
        launcher's estimate; for an unknown notebook the largest size known."""
        if notebook in self._size:
            return self._size[notebook]
        if notebook in self.kernel_mb:
            return int(self.kernel_mb[notebook])
        if notebook:
            return memory.estimate_mb(notebook)
        return max([memory.LESSON_GUESS_MB, *self._size.values(),
                    *map(int, self.kernel_mb.values())])

    def _pool_left(self, notebook: str) -> int:
        """Pooled kernels (ready or queued) of ``notebook`` no admitted page has claimed."""
        pool = getattr(self, "_pools", {}).get(notebook, ())
        return len(pool) - sum(1 for a in self._admissions if a.pooled and a.notebook == notebook)

    def _counted(self) -> tuple[list[str], list[str]]:
        """(kernels alive or starting, not counted by a pool task; notebooks of the pool
        tasks not done: queued refills or kernels starting for a pool)."""
        live = set(self.list_kernel_ids()) | set(self._pending_kernels)
        resolved = {k for d in getattr(self, "notebook_data", {}).values()
                    for k in d.get("kernel_ids", ())}
        starting_for_pool = (self._preheat_ids & live) - resolved
        queued = [nb for nb, pool in getattr(self, "_pools", {}).items()
                  for task in pool if not task.done()]
        return sorted(live - starting_for_pool), queued

    def committed_mb(self, *, beyond_measured: bool = False) -> int:
        """MB of every kernel alive, starting or queued, and of the admitted pages that
        will start one, each at its notebook's :meth:`kernel_size`.  With
        ``beyond_measured``: only what they will take beyond their USS last measured."""
        kernels, queued = self._counted()
        total = 0
        for kid in kernels:
            size = self.kernel_size(self.notebook_of(kid))
            uss = self._uss.get(kid, 0.0)
            total += max(0, size - int(uss)) if beyond_measured else max(size, int(uss))
        total += sum(self.kernel_size(nb) for nb in queued)
        return total + sum(a.mb for a in self._admissions)

    def memory_fits(self, mb: int) -> bool:
        """Would one more kernel of ``mb`` MB fit: within ``memory_mb`` and, by the
        last measurement, above ``memory_floor_mb`` of available memory?"""
        if self.memory_mb and self.committed_mb() + mb > self.memory_mb:
            return False
        if self.memory_floor_mb and self._available is not None:
            owed = self.committed_mb(beyond_measured=True)
            if self._available - owed - mb < self.memory_floor_mb:
                return False
        return True

    def full_reason(self, notebook: str = "") -> str | None:
        """Why a page of ``notebook`` needing a new kernel would be refused now, or None."""
        return self._refusal(self._needs(notebook)[1])

    def _needs(self, notebook: str) -> tuple[bool, int]:
        """(a pooled kernel of ``notebook`` is left for a page, the MB a page of it would
        add: 0 with a pooled kernel, else :meth:`kernel_size`)."""
        pooled = self._pool_left(notebook) > 0
        return pooled, 0 if pooled else self.kernel_size(notebook)

    def _refusal(self, mb: int) -> str | None:
        """The one admission rule: ``"max_kernels"`` at the cap, ``"memory"`` when a new
        kernel of ``mb`` MB (0: none, a pooled one is taken) would not fit, else None."""
        if self.max_kernels and self.in_use() >= self.max_kernels:
            return "max_kernels"
        if mb and not self.memory_fits(mb):
            return "memory"
        return None

    def pages_of(self, notebook: str) -> int:
        """Pages of ``notebook`` open or admitted."""
        pages = sum(1 for k in self.page_kernel_ids() if self.notebook_of(k) == notebook)
        return pages + sum(1 for a in self._admissions if a.notebook == notebook)

    def refill_target(self, notebook: str, pool_size: int) -> int:
        """How many pooled kernels (ready or queued) ``notebook`` should have now: its
        pool size, less what exceeds ``class_students + pool_spare`` kernels of it,
        and no more than ``pool_budget_mb`` leaves room for."""
        target = pool_size
        if self.class_students:
            room = self.class_students + self.pool_spare - self.pages_of(notebook)
            target = min(target, max(0, room))
        if self.pool_budget_mb:
            have = len(getattr(self, "_pools", {}).get(notebook, ()))
            room = (self.pool_budget_mb - self.committed_mb()) // self.kernel_size(notebook)
            target = min(target, have + max(0, room))
        return target

    def record(self, uss: dict[str, float], available: int | None,
               now: float | None = None) -> None:
        """Keep a measurement: ``uss`` per kernel (MB), the machine's available MB.
        Each notebook's size becomes its largest kernel's that has run the notebook."""
        self._uss = dict(uss)
        self._available = available
        self._measured_at = time.monotonic() if now is None else now
        ready = self._ready_ids()
        largest: dict[str, float] = {}
        for kid, mb in uss.items():
            nb = self.notebook_of(kid)
            if nb and kid in ready:
                largest[nb] = max(largest.get(nb, 0.0), mb)
        for nb, mb in largest.items():
            self._size[nb] = memory.size_mb(mb)

    def _ready_ids(self) -> set[str]:
        """Kernels that have run their notebook: pages sent, pooled ones rendered (or
        waiting for their page's request, ``widgets.app.request.page_query``)."""
        try:
            from voila.request_info_handler import RequestInfoSocketHandler
            waiting = set(RequestInfoSocketHandler._waiters)
        except ImportError:                                  # pragma: no cover
            waiting = set()
        ready = set(self._served) | (self._handed_out & set(self.list_kernel_ids()))
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    result = task.result()
                    render = result.get("task")
                    if (render is not None and render.done()) or result.get("kernel_id") in waiting:
                        ready.add(result["kernel_id"])
        return ready

    def _pids(self) -> dict[str, int]:
        pids = {}
        for kid in self.list_kernel_ids():
            try:
                provisioner = getattr(self.get_kernel(kid), "provisioner", None)
            except (KeyError, web.HTTPError):
                continue
            pid = getattr(provisioner, "pid", None) or getattr(
                getattr(provisioner, "process", None), "pid", None)
            if isinstance(pid, int):
                pids[kid] = pid
        return pids

    async def measure_memory(self) -> None:
        """Measure every kernel's USS and the available memory (psutil, in a thread),
        then :meth:`record` it."""
        pids = self._pids()

        def work() -> tuple[dict[int, tuple[float, float]], int]:
            return memory.measure(pids.values()), memory.available_mb()
        try:
            by_pid, available = await asyncio.get_running_loop().run_in_executor(None, work)
        except Exception as e:  # noqa: BLE001 -- a failed measurement keeps the last one
            self.log.warning("Could not measure the kernels' memory: %s", e)
            return
        self.record({kid: by_pid[pid][0] for kid, pid in pids.items() if pid in by_pid},
                    available)

    def top_up_pools(self, delay: float = 1.0) -> None:
        """Refill a pool that is below its :meth:`refill_target` with no page taking a
        kernel (refills stopped at a full class, then pages were closed), from
        ``delay`` s on, ``refill_stagger`` s apart."""
        refill = getattr(self, "_refill", None)
        if refill is None or self._closing:
            return
        for nb, conf in getattr(self, "kernel_pools_config", {}).items():
            if nb != "default" and conf.get("pool_size", 0) > 0:
                refill(nb, delay)

    def hook_pool(self) -> None:
        """Wrap Voila's pool (``get_rendered_notebook``, ``fill_if_needed``): count
        the page's kernel, and refill one kernel at a time up to :meth:`refill_target`,
        each ``refill_stagger`` s after the previous (the first ``fill_delay`` s after
        the page took its kernel)."""
        get, fill = self.get_rendered_notebook, self.fill_if_needed

        async def get_rendered_notebook(*args: Any, **kwargs: Any) -> Any:
            admission = current_admission.get()
            if admission is not None:
                admission.pooled = False         # Voila pops its kernel at once (below)
            result = await get(*args, **kwargs)
            self.handed_out(result[2], kwargs.get("notebook_name") or (args[0] if args else ""))
            # the page has its kernel: the request no longer counts on its own
            self.release(admission)
            return result

        def refill(notebook: str, delay: float, **kwargs: Any) -> None:
            conf = self.kernel_pools_config.get(notebook)
            if not conf or not conf.get("pool_size"):
                return
            size = conf["pool_size"]
            pool = self._pools.setdefault(notebook, [])
            try:
                for _ in range(size):
                    if len(pool) >= self.refill_target(notebook, size):
                        break
                    conf["pool_size"] = len(pool) + 1        # Voila fills up to pool_size
                    fill(delay=self.refill_delay(delay), notebook_name=notebook, **kwargs)
            finally:
                conf["pool_size"] = size

        def fill_if_needed(delay: float | None = None, notebook_name: str | None = None,
                           **kwargs: Any) -> None:
            conf = self.kernel_pools_config.get(notebook_name)
            if delay is not None or not conf or not conf.get("pool_size"):
                return fill(delay=delay, notebook_name=notebook_name, **kwargs)
            refill(notebook_name or "", self.fill_delay, **kwargs)
            return None

        self.get_rendered_notebook = get_rendered_notebook
        self.fill_if_needed = fill_if_needed
        self._refill = refill

    def memory_status(self) -> dict[str, Any]:
        """The figures of ``/classroom/status`` (no kernel ids)."""
        per: dict[str, dict[str, Any]] = {}
        pages = self.page_kernel_ids()
        for kid in self.list_kernel_ids():
            nb = self.notebook_of(kid) or "?"
            d = per.setdefault(nb, {"kernels": 0, "in_use": 0, "largest_uss_mb": 0})
            d["kernels"] += 1
            d["in_use"] += kid in pages
            d["largest_uss_mb"] = max(d["largest_uss_mb"], round(self._uss.get(kid, 0.0)))
        for nb, d in per.items():
            d["kernel_mb"] = self.kernel_size("" if nb == "?" else nb)
            d["measured"] = nb in self._size
        age = None if self._measured_at is None else round(time.monotonic() - self._measured_at)
        return {"limit_mb": self.memory_mb, "announced_mb": self.pool_budget_mb,
                "committed_mb": self.committed_mb(), "available_mb": self._available,
                "floor_mb": self.memory_floor_mb, "uss_total_mb": round(sum(self._uss.values())),
                "measured_s_ago": age, "margin": memory.MARGIN, "notebooks": per}

    # -- kernels ----------------------------------------------------------------------
    async def start_kernel(self, *args, kernel_id: str | None = None, **kwargs):
        env = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") == "True":       # voila fills a pool
            kernel_id = kernel_id or str(uuid.uuid4())
            self._preheat_ids.add(kernel_id)
        else:                                          # a page's own kernel
            admission = current_admission.get()
            if admission is not None and admission.notebook:
                kernel_id = kernel_id or str(uuid.uuid4())
                self._notebook_of[kernel_id] = admission.notebook
            self.release(admission)
        if kernel_id is not None:
            kwargs["kernel_id"] = kernel_id
        return await super().start_kernel(*args, **kwargs)

    def _forget(self, kernel_id: str) -> None:
        seatpages.PAGES.forget(kernel_id)
        self._preheat_ids.discard(kernel_id)
        self._handed_out.discard(kernel_id)
        self._orphan_since.pop(kernel_id, None)
        self._served.discard(kernel_id)
        self._owner.pop(kernel_id, None)
        self._notebook_of.pop(kernel_id, None)
        self._uss.pop(kernel_id, None)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._forget(kernel_id)
            self.top_up_pools()          # a page closed: its pool may grow back

    async def shutdown_all(self, *args, **kwargs):
        self._closing = True             # the server stops: no more refills
        return await super().shutdown_all(*args, **kwargs)

    def remove_kernel(self, kernel_id: str):
        self._forget(kernel_id)
        return super().remove_kernel(kernel_id)

    # -- the reaper -------------------------------------------------------------------
    async def reap_orphans(self, now: float | None = None) -> list[str]:
        """Shut down page kernels with no browser for ``orphan_timeout`` s; their ids."""
        if not self.orphan_timeout:
            return []
        now = time.monotonic() if now is None else now
        pooled = self.pooled_ids()
        reaped = []
        alive = set(self.list_kernel_ids())
        for kid in list(self._orphan_since):
            if kid not in alive:
                del self._orphan_since[kid]
        for kid in (alive - pooled) & self._served:
            if kid in self._pending_kernels or self._kernel_connections.get(kid, 0) > 0:
                self._orphan_since.pop(kid, None)
                continue
            try:
                kernel = self.get_kernel(kid)
            except (KeyError, web.HTTPError):      # shut down meanwhile (404 from the server)
                continue
            if getattr(kernel, "execution_state", "") == "busy":
                self._orphan_since.pop(kid, None)   # e.g. still running its notebook
                continue
            since = self._orphan_since.setdefault(kid, now)
            if now - since >= self.orphan_timeout:
                self.log.info("Shutting down kernel %s: no page connected for %.0f s",
                              kid, now - since)
                reaped.append(kid)
                try:
                    await self.shutdown_kernel(kid)
                except (KeyError, RuntimeError, web.HTTPError, asyncio.CancelledError):
                    pass                           # gone meanwhile: nothing left to reap
        return reaped
