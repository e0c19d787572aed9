"""The students' exercise checks: stored, then summed up for the teacher (issue 22).

Each **Check** a student's exercise widget makes is sent (``widgets.kit.classlink``,
kind ``"check"``) with only: the exercise id (``"03-two-aces"``), the answer as typed
(at most :data:`ANSWER_MAX` characters), the verdict (``right``, ``wrong`` or
``rounding``, a wrong last digit) and the hint given (``mistake-<i>``: the targeted
hint of the exercise's known mistake ``i``; ``hint-<n>``: its general hint ``n``;
``rounding``; ``""`` for a right answer) and, optionally, the variant the student had
(``variant``: the seed that drew it, a whole number ``0 <= seed < 2**63``, or ``null`` for
the default variant; a check without it, and a row stored before the column, is the
default variant).  :func:`check_payload` refuses anything else.

:func:`summary` is the teacher's class view: per lesson and exercise, how many students
tried and solved it, after how many tries (the checks up to the first right one);
the most common wrong answers grouped by the mistake they show (the known mistakes
and the rounding slips pooled over the variants: the same idea; the other wrong answers
by variant, since a number wrong for one variant may be right for another); who is stuck
(:data:`STUCK_TRIES` tries or more, not solved), by display name.

>>> import tempfile, pathlib
>>> from classroom.tables.students import ClassStore, student_id
>>> store = ClassStore(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> setup(store)
>>> ana = student_id("a" * 22)
>>> for i, (answer, verdict) in enumerate([("3", "wrong"), ("4", "right")]):
...     _ = store.submit(ana, f"m{i}", "check", check_payload(
...         {"exercise": "01-six-players", "answer": answer, "verdict": verdict,
...          "hint": "hint-1" if verdict == "wrong" else ""}),
...         lambda db, p: record(db, ana, p, time=float(i)))
>>> ex = summary(store)["lessons"][0]["exercises"][0]
>>> ex["tried"], ex["solved"], ex["tries_to_solve"]
(1, 1, {'2': 1})
"""

from __future__ import annotations

import re
import sqlite3
import time as _time
from collections import Counter, defaultdict
from typing import Any

from cardgames.i18n import gettext as _

from .errors import BadMessage
from .students import ClassStore

__all__ = ["ANSWER_MAX", "EXERCISE_RE", "HINT_RE", "LESSON_RE", "STUCK_TRIES", "VERDICTS",
           "check_payload", "progress", "progress_payload", "record", "setup", "summary"]

#: The longest answer kept, in characters (the widget cuts it there).
ANSWER_MAX = 200
#: An exercise id: the lesson's two digits, a dash, a short name.
EXERCISE_RE = re.compile(r"(\d\d)-[a-z0-9][a-z0-9-]{0,47}")
#: The hint given: a known mistake's, a general one's, a rounding note, or none.
HINT_RE = re.compile(r"(mistake-\d{1,2}|hint-\d{1,2}|rounding|)")
VERDICTS = ("right", "wrong", "rounding")
#: A variant's seed is below this (``widgets.app.seeding``: 63 random bits).
VARIANT_LIMIT = 2 ** 63
#: Tries without solving that make a student "stuck".
STUCK_TRIES = 3
#: The most wrong answers shown per mistake.
TOP_ANSWERS = 5

SCHEMA = """
CREATE TABLE IF NOT EXISTS checks (
    student TEXT NOT NULL, exercise TEXT NOT NULL, lesson TEXT NOT NULL,
    answer TEXT NOT NULL, verdict TEXT NOT NULL, hint TEXT NOT NULL, time REAL NOT NULL,
    variant INTEGER);
CREATE INDEX IF NOT EXISTS checks_exercise ON checks(exercise, student)
"""


