"""Charts drawn by matplotlib in a helper process, once, and kept on disk.

An app that draws a chart with matplotlib in its own kernel loads matplotlib and
numpy there: ~55 MB more per kernel (the Hand scorer: USS 85 MB against 44 MB for
the other apps, docs/serving.md), and ~50 ms of CPU per click.  When the chart
takes only a few values (a score, a language), :func:`cached_svg` instead runs
``python -m <module> --lang <lang> --out <folder>`` once: that module draws every
chart of the language into the folder, and every kernel then reads a file.

The folder (``$CARDGAMES_CACHE``, else ``~/.cache/cardgames``, else the temporary
folder) has a sub-folder per version of what draws the charts (the drawing
module's source, the language's translations and matplotlib's version), so a
changed chart is drawn again.  A lock file lets one kernel draw while the others
wait (a pool of 30 starting at once draws once): ``fcntl.flock`` on Linux and macOS,
``msvcrt.locking`` on Windows (neither module exists on the other system, so both are
imported only where they are).  When the helper cannot run (no
writable folder, an error), the caller draws in its own process: the chart is
the same, only the memory is not saved.

A static site (``make site``: the page's Python runs in the browser, without
matplotlib or subprocesses) ships every chart drawn beforehand: ``$CARDGAMES_CHARTS``
names that folder, and :func:`cached_svg` reads a chart found there first.

>>> chart_file_name("score", "en", 30.5)
'score-en-30.5.svg'
>>> chart_file_name("score", "hr", None)
'score-hr-none.svg'
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import logging
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

from cardgames.i18n import catalog_path

__all__ = ["cache_folder", "cached_svg", "chart_file_name", "write_svg"]

log = logging.getLogger(__name__)

#: How long one helper process may take to draw a language's charts (s).
DRAW_TIMEOUT = 300.0


def chart_file_name(name: str, lang: str, value: object) -> str:
    """The file of chart ``name`` for ``value`` in ``lang``."""
    key = "none" if value is None else repr(value)
    return f"{name}-{lang}-{key}.svg"


@functools.cache
def _version(module: str, lang: str) -> str:
    """A digest of what draws ``module``'s charts in ``lang`` (read once per process:
    every click of an app asks for a chart)."""
    digest = hashlib.sha256()
    spec = importlib.util.find_spec(module)
    for path in (spec.origin if spec else None, catalog_path(lang)):
        if path and os.path.exists(path):
            digest.update(Path(path).read_bytes())
    try:
        digest.update(metadata.version("matplotlib").encode())
    except metadata.PackageNotFoundError:
        pass
    return digest.hexdigest()[:16]


def cache_folder(module: str, lang: str) -> Path:
    """The folder of ``module``'s charts in ``lang`` (created)."""
    roots = [os.environ.get("CARDGAMES_CACHE", ""),
             os.path.join(os.path.expanduser("~"), ".cache", "cardgames"),
             os.path.join(tempfile.gettempdir(), f"cardgames-{_user()}")]
    error: OSError | None = None
    for root in filter(None, roots):
        folder = Path(root) / "charts" / f"{module}-{lang}-{_version(module, lang)}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if os.access(folder, os.W_OK):
                return folder
        except OSError as e:
            error = e
    raise error or OSError("no writable folder for the chart cache")


def _user() -> str:
    """This user's id on POSIX, the login name on Windows (no ``os.getuid`` there)."""
    if hasattr(os, "getuid"):
        return str(os.getuid())
    return "".join(c for c in os.environ.get("USERNAME", "user") if c.isalnum()) or "user"


def _lock_functions() -> tuple[Callable[[Any], None], Callable[[Any], None]] | None:
    """(lock, unlock) of an open file: ``fcntl.flock`` (Linux, macOS), else
    ``msvcrt.locking`` of its first byte (Windows; retries for 10 s, then OSError), else
    None (no lock: two kernels may then both draw, each writing the same files)."""
    if sys.platform == "win32":
        import msvcrt

        def lock(f: Any) -> None:
            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_LOCK, 1)

        def unlock(f: Any) -> None:
            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)

        return lock, unlock
    try:
        import fcntl
    except ImportError:
        return None
    return (lambda f: fcntl.flock(f, fcntl.LOCK_EX)), (lambda f: fcntl.flock(f, fcntl.LOCK_UN))


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (waits for another process holding it)."""
    functions = _lock_functions()
    with open(path, "a+b") as f:
        if functions is None:
            yield
            return
        lock, unlock = functions
        lock(f)
        try:
            yield
        finally:
            unlock(f)


def write_svg(folder: Path, file_name: str, svg: str) -> None:
    """Write one chart atomically (a reader never sees half a file)."""
    tmp = folder / f".{file_name}.{os.getpid()}.tmp"
    tmp.write_text(svg, encoding="utf-8")
    os.replace(tmp, folder / file_name)


def cached_svg(name: str, lang: str, value: object, *, module: str,
               draw: Callable[[], str]) -> str:
    """Chart ``name`` for ``value`` in ``lang``: from the charts shipped with a static site
    (``$CARDGAMES_CHARTS``), else from the cache, drawn for every value by
    ``python -m module`` when missing; ``draw()`` in this process if that fails."""
    shipped = os.environ.get("CARDGAMES_CHARTS", "")
    if shipped:
        path = Path(shipped) / chart_file_name(name, lang, value)
        if path.is_file():
            return path.read_text(encoding="utf-8")
    if sys.platform == "emscripten":         # in a browser (Pyodide): no helper process
        return draw()
    try:
        folder = cache_folder(module, lang)
        path = folder / chart_file_name(name, lang, value)
        if not path.exists():
            with _locked(folder / ".lock"):
                if not path.exists():
                    subprocess.run([sys.executable, "-m", module, "--lang", lang,
                                    "--out", str(folder)], check=True, timeout=DRAW_TIMEOUT,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        return path.read_text(encoding="utf-8")
    except (OSError, subprocess.SubprocessError) as e:
        log.warning("drawing chart %s in this process: %s", name, e)
        return draw()
