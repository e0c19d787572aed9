"""Reading and judging a student's answer to a lesson exercise (no widgets here).

An :class:`Exercise` holds a question, how its answer is read (:class:`Kind`), the
precision it asks for, hints that grow with the tries, mistake-aware hints, a one-line
*why* for a right answer and a worked solution.  The answer itself is **computed by the
engine** (``Exercise.compute``) when first needed and lives only in Python: the widget
(:mod:`widgets.exercises.exercise`) never puts it, or anything that reveals it, in a synced trait.

Answers are read leniently: ``1/92``, ``0.0109``, ``1.09 %``, ``0,760``, ``12``, the key's
own ``1/341 ≈ 0.00293``, and lists of ranks (``7 9 U K``, ``VII, IX, Unter, King``,
``{Rank.SEVEN, Rank.NINE}``), seats (``seat 2, then seat 0``, ``player 1, tens``) or cards
(``AH KH 9B``, via :func:`cardgames.as_cards`).

**Numbers as the student writes them** (:func:`~cardgames.courseware.answer_numbers.read_numbers`,
Babel's locale-aware parsing): the page's language first (``2.401`` is 2401 in Croatian
and German, as their lessons print it; ``0,5`` is ½), then the other way of writing
(``0.5`` on a Croatian page, ``0,5`` on an English one).  Input that reads as two
different numbers that way (``2,401`` on an English page: 2401 or 2.401; ``5.813`` on a
German one) gets a question back and is not counted as a try (:attr:`Verdict.status`
``'ambiguous'``), unless the answer is a count (a whole number: the page's reading is
taken; the other would not be whole).

>>> read_number("1.1 %")
Fraction(11, 1000)
>>> judge_number(Fraction(1, 341), read_number("0.00293"), sig=3)
'right'
>>> judge_number(Fraction(1, 341), read_number("0.0029"), sig=3)
'too coarse'
>>> sorted(read_ranks("7 9 U K"))
[<Rank.SEVEN: 0>, <Rank.NINE: 2>, <Rank.UNTER: 4>, <Rank.KING: 6>]
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from cardgames.courseware.answer_forms import (
    FORMS,
    LETTERS,
    READERS,
    Kind,
    format_answer,
    normal,
    read_cards,
    read_choice,
    read_pair,
    read_rank,
    read_ranks,
    read_wholes,
)
from cardgames.courseware.answer_numbers import (
    AnswerFormError,
    judge_number,
    read_number,
    read_numbers,
    read_whole,
)
from cardgames.courseware.answer_numbers import is_decimal_form as _is_decimal_form
from cardgames.courseware.texts import tr
from cardgames.i18n import decimal, ngettext
from cardgames.i18n import gettext as _

# the forms of an answer (Kind, the readers, format_answer) are in answer_forms.py; their
# names stay importable from here
__all__ = ["AnswerFormError", "Kind", "Exercise", "Verdict", "read_number", "read_numbers",
           "read_whole",
           "read_rank", "read_ranks", "read_wholes", "read_pair", "read_cards", "read_choice",
           "judge_number", "format_answer", "FORMS", "LETTERS", "READERS"]

@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: ``status`` is ``'right'``, ``'wrong'``, ``'rounding'``
    (a wrong last digit), ``'too coarse'``, ``'ambiguous'`` (reads as two numbers: asked
    back) or ``'unreadable'``; ``mistake`` is the targeted
    hint of a known wrong answer."""

    status: str
    message: str = ""
    mistake: str | None = None
    #: which of the exercise's ``mistakes`` it is (``mistake`` is its hint, translated)
    mistake_index: int | None = None

    @property
    def counts_as_try(self) -> bool:
        """Right, wrong and misrounded answers are tries (a misrounded one is not right, and
        trying again for free would let a page search the digits); unreadable, ambiguous and
        too coarse ones are not."""
        return self.status in ("right", "wrong", "rounding")


