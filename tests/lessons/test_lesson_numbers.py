"""The numbers the lessons print, checked by a SECOND method.

Each lesson computes its numbers with the engine / analysis functions; here
they are recomputed another way (exact enumeration with an independent scorer,
a formula, or a seeded simulation with a stated tolerance) and compared, and
the stored notebook is checked to show them.  nbval (test_notebooks.py) then
guarantees the stored outputs are what the engine prints today.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from lessonlib import stored_text

from cardgames.cards import ORDINARY_CARDS, Rank

# --------------------------------------------------------------------------- lesson 1


def _ranks_by_formula(seat: int, players: int, dealer: int = 0) -> set[int]:
    """Seat s first plays turn t0 = (s - dealer - 1) mod n, then every n turns (R-L1, L8):
    the ranks t0 + k*n (mod 8) form the coset t0 + gcd(n, 8)Z of Z/8."""
    t0 = (seat - dealer - 1) % players
    g = math.gcd(players, 8)
    return {r for r in range(8) if (r - t0) % g == 0}


@pytest.mark.parametrize("players", range(2, 9))
def test_lesson01_ranks_per_seat_formula_vs_widget(players):
    from widgets.rank_cycle import ranks_of_seat   # the explainer's own listing

    for seat in range(players):
        listed = {int(r) for r in ranks_of_seat(seat, players=players, start=1 % players)}
        assert listed == _ranks_by_formula(seat, players)
        assert len(listed) == 8 // math.gcd(players, 8)


class _OneCardNoCalls:
    """Plays one card each turn and never calls: the round of section 3 of lesson 1."""

    name = "one-card-no-calls"

    def act(self, view, legal, rng):
        from cardgames.liar import PASS

        if PASS in legal:
            return PASS
        return next(a for a in legal if len(a.cards) == 1)


@pytest.mark.parametrize("players", range(2, 9))
def test_lesson01_ranks_per_seat_formula_vs_engine(players):
    """The Liar engine, played without calls, announces the ranks the gcd formula says."""
    from cardgames.liar import LiarGame, Played
    from cardgames.play import play_game

    game = LiarGame(players=players, decks=1 if players <= 4 else 2)
    record = play_game(game, [_OneCardNoCalls()] * players, seed=11)
    events = game.replay(record.seed, record.history).events
    plays = [e for e in events if isinstance(e, Played)]
    assert len(plays) >= 8 * players // math.gcd(players, 8)   # long enough to see them all
    for seat in range(players):
        assert {int(e.announced) for e in plays if e.player == seat} == \
            _ranks_by_formula(seat, players)


def test_lesson01_caught_lie_with_engine(checker):
    """Exercise 3's position played on the engine: L10 and R-L8."""
    from cardgames.liar import LiarGame

    game = LiarGame(players=4)
    state = game.state_from_position(
        hands=["7H 8H", "9H 10H", "UH OH", "KH AH"],
        pile=[(1, "7B"), (2, "8B"), (3, "KB", "9")], phase="call_window")
    assert state.current_player == 0
    state.apply("pass")     # seat 0 lets it stand
    state.apply("call")     # seat 1 calls; KB is not a nine: caught
    assert checker.is_right("01-after-a-call", (state.current_player, state.due_rank))
    assert (state.current_player, state.due_rank) == (1, Rank.TEN)


def test_lesson01_stored_numbers():
    text = stored_text("01")
    assert "points in one suit: 75" in text and "points in the deck: 300" in text
    # 4 players: seat 1 sees VII and Unter only (turns 0, 4, 8, ...)
    assert "seat 1: 7 U" in text
    assert "seat 0: 7 8 9 10 U O K A" in text    # 3 players: gcd(3, 8) = 1
    assert "next to play: 0 | rank due: IX" in text    # the engine demo: L10, R-L8


def test_lesson01_exercises(checker):
    six = _ranks_by_formula(1, 6)
    assert checker.is_right("01-six-players", {Rank(r) for r in six})
    full = {n for n in range(2, 9) if all(len(_ranks_by_formula(s, n)) == 8 for s in range(n))}
    assert full == {3, 5, 7}
    assert checker.is_right("01-all-ranks", full)
    assert not checker.is_right("01-all-ranks", {3})
    assert not checker.is_right("01-after-a-call", (0, Rank.TEN))


