"""The README's examples run and show what they say."""

from __future__ import annotations

import doctest
import pathlib

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 15
    assert result.failed == 0


def test_readme_quick_start_is_the_two_make_commands():
    text = README.read_text()
    assert "make serve" in text and "make test" in text
    ci = (README.parent / ".ci" / "run").read_text()
    assert "make test" in ci
