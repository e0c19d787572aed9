"""The tables, numbers and plot texts the built lessons show are in the copy's language
(issue 23): no English column/index label or value of :mod:`cardgames.analysis.labels`
is left in a table of ``lessons/hr`` or ``lessons/de``, their decimals have a comma, and
each table holds the English lesson's numbers (the same table, only its words and
decimal mark translated).  The English lessons still show the English labels.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from lessonlib import LESSON_LANGUAGES, LESSONS, lesson_notebooks

from cardgames.analysis.labels import LABELS, TEMPLATES
from cardgames.i18n import pgettext

ENGLISH = lesson_notebooks()
CASES = [(lang, nb) for nb in ENGLISH for lang in LESSON_LANGUAGES]
IDS = [f"{lang}-{nb.stem[:2]}" for lang, nb in CASES]
_CELL = re.compile(r"<t([hd])[^>]*>(.*?)</t[hd]>", re.S)
_NUMBER = re.compile(r"^[-−]?\d+([.,]\d+)?$")


def _english_words(lang: str) -> set[str]:
    """The labels whose translation in ``lang`` is not the English word itself."""
    out = set()
    for msgid in LABELS:
        if pgettext("table", msgid, lang=lang) != msgid:
            out.add(msgid.replace("%%", "%"))
    return out


_TEMPLATES = [re.compile("^" + re.sub(r"\\\{\w+\\\}", ".+?", re.escape(t)) + "$") for t in TEMPLATES]
_BOTS = re.compile(r"^(heuristic|random|expert|caller)(#\d+)?$")


def _tables(path) -> dict[str, list[list[tuple[str, str]]]]:
    """{cell id: [each HTML table's cells as (th|td, text)]} of a stored notebook."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    found: dict[str, list[list[tuple[str, str]]]] = {}
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            page = "".join(out.get("data", {}).get("text/html", ""))
            if 'class="dataframe"' in page:
                cells = [(kind, html.unescape(re.sub(r"<[^>]+>", "", text)).strip())
                         for kind, text in _CELL.findall(page)]
                found.setdefault(cell["id"], []).append(cells)
    return found


def _plain_tables(path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(out["data"]["text/plain"]) for cell in nb["cells"]
            for out in cell.get("outputs", [])
            if 'class="dataframe"' in "".join(out.get("data", {}).get("text/html", ""))]


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_no_english_label_in_a_copys_tables(lang, notebook):
    copy = LESSONS / lang / notebook.name
    words = _english_words(lang)
    tables = _tables(copy)
    assert tables, f"{copy.name}: no tables found"
    left = set()
    for cell_id, each in tables.items():
        for cells in each:
            for _, text in cells:
                if text in words or any(t.match(text) for t in _TEMPLATES) or _BOTS.match(text):
                    left.add((cell_id, text))
    assert not left, f"{lang}/{copy.name}: English labels in its tables: {sorted(left)}"
    # the plain-text form of the same tables (what a screen reader or a terminal shows)
    long_words = [w for w in words if len(w) >= 6 or not w.isalpha()]
    for text in _plain_tables(copy):
        for word in long_words:
            assert not re.search(r"(?<![\w(])" + re.escape(word) + r"(?![\w)])", text), \
                f"{lang}/{copy.name}: {word!r} in\n{text}"


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_a_copys_tables_are_the_english_tables_with_decimal_commas(lang, notebook):
    english, copy = _tables(notebook), _tables(LESSONS / lang / notebook.name)
    assert english.keys() == copy.keys()
    for cell_id, tables in english.items():
        assert len(tables) == len(copy[cell_id]), cell_id
        for en, local in zip(tables, copy[cell_id]):
            assert len(en) == len(local), f"{cell_id}: another shape"
            for (kind_en, a), (kind_local, b) in zip(en, local):
                assert kind_en == kind_local
                if _NUMBER.match(a):
                    # the same number; in hr and de written with a decimal comma
                    assert b == a.replace(".", ","), f"{cell_id}: {a!r} shown as {b!r}"


def test_the_english_lessons_keep_their_labels():
    """The English copy is the source: its tables show the names the code reads."""
    shown = {text for nb in ENGLISH for each in _tables(nb).values()
             for cells in each for _, text in cells}
    for label in ("pile taken by", "win rate", "P(lose a life)", "95% low", "seat",
                  "0 seven(s) seen elsewhere", "heuristic #1", "yes", "nobody", "0.263"):
        assert label in shown, label
    # issue 31: in words, never the code's names (the copies translate the same names)
    for code in ("win_rate", "heuristic#1", "True", "21.0", "winner_seat"):
        assert code not in shown, code


#: A decimal point (not hr/de's thousands point "40.000"): 0.871, 5.28, 0.0109, 30.5
_POINT = re.compile(r"(?<![\w.,])(0\.\d+|\d+\.\d{1,2}|\d+\.\d{4,})(?![\w.])")


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_a_copys_printed_numbers_have_decimal_commas(lang, notebook):
    nb = json.loads((LESSONS / lang / notebook.name).read_text(encoding="utf-8"))
    bad = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                for line in "".join(out["text"]).splitlines():
                    if _POINT.search(line):
                        bad.append(f"{cell['id']}: {line}")
            for key in ("True", "False"):
                if out.get("output_type") == "stream" and re.search(rf"\b{key}\b", "".join(out["text"])):
                    bad.append(f"{cell['id']}: {key}")
    assert not bad, f"{lang}/{notebook.name}: points or True/False printed:\n" + "\n".join(bad)


@pytest.mark.parametrize("lang, notebook", CASES, ids=IDS)
def test_a_copys_plot_texts_are_translated(lang, notebook):
    """Titles, axis labels, legends and alt texts of the copy's plots are its catalog's
    (the code cell's shown texts), not the English source's."""
    import sys
    sys.path.insert(0, str(LESSONS.parent / "tools"))
    from lesson_code_i18n import code_messages

    methods = re.compile(r"\.(set_title|set_xlabel|set_ylabel|suptitle)\(|label=|alt=")
    english = json.loads(notebook.read_text(encoding="utf-8"))
    copy = {c["id"]: "".join(c["source"])
            for c in json.loads((LESSONS / lang / notebook.name).read_text(encoding="utf-8"))["cells"]}
    checked = 0
    for cell in english["cells"]:
        src = "".join(cell["source"])
        if cell["cell_type"] != "code" or "figures.show" not in src:
            continue
        mine = [m.text for m in code_messages(src) if m.kind == "string"
                and methods.search(src[max(0, m.start - 40):m.start])]
        theirs = {m.text for m in code_messages(copy[cell["id"]])}
        for text in mine:
            checked += 1
            assert text not in theirs, f"{lang}/{notebook.name} {cell['id']}: {text!r} left in English"
    if notebook.stem[:2] in ("01", "03", "04", "05", "06"):
        assert checked, "no plot texts found: the test is stale"
