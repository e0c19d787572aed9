"""One test (at least) per rule T1-T14 and ruling R-T1-R-T10, on hand-built positions."""

from __future__ import annotations

import random

import pytest

from cardgames import CHRONICLER, parse_cards
from cardgames.errors import ConfigError, IllegalActionError
from cardgames.thirtyone import (
    Dealt,
    Exchange,
    Exchanged,
    Kept,
    Keep,
    LifeLost,
    Pass,
    Phase,
    PlayerOut,
    Reveal,
    Revealed,
    Scored,
    Stand,
    Stood,
    SwapAll,
    SwapOne,
    Swapped,
    ThirtyOneGame,
    ThreeAces,
    score,
)

C = parse_cards


def actions(state):
    return [str(a) for a in state.legal_actions()]


def three(players=3, **kw):
    """A 3-player position, player 1 to move, dealer 0."""
    game = ThirtyOneGame(players=players, chronicler=kw.pop("chronicler", False),
                         lives=kw.pop("lives_option", 3), turn_cap=kw.pop("turn_cap", None))
    hands = kw.pop("hands", ["7H 8B 9L", "KH 10H 7A", "AB KB 8A"])
    table = kw.pop("table", "AH UL 9A")
    kw.setdefault("single_deal", True)
    return game.state_from_position(hands=hands, table=table, **kw)


# ---------------------------------------------------------------- T1, T2, T3

@pytest.mark.parametrize("players", range(2, 10))
def test_T1_two_to_nine_players(players):
    state = ThirtyOneGame(players=players).new_state(seed=players)
    dealt = [s for s in range(players) if len(state.hand(s)) == 3]
    assert dealt == list(range(players))


@pytest.mark.parametrize("bad", [0, 1, 10, 32, True, 3.0, "4", None])
def test_T1_other_player_counts_refused_naming_the_rule(bad):
    with pytest.raises(ConfigError, match=r"2-9 players \(T1\)"):
        ThirtyOneGame(players=bad)


def test_T2_chronicler_option_adds_one_chronicler():
    assert len(ThirtyOneGame(players=2).deck()) == 32
    deck = ThirtyOneGame(players=2, chronicler=True).deck()
    assert len(deck) == 33 and deck.count(CHRONICLER) == 1
    seen_with, seen_without = False, False
    for seed in range(60):
        s = ThirtyOneGame(players=9, chronicler=True).new_state(seed=seed, single_deal=True)
        places = [c for p in range(9) for c in s.hand(p)] + list(s.table) + list(s.undealt)
        if s.phase is not Phase.OVER:
            assert sorted(places) == sorted(deck)
        seen_with |= CHRONICLER in places
        s2 = ThirtyOneGame(players=9).new_state(seed=seed, single_deal=True)
        seen_without |= any(c.is_chronicler for p in range(9) for c in s2.hand(p))
    assert seen_with and not seen_without
    with pytest.raises(ConfigError, match="T2"):
        ThirtyOneGame(players=2, chronicler="yes")
    with pytest.raises(ConfigError, match="no Chronicler"):
        three(hands=["7H 8B *", "KH 10H 7A", "AB KB 8A"])


def test_T3_card_values():
    # one suit: VII 7, VIII 8, IX 9, X/Unter/Ober/King 10, Ace 11
    assert score("7H 8H 9H") == 7 + 8 + 9
    assert score("10B UB OB") == 30
    assert score("KL AL 7L") == 10 + 11 + 7
    assert score("UA OA AA") == 31


def test_R_T2_only_one_suit_adds_up():
    assert score("AH KB 9L") == 0              # Ace + King of different suits: not 21
    assert score("AH KB KH") == 21             # the King of Hearts makes it
    assert score("AH 10B 10L") == 0
    state = three(phase="final", revealer=0, hands=["AH KB 9L", "AL KL 8A", "OB 10B 9B"],
                  table="7H 8H 7L")
    state.apply("stand")
    state.apply("stand")
    assert state.results[-1].scores == (0.0, 21.0, 29.0) and state.results[-1].losers == (0,)


def test_R_T3_chronicler_stands_for_the_best_card_copies_included():
    assert score("AH KH *") == 32              # a copy of the Ace of Hearts
    assert score("AH AB *") == 33              # three Aces
    assert score("9H 9B *") == 30.5            # three of a rank beats Hearts 9 + 11 = 20
    assert score("KH OH *") == 31
    # in play: swapping the Chronicler in is judged by the same score
    state = three(chronicler=True, phase="final", revealer=0,
                  hands=["AH KH 9H", "7B 8L 9A", "UB OB 8A"], table="* 7H 7L", current_player=2)
    assert "swap 8A *" in actions(state)       # UB OB * = 31 (Ace of Bells)
    state.apply("swap 8A *")
    assert score(state.hand(2)) == 31


