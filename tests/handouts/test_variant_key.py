"""The answer key by variant code (issue 31): every code a served page can show (1 to
VARIANTS) has a row per lesson, and each printed answer is one the page's checker
accepts for that code's variant (in English, Croatian and German).  HTML only (the PDF's
page count is in test_handouts.py)."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest

from cardgames.i18n import language
from widgets.exercises.exercise import VARIANTS
from cardgames.courseware.exercise_data import LESSONS, by_lesson, get

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def handouts():
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import handouts as module
    finally:
        sys.path.pop(0)
    return module


@pytest.mark.parametrize("lang", ["en", "hr", "de"])
def test_each_codes_printed_answers_are_right_for_its_variant(handouts, lang):
    doc = handouts.variant_key(lang)
    tables = re.findall(r"<table class='variants'>(.*?)</table>", doc, re.S)
    assert len(tables) == len(LESSONS) == 6
    for lesson, table in zip(LESSONS, tables, strict=True):
        rows = re.findall(r"<tr><td class='key'>(\d+)</td>(.*?)</tr>", table, re.S)
        assert [int(code) for code, _ in rows] == list(range(1, VARIANTS + 1))
        for code, cells in rows:
            answers = [html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", cells)]
            exercises = by_lesson(lesson)
            assert len(answers) == len(exercises)
            for ex, printed in zip(exercises, answers, strict=True):
                v = get(ex.key, int(code))
                with language(lang):
                    text = printed[1:-1] if re.fullmatch(r"\([a-h]\)", printed) else printed
                    assert v.judge(text).status == "right", (
                        lesson, code, ex.key, printed)
