"""A small class under load (``benchmarks/classroom.py`` with 8 students): every page
usable, every input answered, no errors, no output missing, no kernel left over."""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "classroom.py"


@pytest.mark.slow(reason="a warm pool of 8, then 8 students in 2 Chromiums and 6 websocket "
                         "clients for 20 s, with up to 110 s for the orphan reaper")
def test_eight_students_with_a_warm_pool(chromium):
    sys.path.insert(0, str(BENCH.parent))
    spec = importlib.util.spec_from_file_location("bench_classroom", BENCH)
    bench = importlib.util.module_from_spec(spec)
    sys.modules["bench_classroom"] = bench          # its dataclasses need the module
    spec.loader.exec_module(bench)
    args = bench.parse_args(["app_rank_cycle", "--students", "8", "--browsers", "2",
                             "--duration", "20", "--after", "110", "--warm-timeout", "120"])
    # --after 110: at most, past the orphan reaper's 100 s (its 90 s and its 10 s tick), so
    # a kernel whose page's leave was missed under load (seen once in a full run: 9 alive
    # after 45 s, pool 8) counts as leaked only if the reaper does not stop it either; the
    # wait ends as soon as only the pool is alive (issue 34: an event, not a fixed pause)
    # its own event loop, in a thread: the session's Playwright (sync API) holds this one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        result = pool.submit(asyncio.run, bench.run(args)).result(timeout=600)
    assert result["errors"] == []
    assert result["not_usable"] == 0 and len(result["usable_s"]) == 8
    assert result["missing_outputs"] == []
    assert result["log_errors"] == []
    # every student acted about every 2 s for 20 s, and each input was answered
    assert len(result["inputs_ms"]) >= 8 * 5
    assert result["leaked"] == 0 and result["kernels_after"] == 8   # the pool, refilled
