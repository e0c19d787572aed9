"""``make serve``: check the class's settings, say what memory they need, start Voila.

    python -m classroom lessons                          # as before: a kernel per page
    python -m classroom lessons --students 30 \\
        --notebooks "04_how_likely_is_a_lie app_call_odds"   # 30 warm kernels of each
    python -m classroom lessons --max-kernels 40         # the cap on page kernels

``--students N --notebooks "a b"`` keeps N pre-heated kernels ready for each named
notebook (Voila's ``preheat_kernel`` with a ``pool_size`` per notebook, none for the
others), and promises that N students each holding every one of these pages open,
with :func:`memory.spare` more kernels of each for reloads, fit in the memory: it
refuses a class that does not, saying how many students fit.  The server refills a
pool only up to that class (``ClassroomKernelManager.class_students``,
``pool_budget_mb``) and measures its kernels (:mod:`classroom.memory`).
``--max-kernels`` is the most kernels pages may use at once (the pool not counted);
by default there is no such cap: a page is refused only when its kernel would not fit
in the memory.  Errors are :class:`ServeError` with a message that names the problem,
before Voila starts.

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

from . import memory

__all__ = ["Plan", "ServeError", "kernel_mb", "main", "parse_students", "plan"]

RESERVE_MB = memory.RESERVE_MB   # for Voila itself, the browser tests, the system


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
    """The first estimate of one kernel of notebook ``name`` (no .ipynb), in MB: its
    recorded USS with the margin (``classroom.memory.estimate_mb``); the server then
    measures its own kernels."""
    return memory.estimate_mb(name)


def available_mb() -> int:
    """Memory available for new processes, in MB (psutil, else /proc/meminfo)."""
    try:
        return memory.available_mb()
    except ImportError:
        for line in Path("/proc/meminfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
        raise ServeError("cannot tell the available memory (install psutil)") from None


@dataclass(frozen=True)
class Plan:
    """What the server will hold: a pool per notebook of the class, the class's memory
    at its largest, and the limits on the pages' kernels."""

    pools: dict[str, int]       # notebook file -> pre-heated kernels at the start
    sizes: dict[str, int]       # notebook file -> MB per kernel (first estimate)
    students: int
    spare: int                  # kernels per notebook beyond one per student (reloads)
    class_mb: int               # the class's kernels at their largest, pool included
    need_mb: int                # ... and what the server process adds for them
    memory_mb: int              # what all kernels may use: available less the reserve
    max_kernels: int            # MAX_KERNELS; 0: the memory decides
    available_mb: int
    fits: int                   # students of these notebooks the memory holds
    warm_mb: int = 0            # warm by default (no STUDENTS): the budget of the pools
    cold: tuple[str, ...] = ()  # ... and the notebooks offered that it leaves cold
    warm_asked: int | None = None  # the --warm-mb the teacher gave (None: the default)

    @property
    def pool_mb(self) -> int:
        """The pool at the start: ``students`` kernels of each notebook."""
        return sum(n * self.sizes[nb] for nb, n in self.pools.items())

    def describe(self) -> str:
        lines = []
        if self.warm_mb or self.cold:
            lines.append(self._describe_warm())
        elif self.pools:
            per = ", ".join(f"{n} × {nb} (~{self.sizes[nb]} MB each)"
                            for nb, n in self.pools.items())
            each = self.students + self.spare
            lines.append(f"Pre-heated pool: {per}: about {self.pool_mb} MB.")
            lines.append(f"The class: {self.students} students, each holding every one of "
                         f"these pages open, plus {self.spare} spare kernels of each for "
                         f"reloads: at most {each} kernels of each, about {self.class_mb} MB "
                         f"(+{self.need_mb - self.class_mb} MB in the server): the pool is "
                         f"refilled only up to that; {self.fits} students would fit here.")
        cap = (f", and pages may use up to {self.max_kernels} kernels at once (MAX_KERNELS)"
               if self.max_kernels else "")
        lines.append(f"Other pages start kernels of their own until the kernels would use "
                     f"~{self.memory_mb} MB (sizes measured every 15 s: USS x "
                     f"{memory.MARGIN}){cap}; past that a student sees 'the class is full, "
                     "try again in a minute'.")
        pages = self.students * len(self.pools)
        if self.max_kernels and self.max_kernels < pages:
            lines.append(f"Warning: MAX_KERNELS={self.max_kernels} is fewer than the {pages} "
                         f"pages of {self.students} students holding {len(self.pools)} "
                         "notebooks open: some will see 'the class is full' (leave "
                         "MAX_KERNELS out and the memory decides).")
        lines.append(f"Expected memory for the class at most: about {self.need_mb} MB of the "
                     f"{self.available_mb} MB available now ({RESERVE_MB} MB kept for the "
                     "system and the server).")
        return "\n".join(f"[classroom] {line}" for line in lines)


    def _describe_warm(self) -> str:
        if not self.pools:
            return (f"No warm kernels (a budget of {self.warm_mb} MB: --warm-mb): every page "
                    "starts its own kernel when it is opened, which takes seconds.")
        langs = sorted({nb.split("/")[0] for nb in self.pools if "/" in nb})
        names = " ".join(nb.removesuffix(".ipynb") for nb in self.cold)
        cold = (f"; {len(self.cold)} left cold (over the budget): "
                f"{names if len(self.cold) <= 8 else names[:200] + ' ...'}" if self.cold else "")
        return (f"Warm by default: {len(self.pools)} pages the start page offers"
                f"{' (also in ' + ', '.join(langs) + ')' if langs else ''} keep a kernel "
                f"ready, about {self.pool_mb} MB of a budget of {self.warm_mb} MB "
                f"({self._budget_source()}; change it with --warm-mb MB, 0 for none, or "
                f"choose --students N --notebooks ...); a taken kernel is replaced "
                f"{WARM_REFILL_S:.0f} s later{cold}.")

    def _budget_source(self) -> str:
        """Where the warm budget came from, for the teacher's printout.

        >>> p = Plan(pools={}, sizes={}, students=0, spare=0, class_mb=0, need_mb=0,
        ...          memory_mb=4000, max_kernels=0, available_mb=5000, fits=0, warm_mb=2000)
        >>> p._budget_source()
        'half the memory free now'
        >>> from dataclasses import replace
        >>> replace(p, warm_asked=2000)._budget_source()
        '--warm-mb 2000'
        >>> replace(p, warm_asked=9000, warm_mb=4000)._budget_source()
        '--warm-mb 9000, cut to the 4000 MB free now after the reserve'
        """
        if self.warm_asked is None:
            return "half the memory free now"
        if self.warm_asked > self.warm_mb:
            return (f"--warm-mb {self.warm_asked}, cut to the {self.warm_mb} MB free now "
                    "after the reserve")
        return f"--warm-mb {self.warm_asked}"


