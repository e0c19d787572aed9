"""The projector's student count in the language's plural forms (issue 23: hr said
"Učenika koji su pridonijeli: 1").  The page picks a form by the CLDR plural category of
the count (Intl.PluralRules in projector.js); Babel's CLDR rules stand in for the browser's
here, and the expected sentences are written by hand."""

from __future__ import annotations

import pytest
from babel import Locale

from classroom.tables.projector import projector_words

EXPECTED = {
    "hr": {1: "Pridonio je 1 učenik", 2: "Pridonijela su 2 učenika",
           4: "Pridonijela su 4 učenika", 5: "Pridonijelo je 5 učenika",
           11: "Pridonijelo je 11 učenika", 21: "Pridonio je 21 učenik",
           22: "Pridonijela su 22 učenika", 25: "Pridonijelo je 25 učenika",
           0: "Pridonijelo je 0 učenika"},
    "de": {1: "Beigetragen hat 1 Schülerin oder Schüler",
           2: "Beigetragen haben 2 Schülerinnen und Schüler",
           30: "Beigetragen haben 30 Schülerinnen und Schüler"},
    "en": {1: "Students who contributed: 1", 30: "Students who contributed: 30"},
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_the_count_of_students_in_its_plural_form(lang):
    words = projector_words(lang)
    for n, sentence in EXPECTED[lang].items():
        category = Locale.parse(lang).plural_form(n)
        assert words[f"students_{category}"].format(n=n) == sentence, (n, category)


def test_the_page_picks_the_form_by_its_plural_category():
    from pathlib import Path

    js = (Path(__file__).resolve().parents[2] / "classroom" / "tables" / "static"
          / "projector.js").read_text(encoding="utf-8")
    assert 'W["students_" + new Intl.PluralRules(lang).select(students)]' in js
