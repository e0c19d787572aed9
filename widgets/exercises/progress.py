"""Progress that survives a reload (issue 31): a lesson page asks the class service for
the student's own progress and gives it back to its exercises.

With a class server (:func:`widgets.kit.classlink.class_link`), the first exercise of a
lesson made in a kernel asks ``tables/api/class/progress`` once for that lesson
(:meth:`ClassLink.read_progress <widgets.kit.classlink.ClassLink.read_progress>`, with
the student's key, or on the hub the token: the service answers only about that
student).  The answer (from the link's thread) is applied on the kernel's loop: the page
takes the variant the student had on this lesson (its exercises redrawn, later ones drawn
with it: :func:`widgets.exercises.exercise.exercise_seed`), and each exercise gets its
tries, whether solved and its last hint back (:meth:`ExerciseWidget.restore`).  Without
a class server nothing is asked, and the exercise's line says that progress is not kept
(:data:`widgets.kit.classlink.LOCAL_NOTE`).

>>> from cardgames.courseware.exercise_data import get
>>> earned_hint(get("01-six-players"), "hint-1", 1) == str(get("01-six-players").hints[0])
True
>>> earned_hint(get("01-six-players"), "", 0)
''
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from cardgames.courseware.answers import Exercise
from cardgames.courseware.texts import tr
from cardgames.i18n import ngettext
from widgets.kit.classlink import class_link

__all__ = ["earned_hint", "follow", "unfollow", "wait_applied"]

log = logging.getLogger(__name__)


def earned_hint(ex: Exercise, hint: str, wrong: int) -> str:
    """The text of the hint the student last got (its id as the class service keeps it:
    ``mistake-<i>``, ``hint-<n>``, ``rounding``), in the current language; ``""`` if none."""
    try:
        if hint.startswith("mistake-"):
            return tr(ex.mistakes[int(hint.split("-", 1)[1])][1])
        if hint.startswith("hint-"):
            n = int(hint.split("-", 1)[1])
            return tr(ex.hints[max(0, min(n, len(ex.hints)) - 1)])
    except (ValueError, IndexError):
        return ""
    if hint == "rounding":
        return ngettext("Round the exact value to {sig} significant figure, halves up.",
                        "Round the exact value to {sig} significant figures, halves up.",
                        ex.sig or 0).format(sig=ex.sig)
    return ""


class _Lesson:
    """One lesson's progress in this kernel: asked once, given to every exercise of it."""

    def __init__(self) -> None:
        self.widgets: list[Any] = []
        self.answer: dict[str, Any] | None = None
        self.lock = threading.Lock()          # the answer comes from the link's thread
        self.received = threading.Event()
        self.applied = threading.Event()
        try:
            self.loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self.loop = None

    def answered(self, reply: dict[str, Any]) -> None:
        """(The link's thread) the service answered: apply it on the kernel's loop."""
        answer = reply.get("answer")
        if not reply.get("ok") or not isinstance(answer, dict):
            log.info("class link: no progress read (%s)", reply.get("error"))
            self.received.set()
            self.applied.set()                 # nothing to give back: the page goes on
            return
        with self.lock:
            self.answer = answer
        self.received.set()
        if self.loop is None:
            return         # no kernel loop (a script, the tests): wait_applied's thread applies
        if not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(self.apply_all)
                return
            except RuntimeError:
                pass
        self.apply_all()

    def apply_all(self) -> None:
        with self.lock:
            widgets = list(self.widgets)
        try:
            for widget in widgets:
                self.apply(widget)
        finally:
            self.applied.set()

    def apply(self, widget: Any) -> None:
        answer = self.answer or {}
        variant = answer.get("variant")
        if isinstance(variant, int) and not isinstance(variant, bool):
            widget.adopt_page_variant(variant)
            widget.use_variant(variant)
        state = (answer.get("exercises") or {}).get(widget.exercise.key)
        if isinstance(state, dict):
            if isinstance(state.get("variant"), int):
                widget.use_variant(state["variant"])
            widget.restore(state)


_LESSONS: dict[str, _Lesson] = {}


def follow(widget: Any) -> None:
    """Give ``widget`` (an :class:`~widgets.exercises.exercise.ExerciseWidget`) the
    student's progress on its lesson, asked once per lesson and kernel; nothing without
    a class server, or for a default variant on a page without a page seed (Jupyter,
    nbval).  An exercise without variants on a served page (its seed is ``None`` there
    too: 03-p32) is followed like the others (issue 31: its solved answer was lost)."""
    link = class_link()
    if link is None or (widget.exercise.seed is None and not widget.page_seeded()):
        return
    lesson = widget.exercise.lesson
    entry = _LESSONS.get(lesson)
    if entry is None:
        entry = _LESSONS[lesson] = _Lesson()
        link.read_progress(lesson, entry.answered)
    with entry.lock:
        entry.widgets.append(widget)
        answered = entry.answer is not None
    if answered:
        entry.apply(widget)


def wait_applied(lesson: str, timeout: float = 10.0) -> bool:
    """Wait until the progress of ``lesson`` was given to the page's exercises (tests).
    Made without a kernel loop (a script, the tests), the exercises get it here, in this
    thread: never from the link's thread, while this one may be drawing a widget in
    another language (``cardgames.i18n.language`` blocks are process-wide)."""
    entry = _LESSONS.get(lesson)
    if entry is None:
        return False
    if entry.loop is None and entry.received.wait(timeout) and not entry.applied.is_set():
        entry.apply_all()
    return entry.applied.wait(timeout)


def unfollow(widget: Any) -> None:
    """``widget`` is closed: no progress for it any more."""
    for entry in _LESSONS.values():
        if widget in entry.widgets:
            entry.widgets.remove(widget)
