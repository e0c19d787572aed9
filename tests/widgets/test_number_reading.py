"""Numbers as the student writes them (issue 31, deliverable 4): Babel's locale-aware
reading, a question back for a number that reads two ways, halves rounded up."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardgames.i18n import language
from cardgames.courseware.answer_numbers import read_numbers
from widgets.exercises.exercise import ExerciseWidget, Session
from cardgames.courseware.exercise_data import get


@pytest.mark.parametrize("lang", ["hr", "de"])
@pytest.mark.parametrize("text, games", [("2.401", 2401), ("2401", 2401), ("2 401", 2401)])
def test_grouping_points_are_thousands_in_hr_and_de(lang, text, games):
    # 1.96² · 0.25 / 0.02² = 2401 games (the lesson prints "2.401 igara")
    with language(lang):
        verdict = get("06-games-needed").judge(text)
    assert verdict.status == "right", (lang, text, verdict)


@pytest.mark.parametrize("lang, text", [("hr", "1.801"), ("de", "1.801"), ("en", "1,801")])
def test_a_known_mistake_written_with_grouping_gets_its_hint(lang, text):
    # p = 1/4 instead of 1/2: 1.96² · 3/16 / 0.0004 = 1800.75 -> the first mistake's hint
    with language(lang):
        verdict = get("06-games-needed").judge(text)
    assert verdict.status == "wrong" and verdict.mistake_index == 0


@pytest.mark.parametrize("lang, text, readings", [
    ("en", "2,401", (Fraction(2401), Fraction(2401, 1000))),
    ("hr", "2.401", (Fraction(2401), Fraction(2401, 1000))),
    ("de", "1.500", (Fraction(1500), Fraction(3, 2))),
    ("en", "4.125", (Fraction(33, 8),)),            # the page's decimal mark: a decimal
    ("de", "5,813", (Fraction(5813, 1000),)),
    ("en", "0,5", (Fraction(1, 2),)), ("hr", "0.5", (Fraction(1, 2),)),
    ("hr", "0,5", (Fraction(1, 2),)), ("de", "1.234,5", (Fraction(2469, 2),)),
    ("en", "1,234,567", (Fraction(1234567),)), ("hr", "16/4.960", (Fraction(1, 310),)),
])
def test_readings(lang, text, readings):
    assert read_numbers(text, lang) == readings


@pytest.mark.parametrize("lang, text", [("en", "5,813"), ("hr", "5.813"), ("de", "5.813")])
def test_two_readings_are_asked_back_and_not_a_try(lang, text):
    # 06-equal-players: 93/16 = 5.8125 deals; 5,813 on an English page may be 5813 or 5.813
    w = ExerciseWidget(get("06-equal-players"), session=Session())
    with language(lang):
        verdict = w.submit(text)
    assert verdict.status == "ambiguous" and not verdict.counts_as_try
    assert w.tries == 0
    assert "5813" in verdict.message and ("5.813" in verdict.message or "5,813" in
                                           verdict.message)
    w.close_all()


def test_a_half_rounded_down_gets_the_rounding_hint():
    # 5/16 = 0.3125: to 3 figures, halves up, 0.313; 0.312 cut a digit off
    ex = get("06-longest-match")
    assert ex.answer() == Fraction(5, 16)
    assert ex.judge("0.313").status == "right"
    verdict = ex.judge("0.312")
    assert verdict.status == "rounding" and "halves up" in verdict.message
    assert verdict.counts_as_try


@pytest.mark.parametrize("lang", ["en", "hr", "de"])
def test_the_same_number_in_both_ways_is_the_same_answer(lang):
    ex = get("04-posterior")           # 253/333 = 0.75975... -> 0.760
    with language(lang):
        assert ex.judge("0,760").status == ex.judge("0.760").status == "right"


@pytest.mark.parametrize("lang", ["en", "hr", "de"])
def test_a_known_mistake_is_reported_as_that_mistake_in_every_language(lang):
    # 16/4960 (C(32, 3) instead of C(33, 3)) is 03-p32's first known mistake: its hint was
    # matched by its English text, so a Croatian or German check was reported as "other"
    from widgets.exercises.report import check_payload

    ex = get("03-p32")
    with language(lang):
        verdict = ex.judge("16/4960")
        payload = check_payload(ex, "16/4960", verdict, 1)
    assert verdict.mistake_index == 0 and payload["hint"] == "mistake-0"
    assert payload["answer"] == "16/4960"


def test_a_probability_is_not_asked_back_for_a_reading_above_one():
    # 04-posterior asks a probability: "0,760" reads 0.76 either way; "2.401" on a
    # Croatian page is 2401 or 2.401, both above 1: told so, not asked which
    ex = get("04-posterior")
    with language("hr"):
        assert ex.judge("2.401").status == "wrong"
        assert "between 0 and 1" in ex.judge("2.401").message or "0 i 1" in \
            ex.judge("2.401").message
