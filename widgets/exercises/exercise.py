"""The exercise widget of the lessons: a question, a text box, **Check**, a feedback line.

Works the same in JupyterLab and in Voila (only standard ipywidgets).  Everything is
checked in Python: the answer, the hints not yet earned and the worked solution live in
plain Python attributes (the :class:`~cardgames.courseware.answers.Exercise` and a :class:`Session`),
never in a synced trait, so the browser sees only the question, what the student typed
and the feedback already earned (see ``widgets/__init__.py``).

Every text is shown in the language current when the widget is made or the answer is
checked (:mod:`cardgames.courseware.texts`): a page in Croatian shows the Croatian question,
hints and solution of an exercise built earlier, with decimal commas.

* Nothing before the first try: the feedback line starts empty.
* A form it cannot read gets a message listing the forms it accepts (not a try).
* A multiple-choice exercise (``Kind.CHOICE``) shows its options as radio buttons; each
  wrong option is a misconception of the teacher notes, with its own hint.
* A wrong try gets a hint: the first one targeted at the mistake when it is a known one,
  later ones stronger.  A right answer gets a confirmation and a one-line why.
* A decimal one digit off (cut off, or rounded the wrong way) gets a hint about rounding,
  not about the idea; it counts as a try.
* Each exercise is drawn as a variant (other numbers, the same idea) from a per-page
  seed when served (:func:`exercise_seed`: unpredictable, one per kernel, so neighbours
  get different numbers), and as its default variant in Jupyter and nbval (stable
  outputs).  The variant's answer is computed by the engine like the default's.
* Tries are counted per exercise within the kernel session; **Show solution** appears
  once the exercise is solved or after three tries, and a click on it is honoured only
  then (a browser can click a hidden button).

>>> w = ExerciseWidget(get("01-all-ranks"), session=Session())
>>> w.feedback.value
''
>>> _ = w.submit("3, 5, 7, 8"); "Not yet" in w.feedback.value
True
>>> _ = w.submit("{3, 5, 7}"); "Right" in w.feedback.value
True
>>> w.close_all()
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as ipw

from cardgames.courseware.answers import LETTERS, Exercise, Kind, Verdict, hint_for
from cardgames.courseware.exercise_data import EXERCISES, get
from cardgames.courseware.texts import inline_html, tr
from cardgames.i18n import N_, decimal, ngettext
from cardgames.i18n import gettext as _
from cardgames.seeds import VARIANTS, variant_code
from widgets.app.seeding import app_seed
from widgets.exercises.progress import earned_hint, follow, unfollow
from widgets.exercises.report import ClassNote, report_check
from widgets.kit.rule_links import RulesHTML

__all__ = ["ExerciseWidget", "Session", "SESSION", "exercise", "exercise_seed", "inline_html",
           "get", "EXERCISES", "VARIANTS", "variant_code"]

SHOW_SOLUTION_AFTER = 3
#: A number as the page sends it (``answer_numbers.canonical``: a decimal point, no grouping).
_SENT_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:/-?\d+(?:\.\d+)?)?(?: %)?")


@dataclass
class Session:
    """Tries per exercise in one kernel session (plain Python: never synced)."""

    tries: dict[str, int] = field(default_factory=dict)
    wrong: dict[str, int] = field(default_factory=dict)
    solved: set[str] = field(default_factory=set)


SESSION = Session()
#: An exercise's title in the printed handouts (tools/handouts.py); on a lesson page the
#: lesson's "### Exercise N" heading is the title (issue 31: one heading per exercise).
TITLE = N_("Exercise {number}.")


class ExerciseWidget(ipw.VBox):
    """One exercise.  ``exercise`` and ``session`` are plain attributes (not traits)."""

    children: tuple[Any, ...]          # the VBox's trait (for the type checker)

    def __init__(self, ex: Exercise, *, session: Session | None = None, **kwargs):
        self._exercise = ex
        self._session = SESSION if session is None else session
        choice = ex.kind is Kind.CHOICE
        self.question = RulesHTML(self._question_html())
        self.answer_box: ipw.Text | ipw.RadioButtons
        if choice:                     # the options are public; which is right is not
            self.answer_box = ipw.RadioButtons(
                options=self._options(), value=None,
                layout=ipw.Layout(width="auto", max_width="100%"))
        else:
            self.answer_box = ipw.Text(placeholder=_("your answer"), description=_("Answer:"),
                                       layout=ipw.Layout(width="24em"))
        self.check_button = ipw.Button(description=_("Check"), button_style="primary",
                                       tooltip=_("check your answer"))
        self.solution_button = ipw.Button(description=_("Show solution"),
                                          layout=ipw.Layout(display="none"))
        self.feedback = RulesHTML("", layout=ipw.Layout(min_height="1.5em"))
        self.solution = RulesHTML("")
        self.class_note = ClassNote()    # the class link (issue 22): shared or local
        self.check_button.on_click(lambda _b: self.submit(self.answer_box.value))
        self.solution_button.on_click(lambda _b: self.show_solution())
        self.explorer = _explorer(ex)      # the variant's own explorer, if it has one
        super().__init__(
            [self.question,
             ipw.HBox([self.answer_box, self.check_button, self.solution_button]),
             self.feedback, self.solution,
             *([self.explorer] if self.explorer is not None else []), self.class_note],
            **kwargs)
        self.add_class("cg-exercise")
        self._refresh_solution_button()
        follow(self)                     # a reloaded page: the student's progress back

    def _question_html(self) -> str:
        ex = self._exercise
        form = _("Choose one, then Check.") if ex.kind is Kind.CHOICE else ex.form
        # no "Exercise N." (TITLE) here: the lesson's "### Exercise N" heading above the
        # widget is its one title on the page (issue 31); the printed handouts use TITLE
        word = _("variant {code}")
        code = ("" if ex.seed is None else
                f"<span class='cg-variant' style='color:#555;font-size:.85em'>"
                f"{html.escape(word.format(code=ex.seed))}</span> ")
        return (f"<div class='cg-exercise-question'>{code}"
                f"{inline_html(tr(ex.question))} <i>{inline_html(form)}</i></div>")

    def _options(self) -> list[tuple[str, str]]:
        return [(f"({LETTERS[i]}) {c}", LETTERS[i])
                for i, c in enumerate(self._exercise.shown_choices)]

    @property
    def exercise(self) -> Exercise:
        """The exercise (the variant) this widget asks."""
        return self._exercise

    @staticmethod
    def adopt_page_variant(variant: int) -> None:
        """Later exercises of this page draw ``variant`` too (the variant a reloaded page's
        student had, :mod:`widgets.exercises.progress`); nothing on an unserved page."""
        if _PAGE_SEED and _PAGE_SEED[0] is not None:
            _PAGE_SEED[0] = variant

    @staticmethod
    def page_seeded() -> bool:
        """Whether this page draws its exercises from a page seed (served by Voila; not
        Jupyter, nbval, the handouts): its student's progress is asked for, an exercise
        without variants included."""
        return bool(_PAGE_SEED) and _PAGE_SEED[0] is not None

    def use_variant(self, seed: int | None) -> None:
        """Ask the variant drawn by ``seed`` instead (a reloaded page takes the variant the
        student had): the question, the options and the explorer redrawn."""
        drawn = get(self._exercise.key, seed)
        if drawn is self._exercise:
            return
        self._exercise = drawn
        self.question.value = self._question_html()
        if isinstance(self.answer_box, ipw.RadioButtons):
            self.answer_box.options = self._options()
            self.answer_box.value = None
        if self.explorer is not None:
            new = _explorer(drawn)
            kids: tuple[Any, ...] = tuple(self.children)
            self.children = tuple(new if c is self.explorer else c for c in kids
                                  if new is not None or c is not self.explorer)
            self.explorer.close()
            self.explorer = new

    def restore(self, state: dict[str, object]) -> None:
        """The student's progress on this exercise, as the class service kept it
        (:func:`classroom.tables.checks.progress`): tries, solved, the last hint."""
        key = self._exercise.key
        tries, wrong = _count(state.get("tries")), _count(state.get("wrong"))
        if tries <= self.tries:
            return                       # this page went further already
        self._session.tries[key] = tries
        self._session.wrong[key] = wrong
        self._put_back(state.get("answer"))
        if state.get("solved"):
            self._session.solved.add(key)
            self._say("✔ " + ngettext("Solved before, after {n} try.",
                                       "Solved before, after {n} tries.", tries).format(n=tries)
                      + " " + _sentence(tr(self._exercise.why)), "green")
        else:
            hint = earned_hint(self._exercise, str(state.get("hint") or ""), wrong)
            self._say("↻ " + ngettext("Your progress is back: {n} try so far.",
                                       "Your progress is back: {n} tries so far.",
                                       tries).format(n=tries)
                      + (" " + _("Hint:") + f" {hint}" if hint else ""), "#555")
        self._refresh_solution_button()

    def _put_back(self, answer: object) -> None:
        """The answer the student last checked, back in its box (a choice: its option; a
        number as the page sent it, ``0.5``, written the page's way, ``0,5`` in hr/de)."""
        if not isinstance(answer, str) or not answer.strip():
            return
        if isinstance(self.answer_box, ipw.RadioButtons):
            values = [v for _label, v in self._options()]
            if answer in values:
                self.answer_box.value = answer
            return
        if self._exercise.kind is Kind.NUMBER and _SENT_NUMBER.fullmatch(answer):
            answer = decimal(answer)
        self.answer_box.value = answer[:200]

    def __repr__(self) -> str:          # stable text/plain for nbval
        return f"ExerciseWidget({self._exercise.key!r})"

    @property
    def tries(self) -> int:
        return self._session.tries.get(self._exercise.key, 0)

    def submit(self, text: object) -> Verdict:
        """Judge ``text`` (whatever the browser sent) and update the feedback line."""
        ex, key = self._exercise, self._exercise.key
        if not ex.answer_ready:          # the engine may take a few seconds: say so at once
            self._say("… " + _("checking"), "#555")
        verdict = ex.judge(text if isinstance(text, str) else "")
        if verdict.counts_as_try:
            self._session.tries[key] = self.tries + 1
        if verdict.status == "right":
            self._session.solved.add(key)
            self._say("✔ " + _("Right.") + " " + _sentence(verdict.message), "green")
        elif verdict.status == "wrong":
            wrong = self._session.wrong[key] = self._session.wrong.get(key, 0) + 1
            lead = verdict.message if verdict.message and not verdict.mistake else ""
            self._say("✘ " + _("Not yet (try {n}).").format(n=self.tries) + f" {lead} "
                      + _("Hint:") + f" {hint_for(ex, wrong, verdict)}", "#b00020")
        elif verdict.status == "rounding":
            self._say("≈ " + _("Almost (try {n}).").format(n=self.tries) + f" {verdict.message}",
                      "#8a5a00")
        else:
            self._say("… " + verdict.message, "#8a5a00")
        self._refresh_solution_button()
        report_check(ex, text, verdict, self._session.wrong.get(key, 0))   # the class view
        return verdict

    def show_solution(self) -> bool:
        """Show the worked solution, only if earned (three tries, or solved)."""
        if not self._earned():
            return False
        word = html.escape(_("Solution."))
        self.solution.value = (f"<div class='cg-exercise-solution'><b>{word}</b> "
                               f"{inline_html(self._exercise.worked_solution())}</div>")
        return True

    def _say(self, text: str, colour: str) -> None:
        self.feedback.value = (f"<span class='cg-exercise-feedback' style='color:{colour}'>"
                               f"{inline_html(' '.join(text.split()))}</span>")

    def _earned(self) -> bool:
        return (self.tries >= SHOW_SOLUTION_AFTER
                or self._exercise.key in self._session.solved)

    def _refresh_solution_button(self) -> None:
        self.solution_button.layout.display = None if self._earned() else "none"

    def close_all(self) -> None:
        unfollow(self)
        if self.explorer is not None and hasattr(self.explorer, "close_all"):
            self.explorer.close_all()
        for w in (self.question, self.answer_box, self.check_button, self.solution_button,
                  self.feedback, self.solution, self.class_note, *self.children):
            w.close()
        self.close()


def _count(value: object) -> int:
    """A count the class service sent back (tries, wrong answers): 0 unless a whole number."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _sentence(text: str) -> str:
    """``text`` as a sentence after another: its first letter capital (the why-lines start
    lower case, written to follow "Right.").

    >>> _sentence("prvi redak"), _sentence("")
    ('Prvi redak', '')
    """
    return text[:1].upper() + text[1:]


def _explorer(ex: Exercise) -> ipw.Widget | None:
    """The widget of ``ex.explorer`` (``"reveal"``: lesson 5's reveal explorer over the
    variant's own table, one hand per score and the variant's hand at 31)."""
    if ex.explorer is None:
        return None
    name, params = ex.explorer
    if name != "reveal":
        raise ValueError(f"no explorer called {name!r}")
    from cardgames.courseware.exercise_data.lesson05 import explorer_hands
    from widgets.explainers.reveal_explorer import RevealExplorer

    p = dict(params)
    return RevealExplorer(table=p["table"], hands=explorer_hands(p["table"], p["hand"]))


_PAGE_SEED: list[int | None] = []


def _served() -> bool:
    """Whether this kernel runs a page served by Voila (a pre-heated kernel too)."""
    return "VOILA_PREHEAT" in os.environ or "VOILA_BASE_URL" in os.environ


def exercise_seed() -> int | None:
    """This page's variant code (the seed of its exercises' variants): when served by
    Voila, a random one of 1 to :data:`VARIANTS` (once per kernel: one kernel serves one
    page; the answer key tabulates every code), ``CARDGAMES_SEED_EXERCISES`` if set (the
    tests), or the code the student had on this lesson before (:mod:`widgets.exercises.
    progress`); else ``None`` (the default variants: Jupyter, nbval, the handouts).

    >>> import os
    >>> served = "VOILA_PREHEAT" in os.environ or "VOILA_BASE_URL" in os.environ
    >>> _PAGE_SEED.clear(); (exercise_seed() is None) is not served
    True
    >>> _PAGE_SEED.clear()
    """
    if not _PAGE_SEED:
        _PAGE_SEED.append(variant_code(app_seed("exercises")) if _served() else None)
    return _PAGE_SEED[0]


def exercise(key: str, *, session: Session | None = None,
             seed: int | None | str = "page") -> ExerciseWidget:
    """The widget for exercise ``key`` (e.g. ``"01-six-players"``), for a lesson cell: the
    variant of this page's seed (:func:`exercise_seed`), or of ``seed`` (``None``: the
    default variant)."""
    chosen = exercise_seed() if seed == "page" else seed
    return ExerciseWidget(get(key, None if chosen is None else int(chosen)), session=session)
