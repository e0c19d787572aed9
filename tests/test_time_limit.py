"""The suite's time limit (tests/timelimit.py, issue 34), tried on tests of its own in a
pytest of its own with the limit set to 0.3 s: a passed test over it fails, unless it is
marked ``slow`` with a reason; a test under it, or one that failed anyway, is left as it is."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

TESTS = Path(__file__).resolve().parent

CASES = '''
import time
import pytest

def test_over_the_limit():
    time.sleep(0.6)

@pytest.mark.slow
def test_slow_without_a_reason():
    time.sleep(0.6)

@pytest.mark.slow(reason="it measures a whole class")
def test_slow_with_a_reason():
    time.sleep(0.6)

@pytest.mark.slow("a positional reason")
def test_slow_with_a_positional_reason():
    time.sleep(0.6)

def test_quick():
    pass

@pytest.fixture
def slow_setup():
    time.sleep(0.2)

def test_setup_and_call_added(slow_setup):
    time.sleep(0.2)

def test_over_the_limit_and_failed():
    time.sleep(0.6)
    assert False, "its own failure"
'''


def test_a_test_over_the_limit_fails_unless_marked_slow_with_a_reason(tmp_path):
    (tmp_path / "test_cases.py").write_text(CASES, encoding="utf-8")
    report = tmp_path / "report.xml"
    env = dict(os.environ, CARDGAMES_TEST_LIMIT_S="0.3",
               PYTHONPATH=os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "timelimit", "-p",
                        "no:cacheprovider", "-W", "ignore::pytest.PytestUnknownMarkWarning",
                        f"--junitxml={report}", "-q", str(tmp_path / "test_cases.py")],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    outcome = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        failed = [f.get("message") or "" for f in case.iter("failure")]
        outcome[case.get("name")] = failed[0] if failed else "passed"
    assert r.returncode == 1, r.stdout
    assert outcome["test_quick"] == "passed"
    assert outcome["test_slow_with_a_reason"] == "passed"
    assert outcome["test_slow_with_a_positional_reason"] == "passed"
    for name in ("test_over_the_limit", "test_slow_without_a_reason",
                 "test_setup_and_call_added"):
        assert "over the suite's limit of 0.3 s" in outcome[name], outcome
        assert "@pytest.mark.slow(reason=" in outcome[name]
    # its own failure is reported, not replaced by the limit's
    assert "its own failure" in outcome["test_over_the_limit_and_failed"]
    assert "suite's limit" not in outcome["test_over_the_limit_and_failed"]
