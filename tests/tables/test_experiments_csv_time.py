"""The class experiment's CSV (the teacher's *Download the results*) gives each share's
time as a date and time a spreadsheet shows, not seconds since 1970
(``1796151935.670`` before; found walking the classroom day, 2026-12-01)."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path

from cardgames.analysis.experiments import experiment
from classroom.tables.experiments import ExperimentService
from classroom.tables.students import student_id

# 2026-12-01 19:05:35.670 in the server's local time, made without the code under test
WHEN = datetime(2026, 12, 1, 19, 5, 35, 670_000)


def test_the_csv_received_column_is_a_local_date_and_time(tmp_path: Path) -> None:
    svc = ExperimentService(tmp_path / "class.sqlite3", clock=WHEN.timestamp)
    try:
        svc.open_run("hands", n=20)
        who = student_id("student-key-0001-abcdefgh")
        got = svc.seed(who, "s1", "hands")
        share = experiment("hands").share(got["seed"], got["n"]).to_dict()
        assert svc.submit(who, "r1", share)["accepted"]
        rows = list(csv.DictReader(io.StringIO(svc.csv("hands"))))
    finally:
        svc.close()
    assert [r["received"] for r in rows] == ["2026-12-01 19:05:35"]
    assert rows[0]["share"] == "1" and rows[0]["student"] == "1"