# ---------------------------------------------------------------- T4, R-T1 deal and exchange

def test_T4_R_T1_deal_three_each_three_face_up_rest_out_of_play():
    game = ThirtyOneGame(players=4)
    state = game.new_state(seed=3, dealer=2)
    hands = [state.hand(p) for p in range(4)]
    assert all(len(h) == 3 for h in hands)
    assert len(state.table) == 3 and len(state.undealt) == 32 - 15
    dealt = state.events[0]
    assert dealt.table == state.table and dealt.seats == (3, 0, 1, 2)
    assert not hasattr(dealt, "hands")
    undealt = state.undealt
    rng = random.Random(0)
    while state.deal == 1 and not state.is_over():
        state.apply(state.legal_actions().sample(rng))
        if state.deal == 1:
            assert state.undealt == undealt          # R-T1: never come into play


def test_T4_R_T1_dealer_exchange_takes_the_table():
    state = three(phase="exchange")
    assert state.current_player == 0 and actions(state) == ["keep", "exchange"]
    state.apply("exchange")
    assert state.hand(0) == tuple(C("AH UL 9A"))
    assert state.table == tuple(C("7H 8B 9L"))
    assert state.phase is Phase.PLAY and state.current_player == 1    # not the dealer's turn
    assert state.turns == 0


def test_T4_dealer_keep():
    state = three(phase="exchange")
    state.apply(Keep())
    assert state.hand(0) == tuple(C("7H 8B 9L")) and state.table == tuple(C("AH UL 9A"))
    assert state.current_player == 1


def test_R_T1_exchange_offered_at_the_start_of_every_deal_and_dealer_moves_on():
    game = ThirtyOneGame(players=4, lives=1)
    state = game.new_state(seed=11, dealer=1)
    rng = random.Random(2)
    while not state.is_over():
        if state.phase is Phase.EXCHANGE:
            assert len(state.deal_events) == 1          # before the first turn
            assert state.current_player == state.dealer == state.deal_events[0].dealer
            assert actions(state) == ["keep", "exchange"]
        state.apply(state.legal_actions().sample(rng))
    log = state.events
    dealt = [i for i, e in enumerate(log) if isinstance(e, Dealt)]
    assert len(dealt) == state.deal >= 3
    dealers = [log[i].dealer for i in dealt]
    assert dealers[0] == 1
    for i in dealt:     # the next event: the dealer keeps or exchanges (or three Aces, R-T7)
        nxt = log[i + 1]
        assert (isinstance(nxt, (Kept, Exchanged)) and nxt.player == log[i].dealer) or \
            isinstance(nxt, ThreeAces)
        assert log[i].seats[-1] == log[i].dealer                  # dealer+1 first, dealer last
    for r, nxt_dealer in zip(state.results, dealers[1:]):
        # R-T1: the next remaining player after the old dealer deals
        expect = next(s for s in ((r.dealer + i) % 4 for i in range(1, 5))
                      if s not in _out_after(state, r.deal))
        assert nxt_dealer == expect


def _out_after(state, deal):
    return {p for r in state.results[:deal] for p in r.went_out}


def test_R_T1_seat_after_dealer_begins():
    for dealer, first in [(0, 1), (2, 3), (3, 0)]:
        state = ThirtyOneGame(players=4).state_from_position(
            hands=["7H 8B 9L", "KH 10H 7A", "AB KB 8A", "7B 8L 9B"], table="AH UL 9A",
            dealer=dealer, phase="exchange")
        state.apply("keep")
        assert state.current_player == first


# ---------------------------------------------------------------- T5-T9 turns

def test_T5_four_choices():
    state = three(table="AH OH 9A")                 # table 21: swap all allowed
    legal = actions(state)
    assert sum(a.startswith("swap ") and a != "swap all" for a in legal) == 9
    assert legal[-3:] == ["swap all", "pass", "reveal"]
    assert len(legal) == 12


def test_T6_swap_one():
    state = three()
    state.apply("swap 7A AH")
    assert state.hand(1) == tuple(C("KH 10H AH"))
    assert state.table == tuple(C("7A UL 9A"))
    assert state.events[-1] == Swapped(1, (C("7A")[0],), (C("AH")[0],), False)
    assert state.current_player == 2
    assert score(state.hand(1)) == 31


