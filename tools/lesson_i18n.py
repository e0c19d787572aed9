"""The lessons in Croatian and German, built from the English notebooks and gettext catalogs.

    .venv/bin/python tools/lesson_i18n.py extract     # lessons/NN_*.ipynb -> translations/lessons/NN_*.pot
    .venv/bin/python tools/lesson_i18n.py update      # merge each .pot into translations/lessons/<lang>/NN_*.po
    .venv/bin/python tools/lesson_i18n.py build       # -> lessons/<lang>/NN_*.ipynb, executed (those that changed)
    .venv/bin/python tools/lesson_i18n.py build --all # ... and re-execute every one (the engine's output changed)

(``make lessons`` runs the three.)  The English notebook is the source. Each markdown cell is
cut into paragraphs (blank lines, but never inside a fenced code block); each paragraph is one
message whose context (``msgctxt``) is the cell's id, so that a message stays attached to its
cell when cells move, and an edited paragraph becomes a new, untranslated message.  A code
cell's shown texts (``print`` arguments, plot titles and labels, alt texts) and comments
are messages with the context ``<cell id>:code`` (``tools/lesson_code_i18n.py``), after
all the paragraphs.

``build`` compiles each catalog in memory as ``msgfmt`` would (translated, not fuzzy
entries only; a missing one falls back to English and is counted) and writes the copy:
a hidden first cell (tag ``lesson-setup``) makes the kernel speak the lesson's language
(``cardgames.i18n.set_language``) and finds the lessons' ``_style.py`` one folder up (the
English lesson's own setup cell, ``set_language('en')``, which keeps an English lesson
English on a server whose ``CARDGAMES_LANG`` is another, is left out of the copy);
the notebook's ``metadata.cardgames`` records the language and the source; a relative
link in a paragraph gets ``../`` (a lesson's own ``NN_*.ipynb`` stays: the same
language), ``rules/en.html`` becomes ``../rules/<lang>.html``.  Then each written copy is
executed as ``tools/execute_lessons.py`` does (no widget state, no timing).

>>> paragraphs("# Title\\n\\nOne line\\nand its next.\\n\\n```\\na\\n\\nb\\n```")
['# Title', 'One line\\nand its next.', '```\\na\\n\\nb\\n```']
"""

from __future__ import annotations

import pathlib
import re
import sys
from dataclasses import dataclass, field
from typing import Any

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from lesson_code_i18n import code_messages, translate_code  # noqa: E402  (tools/ is not a package)

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
        if cell.cell_type != "code" or SETUP_TAG in cell.metadata.get("tags", []):
            continue                      # the setup cell is the copy's own, not translated
        for k, m in enumerate(code_messages(cell.source)):
            catalog.add(m.text, context=code_context(cell.id), locations=[(path.name, k)],
                        flags=(), auto_comments=[CODE_NOTES[m.kind]])
    return catalog


