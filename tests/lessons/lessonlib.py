"""Helpers for the lesson tests: paths, stored outputs, the lessons' helper modules."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"


def lesson_notebooks() -> list[pathlib.Path]:
    """The numbered lessons (``lessons/NN_*.ipynb``), in order."""
    return sorted(LESSONS.glob("[0-9][0-9]_*.ipynb"))


def stored_text(name: str) -> str:
    """All text outputs stored in lesson notebook ``name`` (e.g. ``'01'``), joined."""
    (path,) = LESSONS.glob(f"{name}_*.ipynb")
    nb = json.loads(path.read_text(encoding="utf-8"))
    parts = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if "text" in out:
                parts.append("".join(out["text"]))
            for key in ("text/plain", "text/html", "text/markdown"):
                if key in out.get("data", {}):
                    parts.append("".join(out["data"][key]))
    return "\n".join(parts)


def _load(name: str):
    key = f"lessons_{name.lstrip('_')}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, LESSONS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module      # dataclasses look their module up while executing
    spec.loader.exec_module(module)
    return module


def load_lesson_module(name: str):
    """``lessons/<name>.py`` (e.g. ``'_check'``), loaded by path: lessons/ is not a package."""
    return _load(name)


#: The languages the lessons are built in (``tools/lesson_i18n.py build``).
LESSON_LANGUAGES = ("hr", "de")


def translated_notebooks() -> list[pathlib.Path]:
    """The built lessons ``lessons/<lang>/NN_*.ipynb`` (hr, de), in order."""
    return [p for lang in LESSON_LANGUAGES for p in sorted((LESSONS / lang).glob("[0-9][0-9]_*.ipynb"))]


def load_tool(name: str):
    """``tools/<name>.py`` (e.g. ``'lesson_i18n'``), loaded by path: tools/ is not a package."""
    tools = str(ROOT / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)        # the tools import each other by name
    key = f"tools_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, ROOT / "tools" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]