def test_T6_swap_one_needs_the_cards():
    state = three()
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"player 1 cannot swap 7H AH: T6 7H is not in your hand"):
        state.apply("swap 7H AH")
    with pytest.raises(IllegalActionError, match=r"T6 KB is not on the table"):
        state.apply(SwapOne("KH", "KB"))
    assert state.to_json() == before


def test_T6_chronicler_forms_name_the_one_chronicler():
    state = three(chronicler=True, table="* UL 9A")
    assert "swap 7A *C" in state.legal_actions() and "swap 7A *P" in state.legal_actions()
    state.apply("swap 7A *P")
    assert state.table == tuple(C("7A UL 9A")) and C("*")[0] in state.hand(1)


def test_T7_swap_all_needs_21():
    state = three(table="AH KL 9A")                 # no suit reaches 21: scores 0
    assert "swap all" not in actions(state)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply("swap all")
    msg = str(info.value)
    assert "player 1 cannot swap all" in msg and "R-T4" in msg and "scores 0" in msg
    assert "legal now: swap one (9 ways" in msg and msg.endswith("pass, reveal")
    assert state.to_json() == before
    state = three(table="AH UL 10L")                 # Leaves 20, the Ace is of another suit
    assert score("AH UL 10L") == 0 and "swap all" not in actions(state)
    state = three(table="AH UH 9A")                  # Ace + Unter of Hearts: 21
    assert "swap all" in actions(state)
    state.apply(SwapAll())
    assert state.hand(1) == tuple(C("AH UH 9A")) and state.table == tuple(C("KH 10H 7A"))
    ev = state.events[-1]
    assert ev.to_table == tuple(C("KH 10H 7A")) and ev.from_table == tuple(C("AH UH 9A"))


def test_R_T4_swap_all_with_the_chronicler_on_the_table():
    state = three(chronicler=True, table="AL 7B *")     # * as a ten-card of Leaves: 21
    assert "swap all" in actions(state)
    state = three(chronicler=True, table="7L 7B *")     # three sevens: 30.5
    assert "swap all" in actions(state)
    state = three(chronicler=True, table="7L 8H *")     # best 19: no
    assert "swap all" not in actions(state)


def test_T8_pass_then_next_player():
    state = three()
    state.apply(Pass())
    assert state.current_player == 2 and state.hand(1) == tuple(C("KH 10H 7A"))
    assert state.table == tuple(C("AH UL 9A")) and state.turns == 1


def test_R_T5_no_two_passes():
    state = three()
    state.apply("pass")          # player 1
    state.apply("pass")          # player 2
    state.apply("pass")          # player 0
    assert state.current_player == 1
    assert "pass" not in actions(state)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply("pass")
    assert str(info.value).startswith("player 1 cannot pass: R-T5 you passed on your last turn")
    assert str(info.value).endswith("legal now: swap one (9 ways, e.g. swap KH AH), reveal")
    assert info.value.rule == "R-T5" and info.value.player == 1
    assert state.to_json() == before
    state.apply("swap 7A 9A")    # player 1: a swap clears it
    state.apply("swap 8A UL")    # player 2 may not pass either
    state.apply("swap 9L 7A")    # player 0
    assert state.current_player == 1 and "pass" in actions(state)
    state.apply("pass")
    view = state.view(1)
    assert view.passed == (False, True, False) and view.passed_last_turn
    assert not state.view(2).passed_last_turn


def test_R_T5_from_position():
    state = three(passed=[1])
    assert "pass" not in actions(state)


def test_T9_reveal_shows_the_hand_and_starts_final_turns():
    state = three()
    state.apply(Reveal())
    assert state.phase is Phase.FINAL
    assert state.events[-1] == Revealed(1, tuple(C("KH 10H 7A")), False)
    for p in (0, 2):
        assert state.view(p).revealed[1] == tuple(C("KH 10H 7A"))
        assert state.view(p).revealed[0] is None and state.view(p).revealed[2] is None
    assert state.current_player == 2
    assert state.view(2).final_turns == (2, 0)
    state2 = three()
    state2.apply("knock")
    assert state2 == state


# ---------------------------------------------------------------- T10, R-T6 final turns