@dataclass(frozen=True, eq=False)
class Exercise:
    """One exercise of a lesson; ``compute`` asks the engine for the answer.

    ``mistakes`` maps a known wrong answer (a Python value of the answer's kind, or a
    callable returning it) to a targeted hint; ``hints`` grow in strength; ``solution``
    is the worked solution, ``{answer}`` in it is filled in with the computed answer.
    The texts are :class:`~cardgames.courseware.texts.Msg` (English ``str`` that keep their
    msgid), translated when shown: :meth:`worked_solution`, :attr:`form`,
    :attr:`shown_choices`, :meth:`judge`'s messages and :func:`hint_for` are in the
    current language.
    """

    key: str
    lesson: str
    number: int
    question: str
    kind: Kind
    compute: Callable[[], Any]
    hints: tuple[str, ...]
    why: str
    solution: str
    mistakes: tuple[tuple[Any, str], ...] = ()
    sig: int | None = 3              # NUMBER: significant figures asked for (None: exact)
    probability: bool = False
    precision_text: str = field(default="")
    choices: tuple[str, ...] = ()    # CHOICE: the options, (a), (b), ...; wrong ones are
                                     # misconceptions, with their hints in ``mistakes``
    #: a parameterised exercise: ``vary(rng)`` builds the variant drawn by ``rng`` (its
    #: question, answer, hints and mistakes from the same parameters); ``params`` are this
    #: variant's parameters and ``method`` the general method, for the answer key
    vary: Callable[[random.Random], Exercise] | None = None
    params: tuple[tuple[str, Any], ...] = ()
    method: str = ""
    #: the seed that drew this variant (``None``: the default variant); the class view
    #: rebuilds the variant from the key and this seed
    seed: int | None = None
    #: the answer is a count (a whole number): read numbers the page's way, never asked back
    count: bool = False
    #: an explorer that works this variant on the page: ``(name, ((param, value), ...))``,
    #: rendered by :mod:`widgets.exercises.exercise` (``"reveal"``: the reveal explorer
    #: over the variant's table); plain data, no widgets here
    explorer: tuple[str, tuple[tuple[str, Any], ...]] | None = None

    def variant(self, seed: int | None) -> Exercise:
        """The variant drawn by ``seed`` (``None``: this one, the default variant).

        The same key and seed always draw the same variant; the answer is computed by the
        engine for that variant, like the default's.
        """
        if seed is None or self.vary is None:
            return self
        return _variant(self, int(seed))

    def answer(self) -> Any:
        """The answer, computed by the engine (cached per process)."""
        if self not in _ANSWERS:
            _ANSWERS[self] = normal(self.kind, self.compute())
        return _ANSWERS[self]

    @property
    def answer_ready(self) -> bool:
        """Whether the answer is already computed (some take the engine seconds)."""
        return self in _ANSWERS

    @property
    def form(self) -> str:
        """What the question asks the answer to look like (stated in the question)."""
        if self.precision_text:
            return tr(self.precision_text)
        if self.kind is Kind.CHOICE:
            return _("Choose one:") + " " + " ".join(f"({LETTERS[i]}) {c}"
                                                     for i, c in enumerate(self.shown_choices))
        if self.kind is Kind.NUMBER:
            if self.sig is None:
                return _("Give an exact fraction.")
            return ngettext("Give an exact fraction, or a decimal to {sig} significant figure.",
                            "Give an exact fraction, or a decimal to {sig} significant figures.",
                            self.sig).format(sig=self.sig)
        return _("Answer with {form}.").format(form=_(FORMS[self.kind]))

    @property
    def shown_choices(self) -> tuple[str, ...]:
        """The choices as shown, in the current language."""
        return tuple(tr(c) for c in self.choices)

    def read(self, text: str) -> Any:
        if self.kind is Kind.CHOICE:
            try:
                return read_choice(text, self.shown_choices)
            except AnswerFormError:                # the English text of a choice is read too
                return read_choice(text, tuple(str(c) for c in self.choices))
        return READERS[self.kind](text)

    def formatted_answer(self) -> str:
        """The answer as the key prints it, in the current language."""
        if self.kind is Kind.CHOICE:
            i = self.answer()
            return f"({LETTERS[i]}) {self.shown_choices[i]}"
        return format_answer(self.kind, self.answer(), sig=self.sig)

    def worked_solution(self) -> str:
        """The worked solution with the answer, in the current language."""
        return tr(self.solution, answer=self.formatted_answer())

    def _same(self, answer: Any, given: Any, text: str) -> str:
        if self.kind is Kind.NUMBER:
            return judge_number(answer, given, sig=self.sig, decimal=_is_decimal_form(text))
        return "right" if given == answer else "wrong"

    def _readings(self, text: str) -> tuple[Any, ...]:
        if self.kind is Kind.NUMBER:
            return read_numbers(text)
        return (self.read(text),)

    @property
    def whole_answer(self) -> bool:
        """Whether the answer is a count (a whole number)."""
        return self.count or self.kind is Kind.WHOLE

    def judge(self, text: str) -> Verdict:
        """Read ``text`` and judge it against the computed answer.

        Two readings (``2,401`` on an English page) are asked back, unless the answer is a
        count (the first whole reading counts).  A known mistake, given exactly or to a
        rounding slip, gets its targeted hint; a rounding slip of the answer gets a hint
        about rounding, not about the idea.
        """
        try:
            readings = self._readings(text)
        except AnswerFormError as e:
            return Verdict("unreadable", _("I could not read that ({error}). {form} "
                                           "Accepted: {forms}.").format(
                error=e, form=self.form, forms=_(FORMS[self.kind])))
        if self.probability and len(readings) > 1:    # a reading above 1 is not meant
            readings = tuple(v for v in readings if 0 <= v <= 1) or readings[:1]
        if self.kind is Kind.NUMBER and len(readings) > 1:
            if not self.whole_answer:
                return Verdict("ambiguous", _(
                    "Did you mean {first} or {second}? Write it again with the decimal mark "
                    "of this page ({example}), without grouping marks.").format(
                    first=_shown(readings[0]), second=_shown(readings[1]),
                    example=decimal("0.5")))
            readings = tuple(sorted(readings, key=lambda v: v.denominator != 1))[:1]
        if self.probability:
            readings = tuple(v for v in readings if 0 <= v <= 1)
            if not readings:
                return Verdict("wrong", _("A probability lies between 0 and 1."))
        answer = self.answer()
        statuses = [self._same(answer, v, text) for v in readings]
        if "right" in statuses:
            return Verdict("right", tr(self.why))
        given, status = readings[0], statuses[0]
        if status == "too coarse":
            return Verdict(status, _("Close, but not precise enough. {form}").format(
                form=self.form))
        wrongs = [(normal(self.kind, v() if callable(v) else v), tr(hint))
                  for v, hint in self.mistakes]
        for i, (wrong, hint) in enumerate(wrongs):
            if any(self._same(wrong, v, text) == "right" for v in readings):
                return Verdict("wrong", hint, mistake=hint, mistake_index=i)
        if status == "rounding":
            return Verdict("rounding", ngettext(
                "Close: check the last digit. Round the exact value to {sig} significant "
                "figure, halves up, rather than cutting digits off.",
                "Close: check the last digit. Round the exact value to {sig} significant "
                "figures, halves up, rather than cutting digits off.",
                self.sig or 0).format(sig=self.sig))
        for i, (wrong, hint) in enumerate(wrongs):
            if self._same(wrong, given, text) == "rounding":
                return Verdict("wrong", hint, mistake=hint, mistake_index=i)
        return Verdict("wrong")

    def is_right(self, value: Any) -> bool:
        """Whether a Python value (or text) is the answer (tests and the notebooks)."""
        if isinstance(value, str):
            return self.judge(value).status == "right"
        try:
            given = normal(self.kind, value)
        except (TypeError, ValueError):
            return False
        if self.kind is Kind.NUMBER and isinstance(value, float):
            return judge_number(self.answer(), given, sig=self.sig or 3) == "right"
        return self._same(self.answer(), given, "") == "right"


