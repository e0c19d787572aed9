"""``make handouts`` in Croatian and German (issue 23): ``hr/answer-key.pdf``,
``hr/worksheets.pdf`` and the same under ``de/``, read back with poppler's ``pdftotext``.

Each holds every exercise of its lesson on the lesson's page, in the language: the
translated question, the default variant's answer as the key prints it there (decimal
comma), the worked solution, the method; the worksheets no answer.  No English question is
left.  Built by the same command as ``make handouts`` (into a temporary folder); like
tests/handouts/test_handouts.py it needs Chromium and poppler-utils, and FAILS in CI without.
"""

from __future__ import annotations

import re
from pathlib import Path

import handout_pdf as pdf
import pytest

from cardgames.i18n import language
from cardgames.courseware.answers import spellings
from cardgames.courseware.exercise_data import EXERCISES
from cardgames.courseware.texts import tr

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser        # it prints with headless Chromium

#: words of each language (written by hand), one from the key's frame and one from the
#: exercises, diacritics included (a font without them would drop or garble them)
WORDS = {"hr": ("Postupak rješavanja.", "Zašto, u jednom retku:", "vjerojatnost", "Rješenja — "),
         "de": ("Lösungsweg.", "Warum, in einem Satz:", "Wahrscheinlichkeit", "Lösungen — ")}
TITLES = {"hr": "{n}. lekcija", "de": "Lektion {n}"}   # the lesson titles, as the start page
ANSWER = {"hr": "Odgovor:", "de": "Antwort:"}


def _flat(text: str) -> str:
    return pdf.flat(text, hyphens=True)


def _start(text: str, words: int = 6) -> str:
    return _flat(" ".join(re.sub(r"\*\*|`|\*", "", text).split()[:words]))


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_the_key_and_the_worksheets_are_printed_in_the_language(handouts, lang):
    key_path, sheets_path = handouts / lang / "answer-key.pdf", handouts / lang / "worksheets.pdf"
    assert pdf.pages(key_path) == 6 and pdf.pages(sheets_path) == 6     # one page per lesson
    key, sheets = _flat(pdf.text(key_path)), _flat(pdf.text(sheets_path))
    pages = [_flat(p) for p in pdf.text(key_path).split("\f")]
    for word in WORDS[lang]:
        assert word in key, word
    assert "Worked solution" not in key and "Answer key" not in key and "Exercise 1." not in key
    for ex in EXERCISES.values():
        with language(lang):
            question, answer = tr(ex.question), ex.formatted_answer()
            solution, method = ex.worked_solution(), tr(ex.method)
        page = pages[int(ex.lesson) - 1]
        assert TITLES[lang].format(n=int(ex.lesson)) in page, ex.key  # on its lesson's page
        assert _start(question) in page, (ex.key, _start(question))
        assert _start(str(ex.question)) not in key, ex.key          # not the English one
        assert _flat(f"{ANSWER[lang]} {answer}") in key, (ex.key, answer)
        assert _start(solution, 5) in key, ex.key
        if ex.vary is not None:
            assert _start(method, 5) in key, ex.key
        # the worksheet: the question, never the answer or the solution
        assert _start(question) in sheets, ex.key
        with language(lang):
            secret = spellings(ex)
        at = sheets.index(_start(question))          # its own part: question to answer line
        own = sheets[at:sheets.find("____", at)]
        for s in secret:
            assert not re.search(rf"(?<![\w/.,]){re.escape(s)}(?![\w/])", own), (ex.key, s)
        assert _start(solution, 8) not in sheets, ex.key


def test_a_decimal_answer_has_a_decimal_comma_in_the_croatian_key(handouts):
    """04-posterior: P(bluffer | lie) = 0.75975… = 0,760 (section 4's p = 1/8, h = 183/253)."""
    key = _flat(pdf.text(handouts / "hr" / "answer-key.pdf"))
    assert re.search(r"Odgovor: \d+/\d+ ≈ 0,760\b", key), key[:300]
    assert "≈ 0.760" not in key


#: the page "running a class experiment" (issue 22) in each language, words written by hand:
#: its title, the projector's buttons as the pages name them there (cardgames.po), a word of
#: the text with diacritics, the lesson 4 claim with the glossary's word for a seven
EXPERIMENT_WORDS = {
    "hr": ("Kako provesti razredni pokus", "Otvori ga razredu", "Dodaj svoj udio", "Zatvori ga",
           "Preuzmi rezultate (CSV)", "učenika", "„2 sedmice“", "Razredni pokusi (projektor)"),
    "de": ("Ein Klassenexperiment durchführen", "Für die Klasse öffnen",
           "Meinen Anteil beitragen", "Schließen", "Ergebnisse herunterladen (CSV)",
           "Schülerinnen", "„2 Siebener“", "Klassenexperimente (Beamer)")}


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_the_class_experiment_page_is_printed_in_the_language(handouts, lang):
    path = handouts / lang / "class-experiment.pdf"
    assert pdf.pages(path) == 1                       # one page, as the English one
    text = _flat(pdf.text(path))
    for word in EXPERIMENT_WORDS[lang]:
        assert _flat(word) in text, word
    for value in ("4/31", "1/46", "make serve", "class.sqlite3"):
        assert value in text, value
    # nothing of the English page is left
    for english in ("Running a class experiment", "Open it for the class", "Add my share",
                    "Before the lesson", "Honest results"):
        assert english not in text, english
    with language(lang):                            # the buttons the pages show
        from cardgames.i18n import gettext

        for msgid in ("Open it for the class", "Add my share", "Close it",
                      "Download the results (CSV)"):
            assert _flat(gettext(msgid)) in text, msgid


#: the answers by variant code in each language: its title and the column heads, written
#: by hand (as the key's frame in cardgames.po), and the English that must not be left
VARIANT_WORDS = {"hr": ("Odgovori po kodu varijante", "Zadatak 1.", "Zadatak 4.", "Kod"),
                 "de": ("Antworten nach Variantencode", "Aufgabe 1.", "Aufgabe 4.",
                        "Variantencode")}


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_the_answers_by_variant_code_are_printed_in_the_language(handouts, lang):
    """Issue 31 (QA): the key by variant code was English only.  ``hr/`` and ``de/`` hold
    it too: one page per lesson with its title in the language, every code 1-30, the
    column heads in the language, and each variant's answer as the page's checker writes
    it there (a decimal comma: 04-posterior's P(bluffer | lie) for each code is ``≈ 0,…``,
    never ``≈ 0.…``)."""
    from widgets.exercises.exercise import VARIANTS
    from cardgames.courseware.exercise_data import get

    path = handouts / lang / "answer-key-variants.pdf"
    assert pdf.pages(path) == 6
    pages = [_flat(p) for p in pdf.text(path).split("\f")]
    text = " ".join(pages)
    for word in VARIANT_WORDS[lang]:
        assert word in text, word
    for english in ("Answers by variant code", "Exercise 1.", "Lesson 1", "Each student's page"):
        assert english not in text, english
    for n, page in enumerate(pages[:6], start=1):
        assert TITLES[lang].format(n=n) in page, n
    lesson4 = pages[3]
    assert re.search(r"≈ 0,\d", lesson4) and not re.search(r"≈ 0\.\d", lesson4)
    for code in range(1, VARIANTS + 1):
        with language(lang):
            printed = get("04-posterior", code).formatted_answer()
        assert _flat(printed) in lesson4, (code, printed)
