"""Actions (parse/str/repr), the lazy legal-action collection, and error messages."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from cardgames.cards import Card, parse_cards
from cardgames.errors import ActionParseError, GameOverError, IllegalActionError
from cardgames.liar import CALL, PASS, Call, LiarAction, LiarGame, LiarState, Pass, Play
from cardgames.liar.legal import LiarLegalActions, count_plays


@pytest.mark.parametrize("text,expected", [
    ("play 7H 7B", Play("7B 7H")), ("PLAY 7h,7b", Play("7H 7B")), ("call", Call()),
    ("Liar!", CALL), ("pass", Pass()), ("play *P", Play("*P")), ("play VIIH", Play("7H")),
])
def test_parse(text, expected):
    assert LiarAction.parse(text) == expected


@pytest.mark.parametrize("action", [Play("7H 7B AH *C"), CALL, PASS, Play("10L")])
def test_str_parse_and_repr_round_trip(action):
    assert LiarAction.parse(str(action)) == action
    assert eval(repr(action), {"Play": Play, "Call": Call, "Pass": Pass}) == action


@pytest.mark.parametrize("text", ["", "fold", "play", "play 7H ZZ", "call now", "pass 7H"])
def test_parse_errors_say_what_to_write(text):
    with pytest.raises(ActionParseError) as e:
        LiarAction.parse(text)
    assert "play" in str(e.value) or "card" in str(e.value)


def test_play_is_a_multiset_sorted():
    assert Play("AH 7H 7H").cards == tuple(parse_cards("7H 7H AH"))
    assert Play("7H AH") != Play("7H 7H AH")


# --------------------------------------------------------------------------- legal actions
def test_legal_len_iter_contains_agree_with_brute_force_distinct_hand():
    hand = tuple(parse_cards("7H 8H 9H 10H UH OH"))
    legal = LiarLegalActions.for_play(0, hand)
    brute = {tuple(sorted(c)) for k in range(1, 5) for c in combinations(hand, k)}
    assert len(brute) == 6 + 15 + 20 + 15
    listed = [a.cards for a in legal]
    assert len(listed) == len(set(listed)) == len(legal) == len(brute)
    assert set(listed) == brute
    for combo in brute:
        assert Play._of(combo) in legal


def test_legal_with_duplicate_cards_counts_distinct_multisets():
    hand = tuple(parse_cards("7H 7H 8B 8B 9L"))
    legal = LiarLegalActions.for_play(0, hand)
    brute = {tuple(sorted(c)) for k in range(1, 5) for c in combinations(hand, k)}
    assert len(legal) == len(brute) == len(list(legal)) == 16
    assert count_plays([2, 2, 1]) == 16
    assert Play("7H 7H 8B 8B") in legal and Play("7H 7H 7H") not in legal


@pytest.mark.parametrize("hand_text", ["7H 8H 9H", "7H 7H 8B", "7H 7H 8B 8B *C *C"])
def test_sample_is_uniform_over_distinct_legal_actions(hand_text):
    hand = tuple(parse_cards(hand_text))
    legal = LiarLegalActions.for_play(0, hand)
    options = {a.cards for a in legal}
    rng = random.Random(2024)
    trials = 400 * len(options)
    counts = Counter(legal.sample(rng).cards for _ in range(trials))
    assert set(counts) == options
    expected = trials / len(options)
    # each count ~ Binomial(trials, 1/k): allow 5 standard deviations
    sd = (trials * (1 / len(options)) * (1 - 1 / len(options))) ** 0.5
    for c in counts.values():
        assert abs(c - expected) < 5 * sd
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < len(options) + 6 * (2 * len(options)) ** 0.5


def test_window_legal_actions_are_call_and_pass():
    s = LiarGame(players=2).state_from_position(hands=["7H 8H", "9B"])
    s.apply("play 7H")
    legal = s.legal_actions()
    assert set(legal) == {CALL, PASS} and len(legal) == 2
    assert Play("9B") not in legal and "call" in legal
    rng = random.Random(1)
    assert {legal.sample(rng) for _ in range(50)} == {CALL, PASS}


def test_legal_actions_is_a_snapshot_and_empty_when_over():
    s = LiarGame(players=2).state_from_position(hands=["7H", "9B 8B"])
    legal = s.legal_actions()
    s.apply("play 7H")
    assert Play("7H") in legal
    s.apply("pass")
    assert len(s.legal_actions()) == 0 and list(s.legal_actions()) == []


# --------------------------------------------------------------------------- errors
def _position() -> LiarState:
    return LiarGame(players=3).state_from_position(
        hands=["7H 8H", "9B 9L AH KH OH UH 10H 7A", "AB"], current_player=1)


def _refused(state: LiarState, action, **kw) -> IllegalActionError:
    before = state.to_json()
    with pytest.raises(IllegalActionError) as e:
        state.apply(action, **kw)
    assert state.to_json() == before
    return e.value


def test_error_five_cards_names_player_rule_and_what_is_legal():
    err = _refused(_position(), Play("9B 9L AH KH OH"))
    msg = str(err)
    assert msg.startswith("player 1 cannot play 5 cards: R-L4 a play is 1-4 cards")
    assert "legal now: play 1-4 of your 8 cards" in msg
    assert err.player == 1 and err.rule == "R-L4"


def test_error_card_not_in_hand():
    err = _refused(_position(), "play 9B 7H")
    assert "player 1" in str(err) and "L7" in str(err) and "7H is not in your hand" in str(err)
    assert "legal now" in str(err)


def test_error_duplicate_card_with_one_copy():
    err = _refused(_position(), Play("9B 9B"))
    assert "only 1 time" in str(err) and err.rule == "L7"


def test_error_call_outside_window():
    err = _refused(_position(), "call")
    assert "player 1 cannot call" in str(err) and "R-L5" in str(err)
    assert err.rule == "R-L5"


def test_error_play_inside_window():
    s = _position()
    s.apply("play AH")
    err = _refused(s, "play AB")
    assert "player 2 cannot play AB" in str(err) and "R-L5" in str(err)
    assert "legal now: call or pass" in str(err)


def test_error_wrong_player():
    err = _refused(_position(), "play 7H", player=0)
    assert "player 0 cannot play 7H" in str(err) and "player 1's turn" in str(err)
    assert "9L" not in str(err)          # player 1's hand is not shown to player 0


def test_error_after_the_round_is_over():
    s = LiarGame(players=2).state_from_position(hands=["7H", "9B"])
    s.apply("play 7H")
    s.apply("pass")
    err = _refused(s, "play 9B")
    assert isinstance(err, GameOverError) and "L11" in str(err)


def test_parse_error_leaves_state_unchanged():
    s = _position()
    before = s.to_json()
    with pytest.raises(ActionParseError):
        s.apply("play 9B QQ")
    assert s.to_json() == before


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        _position().apply("call")


def test_card_type_in_play():
    with pytest.raises(ActionParseError):
        Play([Card.parse("7H"), 7])


def test_play_reads_cards_like_as_cards():
    # the one card reader: text, Cards, card text items, a generator (sorted: 7 before A)
    from cardgames.cards import parse_card
    from cardgames.errors import ActionParseError
    from cardgames.liar.actions import Play

    seven, ace = parse_card("7H"), parse_card("AH")
    for given in ("AH 7H", [ace, seven], ["AH", "7H"], (c for c in (ace, seven))):
        assert Play(given).cards == (seven, ace)
    for bad in (None, [7], "XX"):
        with pytest.raises(ActionParseError, match=r"cannot read the cards of Play") as info:
            Play(bad)
        assert info.value.rule == "L7"
