"""The repository's layout holds what issue 17 says (items 5 and "Done when"): widgets/
grouped by concern with each folder saying what it holds, build scripts in tools/, and no
reference to a RULES.md that the project does not have (the rules are docs/rules/)."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("kit", "explainers", "tables", "app", "exercises")


def _tracked(*paths: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", *paths], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    return [ROOT / p for p in out]


def test_no_rules_md_is_cited_in_the_package_the_widgets_or_the_lessons():
    assert not (ROOT / "RULES.md").exists()
    cited = [str(p.relative_to(ROOT)) for p in _tracked("cardgames", "widgets", "classroom",
                                                       "lessons", "docs", "tools", "README.md")
             if p.suffix not in (".mo", ".png", ".svg", ".pdf") and p.is_file()
             and "RULES.md" in p.read_text(encoding="utf-8", errors="replace")]
    assert cited == []


def test_the_widgets_root_holds_only_its_folders():
    # every module lives in a folder by concern; the root keeps the package's exports and
    # the old import paths (widgets/old_paths.py)
    root = sorted(p.name for p in (ROOT / "widgets").glob("*.py"))
    assert root == ["__init__.py", "old_paths.py"]
    folders = sorted(p.name for p in (ROOT / "widgets").iterdir()
                     if p.is_dir() and p.name != "__pycache__")
    assert folders == sorted(FOLDERS)


@pytest.mark.parametrize("folder", FOLDERS)
def test_each_folder_says_what_it_holds(folder):
    init = ROOT / "widgets" / folder / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
    assert doc, f"widgets/{folder}/__init__.py has no docstring"
    for module in sorted((ROOT / "widgets" / folder).glob("*.py")):
        if module.name != "__init__.py":
            assert module.stem in doc, f"widgets/{folder}: the docstring does not name {module.stem}"


def test_build_scripts_are_in_tools():
    # lessons/ holds notebooks, their rules pages and the plot style they import (_style.py
    # re-exports widgets.kit.plot_style); the scripts that build or re-execute are in tools/
    scripts = sorted(p.name for p in (ROOT / "lessons").glob("*.py"))
    assert scripts == ["_style.py"]
    for name in ("execute_lessons.py", "rules_html.py", "handouts.py"):
        assert (ROOT / "tools" / name).is_file()
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "lessons/_" not in make
