"""Every docstring example in the engine runs and gives what it shows."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardgames


def _engine_modules() -> list[str]:
    names = ["cardgames"]
    for info in pkgutil.walk_packages(cardgames.__path__, prefix="cardgames."):
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _engine_modules())
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             verbose=False)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
