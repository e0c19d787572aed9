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
    (["simulate", "thirty-one", "--agents", "random,random", "--out", "/no/such/dir/x.csv"],
     "does not exist"),
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


def test_odds_liar():
    proc = cli("odds", "liar", "--hand", "7H 7B KA", "--claim", "2x7", "--players", "3")
    assert proc.returncode == 0, proc.stderr
    # 29 unseen cards, 2 sevens among them: C(2,2)/C(29,2)
    assert f"(1/{comb(29, 2)})" in proc.stdout
    proc = cli("odds", "liar", "--hand", "7H UB", "--claim", "3xU", "--seen", "UH",
               "--decks", "2", "--chroniclers", "both", "--players", "6")
    assert proc.returncode == 0, proc.stderr
    p = Fraction(comb(6 + 4, 3), comb(68 - 3, 3))     # 6 Unters + 4 Chroniclers unseen
    assert f"({p.numerator}/{p.denominator})" in proc.stdout
    proc = cli("odds", "liar", "--hand", "7H KA", "--claim", "1x7", "--distribution")
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0 and "other 3 players" in lines[1]
    assert sum(float(x.split()[1]) for x in lines[2:]) == pytest.approx(1.0, abs=1e-3)


@pytest.mark.parametrize("args,needle", [
    (["odds", "liar", "--hand", "7H", "--claim", "5x7"], "R-L4"),
    (["odds", "liar", "--hand", "7H", "--claim", "2xQ"], "unknown rank"),
    (["odds", "liar", "--hand", "7H 7H", "--claim", "1x7"], "more often"),
    (["odds", "liar", "--hand", "*C", "--claim", "1x7"], "not in this deck"),
    (["odds", "liar", "--hand", "7H", "--claim", "1x7", "--players", "6"], "R-L2"),
    (["odds", "liar", "--claim", "1x7"], "--hand"),
    (["simulate", "thirty-one", "--agents", "random,nobody"], "unknown agent"),
    (["simulate", "thirty-one", "--agents", "random,random", "--option", "lives=-1"], "lives"),
])
def test_odds_and_engine_errors_exit_2(args, needle):
    assert_usage_error(cli(*args), needle)


def test_simulate_writes_table_and_summary(tmp_path):
    import pandas as pd

    csv = tmp_path / "games.csv"
    proc = cli("simulate", "thirty-one", "--games", "60", "--agents", "heuristic,random",
               "--seed", "3", "--out", str(csv), "--no-progress")
    assert proc.returncode == 0, proc.stderr
    assert "win_rate" in proc.stdout and "heuristic" in proc.stdout
    assert f"wrote 60 rows to {csv}" in proc.stdout
    a = pd.read_csv(csv)
    assert len(a) == 60 and list(a["game"]) == list(range(60))
    # same seed, two workers, parquet: the same games
    pq = tmp_path / "games.parquet"
    proc = cli("simulate", "thirty-one", "--games", "60", "--agents", "heuristic,random",
               "--seed", "3", "--out", str(pq), "--workers", "2", "--chunk-size", "10")
    assert proc.returncode == 0, proc.stderr
    assert "games/s" in proc.stderr or "game" in proc.stderr      # the tqdm bar, on stderr
    b = pd.read_parquet(pq)
    for col in ("seed", "decisions", "winner", "place_0", "lives_1"):
        assert list(a[col].astype(str)) == list(b[col].astype(str)), col
