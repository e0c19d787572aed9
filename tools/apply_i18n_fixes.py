"""Apply the reviewed msgstr fixes of tools/i18n_fixes.json to the hr/de catalogs.

The fixes are kept as data, not as .po edits, so that they can be re-applied after
several branches' catalogs are merged::

    .venv/bin/python tools/apply_i18n_fixes.py          # apply, write the catalogs
    .venv/bin/python tools/apply_i18n_fixes.py --check  # only report; exit 1 if not applied

Each fix names its entry by ``msgid`` (plus ``msgid_plural`` and ``msgctxt`` when the
entry has them) and gives the new ``msgstr``: a string, or a list with one string per
plural form of the language. The script refuses a fix whose entry is missing, whose
plural shape differs, or whose ``{name}`` placeholders differ from the msgid's; it
writes nothing when any fix is refused. The catalogs are written as ``make i18n``
writes them (Babel, width 100, entries in the order read: ``pybabel update`` keeps the
template's order, and re-sorting with ``sort_by_file=True`` would move entries whose
first location is not their file's), so only the changed msgstr lines move.
Run ``make i18n`` afterwards to compile the .mo files.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

REPO = Path(__file__).resolve().parent.parent
LOCALE = REPO / "cardgames" / "locale"
FIXES = REPO / "tools" / "i18n_fixes.json"
_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}")


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a format string.

    >>> sorted(placeholders("{n} card{s} for {p!r}, {{literal}}"))
    ['n', 'p', 's']
    """
    return set(_FIELD.findall(text))


def _key(fix: dict) -> object:
    if "msgid_plural" in fix:
        return (fix["msgid"], fix["msgid_plural"])
    return fix["msgid"]


def check_fix(catalog: Catalog, fix: dict) -> tuple[object, list[str]]:
    """Return (the new msgstr, the problems); the new msgstr is None when refused."""
    label = repr(fix["msgid"][:60])
    message = catalog.get(_key(fix), context=fix.get("msgctxt"))
    if message is None:
        return None, [f"{label}: no such msgid (msgid_plural/msgctxt must match too)"]
    new = fix["msgstr"]
    problems = []
    if message.pluralizable:
        if not isinstance(new, list) or len(new) != catalog.num_plurals:
            problems.append(f"{label}: needs a list of {catalog.num_plurals} plural forms")
            return None, problems
        wanted = placeholders(message.id[0]) | placeholders(message.id[1])
        forms = new
    else:
        if not isinstance(new, str):
            problems.append(f"{label}: a singular entry needs one string")
            return None, problems
        wanted = placeholders(message.id)
        forms = [new]
    for i, form in enumerate(forms):
        got = placeholders(form)
        if got != wanted:
            problems.append(f"{label} form {i}: placeholders {sorted(got)} != msgid's "
                            f"{sorted(wanted)}")
    return (None if problems else (tuple(new) if message.pluralizable else new)), problems


def apply(lang: str, fixes: list[dict], *, write: bool) -> tuple[int, int, list[str]]:
    """Apply one language's fixes; return (changed, already right, problems)."""
    path = LOCALE / lang / "LC_MESSAGES" / "cardgames.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    changed = same = 0
    problems: list[str] = []
    for fix in fixes:
        new, bad = check_fix(catalog, fix)
        problems += [f"{lang}: {p}" for p in bad]
        if new is None:
            continue
        message = catalog.get(_key(fix), context=fix.get("msgctxt"))
        old = tuple(message.string) if message.pluralizable else message.string
        if old == new:
            same += 1
            continue
        message.string = new
        if "fuzzy" in message.flags:
            message.flags.discard("fuzzy")
        changed += 1
    if write and changed and not problems:
        with path.open("wb") as f:
            write_po(f, catalog, width=100, ignore_obsolete=True)
    return changed, same, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a fix is refused or not yet applied")
    parser.add_argument("--fixes", type=Path, default=FIXES)
    args = parser.parse_args(argv)
    data = json.loads(args.fixes.read_text("utf-8"))
    status = 0
    for lang, fixes in data.items():
        changed, same, problems = apply(lang, fixes, write=not args.check)
        for p in problems:
            print(p, file=sys.stderr)
        verb = "to change" if args.check else "changed"
        print(f"{lang}: {len(fixes)} fixes, {changed} {verb}, {same} already applied, "
              f"{len(problems)} refused" + (" (nothing written)" if problems else ""))
        if problems or (args.check and changed):
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
