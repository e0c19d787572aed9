"""The classroom's kernel manager: a cap on the kernels students use, and a reaper.

Voila standalone starts one kernel per page request and has no limit, so a class
reloading a page over and over could start hundreds.  :class:`ClassroomKernelManager`
(``VoilaConfiguration.multi_kernel_manager_class``; Voila wraps it for pre-heated
pools) counts the kernels *in use by pages*, i.e. every kernel except the ones
waiting in a pre-heated pool, plus the requests admitted but whose kernel has not
started yet (:meth:`admit`).  The render handler (``classroom.app``) refuses a page
past ``max_kernels`` with "the class is full".

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

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer

__all__ = ["Admission", "ClassroomKernelManager"]

#: The admission of the request being served (set by the render handler).
current_admission: contextvars.ContextVar[Admission | None] = contextvars.ContextVar(
    "current_admission", default=None)


class Admission:
    """A page request counted against the cap until its kernel exists."""

    __slots__ = ("released",)

    def __init__(self) -> None:
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

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._admissions: set[Admission] = set()
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

    def admit(self) -> Admission | None:
        """Count a page request against the cap, or None: the class is full."""
        if self.max_kernels and self.in_use() >= self.max_kernels:
            self.refused += 1
            return None
        admission = Admission()
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

    def handed_out(self, kernel_id: str) -> None:
        """A pool kernel was given to a page."""
        self._handed_out.add(kernel_id)

    def refill_delay(self, delay: float, now: float | None = None) -> float:
        """The delay for the next pool refill: at least ``delay``, and ``refill_stagger``
        after the previous one."""
        now = time.monotonic() if now is None else now
        slot = max(now + delay, self._next_refill)
        self._next_refill = slot + self.refill_stagger
        return slot - now

    # -- kernels ----------------------------------------------------------------------
    async def start_kernel(self, *args, kernel_id: str | None = None, **kwargs):
        env = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") == "True":       # voila fills a pool
            kernel_id = kernel_id or str(uuid.uuid4())
            self._preheat_ids.add(kernel_id)
        else:                                          # a page's own kernel
            self.release(current_admission.get())
        if kernel_id is not None:
            kwargs["kernel_id"] = kernel_id
        return await super().start_kernel(*args, **kwargs)

    def _forget(self, kernel_id: str) -> None:
        self._preheat_ids.discard(kernel_id)
        self._handed_out.discard(kernel_id)
        self._orphan_since.pop(kernel_id, None)
        self._served.discard(kernel_id)
        self._owner.pop(kernel_id, None)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._forget(kernel_id)

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
