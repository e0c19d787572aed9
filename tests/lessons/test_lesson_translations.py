"""The lessons in Croatian and German (issue 23): catalogs complete, current and sound,
and the built copies ``lessons/<lang>/`` the build of the English source and catalogs.

These fail while a lesson's English text changed and its translations were not
updated (``make lessons``, then translate the new entries: docs/translating.md).
nbval runs the built copies with the English lessons (tests/lessons/test_notebooks.py).
"""

from __future__ import annotations

import json
import sys

import nbformat
import pytest
from babel.messages.pofile import read_po

from lessonlib import LESSON_LANGUAGES, LESSONS, ROOT, lesson_notebooks, load_tool

L = load_tool("lesson_i18n")
checks = load_tool("lesson_checks")
NOTEBOOKS = lesson_notebooks()
CASES = [(lang, nb) for nb in NOTEBOOKS for lang in LESSON_LANGUAGES]
IDS = [f"{lang}-{nb.stem[:2]}" for lang, nb in CASES]


def _show(keys, n=5):
    return "\n".join(f"  [{ctx}] {msgid[:100]!r}" for ctx, msgid in keys[:n]) + (
        f"\n  ... and {len(keys) - n} more" if len(keys) > n else "")


def _catalog(lang, notebook):
    with open(L.CATALOGS / lang / f"{notebook.stem}.po", "rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[nb.stem[:2] for nb in NOTEBOOKS])
def test_the_template_is_the_source_extracted_again(notebook):
    with open(L.CATALOGS / f"{notebook.stem}.pot", "rb") as f:
        pot = read_po(f)
    stored = [(m.context, m.id) for m in pot if m.id]
    fresh = [(m.context, m.id) for m in L.template(notebook) if m.id]
    assert stored == fresh, (f"translations/lessons/{notebook.stem}.pot is not the extract of "
                             f"{notebook.name}: run `make lessons` (tools/lesson_i18n.py extract)")


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_the_catalog_has_every_message_of_the_source(lang, notebook):
    st = L.status(notebook, lang)
    assert not st.new, (f"{lang}/{notebook.stem}.po lacks {len(st.new)} message(s) of the English "
                        f"source (changed or new paragraphs/texts): run `make lessons`, then "
                        f"translate them\n{_show(st.new)}")
    assert not st.stale, f"{lang}/{notebook.stem}.po keeps messages the source no longer has\n{_show(st.stale)}"


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_every_message_is_translated_and_none_is_fuzzy(lang, notebook):
    st = L.status(notebook, lang)
    assert (len(st.untranslated), len(st.fuzzy)) == (0, 0), (
        f"{lang}/{notebook.stem}.po: {len(st.untranslated)} untranslated, {len(st.fuzzy)} fuzzy\n"
        f"{_show(st.untranslated + st.fuzzy)}")


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_translations_keep_rules_cards_numbers_latex_code_and_links(lang, notebook):
    bad = []
    for m in _catalog(lang, notebook):
        if m.id and m.string and not m.fuzzy:
            code = (m.context or "").endswith(":code")
            for problem in checks.problems(m.id, m.string, markdown=not code):
                bad.append(f"  [{m.context}] {m.id[:70]!r}: {problem}")
    assert not bad, f"{lang}/{notebook.stem}.po: {len(bad)} translation(s) lost something\n" + "\n".join(bad[:15])


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_no_translated_code_text_is_refused(lang, notebook):
    """A code cell's translated text that would change the program (a placeholder changed,
    added or dropped) is refused by the build: it shows English, and this fails."""
    refused = L.build_notebook(notebook, lang).refused
    assert not refused, f"{lang}/{notebook.stem}.po: refused (keep every {{...}} as it is): {refused[:5]}"


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_the_built_copy_is_up_to_date(lang, notebook):
    assert L.up_to_date(notebook, lang), (
        f"lessons/{lang}/{notebook.name} is not the build of lessons/{notebook.name} and "
        f"translations/lessons/{lang}/{notebook.stem}.po: run `make lessons`")


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_the_built_copy_runs_in_its_language_stored_executed_and_clean(lang, notebook):
    path = LESSONS / lang / notebook.name
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"]["cardgames"]["language"] == lang
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert "widgets" not in nb["metadata"], "widget state could carry hidden cards (R-L11, R-T9)"
    first = nb["cells"][0]
    assert first["cell_type"] == "code" and L.SETUP_TAG in first["metadata"]["tags"]
    assert f"set_language({lang!r})" in "".join(first["source"])
    assert first["outputs"] == []
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c["execution_count"] is not None for c in code), f"{path.name}: store it executed"
    for cell in code:
        assert "execution" not in cell["metadata"]
        for out in cell["outputs"]:
            assert out["output_type"] != "error", f"{lang}/{path.name}: stored error {out.get('ename')}"
            assert out.get("name") != "stderr", f"{lang}/{path.name}: stored stderr {out.get('text')}"
    # the same cells as the source, in the same order, after the setup cell (the copy's
    # own: the English lesson's setup cell is left out)
    source = json.loads(notebook.read_text(encoding="utf-8"))
    assert [c["id"] for c in nb["cells"][1:]] == [
        c["id"] for c in source["cells"] if L.SETUP_TAG not in c["metadata"].get("tags", [])]
    assert sum(L.SETUP_TAG in c["metadata"].get("tags", []) for c in nb["cells"]) == 1


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem[:2] for p in NOTEBOOKS])
def test_an_english_lesson_speaks_english_on_a_server_of_another_language(notebook):
    """A server started with CARDGAMES_LANG=hr (docs/serving.md) serves the English lesson
    too: its hidden setup cell runs before any other code and sets English, so the exercises
    and the engine's texts are English there (a Croatian class opens lessons/hr/)."""
    import os
    import subprocess

    nb = json.loads(notebook.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    first = code[0]
    assert L.SETUP_TAG in first["metadata"]["tags"] and first["outputs"] == []
    probe = ("".join(first["source"]) + "\nfrom cardgames.i18n import get_language, gettext\n"
             "print(get_language(), gettext('Check'))")
    env = {**os.environ, "CARDGAMES_LANG": "hr"}
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                         text=True, check=True, timeout=60).stdout.split()
    assert out == ["en", "Check"]
    # the probe can fail: without the setup cell the same server speaks Croatian
    bare = subprocess.run([sys.executable, "-c", "from cardgames.i18n import gettext\n"
                           "print(gettext('Check'))"], env=env, capture_output=True,
                          text=True, check=True, timeout=60).stdout.strip()
    assert bare != "Check"


