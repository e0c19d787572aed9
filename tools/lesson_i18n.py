"""The lessons' translation catalogs: one ``.pot`` per English lesson, one ``.po`` per language.

    .venv/bin/python tools/lesson_i18n.py extract     # lessons/NN_*.ipynb -> translations/lessons/NN_*.pot
    .venv/bin/python tools/lesson_i18n.py update      # merge each .pot into translations/lessons/<lang>/NN_*.po

The English notebook is the source. Each markdown cell is cut into paragraphs (blank
lines, but never inside a fenced code block); each paragraph is one message whose
context (``msgctxt``) is the cell's id, so that a message stays attached to its cell
when cells move, and an edited paragraph becomes a new, untranslated message.

>>> paragraphs("# Title\\n\\nOne line\\nand its next.\\n\\n```\\na\\n\\nb\\n```")
['# Title', 'One line\\nand its next.', '```\\na\\n\\nb\\n```']
"""

from __future__ import annotations

import pathlib
import sys

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from lesson_code_i18n import code_messages  # noqa: E402  (tools/ is not a package)

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
CATALOGS = ROOT / "translations" / "lessons"
LANGUAGES = ("hr", "de")
#: What a translator is told about a code cell's message (an extracted comment).
CODE_NOTES = {
    "string": "Text printed or drawn by a code cell: keep every {...} exactly as it is "
              "(one that only makes an English plural, like {'s' if n != 1 else ''}, may go).",
    "comment": "A comment in a code cell (one line).",
}


def code_context(cell_id: str) -> str:
    """The msgctxt of a code cell's texts."""
    return f"{cell_id}:code"


def paragraphs(source: str) -> list[str]:
    """The paragraphs of a markdown cell, in order (fenced code blocks kept whole)."""
    out: list[str] = []
    current: list[str] = []
    fenced = False
    for line in source.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                out.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        out.append("\n".join(current))
    return out


def lessons() -> list[pathlib.Path]:
    """The numbered English lessons."""
    return sorted(LESSONS.glob("[0-9][0-9]_*.ipynb"))


def template(path: pathlib.Path) -> Catalog:
    """The messages of one lesson (its markdown paragraphs, by cell id)."""
    nb = nbformat.read(path, as_version=4)
    catalog = Catalog(project=f"cardgames lesson {path.stem}", version="1",
                      copyright_holder="the cardgames authors", msgid_bugs_address="",
                      fuzzy=False)
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for k, text in enumerate(paragraphs(cell.source)):
            catalog.add(text, context=cell.id, locations=[(path.name, k)],
                        flags=())
    # the code cells' texts come after every paragraph: a new one lands at the end of
    # the translators' files, never between the entries they are working on
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for k, m in enumerate(code_messages(cell.source)):
            catalog.add(m.text, context=code_context(cell.id), locations=[(path.name, k)],
                        flags=(), auto_comments=[CODE_NOTES[m.kind]])
    return catalog


def extract() -> None:
    CATALOGS.mkdir(parents=True, exist_ok=True)
    for path in lessons():
        with open(CATALOGS / f"{path.stem}.pot", "wb") as f:
            write_po(f, template(path), width=100, omit_header=False, sort_output=False)
        print(f"{path.stem}.pot")


def update() -> None:
    for path in lessons():
        with open(CATALOGS / f"{path.stem}.pot", "rb") as f:
            pot = read_po(f)
        for lang in LANGUAGES:
            po_path = CATALOGS / lang / f"{path.stem}.po"
            po_path.parent.mkdir(parents=True, exist_ok=True)
            if po_path.exists():
                with open(po_path, "rb") as f:
                    po = read_po(f, locale=lang)
            else:
                po = Catalog(locale=lang, project=pot.project, version=pot.version,
                             copyright_holder="the cardgames authors", msgid_bugs_address="",
                             last_translator="the cardgames authors",
                             language_team=f"cardgames {lang}", fuzzy=False)
            po.update(pot, no_fuzzy_matching=True)
            po.obsolete.clear()
            with open(po_path, "wb") as f:
                write_po(f, po, width=100, sort_output=False, ignore_obsolete=True)
            missing = sum(1 for m in po if m.id and not m.string)
            print(f"{lang}/{path.stem}.po: {missing} untranslated")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "extract":
        extract()
    elif command == "update":
        update()
    else:
        sys.exit(__doc__)