#: Seconds after a page took a warm kernel (warm by default) before its replacement starts.
WARM_REFILL_S = 2.0


def offered(root: Path, langs: list[str]) -> list[str]:
    """The notebooks (names, no .ipynb) the start page of ``root`` offers in ``langs``:
    apps once (they take ``?lang=``), then each lesson in each language (its built copy
    ``<lang>/NN_*`` where there is one), lesson by lesson.

    >>> import tempfile; d = Path(tempfile.mkdtemp())
    >>> for f in ("01_a.ipynb", "app_x.ipynb", "hr/01_a.ipynb"):
    ...     (d / f).parent.mkdir(exist_ok=True); _ = (d / f).write_text("{}", encoding="utf-8")
    >>> offered(d, ["en", "hr", "de"])
    ['app_x', '01_a', 'hr/01_a']
    """
    stems = sorted(p.stem for p in root.glob("*.ipynb"))
    out = [s for s in stems if s.startswith("app_")]
    for lesson in (s for s in stems if not s.startswith("app_")):
        for lang in langs:
            built = lang != "en" and (root / lang / f"{lesson}.ipynb").is_file()
            name = f"{lang}/{lesson}" if built else lesson
            if name not in out:
                out.append(name)
    return out


def warm_plan(root: Path, *, langs: list[str], budget_mb: int | None, max_kernels: int | None,
              available: int | None = None) -> Plan:
    """No STUDENTS: one warm kernel of every page :func:`offered` in ``langs``, in that
    order while they fit in ``budget_mb`` (default: half the memory free after the reserve)."""
    available = available_mb() if available is None else available
    usable = max(available - RESERVE_MB, 0)
    budget = usable // 2 if budget_mb is None else min(budget_mb, usable)
    pools: dict[str, int] = {}
    sizes: dict[str, int] = {}
    cold: list[str] = []
    used = 0
    for name in offered(root, langs):
        mb = kernel_mb(name)
        if used + mb + memory.server_mb(1) > budget:
            cold.append(name)
            continue
        used += mb + memory.server_mb(1)
        pools[f"{name}.ipynb"], sizes[f"{name}.ipynb"] = 1, mb
    return Plan(pools=pools, sizes=sizes, students=0, spare=0, class_mb=sum(sizes.values()),
                need_mb=used, memory_mb=usable, max_kernels=max_kernels or 0,
                available_mb=available, fits=0, warm_mb=budget, cold=tuple(cold),
                warm_asked=budget_mb)


