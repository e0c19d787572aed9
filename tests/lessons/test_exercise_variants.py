"""Parameterised exercises (issue 20): each variant's answer re-derived by a second method.

For several seeds per exercise the test reads the variant's parameters, derives the answer
itself (a formula where the exercise enumerates with the engine, an independent scorer or
enumeration where the engine computes, the rules read directly), and checks that the
checker accepts it and refuses a near miss; that every mistake-aware hint fires for its
own wrong value; and that the hints and the worked solution are filled in for the variant.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from test_lesson_numbers import (
    _CALLERS,
    _codes,
    _enumerate_claim,
    _independent,
    _lives_chain,
    _oracle,
    _p_lose,
    _plain,
    _ranks_by_formula,
    _unseen,
)

from cardgames.cards import Rank
from cardgames.courseware.answers import Kind, format_answer, hint_for
from cardgames.courseware.exercise_data import EXERCISES, get

SEEDS = (1, 2, 3, 4, 5, 6)
CHOICE_RIGHT = {   # the right option's text, as the default's second-method tests derive it
    "05-interval": "Revealing at 21 is worse than the default",
    "06-seats": "Nothing about the seats",
    # the retrieval checks of lessons 1-4, derived in test_choice_checks_by_a_second_method
    "01-who-starts": "Seat 3",
    "02-false-call": "Seat 3 takes the pile, and seat 2 plays next",
    "03-three-of-a-kind": "`UH OH AH`",
    "04-without-replacement": "(3/24) · (2/23)",
}


@pytest.fixture(scope="module")
def chr_scores():
    deck = list(range(33))
    return [(h, _independent(h)) for h in itertools.combinations(deck, 3)]


def _expected(key: str, p: dict, chr_scores):
    """The answer of the variant with parameters ``p``, derived without the exercise code."""
    if key == "01-six-players":
        return {Rank(r) for r in _ranks_by_formula(p["seat"], p["players"], p["dealer"])}
    if key == "01-all-ranks":
        return {n for n in range(2, 9) if 8 // math.gcd(n, 8) == p["ranks"]}
    if key == "01-after-a-call":           # L10: the caller plays; R-L8: after the 3rd rank
        return (p["caller"], Rank((p["start"] + 3) % 8))
    if key == "02-rounds-ending":          # the rules' oracle: a winner means the round ends
        return sum(_oracle(play, caller, last)[2] is not None for play in p["plays"]
                   for caller in _CALLERS.values() for last in (False, True))
    if key == "02-pale-with-ace":          # R-L6: a lie; L10: liar takes, caller plays
        return (2, p["caller"])
    if key == "02-after-aces":
        return Rank((p["announced"] + 1) % 8)
    if key == "03-count-31":
        return sum(1 for h in itertools.combinations(range(32), 3)
                   if _plain(list(h)) == p["score"])
    if key == "03-chronicler-21":
        return sum(1 for h, s in chr_scores if 32 in h and s == p["score"])
    if key in ("04-two-of-two", "04-seen-sevens"):
        n, symbol = p["claim"].split("x")
        return _enumerate_claim(_unseen(p["hand"], p.get("seen", "")), int(n), Rank.parse(symbol))
    if key == "04-posterior":              # p = 3/24 (one seven held), h = 1 - C(21,8)/C(24,8)
        q = _enumerate_claim(_unseen("7H KA 9B 10L UB OA 8H AH"), 1, Rank.SEVEN)
        h = 1 - Fraction(math.comb(21, 8), math.comb(24, 8))
        pi = p["prior"]
        return pi * (1 - q) / (pi * (1 - q) + (1 - pi) * (1 - h))
    if key == "05-best-swap":
        mine, table = _codes(p["hand"]), _codes(p["table"])
        return max(_plain(mine[:i] + [t] + mine[i + 1:]) for i in range(3) for t in table)
    if key == "05-reveal-31":
        return _p_lose(_codes(p["hand"]), _codes(p["table"]))
    if key == "05-threshold":
        from cardgames.courseware.exercise_data.lesson05 import TABLE, _rows  # which hand stands per score
        return min(s for s, h in _rows() if _p_lose(_codes(h), _codes(TABLE)) < p["level"])
    if key == "06-equal-players":
        return _lives_chain(Fraction(1, 2), Fraction(1, 2), Fraction(0), p["lives"])[3]
    if key == "06-games-needed":
        # a number of games is a count: the formula's value rounded up
        return Fraction(math.ceil(p["p"] * (1 - p["p"]) * Fraction(196, 100) ** 2
                                  / p["w"] ** 2))
    if key == "06-longest-match":
        n = p["lives"]
        return Fraction(math.comb(2 * n, n), 4 ** n)
    raise AssertionError(key)


def _near_miss(kind: Kind, value, sig):
    if kind is Kind.NUMBER:
        v = Fraction(value)
        if sig is None:
            return str(v + Fraction(1, 2))
        e = math.floor(math.log10(abs(float(v)))) - sig + 1
        unit = Fraction(10) ** e                         # a unit in the last figure asked
        k = 3                                            # three units off: wrong (a last
        while ((round(v / unit) + k) % 10) == 0:         # figure 0 would be dropped)
            k += 1
        miss = (round(v / unit) + k) * unit
        return f"{float(miss):.{-e}f}" if e < 0 else str(int(miss))
    if kind is Kind.WHOLE:
        return str(value + 1)
    if kind is Kind.RANK:
        return value.advance(1).label
    if kind in (Kind.RANKS, Kind.WHOLES):           # one item too few, or one too many
        items = sorted(value)
        extra = next(x for x in (list(Rank) if kind is Kind.RANKS else range(2, 9))
                     if x not in value)
        return format_answer(kind, set(items[1:]) if len(items) > 1 else {*items, extra})
    if kind is Kind.SEAT_RANK:
        return format_answer(kind, (value[0], value[1].advance(1)))
    if kind is Kind.SEATS:
        return format_answer(kind, (value[0], (value[1] + 1) % 3))
    raise AssertionError(kind)


def _right_text(kind: Kind, value) -> list[str]:
    if kind is Kind.NUMBER:
        v = Fraction(value)
        return [f"{v.numerator}/{v.denominator}", f"{float(v):.4g}"]
    return [format_answer(kind, value)]


NUMERIC = sorted(k for k, e in EXERCISES.items() if e.kind is not Kind.CHOICE and k != "03-p32")


def test_every_exercise_is_parameterised():
    # 03-p32 asks the one way past 31 (32 needs the Chronicler): nothing to vary
    assert {k for k, e in EXERCISES.items() if e.vary is None} == {"03-p32"}
    for ex in EXERCISES.values():
        if ex.vary is not None:
            assert ex.method and ex.params, ex.key


@pytest.mark.parametrize("key", NUMERIC)
def test_variants_answer_rederived_accepted_and_near_miss_refused(key, chr_scores):
    drawn = set()
    for seed in SEEDS:
        v = get(key, seed)
        assert v is get(key, seed) and v.key == key          # the same seed, the same variant
        p = dict(v.params)
        drawn.add(repr(sorted(p.items())))
        expected = _expected(key, p, chr_scores)
        for text in _right_text(v.kind, expected):
            assert v.judge(text).status == "right", (key, p, text)
        miss = _near_miss(v.kind, expected, v.sig)
        assert v.judge(miss).status in ("wrong", "rounding"), (key, p, miss)
        # the texts are the variant's: the solution shows its answer, hints are filled in
        assert v.formatted_answer() in v.worked_solution()
        assert "{" not in v.question + "".join(v.hints) + v.why
        for tries in (1, 2, 3):
            assert hint_for(v, tries, v.judge(miss))
    assert len(drawn) >= 2, f"{key}: six seeds drew one variant only"
    # the default variant is the lesson's: seed None
    assert get(key) is EXERCISES[key]
    assert get(key).is_right(_expected(key, dict(EXERCISES[key].params), chr_scores))


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_every_variants_mistakes_get_their_own_hint(key):
    for seed in (None, *SEEDS):
        v = get(key, seed)
        answer = v.answer()
        seen = []
        for value, hint in v.mistakes:
            wrong = value() if callable(value) else value
            if (v.kind is Kind.NUMBER and Fraction(wrong) == answer) or wrong == answer \
                    or any(wrong == s for s in seen):
                seen.append(wrong)
                continue                                     # shadowed: never reached
            seen.append(wrong)
            text = (format_answer(v.kind, wrong) if v.kind not in (Kind.CHOICE,)
                    else "abcdefgh"[int(wrong)])
            verdict = v.judge(text)
            assert verdict.status == "wrong" and verdict.mistake == hint, (key, seed, text)


@pytest.mark.parametrize("key", sorted(CHOICE_RIGHT))
def test_choice_variants_reorder_and_keep_the_right_option(key):
    orders = set()
    for seed in SEEDS:
        v = get(key, seed)
        orders.add(v.choices)
        right = v.answer()
        assert v.choices[right].startswith(CHOICE_RIGHT[key])
        assert v.judge("abcdefgh"[right]).status == "right"
        for i in range(len(v.choices)):
            if i != right:
                assert v.judge("abcdefgh"[i]).status == "wrong"
    assert len(orders) >= 2


def test_choice_checks_by_a_second_method():
    """The right option of each retrieval check of lessons 1-4, from the rules or by counting."""
    from cardgames.cards import Rank as R

    assert (2 + 1) % 4 == 3                                  # R-L1: seat dealer + 1 begins
    taker, following, _winner = _oracle("true", 3, False)    # L10: a false accusation
    assert (taker, following) == (3, 2)
    assert _plain(_codes("UH OH AH")) == 31 > _plain(_codes("7H 7B 7A")) == 30.5   # T11
    both = _enumerate_claim(_unseen("7H KA 9B 10L UB OA 8H AH"), 2, R.SEVEN)
    assert both == Fraction(3, 24) * Fraction(2, 23) != Fraction(3, 24) ** 2
    for key, start in CHOICE_RIGHT.items():
        ex = EXERCISES[key]
        assert ex.choices[ex.answer()].startswith(start), key

