"""The command line refuses what it cannot do, in one line, never a traceback (issue 18, item 6).

Each test below is one finding of issue 18's "The CLI" list, run in this
process through :func:`cardgames.cli.main` (what ``python -m cardgames`` runs;
``tests/test_cli.py`` runs the real subprocess).  The fuzz test at the end
drives the parser with random arguments: every run exits 0 or 2, and an
error is one line with no traceback.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.cli import MAX_GAMES, main
from cardgames.i18n import language


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as e:            # --help and --version leave through argparse
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def refused(*args: str, needles: tuple[str, ...] = ()) -> str:
    code, out, err = run(*args)
    assert code == 2, (out, err)
    line = err.strip()
    assert "\n" not in line and "Traceback" not in line and line.startswith("cardgames"), err
    assert "a bug of cardgames" not in line, line
    for needle in needles:
        assert needle in line, line
    return line


SIM = ("simulate", "liar", "--games", "2", "--no-progress", "--agents")


def test_an_unknown_option_is_refused_naming_the_options():
    # finding: "simulate ... --option bogus=1 prints a traceback"
    line = refused(*SIM, "random,random", "--option", "bogus=1",
                   needles=("bogus", "max_plays", "points"))
    assert "TypeError" not in line


def test_a_huge_game_count_is_refused_with_the_bound():
    # finding: "--games 99999999999999999999 is accepted and reached 5 GB in 25 s"
    refused("simulate", "thirty-one", "--games", "99999999999999999999", "--agents",
            "random,random", needles=("--games", "1,000,000"))
    refused("simulate", "thirty-one", "--games", str(MAX_GAMES + 1), "--agents", "random,random",
            needles=("1,000,000",))


def test_huge_lives_are_refused_with_the_bound():
    # finding: "--option lives=99999999999 ran for over 2 minutes"
    refused("simulate", "thirty-one", "--games", "1", "--agents", "random,random", "--option",
            "lives=99999999999", needles=("lives", "0-9", "R-T8"))


@pytest.mark.parametrize("option", ["max_plays=99999999999", "target=0", "points=1,2,x",
                                    "turn_cap=1e9", "decks=3", "chroniclers=" + "x" * 5000])
def test_other_options_are_bounded(option):
    refused(*SIM, "random,random", "--option", option, needles=(option.split("=")[0],))


def test_an_empty_agent_name_is_refused():
    # finding: "--agents heuristic,,random silently drops the empty name"
    refused(*SIM, "heuristic,,random", needles=("empty",))
    refused(*SIM, "heuristic,random,", needles=("empty",))


@pytest.mark.parametrize("lang,claim", [("de", "2 Kings"), ("de", "2 Könige"), ("hr", "2 Kings"),
                                        ("hr", "2 Kralja"), ("hr", "4 kraljeva"), ("en", "2 Kings")])
def test_rank_names_in_english_and_in_the_cli_language(lang, claim, monkeypatch):
    # finding: under CARDGAMES_LANG=de/hr "2 Kings" is refused while the error asks for it
    monkeypatch.setenv("CARDGAMES_LANG", lang)
    code, out, err = run("odds", "liar", "--hand", "7H", "--claim", claim)
    assert code == 0, err
    # 31 unseen cards, all 4 Kings among them: C(4, n) / C(31, n) for the claim's n
    n = int(claim[0])
    expected = {2: "(2/155)", 4: "(1/31465)"}[n]
    assert expected in out, out


def test_an_unknown_rank_is_named_in_both_languages(monkeypatch):
    monkeypatch.setenv("CARDGAMES_LANG", "de")
    line = refused("odds", "liar", "--hand", "7H", "--claim", "2 Zebras")
    with language("de"):
        assert "Könige" in line and "Kings" in line


@pytest.mark.parametrize("hand,needle", [("AH AH AH", "T2"), ("* * *", "Chronicler"),
                                         ("AH *C *P", "Chronicler"), ("AH KH AH", "AH")])
def test_impossible_hands_are_refused(hand, needle):
    # finding: score "AH AH AH" and score "* * *" give 33: neither exists in one deck
    refused("score", hand, needles=(needle,))


def test_the_wrong_count_error_shows_no_python():
    # finding: the wrong-count error shows [Card.parse('AH'), ...]
    line = refused("score", "AH", needles=("3 cards", "AH"))
    assert "Card.parse" not in line and "[" not in line


def test_one_chronicler_still_scores():
    code, out, _ = run("score", "AH KH *")
    assert code == 0 and out.splitlines()[0] == "32"     # Chronicler as 10H... best: 11+10+11


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "infinity", "1e999"])
def test_nan_and_infinity_are_refused(value):
    # finding: --at-least nan is accepted
    refused("odds", "thirty-one", f"--at-least={value}", needles=("finite",))


# ----------------------------------------------------------------------------- fuzz

_OUT = tempfile.mkdtemp(prefix="cardgames-fuzz-")
WORDS = st.sampled_from([
    "score", "odds", "liar", "thirty-one", "31", "simulate", "--help", "--version", "--games",
    "--agents", "--option", "--at-least", "--exclude", "--hand", "--claim", "--seen",
    "--players", "--decks", "--chroniclers", "--aside", "--distribution", "--chronicler",
    "--seed", "--rounds", "--chunk-size", "--no-progress", "AH", "AH KH 9H", "AH AH AH", "* *",
    "*C", "2x7", "2 Kings", "9xA", "random,random", "heuristic,,random", "random", "bogus=1",
    "lives=2", "lives=99999999999", "max_plays=5", "points=4,3", "target=3", "nan", "-1", "0",
    "1", "2", "3", "99999999999999999999", "1" * 5000, "", "=", "--", "-", "ZZ", "é", "\x00",
    os.path.join(_OUT, "x.csv"), "/no/such/dir/x.csv"])
START = st.sampled_from([[], ["score"], ["odds", "liar"], ["odds", "thirty-one"],
                         ["simulate", "liar"], ["simulate", "thirty-one"]])


@settings(max_examples=250, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(start=START, words=st.lists(st.one_of(WORDS, st.text(max_size=12)), max_size=8),
       lang=st.sampled_from(["en", "de", "hr"]))
def test_fuzz_every_run_exits_0_or_2_with_one_line(start, words, lang):
    args = [*start, *words]
    if start[:1] == ["simulate"]:
        args += ["--games", "2", "--no-progress", "--chunk-size", "1"]   # argparse: last wins
    with language(lang):
        code, out, err = run(*args)
    assert code in (0, 2), (args, code, err)
    if code == 2:
        line = err.strip()
        assert line and "\n" not in line and "Traceback" not in line, (args, err)
        assert "a bug of cardgames" not in line, (args, line)
