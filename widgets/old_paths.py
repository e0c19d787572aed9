"""The import paths of before the regrouping (``widgets.cardview``, ``widgets.exercise``, ...)
kept working: each old name is the module at its new place, the same object.

The lessons and the apps were written against ``widgets.<module>``; ``widgets/`` is now
grouped by concern (``kit/``, ``explainers/``, ``tables/``, ``app/``, ``exercises/``).
Instead of a re-export file at each old path (which would turn every other branch's edit of
a moved file into a merge conflict, since git tracks a rename only when the old path is
gone), one finder maps the old names, listed in :data:`MOVED`:

>>> import widgets.cardview, widgets.kit.cardview
>>> widgets.cardview is widgets.kit.cardview
True
>>> from widgets.exercise_data import get     # a package and its submodules too
>>> get.__module__
'cardgames.courseware.exercise_data'

New code imports the new paths (``make lint`` checks only those).  The finder stays
(issue 32 looked at it) because the shipped lessons, and every teacher's copy of them
(``cardgames lessons copy``), import the old paths: ``from widgets.exercise import
exercise``, ``from widgets.apps import liar_app``; the CHANGELOG promises no path of
``widgets`` itself.  Only a notebook's kernel loads it: the class server imports no
``widgets`` module at all (``tests/tables/test_server_imports.py``).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType

#: Old module name (under ``widgets.``) -> the full name of where the code lives now.
MOVED: dict[str, str] = {
    **{m: f"widgets.kit.{m}" for m in ("cardview", "card_palette", "responsive",
                                       "rule_links", "figures", "table_html", "chart_cache")},
    **{m: f"widgets.explainers.{m}" for m in ("call_explainer", "hand_scorer", "call_odds",
                                              "rank_cycle", "bayes_explorer", "deal_more",
                                              "lives_explorer", "reveal_explorer")},
    **{m: f"widgets.tables.{m}" for m in ("table_base", "liar_table", "liar_draw",
                                          "thirtyone_table", "thirtyone_draw")},
    **{m: f"widgets.app.{m}" for m in ("apps", "i18n", "request", "seeding")},
    "exercise": "widgets.exercises.exercise",
    # the exercises' content left widgets/ (issue 32: it imports no ipywidgets, so the
    # class server reads it without them): both its old paths lead there
    **{m: f"cardgames.courseware.{m}" for m in ("answers", "answer_numbers", "exercise_data")},
    **{f"exercises.{m}": f"cardgames.courseware.{m}"
       for m in ("answers", "answer_forms", "answer_numbers", "texts", "key_words",
                 "exercise_data")},
}


def new_name(name: str) -> str | None:
    """The module's new full name for an old one (``widgets.exercise_data.lesson01`` ->
    ``cardgames.courseware.exercise_data.lesson01``), ``None`` for a name that did not move.

    >>> new_name("widgets.liar_table"), new_name("widgets.kit.cardview")
    ('widgets.tables.liar_table', None)
    >>> new_name("widgets.exercises.texts"), new_name("widgets.exercises.exercise")
    ('cardgames.courseware.texts', None)
    """
    head, _, rest = name.partition(".")
    if head != "widgets" or not rest:
        return None
    for old in sorted(MOVED, key=len, reverse=True):
        if rest == old or rest.startswith(old + "."):
            return MOVED[old] + rest[len(old):]
    return None


class _Alias(importlib.abc.Loader):
    """Loads an old name as the module at the new one (imported once, under its new name)."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # the import system has just set the old name's spec on the shared module: give it
        # back its own, so that its __spec__ (importlib.reload) stays the new name's
        module.__spec__ = self.spec


class _OldPaths(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        new = new_name(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(new))


def install() -> None:
    """Put the finder on :data:`sys.meta_path` (once; :mod:`widgets` does it on import)."""
    if not any(isinstance(f, _OldPaths) for f in sys.meta_path):
        sys.meta_path.append(_OldPaths())