def test_T10_R_T6_final_turn_swap_only_to_21_or_more():
    # player 2 holds AB KB 8A: swapping 8A for 10H? not on table; table AH UL 9A
    state = three(phase="final", revealer=1, hands=["7H 8B 9L", "KH 10H 7A", "AB 9B 8A"],
                  table="AH UB 9A")
    legal = actions(state)
    # keeping AB + UB (Bells 21) or taking UB for 8A / 9B
    assert set(legal) == {"swap 9B UB", "swap 8A UB", "stand"}
    for bad in ("swap 9B AH", "pass", "reveal", "swap all"):
        before = state.to_json()
        with pytest.raises(IllegalActionError) as info:
            state.apply(bad)
        assert "T10/R-T6" in str(info.value)
        assert state.to_json() == before
    with pytest.raises(IllegalActionError, match="7H 8B 9L scores 0|scores 0"):
        state.apply("swap 9B AH")
    state.apply("swap 8A UB")
    assert state.events[-2] == Swapped(2, tuple(C("8A")), tuple(C("UB")), True)
    assert state.events[-1] == Revealed(2, tuple(C("AB 9B UB")), True)    # revealed at once
    assert state.current_player == 0 and state.phase is Phase.FINAL


def test_R_T6_each_other_player_exactly_one_final_turn_in_order_then_scoring():
    game = ThirtyOneGame(players=5)
    state = game.state_from_position(
        hands=["7H 8B 9L", "KH 10H 7A", "AB KB 8A", "9H 9B 7L", "UL OL 8L"], table="AH UH 9A",
        dealer=0, current_player=3, single_deal=True)
    state.apply("reveal")                        # player 3 reveals
    order = []
    while not state.is_over():
        order.append(state.current_player)
        assert state.phase is Phase.FINAL
        assert "stand" in actions(state) and "pass" not in actions(state)
        state.apply("stand")
    assert order == [4, 0, 1, 2]
    assert [e.player for e in state.events if isinstance(e, Stood)] == [4, 0, 1, 2]
    scored = [e for e in state.events if isinstance(e, Scored)]
    assert [e.player for e in scored] == [0, 1, 2, 3, 4]
    assert [e.score for e in scored] == [0, 0, 21, 0, 28]
    assert state.results[-1].revealer == 3


# ---------------------------------------------------------------- T11-T13 scoring and lives

def test_T11_T13_lowest_score_loses_a_life():
    state = three(phase="final", revealer=0, hands=["AH KH 9H", "7B 8L 9A", "AB KB 8A"],
                  table="7H 8H 7L")
    state.apply("stand")
    state.apply("stand")
    assert state.is_over()
    result = state.outcome().last_deal
    assert result.scores == (30.0, 0.0, 21.0)
    assert result.losers == (1,) and state.lives == (3, 2, 3)
    assert [e for e in state.events if isinstance(e, LifeLost)] == [
        LifeLost(1, 2, "lowest score 0, T13")]
    assert state.outcome().winners == (0,)          # single deal: the best hand
    scored = [e for e in state.events if isinstance(e, Scored)]
    assert scored[0].explanation == "Hearts: Ace 11 + King 10 + IX 9 = 30 (T11)"


def test_T13_ties_for_lowest_each_lose_a_life():
    state = three(phase="final", revealer=0, hands=["AH KH 9H", "AL KL 8A", "AB KB 8B"],
                  table="7H 8H 7L")
    state.apply("stand")
    state.apply("stand")
    assert state.outcome().last_deal.scores == (30.0, 21.0, 29.0)
    assert state.outcome().last_deal.losers == (1,)
    state = three(phase="final", revealer=0, hands=["AH KH 9H", "AL KL 8A", "AB KB 8L"],
                  table="7H 8H 7L")
    state.apply("stand")
    state.apply("stand")
    assert state.outcome().last_deal.losers == (1, 2)
    assert state.lives == (3, 2, 2)


def test_T12_chronicler_scores_as_any_card_at_the_end():
    state = three(chronicler=True, phase="final", revealer=0,
                  hands=["AH KH *", "AL KL 8A", "AB AA 8B"], table="7H 8H 7L")
    state.apply("stand")
    state.apply("stand")
    assert state.outcome().last_deal.scores == (32.0, 21.0, 0.0)
    scored = [e for e in state.events if isinstance(e, Scored)]
    assert scored[0].explanation.startswith("Chronicler as Ace of Hearts")


# ---------------------------------------------------------------- T14, R-T7 three Aces

