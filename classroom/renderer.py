"""Voila's notebook renderer, able to stop between cells when its page is gone.

Voila 0.5.13 runs every cell of a notebook for a page even after the student left
(reloaded, closed the tab) while it loaded, and if the kernel is shut down meanwhile,
it goes on to the next cells, each failing with ``DeadKernelError`` (hundreds of
error lines for a lesson).  :class:`StoppableRenderer` checks before each cell
whether the page's kernel was marked to stop (:func:`stop_rendering`) or is gone, and
then stops.  :func:`install` makes Voila use it (its handler and its pre-heated pool
construct ``NotebookRenderer`` by that name).

Every page also gets a new ``VoilaExporter`` with a new Jinja environment, which
parses and compiles Voila's templates again: with 30 pages at once that was ~40% of
the server's time.  :func:`install` gives every exporter's environment one shared
:class:`SharedBytecodeCache` (Jinja's own bytecode cache, keyed by template and
checked against the source's checksum), so each template is compiled once.

>>> stop_rendering("k1"); "k1" in STOP
True
>>> forget("k1"); "k1" in STOP
False
"""

from __future__ import annotations

import nbformat
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from jupyter_core.utils import ensure_async
from nbclient.exceptions import CellExecutionError
from nbclient.util import run_hook
from nbconvert.preprocessors import ClearOutputPreprocessor
from voila.execute import VoilaExecutor, strip_code_cell_warnings
from voila.notebook_renderer import NotebookRenderer

__all__ = ["STOP", "PageGone", "QuietExecutor", "SharedBytecodeCache", "StoppableRenderer",
           "forget", "install", "stop_rendering"]

#: Kernel ids whose page is gone: their renderers stop before the next cell.
STOP: set[str] = set()
#: Kernel ids whose renderer is in its cell loop (running the notebook).
RUNNING: set[str] = set()


def stop_rendering(kernel_id: str) -> None:
    STOP.add(kernel_id)


def finished(kernel_id: str) -> bool:
    """Is no renderer running cells in ``kernel_id``?"""
    return kernel_id not in RUNNING


def forget(kernel_id: str) -> None:
    STOP.discard(kernel_id)


class PageGone(RuntimeError):
    """The page's kernel was shut down (its page was left) while it started."""


class QuietExecutor(VoilaExecutor):
    """Voila's executor; a kernel shut down while it starts (its page was left) is not
    an error of the server (nbclient logged one, and Voila a task's traceback)."""

    async def async_start_new_kernel_client(self):
        """nbclient 0.10's, with :class:`PageGone` when the kernel was stopped."""
        assert self.km is not None
        try:
            self.kc = self.km.client()
            await ensure_async(self.kc.start_channels())
            await ensure_async(self.kc.wait_for_ready(timeout=self.startup_timeout))
        except Exception as e:
            kernel_id = getattr(self.km, "kernel_id", None)
            gone = kernel_id in STOP or not self.km.has_kernel
            if not gone:
                self.log.error("Error occurred while starting new kernel client for kernel "
                               "%s: %s", kernel_id, e)
            await self._async_cleanup_kernel()
            if gone:
                raise PageGone(f"kernel {kernel_id} was shut down while it started") from e
            raise
        self.kc.allow_stdin = False
        await run_hook(self.on_notebook_start, notebook=self.nb)
        return self.kc


