"""The suite's time limit (issue 34): a test that takes longer than :data:`LIMIT_S` fails,
unless it is marked ``slow`` with a reason, ``@pytest.mark.slow(reason="...")``.

A test's time is its setup and its call, as ``--durations`` reports them: the first test of
a module pays for the module's server start, which is part of what the test costs the run.
Teardown is left out (a module's servers stop after its last test, whichever that is).
``tests/conftest.py`` takes the hook from here; ``tests/test_time_limit.py`` runs it on tests
of its own with ``CARDGAMES_TEST_LIMIT_S`` set low.

>>> import pytest
>>> exempt(pytest.mark.slow(reason="two server starts").mark)
True
>>> exempt(pytest.mark.slow("two server starts").mark), exempt(pytest.mark.slow.mark)
(True, False)
>>> exempt(None)
False
"""

from __future__ import annotations

import os

import pytest

#: Seconds a test may take (setup and call) unless it is marked ``slow`` with a reason.
LIMIT_S = 120.0


def limit_s() -> float:
    """:data:`LIMIT_S`, or ``$CARDGAMES_TEST_LIMIT_S`` (the limit's own test sets it low)."""
    return float(os.environ.get("CARDGAMES_TEST_LIMIT_S") or LIMIT_S)


def exempt(mark) -> bool:
    """``mark`` (a test's closest ``slow`` mark, or ``None``) gives a reason: a non-empty
    ``reason=`` or a first argument that is a string."""
    if mark is None:
        return False
    reason = mark.kwargs.get("reason") or (mark.args[0] if mark.args else "")
    return isinstance(reason, str) and bool(reason.strip())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A passed test over the limit (setup and call) becomes a failure naming its time."""
    outcome = yield
    report = outcome.get_result()
    if call.when == "setup":
        item.stash[_SETUP] = call.duration
        return
    if call.when != "call" or not report.passed:
        return
    took = item.stash.get(_SETUP, 0.0) + call.duration
    limit = limit_s()
    if took > limit and not exempt(item.get_closest_marker("slow")):
        report.outcome = "failed"
        report.longrepr = (
            f"{item.nodeid} passed but took {took:.0f} s (setup {item.stash.get(_SETUP, 0.0):.0f} s"
            f", call {call.duration:.0f} s), over the suite's limit of {limit:g} s "
            "(tests/timelimit.py, issue 34): make it faster, or mark it "
            '@pytest.mark.slow(reason="why it needs the time")')


_SETUP = pytest.StashKey[float]()
