"""Suite-wide settings.

The play apps deal from an unpredictable seed when served (``widgets.app.seeding``);
the tests fix it through the environment, which the Voila server and the nbval
kernels started by the tests inherit, so a test can replay an app exactly.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The seeds the app tests replay (tests/browser/test_app_*.py use the same numbers).
APP_SEEDS = {"CARDGAMES_SEED_LIAR": "14", "CARDGAMES_SEED_THIRTY_ONE": "2026",
             "CARDGAMES_SEED_EXERCISES": "20"}     # the exercise variants of served pages

for _name, _value in APP_SEEDS.items():
    os.environ[_name] = _value

# the online tables' data folder (classroom.tables.data_dir): never the user's own; the
# servers the tests start inherit it (a test may give its own with --tables-dir).
# Under pytest-xdist (``make test`` runs two workers, issue 34) every worker has a folder of
# its own: a worker inherits the environment of the run that started it, whose folder
# (made below, or the user's) is then the parent of the workers' folders.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if not os.environ.get("CARDGAMES_DATA_DIR") or _WORKER:
    import atexit
    import shutil
    import tempfile

    _parent = os.environ.get("CARDGAMES_DATA_DIR") if _WORKER else None
    if _parent and os.path.isdir(_parent):
        os.environ["CARDGAMES_DATA_DIR"] = tempfile.mkdtemp(prefix=f"{_WORKER}-", dir=_parent)
    else:
        os.environ["CARDGAMES_DATA_DIR"] = tempfile.mkdtemp(prefix="cardgames-test-data-")
    atexit.register(shutil.rmtree, os.environ["CARDGAMES_DATA_DIR"], ignore_errors=True)


import pytest  # noqa: E402

# a test over 120 s fails unless marked slow with a reason (tests/timelimit.py, issue 34)
from timelimit import pytest_runtest_makereport  # noqa: E402, F401


@pytest.fixture(scope="session")
def playwright_session():
    """The one Playwright of the run.  Its sync API cannot be started a second time while
    it runs, so the Voila, JupyterLab and hub browser fixtures all launch their Chromium
    from this one.  A missing Playwright fails in CI (``CI=true``) and skips elsewhere."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "playwright is not installed (pip install -e '.[test]')"
        if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
            pytest.fail(f"{reason} (CI=true: browser tests must run in CI)", pytrace=False)
        pytest.skip(reason)
    with sync_playwright() as p:
        yield p


@pytest.fixture(autouse=True)
def _close_widgets_the_test_left_open():
    """Close every widget a test created and left open.  The hidden-information checks
    (tests/widgets/hidden.py) search *every* live widget, as the browser would receive
    them; a widget left open by an earlier test (an app built in an i18n test, say)
    would otherwise be searched as if it belonged to the table under test."""
    try:
        from ipywidgets.widgets.widget import Widget, _instances
    except ImportError:  # pragma: no cover - the engine tests do not need ipywidgets
        yield
        return
    before = set(_instances)
    yield
    for key in set(_instances) - before:
        w = _instances.get(key)
        if isinstance(w, Widget):
            w.close()


def pytest_collection_modifyitems(config, items):
    """Run the modules that use Playwright last.  Its sync API keeps an asyncio event loop
    running in the main thread from its start to the end of the run (``playwright_session``
    is session-scoped), so any later test calling ``asyncio.run`` (the classroom reaper,
    Voila's exporter) fails with "cannot be called from a running event loop".  Whole
    modules move, in their order, so module-scoped servers start once."""
    late = {item.path for item in items if "playwright_session" in item.fixturenames}
    here = Path(__file__).parent

    def rank(item) -> tuple[bool, int]:
        """Playwright's modules last; in each part the longest modules (:data:`HEAVY`)
        first, so that with two workers (``make test``) neither is left with a long one at
        the end.  pytest-xdist keeps this order with ``--no-loadscope-reorder``."""
        name = item.path.relative_to(here).as_posix() if item.path.is_relative_to(here) else ""
        return item.path in late, HEAVY.index(name) if name in HEAVY else len(HEAVY)

    items.sort(key=rank)
    for item in items:
        name = item.path.relative_to(here).as_posix() if item.path.is_relative_to(here) else ""
        if item.get_closest_marker("alone") and name not in ALONE:
            # the alone run collects only ALONE's modules (pytest_ignore_collect)
            raise pytest.UsageError(f"{item.nodeid} is marked alone: list its module in ALONE "
                                    "(tests/conftest.py) instead")
        if name in ALONE:
            item.add_marker(pytest.mark.alone(reason=ALONE[name]))


