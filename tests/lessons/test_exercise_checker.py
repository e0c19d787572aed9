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
