"""What the start page lists: every notebook of ``lessons/`` under its real title.

The title is the notebook's first markdown heading; the one-line description and the
time come from the teachers' tables in ``lessons/README.md`` (one row per notebook,
columns "lesson/app | what it ... | time | needs"), so they are written once.  The
rules are ``lessons/rules/<lang>.html`` where they exist.  A lesson built in Croatian or
German (``lessons/<lang>/NN_*.ipynb``, ``make lessons``) opens in that language from a
start page in it (:meth:`Entry.url_for`).

>>> entry = Entry("app_liar.ipynb", "Liar", "Play Liar against three bots", "15 min", "apps")
>>> entry.url
'/voila/render/app_liar.ipynb'
>>> lesson = Entry("03_hand_scoring.ipynb", "Lesson 3", "", "", "lessons", translations=("hr", "de"))
>>> lesson.url_for("hr"), lesson.url_for("en")
('/voila/render/hr/03_hand_scoring.ipynb', '/voila/render/03_hand_scoring.ipynb')
>>> one_line("Pick **1–4** cards and `Play`; then call", limit=80)
'Pick 1–4 cards and Play'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from cardgames.i18n import N_

__all__ = ["LESSON_LANGUAGES", "RULE_LANGUAGES", "CatalogError", "Entry", "catalog", "one_line"]

#: The rules pages, in the order shown, with the language's own name.
RULE_LANGUAGES = {"en": "English", "hr": "Hrvatski", "de": "Deutsch"}
#: The languages a lesson may be built in (``lessons/<lang>/``, tools/lesson_i18n.py).
LESSON_LANGUAGES = ("hr", "de")
#: A rules page's description (a msgid: the start page translates it).
RULES_DESCRIPTION = N_("The rules of Liar and Thirty-One")


class CatalogError(ValueError):
    """A notebook without a title, or without its row in ``lessons/README.md``."""


@dataclass(frozen=True)
class Entry:
    """One link of the start page."""

    name: str          # file name inside lessons/, e.g. "app_liar.ipynb" or "rules/en.html"
    title: str
    description: str
    time: str
    group: str         # "lessons", "apps" or "rules"
    lang: str = ""     # the page's language (rules), "" for the default
    translations: tuple[str, ...] = ()   # languages of its built copies lessons/<lang>/<name>

    @property
    def url(self) -> str:
        if self.group == "rules":
            return f"/voila/files/{self.name}"
        return f"/voila/render/{self.name}"

    def url_for(self, lang: str) -> str:
        """The page in ``lang``: a lesson's built copy ``<lang>/<name>`` if there is one."""
        if lang in self.translations:
            return f"/voila/render/{lang}/{self.name}"
        return self.url


def one_line(text: str, *, limit: int = 110) -> str:
    """The first clause of a README cell, without markdown, at most ``limit`` characters."""
    text = re.sub(r"\*\*|`|\[|\]\([^)]*\)", "", text)
    text = text.split(";")[0].strip().rstrip(".,:")
    if len(text) > limit:
        text = text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + " …"
    return text


_APP_IMPORT = re.compile(r"^from widgets\.(?:app\.)?apps import (\w+)_app\b", re.M)


def _title(path: Path) -> str:
    """The first markdown heading, or for an app notebook (one cell calling
    ``widgets.app.apps.<name>_app``) the app's title in :data:`widgets.app.apps.TITLES`."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        source = "".join(cell.get("source", ""))
        if cell.get("cell_type") == "markdown":
            for line in source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
        elif cell.get("cell_type") == "code" and (m := _APP_IMPORT.search(source)):
            from widgets.app.apps import TITLES  # the apps' own titles, written once
            if m.group(1) in TITLES:
                return TITLES[m.group(1)][0]
    raise CatalogError(f"{path.name} has no title: its first markdown cell needs a '# ' "
                       "heading, or it calls an app of widgets.app.apps")


def _readme_rows(readme: Path) -> dict[str, tuple[str, str]]:
    """{notebook: (what it teaches/does, time)} from the README's tables."""
    rows = {}
    for line in readme.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*\[([^\]]+\.ipynb)\]\([^)]*\)\s*\|(.*)\|\s*$", line)
        if m:
            cells = [c.strip() for c in m.group(2).split("|")]
            if len(cells) >= 2:
                rows[m.group(1)] = (cells[0], cells[1])
    return rows


def catalog(lessons: Path, *, strict: bool = False) -> list[Entry]:
    """Every notebook of ``lessons`` (lessons first, then apps), then the rules pages.

    With ``strict`` (the tests), a notebook without a title or without its row in
    the README's tables raises :class:`CatalogError`; otherwise it is listed under
    its file name, without description and time (a server must not fail its start
    page for a missing README row).
    """
    readme = lessons / "README.md"
    rows = _readme_rows(readme) if readme.is_file() else {}
    entries = []
    for path in sorted(lessons.glob("*.ipynb")):
        if path.name not in rows and strict:
            raise CatalogError(f"{path.name} has no row in {lessons.name}/README.md "
                               "(the start page takes its description and time from there)")
        what, time = rows.get(path.name, ("", ""))
        try:
            title = _title(path)
        except (CatalogError, ValueError, OSError):
            if strict:
                raise
            title = path.stem
        group = "apps" if path.name.startswith("app_") else "lessons"
        built = tuple(lang for lang in LESSON_LANGUAGES if (lessons / lang / path.name).is_file())
        entries.append(Entry(path.name, title, one_line(what), time, group,
                             translations=built if group == "lessons" else ()))
    entries.sort(key=lambda e: (e.group != "lessons", e.name))
    for lang, language in RULE_LANGUAGES.items():
        if (lessons / "rules" / f"{lang}.html").is_file():
            entries.append(Entry(f"rules/{lang}.html", language, RULES_DESCRIPTION, "",
                                 "rules", lang))
    return entries
