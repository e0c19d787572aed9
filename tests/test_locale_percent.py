"""Two catalog checks found walking the classroom day (2026-12-01).

Croatian and German write a space between a number and the per-cent sign ("95 %":
Hrvatski pravopis, DIN 5008), as most of the catalog already did; three Croatian
messages had "95%", so the class experiment's widget and the projector said "95%"
beside the lesson's "95 %".  German calls a Liar call "anzweifeln" (the glossary), never
"Anruf" (a telephone call), which the teacher's live list of tables said."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardgames.i18n import gettext as _

LOCALE = Path(__file__).resolve().parents[1] / "cardgames" / "locale"
GLUED = re.compile(r"(\d|\})%")                 # "95%", "{p}%": no space before the sign


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_no_per_cent_sign_glued_to_its_number(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "cardgames.po", "rb") as f:
        catalog = read_po(f)
    glued = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        glued += [(message.lineno, s) for s in strings if s and GLUED.search(s)]
    assert glued == []


def test_the_class_experiment_line_in_croatian():
    # widgets/explainers/class_experiment.py's line and the projector's, as compiled (.mo)
    line = _("{label}: {k} of {n} ({p}; 95%: {lo} to {hi})", lang="hr").format(
        label="ruka", k=9, n=100, p="0,0900", lo="0,0481", hi="0,1623")
    assert line == "ruka: 9 od 100 (0,0900; 95 %: 0,0481 do 0,1623)"
    projector = _("{label}: {estimate} (95%: {low} to {high}), {trials} trials", lang="hr")
    assert "(95 %: {low} do {high})" in projector


def test_german_calls_are_anzweifeln_never_phone_calls():
    # docs/rules/glossary.md: to call (a play) = anzweifeln; "Anruf" is a telephone call.
    # The teacher's live list headed the tables' last calls "Letzte Anrufe".
    with open(LOCALE / "de" / "LC_MESSAGES" / "cardgames.po", "rb") as f:
        catalog = read_po(f)
    phone = [m.string for m in catalog if m.id and isinstance(m.string, str)
             and re.search(r"\bAnruf", m.string)]
    assert phone == []
    assert _("Last calls", lang="de") == "Zuletzt angezweifelt"
