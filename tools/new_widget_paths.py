"""Rewrite the widgets' old import paths to the new ones (issue 17 item 5, ``widgets/``
grouped into kit/, explainers/, tables/, app/, exercises/).

    .venv/bin/python tools/new_widget_paths.py FILE...     # rewrite these files in place
    .venv/bin/python tools/new_widget_paths.py --check     # list the tracked files still
                                                           # naming an old path (exit 1)

``widgets.cardview`` -> ``widgets.kit.cardview``, ``widgets/liar_table.py`` ->
``widgets/tables/liar_table.py``, as listed in :data:`widgets.old_paths.MOVED`.  For merging a
branch written against the old paths: take that branch's side of an import-only conflict in a
moved file, then run this on it.  The old names keep working at run time (the notebooks use
them); ``make lint`` and tests/widgets/test_old_paths.py want the new ones in the code.
The lessons' notebooks (``*.ipynb``) and CHANGELOG.md are left as they are.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from widgets.old_paths import MOVED  # noqa: E402

_OLD = sorted(MOVED, key=len, reverse=True)
DOTTED = re.compile(r"(?<![\w.])widgets\.(" + "|".join(map(re.escape, _OLD)) + r")\b")
SLASHED = re.compile(r"(?<![\w/])widgets/(" + "|".join(o.replace(".", "/") for o in _OLD)
                     + r")(?=\.py\b|/)")
#: files that name the old paths on purpose
KEEP = {"CHANGELOG.md", "widgets/old_paths.py", "tools/new_widget_paths.py",
        "docs/import_graph/before-issue32.txt",      # the graph as it was, old names too
        "tests/widgets/test_old_paths.py", "tests/testkit.py",
        "tests/widgets/test_app_notebooks.py"}
SKIP_SUFFIXES = (".ipynb", ".po", ".pot", ".mo", ".png", ".svg", ".pdf", ".html", ".sqlite3")


def rewrite(text: str) -> str:
    """``text`` with every old path replaced by the new one.

    >>> rewrite("from widgets.liar_table import LiarTable  # widgets/cardview.py")
    'from widgets.tables.liar_table import LiarTable  # widgets/kit/cardview.py'
    >>> rewrite("widgets.kit.cardview, widgets.exercise_data.lesson01")
    'widgets.kit.cardview, cardgames.courseware.exercise_data.lesson01'
    >>> rewrite("from widgets.exercises.texts import tr  # widgets/exercises/answers.py")
    'from cardgames.courseware.texts import tr  # cardgames/courseware/answers.py'
    """
    text = DOTTED.sub(lambda m: MOVED[m.group(1)], text)
    return SLASHED.sub(lambda m: MOVED[m.group(1).replace("/", ".")].replace(".", "/"), text)


def tracked() -> list[str]:
    """The repository's files that may name a module path (not the lessons, not the catalogs)."""
    names = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True,
                           check=True).stdout.split()
    return [n for n in names if n not in KEEP and not n.endswith(SKIP_SUFFIXES)]


def stale(names: list[str]) -> list[str]:
    """Those of ``names`` (relative to the repository) that still name an old path."""
    out = []
    for name in names:
        path = REPO / name
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if rewrite(text) != text:
            out.append(name)
    return out


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        left = stale(tracked())
        print("\n".join(left) or "no old widget paths")
        return 1 if left else 0
    for name in argv:
        path = Path(name)
        text = path.read_text(encoding="utf-8")
        if (new := rewrite(text)) != text:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
