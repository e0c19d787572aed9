"""The kernel cap from measured memory (issue 19): ``classroom.memory`` and the
arithmetic of ``ClassroomKernelManager`` on hand-made measurements.

Every expected value is computed by hand in the comment above it, from the rule in
``classroom.memory``: a kernel counts its notebook's largest measured USS x 1.25,
rounded up to a MB.
"""

from __future__ import annotations

import os
from pathlib import Path

import psutil
import pytest

from classroom import memory
from classroom.kernels import ClassroomKernelManager
from classroom.launch import ServeError, plan
from classroom.startpage import full_page, page_language

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
APP, LESSON = "app_x.ipynb", "lesson_x.ipynb"


class Done:
    """A finished pool task of Voila's (a pre-heated kernel that has run its notebook)."""

    def __init__(self, kernel_id: str):
        self._result = {"kernel_id": kernel_id, "task": self}

    def done(self) -> bool:
        return True

    def cancelled(self) -> bool:
        return False

    def exception(self) -> None:
        return None

    def result(self) -> dict:
        return self._result


class Queued(Done):
    """A refill that has not started its kernel yet."""

    def done(self) -> bool:
        return False


def manager(pages: dict[str, str], pooled: dict[str, str] | None = None,
            **traits) -> ClassroomKernelManager:
    """A manager whose kernels are ``pages`` (id -> notebook, pages already served)
    and ``pooled`` (id -> notebook, in Voila's pool), with no real kernel behind them."""
    km = ClassroomKernelManager(**traits)
    pooled = pooled or {}
    ids = [*pages, *pooled]
    km.list_kernel_ids = lambda: list(ids)
    km.notebook_data = {}
    for kid, nb in {**pages, **pooled}.items():
        km.notebook_data.setdefault(nb, {"kernel_ids": set()})["kernel_ids"].add(kid)
    km._preheat_ids = set(pooled)
    km._pools = {}
    for kid, nb in pooled.items():
        km._pools.setdefault(nb, []).append(Done(kid))
    for kid in pages:
        km.served(kid)
    return km


# -- classroom.memory ----------------------------------------------------------------
def test_memory_doctests():
    import doctest

    result = doctest.testmod(memory)
    assert result.attempted >= 8 and result.failed == 0


def test_sizes_spare_and_class():
    # USS 44 MB x 1.25 = 55; 118 x 1.25 = 147.5 -> 148
    assert memory.size_mb(44) == 55 and memory.size_mb(118) == 148
    # a tenth of the class, at least 2
    assert [memory.spare(n) for n in (8, 20, 30, 31)] == [2, 2, 3, 4]
    # 30 students + 3 spare = 33 kernels of each: 33 x (55 + 148) = 6,699 MB
    assert memory.class_mb(30, {"a": 55, "b": 148}) == 6_699
    # and the server: 3 MB for each of the 66 kernels
    assert memory.need_mb(30, {"a": 55, "b": 148}) == 6_699 + 198


def test_students_that_fit_is_the_largest_class_within_the_memory():
    # each student (and spare) holds 55 + 148 MB and 2 x 3 MB in the server: 209 MB.
    # 10,000 MB: 47 pairs (9,823); 43 students + 5 spare = 48 pairs is too many, 42 + 5 = 47 fit
    sizes = {"a": 55, "b": 148}
    assert memory.students_that_fit(10_000, sizes) == 42
    assert memory.need_mb(42, sizes) == 47 * 209 <= 10_000 < memory.need_mb(43, sizes)


def test_measure_reads_uss_and_pss_of_a_live_process_and_skips_a_gone_one():
    me = psutil.Process()
    child = psutil.Popen(["sleep", "0"])
    child.wait()
    got = memory.measure([os.getpid(), child.pid])
    assert list(got) == [os.getpid()]
    uss, pss = got[os.getpid()]
    rss = me.memory_info().rss / 2**20
    assert 1 < uss <= pss <= rss + 1


# -- the launcher's promise ------------------------------------------------------------
def test_the_class_that_fits_and_the_one_that_does_not():
    sizes = {"app_liar": 55, "04_how_likely_is_a_lie": 148}
    # 30 students: 6,897 MB (above); 8,000 - 1,024 = 6,976 MB free: fits
    p = plan(LESSONS, students=30, notebooks=list(sizes), max_kernels=None,
             available=8_000, sizes=sizes)
    assert (p.spare, p.class_mb, p.need_mb, p.memory_mb) == (3, 6_699, 6_897, 6_976)
    assert "33 kernels of each" in p.describe() and "6897 MB" in p.describe()
    # 6,976 // 209 = 33 pairs: still 30 students (31 would need 4 spare: 35 pairs)
    assert p.fits == 30
    # 7,500 MB: 6,476 free: 30 students do not fit; 6,476 // 209 = 30 pairs: 27 students
    # + 3 spare (28 would need 3 spare too: 31 pairs)
    with pytest.raises(ServeError, match=r"STUDENTS=30 is too many.*holding app_liar and "
                                         r"04_how_likely_is_a_lie open, with 3 spare.*"
                                         r"need about 6897 MB, 6476 MB are free.*"
                                         r"at most STUDENTS=27 here"):
        plan(LESSONS, students=30, notebooks=list(sizes), max_kernels=None,
             available=7_500, sizes=sizes)


