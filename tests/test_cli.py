"""The command line, run as a user runs it: ``python -m cardgames ...`` in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from math import comb

import pytest


def cli(*args: str, timeout: float = 120):
    return subprocess.run([sys.executable, "-m", "cardgames", *args], capture_output=True,
                          text=True, timeout=timeout)


def assert_usage_error(proc, *needles):
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    err = proc.stderr.strip()
    assert "\n" not in err and "Traceback" not in err, err
    assert err.startswith("cardgames")
    for needle in needles:
        assert needle in err, err


def test_help_has_examples():
    proc = cli("--help")
    assert proc.returncode == 0
    assert "examples:" in proc.stdout and 'cardgames score "AH KH 9H"' in proc.stdout
    for sub in (["score", "--help"], ["odds", "liar", "--help"], ["simulate", "--help"]):
        p = cli(*sub)
        assert p.returncode == 0 and "examples:" in p.stdout, sub


@pytest.mark.parametrize("hand,value,words", [
    ("AH KH 9H", "30", "Hearts"),
    ("AH KB 9L", "0", "no suit reaches 21"),   # Ace and King of different suits: nothing
    ("OH OB OL", "30.5", "three Obers"),
    ("AH KH *", "32", "Chronicler"),
])
def test_score(hand, value, words):
    proc = cli("score", hand)
    assert proc.returncode == 0, proc.stderr
    first, second = proc.stdout.splitlines()[:2]
    assert first == value
    assert words in second


def test_score_accepts_separate_words():
    proc = cli("score", "AH", "AB", "AL")
    assert proc.returncode == 0 and proc.stdout.splitlines()[0] == "33"


@pytest.mark.parametrize("args,needle", [
    (["score", "AH KH"], "3 cards"),
    (["score", "AH KH ZZ"], "not a card"),
    (["score"], "cards"),
    (["frobnicate"], "invalid choice"),
    ([], "required"),
    (["odds", "31", "--exclude", "AH AH"], "twice"),
    (["odds", "31", "--at-least", "lots"], "not a number"),
    (["simulate", "thirty-one", "--games", "0", "--agents", "random,random"], "at least 1"),
    (["simulate", "poker", "--agents", "random,random"], "invalid choice"),
    (["simulate", "thirty-one", "--agents", "random"], "at least 2"),
    (["simulate", "thirty-one", "--agents", "random,random", "--out", "x.xlsx"], ".csv"),
])
def test_bad_arguments_one_line_exit_2(args, needle):
    assert_usage_error(cli(*args), needle)


def test_odds_thirty_one_exact():
    proc = cli("odds", "thirty-one", "--at-least", "21")
    assert proc.returncode == 0, proc.stderr
    # by hand: 4*C(8,3) suited + 16 Ace-ten pairs * 24 + 8 ranks * C(4,3) trips
    p = Fraction(4 * comb(8, 3) + 16 * 24 + 8 * comb(4, 3), comb(32, 3))
    assert f"({p.numerator}/{p.denominator})" in proc.stdout
    proc = cli("odds", "31", "--exclude", "AH AB AL", "--at-least", "33")
    assert proc.returncode == 0
    assert "= 0.000000 (0/1)" in proc.stdout  # three Aces are gone once 3 Aces are seen
    proc = cli("odds", "31", "--chronicler", "--distribution")
    lines = proc.stdout.splitlines()
    assert sum(int(line.split()[1]) for line in lines[1:]) == comb(33, 3)
