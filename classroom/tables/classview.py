"""The teacher's class view (issue 22): how the class is doing on the lessons' exercises.

``tables/teacher/class`` (the teacher's page: the token, or on the hub the teacher
scope or an admin; anyone else gets 403) polls ``tables/api/class/view`` every
second (:data:`POLL_MS`; the server prepares the exercises' labels when it starts,
:func:`start_warming`, and answers off its event loop).  Per lesson and exercise: how many students tried it, how many solved it and
after how many tries, the most common wrong answers grouped by the mistake they show
(the exercise's known mistakes, whose targeted hint the student got; a wrong last
digit; the others), and who is stuck (three tries, not solved), by display name
(students who gave none are counted, not named).  The data is
:func:`classroom.tables.checks.summary` of the class store; the labels (the
exercise's question, each known mistake's hint, in the teacher's language) come
from the exercises' own data (``cardgames.courseware.exercise_data``, content that
imports no ipywidgets: the server never loads them, issue 32).  An exercise
drawn in variants shows its "other wrong answers" per variant, each beside that
variant's question (rebuilt here from the exercise id and the student's seed, in the
teacher's language; variants with the same numbers are one group).  Only the
teacher's pages show this: the students' API (:mod:`.classapi`) answers each
student about their own message only.

>>> [p for p, *_ in classview_handlers("/")][:2]
['/tables/teacher/class/?', '/tables/api/class/view']
>>> class_words("de")["class_title"] != class_words("en")["class_title"]
True
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache
from typing import Any

from tornado.ioloop import IOLoop

from cardgames.courseware.texts import tr
from cardgames.i18n import N_, language
from cardgames.i18n import gettext as _

from . import checks
from .pagebase import Shared, script_json
from .students import class_store
from .teacher import TeacherHandler
from .words import words

log = logging.getLogger(__name__)

__all__ = ["CLASS_WORDS", "ClassViewApi", "ClassViewPage", "class_words", "classview_handlers",
           "labels", "plain", "shown_answer", "start_warming", "view_data", "warm_labels"]

#: POLL: how often the page asks (ms): a check shows within about a second (issue 31:
#: at most 2 s; polled every 2 s, one could wait 2 s plus the answer's time).
POLL_MS = 1000

CLASS_WORDS = {
    "class_title": N_("How the class is doing"),
    "class_lead": N_("Every check of the lessons' exercises, live: who tried, who solved "
                     "and after how many tries, the common wrong answers, who is stuck."),
    "class_students": N_("Students who checked an answer: {n}"),
    "class_none": N_("No checks yet. When students check an answer in a lesson, it appears "
                     "here."),
    "class_lesson": N_("Lesson {lesson}"),
    "class_exercise": N_("Exercise {number}"),
    "class_tried": N_("tried: {n}"),
    "class_solved": N_("solved: {n}"),
    "class_after": N_("solved after"),
    "class_tries": N_("{k} tries: {n}"),
    "class_one_try": N_("1 try: {n}"),
    "class_wrong": N_("Common wrong answers"),
    "class_mistake": N_("Known mistake"),
    "class_rounding": N_("A wrong last digit (rounding)"),
    "class_other": N_("Other wrong answers"),
    "class_stuck": N_("Stuck (3 tries, not solved)"),
    "class_anonymous": N_("{n} without a name"),
    "class_nobody_stuck": N_("nobody"),
    "class_link": N_("How the class is doing (the exercises)"),
    "class_back": N_("Back to the teacher's page"),
    "class_varies": N_("Shown with its default numbers: each student's page draws its own "
                       "numbers, so their answers differ (the known mistakes are the same "
                       "ideas)."),
    "class_for": N_("Their question: {question}"),
    "class_students_list": N_("Each student: variant, last answer"),
    "class_no_name": N_("without a name"),
    "class_variant": N_("variant {code}"),
    "class_default": N_("the default numbers"),
    "class_solved_mark": N_("solved"),
    "class_gradebook": N_("Download the gradebook (CSV: one row per student and exercise)"),
    "class_gradebook_summary": N_("the summary per lesson (CSV)"),
}


def class_words(lang: str) -> dict[str, str]:
    """The class view's texts in ``lang``."""
    return {key: _(text, lang=lang) for key, text in CLASS_WORDS.items()}


