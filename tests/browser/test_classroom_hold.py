"""A class that the launcher accepted fits (issue 19), over HTTP and the kernel websocket.

* 8 students open two pooled notebooks each (``app_liar``, then ``app_call_odds``) and
  hold both pages open (``benchmarks/classroom.py --hold``, websocket clients): none is
  refused, and the pools were refilled only up to the class and its spare kernels.
* A server whose memory holds one kernel refuses the second page with "the class is
  full" in the page's language, and ``/classroom/status`` says why: memory.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import json
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from testkit import missing

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "benchmarks" / "classroom.py"


def _bench():
    sys.path.insert(0, str(BENCH.parent))
    spec = importlib.util.spec_from_file_location("bench_classroom", BENCH)
    bench = importlib.util.module_from_spec(spec)
    sys.modules["bench_classroom"] = bench          # its dataclasses need the module
    spec.loader.exec_module(bench)
    return bench


@pytest.mark.slow(reason="8 students open and hold two pooled pages each: 16 kernels started")
def test_eight_students_hold_two_pooled_notebooks_open():
    try:
        import websockets  # noqa: F401 -- the benchmark's websocket client
    except ImportError:
        missing("websockets is not installed (pip install -e '.[test]')")
    bench = _bench()
    args = bench.parse_args(["app_liar", "app_call_odds", "--hold", "--browsers", "0",
                             "--students", "8", "--duration", "40", "--after", "5",
                             "--warm-timeout", "240",
                             "--server-arg=--ClassroomKernelManager.measure_interval=5"])
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        result = pool.submit(asyncio.run, bench.run_hold(args)).result(timeout=900)
    per = result["per_notebook"]
    assert result["refused"] == 0 and result["errors"] == []
    assert per["app_liar.ipynb"]["opened"] == 8 and per["app_call_odds.ipynb"]["opened"] == 8
    assert result["missing_outputs"] == [] and result["log_errors"] == []
    assert result["final_status"]["refused"] == 0
    # while all 16 pages were open: 16 kernels in use, and of each pool only the
    # spare (2 per notebook: memory.spare(8)) refilled, not 8 more of each
    assert 16 <= result["most_kernels"] <= 16 + 2 * 2
    # the server measured both notebooks' kernels (USS 40-50 MB: sizes of 50-63 MB)
    figures = result["peak"]["status"]["memory"]["notebooks"]
    for nb in ("app_liar.ipynb", "app_call_odds.ipynb"):
        assert figures[nb]["measured"], figures
        assert 30 <= figures[nb]["largest_uss_mb"] <= 80, figures
    # the class stayed within what the launcher announced
    assert result["peak"]["pss_total"] + result["peak"]["server_rss"] <= result["estimate_mb"]


def _get(url: str, headers: dict[str, str]) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=120) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_the_class_is_full_when_memory_runs_out_in_the_page_s_language(start_voila, tmp_path):
    # room for one app kernel (55 MB before it is measured) of 80 MB: the second page
    # would need 55 MB more
    server = start_voila("lessons", cwd=REPO, name="class-full-memory",
                         extra_args=["--ClassroomKernelManager.memory_mb=80",
                                     "--ClassroomKernelManager.memory_floor_mb=0"])
    status, _html = _get(server.app_url("app_rank_cycle.ipynb"), {})
    assert status == 200
    status, html = _get(server.app_url("app_rank_cycle.ipynb"),
                        {"Accept-Language": "hr-HR,hr;q=0.9,en;q=0.5"})
    assert status == 503
    assert '<html lang="hr">' in html and "Razred je pun" in html
    status, html = _get(server.app_url("app_rank_cycle.ipynb") + "?lang=de", {})
    assert status == 503 and "Die Klasse ist voll" in html
    with urllib.request.urlopen(server.url + "classroom/status", timeout=10) as r:
        st = json.loads(r.read())
    assert st["full"] == "memory"
    assert st["refused_by"] == {"memory": 2, "max_kernels": 0}
    assert st["memory"]["limit_mb"] == 80 and st["max_kernels"] == 0