def _migrate(db: sqlite3.Connection) -> None:
    """Add the ``variant`` column to a ``checks`` table made before it (its rows: the
    default variant, NULL)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(checks)")}
    if "variant" not in columns:
        db.execute("ALTER TABLE checks ADD COLUMN variant INTEGER")


def _migrated(store: ClassStore, db: sqlite3.Connection) -> None:
    if not store.cache.get("checks-variant"):
        _migrate(db)
        store.cache["checks-variant"] = True


def setup(store: ClassStore) -> None:
    """Create the ``checks`` table in ``store`` (if missing; once per store), with its
    ``variant`` column (added to an older table)."""
    store.ensure(SCHEMA)
    if not store.cache.get("checks-variant"):
        with store.transaction() as db:
            _migrated(store, db)


def check_payload(payload: Any) -> dict[str, Any]:
    """The payload of a check, validated (exactly ``exercise``, ``answer``, ``verdict``,
    ``hint``, and optionally ``variant``), else :class:`~classroom.tables.errors.BadMessage`.

    >>> check_payload({"exercise": "01-x", "answer": "7", "verdict": "wrong",
    ...                "hint": "hint-1", "variant": 27})["variant"]
    27
    >>> check_payload({"exercise": "01-x", "answer": "7", "verdict": "wrong",
    ...                "hint": "hint-1", "variant": "27"})
    Traceback (most recent call last):
    ...
    classroom.tables.errors.BadMessage: a message the table cannot read: a check's variant is a whole number from 0 to 2**63 - 1, or null

    >>> check_payload({"exercise": "01-x", "answer": "7", "verdict": "maybe", "hint": ""})
    Traceback (most recent call last):
    ...
    classroom.tables.errors.BadMessage: a message the table cannot read: a check's verdict is right, wrong or rounding
    """
    fields = {"exercise", "answer", "verdict", "hint"}
    if not isinstance(payload, dict) or set(payload) - {"variant"} != fields:
        raise BadMessage(_("a check has exactly the fields exercise, answer, verdict, hint"))
    exercise, answer = payload["exercise"], payload["answer"]
    verdict, hint = payload["verdict"], payload["hint"]
    if not isinstance(exercise, str) or EXERCISE_RE.fullmatch(exercise) is None:
        raise BadMessage(_("a check's exercise is an exercise id such as 03-two-aces"))
    if not isinstance(answer, str) or len(answer) > ANSWER_MAX:
        raise BadMessage(_("a check's answer is text of at most {most} characters")
                         .format(most=ANSWER_MAX))
    if verdict not in VERDICTS:
        raise BadMessage(_("a check's verdict is right, wrong or rounding"))
    if not isinstance(hint, str) or HINT_RE.fullmatch(hint) is None:
        raise BadMessage(_("a check's hint is mistake-N, hint-N, rounding or empty"))
    if (verdict == "right") != (hint == ""):
        raise BadMessage(_("a right check has no hint, a wrong one has one"))
    variant = payload.get("variant")
    if variant is not None and (type(variant) is not int
                                or not 0 <= variant < VARIANT_LIMIT):
        raise BadMessage(_("a check's variant is a whole number from 0 to 2**63 - 1, or null"))
    return {"exercise": exercise, "answer": " ".join(answer.split()), "verdict": verdict,
            "hint": hint, "variant": variant}


def record(db: sqlite3.Connection, student: str, payload: dict[str, Any], *,
           time: float | None = None) -> dict[str, Any]:
    """Store one checked payload (inside the submission's transaction); the answer
    says only that it was counted."""
    exercise = payload["exercise"]
    db.execute("INSERT INTO checks(student, exercise, lesson, answer, verdict, hint, time, "
               "variant) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               (student, exercise, exercise[:2], payload["answer"], payload["verdict"],
                payload["hint"], _time.time() if time is None else time,
                payload.get("variant")))
    return {"counted": True}


class _Tally:
    """The running sums of the ``checks`` table, read incrementally (the rows after the
    last one read), so that a poll of the class view costs the new checks, not all."""

    def __init__(self) -> None:
        self.last = 0
        #: exercise -> student -> [checks, tries, solved after (0: not solved), the last
        #: answer checked, its variant]
        self.per: dict[str, dict[str, list[Any]]] = defaultdict(dict)
        #: exercise -> (group, variant) -> answer -> n (the tries before solving); the
        #: variant is the seed for the "other" group, else None (pooled over the variants)
        self.wrong: dict[str, dict[tuple[str, int | None], Counter[str]]] = defaultdict(
            lambda: defaultdict(Counter))

    def update(self, store: ClassStore) -> None:
        rows = store.read("SELECT rowid, student, exercise, answer, verdict, hint, variant "
                          "FROM checks WHERE rowid > ? ORDER BY rowid", (self.last,))
        for rowid, student, exercise, answer, verdict, hint, variant in rows:
            self.last = rowid
            st = self.per[exercise].setdefault(student, [0, 0, 0, "", None])
            st[0] += 1
            st[3], st[4] = answer, variant
            if st[2]:
                continue                  # checked again after solving: not a try
            st[1] += 1
            if verdict == "right":
                st[2] = st[1]
            else:
                if hint == "rounding":
                    self.wrong[exercise][hint, None][answer] += 1
                elif hint.startswith("mistake-"):      # a variant's mistake i is its own:
                    self.wrong[exercise][hint, variant][answer] += 1   # pooled by the view
                else:
                    self.wrong[exercise]["other", variant][answer] += 1


def summary(store: ClassStore, *, stuck_tries: int = STUCK_TRIES) -> dict[str, Any]:
    """The class view's data (see the module doc): ``{"lessons": [{"lesson": "03",
    "exercises": [{"exercise", "tried", "solved", "tries_to_solve": {"1": n, ...},
    "checks", "wrong": [{"hint", "variant", "count", "answers": [[answer, n], ...]}], "stuck":
    [name, ...], "stuck_anonymous": n, "students": [{"name", "variant", "answer", "solved",
    "tries"}]}]}], "students": n}`` (the stuck who gave no display name are counted, not
    named; ``variant``: the variant of an "other" or a known-mistake group, one group per
    variant, ``None`` for the default variant and the rounding group; each student's
    variant and last answer, named or ``""``).
    Checks after a student's first right answer
    are not counted as tries to solve (a student may check again).  The sums are kept
    with the store (``store.cache``) and brought up to date from the new rows."""
    setup(store)
    tally = store.cache.get("checks")
    if not isinstance(tally, _Tally):
        tally = store.cache["checks"] = _Tally()
    tally.update(store)
    names = store.names()
    lessons: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for exercise in sorted(tally.per):
        by_student = tally.per[exercise]
        solved_after: Counter[int] = Counter(st[2] for st in by_student.values() if st[2])
        stuck: list[str] = []
        anonymous = 0
        for student, (_checks, tries, solved, _answer, _variant) in by_student.items():
            if not solved and tries >= stuck_tries:
                name = names.get(student)
                if name:
                    stuck.append(name)
                else:
                    anonymous += 1
        wrong = tally.wrong.get(exercise, {})
        counts = {group: sum(c.values()) for group, c in wrong.items()}
        groups = [{"hint": group[0], "variant": group[1], "count": counts[group],
                   "answers": [[a, n] for a, n in
                               sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_ANSWERS]]}
                  for group, c in sorted(wrong.items(), key=lambda kv: (
                      -counts[kv[0]], kv[0][0], -1 if kv[0][1] is None else kv[0][1]))]
        lessons[exercise[:2]].append({
            "exercise": exercise, "tried": len(by_student), "solved": sum(solved_after.values()),
            "tries_to_solve": {str(k): solved_after[k] for k in sorted(solved_after)},
            "checks": sum(st[0] for st in by_student.values()),
            "wrong": groups, "stuck": sorted(stuck, key=str.casefold),
            "stuck_anonymous": anonymous,
            "students": sorted(({"name": names.get(student) or "", "variant": variant,
                                 "answer": answer, "solved": bool(solved), "tries": tries}
                                for student, (_c, tries, solved, answer, variant)
                                in by_student.items()),
                               key=lambda r: (not r["name"], str(r["name"]).casefold()))})
    students = len({s for by in tally.per.values() for s in by})
    return {"lessons": [{"lesson": k, "exercises": v} for k, v in sorted(lessons.items())],
            "students": students}


#: A lesson: its two digits.
LESSON_RE = re.compile(r"\d\d")


def progress_payload(payload: Any) -> dict[str, Any]:
    """The payload of a progress read: exactly ``{"lesson": "05"}``, else
    :class:`~classroom.tables.errors.BadMessage`.

    >>> progress_payload({"lesson": "05"})
    {'lesson': '05'}
    """
    if (not isinstance(payload, dict) or set(payload) != {"lesson"}
            or not isinstance(payload["lesson"], str)
            or LESSON_RE.fullmatch(payload["lesson"]) is None):
        raise BadMessage(_("a progress read has exactly the field lesson, such as 05"))
    return {"lesson": payload["lesson"]}


def progress(store: ClassStore, student: str, lesson: str) -> dict[str, Any]:
    """One student's own progress on ``lesson``, for their reloaded page (issue 31): per
    exercise the variant (of the last check), the tries (the checks up to the first right
    one), the wrong ones, whether solved, the last hint given (``hint-2``, ``mistake-0``,
    ``rounding``) and the answer last checked; ``variant``: the variant of the student's
    last check on the lesson of an exercise drawn in variants (the page takes it; a check
    of an exercise without variants has none).  Nothing of another student.

    >>> import tempfile, pathlib
    >>> from classroom.tables.students import student_id
    >>> store = ClassStore(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
    >>> setup(store)
    >>> ana = student_id("a" * 22)
    >>> for i, (answer, verdict) in enumerate([("3", "wrong"), ("4", "right")]):
    ...     _ = store.submit(ana, f"m{i}", "check", check_payload(
    ...         {"exercise": "01-six-players", "answer": answer, "verdict": verdict,
    ...          "hint": "hint-1" if verdict == "wrong" else "", "variant": 7}),
    ...         lambda db, p: record(db, ana, p, time=float(i)))
    >>> mine = progress(store, ana, "01")
    >>> mine["variant"], mine["exercises"]["01-six-players"]["tries"]
    (7, 2)
    >>> progress(store, student_id("b" * 22), "01")
    {'lesson': '01', 'variant': None, 'exercises': {}}
    """
    setup(store)
    rows = store.read("SELECT exercise, answer, verdict, hint, variant FROM checks "
                      "WHERE student = ? AND lesson = ? ORDER BY rowid", (student, lesson))
    out: dict[str, dict[str, Any]] = {}
    variant = None
    for exercise, answer, verdict, hint, var in rows:
        st = out.setdefault(exercise, {"tries": 0, "wrong": 0, "solved": False, "hint": "",
                                       "variant": None, "answer": ""})
        if var is not None:                # an exercise without variants says nothing
            variant = var                  # about the page's code (03-p32: None)
        st["variant"], st["answer"] = var, answer
        if st["solved"]:
            continue                       # checked again after solving: not a try
        st["tries"] += 1
        if verdict == "right":
            st["solved"], st["hint"] = True, ""
        else:
            st["wrong"] += verdict == "wrong"
            st["hint"] = hint
    return {"lesson": lesson, "variant": variant, "exercises": out}