def pytest_ignore_collect(collection_path, config):
    """``make test``'s second run (``-m alone``) collects only :data:`ALONE`'s modules: the
    others would all be deselected, after seconds of imports."""
    if config.getoption("markexpr", "") != "alone" or not collection_path.is_file():
        return None
    here = Path(__file__).parent
    if not collection_path.is_relative_to(here) or collection_path.suffix != ".py":
        return None
    name = collection_path.relative_to(here).as_posix()
    if name.rsplit("/", 1)[-1].startswith("test_") and name not in ALONE:
        return True
    return None


#: The longest modules, longest first (measured: docs/testing.md); in a part of their own
#: (Playwright's modules or the others) they run before the rest.
HEAVY = [
    "lessons/test_notebooks.py", "widgets/test_liar_table.py", "widgets/test_app_notebooks.py",
    "widgets/test_old_paths.py", "tables/test_whole_games.py", "handouts/test_handouts.py",
    "browser/test_installed_wheel.py", "browser/test_classroom_load.py",
    "browser/test_static_site.py", "browser/test_classroom_hold.py",
    "browser/test_lesson_page_words.py", "browser/test_lessons_languages.py",
    "browser/test_accessibility.py", "browser/test_ui_fixes.py", "hub/test_tables_hub.py",
    "hub/test_hub.py", "hub/test_hub_class_link.py", "browser/test_online_tables.py",
]


#: Modules that cannot run beside other tests (marker ``alone``): ``make test`` runs them
#: after the others, in a pytest of their own without workers (docs/testing.md, issue 34).
#: ``{"browser/test_x.py": "the reason"}``.  None today: the class load and hold tests
#: (``browser/test_classroom_load.py``, ``browser/test_classroom_hold.py``), whose figures
#: are of their own server's kernels, passed at a load average of 10-14 on 2 cores, and run
#: in the two-worker run (the load test's 110 s wait for the reaper beside other work).
ALONE: dict[str, str] = {}


#: Variables that change what a server started later serves (a page's request, the
#: pre-heat mode, the language): no test may leave them changed.
_SERVED_ENV = ("QUERY_STRING", "PATH_INFO", "SCRIPT_NAME", "VOILA_PREHEAT", "VOILA_KERNEL_ID",
               "CARDGAMES_LANG", "CARDGAMES_SEED_LIAR", "CARDGAMES_SEED_THIRTY_ONE",
               "CARDGAMES_SEED_EXERCISES")


@pytest.fixture(autouse=True)
def _served_environment_unchanged():
    """A test that leaves e.g. ``QUERY_STRING`` in ``os.environ`` changes every Voila server
    and kernel the later tests start (their pooled kernels would not wait for a page): put
    it back and fail that test."""
    before = {k: os.environ.get(k) for k in _SERVED_ENV}
    yield
    after = {k: os.environ.get(k) for k in _SERVED_ENV}
    if after != before:
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        changed = sorted(k for k in _SERVED_ENV if before[k] != after[k])
        pytest.fail(f"the test left {', '.join(changed)} changed in os.environ "
                    "(use monkeypatch.setenv/delenv)", pytrace=False)


_RUN_STARTED = __import__("time").monotonic()
#: each xdist worker's (tests' seconds, when its last test ended), from the reports the
#: controller gets: a run whose workers end far apart has its modules badly spread
_WORKERS: dict[str, list[float]] = {}


def pytest_runtest_logreport(report):
    node = getattr(report, "node", None)         # set on the controller of an xdist run
    worker = getattr(node, "gateway", None)
    if worker is None:
        return
    import time
    busy = _WORKERS.setdefault(worker.id, [0.0, 0.0])
    busy[0] += report.duration
    busy[1] = time.monotonic() - _RUN_STARTED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The run's wall time and the machine's load, printed before pytest's closing line, so
    a slow run can be told from a busy machine (issue 34; ``make test`` also prints the 30
    slowest tests)."""
    import time
    try:
        load = " ".join(open("/proc/loadavg", encoding="utf-8").read().split()[:3])
    except OSError:  # not Linux
        load = "unknown"
    terminalreporter.write_line(
        f"wall time {time.monotonic() - _RUN_STARTED:.0f} s (collection included); "
        f"load average {load}; {os.cpu_count()} cores")
    for worker, (busy, last) in sorted(_WORKERS.items()):
        terminalreporter.write_line(f"worker {worker}: tests {busy:.0f} s, its last one ended "
                                    f"at {last:.0f} s")


@pytest.fixture(autouse=True)
def _language_put_back():
    """Every test starts in the language the run started in: a test that chose Croatian
    with ``set_language("hr")`` (or left a ``language`` block open) must not make a later
    test's English doctest read 'Srce' (seen: tests/test_i18n_review.py before
    tests/test_doctests.py; tests/test_doctests.py before tests/test_cli_input.py)."""
    from cardgames import i18n

    chosen, stack = i18n._chosen, list(i18n._blocks())
    yield
    i18n._chosen = chosen
    i18n._blocks()[:] = stack
