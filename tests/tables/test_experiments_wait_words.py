"""A student who presses *Add my share* before the teacher has opened the experiment
(or after it was closed) is told to wait for the teacher and press again; before, the
widget said "Not counted: this experiment is not open: the teacher opens it", which
does not say what to do (found walking the classroom day, 2026-12-01)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.i18n import language
from classroom.tables.experiments import ExperimentService
from classroom.tables.students import student_id

WAIT = {"en": ("wait until your teacher opens it", "press the button again"),
        "hr": ("pričekaj da ga nastavnik otvori", "ponovno pritisni gumb"),
        "de": ("warte, bis deine Lehrkraft es öffnet", "noch einmal die Schaltfläche")}


@pytest.mark.parametrize("lang", sorted(WAIT))
def test_a_seed_asked_for_a_closed_experiment_says_wait_and_press_again(tmp_path: Path, lang):
    svc = ExperimentService(tmp_path / "class.sqlite3")
    try:
        who = student_id("student-key-0001-abcdefgh")
        with language(lang):                    # as classapi words a message in its lang
            before = svc.seed(who, "m1", "hands")           # never opened
            svc.open_run("hands", n=20)
            svc.close_run("hands")
            after = svc.seed(who, "m2", "hands")            # opened, then closed
        for answer in (before, after):
            assert answer["error"]["code"] == "closed"
            message = answer["error"]["message"]
            assert all(words in message for words in WAIT[lang]), message
        assert svc.pooled("hands").shares == 0                 # and nothing was counted
    finally:
        svc.close()
