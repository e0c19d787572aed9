"""Write classroom/catalog_words.py: the start page's words for the message catalog.

The start page lists every notebook of ``lessons/`` under its title, with the one-line
description and the time of its row in ``lessons/README.md`` (``classroom.catalog``).
Those texts live in the lessons, not in Python, so Babel cannot find them; this script
writes them as ``N_()`` literals into ``classroom/catalog_words.py``, which ``make i18n``
runs before extracting, and the page translates each with ``gettext`` (issue 23).
``tests/test_i18n_startpage.py`` fails while the file is out of date::

    .venv/bin/python tools/startpage_words.py           # write it
    .venv/bin/python tools/startpage_words.py --check   # exit 1 if out of date
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGET = REPO / "classroom" / "catalog_words.py"

HEADER = '''"""The start page's texts taken from lessons/ (titles, descriptions, times), marked for
the message catalog.  Written by tools/startpage_words.py (run by `make i18n`): do not
edit; change lessons/README.md or the notebook's heading and run `make i18n`.
"""

# ruff: noqa: E501
from cardgames.i18n import N_

#: every title, description and time the start page shows, in the order listed
WORDS = (
'''


def words(lessons: Path) -> list[str]:
    """The texts of the start page's entries that come from ``lessons`` (each once)."""
    sys.path.insert(0, str(REPO))
    from classroom.catalog import catalog

    out: list[str] = []
    for e in catalog(lessons, strict=True):
        if e.group == "rules":
            continue
        for text in (e.title, e.description, e.time):
            if text and text not in out:
                out.append(text)
    return out


def render(texts: list[str]) -> str:
    lines = [HEADER]
    for t in texts:
        lines.append(f"    N_({t!r}),\n")
    lines.append(")\n")
    return "".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    args = parser.parse_args(argv)
    text = render(words(REPO / "lessons"))
    if args.check:
        current = TARGET.read_text("utf-8") if TARGET.is_file() else ""
        if current != text:
            print(f"{TARGET.relative_to(REPO)} is out of date: run `make i18n` "
                  "(tools/startpage_words.py), then translate the new entries", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