def test_a_max_kernels_below_the_class_is_a_warning():
    p = plan(LESSONS, students=30, notebooks=["app_liar", "app_call_odds"], max_kernels=50,
             available=20_000)
    assert "Warning: MAX_KERNELS=50 is fewer than the 60 pages" in p.describe()
    p = plan(LESSONS, students=25, notebooks=["app_liar", "app_call_odds"], max_kernels=50,
             available=20_000)
    assert "Warning" not in p.describe()


def test_the_launcher_tells_the_server_the_class():
    from classroom.launch import voila_config

    sizes = {"app_liar": 55, "app_call_odds": 60}
    c = voila_config(plan(LESSONS, students=8, notebooks=list(sizes), max_kernels=None,
                          available=4_000, sizes=sizes))
    k = c.ClassroomKernelManager
    # 8 + 2 spare of each: 10 x (55 + 60) = 1,150 MB announced; 4,000 - 1,024 for kernels
    assert (k.class_students, k.pool_spare, k.pool_budget_mb, k.memory_mb) == (8, 2, 1_150, 2_976)
    assert k.kernel_mb == {"app_liar.ipynb": 55, "app_call_odds.ipynb": 60}
    assert k.max_kernels == 0


# -- the server's cap --------------------------------------------------------------------
def test_sizes_follow_the_largest_measured_kernel_of_each_notebook():
    km = manager({"a1": APP, "a2": APP, "l1": LESSON})
    assert km.kernel_size(APP) == memory.APP_GUESS_MB          # app_x never measured
    km.record({"a1": 40.0, "a2": 44.0, "l1": 118.0}, available=None)
    # largest app USS 44 -> 55 MB; lesson 118 -> 148 MB; 2 x 55 + 148 = 258 counted
    assert (km.kernel_size(APP), km.kernel_size(LESSON)) == (55, 148)
    assert km.committed_mb() == 258
    # a kernel still running its notebook (not served, not pooled-ready) is not a size
    km2 = manager({"a1": APP})
    km2._served.clear()
    km2.record({"a1": 10.0}, available=None)
    assert km2.kernel_size(APP) == memory.APP_GUESS_MB


def test_a_page_is_refused_for_memory_only_when_its_kernel_would_not_fit():
    km = manager({"a1": APP, "a2": APP, "l1": LESSON}, memory_mb=1_000, memory_floor_mb=0)
    km.record({"a1": 40.0, "a2": 44.0, "l1": 118.0}, available=None)
    # 258 counted; each lesson page 148 more: (1,000 - 258) // 148 = 5 pages fit
    admitted = [km.admit(LESSON) for _ in range(6)]
    assert [a is not None for a in admitted] == [True] * 5 + [False]
    assert km.committed_mb() == 258 + 5 * 148 == 998
    assert km.last_refusal == "memory" and km.refused_by == {"memory": 1, "max_kernels": 0}
    assert km.full_reason(LESSON) == "memory"
    # an app page (55 MB) would not fit either: 998 + 55 > 1,000
    assert km.admit(APP) is None
    # one request's kernel never came: released, its 148 MB are free again
    km.release(admitted[0])
    assert km.full_reason(LESSON) is None and km.admit(LESSON) is not None


def test_the_machine_s_measured_available_memory_is_a_limit_too():
    km = manager({"a1": APP, "a2": APP, "l1": LESSON}, memory_floor_mb=512)
    # 700 MB available; the kernels will grow by (55-40) + (55-44) + (148-118) = 56 MB
    km.record({"a1": 40.0, "a2": 44.0, "l1": 118.0}, available=700)
    # a lesson kernel: 700 - 56 - 148 = 496 < 512: refused
    assert km.admit(LESSON) is None and km.last_refusal == "memory"
    # apps: 700 - 56 - 55 = 589, then 700 - 111 - 55 = 534; a third: 479 < 512
    assert [km.admit(APP) is not None for _ in range(3)] == [True, True, False]


def test_a_pooled_kernel_costs_no_memory_and_max_kernels_is_its_own_reason():
    km = manager({"a1": APP}, pooled={"p1": APP}, memory_mb=1, memory_floor_mb=0)
    km.record({"a1": 44.0, "p1": 44.0}, available=None)
    # memory is full (2 x 55 > 1 MB), but a ready pooled kernel of app_x is there
    first = km.admit(APP)
    assert first is not None and first.pooled and first.mb == 0
    assert km.admit(APP) is None and km.last_refusal == "memory"   # the pool is claimed
    km2 = manager({"a1": APP, "a2": APP}, pooled={"p1": APP}, max_kernels=2)
    assert km2.admit(APP) is None and km2.last_refusal == "max_kernels"
    assert km2.full_reason() == "max_kernels"


