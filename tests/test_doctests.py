"""Every docstring example in the engine and in the widgets runs and gives what it shows."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardgames
import widgets


def _modules(package) -> list[str]:
    names = [package.__name__]
    for info in pkgutil.walk_packages(package.__path__, prefix=package.__name__ + "."):
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules(cardgames) + _modules(widgets))
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             verbose=False)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_the_widgets_subpackages_are_found():
    # walk_packages reaches into kit/, explainers/, tables/, app/, exercises/, and the
    # exercises' content in cardgames/courseware/ (issue 32)
    names = _modules(widgets)
    for sub in ("kit.cardview", "explainers.call_explainer", "tables.liar_table",
                "app.apps", "exercises.exercise"):
        assert f"widgets.{sub}" in names
    assert "cardgames.courseware.exercise_data.lesson01" in _modules(cardgames)
