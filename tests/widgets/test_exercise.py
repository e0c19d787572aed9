"""The exercise widget: answers read leniently, judged in Python, nothing given away.

The answers, hints not yet earned and worked solutions must never be in a synced trait
(the browser receives every one, and can set any of them and click any button), the same
walk as the hidden-card tests (``hidden.synced_strings``).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hidden import synced_strings

from cardgames.cards import Rank
from cardgames.courseware.answers import (
    AnswerFormError,
    Kind,
    judge_number,
    read_cards,
    read_number,
    read_rank,
    read_ranks,
    read_wholes,
    spellings,
)
from widgets.exercises.exercise import SHOW_SOLUTION_AFTER, ExerciseWidget, Session, exercise
from cardgames.courseware.exercise_data import EXERCISES, by_lesson, get

# The answers written out by hand for this test (tests/lessons/test_lesson_numbers.py
# derives each by a second method).  Each: a right text and a wrong text.
RIGHT_WRONG = {
    "01-six-players": ("7 9 U K", "7 K"),
    "01-all-ranks": ("{3, 5, 7}", "3, 5"),
    "01-after-a-call": ("(1, Rank.TEN)", "0, 10"),
    "02-rounds-ending": ("12", "21"),
    "02-pale-with-ace": ("2, 0", "0, 0"),
    "02-after-aces": ("sevens", "Aces"),
    "03-count-31": ("24", "6"),
    "03-p32": ("1/341", "16/4960"),
    "03-chronicler-21": ("216", "0"),
    "04-two-of-two": ("1/276", "1/92"),
    "04-seen-sevens": ("0.00476", "1/92"),
    "04-posterior": ("0.760", "0.5"),
    "05-best-swap": ("28", "21"),
    "05-reveal-31": ("5.54 %", "0"),
    "05-threshold": ("30", "29"),       # the typical hands of section 3 (issue 31)
    "06-equal-players": ("93/16", "7"),
    "06-games-needed": ("2401", "1801"),
    "06-longest-match": ("0.3125", "1/64"),
    "05-interval": ("a", "c"),
    "06-seats": ("b", "a"),
    "01-who-starts": ("b", "a"),
    "02-false-call": ("b", "a"),
    "03-three-of-a-kind": ("b", "a"),
    "04-without-replacement": ("b", "a"),
}


@pytest.fixture
def closing():
    made = []

    def make(key, session=None):
        w = ExerciseWidget(get(key), session=session or Session())
        made.append(w)
        return w
    yield make
    for w in made:
        w.close_all()


def test_every_exercise_is_listed_here_and_used_in_a_lesson():
    from pathlib import Path

    LESSONS = Path(__file__).resolve().parents[2] / "lessons"
    assert set(RIGHT_WRONG) == set(EXERCISES)
    for lesson in ("01", "02", "03", "04", "05", "06"):
        (path,) = LESSONS.glob(f"{lesson}_*.ipynb")
        text = path.read_text(encoding="utf-8")
        keys = [e.key for e in by_lesson(lesson)]
        assert len(keys) == 4             # three, and a choice check (issue 20)
        for key in keys:
            assert f'exercise(\\"{key}\\")' in text, (key, path.name)


# ----------------------------------------------------------------------------- reading


@pytest.mark.parametrize("text, value", [
    ("1/92", Fraction(1, 92)), (" 0.25 ", Fraction(1, 4)), ("1.1 %", Fraction(11, 1000)),
    ("1.1%", Fraction(11, 1000)), ("2,401", Fraction(2401)), ("0,5", Fraction(1, 2)),
    ("1,234,567", Fraction(1234567)), ("1 234", Fraction(1234)), ("1,234.5", Fraction(2469, 2)),
    ("1.234,5", Fraction(2469, 2)), ("0,760", Fraction(76, 100)), ("5,8125", Fraction(93, 16)),
    ("0,362 %", Fraction(362, 100_000)), ("1/341 ≈ 0.00293", Fraction(1, 341)),
    ("12", Fraction(12)), ("3e-3", Fraction(3, 1000)), ("≈ 0.3", Fraction(3, 10)),
    ("\u22121/2", Fraction(-1, 2)), ("16 / 5456", Fraction(1, 341)),
])
def test_numbers_are_read_leniently(text, value):
    assert read_number(text) == value


@pytest.mark.parametrize("text", ["", "a third", "1/0", "1/2/3", "0.5.5", "x" * 500, "1..2",
                                  "1/341 ≈ 0.0031", "1 ≈ 2 ≈ 3", "0,1,2"])
def test_unreadable_numbers_raise(text):
    with pytest.raises(AnswerFormError):
        read_number(text)


def test_ranks_seats_and_cards_in_the_projects_notation():
    assert read_ranks("7 9 U K") == read_ranks("VII, IX, Unter and King") == \
        read_ranks("{Rank.SEVEN, Rank.NINE, Rank.UNTER, Rank.KING}") == \
        {Rank.SEVEN, Rank.NINE, Rank.UNTER, Rank.KING}
    assert read_rank("tens") is read_rank("10") is read_rank("X") is Rank.TEN
    assert read_wholes("3 5 and 7") == {3, 5, 7}
    assert {str(c) for c in read_cards("ah, 10l *p")} == {"AH", "10L", "*P"}
    with pytest.raises(AnswerFormError):
        read_cards("AH ZZ")


# ------------------------------------------------------------------ precision boundaries


@pytest.mark.parametrize("key, text, status", [
    # 03-p32 = 1/341 = 0.0029325...: 3 significant figures asked
    ("03-p32", "0.00293", "right"), ("03-p32", "0.002933", "right"),
    ("03-p32", "0.29325 %", "right"), ("03-p32", "16/5456", "right"),
    ("03-p32", "0.0029", "too coarse"), ("03-p32", "0.003", "too coarse"),
    ("03-p32", "0.00294", "rounding"), ("03-p32", "0.00292", "rounding"),
    ("03-p32", "0.00295", "wrong"),
    ("03-p32", "3/1024", "wrong"),                     # a fraction must be exact
    # 04-two-of-two = 1/276 = 0.0036231...
    ("04-two-of-two", "0.00362", "right"), ("04-two-of-two", "0.0036", "too coarse"),
    ("04-two-of-two", "0.00363", "rounding"), ("04-two-of-two", "0.362 %", "right"),
    # 04-posterior = 253/333 = 0.75975...
    ("04-posterior", "0.760", "right"), ("04-posterior", "0.7598", "right"),
    ("04-posterior", "0.76", "right"),   # = 0.760, the 3-figure value
    ("04-posterior", "0.8", "too coarse"), ("04-posterior", "0.759", "rounding"),
    # whole-number answers
    ("06-games-needed", "2,401", "right"), ("06-games-needed", "2400", "right"),
    ("06-games-needed", "2410", "rounding"), ("06-games-needed", "2420", "wrong"),
    ("05-best-swap", "28.0", "right"),
    ("05-best-swap", "28.4", "wrong"),
    ("04-posterior", "1.5", "wrong"), ("04-posterior", "seventy", "unreadable"),
])
def test_precision_stated_and_applied(key, text, status):
    ex = get(key)
    assert ex.judge(text).status == status, (key, text)
    if ex.kind is Kind.NUMBER and ex.sig:
        assert f"{ex.sig} significant figures" in ex.form


# Issue 20, items 5-8 and 10: the inputs the review tried, the results worked out by hand.
@pytest.mark.parametrize("key, text", [
    ("04-posterior", "0,760"),        # 253/333 = 0.75975... -> 0.760
    ("06-longest-match", "0,313"),    # 5/16 = 0.3125 -> 0.313 (half a unit: right)
    ("06-equal-players", "5,8125"),   # 93/16 = 5.8125 (a comma with four digits: decimal)
    ("04-two-of-two", "0,362 %"),     # 1/276 = 0.0036231... = 0.362 %
    ("04-seen-sevens", "0,476 %"),    # 1/210 = 0.0047619... = 0.476 %
    ("06-games-needed", "2,401"),     # 1.96^2 * 0.25 / 0.02^2 = 2401: the thousands reading
])
def test_comma_decimals_are_decimals(key, text):
    assert get(key).judge(text).status == "right", (key, text)


@pytest.mark.parametrize("key, text", [
    ("04-posterior", "0.759"),        # 0.75975... rounds to 0.760: 0.759 is cut off
    ("06-equal-players", "5.82"),     # 5.8125 rounds (half up) to 5.81
    ("05-reveal-31", "0.0553"),       # 144/2599 = 0.055406... rounds to 0.0554
    ("04-posterior", "0,759"),
])
def test_a_wrong_last_digit_gets_a_rounding_hint(key, text, closing):
    ex = get(key)
    v = ex.judge(text)
    assert v.status == "rounding" and v.counts_as_try and v.mistake is None, (key, text, v)
    assert "last digit" in v.message and "significant figures" in v.message
    for _, hint in ex.mistakes:          # not a conceptual hint
        assert hint not in v.message
    w = closing(key)
    w.submit(text)
    assert "Almost" in w.feedback.value and "last digit" in w.feedback.value
    assert w.tries == 1 and w.solution_button.layout.display == "none"


def test_a_truncated_known_mistake_gets_the_mistakes_hint():
    """0.0557 is the review's truncation of the old, unconditioned 145/2600 = 0.05577: it
    is 3 units off the answer 144/2599 = 0.05541, 1 unit off the known mistake."""
    v = get("05-reveal-31").judge("0.0557")
    assert v.status == "wrong" and v.mistake and "R-T7" in v.mistake


@pytest.mark.parametrize("key, text", [
    ("01-after-a-call", "seat 1, X (tens)"), ("01-after-a-call", "player 1, tens"),
    ("02-pale-with-ace", "seat 2, then seat 0"), ("02-after-aces", "VII (sevens)"),
    ("03-p32", "1/341 ≈ 0.00293"), ("06-equal-players", "93/16 ≈ 5.81"),
])
def test_the_keys_own_formats_are_accepted(key, text):
    assert get(key).judge(text).status == "right", (key, text)


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_every_printed_key_is_accepted(key):
    ex = get(key)
    assert ex.judge(ex.formatted_answer()).status == "right", (key, ex.formatted_answer())


def test_key_rounds_halves_up():
    assert get("06-longest-match").formatted_answer() == "5/16 ≈ 0.313"      # not 0.312


@pytest.mark.parametrize("text", ["seat 1, X (nines)", "1/276 ≈ 0.5", "seat 2, then"])
def test_the_keys_formats_must_agree_with_themselves(text):
    key = "02-pale-with-ace" if text.startswith("seat 2") else (
        "04-two-of-two" if "/" in text else "01-after-a-call")
    assert get(key).judge(text).status == "unreadable"


def test_two_of_two_misread_as_holding_gets_a_targeted_hint():
    """7/69 = C(22, 6)/C(24, 8) = (8·7)/(24·23): seat 1 holds both unseen sevens."""
    v = get("04-two-of-two").judge("7/69")
    assert v.status == "wrong" and "holds" in v.mistake
    assert get("04-two-of-two").judge("0.101").mistake == v.mistake     # 7/69 = 0.10145


def test_a_right_first_answer_unlocks_the_solution(closing):
    w = closing("04-posterior")
    assert not w.show_solution()
    w.submit("0,760")
    assert w.tries == 1 and w.solution_button.layout.display is None
    assert w.show_solution() and "Solution." in w.solution.value


def test_judge_number_half_a_unit():
    a = Fraction(1, 8)      # 0.125: 3 figures exactly
    assert judge_number(a, Fraction("0.1245"), sig=3) == "right"
    assert judge_number(a, Fraction("0.1256"), sig=3) == "rounding"    # 0.126 vs 0.125
    assert judge_number(a, Fraction("0.1275"), sig=3) == "wrong"       # 0.128: two units


# ------------------------------------------------------------------------- the widget


def _state(w: ExerciseWidget) -> str:
    strings = synced_strings([w, *w.children, *w.children[1].children])
    return "\n".join(t for t in strings if not t.startswith("IPY_MODEL_"))


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_nothing_before_the_first_try_and_no_answer_ever_synced(key, closing):
    ex = get(key)
    w = closing(key)
    assert w.feedback.value == "" and w.solution.value == ""
    assert w.solution_button.layout.display == "none"
    secrets = [ex.worked_solution(), ex.why, *ex.hints, *(h for _, h in ex.mistakes)]
    text = _state(w)
    for secret in secrets:
        assert secret not in text, secret
    # wrong tries: the answer and the solution never appear; hints grow
    right, wrong = RIGHT_WRONG[key]
    seen = []
    for _ in range(3):
        w.answer_box.value = wrong
        w.check_button.click()
        text = _state(w)
        assert "Not yet" in w.feedback.value
        seen.append(w.feedback.value)
        for s in spellings(ex):
            assert not re.search(rf"(?<![\d/.]){re.escape(s)}(?![\d/])", text), (key, s, text)
        assert ex.worked_solution() not in text and ex.why not in text
    assert seen[0] != seen[1] or len(ex.hints) == 1
    # the solution only after three tries; then it is shown
    assert w.solution_button.layout.display is None
    w.solution_button.click()
    assert "Solution." in w.solution.value
    w.answer_box.value = right
    w.check_button.click()
    assert "Right" in w.feedback.value


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_first_wrong_try_targets_a_known_mistake(key, closing):
    ex = get(key)
    for value, hint in ex.mistakes:
        w = closing(key)
        v = value() if callable(value) else value
        text = _as_text(ex.kind, v)
        w.answer_box.value = text
        w.check_button.click()
        assert _html_plain(hint) in _html_plain(w.feedback.value), (key, text, w.feedback.value)


def _as_text(kind, v):
    if kind is Kind.NUMBER:
        v = Fraction(v)
        return f"{v.numerator}/{v.denominator}"
    if kind in (Kind.RANKS, Kind.WHOLES):
        return ", ".join(str(getattr(x, "symbol", x)) for x in v)
    if kind is Kind.RANK:
        return v.symbol
    if kind is Kind.SEAT_RANK:
        return f"{v[0]}, {v[1].symbol}"
    if kind is Kind.SEATS:
        return f"{v[0]}, {v[1]}"
    if kind is Kind.CHOICE:
        return "abcdefgh"[v]
    return str(v)


def _html_plain(s: str) -> str:
    return re.sub(r"<[^>]+>|\*|`", "", s)


def test_browser_cannot_skip_the_tries(closing):
    """A browser can show the hidden button and click it, or set any trait."""
    w = closing("03-count-31")
    w.solution_button.layout.display = None          # as a browser could
    w.solution_button.click()
    assert w.solution.value == ""
    w.feedback.value = "✔ Right."                     # overwritten by the next check
    w.answer_box.value = "x" * 10_000
    w.check_button.click()
    assert "Not yet" not in w.feedback.value and "longer than" in w.feedback.value
    assert w.tries == 0                               # unreadable: not a try


def test_unreadable_is_not_a_try_and_lists_the_forms(closing):
    w = closing("04-two-of-two")
    w.answer_box.value = "about one in three hundred"
    w.check_button.click()
    assert w.tries == 0
    assert "fraction such as" in w.feedback.value and "percentage" in w.feedback.value
    w.answer_box.value = "0.0036"                      # right to 2 figures only
    w.check_button.click()
    assert w.tries == 0 and "not precise enough" in w.feedback.value


def test_tries_are_per_exercise_in_a_session(closing):
    s = Session()
    a, b = closing("06-equal-players", s), closing("06-equal-players", s)
    c = closing("06-longest-match", s)
    for _ in range(SHOW_SOLUTION_AFTER):
        a.submit("4")
    assert b.tries == SHOW_SOLUTION_AFTER and c.tries == 0
    assert b.show_solution() and not c.show_solution()


def test_right_answer_gets_confirmation_and_why(closing):
    w = closing("02-after-aces")
    w.submit("VII")
    assert "Right" in w.feedback.value and "R-L8" in w.feedback.value


def test_repr_is_stable_for_nbval():
    w = exercise("01-six-players", session=Session())
    try:
        assert repr(w) == "ExerciseWidget('01-six-players')"
    finally:
        w.close_all()


@pytest.mark.parametrize("name", ["cardgames.courseware.answers", "cardgames.courseware.answer_numbers", "widgets.exercises.exercise",
                                  "cardgames.courseware.exercise_data"])
def test_doctests(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


# ----------------------------------------------------------------- multiple choice


def test_a_choice_exercise_shows_radio_buttons_and_hides_which_is_right(closing):
    import ipywidgets as ipw

    w = closing("06-seats")
    assert isinstance(w.answer_box, ipw.RadioButtons) and w.answer_box.value is None
    assert [v for _, v in w.answer_box.options] == ["a", "b", "c"]
    assert "(b)" not in w.feedback.value
    w.check_button.click()                        # nothing chosen: not a try
    assert w.tries == 0 and "not one of the choices" in w.feedback.value
    w.answer_box.value = "a"                      # the misconception "won most, so best"
    w.check_button.click()
    assert w.tries == 1 and "interval" in w.feedback.value
    w.answer_box.value = "b"
    w.check_button.click()
    assert "Right" in w.feedback.value and w.solution_button.layout.display is None


def test_a_choice_is_read_by_letter_or_text():
    ex = get("05-interval")
    assert ex.judge("(a)").status == ex.judge("A").status == "right"
    assert ex.judge(ex.choices[0]).status == "right"
    assert ex.judge("e").status == "unreadable"
    for option, hint in ex.mistakes:              # every wrong option has its hint
        assert ex.judge("abcd"[option]).mistake == hint


def test_a_served_page_draws_variants_and_syncs_no_answer(monkeypatch):
    from widgets import exercise as ew
    from cardgames.courseware.answers import FORMS, spellings

    monkeypatch.delenv("CARDGAMES_SEED_EXERCISES", raising=False)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(ew, "_PAGE_SEED", [])
    seed = ew.exercise_seed()
    assert seed is not None and ew.exercise_seed() == seed          # one seed per page
    assert 1 <= seed <= ew.VARIANTS                                 # a short code
    codes = set()
    for _ in range(40):                                             # unpredictable: 40
        monkeypatch.setattr(ew, "_PAGE_SEED", [])                   # draws of 30 codes give
        codes.add(ew.exercise_seed())                               # one alike 30^-39
    assert len(codes) > 1
    monkeypatch.setattr(ew, "_PAGE_SEED", [seed])
    differs = 0
    for key in sorted(EXERCISES):
        w = ew.exercise(key, session=ew.Session())
        ex = w._exercise
        differs += ex is not EXERCISES[key]
        text = "\n".join(synced_strings([w, *w.children, *w.children[1].children]))
        assert ex.worked_solution() not in text and ex.why not in text
        # the question and the answer format's fixed example ("such as 7 U or VII, Unter",
        # the same on every variant) may happen to hold the answer's spelling: not a leak
        shown = text.replace(ex.question, "")
        for form in FORMS.values():
            shown = shown.replace(str(form), "")
        for s in spellings(ex):        # the short whole numbers also occur in layout traits
            if len(s) >= 4:
                assert s not in shown, (key, s)
        w.close_all()
    assert differs >= 15
    # nbval / Jupyter: the default variants
    monkeypatch.delenv("VOILA_PREHEAT")
    monkeypatch.setattr(ew, "_PAGE_SEED", [])
    assert ew.exercise_seed() is None
    w = ew.exercise("06-longest-match")
    assert w._exercise is EXERCISES["06-longest-match"]
    w.close_all()
    # a fixed seed for the tests of served pages; outside Voila it changes nothing
    monkeypatch.setenv("CARDGAMES_SEED_EXERCISES", "7")
    monkeypatch.setattr(ew, "_PAGE_SEED", [])
    assert ew.exercise_seed() is None
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    monkeypatch.setattr(ew, "_PAGE_SEED", [])
    assert ew.exercise_seed() == 7
