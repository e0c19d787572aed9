"""Fixtures for the lesson tests."""

from __future__ import annotations

import pytest

from lessonlib import load_lesson_module


@pytest.fixture(scope="session")
def checker():
    """``lessons/_check.py``: the exercise checker of the notebooks."""
    return load_lesson_module("_check")
