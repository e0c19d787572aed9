"""widgets.old_paths: the import paths of before the regrouping (issue 17 item 5) are the
modules at their new places, and every widget import the lessons and apps make works."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import widgets
from widgets.old_paths import MOVED, new_name

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_is_the_new_module(old):
    new = importlib.import_module(MOVED[old])
    assert importlib.import_module(f"widgets.{old}") is new
    assert new.__name__ == new.__spec__.name == MOVED[old]
    # the code lives only at the new place: no file is left at the old one
    old_path = REPO / "widgets" / old.replace(".", "/")
    assert not old_path.with_suffix(".py").exists() and not old_path.is_dir()
    assert (REPO / MOVED[old].replace(".", "/")).with_suffix(".py").exists() or (
        REPO / MOVED[old].replace(".", "/") / "__init__.py").exists()


def test_names_that_did_not_move_are_left_alone():
    assert new_name("widgets.kit.cardview") is None
    assert new_name("widgets") is None
    assert new_name("widgetsx.cardview") is None
    assert new_name("widgets.exercise_data.lesson03") == "cardgames.courseware.exercise_data.lesson03"
    assert new_name("widgets.exercises.exercise") is None      # the widget stayed
    assert new_name("widgets.exercises.answers") == "cardgames.courseware.answers"
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("widgets.no_such_module")


def _notebook_imports() -> list[tuple[str, str, list[str]]]:
    found = []
    for path in sorted((REPO / "lessons").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
            for node in ast.walk(ast.parse("\n".join(lines))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("widgets"):
                    found.append((path.name, node.module, [a.name for a in node.names]))
    return found


def test_the_lessons_import_widgets_at_all():
    modules = {m for _, m, _ in _notebook_imports()}
    assert {"widgets.apps", "widgets.exercise"} <= modules, modules   # as written today


@pytest.mark.parametrize(("notebook", "module", "names"), _notebook_imports())
def test_every_widgets_import_of_a_lesson_works(notebook, module, names):
    # in a fresh interpreter, as a kernel starts: importing the old path is enough
    code = f"from {module} import {', '.join(names)}"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO / "lessons")


def test_the_lessons_plot_style_is_importable_from_the_lessons_folder():
    out = subprocess.run([sys.executable, "-c", "import _style, widgets.kit.plot_style as p;"
                          "print(_style.projector is p.projector, _style.rounded is p.rounded)"],
                         check=True, cwd=REPO / "lessons", capture_output=True, text=True)
    assert out.stdout.split() == ["True", "True"]


def test_the_package_still_exports_its_widgets():
    assert widgets.LiarTable.__module__ == "widgets.tables.liar_table"
    assert widgets.HandView.__module__ == "widgets.kit.cardview"


def _tool():
    import importlib.util
    spec = importlib.util.spec_from_file_location("new_widget_paths",
                                                  REPO / "tools" / "new_widget_paths.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_code_names_an_old_path():
    # what a branch written against the old paths brings in shows up here (fix:
    # tools/new_widget_paths.py FILE); the lessons' notebooks may keep the old ones
    tool = _tool()
    assert tool.stale(tool.tracked()) == []
    # and the check sees one: a hand-written old import is found and rewritten
    assert tool.rewrite("import widgets.seeding as s") == "import widgets.app.seeding as s"
    assert tool.rewrite("from widgets import LiarTable") == "from widgets import LiarTable"