class StoppableRenderer(NotebookRenderer):
    """``NotebookRenderer`` whose cell loop stops when its page is gone."""

    def _gone(self, kernel_id: str) -> bool:
        if kernel_id in STOP:
            return True
        km = getattr(getattr(self, "executor", None), "km", None)
        return km is not None and not km.has_kernel

    def generate_content_generator(self, kernel_id=None, kernel_future=None):
        """Voila's page generator; it ends quietly when the kernel was shut down while
        it started (:class:`PageGone`)."""
        inner = super().generate_content_generator(kernel_id, kernel_future)

        async def quiet():
            try:
                async for item in inner:
                    yield item
            except PageGone:
                self.log.info("Stopped the page of kernel %s: it was shut down", kernel_id)

        return quiet()

    async def _jinja_cell_generator(self, nb, kernel_id):
        """Voila's loop (0.5.13), with the check before each cell."""
        RUNNING.add(kernel_id)
        try:
            async for cell in self._cells(nb, kernel_id):
                yield cell
        finally:
            RUNNING.discard(kernel_id)

    async def _cells(self, nb, kernel_id):
        nb, _ = ClearOutputPreprocessor().preprocess(nb, {"metadata": {"path": self.cwd}})
        for cell_idx, input_cell in enumerate(nb.cells):
            if self._gone(kernel_id):
                self.log.info("Stopped running the notebook for kernel %s: its page is gone",
                              kernel_id)
                break
            try:
                output_cell = await self.executor.execute_cell(
                    input_cell, None, cell_idx, store_history=False)
            except TimeoutError:
                yield input_cell
                break
            except CellExecutionError:
                self.log.exception("Error at server while executing cell: %r", input_cell)
                if self.executor.should_strip_error():
                    strip_code_cell_warnings(input_cell)
                    self.executor.strip_code_cell_errors(input_cell)
                yield input_cell          # with Voila's short "There was an error" note
                break
            except Exception as e:
                if self._gone(kernel_id):
                    break        # shut down while this cell ran: nothing to report
                self.log.exception("Error at server while executing cell: %r", input_cell)
                output_cell = nbformat.v4.new_code_cell()
                output_cell.outputs = [{
                    "output_type": "stream", "name": "stderr",
                    "text": "An exception occurred at the server (not the notebook). "
                            f"{self.executor.cell_error_instruction}"}] \
                    if self.executor.should_strip_error() else [{
                        "output_type": "error", "ename": type(e).__name__,
                        "evalue": str(e), "traceback": []}]
                yield output_cell
                break            # a broken kernel will not run the next cells either
            yield output_cell
        try:
            await self._cleanup_resources()
        except (RuntimeError, OSError, AttributeError) as e:   # the channels may be gone
            self.log.debug("Closing the channels of kernel %s: %s", kernel_id, e)


class SharedBytecodeCache(BytecodeCache):
    """Compiled templates kept in memory for every Jinja environment that uses it.

    A bucket's key names the template (name and file), and Jinja drops the code when
    the source's checksum changed, so an edited template is compiled again.

    >>> from jinja2 import DictLoader, Environment
    >>> cache = SharedBytecodeCache()
    >>> envs = [Environment(loader=DictLoader({"t": "{{ 6 * 7 }}"}), bytecode_cache=cache)
    ...         for _ in range(2)]
    >>> [env.get_template("t").render() for env in envs], len(cache)
    (['42', '42'], 1)
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def __len__(self) -> int:
        return len(self._code)

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


#: One cache per kind of environment: async and sync templates compile differently.
TEMPLATE_CODE = {True: SharedBytecodeCache(), False: SharedBytecodeCache()}


def _shared_code_environment(create):
    def _create_environment(self):
        environment = create(self)
        environment.bytecode_cache = TEMPLATE_CODE[bool(environment.is_async)]
        return environment

    _create_environment.__wrapped__ = create  # type: ignore[attr-defined]
    return _create_environment


def install() -> None:
    """Make Voila's page handler and pre-heated pools build :class:`StoppableRenderer`,
    and its exporters share compiled templates (:data:`TEMPLATE_CODE`)."""
    import voila.exporter
    import voila.handler
    import voila.notebook_renderer
    import voila.voila_kernel_manager

    voila.handler.NotebookRenderer = StoppableRenderer
    voila.voila_kernel_manager.NotebookRenderer = StoppableRenderer
    voila.notebook_renderer.VoilaExecutor = QuietExecutor
    exporter = voila.exporter.VoilaExporter
    if "_create_environment" not in exporter.__dict__:
        exporter._create_environment = _shared_code_environment(  # type: ignore[method-assign]
            exporter._create_environment)
