"""The pages of the static site (tools/static_site.py, ``make site``): the notebooks Voici
turns into pages, and the start page.

- each app of lessons/ in en, hr and de (``app_liar``, ``app_liar-hr``, ...), with a hidden
  first cell (the page's language; the page counts as served) and a last one (the site's
  limits, the way back to the start page);
- one page per lesson and language with the lesson's exercises that need no pandas, numpy
  or matplotlib (``exercises_01``, ``exercises_01-hr``, ...; found by
  :func:`browser_exercises`, in a Python where those cannot be imported: :data:`BLOCKER`);
- ``index.html``, ``index-hr.html``, ``index-de.html`` (classroom/static_site_page.py).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "hr", "de")
sys.path.insert(0, str(REPO))    # classroom.static_site_page, widgets


def page_name(app: str, lang: str) -> str:
    """The notebook (and page) name of ``app`` in ``lang``.

    >>> page_name("app_liar", "en"), page_name("app_liar", "hr")
    ('app_liar', 'app_liar-hr')
    """
    return app if lang == "en" else f"{app}-{lang}"


def setup_cell(lang: str, *, charts: bool = False, packages: tuple[str, ...] = (),
               class_link: bool = False) -> dict:
    """The first cell of every page (hidden, as all code): the page's language; the page
    counts as served (Voici is Voila's static form: exercises draw their variants); the
    Hand scorer's charts (loaded from the site: ``cardgames_charts``); ``class_link``: the
    class server the site names, if any (its ``class-server.json``: the exercises' checks
    go there, ``widgets.kit.classlink_browser``)."""
    source = ["# the static site (tools/static_site.py): this page's language, a served page\n",
              "import os\n",
              f"os.environ['CARDGAMES_LANG'] = {lang!r}\n",
              "os.environ['VOILA_BASE_URL'] = '/'\n"]
    if packages:
        source += ["import pyodide_js\n", f"await pyodide_js.loadPackage({list(packages)!r})\n"]
    if class_link:
        source += ["from widgets.kit.classlink_browser import use_site_server\n",
                   "_server = await use_site_server()\n"]      # (not shown on the page)
    if charts:
        source += ["import pyodide_js\n",
                   "await pyodide_js.loadPackage('cardgames_charts')\n",
                   "import cardgames_charts\n",
                   "os.environ['CARDGAMES_CHARTS'] = cardgames_charts.__path__[0]\n"]
    return {"cell_type": "code", "execution_count": None, "id": "site-setup",
            "metadata": {}, "outputs": [], "source": source}


#: run first in a Python process: importing any of these packages fails there, as in the
#: browser, which has none of them (tests/widgets/test_no_analysis_imports.py uses it too)
BLOCKED = ("pandas", "numpy", "matplotlib", "pyarrow", "tqdm", "scipy")
BLOCKER = f"""
import importlib.abc, sys
class _Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {BLOCKED!r}:
            raise ImportError(f"{{name}} is not available in the browser (static site)")
sys.meta_path.insert(0, _Blocker())
"""

_EXERCISE_CHECK = BLOCKER + """
import json
from widgets.exercises.exercise import EXERCISES, ExerciseWidget, Session, get
ok = []
for key in EXERCISES:
    try:
        for seed in (None, 1, 2, 3, 4, 5):
            w = ExerciseWidget(get(key, seed), session=Session())
            w.submit("1")
            w.close_all()
    except ImportError:
        continue
    ok.append(key)
print(json.dumps(ok))
"""


def python_env() -> dict[str, str]:
    """The environment of a helper Python: ``widgets`` and ``cardgames`` importable from
    where this one imports them (the checkout, or the installed packages)."""
    import widgets

    root = str(Path(widgets.__file__).resolve().parent.parent)
    return {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [root, os.environ.get("PYTHONPATH")]))}


def browser_exercises() -> list[str]:
    """The exercises that need none of :data:`BLOCKED` (their default variant and five
    others built and checked once, in a process where those cannot be imported)."""
    out = subprocess.run([sys.executable, "-c", _EXERCISE_CHECK], check=True,
                         capture_output=True, text=True, cwd=REPO,
                         env=python_env())
    return json.loads(out.stdout.strip().splitlines()[-1])


EXERCISE_CELL = re.compile(r'\s*exercise\("([\w-]+)"\)\s*')


def _lesson_source(lesson: Path, lang: str) -> Path:
    return lesson if lang == "en" else lesson.parent / lang / lesson.name


def exercise_notebook(lesson: Path, lang: str, keys: set[str], server: bool = False,
                      ) -> dict | None:
    """A page of ``lesson``'s exercises in ``keys`` (in lesson order, each under its
    heading from the lesson, "### Exercise 2"), in ``lang`` (the built lesson's
    headings); ``None`` when the lesson has none of them."""
    from classroom.static_site_page import exercises_intro

    nb = json.loads(_lesson_source(lesson, lang).read_text())
    cells = nb["cells"]
    title = next(line[2:].strip() for c in cells if c["cell_type"] == "markdown"
                 for line in "".join(c["source"]).splitlines() if line.startswith("# "))
    body: list[dict] = []
    for i, cell in enumerate(cells):
        m = EXERCISE_CELL.fullmatch("".join(cell["source"])) if cell["cell_type"] == "code" else None
        if not m or m.group(1) not in keys:
            continue
        before = "".join(cells[i - 1]["source"]) if i else ""
        if cells[i - 1]["cell_type"] == "markdown" and before.startswith("#") and len(before) < 200:
            body.append({"cell_type": "markdown", "id": f"h-{m.group(1)}", "metadata": {},
                         "source": before})
        body.append({"cell_type": "code", "execution_count": None, "id": f"x-{m.group(1)}",
                     "metadata": {}, "outputs": [], "source": f'exercise("{m.group(1)}")'})
    if not body:
        return None
    head = [setup_cell(lang, packages=("babel",), class_link=True),
            {"cell_type": "markdown", "id": "title", "metadata": {},
             "source": f"# {title}\n\n{exercises_intro(lang, server)}"},
            {"cell_type": "code", "execution_count": None, "id": "imports", "metadata": {},
             "outputs": [], "source": "from widgets.exercises.exercise import exercise"}]
    return {**nb, "cells": head + body + [footer_cell(lang, server)],
            "metadata": {**nb["metadata"], "cardgames": {"language": lang}}}


def footer_cell(lang: str, server: bool = False) -> dict:
    """The last cell of a page: the site's limits, the link back to the start page."""
    from classroom.static_site_page import page_footer

    return {"cell_type": "markdown", "id": "site-footer", "metadata": {},
            "source": page_footer(lang, server)}


