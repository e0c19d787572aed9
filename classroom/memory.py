"""What a class's kernels really use, and what fits: the arithmetic of the kernel cap.

A kernel's **size** is what one more kernel of its notebook adds to the machine: its
USS (memory that only this process holds, psutil's ``memory_full_info``, read from
``/proc/<pid>/smaps_rollup``) after it has run its notebook, times :data:`MARGIN` for
what a student's use adds later (games played, exercises run), rounded up to a MB.
What kernels share (Python's and numpy's libraries, mapped once) is counted once, in
the :data:`RESERVE_MB` left for the system and the server.

Before any kernel of a notebook has run, its size is a recorded measurement
(:data:`MEASURED_USS_MB`, from ``benchmarks/lessons.py`` and the server's own
``/classroom/status``) with the same margin, or a conservative guess for a notebook
never measured (:data:`APP_GUESS_MB`, :data:`LESSON_GUESS_MB`).

A class of ``students`` on notebooks ``a b`` needs, per notebook, ``students`` kernels
in use (every student holds every page open) and :func:`spare` more for reloads (a
reloaded page's new kernel starts before the old one is gone): :func:`class_mb`.

>>> size_mb(44)                 # an app kernel measured at USS 44 MB
55
>>> spare(30), spare(8)
(3, 2)
>>> class_mb(30, {"app_liar": 55, "04_how_likely_is_a_lie": 148})   # 33 of each
6699
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

__all__ = ["APP_GUESS_MB", "LESSON_GUESS_MB", "MARGIN", "MEASURED_USS_MB", "RESERVE_MB",
           "available_mb", "class_mb", "estimate_mb", "measure", "server_mb", "size_mb",
           "spare", "students_that_fit"]

#: A kernel's size is its measured USS times this (use after the page opened grows it).
MARGIN = 1.25
#: For Voila's own process, the system and what the kernels share (MB).
RESERVE_MB = 1024
#: The Voila server's own memory grows with its kernels: this much per kernel (MB;
#: measured 2026-12-01: RSS 118 MB with 8 kernels, 157 MB with 30, 283 MB with 66).
SERVER_PER_KERNEL_MB = 3
#: Guesses for a notebook never measured (MB, a margin included).
APP_GUESS_MB, LESSON_GUESS_MB = 110, 240

#: USS of one kernel after its page opened, in a server running 30 kernels (app_liar:
#: 66 kernels, after 60 s of play) (MB;
#: 2026-12-01, the server's own figures in ``/classroom/status``:
#: ``benchmarks/classroom.py <every notebook> --hold --browsers 0 --students 2``, see
#: docs/serving.md).  A kernel alone holds more (lesson 04: 172 MB, as what it shares
#: with other kernels is its own then), so the first kernel's figure is low by up to
#: ~55 MB, once: inside RESERVE_MB.
MEASURED_USS_MB: dict[str, int] = {
    "01_deck_and_rank_order": 112, "02_bluff_resolution": 88, "03_hand_scoring": 117,
    "04_how_likely_is_a_lie": 118, "05_decisions_in_thirty_one": 120,
    "06_lives_and_tournaments": 120,
    "app_call_explainer": 45, "app_call_odds": 45, "app_hand_scorer": 46,
    "app_liar": 46, "app_rank_cycle": 44, "app_thirty_one": 46,
}


def size_mb(uss_mb: float) -> int:
    """The size counted for a kernel measured at ``uss_mb``: with :data:`MARGIN`, in MB.

    >>> size_mb(118), size_mb(0.5)
    (148, 1)
    """
    return max(1, math.ceil(uss_mb * MARGIN))


def estimate_mb(notebook: str) -> int:
    """The size of a kernel of ``notebook`` (no .ipynb) before one has been measured.

    >>> estimate_mb("app_liar"), estimate_mb("app_new"), estimate_mb("07_new_lesson")
    (58, 110, 240)
    >>> estimate_mb("hr/03_hand_scoring") == estimate_mb("03_hand_scoring")   # a built copy
    True
    """
    name = notebook.removesuffix(".ipynb").rsplit("/", 1)[-1]
    if name in MEASURED_USS_MB:
        return size_mb(MEASURED_USS_MB[name])
    return APP_GUESS_MB if name.startswith("app_") else LESSON_GUESS_MB


def spare(students: int) -> int:
    """Kernels kept per notebook beyond one per student, for reloads: a tenth, at least 2.

    >>> [spare(n) for n in (0, 1, 20, 21, 30, 64)]
    [0, 2, 2, 3, 3, 7]
    """
    return 0 if students <= 0 else max(2, math.ceil(students / 10))


def server_mb(kernels: int) -> int:
    """What the Voila server's own process adds for ``kernels`` kernels (MB).

    >>> server_mb(66)
    198
    """
    return SERVER_PER_KERNEL_MB * kernels


def class_mb(students: int, sizes: Mapping[str, int]) -> int:
    """MB of kernels for ``students`` each holding a page of every notebook of ``sizes``
    (notebook -> MB per kernel) open, plus :func:`spare` kernels of each for reloads.

    >>> class_mb(10, {"a": 100, "b": 50})     # 12 x 100 + 12 x 50
    1800
    """
    return sum((students + spare(students)) * mb for mb in sizes.values())


def need_mb(students: int, sizes: Mapping[str, int]) -> int:
    """:func:`class_mb` plus what the server process adds for those kernels.

    >>> need_mb(10, {"a": 100, "b": 50})      # 1,800 + 3 MB x 24 kernels
    1872
    """
    return class_mb(students, sizes) + server_mb((students + spare(students)) * len(sizes))


def students_that_fit(memory_mb: int, sizes: Mapping[str, int], *, most: int = 10_000) -> int:
    """The largest class whose :func:`need_mb` is within ``memory_mb`` (0: none).

    >>> students_that_fit(1872, {"a": 100, "b": 50}), students_that_fit(1871, {"a": 100, "b": 50})
    (10, 9)
    """
    if not sizes:
        return most
    lo, hi = 0, most                           # need_mb grows with the students
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if need_mb(mid, sizes) <= memory_mb:
            lo = mid
        else:
            hi = mid - 1
    return lo


def available_mb() -> int:
    """Memory the machine has for new processes now, in MB (psutil)."""
    import psutil

    return int(psutil.virtual_memory().available // 2**20)


def measure(pids: Iterable[int]) -> dict[int, tuple[float, float]]:
    """``pid -> (USS, PSS)`` in MB for each process of ``pids`` still there (psutil;
    measured 3.9 ms a process at load 18, 281 ms for 73).  Run it off the event loop."""
    import psutil

    out: dict[int, tuple[float, float]] = {}
    for pid in pids:
        try:
            m = psutil.Process(pid).memory_full_info()
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess, OSError):
            continue
        out[pid] = (m.uss / 2**20, getattr(m, "pss", m.uss) / 2**20)
    return out
