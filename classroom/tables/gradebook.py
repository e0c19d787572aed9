"""The gradebook (issue 31): the class's exercise checks as CSV for a school's system.

:func:`gradebook_csv`: one row per student and exercise — ``name`` (the display name;
students who gave none are ``anonymous 1``, ``anonymous 2`` … in the order they first
checked), ``lesson``, ``exercise``, ``variant`` (the variant code of the student's last
check; empty: the default numbers), ``solved`` (1/0), ``tries`` (the checks up to the
first right one), ``hints`` (the hints the wrong tries earned), ``first`` and ``last``
(the first and last check, the server's local time ``2026-12-02 09:15:04``, as the
experiments' CSV), ``answer`` (the last one checked, written one way: the page
normalises numbers before sending, ``0,5`` and ``0.5`` are one answer).

**A machine format, in every language:** the CSV is for a school's system and for
``pandas.read_csv``, not for reading on the page, so its numbers are written one way
whatever the teacher's language: a decimal point and no grouping (``0.0032``,
``16/4960``, ``mean_tries_to_solve`` ``1.50``), times as ISO ``YYYY-MM-DD HH:MM:SS``,
commas between the fields, UTF-8.  The class view shows the same answers the page's way
(``0,0032`` in hr and de: :func:`classroom.tables.classview.shown_answer`).
:func:`summary_csv`: beside it, one row per lesson and exercise — students who tried,
solved, the mean tries of those who solved, and the most common wrong answer.

The class store is the class's own (one server, one class): nothing of another class
can be in it.  Served teacher-only (``tables/api/class/gradebook.csv``,
``.../gradebook-summary.csv``), as the class view.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from datetime import datetime
from typing import Any

from . import checks
from .students import ClassStore

__all__ = ["HEAD", "SUMMARY_HEAD", "gradebook_csv", "gradebook_rows", "summary_csv"]

HEAD = ["name", "lesson", "exercise", "variant", "solved", "tries", "hints", "first", "last",
        "answer"]
SUMMARY_HEAD = ["lesson", "exercise", "tried", "solved", "mean_tries_to_solve",
                "common_wrong_answer", "common_wrong_count"]


def _when(t: float) -> str:
    return datetime.fromtimestamp(t).isoformat(sep=" ", timespec="seconds")


def gradebook_rows(store: ClassStore) -> list[dict[str, Any]]:
    """The gradebook's rows (see the module doc), by lesson, exercise and name."""
    checks.setup(store)
    names = store.names()
    rows = store.read("SELECT student, exercise, lesson, answer, verdict, hint, time, variant "
                      "FROM checks ORDER BY rowid")
    anonymous: dict[str, str] = {}
    per: dict[tuple[str, str], dict[str, Any]] = {}
    for student, exercise, lesson, answer, verdict, hint, time, variant in rows:
        name = names.get(student)
        if not name:
            name = anonymous.setdefault(student, f"anonymous {len(anonymous) + 1}")
        st = per.setdefault((student, exercise), {
            "name": name, "lesson": lesson, "exercise": exercise, "variant": variant,
            "solved": 0, "tries": 0, "hints": 0, "first": time, "last": time, "answer": ""})
        st["last"], st["answer"], st["variant"] = time, answer, variant
        if st["solved"]:
            continue
        st["tries"] += 1
        if verdict == "right":
            st["solved"] = 1
        elif hint:
            st["hints"] += 1
    out = sorted(per.values(), key=lambda r: (r["lesson"], r["exercise"],
                                              str(r["name"]).casefold()))
    for r in out:
        r["first"], r["last"] = _when(r["first"]), _when(r["last"])
        r["variant"] = "" if r["variant"] is None else r["variant"]
    return out


def gradebook_csv(store: ClassStore) -> str:
    """The gradebook as CSV text (header :data:`HEAD`)."""
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=HEAD, lineterminator="\n")
    w.writeheader()
    w.writerows(gradebook_rows(store))
    return out.getvalue()


def summary_csv(store: ClassStore) -> str:
    """The per-lesson summary beside the gradebook (header :data:`SUMMARY_HEAD`)."""
    rows = gradebook_rows(store)
    wrong: dict[str, Counter[str]] = defaultdict(Counter)
    for student, exercise, answer, verdict in store.read(
            "SELECT student, exercise, answer, verdict FROM checks WHERE verdict != 'right'"):
        wrong[exercise][answer] += 1
    by: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[r["lesson"], r["exercise"]].append(r)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(SUMMARY_HEAD)
    for (lesson, exercise), group in sorted(by.items()):
        solved = [r["tries"] for r in group if r["solved"]]
        common = wrong[exercise].most_common(1)
        w.writerow([lesson, exercise, len(group), len(solved),
                    f"{sum(solved) / len(solved):.2f}" if solved else "",
                    common[0][0] if common else "", common[0][1] if common else 0])
    return out.getvalue()
