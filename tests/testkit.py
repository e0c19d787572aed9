"""Helpers shared by the suites that need a tool from outside Python (importable as
``testkit``: ``tests/`` is on ``sys.path`` through its conftest).

>>> IN_CI in (True, False)
True
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]
#: CI runs with ``CI=true``: there a missing tool fails the tests instead of skipping them.
IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def missing(reason: str, *, suite: str = "the browser tests") -> None:
    """A missing tool (Chromium, JupyterLab, the hub's proxy): fail in CI, skip elsewhere."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: {suite} must run in CI)", pytrace=False)
    pytest.skip(reason)


def benchmark_module(stem: str, *, name: str = "") -> ModuleType:
    """``benchmarks/<stem>.py``, loaded by path once (as ``sys.modules[name]``, by default
    ``cardgames_bench<stem>``): ``benchmarks`` is not a package, and putting it on
    ``sys.path`` would let its scripts shadow other modules."""
    name = name or f"cardgames_bench{stem}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{stem}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def voila_harness() -> ModuleType:
    """``benchmarks/_voila.py`` (server and browser start-up, shared with the benchmarks)."""
    return benchmark_module("_voila", name="cardgames_voila_harness")


def launch_chromium(playwright, *, suite: str = "the browser tests"):
    """A headless browser on the system's Chromium (``$CHROMIUM``, else Debian's), with the
    project's flags, from the run's one Playwright; missing: :func:`missing`."""
    harness = voila_harness()
    exe = harness.chromium_path()
    if exe is None:
        missing("Chromium not found (apt-get install chromium, or set $CHROMIUM)", suite=suite)
    return harness.launch_chromium(playwright, exe)


def notebook_title(path: Path) -> str:
    """The title a reader sees for a notebook, read independently of ``classroom.catalog``:
    a lesson's first markdown heading; an app notebook (one cell calling
    ``widgets.app.apps.<name>_app(...)``) shows the title of that app."""
    import json

    nb = json.loads(path.read_text())
    markdown = [c for c in nb["cells"] if c["cell_type"] == "markdown"]
    if markdown:
        return "".join(markdown[0]["source"]).splitlines()[0].removeprefix("# ").strip()
    from widgets.app.apps import TITLES

    code = "".join(nb["cells"][0]["source"])
    name = code.split("from widgets.apps import ", 1)[1].split()[0].removesuffix("_app")
    return str(TITLES[name][0])


def let_claims_stand(scope, expect, *, seconds: float = 120.0) -> None:
    """At a Liar table whose bots play by themselves, let every claim stand until the
    status says it is the student's turn (``scope``: the page or the table's output).

    "Let it stand" is enabled only while the student may call (R-L5): a bot may call or
    the window may close before a click lands, so each click is tried briefly and the
    table looked at again, never waited on for the whole timeout."""
    import time

    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    status = scope.locator(".liar-status")
    log = scope.locator(".liar-log li")
    stand = scope.get_by_role("button", name="Let it stand")
    deadline = time.monotonic() + seconds
    while not status.inner_text().startswith("Your turn"):
        assert time.monotonic() < deadline, status.inner_text()
        if stand.is_enabled():
            n = log.count()
            try:
                stand.click(timeout=3_000)
            except PlaywrightTimeout:
                continue
            expect(log).not_to_have_count(n)
        else:
            time.sleep(0.2)