# --------------------------------------------------------------------------- lesson 3

_VALUES = [c.rank.points for c in ORDINARY_CARDS]


def _plain(codes) -> float:
    """An independent T11/R-T2 scorer on card codes (suit = code // 8, rank = code % 8)."""
    ranks = [c % 8 for c in codes]
    if len(set(ranks)) == 1:
        return 33.0 if ranks[0] == int(Rank.ACE) else 30.5
    sums = [0, 0, 0, 0]
    for c in codes:
        sums[c // 8] += _VALUES[c]
    best = max(sums)
    return float(best) if best >= 21 else 0.0


def _independent(hand) -> float:
    """R-T3: a Chronicler (code 32) is tried as every ordinary card, copies included."""
    fixed = [c for c in hand if c < 32]
    jokers = len(hand) - len(fixed)
    return max(_plain(fixed + list(sub)) for sub in itertools.product(range(32), repeat=jokers))


@pytest.fixture(scope="module")
def all_scores():
    out = {}
    for chronicler in (False, True):
        deck = list(range(32)) + ([32] if chronicler else [])
        out[chronicler] = [_independent(h) for h in itertools.combinations(deck, 3)]
    return out


def _p(scores, test) -> Fraction:
    return Fraction(sum(1 for s in scores if test(s)), len(scores))


EVENTS = {"at_least_21": (dict(at_least=21), lambda s: s >= 21),
          "30.5": (dict(exactly=30.5), lambda s: s == 30.5),
          "33": (dict(exactly=33), lambda s: s == 33),
          "32": (dict(exactly=32), lambda s: s == 32),
          "31": (dict(exactly=31), lambda s: s == 31)}


@pytest.mark.parametrize("chronicler", [False, True])
@pytest.mark.parametrize("event", list(EVENTS))
def test_lesson03_enumeration_vs_independent_scorer(all_scores, chronicler, event):
    hands = pytest.importorskip("cardgames.analysis.hands")
    kwargs, test = EVENTS[event]
    assert hands.probability(**kwargs, chronicler=chronicler, exact=True) == \
        _p(all_scores[chronicler], test)


def test_lesson03_formulas():
    # the closed forms of the lesson's "Way 1", against the independent count
    c = math.comb
    assert Fraction(c(4, 3) + 7 * c(4, 3) + 4 * c(8, 3) + 4 * 4 * 24, c(32, 3)) == Fraction(4, 31)
    assert Fraction(640 + 8 * c(4, 2) + 4 * c(8, 2) + (496 - 48 - 112) - 36, c(33, 3)) == \
        Fraction(25, 124)


@pytest.mark.parametrize("chronicler, exact", [(False, Fraction(4, 31)), (True, Fraction(25, 124))])
def test_lesson03_simulation_brackets_exact(chronicler, exact):
    """Seeded simulation (a third method): within 4 standard errors of the exact value."""
    sim = pytest.importorskip("cardgames.analysis.simulate")
    est = sim.simulate_hand_probability(at_least=21, chronicler=chronicler, trials=40_000, seed=5)
    se = math.sqrt(float(exact) * (1 - float(exact)) / est.trials)
    assert abs(est.value - float(exact)) < 4 * se


def test_lesson03_stored_numbers(all_scores):
    text = stored_text("03")
    for chronicler, frac in ((False, "4/31"), (True, "25/124")):
        p = _p(all_scores[chronicler], lambda s: s >= 21)
        assert str(p) == frac and frac in text
        assert f"{float(p):.5f}" in text
    for frac in ("7/1240", "1/1240", "35/2728", "5/2728"):
        assert frac in text
    assert "4,960 hands without the Chronicler, 5,456 with it" in text


def test_lesson03_exercises(checker, all_scores):
    no_chr, with_chr = all_scores[False], all_scores[True]
    assert checker.is_right("03-count-31", sum(1 for s in no_chr if s == 31))
    assert checker.is_right("03-p32", float(_p(with_chr, lambda s: s == 32)))
    deck = list(range(33))
    zero_with = sum(1 for h, s in zip(itertools.combinations(deck, 3), with_chr)
                    if 32 in h and s == 0)
    assert checker.is_right("03-chronicler-zero", zero_with)
    assert not checker.is_right("03-chronicler-zero", 0)


# --------------------------------------------------------------------------- lesson 2

_PLAYS = {"true": "8H", "lie": "AL", "Colorful": "*C", "Pale": "*P",
          "Colorful + wrong": "*C AL", "Pale + wrong": "*P AL", "Pale + true": "*P 8H"}
_CALLERS = {"nobody": None, "next": 2, "later": 3}


def _oracle(play: str, caller: int | None, last: bool):
    """L9, L10, L12, L13, R-L6, R-L7, R-L9 read straight from RULES.md, for the lesson's
    position (4 players, seat 1 plays eights, seat 2 is next): (taker, next, winner)."""
    cards = _PLAYS[play].split()
    pale = "*P" in cards
    wrong = any(c not in ("8H", "*C", "*P") for c in cards)
    if caller is None:
        if pale:                       # R-L7: the player takes the pile, the next plays
            return 1, 2, None
        return None, (None if last else 2), (1 if last else None)   # R-L9
    if wrong:                          # R-L6 lie: liar takes, caller plays (L10)
        return 1, caller, None
    # true (L12: Colorful; L13: a called Pale counts as true): caller takes, play goes
    # on after the player (L10); last cards: the player has gone out (R-L9)
    return caller, (None if last else 2), (1 if last else None)


@pytest.mark.parametrize("play", list(_PLAYS))
@pytest.mark.parametrize("call", list(_CALLERS))
@pytest.mark.parametrize("last", [False, True])
def test_lesson02_decision_table_engine_vs_rules(play, call, last):
    from cardgames.liar import LiarGame, PileTaken

    game = LiarGame(players=4, chroniclers="both")
    cards = _PLAYS[play]
    s = game.state_from_position(hands=["9B 10B", cards if last else cards + " UB", "OB KB", "7A 9A"],
                                 pile=[(0, "8B", "7")], current_player=1)
    s.apply("play " + cards)
    caller = _CALLERS[call]
    if caller == 3:
        s.apply("pass")
    if caller is not None:
        s.apply("call")
    while s.phase.name == "CALL_WINDOW":
        s.apply("pass")
    taken = [e.player for e in s.events if isinstance(e, PileTaken)]
    got = (taken[0] if taken else None,
           None if s.is_over() else s.current_player,
           s.outcome().winner if s.is_over() else None)
    assert got == _oracle(play, caller, last)
    if not s.is_over():
        assert s.due_rank is Rank.NINE          # R-L8


def test_lesson02_stored_numbers():
    text = stored_text("02")
    assert "42 cases" in text
    assert "seat to play: 3 | rank due: nines" in text


def test_lesson02_exercises(checker):
    from cardgames.liar import LiarGame, PileTaken

    ends = sum(1 for p in _PLAYS for c in _CALLERS.values() for last in (False, True)
               if _oracle(p, c, last)[2] is not None)
    assert checker.is_right("02-rounds-ending", ends)

    game = LiarGame(players=3, chroniclers="both")
    s = game.state_from_position(hands=["7H 8H", "9H", "AH *P 10B"], pile=[(1, "OB", "O")],
                                 current_player=2)
    s.apply("play AH *P")
    assert s.claim.announced is Rank.KING
    assert s.current_player == 0         # R-L5: the next player is asked first
    s.apply("call")
    taker = next(e.player for e in s.events if isinstance(e, PileTaken))
    assert checker.is_right("02-pale-with-ace", (taker, s.current_player))

    s = LiarGame(players=4).state_from_position(
        hands=["7H", "8H 9H", "10H", "UH"], pile=[(1, "7B", "A")], phase="call_window")
    s.apply("pass")
    s.apply("call")                      # seat 3 calls the Aces: 7B is a lie
    assert s.current_player == 3
    assert checker.is_right("02-after-aces", s.due_rank)
