"""``make serve``: check the class's settings, say what memory they need, start Voila.

    python -m classroom lessons                          # as before: a kernel per page
    python -m classroom lessons --students 30 \\
        --notebooks "04_how_likely_is_a_lie app_call_odds"   # 30 warm kernels of each
    python -m classroom lessons --max-kernels 40         # the cap on page kernels

``--students N --notebooks "a b"`` keeps N pre-heated kernels ready for each named
notebook (Voila's ``preheat_kernel`` with a ``pool_size`` per notebook, none for the
others).  ``--max-kernels`` is the most kernels pages may use at once (the pool not
counted); by default it is what the memory left after the pool holds.  Errors are
:class:`ServeError` with a message that names the problem, before Voila starts.

>>> parse_students("30")
30
>>> parse_students("thirty")
Traceback (most recent call last):
...
classroom.launch.ServeError: STUDENTS='thirty' is not a whole number (e.g. STUDENTS=30)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Plan", "ServeError", "kernel_mb", "main", "parse_students", "plan"]

#: Measured memory of one kernel after running the notebook (USS+shared, MB, rounded
#: up; benchmarks/classroom.py, docs/serving.md).  Others: by kind, see kernel_mb.
KERNEL_MB = {
    "app_call_explainer": 70, "app_call_odds": 70, "app_hand_scorer": 70,
    "app_liar": 70, "app_rank_cycle": 70, "app_thirty_one": 70,
}
APP_MB, LESSON_MB = 110, 240
RESERVE_MB = 1024   # for Voila itself, the browser tests, the system


class ServeError(ValueError):
    """A setting of ``make serve`` that cannot work; the message says which and why."""


def parse_students(text: str | None) -> int:
    """``STUDENTS`` as a whole number >= 0 ("" or None: 0, no pool)."""
    text = (text or "").strip()
    if not text:
        return 0
    if not text.isdigit():
        raise ServeError(f"STUDENTS={text!r} is not a whole number (e.g. STUDENTS=30)")
    return int(text)


def parse_cap(text: str | None) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    if not text.isdigit() or int(text) < 1:
        raise ServeError(f"MAX_KERNELS={text!r} is not a whole number of at least 1")
    return int(text)


def kernel_mb(name: str) -> int:
    """Expected memory of one kernel of notebook ``name`` (no .ipynb), in MB."""
    return KERNEL_MB.get(name, APP_MB if name.startswith("app_") else LESSON_MB)


def available_mb() -> int:
    """Memory available for new processes, in MB (psutil, else /proc/meminfo)."""
    try:
        import psutil
        return psutil.virtual_memory().available // 2**20
    except ImportError:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
        raise ServeError("cannot tell the available memory (install psutil)") from None


@dataclass(frozen=True)
class Plan:
    """What the server will hold: pools per notebook and the cap on page kernels."""

    pools: dict[str, int]       # notebook file -> pre-heated kernels
    pool_mb: int
    max_kernels: int
    page_mb: int
    available_mb: int

    def describe(self) -> str:
        lines = []
        if self.pools:
            per = ", ".join(f"{n} × {nb} (~{kernel_mb(nb[:-6])} MB each)"
                            for nb, n in self.pools.items())
            lines.append(f"Pre-heated pool: {per}: about {self.pool_mb} MB.")
        lines.append(f"Pages may use up to {self.max_kernels} kernels at once "
                     f"(at most ~{self.page_mb} MB each, ~{self.max_kernels * self.page_mb} MB); "
                     "past that a student sees 'the class is full, try again in a minute'.")
        lines.append(f"Expected memory at most: about {self.pool_mb + self.max_kernels * self.page_mb}"
                     f" MB of the {self.available_mb} MB available now.")
        return "\n".join(f"[classroom] {line}" for line in lines)


def plan(root: Path, *, students: int, notebooks: list[str], max_kernels: int | None,
         available: int | None = None) -> Plan:
    """Check the settings against ``root`` and the memory; raise :class:`ServeError`."""
    available = available_mb() if available is None else available
    names = [n.removesuffix(".ipynb") for n in notebooks]
    known = sorted(p.stem for p in root.glob("*.ipynb"))
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ServeError(f"NOTEBOOKS names {', '.join(map(repr, unknown))}, not a notebook of "
                         f"{root.name}/; choose from: {' '.join(known)}")
    if students and not names:
        raise ServeError("STUDENTS needs NOTEBOOKS: the notebooks to keep warm kernels for, "
                         'e.g. NOTEBOOKS="04_how_likely_is_a_lie app_call_odds"')
    if names and not students:
        raise ServeError("NOTEBOOKS needs STUDENTS: how many warm kernels to keep for each")
    pools = {f"{n}.ipynb": students for n in dict.fromkeys(names)}
    pool_mb = sum(students * kernel_mb(n) for n in dict.fromkeys(names))
    usable = available - RESERVE_MB
    if pool_mb > usable:
        per_student = sum(kernel_mb(n) for n in dict.fromkeys(names))
        most = max(usable // per_student, 0)
        raise ServeError(f"STUDENTS={students} is too many for this machine's memory: the pool "
                         f"needs about {pool_mb} MB ({per_student} MB per student), {usable} MB "
                         f"are free (after {RESERVE_MB} MB for the system); at most "
                         f"STUDENTS={most} here")
    page_mb = max(kernel_mb(n) for n in known) if known else LESSON_MB
    fits = max((usable - pool_mb) // page_mb, 1)
    if max_kernels is None:
        max_kernels = fits
    return Plan(pools, pool_mb, max_kernels, page_mb, available)


def voila_config(p: Plan):
    """The traitlets config of the plan (added to voila.json's)."""
    from traitlets.config import Config

    c = Config()
    c.ClassroomKernelManager.max_kernels = p.max_kernels
    if p.pools:
        c.VoilaConfiguration.preheat_kernel = True
        pools = {"default": {"pool_size": 0}}
        pools.update({nb: {"pool_size": n} for nb, n in p.pools.items()})
        c.VoilaKernelManager.kernel_pools_config = pools
        # a page that takes a pool kernel gets its replacement 30 s later, the
        # replacements 2 s apart (ClassroomKernelManager.refill_stagger): a class
        # opening its pages at once is not slowed down by kernels starting (each
        # ~1 s of CPU) in its first seconds; with 3 s, 30 pages at once were usable
        # after 7.2 s (p95) instead of 6.1 s (docs/serving.md)
        c.VoilaKernelManager.fill_delay = 30.0
    return c


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m classroom", description=__doc__.split("\n")[0])
    ap.add_argument("root", nargs="?", default="lessons", help="the folder served (lessons)")
    ap.add_argument("--students", default=os.environ.get("STUDENTS", ""),
                    help="warm kernels per notebook of --notebooks (default: none)")
    ap.add_argument("--notebooks", default=os.environ.get("NOTEBOOKS", ""),
                    help='notebooks to keep warm, e.g. "04_how_likely_is_a_lie app_call_odds"')
    ap.add_argument("--max-kernels", default=os.environ.get("MAX_KERNELS", ""),
                    help="most kernels pages use at once (default: from the memory)")
    ap.add_argument("--check", action="store_true", help="check and print the plan, then exit")
    args, voila_args = ap.parse_known_args(argv)
    root = Path(args.root)
    try:
        if not root.is_dir():
            raise ServeError(f"{root} is not a folder")
        p = plan(root, students=parse_students(args.students),
                 notebooks=args.notebooks.replace(",", " ").split(),
                 max_kernels=parse_cap(args.max_kernels))
    except ServeError as e:
        print(f"make serve: {e}", file=sys.stderr)
        return 2
    print(p.describe(), flush=True)
    if p.pools:
        print("[classroom] Filling the pool: the start page answers now; a line says when the "
              "pool is warm.", flush=True)
    if args.check:
        print(json.dumps(voila_config(p), default=dict))
        return 0
    from .app import ClassroomVoila

    ClassroomVoila.launch_instance(argv=[str(root), *voila_args], config=voila_config(p))
    return 0