def _shown(value: Fraction) -> str:
    """A reading as the page writes it (``2401``, ``2,401`` in hr and de)."""
    if value.denominator == 1:
        return str(value.numerator)
    return decimal(str(float(value)))


#: computed answers, per exercise (plain Python, never synced)
_ANSWERS: dict[Exercise, Any] = {}
_VARIANTS: dict[tuple[str, int], Exercise] = {}


def _variant(ex: Exercise, seed: int) -> Exercise:
    """``ex.vary`` drawn from a generator seeded by the key and ``seed`` (cached, bounded)."""
    slot = (ex.key, seed)
    if slot not in _VARIANTS:
        if len(_VARIANTS) >= 512:                   # a kernel needs one per exercise
            for old in list(_VARIANTS)[:256]:
                _ANSWERS.pop(_VARIANTS.pop(old), None)
        assert ex.vary is not None
        drawn = ex.vary(random.Random(f"{ex.key}|{seed}"))
        _VARIANTS[slot] = dataclasses.replace(drawn, seed=seed)
    return _VARIANTS[slot]


def hint_for(ex: Exercise, wrong_tries: int, verdict: Verdict) -> str:
    """The hint after ``wrong_tries`` wrong tries: the targeted one first, stronger later."""
    step = min(wrong_tries, len(ex.hints)) - 1
    general = tr(ex.hints[max(step, 0)])
    if verdict.mistake and wrong_tries <= 1:
        return verdict.mistake
    if verdict.mistake:
        return f"{verdict.mistake} {general}"
    return general


def spellings(ex: Exercise) -> Iterable[str]:
    """Texts that would give the answer away (for the hidden-answer tests)."""
    value = ex.answer()
    if ex.kind is Kind.CHOICE:       # the choices are on the page: which one is the secret
        return set()
    out = {ex.formatted_answer()}
    if ex.kind is Kind.NUMBER:
        v = Fraction(value)
        out |= {f"{v.numerator}/{v.denominator}", f"{float(v):.3g}", f"{float(v):.4f}"}
    elif ex.kind in (Kind.WHOLE,):
        out |= {str(value), f"{value:,}"}
    return out