def _assert_three_aces_ended(state, holder, players):
    assert any(isinstance(e, ThreeAces) and e.player == holder for e in state.events)
    result = state.results[-1]
    assert result.three_aces == holder
    assert result.losers == tuple(p for p in range(players) if p != holder)
    assert not any(isinstance(e, Scored) for e in state.events)      # no other hand scored
    assert state.lives[holder] == 3 and all(state.lives[p] == 2 for p in result.losers)


def test_R_T7_three_aces_right_after_the_deal():
    state = three(phase="exchange", hands=["7H 8B 9L", "AH AB AL", "KB 8A 7A"], table="9H UL 9A")
    assert state.is_over()
    _assert_three_aces_ended(state, 1, 3)
    # and from a real shuffle: find a seed whose first deal gives someone three Aces
    game = ThirtyOneGame(players=9)
    for seed in range(3000):
        s = game.new_state(seed=seed, single_deal=True)
        if s.is_over():
            holder = s.results[0].three_aces
            assert score(s.hand(holder)) == 33 and s.history == []
            break
    else:
        pytest.fail("no deal with three Aces in 3000 seeds")


def test_R_T7_three_aces_after_the_exchange():
    state = three(phase="exchange", hands=["7H 8B 9L", "KH 8H 7A", "KB 8A 7B"], table="AH AB AL")
    assert not state.is_over()
    state.apply(Exchange())
    assert state.is_over()
    _assert_three_aces_ended(state, 0, 3)


def test_R_T7_T14_three_aces_after_a_swap_ends_the_deal_at_once():
    state = three(hands=["7H 8B 9L", "AH AB 7A", "KB KH 8A"], table="AL UL 9A")
    state.apply("swap 7A AL")
    assert state.is_over()
    _assert_three_aces_ended(state, 1, 3)
    # with the Chronicler standing for an Ace
    state = three(chronicler=True, hands=["7H 8B 9L", "AH AB 7A", "KB KH 8A"], table="* UL 9A")
    state.apply("swap 7A *")
    _assert_three_aces_ended(state, 1, 3)


def test_R_T7_three_aces_in_a_final_turn():
    state = three(phase="final", revealer=0, hands=["KH 10H 9H", "AH AB 7A", "KB 8L 8A"],
                  table="AL UL 9A")
    state.apply("swap 7A AL")
    _assert_three_aces_ended(state, 1, 3)
    assert state.lives == (2, 3, 2)          # the revealer loses a life too (T14)


def test_T14_three_aces_in_a_match_continue_to_next_deal():
    state = three(hands=["7H 8B 9L", "AH AB 7A", "KB KH 8A"], table="AL UL 9A",
                  single_deal=False)
    state.apply("swap 7A AL")
    assert not state.is_over() and state.deal == 2 and state.dealer == 1
    assert state.lives == (2, 3, 2)


# ---------------------------------------------------------------- R-T8 lives and the match

def test_R_T8_player_at_zero_lives_plays_and_goes_out_on_the_next_loss():
    state = three(phase="final", revealer=0, hands=["AH KH 9H", "7B 8L 9A", "AB KB 8A"],
                  table="7H 8H 7L", lives=[0, 0, 2], single_deal=False)
    state.apply("stand")
    state.apply("stand")
    assert state.out == (False, True, False)
    assert any(isinstance(e, PlayerOut) and e.player == 1 for e in state.events)
    # the game goes on; seat 0 at 0 lives still plays; the dealer moves past seat 1
    assert not state.is_over() and state.deal == 2
    assert state.dealer == 2 and state.deal_events[0].seats == (0, 2)
    assert state.hand(1) == () and len(state.hand(0)) == 3
    assert state.lives == (0, 0, 2)


def test_R_T8_last_player_left_wins():
    game = ThirtyOneGame(players=2, lives=0)
    state = game.state_from_position(hands=["AH KH 9H", "7B 8L 9A"], table="7H 8H 7L",
                                     phase="final", revealer=0)
    state.apply("stand")
    assert state.is_over() and state.outcome().winners == (0,)
    assert state.outcome().out == (False, True)
    assert state.events[-1].reason == "the last player left (R-T8)"


def test_R_T8_last_players_out_together_share_the_win():
    game = ThirtyOneGame(players=3)
    state = game.state_from_position(hands=["AH KH 9B", "AL KL 8A", None], table="7H 8H 7L",
                                     phase="final", revealer=0, lives=[0, 0, 0])
    state.apply("stand")
    assert state.is_over()
    assert state.outcome().winners == (0, 1)
    assert state.outcome().out == (True, True, True)


