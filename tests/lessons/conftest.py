"""Fixtures for the lesson tests."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def checker():
    """The lessons' exercises (``cardgames.courseware.exercise_data``): ``checker.is_right(key, value)``."""
    from cardgames.courseware import exercise_data

    return exercise_data