def plan(root: Path, *, students: int, notebooks: list[str], max_kernels: int | None,
         available: int | None = None, sizes: dict[str, int] | None = None) -> Plan:
    """Check the settings against ``root`` and the memory; raise :class:`ServeError`.
    ``sizes`` (notebook name -> MB a kernel) replaces the recorded estimates."""
    available = available_mb() if available is None else available
    names = [n.removesuffix(".ipynb") for n in dict.fromkeys(notebooks)]
    known = sorted(p.stem for p in root.glob("*.ipynb"))
    # a lesson's built copy in another language (lessons/hr/03_hand_scoring.ipynb)
    known += sorted(f"{p.parent.name}/{p.stem}" for p in root.glob("*/[0-9][0-9]_*.ipynb"))
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ServeError(f"NOTEBOOKS names {', '.join(map(repr, unknown))}, not a notebook of "
                         f"{root.name}/; choose from: {' '.join(known)}")
    if students and not names:
        raise ServeError("STUDENTS needs NOTEBOOKS: the notebooks to keep warm kernels for, "
                         'e.g. NOTEBOOKS="04_how_likely_is_a_lie app_call_odds"')
    if names and not students:
        raise ServeError("NOTEBOOKS needs STUDENTS: how many warm kernels to keep for each")
    mb = {n: (sizes or {}).get(n) or kernel_mb(n) for n in names}
    usable = max(available - RESERVE_MB, 0)
    fits = memory.students_that_fit(usable, mb)
    need = memory.need_mb(students, mb)
    if students and need > usable:
        raise ServeError(f"STUDENTS={students} is too many for this machine's memory: "
                         f"{students} students holding {' and '.join(names)} open, with "
                         f"{memory.spare(students)} spare kernels of each for reloads, need "
                         f"about {need} MB, {usable} MB are free (after {RESERVE_MB} MB for "
                         f"the system); at most STUDENTS={fits} here")
    files = {f"{n}.ipynb": m for n, m in mb.items()}
    return Plan(pools={nb: students for nb in files}, sizes=files, students=students,
                spare=memory.spare(students), class_mb=memory.class_mb(students, mb),
                need_mb=need, memory_mb=usable, max_kernels=max_kernels or 0,
                available_mb=available, fits=fits)


def voila_config(p: Plan):
    """The traitlets config of the plan (added to voila.json's)."""
    from traitlets.config import Config

    c = Config()
    c.ClassroomKernelManager.max_kernels = p.max_kernels
    c.ClassroomKernelManager.memory_mb = p.memory_mb
    if p.pools:
        c.ClassroomKernelManager.kernel_mb = dict(p.sizes)
        c.ClassroomKernelManager.class_students = p.students
        c.ClassroomKernelManager.pool_spare = p.spare
        # warm by default: refills stop where the pages' kernels leave no room
        c.ClassroomKernelManager.pool_budget_mb = p.memory_mb if p.warm_mb else p.class_mb
        c.VoilaConfiguration.preheat_kernel = True
        pools = {"default": {"pool_size": 0}}
        pools.update({nb: {"pool_size": n} for nb, n in p.pools.items()})
        c.VoilaKernelManager.kernel_pools_config = pools
        # a page that takes a pool kernel gets its replacement 30 s later, the
        # replacements 2 s apart (ClassroomKernelManager.refill_stagger): a class
        # opening its pages at once is not slowed down by kernels starting (each
        # ~1 s of CPU) in its first seconds; with 3 s, 30 pages at once were usable
        # after 7.2 s (p95) instead of 6.1 s (docs/serving.md)
        # warm by default (one kernel per page): replaced at once, the next student
        # of the same page is not left with a cold start
        c.VoilaKernelManager.fill_delay = 30.0 if p.students else WARM_REFILL_S
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
    ap.add_argument("--data-dir", "--tables-dir", dest="tables_dir", default="",
                    help="the class's data folder (default: $CARDGAMES_DATA_DIR, else one of "
                         "its own per served folder and port under <jupyter data "
                         "dir>/cardgames; printed at the start)")
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
    start(root, p, voila_args, tables_dir=args.tables_dir)
    return 0


def start(root: Path, p: Plan, voila_args: list[str], *, tables_dir: str = "",
          config_dir: Path | None = None, allow_origins: tuple[str, ...] = ()) -> None:
    """Run the server on ``root`` with plan ``p`` until it stops (``config_dir``: where
    its ``voila.json`` is, instead of the current folder; ``allow_origins``: the static
    sites whose pages may send checks, :mod:`classroom.tables.cors`)."""
    from .app import ClassroomVoila

    config = voila_config(p)
    if allow_origins:
        config.ClassroomVoila.allow_origins = list(allow_origins)
    if config_dir is not None:
        from jupyter_core.paths import jupyter_config_path

        config.Voila.config_file_paths = [str(config_dir), *jupyter_config_path()]
    if tables_dir:
        voila_args = [*voila_args, f"--ClassroomVoila.tables_dir={tables_dir}"]
    ClassroomVoila.launch_instance(argv=[str(root), *voila_args], config=config)