_WARMING: list[threading.Thread] = []
_VIEW_LOCK = threading.Lock()      # one view computed at a time (the store's running sums)


def warm_labels() -> None:
    """Import the exercises' data and draw one variant of each (the engine's tables a
    variant's question needs, e.g. lesson 03's hands), so that the class view's first
    answer after the class's first check is quick: done on the event loop, the import
    alone took 5.6 s on a busy 2-core server, and the teacher read "No checks yet" all
    that time (issue 31, QA).  Each step is cached for the process."""
    for key in _exercises():
        variant_question(key, 1, "en")
        variant_mistake(key, 1, 0, "en")


def start_warming() -> threading.Thread:
    """:func:`warm_labels` in a background thread, once per process (the server calls it
    when it starts; the class view's page again, at no cost)."""
    with _VIEW_LOCK:
        if not _WARMING:
            thread = threading.Thread(target=_warm_quietly, name="cardgames-classview-warm",
                                      daemon=True)
            _WARMING.append(thread)
            thread.start()
        return _WARMING[0]


def _warm_quietly() -> None:
    try:
        warm_labels()
    except Exception:  # noqa: BLE001 - a warm-up never stops the server; the view says why
        log.exception("class view: the exercises' labels could not be prepared")


@lru_cache(maxsize=4)
def _exercises() -> dict[str, Any]:
    # read when first asked (the lessons' modules, not at the server's start); content
    # only: no ipywidgets in the server (issue 32, tests/tables/test_server_imports.py)
    from cardgames.courseware.exercise_data import EXERCISES

    return dict(EXERCISES)


def plain(text: str) -> str:
    """An exercise's text without its markdown marks (``**``, ``*``, backquotes).

    >>> plain("Use `score` on **seat 1** (*R-L2*)")
    'Use score on seat 1 (R-L2)'
    """
    return re.sub(r"\*\*|`|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])", "", text)


def labels(exercise: str, lang: str) -> dict[str, Any]:
    """The exercise's number, question and known mistakes' hints in ``lang`` (its
    default variant; an id the lessons do not have: its id only)."""
    ex = _exercises().get(exercise)
    if ex is None:
        return {"number": None, "question": exercise, "mistakes": [], "varies": False}
    with language(lang):              # the exercises' texts are translated when shown
        return {"number": ex.number, "question": plain(tr(ex.question, lang=lang)),
                "mistakes": [plain(tr(hint, lang=lang)) for _value, hint in ex.mistakes],
                "varies": ex.vary is not None}


@lru_cache(maxsize=1024)
def variant_question(exercise: str, seed: int | None, lang: str) -> tuple[str, str]:
    """The variant of ``exercise`` drawn by ``seed`` (``None``: the default): its
    parameters (as text: the same numbers, the same group) and its question in ``lang``.

    >>> variant_question("03-count-31", None, "en")[0]
    "(('score', 31),)"
    """
    ex = _exercises().get(exercise)
    if ex is None:
        return "", exercise
    drawn = ex.variant(seed)
    with language(lang):
        return repr(drawn.params), plain(tr(drawn.question, lang=lang))


@lru_cache(maxsize=1024)
def variant_mistake(exercise: str, seed: int | None, i: int, lang: str) -> tuple[str, str]:
    """The known mistake ``i`` of the variant ``seed``: its msgid (the same idea in every
    variant: the groups are pooled by it) and its hint in ``lang`` (``("", "")``: none).

    >>> variant_mistake("03-p32", None, 0, "en")[1].startswith("With the Chronicler")
    True
    """
    ex = _exercises().get(exercise)
    if ex is None:
        return "", ""
    drawn = ex.variant(seed)
    if not 0 <= i < len(drawn.mistakes):
        return "", ""
    hint = drawn.mistakes[i][1]
    with language(lang):
        return repr(getattr(hint, "msgid", str(hint))), plain(tr(hint, lang=lang))


