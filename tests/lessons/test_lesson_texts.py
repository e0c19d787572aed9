"""What a student's page shows (issue 20 items 11, 15-17, 19, 21; issue 18 item 7).

The served page drops cells tagged ``teacher``: whatever students must see has to be in
an untagged cell.  Figures in the new worked examples are re-derived here by counting.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from lessonlib import LESSONS, stored_text

NUMBERS = ("01", "02", "03", "04", "05", "06")


def _cells(name: str) -> list[dict]:
    (path,) = LESSONS.glob(f"{name}_*.ipynb")
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _student_markdown(name: str) -> str:
    return "\n".join("".join(c["source"]) for c in _cells(name)
                     if c["cell_type"] == "markdown"
                     and "teacher" not in c.get("metadata", {}).get("tags", []))


@pytest.mark.parametrize("name", NUMBERS)
def test_discussion_questions_are_on_the_students_page(name):
    md = _student_markdown(name)
    assert "### Discuss" in md
    if name != "02":       # lesson 2 reveals nothing to predict: its table is the lesson
        assert "**Predict, then run.**" in md


@pytest.mark.parametrize("name", NUMBERS)
def test_every_exercise_has_its_heading(name):
    cells = _cells(name)
    for i, cell in enumerate(cells):
        src = "".join(cell["source"])
        if cell["cell_type"] == "code" and src.startswith("exercise("):
            heading = "".join(cells[i - 1]["source"])
            assert "### Exercise" in heading, (name, src)


def test_no_lone_booleans_or_raw_pandas_lines():
    """Issue 18 item 7: a lone ``True`` (lesson 1), a ``Name: ..., dtype`` line (lesson 4)."""
    for name in NUMBERS:
        for cell in _cells(name):
            for out in cell.get("outputs", []):
                text = "".join(out.get("data", {}).get("text/plain", "")) + "".join(
                    out.get("text", ""))
                assert text.strip() not in ("True", "False"), name
                assert "dtype:" not in text, (name, text)


@pytest.mark.parametrize("name, words", [
    ("04", ["P(A | B)", "**Conditional probability.**", "*random variable*", "**expected value**",
            "> **Model.**"]),
    ("05", ["> **Model.**", "*showdown*", "R-T7"]),
    ("06", ["**The law of large numbers.**", "**Standard error.**", "**Markov property**",
            "**First-step analysis.**", "> **Model.**"]),
    ("03", ["*Wald*"]),
    ("02", ["**The two Chroniclers first**"]),
    ("01", ["counts turns from **1**"]),
])
def test_taught_where_first_needed(name, words):
    md = _student_markdown(name)
    for w in words:
        assert w in md, (name, w)
    if name == "03":
        assert "familiar" not in md


def test_lesson02_chroniclers_explained_before_their_rows():
    cells = _cells("02")
    first_row = next(i for i, c in enumerate(cells) if c["cell_type"] == "code"
                     and any("*P" in "".join(o.get("data", {}).get("text/plain", ""))
                             for o in c.get("outputs", [])))
    before = "\n".join("".join(c["source"]) for c in cells[:first_row])
    assert "**L12**" in before and "**L13**" in before


def test_lesson04_two_quantities_named_apart_from_the_start():
    md = _student_markdown("04")
    first = md.split("## 2.")[0]
    assert '**"Can be true"**' in first and '**"Could hold enough"**' in first
    # issue 31: P(true | random pick) only after conditional probability is defined
    defined = md.index("**Conditional probability.**")
    assert "P(\\text{true} \\mid" not in md[:defined] and "P(true | random pick)" not in md[:defined]
    assert md.index("*p* = P(true | random pick)") > defined


def test_lesson04_multiplication_rule_by_counting():
    """3/24 · 2/23 = 1/92, by counting the ordered pairs of the 24 unseen cards."""
    sevens, unseen = 3, 24
    cards = range(unseen)                             # cards 0..2 are the sevens
    pairs = list(itertools.permutations(cards, 2))
    both = sum(a < sevens and b < sevens for a, b in pairs)
    first = sum(a < sevens for a, _ in pairs)
    assert Fraction(first, len(pairs)) == Fraction(3, 24)
    assert Fraction(both, first) == Fraction(2, 23)   # P(second | first), by counting
    assert Fraction(both, len(pairs)) == Fraction(1, 92)
    assert "P(both sevens) = 3/24 · 2/23 = 1/92; the engine: 1/92" in stored_text("04")


def test_lesson04_expected_cost_worked_example():
    md = _student_markdown("04")
    assert "E[*X*] = 10/8 =\n1.25 cards" in md
    assert "1.250" in stored_text("04")                # the first row: 10 · 1/8


def test_timings_cover_the_sections():
    def teacher(name):
        return "\n".join("".join(c["source"]) for c in _cells(name)
                         if "teacher" in c.get("metadata", {}).get("tags", []))
    assert "same score, different risk 5 min" in teacher("05")
    assert "about 65 minutes" in teacher("05")
    assert "simulation and the engine deal check 10 min" in teacher("04")


def test_issue20_false_statements_are_gone():
    """Items 1-4: each false sentence is gone and its correction is on the students' page."""
    l05, l06 = _student_markdown("05"), _student_markdown("06")
    # 1: the model says what it conditions on; no 33 is counted at a table without an Ace
    assert "*Conditions on:*" in l05 and "three Aces (**R-T7**)" in l05
    assert "all equally likely (R-T9)" not in l05
    assert "33: 1" not in stored_text("05")
    # 2: the summary no longer claims the chain predicts whole matches
    assert "checked by simulation" not in l06
    summary = l06[l06.index("## Summary"):]
    assert "**match lengths** disagree" in summary
    # 3: passing ends nothing; only the reveal is the rule's one-move answer
    assert "Reveal (or pass) with 21" not in l05 and "passing ends nothing" in l05
    # 4: within a match the seats are fixed, only the dealer moves (R-T1)
    assert "take turns, as they do in a match" not in l06
    assert "seats stay fixed and only the dealer moves on" in l06


def test_lesson05_sections_in_order():
    """Item 12: sections 1-4 in order; section 4's heading is followed by its tournament."""
    cells = _cells("05")
    heads = [(i, line) for i, c in enumerate(cells) if c["cell_type"] == "markdown"
             for line in "".join(c["source"]).splitlines() if line.startswith("## ")
             and line[3:4].isdigit()]
    assert [h[3] for _i, h in heads] == ["1", "2", "3", "4"]
    four = heads[-1][0]
    assert "tournament(" in "".join(cells[four + 1]["source"])
