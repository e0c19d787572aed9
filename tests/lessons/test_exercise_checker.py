"""The exercise checker (lessons/_check.py) gives hints and never the solution."""

from __future__ import annotations

import doctest

from lessonlib import load_lesson_module


def test_checker_doctests():
    module = load_lesson_module("_check")
    result = doctest.testmod(module)
    assert result.failed == 0


def test_placeholder_gets_a_hint_not_an_error(checker, capsys):
    for name in checker.EXERCISES:
        checker.check(name, ...)
        out = capsys.readouterr().out
        assert "Hint:" in out and "replace the ..." in out


def test_wrong_type_gets_a_hint(checker, capsys):
    for name in checker.EXERCISES:
        assert not checker.is_right(name, "a string")
        checker.check(name, "a string")
        assert "Hint:" in capsys.readouterr().out


def test_every_exercise_is_used_in_a_lesson():
    from lessonlib import LESSONS

    text = "\n".join(p.read_text(encoding="utf-8") for p in LESSONS.glob("[0-9][0-9]_*.ipynb"))
    module = load_lesson_module("_check")
    for name in module.EXERCISES:
        if name != "demo":
            assert f'check(\\"{name}\\"' in text, f"exercise {name} is not in any lesson"


# The answers, written out for this test only (test_lesson_numbers.py derives each of
# them by a second method): no hint or verdict may contain them.
ANSWERS = {
    "01-six-players": ({0, 2, 4, 6}, ["7 9 U K", "{0, 2, 4, 6}"]),
    "01-all-ranks": ({3, 5, 7}, ["3, 5, 7", "{3, 5, 7}"]),
    "01-after-a-call": ((1, 3), ["(1, 3)", "seat 1", "tens"]),
    "02-rounds-ending": (12, ["12"]),
    "02-pale-with-ace": ((2, 0), ["(2, 0)"]),
    "02-after-aces": (0, ["sevens", "VII"]),
    "03-count-31": (24, ["24"]),
    "03-p32": (16 / 5456, ["0.0029", "1/341", "16/5456"]),
    "03-chronicler-21": (216, ["216"]),
    "04-two-of-two": (1 / 276, ["0.0036", "1/276"]),
    "04-seen-sevens": (1 / 210, ["0.0047", "1/210"]),
    "05-best-swap": (28.0, ["28"]),
    "05-reveal-31": (29 / 520, ["0.055", "29/520"]),
    "05-threshold": (29.0, ["29"]),
    "06-equal-players": (93 / 16, ["5.8", "93/16"]),
    "06-games-needed": (2401, ["2401", "2,401"]),
    "06-longest-match": (0.3125, ["0.3125", "5/16", "20/64"]),
}


def test_no_message_gives_the_answer_away(checker):
    assert set(ANSWERS) | {"demo", "04-posterior"} == set(checker.EXERCISES)
    for name, (value, spellings) in ANSWERS.items():
        assert checker.is_right(name, value), name
        messages = [checker._verdict(name, wrong)[1] for wrong in (..., "x", -1, 10**6)]
        messages += list(checker.EXERCISES[name].wrong.values())
        for message in messages:
            for text in spellings:
                assert text not in message, (name, text, message)