def _entries(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a .pot says of each message (a location's line 0 is written as none, a long
    extracted comment wrapped)."""
    return [(m.context, m.id, tuple((f, int(n or 0)) for f, n in m.locations), " ".join(m.auto_comments))
            for m in catalog if m.id]


def extract() -> None:
    """Write each lesson's ``.pot``, unless its messages are those already written: an
    unchanged lesson keeps its file and its date, so ``update`` leaves the ``.po`` files
    as they are (a date rewritten by every run would make every merge of them conflict)."""
    CATALOGS.mkdir(parents=True, exist_ok=True)
    for path in lessons():
        pot_path, fresh = CATALOGS / f"{path.stem}.pot", template(path)
        if pot_path.exists():
            with open(pot_path, "rb") as f:
                if _entries(read_po(f)) == _entries(fresh):
                    print(f"{path.stem}.pot: unchanged")
                    continue
        with open(pot_path, "wb") as f:
            write_po(f, fresh, width=100, omit_header=False, sort_output=False)
        print(f"{path.stem}.pot: written")


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


@dataclass
class Status:
    """How a lesson's catalog in one language stands against the English source."""

    new: list[tuple[str, str]]          # (context, msgid) of the source missing from the catalog
    stale: list[tuple[str, str]]        # entries the source no longer has
    untranslated: list[tuple[str, str]]
    fuzzy: list[tuple[str, str]]

    @property
    def ok(self) -> bool:
        return not (self.new or self.stale or self.untranslated or self.fuzzy)


def status(path: pathlib.Path, lang: str) -> Status:
    """The catalog ``translations/lessons/<lang>/<lesson>.po`` against the messages
    extracted afresh (in memory) from English lesson ``path``."""
    want = [(m.context or "", m.id) for m in template(path) if m.id]
    po_path = CATALOGS / lang / f"{path.stem}.po"
    if not po_path.exists():
        return Status(want, [], [], [])
    with open(po_path, "rb") as f:
        po = read_po(f, locale=lang)
    have = {(m.context or "", m.id): m for m in po if m.id}
    return Status(new=[k for k in want if k not in have],
                  stale=[k for k in have if k not in set(want)],
                  untranslated=[k for k, m in have.items() if not m.string],
                  fuzzy=[k for k, m in have.items() if m.string and m.fuzzy])


LANGUAGE_NAMES = {"hr": "Croatian", "de": "German"}
SETUP_TAG = "lesson-setup"
_LINK = re.compile(r"(\]\(|(?:src|href)=\")([^)\"\s]+)")
_LESSON_FILE = re.compile(r"^\d\d_[\w-]+\.ipynb(#.*)?$")


def compiled(lang: str, stem: str) -> dict[tuple[str, str], str]:
    """{(context, msgid): msgstr} of one catalog, as ``msgfmt`` compiles it: translated
    entries only, fuzzy ones left out."""
    path = CATALOGS / lang / f"{stem}.po"
    if not path.exists():
        return {}
    with open(path, "rb") as f:
        po = read_po(f, locale=lang)
    return {(m.context or "", m.id): m.string for m in po
            if m.id and isinstance(m.string, str) and m.string and not m.fuzzy}


def relink(text: str, lang: str) -> str:
    """``text``'s relative links, seen from ``lessons/<lang>/``.

    >>> relink("[rules](rules/en.html#L7), ![x](images/a.png), [next](02_bluff_resolution.ipynb)", "hr")
    '[rules](../rules/hr.html#L7), ![x](../images/a.png), [next](02_bluff_resolution.ipynb)'
    """
    def fix(m: re.Match[str]) -> str:
        target = m.group(2)
        if re.match(r"^([a-z][a-z0-9+.-]*:|/|#)", target) or _LESSON_FILE.match(target):
            return m.group(0)
        target = re.sub(r"^rules/en\.html", f"rules/{lang}.html", target)
        return m.group(1) + "../" + target
    return _LINK.sub(fix, text)


def setup_cell(lang: str, stem: str) -> Any:
    """The hidden first cell of a built lesson: the kernel's language, the lessons' folder."""
    source = (f"# The {LANGUAGE_NAMES[lang]} copy of lessons/{stem}.ipynb, built by "
              "tools/lesson_i18n.py (do not edit)\n"
              "import os, sys\n"
              "sys.path.insert(0, os.path.dirname(os.getcwd()))   # the lessons' _style.py\n"
              "from cardgames.i18n import set_language\n"
              f"set_language({lang!r})")
    cell = nbformat.v4.new_code_cell(source, id=f"{lang}-setup")
    cell.metadata.update({"tags": [SETUP_TAG], "jupyter": {"source_hidden": True}})
    return cell


@dataclass
class Built:
    """A built lesson: the notebook (not executed), its missing and refused messages."""

    notebook: Any
    missing: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def build_notebook(path: pathlib.Path, lang: str) -> Built:
    """The ``lang`` copy of English lesson ``path``, outputs empty."""
    nb = nbformat.read(path, as_version=4)
    # the English lesson's own setup cell (English, whatever CARDGAMES_LANG says) gives way
    # to the copy's
    nb.cells = [c for c in nb.cells if SETUP_TAG not in c.metadata.get("tags", [])]
    table = compiled(lang, path.stem)
    built = Built(nb)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts = []
            for text in paragraphs(cell.source):
                new = table.get((cell.id, text))
                if new is None:
                    built.missing.append(text)
                parts.append(relink(new or text, lang))
            cell.source = "\n\n".join(parts)
        elif cell.cell_type == "code":
            ctx = code_context(cell.id)
            messages = code_messages(cell.source)
            mine = {m.text: table[(ctx, m.text)] for m in messages if (ctx, m.text) in table}
            built.missing += [m.text for m in messages if m.text not in mine]
            cell.source, refused = translate_code(cell.source, mine)
            built.refused += refused
            cell.outputs, cell.execution_count = [], None
            cell.metadata.pop("execution", None)
    nb.cells.insert(0, setup_cell(lang, path.stem))
    nb.metadata.pop("widgets", None)
    nb.metadata["cardgames"] = {"language": lang, "source": f"../{path.name}",
                                "built_by": "tools/lesson_i18n.py build"}
    return built


def built_path(path: pathlib.Path, lang: str) -> pathlib.Path:
    """Where the ``lang`` copy of English lesson ``path`` is stored."""
    return LESSONS / lang / path.name


def sources(nb: Any) -> list[tuple[str, str, str]]:
    """What a build decides: each cell's kind, id and source (outputs are the execution's)."""
    return [(c.cell_type, c.get("id", ""), c.source) for c in nb.cells]


def up_to_date(path: pathlib.Path, lang: str) -> bool:
    """Whether the stored ``lessons/<lang>/`` copy is the build of the source and catalogs."""
    target = built_path(path, lang)
    if not target.exists():
        return False
    stored, fresh = nbformat.read(target, as_version=4), build_notebook(path, lang).notebook
    return (sources(stored) == sources(fresh)
            and stored.metadata.get("cardgames") == fresh.metadata["cardgames"])


def build(*, every: bool = False) -> None:
    """Write and execute each copy that is not up to date (``every``: all of them)."""
    from execute_lessons import execute

    for path in lessons():
        for lang in LANGUAGES:
            target = built_path(path, lang)
            built = build_notebook(path, lang)
            note = f"{len(set(built.missing))} untranslated (English)"
            if built.refused:
                note += f", {len(built.refused)} refused (they would change the code)"
            if not every and up_to_date(path, lang):
                print(f"{lang}/{path.name}: up to date; {note}")
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(built.notebook, target)
            print(f"{lang}/{path.name}: executed in {execute(target):.1f} s; {note}", flush=True)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "build":
        build(every="--all" in sys.argv[2:])
    else:
        sys.exit(__doc__)
