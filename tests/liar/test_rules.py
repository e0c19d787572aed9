"""One test (or more) per rule L1-L13 and ruling R-L1-R-L11, on hand-built positions.

Every expected value below is worked out by hand from docs/rules/en.md, not read
from the engine.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardgames.cards import COLORFUL, PALE, Card, Chronicler, Rank
from cardgames.errors import ConfigError, GameOverError, IllegalActionError
from cardgames.liar import (
    CallMade, LiarGame, LiarMatch, PalePenalty, Passed, Phase, PileTaken, Play, Played,
    Revealed, RoundOver, WentOut,
)
from tests.liar.conftest import cards, everywhere


def types(state, start=0):
    return [type(e).__name__ for e in state.events[start:]]


# --------------------------------------------------------------------------- L1-L6
@pytest.mark.parametrize("players", [2, 3, 4])
def test_L1_two_to_four_players_with_one_deck(players):
    # every seat of 2-4 is dealt in (L1, L5): 32 // players cards each (16, 10, 8)
    state = LiarGame(players=players).new_state(seed=1)
    assert [len(state.hand(p)) for p in range(players)] == [{2: 16, 3: 10, 4: 8}[players]] * players


@pytest.mark.parametrize("players", [0, 1, 5, 8])
def test_L1_other_counts_refused_with_one_deck(players):
    with pytest.raises(ConfigError, match="R-L2"):
        LiarGame(players=players)


def test_L2_deck_is_32_cards_optionally_with_both_chroniclers():
    plain = LiarGame(players=2).deck()
    assert len(plain) == 32 and len(set(plain)) == 32
    assert not any(c.is_chronicler for c in plain)
    both = Counter(LiarGame(players=2, chroniclers="both").deck())
    assert sum(both.values()) == 34
    assert both[COLORFUL] == 1 and both[PALE] == 1


def test_L3_first_to_get_rid_of_all_cards_wins():
    s = LiarGame(players=2).state_from_position(hands=["7H", "AH KH"])
    s.apply("play 7H")
    s.apply("pass")
    assert s.is_over() and s.outcome().winner == 0
    assert s.current_player is None


def test_L4_rank_cycle_ace_then_seven():
    s = LiarGame(players=2).state_from_position(hands=["AH 9B", "KH 8B"], due_rank=Rank.ACE)
    s.apply("play AH")
    assert s.due_rank is Rank.SEVEN
    s.apply("pass")
    assert s.current_player == 1 and s.due_rank is Rank.SEVEN


@pytest.mark.parametrize("players,chron,each,aside", [
    (2, (), 16, 0), (3, (), 10, 2), (4, (), 8, 0), (3, "both", 11, 1), (4, "pale", 8, 1),
])
def test_L5_deal_evenly_remainder_put_aside(players, chron, each, aside):
    g = LiarGame(players=players, chroniclers=chron)
    s = g.new_state(seed=11)
    assert s.hand_sizes == (each,) * players
    assert len(s.put_aside) == aside
    assert everywhere(s) == Counter(g.deck())


@pytest.mark.parametrize("dealer,first", [(0, 1), (1, 2), (2, 0)])
def test_L6_player_after_dealer_begins_with_sevens(dealer, first):
    s = LiarGame(players=3).new_state(seed=5, dealer=dealer)
    assert s.current_player == first
    assert s.due_rank is Rank.SEVEN and s.phase is Phase.PLAY


# --------------------------------------------------------------------------- L7-L8
def test_L7_any_one_to_four_cards_may_be_put_down_and_lies_are_allowed():
    s = LiarGame(players=2).state_from_position(hands=["AH KH OH UH 10H", "7B"])
    legal = s.legal_actions()
    assert Play("AH") in legal                     # a lie: sevens are due
    assert Play("AH KH OH UH") in legal
    assert Play("AH KH OH UH 10H") not in legal    # 5 cards
    assert Play(()) not in legal                   # at least one card
    # 5 + 10 + 10 + 5 subsets of 1-4 of 5 cards
    assert len(legal) == 30
    s.apply("play AH KH")
    assert s.events[-1] == Played(player=0, count=2, announced=Rank.SEVEN, number=1)
    assert s.hand(0) == tuple(cards("10H UH OH"))


def test_L7_must_put_down_at_least_one_card():
    s = LiarGame(players=2).state_from_position(hands=["AH", "7B"])
    with pytest.raises(IllegalActionError, match="R-L4"):
        s.apply(Play(()))


def test_L8_next_player_announces_the_next_rank():
    s = LiarGame(players=3).state_from_position(hands=["7H 9B", "AH KH", "OB OL"])
    s.apply("play 7H")          # "1 seven"
    s.apply("pass")
    s.apply("pass")
    assert s.current_player == 1 and s.due_rank is Rank.EIGHT
    s.apply("play KH")
    assert s.events[-1].announced is Rank.EIGHT   # forced: eights, not sevens or nines


# --------------------------------------------------------------------------- L9-L10
def _three_with_pile():
    # pile: player 1 "2 sevens" (UB UL), player 2 "1 eight" (10A); player 0 must play nines
    return LiarGame(players=3).state_from_position(
        hands=["7H 9B", "AH KH", "OB OL"], pile=[(1, "UB UL"), (2, "10A")], due_rank="9")


def test_L9_caught_liar_takes_pile():
    s = _three_with_pile()
    s.apply("play 7H")           # a lie: "1 nine"
    s.apply("call")              # player 1 is asked first (R-L5)
    rev = [e for e in s.events if isinstance(e, Revealed)][-1]
    assert rev.true is False and rev.cards == (Card.parse("7H"),)
    assert Counter(s.hand(0)) == Counter(cards("9B UB UL 10A 7H"))
    assert s.pile_size == 0 and s.pile == []
    taken = [e for e in s.events if isinstance(e, PileTaken)][-1]
    assert (taken.player, taken.count, taken.reason) == (0, 4, "caught")


def test_L9_truthful_claim_caller_takes_pile():
    s = _three_with_pile()
    s.apply("play 9B")           # true: "1 nine"
    s.apply("call")
    assert Counter(s.hand(1)) == Counter(cards("AH KH UB UL 10A 9B"))
    assert s.hand(0) == (Card.parse("7H"),)
    taken = [e for e in s.events if isinstance(e, PileTaken)][-1]
    assert (taken.player, taken.count, taken.reason) == (1, 4, "false_accusation")


def test_L10_caught_liar_then_caller_plays_next():
    s = _three_with_pile()
    s.apply("play 7H")
    s.apply("pass")              # player 1 lets it stand
    s.apply("call")              # player 2 calls
    assert s.hand_sizes == (5, 2, 2)
    assert s.current_player == 2 and s.phase is Phase.PLAY


def test_L10_false_accusation_play_goes_on_after_the_player_who_played():
    s = _three_with_pile()
    s.apply("play 9B")
    s.apply("pass")
    s.apply("call")              # player 2 falsely accuses player 0
    assert s.hand_sizes == (1, 2, 6)
    assert s.current_player == 1  # after player 0, not after the caller


# --------------------------------------------------------------------------- L11-L13
def test_L11_round_ends_when_someone_is_out_and_points_are_kept():
    s = LiarGame(players=3).state_from_position(hands=["7H", "AH KH", "OB OL 9L"])
    s.apply("play 7H")
    s.apply("pass")
    s.apply("pass")
    out = s.outcome()
    assert out.winner == 0 and out.places == (1, 2, 3) and out.points == (4, 3, 2)
    with pytest.raises(GameOverError, match="L11"):
        s.apply("play AH")


def test_L12_colorful_chronicler_always_counts_as_true():
    g = LiarGame(players=2, chroniclers="colorful")
    s = g.state_from_position(hands=["*C 9B", "AH KH"], due_rank="K")
    s.apply("play *C")           # announced "1 King", really the Colorful Chronicler
    s.apply("call")
    assert [e for e in s.events if isinstance(e, Revealed)][-1].true is True
    assert Counter(s.hand(1)) == Counter(cards("AH KH *C"))
    assert s.current_player == 1   # after player 0 (2 players)


def test_L12_colorful_with_true_cards_is_true():
    g = LiarGame(players=2, chroniclers="colorful")
    s = g.state_from_position(hands=["*C 7B 9B", "AH KH"])
    s.apply("play 7B *C")
    s.apply("call")
    assert s.hand_sizes == (1, 4)


def test_L13_pale_uncalled_player_takes_whole_pile():
    g = LiarGame(players=3, chroniclers="pale")
    s = g.state_from_position(hands=["*P 9B", "AH KH", "OB OL"], pile=[(2, "UB")], due_rank="8")
    s.apply("play *P")
    s.apply("pass")
    s.apply("pass")
    assert Counter(s.hand(0)) == Counter(cards("9B UB *P"))
    assert isinstance(s.events[-2], PalePenalty) and s.events[-2].player == 0
    assert s.current_player == 1 and s.due_rank is Rank.NINE


def test_L13_pale_called_caller_takes_pile_and_play_goes_on():
    g = LiarGame(players=3, chroniclers="pale")
    s = g.state_from_position(hands=["*P 9B", "AH KH", "OB OL"], pile=[(2, "UB")], due_rank="8")
    s.apply("play *P")
    s.apply("pass")
    s.apply("call")              # player 2 calls the Pale: out of luck
    assert [e for e in s.events if isinstance(e, Revealed)][-1].true is True
    assert Counter(s.hand(2)) == Counter(cards("OB OL UB *P"))
    taken = s.events[-1]
    assert isinstance(taken, PileTaken) and taken.reason == "pale_called"
    assert s.current_player == 1  # as if player 0 had played a correct card (L10)


def test_L13_pale_with_a_wrong_card_is_a_lie_when_called():
    g = LiarGame(players=2, chroniclers="pale")
    s = g.state_from_position(hands=["*P 9B 10B", "AH KH"])
    s.apply("play *P 9B")        # "2 sevens": 9B is wrong (R-L6)
    s.apply("call")
    assert s.hand_sizes == (3, 2) and s.current_player == 1


# --------------------------------------------------------------------------- rulings
def test_R_L1_seats_in_order_and_dealer_moves_each_round():
    m = LiarMatch(LiarGame(players=4), seed=1, rounds=5)
    assert [m.dealer_of(i) for i in range(5)] == [0, 1, 2, 3, 0]
    s = m.new_round()
    assert s.dealer == 0 and s.current_player == 1
    s2 = LiarGame(players=4).new_state(seed=1, dealer=3)
    assert s2.current_player == 0


@pytest.mark.parametrize("players", [2, 5, 8])
def test_R_L2_two_decks_for_two_to_eight_players(players):
    g = LiarGame(players=players, decks=2, chroniclers="both")
    deck = Counter(g.deck())
    assert sum(deck.values()) == 68 and deck[COLORFUL] == 2 and deck[PALE] == 2
    assert deck[Card.parse("AH")] == 2


@pytest.mark.parametrize("kw,needle", [
    ({"players": 9, "decks": 2}, "players=9"), ({"players": 3, "decks": 3}, "decks=3"),
    ({"players": 3, "chroniclers": "rainbow"}, "rainbow"),
    ({"players": 3, "chroniclers": [Chronicler.ANY]}, "L2"),
    ({"players": 3, "points": (1, 2)}, "R-L10"), ({"players": True}, "players=True"),
])
def test_R_L2_bad_configurations_name_value_and_rule(kw, needle):
    with pytest.raises(ConfigError) as e:
        LiarGame(**kw)
    assert needle in str(e.value)
    assert "R-L" in str(e.value) or "L2" in str(e.value)


@pytest.mark.parametrize("value,expected", [
    (None, ()), ("both", (Chronicler.COLORFUL, Chronicler.PALE)),
    ((Chronicler.PALE,), (Chronicler.PALE,)), (frozenset({Chronicler.COLORFUL}), (Chronicler.COLORFUL,)),
    ("pale", (Chronicler.PALE,)), ([Chronicler.PALE, Chronicler.COLORFUL], (Chronicler.COLORFUL, Chronicler.PALE)),
])
def test_R_L2_chronicler_option_each_alone_or_both(value, expected):
    assert LiarGame(players=2, chroniclers=value).chroniclers == expected


def test_R_L3_put_aside_cards_are_the_last_of_the_shuffled_deck():
    g = LiarGame(players=3)
    deck = g.deck()
    random.Random(42).shuffle(deck)
    s = g.new_state(seed=42)
    assert s.put_aside == deck[-2:]
    view = s.view(1).to_dict()
    assert view["put_aside_count"] == 2 and "put_aside" not in view


def test_R_L4_a_play_is_one_to_four_cards_also_with_two_decks():
    g = LiarGame(players=2, decks=2)
    s = g.state_from_position(hands=["7H 7H 7B 7B 7L", "AH"])
    assert Play("7H 7H 7B 7B") in s.legal_actions()
    with pytest.raises(IllegalActionError, match="R-L4"):
        s.apply("play 7H 7H 7B 7B 7L")
    # the distinct multisets of 1-4 cards of {7H x2, 7B x2, 7L}: coefficients of
    # (1+x+x^2)^2 (1+x) for x^1..x^4 = 3 + 5 + 5 + 3
    assert len(s.legal_actions()) == 16


def test_R_L4_announcement_is_forced():
    s = LiarGame(players=2).state_from_position(hands=["AH KH OH", "7B"], due_rank="O")
    s.apply("play AH KH OH")
    ev = s.events[-1]
    assert ev.count == 3 and ev.announced is Rank.OBER


def test_R_L5_window_asks_others_in_order_from_the_next_player():
    s = LiarGame(players=4).state_from_position(
        hands=["7H 8H", "9B 9L", "AH AB", "KH KB"], current_player=1, due_rank="7")
    s.apply("play 9B")           # player 1 plays; asked: 2, 3, 0
    asked = []
    while s.phase is Phase.CALL_WINDOW:
        asked.append(s.current_player)
        s.apply("pass")
    assert asked == [2, 3, 0]
    assert s.current_player == 2 and s.hand_sizes == (2, 1, 2, 2)   # the play stands
    assert [e.player for e in s.events if isinstance(e, Passed)] == [2, 3, 0]


def test_R_L5_first_caller_makes_the_call_and_window_closes():
    s = LiarGame(players=4).state_from_position(
        hands=["7H 8H", "9B 9L", "AH AB", "KH KB"], current_player=1)
    s.apply("play 9B")
    s.apply("pass")              # player 2
    s.apply("call")              # player 3 calls; player 0 is never asked
    call = [e for e in s.events if isinstance(e, CallMade)]
    assert len(call) == 1 and call[0].caller == 3 and call[0].accused == 1
    assert s.phase is Phase.PLAY and s.current_player == 3


def test_R_L6_one_wrong_card_makes_a_lie_and_only_that_play_is_turned():
    s = LiarGame(players=2).state_from_position(
        hands=["8H 8B 9B", "AH KH"], pile=[(1, "OH OB")], due_rank="8")
    s.apply("play 8H 8B 9B")
    s.apply("call")
    revealed = [e for e in s.events if isinstance(e, Revealed)]
    assert len(revealed) == 1 and revealed[0].true is False
    assert Counter(revealed[0].cards) == Counter(cards("8H 8B 9B"))
    view = s.view(1).to_dict()
    assert "OH" not in str(view["events"]) and "OB" not in str(view["events"])


def test_R_L7_uncalled_pale_penalty_is_public_but_reveals_nothing_more():
    g = LiarGame(players=2, chroniclers="pale")
    s = g.state_from_position(hands=["*P 9B 10B", "AH KH"], pile=[(1, "OB")], due_rank="8")
    s.apply("play *P 9B")
    s.apply("pass")
    assert types(s, -2) == ["PalePenalty", "PileTaken"]
    assert s.events[-1].reason == "pale_uncalled" and s.events[-1].count == 3
    assert Counter(s.hand(0)) == Counter(cards("*P 9B 10B OB"))
    assert s.current_player == 1
    text = str(s.view(1).to_dict()["events"])
    assert "9B" not in text and "OB" not in text


def test_R_L8_rank_never_restarts_after_a_call():
    s = _three_with_pile()        # sevens, eights already announced; nines due
    s.apply("play 7H")
    s.apply("call")
    assert s.due_rank is Rank.TEN and s.current_player == 1
    s.apply("play AH")
    assert s.events[-1].announced is Rank.TEN


def test_R_L8_rank_never_restarts_after_a_pale_penalty():
    g = LiarGame(players=2, chroniclers="pale")
    s = g.state_from_position(hands=["*P 9B", "AH KH"], due_rank="A")
    s.apply("play *P")
    s.apply("pass")
    assert s.due_rank is Rank.SEVEN   # after the Ace: the cycle goes on (L4)


def test_R_L9_going_out_waits_for_the_window_and_a_caught_liar_plays_on():
    s = LiarGame(players=2).state_from_position(hands=["AH", "7B 8B"])
    s.apply("play AH")
    assert s.phase is Phase.CALL_WINDOW and not s.is_over()
    s.apply("call")
    assert not s.is_over() and s.hand(0) == (Card.parse("AH"),) and s.current_player == 1


def test_R_L9_uncalled_pale_as_last_card_takes_pile_and_plays_on():
    g = LiarGame(players=2, chroniclers="pale")
    s = g.state_from_position(hands=["*P", "7B 8B"], pile=[(1, "9B")], due_rank="8")
    s.apply("play *P")
    s.apply("pass")
    assert not s.is_over() and Counter(s.hand(0)) == Counter(cards("*P 9B"))


def test_R_L9_true_last_play_called_wins_after_caller_takes_pile():
    s = LiarGame(players=3).state_from_position(hands=["7H", "8B 9B", "AH"], pile=[(2, "KH")],
                                                due_rank="7")
    s.apply("play 7H")
    s.apply("call")
    out = s.outcome()
    assert out.winner == 0
    assert out.cards_held == (0, 4, 1)          # player 1 took KH + 7H
    assert out.places == (1, 3, 2)
    assert types(s, -3) == ["PileTaken", "WentOut", "RoundOver"]


def test_R_L10_places_by_cards_held_ties_share_the_better_place():
    s = LiarGame(players=4).state_from_position(
        hands=["7H", "AH KH OH", "AB KB OB", "AL KL OL UL 10L"])
    s.apply("play 7H")
    for _ in range(3):
        s.apply("pass")
    out = s.outcome()
    assert out.places == (1, 2, 2, 4)
    assert out.points == (4, 3, 3, 1)
    assert isinstance(s.events[-1], RoundOver) and isinstance(s.events[-2], WentOut)


def test_R_L10_dense_tie_places_option():
    s = LiarGame(players=4, tie_places="dense").state_from_position(
        hands=["7H", "AH KH OH", "AB KB OB", "AL KL OL UL 10L"])
    s.apply("play 7H")
    for _ in range(3):
        s.apply("pass")
    assert s.outcome().places == (1, 2, 2, 3)
    assert s.outcome().points == (4, 3, 3, 2)
    with pytest.raises(ConfigError, match="R-L10"):
        LiarGame(players=4, tie_places="olympic")


def test_R_L10_points_option_and_zero_below():
    g = LiarGame(players=5, decks=2, points=(10, 5))
    s = g.state_from_position(hands=["7H", "AH", "AB KB", "AL KL OL", "AA KA OA UA"])
    s.apply("play 7H")
    for _ in range(4):
        s.apply("pass")
    assert s.outcome().places == (1, 2, 3, 4, 5)
    assert s.outcome().points == (10, 5, 0, 0, 0)


def test_R_L11_view_holds_exactly_what_the_player_may_know():
    s = LiarGame(players=3).state_from_position(
        hands=["7H 9B", "AH KH", "OB OL"], pile=[(1, "UB UL"), (2, "10A")], due_rank="9")
    s.apply("play 9B")
    v = s.view(1)
    assert v.hand == tuple(cards("KH AH"))
    assert v.hand_sizes == (1, 2, 2) and v.pile_size == 4
    assert [r.cards for r in v.pile] == [tuple(cards("UB UL")), None, None]
    assert [(m.number, m.cards) for m in v.my_plays] == [(1, tuple(cards("UB UL")))]
    assert [(a.player, a.count, a.announced) for a in v.announcements] == [
        (1, 2, Rank.SEVEN), (2, 1, Rank.EIGHT), (0, 1, Rank.NINE)]
    assert v.claim.player == 0 and v.claim.cards is None
    assert v.current_player == 1 and v.phase is Phase.CALL_WINDOW and v.due_rank is Rank.TEN
    text = str(v.to_dict())
    for hidden in ("7H", "OB", "OL", "10A", "9B"):
        assert hidden not in text
    assert "seed" not in v.to_dict() and "rng" not in v.to_dict()


# --------------------------------------------------------------------------- settled cases
def test_R_L9_an_uncalled_lie_as_last_card_still_goes_out():
    s = LiarGame(players=2).state_from_position(hands=["AH", "7B 8B"])
    s.apply("play AH")           # "1 seven": a lie, but nobody calls
    s.apply("pass")
    assert s.outcome().winner == 0 and s.outcome().cards_held == (0, 2)


def test_settled_pale_called_by_a_later_player_counts_as_called():
    g = LiarGame(players=3, chroniclers="pale")
    s = g.state_from_position(hands=["*P 9B", "AH KH", "OB OL"])
    s.apply("play *P")
    s.apply("pass")              # the next player (1) does not call ...
    s.apply("call")              # ... but player 2 does: no R-L7 penalty
    assert not any(isinstance(e, PalePenalty) for e in s.events)
    assert s.hand_sizes == (1, 2, 3) and s.current_player == 1


def test_settled_two_pales_uncalled_one_penalty():
    g = LiarGame(players=2, decks=2, chroniclers="pale")
    s = g.state_from_position(hands=["*P *P 9B", "AH KH"], pile=[(1, "OB")], due_rank="8")
    s.apply("play *P *P")
    s.apply("pass")
    assert sum(isinstance(e, PalePenalty) for e in s.events) == 1
    assert Counter(s.hand(0)) == Counter(cards("*P *P 9B OB"))


def test_settled_colorful_with_a_wrong_card_is_a_lie():
    g = LiarGame(players=2, chroniclers="colorful")
    s = g.state_from_position(hands=["*C 9B 10B", "AH KH"])
    s.apply("play *C 9B")        # "2 sevens": the Colorful is true, 9B is not (R-L6)
    s.apply("call")
    assert [e for e in s.events if isinstance(e, Revealed)][-1].true is False
    assert s.hand_sizes == (3, 2) and s.current_player == 1


def test_settled_pale_and_colorful_together_called_is_true():
    g = LiarGame(players=2, chroniclers="both")
    s = g.state_from_position(hands=["*C *P 9B", "AH KH"])
    s.apply("play *C *P")
    s.apply("call")
    assert s.hand_sizes == (1, 4)
