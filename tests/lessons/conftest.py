"""Fixtures for the lesson tests."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def checker():
    """The lessons' exercises (``widgets.exercises.exercise_data``): ``checker.is_right(key, value)``."""
    from widgets.exercises import exercise_data

    return exercise_data