def test_a_changed_english_paragraph_makes_the_catalog_stale(tmp_path, monkeypatch):
    """The check above is not vacuous: edit one paragraph of a copy of lesson 01 and its
    message is new (untranslated) and the old one stale."""
    nb = nbformat.read(NOTEBOOKS[0], as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "markdown")
    old = L.paragraphs(cell.source)[0]
    cell.source = cell.source.replace(old, old + " (edited)", 1)
    copy = tmp_path / NOTEBOOKS[0].name
    nbformat.write(nb, copy)
    st = L.status(copy, "hr")
    assert st.new == [(cell.id, old + " (edited)")]
    assert st.stale == [(cell.id, old)]


def test_a_built_copy_falls_back_to_english_and_counts_it(tmp_path, monkeypatch):
    """With no catalog at all, the build is the English text, everything counted missing,
    and the copy's code cells are the source's (no translation, nothing refused)."""
    monkeypatch.setattr(L, "CATALOGS", tmp_path)
    built = L.build_notebook(NOTEBOOKS[0], "de")
    english = nbformat.read(NOTEBOOKS[0], as_version=4)
    expected = [m.id for m in L.template(NOTEBOOKS[0]) if m.id]
    assert set(built.missing) == set(expected) and not built.refused
    assert [c.source for c in built.notebook.cells[1:] if c.cell_type == "code"] == \
        [c.source for c in english.cells if c.cell_type == "code"
         and L.SETUP_TAG not in c.metadata.get("tags", [])]


def test_nbval_checks_every_language():
    from test_notebooks import NOTEBOOKS as CHECKED

    built = {LESSONS / lang / nb.name for nb in NOTEBOOKS for lang in LESSON_LANGUAGES}
    assert built <= set(CHECKED), sorted(str(p.relative_to(ROOT)) for p in built - set(CHECKED))