def _notebook(app: str, lang: str, server: bool = False) -> dict:
    nb = json.loads((REPO / "lessons" / f"{app}.ipynb").read_text())
    nb["cells"] = [setup_cell(lang, charts=app == "app_hand_scorer"), *nb["cells"],
                   footer_cell(lang, server)]
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    return nb


def lessons() -> list[Path]:
    return sorted((REPO / "lessons").glob("[0-9][0-9]_*.ipynb"))


def contents(folder: Path, apps: tuple[str, ...], exercises: bool,
             langs: tuple[str, ...] = LANGUAGES, server: bool = False) -> list[str]:
    """Write the pages' notebooks into ``folder`` (in ``langs``; ``server``: the site
    names a class server); the exercise pages' names."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for app in apps:
        for lang in langs:
            (folder / f"{page_name(app, lang)}.ipynb").write_text(
                json.dumps(_notebook(app, lang, server), indent=1))
    pages = []
    keys = set(browser_exercises()) if exercises else set()
    for lesson in lessons():
        for lang in langs:
            nb = exercise_notebook(lesson, lang, keys, server)
            if nb is not None:
                name = page_name(f"exercises_{lesson.name[:2]}", lang)
                (folder / f"{name}.ipynb").write_text(json.dumps(nb, indent=1))
                pages.append(name)
    return pages



def start_pages(out: Path, apps: tuple[str, ...], pages: list[str],
                langs: tuple[str, ...] = LANGUAGES, server: bool = False) -> None:
    """``index.html`` (en), ``index-hr.html``, ``index-de.html``: the site's start page
    (of ``langs``; without English, ``index.html`` is the first language's)."""
    from classroom.catalog import catalog
    from classroom.static_site_page import (
        EXERCISES_DESCRIPTION,
        SiteLink,
        site_start_page,
        start_page_name,
    )

    entries = {e.name: e for e in catalog(REPO / "lessons")}
    for lang in langs:
        links = [SiteLink("apps", f"voici/render/{page_name(app, lang)}.html",
                          entries[f"{app}.ipynb"].title, entries[f"{app}.ipynb"].description)
                 for app in apps]
        for lesson in lessons():
            name = page_name(f"exercises_{lesson.name[:2]}", lang)
            if name in pages:
                links.append(SiteLink("exercises", f"voici/render/{name}.html",
                                      entries[lesson.name].title, EXERCISES_DESCRIPTION))
        links += [SiteLink("rules", f"voici/files/{e.name}", e.title, e.description, e.lang)
                  for e in entries.values() if e.group == "rules"]
        page = site_start_page(links, lang=lang, languages=langs, server=server)
        (out / start_page_name(lang)).write_text(page, encoding="utf-8")
        if lang == langs[0] and "en" not in langs:
            (out / "index.html").write_text(page, encoding="utf-8")