def test_R_T8_lives_option():
    for lives in (0, 1, 5):
        game = ThirtyOneGame(players=3, lives=lives)
        state = game.new_state(seed=1)
        assert state.lives == (lives,) * 3
    with pytest.raises(ConfigError, match="R-T8"):
        ThirtyOneGame(players=3, lives=-1)
    # a play table offers 0-9 (the registry's table game: the limit left the widget)
    from cardgames import registry
    assert registry.get("thirty-one").make_table_game(players=3, lives=9).lives == 9
    for bad in (10, 99999999999, True, "3"):
        with pytest.raises(ConfigError, match="R-T8"):
            registry.get("thirty-one").make_table_game(players=3, lives=bad)


# ---------------------------------------------------------------- R-T9 views

def test_R_T9_view_shows_only_what_the_player_may_know():
    state = three()
    state.apply("swap 7A AH")
    view = state.view(0)
    assert view.hand == tuple(C("7H 8B 9L")) and view.table == tuple(C("7A UL 9A"))
    assert view.revealed == (None, None, None)
    text = repr(view.to_dict())
    for hidden in ("KH", "10H", "KB", "8A"):          # players 1, 2 hands (AH is public)
        assert hidden not in text
    assert "AH" in text                                # player 1 took AH: public (R-T9)
    assert not any(c in text for c in map(str, state.undealt))
    swap = view.events[-1]
    assert swap.to_table == tuple(C("7A")) and swap.from_table == tuple(C("AH"))
    assert view.lives == (3, 3, 3) and view.phase is Phase.PLAY and view.current_player == 2
    assert view.hand_score == 0 and state.view(1).hand_score == 31


def test_R_T9_positions_differing_in_hidden_cards_give_the_same_view():
    a = three(hands=["7H 8B 9L", "KH 10H 7A", "AB KB 8A"])
    b = three(hands=["7H 8B 9L", "7B 7L OB", "KA OA UA"])
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


# ---------------------------------------------------------------- R-T10 turn cap

def test_R_T10_turn_cap_forces_reveal():
    state = three(turn_cap=2)
    state.apply("pass")
    state.apply("swap 8A AH")
    assert actions(state) == ["reveal"] and state.view(0).must_reveal
    with pytest.raises(IllegalActionError, match=r"R-T10 the turn cap of 2 turns"):
        state.apply("swap 7H UL")
    state.apply("reveal")
    assert state.phase is Phase.FINAL and "stand" in actions(state)
    with pytest.raises(ConfigError, match="R-T10"):
        ThirtyOneGame(players=3, turn_cap=-1)


def test_R_T10_every_random_deal_ends_with_a_cap():
    game = ThirtyOneGame(players=5, turn_cap=20)
    rng = random.Random(4)
    for seed in range(30):
        state = game.new_state(seed=seed, single_deal=True)
        steps = 0
        while not state.is_over():
            state.apply(state.legal_actions().sample(rng))
            steps += 1
        assert steps <= 1 + 21 + 4


def test_deal_log_and_event_seats_read_the_events_fields():
    """The public log of one deal (a drawer's view, from the events' ``deal`` fields) and
    the seats an event is about; counted by hand from a played match."""
    from cardgames.thirtyone.events import DealOver, Dealt, MatchOver, deal_log, event_seats

    state = ThirtyOneGame(players=3, lives=0, turn_cap=3).new_state(seed=4)   # T10: every deal ends
    while not state.is_over():
        state.apply(next(iter(state.legal_actions())))
    events = state.events
    deals = [e.deal for e in events if isinstance(e, Dealt)]
    assert deals == list(range(1, len(deals) + 1)) and len(deals) == len(state.results)
    total = 0
    for d in deals:
        log = deal_log(events, d)
        assert isinstance(log[0], Dealt) and log[0].deal == d
        over = [e for e in log if isinstance(e, DealOver)]
        assert len(over) == 1 and over[0].result == state.results[d - 1]
        total += len(log)
    assert total == len(events)              # every event in exactly one deal's log
    assert isinstance(deal_log(events, deals[-1])[-1], MatchOver)
    assert deal_log(events, len(deals) + 1) == []
    last = state.results[-1]
    assert event_seats(next(e for e in events if isinstance(e, DealOver)
                            and e.result == last)) == last.losers
    assert event_seats(events[0]) == (0,)    # seat 0 dealt the first deal