def test_refills_stop_at_the_class_plus_spare_and_within_the_announced_memory():
    pages = {f"a{i}": APP for i in range(30)}
    km = manager(pages, class_students=30, pool_spare=3)
    # 30 pages of app.ipynb open: of its pool of 30, only the 3 spare are kept
    assert km.refill_target(APP, 30) == 3
    km = manager({f"a{i}": APP for i in range(10)}, class_students=30, pool_spare=3)
    assert km.refill_target(APP, 30) == 23                       # 33 - 10
    km = manager({f"a{i}": APP for i in range(34)}, class_students=30, pool_spare=3)
    assert km.refill_target(APP, 30) == 0                        # a reload too many
    # the announced 500 MB: 3 kernels of 55 MB counted + one queued refill = 220 MB;
    # (500 - 220) // 55 = 5 more may be queued: 2 in the pool (1 ready, 1 queued) + 5
    km = manager({"a1": APP, "a2": APP}, pooled={"p1": APP}, pool_budget_mb=500)
    km._pools[APP].append(Queued("q1"))
    km.record({"a1": 44.0, "a2": 44.0, "p1": 44.0}, available=None)
    assert km.committed_mb() == 4 * 55
    assert km.refill_target(APP, 30) == 2 + 5


def test_status_says_how_the_memory_is_counted():
    km = manager({"a1": APP}, pooled={"p1": LESSON}, memory_mb=5_000)
    km.record({"a1": 44.0, "p1": 118.0}, available=9_000)
    st = km.memory_status()
    assert st["committed_mb"] == 55 + 148 and st["limit_mb"] == 5_000
    assert st["available_mb"] == 9_000 and st["uss_total_mb"] == 162
    assert st["notebooks"][APP] == {"kernels": 1, "in_use": 1, "largest_uss_mb": 44,
                                    "kernel_mb": 55, "measured": True}
    assert st["notebooks"][LESSON]["in_use"] == 0


# -- the class-full page -----------------------------------------------------------------
def test_the_class_full_page_speaks_the_page_s_language():
    assert page_language("de", "hr") == "de"
    assert page_language("", "fr-CH, fr;q=0.9, hr;q=0.8, de;q=0.7") == "hr"
    assert page_language("xx", "en-GB;q=0.2, de;q=0.5") == "de"
    hr, de = full_page(lang="hr"), full_page(lang="de")
    assert '<html lang="hr">' in hr and "Razred je pun" in hr and "60 sekundi" in hr
    assert "Die Klasse ist voll" in de and "60 Sekunden" in de
    assert 'href="/user/ana/?lang=de"' in full_page(lang="de", home="/user/ana/")


def test_pools_are_refilled_one_at_a_time_up_to_the_class_and_topped_up_when_pages_close():
    km = manager({f"a{i}": APP for i in range(4)}, class_students=4, pool_spare=2,
                 refill_stagger=2.0)
    km.kernel_pools_config = {"default": {"pool_size": 0}, APP: {"pool_size": 4}}
    km.fill_delay = 30.0
    delays: list[float] = []

    def voila_fill(delay=None, notebook_name=None, **kwargs):   # Voila: up to pool_size
        pool = km._pools.setdefault(notebook_name, [])
        while len(pool) < km.kernel_pools_config[notebook_name]["pool_size"]:
            pool.append(Queued(f"q{len(delays)}"))
            delays.append(delay)

    async def voila_get(*args, **kwargs):                        # pragma: no cover
        raise AssertionError("not used here")
    km.fill_if_needed, km.get_rendered_notebook = voila_fill, voila_get
    km.hook_pool()
    # 4 pages open (the whole class): a page took a kernel; only 6 - 4 = 2 are queued,
    # 30 s after it, then 2 s apart
    km.fill_if_needed(notebook_name=APP)
    assert len(km._pools[APP]) == 2 and km.kernel_pools_config[APP]["pool_size"] == 4
    assert delays == [pytest.approx(30.0, abs=0.5), pytest.approx(32.0, abs=0.5)]
    # the pages are closed: the pool grows back to its 4, from 2 s after the queue
    ids = km.list_kernel_ids()
    km.list_kernel_ids = lambda: []
    km._served.clear()
    km.top_up_pools()
    assert len(km._pools[APP]) == 4
    assert delays[2:] == [pytest.approx(34.0, abs=0.5), pytest.approx(36.0, abs=0.5)]
    # while the server stops, nothing is refilled
    km._pools[APP].clear()
    km._closing = True
    km.top_up_pools()
    assert km._pools[APP] == [] and ids