def _mistakes_pooled(exercise: str, groups: list[dict[str, Any]], lang: str,
                     words: dict[str, str]) -> list[dict[str, Any]]:
    """The known-mistake groups of every variant pooled by the mistake's idea (its msgid),
    each labelled with its hint (the first variant's numbers); the others as they are."""
    out: list[dict[str, Any]] = []
    pooled: dict[str, dict[str, Any]] = {}
    for group in groups:
        hint = str(group["hint"])
        if not hint.startswith("mistake-"):
            out.append(group)
            continue
        i = int(hint.split("-", 1)[1])
        idea, text = variant_mistake(exercise, group["variant"], i, lang)
        same = pooled.get(idea or hint)
        if same is None:
            group["label"] = f"{words['class_mistake']} {i + 1}" + (f": {text}" if text else "")
            group["variant"] = None
            pooled[idea or hint] = group
            out.append(group)
            continue
        _pool_into(same, group)
    out.sort(key=lambda g: -int(g["count"]))
    return out


def _by_variant(exercise: str, groups: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The "other" groups of the same variant numbers merged (two seeds may draw the same
    numbers), each with its variant's ``question``; the order of :func:`checks.summary`."""
    out: list[dict[str, Any]] = []
    merged: dict[str, dict[str, Any]] = {}
    for group in groups:
        if group["hint"] != "other":
            out.append(group)
            continue
        params, question = variant_question(exercise, group["variant"], lang)
        same = merged.get(params)
        if same is None:
            merged[params] = group
            group["question"] = question
            out.append(group)
            continue
        _pool_into(same, group)
    out.sort(key=lambda g: -int(g["count"]))         # stable: summary's order on ties
    return out


#: An answer as the page sends a number (``cardgames.courseware.answer_numbers.canonical``):
#: a decimal point, no grouping, a fraction's two parts, an optional `` %``.
_SENT_NUMBER = re.compile(r"(-?\d+(?:\.\d+)?)(?:/(-?\d+(?:\.\d+)?))?( %)?")


def shown_answer(answer: str, lang: str) -> str:
    """A student's answer as the class view shows it in ``lang``: a number as the page
    sent it (one way of writing: ``0.0032``, ``16/4960``, ``3.26 %``) written the
    language's way by Babel (decimal comma, grouping point in hr and de; a fraction's parts
    as they are), anything else as typed.  The CSV keeps the way it was sent.

    >>> shown_answer("0.0032", "hr"), shown_answer("16/4960", "de"), shown_answer("3.26 %", "de")
    ('0,0032', '16/4960', '3,26 %')
    >>> shown_answer("2401", "de"), shown_answer("0.0032", "en"), shown_answer("{3, 5, 7}", "hr")
    ('2.401', '0.0032', '{3, 5, 7}')
    """
    m = _SENT_NUMBER.fullmatch(answer)
    if m is None:
        return answer
    from decimal import Decimal

    from babel.numbers import format_decimal

    def one(text: str, group: bool) -> str:
        return format_decimal(Decimal(text), locale=lang, group_separator=group,
                              decimal_quantization=False)

    whole, below, percent = m.groups()
    if below is None:
        return one(whole, True) + (percent or "")
    return f"{one(whole, False)}/{one(below, False)}" + (percent or "")


def _answers_shown(data: dict[str, Any], lang: str) -> None:
    """Every answer to a number exercise in the class view's data (the groups' and each
    student's) as :func:`shown_answer` writes it in ``lang``; the others (a whole number,
    a set, a choice's letter: sent as typed) as they are."""
    for lesson in data["lessons"]:
        for ex in lesson["exercises"]:
            kind = getattr(_exercises().get(ex["exercise"]), "kind", None)
            if getattr(kind, "name", "") != "NUMBER":     # only those are sent one way
                continue
            for group in ex["wrong"]:
                group["answers"] = [[shown_answer(str(a), lang), n] for a, n in group["answers"]]
            for student in ex.get("students", []):
                student["answer"] = shown_answer(str(student["answer"]), lang)


def view_data(store: Any, lang: str) -> dict[str, Any]:
    """:func:`checks.summary` with each exercise's labels and each wrong-answer group's
    label, and the stuck students split into names and a count of anonymous ones; each
    lesson's exercises in their order in the lesson (their number)."""
    data = checks.summary(store)
    w = class_words(lang)
    for lesson in data["lessons"]:
        for ex in lesson["exercises"]:
            lab = labels(ex["exercise"], lang)
            ex["number"], ex["question"] = lab["number"], lab["question"]
            ex["varies"] = lab["varies"]
            ex["wrong"] = _mistakes_pooled(ex["exercise"], ex["wrong"], lang, w)
            if lab["varies"]:
                ex["wrong"] = _by_variant(ex["exercise"], ex["wrong"], lang)
            for group in ex["wrong"]:
                hint = str(group["hint"])
                if "label" in group:
                    continue
                if hint.startswith("mistake-"):
                    i = int(hint.split("-", 1)[1])
                    text = lab["mistakes"][i] if i < len(lab["mistakes"]) else ""
                    group["label"] = f"{w['class_mistake']} {i + 1}" + (
                        f": {text}" if text else "")
                elif hint == "rounding":
                    group["label"] = w["class_rounding"]
                else:
                    group["label"] = w["class_other"]
        # in the lesson's order (exercise 1, 2, ...), not by id; unknown ids last
        lesson["exercises"].sort(key=lambda ex: (ex["number"] is None, ex["number"] or 0,
                                                 ex["exercise"]))
    _answers_shown(data, lang)         # numbers the language's way (issue 31)
    return data


class ClassViewPage(TeacherHandler):
    """``tables/teacher/class``: the class view (the teacher only)."""

    @property
    def w(self) -> dict[str, str]:
        return {**words(self.lang), **class_words(self.lang)}

    def get(self) -> None:
        if self._finished:
            return
        start_warming()                 # (the server started it already: nothing to do)
        self.page("classview.html", poll_ms=POLL_MS)


class ClassViewApi(TeacherHandler):
    """``tables/api/class/view``: the class view's data (JSON, the teacher only)."""

    async def get(self) -> None:
        if self._finished:
            return
        store, lang = class_store(self.settings), self.lang
        # off the event loop: a first look at a variant may take the engine a second, and
        # the kernels' checks and the tables' seats must not wait for it
        data = await IOLoop.current().run_in_executor(None, _view_locked, store, lang)
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.finish(script_json(data))


def _view_locked(store: Any, lang: str) -> dict[str, Any]:
    with _VIEW_LOCK:
        return view_data(store, lang)


class GradebookCsv(TeacherHandler):
    """``tables/api/class/gradebook.csv`` (and ``gradebook-summary.csv``): the gradebook
    (:mod:`classroom.tables.gradebook`), the teacher only, as a download."""

    def initialize(self, shared: Any, summary: bool = False) -> None:
        super().initialize(shared)
        self.summary = summary

    def get(self) -> None:
        if self._finished:
            return
        from . import gradebook

        store = class_store(self.settings)
        name = "gradebook-summary.csv" if self.summary else "gradebook.csv"
        self.set_header("Content-Type", "text/csv; charset=UTF-8")
        self.set_header("Content-Disposition", f'attachment; filename="{name}"')
        self.finish(gradebook.summary_csv(store) if self.summary
                    else gradebook.gradebook_csv(store))


def classview_handlers(base_url: str) -> list[tuple[Any, ...]]:
    """The class view's routes under ``base_url``."""
    shared = Shared(base_url)
    b = shared.base_url + "tables"
    kw = {"shared": shared}
    return [(b + r"/teacher/class/?", ClassViewPage, kw),
            (b + r"/api/class/view", ClassViewApi, kw),
            (b + r"/api/class/gradebook\.csv", GradebookCsv, kw),
            (b + r"/api/class/gradebook-summary\.csv", GradebookCsv, {**kw, "summary": True})]


def _pool_into(same: dict[str, Any], group: dict[str, Any]) -> None:
    """Add ``group``'s count and answers to ``same`` (most given first, the top ones)."""
    same["count"] += group["count"]
    answers: dict[str, int] = dict((a, n) for a, n in same["answers"])
    for a, n in group["answers"]:
        answers[a] = answers.get(a, 0) + n
    same["answers"] = [[a, n] for a, n in sorted(answers.items(),
                                                 key=lambda kv: (-kv[1], kv[0]))
                       ][:checks.TOP_ANSWERS]
