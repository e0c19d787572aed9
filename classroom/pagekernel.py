"""A page's kernel: the page request that got it, the browser it belongs to, its stop.

The render handler (:class:`classroom.handlers.RenderHandler`) makes a
:class:`PageRequest` for each page and sets :data:`current_page`; the kernel manager's
``start_kernel`` and ``get_rendered_notebook`` (hooked by ``classroom.app.ClassroomVoila``)
:func:`claim` the page's kernel for it, which binds the kernel to the page's browser
(``classroom.guard``).  :func:`stop_kernel` shuts a kernel down without tracebacks in the
log, whichever path (a page left while loading, the page's shutdown beacon, the sweep of
unclaimed kernels) gets there first.
"""

from __future__ import annotations

import asyncio
import contextvars

from tornado import web

from . import guard, renderer

__all__ = ["RENDERING", "PageRequest", "claim", "current_page", "kill_process", "stop_kernel"]


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
