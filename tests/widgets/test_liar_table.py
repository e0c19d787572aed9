"""widgets.tables.liar_table: Liar played to the end by clicks; no hidden card in any synced trait
(R-L11); a hostile browser changes nothing; old widgets are closed."""

from __future__ import annotations

import html
import logging
import random
from collections import Counter

import pytest
from hidden import (
    assert_no_hidden_cards, find_cards, live_widgets, svg_count, svg_counts, synced_strings,
)

from cardgames.cards import PALE, Card
from cardgames.errors import AgentError, IllegalActionError
from cardgames.liar import (
    CALL, PASS, LiarGame, LiarMatch, LiarRandomAgent, LiarState, PalePenalty, Phase, Play,
    Revealed, replay, round_seed,
)
from cardgames.play import agent_rngs, play_state
from widgets import LiarTable
from tests.widgets.citations import unlinked

# ---------------------------------------------------------------- helpers


def click_play(table: LiarTable, indices) -> None:
    """Pick the cards at ``indices`` of the hand view and press Play, as the browser would."""
    for i in indices:
        table.hand.buttons[i].click()
    table.play_button.click()


def human_move(table: LiarTable, rng: random.Random, call_rate: float = 0.3,
               honest: bool = False) -> str:
    """A scripted human: a legal action chosen at random, performed by clicks.

    ``honest``: play the cards of the due rank when holding some (shorter rounds).
    """
    act = table.human_to_act()
    if act is None and not table.state.is_over():     # autoplay off: let the bots move
        n = len(table.state.history)
        table.bots_button.click()
        assert len(table.state.history) > n
        return "bots"
    if act is Phase.PLAY:
        n = len(table.hand.cards)
        due = table.state.view(table.human_seat).due_rank
        true = [i for i, c in enumerate(table.hand.cards) if c.rank is due][:4]
        if honest and true:
            picks = true
        else:
            k = rng.randint(1, min(4, n))
            picks = rng.sample(range(n), k)
        expected = Play([table.hand.cards[i] for i in picks])
        before = len(table.state.history)
        click_play(table, picks)
        assert table.state.history[before] == expected, table.message.value
        return "play"
    assert act is Phase.CALL_WINDOW, f"the human is stuck: {table.message.value}"
    before = len(table.state.history)
    if rng.random() < call_rate:
        table.call_button.click()
        assert table.state.history[before] == CALL
        return "call"
    table.pass_button.click()
    assert table.state.history[before] == PASS
    return "pass"


def play_round(table: LiarTable, rng: random.Random, *, check=None, limit: int = 2000,
               honest: bool = True) -> Counter:
    moves: Counter = Counter()
    while not table.state.is_over():
        moves[human_move(table, rng, honest=honest)] += 1
        if check is not None:
            check(table)
        assert sum(moves.values()) < limit, "the round does not end"
    return moves


def hidden_and_known(table: LiarTable) -> tuple[list[Card], list[Card]]:
    """R-L11 from the engine: what the human may not know, and what they may know."""
    s, me = table.state, table.human_seat
    hidden = [c for p in range(s.players) if p != me for c in s.hand(p)]
    hidden += [c for play in s.pile if play.player != me for c in play.cards]
    hidden += list(s.put_aside)
    v = s.view(me)
    known = list(v.hand) + [c for mp in v.my_plays for c in mp.cards]
    for e in v.events:
        if isinstance(e, Revealed):
            known += list(e.cards)
        elif isinstance(e, PalePenalty):
            known.append(PALE)   # R-L7: made public
    return hidden, known


def check_no_hidden(table: LiarTable) -> None:
    hidden, known = hidden_and_known(table)
    assert_no_hidden_cards(hidden, known)


def json_of(table: LiarTable) -> str:
    return table.state.to_json()


# ---------------------------------------------------------------- playing by clicks


def test_a_full_round_by_clicks(live_widgets):
    table = LiarTable(seed=11)
    rng = random.Random(1)
    moves = play_round(table, rng, honest=False)     # lies too
    s = table.state
    out = s.outcome()
    assert out is not None and moves["play"] >= 1 and moves["call"] >= 1
    # the engine agrees with itself: the same deal and actions replay to the same state
    assert replay(table.game, s.seed, s.history, dealer=s.dealer) == s
    assert s.seed == round_seed(11, 0) and s.dealer == 0
    # places and points (R-L10) and the match score
    assert table.scores == out.points
    result = table.result.value
    assert "Round result" in result and "Match score" in result
    for p in range(s.players):
        assert f"<td style='padding:4px 10px;border:1px solid #ccc;text-align:center'>" \
               f"+{out.points[p]}</td>" in result
    # the log is the engine's own words, one line per event
    for e in s.events:
        assert html.escape(e.describe()) in unlinked(table.log.value)
    assert "Round over" in table.status.value
    assert all(b.disabled for b in (table.play_button, table.call_button, table.pass_button))
    assert not table.new_round_button.disabled


def test_the_announcement_is_forced_and_shown_on_the_button(live_widgets):
    table = LiarTable(seed=2, autoplay=False)
    rng = random.Random(3)
    while table.human_to_act() is not Phase.PLAY:
        human_move(table, rng)
    due = table.state.due_rank
    # nothing picked: no "Play 0 × eights" (issue 18): the button asks for cards
    assert table.play_button.description == "Pick cards to play"
    assert table.play_button.disabled
    table.hand.buttons[0].click()
    table.hand.buttons[1].click()
    picked = table.hand.selected_cards
    assert table.play_button.description == f"Play 2 × {due.plural}" and not table.play_button.disabled
    n = len(table.state.history)
    table.play_button.click()
    assert table.state.history[n] == Play(picked)
    assert f'announced "2 {due.plural}"' in html.unescape(table.log.value)
    # R-L11: the cards you put down yourself are shown to you, in the pile
    number = table.state.plays_made
    assert f"play {number} (“2 {due.plural}”)" in table.pile.value
    assert all(f'data-card="{c}"' in table.pile.value for c in picked)
    assert "Under the call window: your play" in table.pile.value


def test_a_match_over_several_rounds(live_widgets):
    table = LiarTable(bots=("heuristic", LiarRandomAgent()), seed=5, rounds=3)
    rng = random.Random(7)
    totals = [0, 0, 0]
    dealers = []
    for r in range(3):
        assert f"round {r + 1} of 3" in table.header.value
        dealers.append(table.state.dealer)
        assert table.state.seed == round_seed(5, r)
        play_round(table, rng)
        out = table.state.outcome()
        totals = [a + b for a, b in zip(totals, out.points)]
        assert list(table.scores) == totals
        if r < 2:
            table.new_round_button.click()
            assert table.message.value == ""
    assert dealers == [0, 1, 2]          # R-L1: the dealer moves on each round
    assert table.view.match_over and "Match over after 3 rounds" in table.result.value
    assert table.new_round_button.disabled
    before = json_of(table)
    table.new_round_button.click()       # the browser may click it anyway
    assert "The match is over" in table.message.value and json_of(table) == before
    # a new match with the chosen options: scores start again
    table.opt_bots.value = 1
    table.opt_kind.value = "random"
    table.new_match_button.click()
    assert table.game.players == 2 and table.scores == (0, 0)
    assert "round 1 of 3" in table.header.value
    play_round(table, rng)
    assert sum(table.scores) == sum(table.state.outcome().points)


def test_bots_move_one_at_a_time_when_stepping(live_widgets):
    table = LiarTable(bots=("heuristic",) * 3, seed=4, autoplay=False, human_seat=2)
    s = table.state
    assert s.current_player == 1 and table.human_to_act() is None
    assert not table.step_button.disabled and table.play_button.disabled
    assert "press Next bot move" in table.status.value
    assert "No moves yet" in table.log.value
    table.step_button.click()
    assert len(s.history) == 1 and isinstance(s.history[0], Play)
    assert table.log.value.count("<li") == len(s.events) == 1
    # R-L5: the next player, the human in seat 2, is asked: the bots wait
    assert table.human_to_act() is Phase.CALL_WINDOW and table.step_button.disabled
    before = json_of(table)
    table.step_button.click()
    assert json_of(table) == before and "It is your move" in table.message.value
    table.pass_button.click()             # autoplay is off: nobody else moves
    assert len(s.history) == 2 and s.current_player == 3
    table.step_button.click()
    assert len(s.history) == 3 and table.log.value.count("<li") == len(s.events)
    table.bots_button.click()            # until the human must act
    assert table.human_to_act() in (Phase.PLAY, Phase.CALL_WINDOW) or s.is_over()
    rng = random.Random(2)
    while not s.is_over():
        if table.human_to_act() is None:
            n = len(s.history)
            table.step_button.click()
            assert len(s.history) == n + 1, "one bot move per click"
        else:
            human_move(table, rng, honest=True)
    assert table.scores == s.outcome().points


def test_chroniclers_and_two_decks(live_widgets):
    table = LiarTable(bots=("heuristic",) * 5, decks=2, chroniclers="both", seed=9)
    assert table.game.players == 6 and table.game.deck_size == 68
    play_round(table, random.Random(4))
    assert table.state.outcome() is not None


# ---------------------------------------------------------------- refusals with the engine's words


def test_illegal_plays_get_the_engine_message_and_change_nothing(live_widgets):
    table = LiarTable(seed=21, bots=("heuristic",))
    rng = random.Random(5)
    while table.human_to_act() is not Phase.PLAY or len(table.hand.cards) < 5:
        human_move(table, rng, call_rate=0.0)
    before = json_of(table)
    for i in range(5):
        table.hand.buttons[i].click()
    assert len(table.hand.selected) == 5
    table.play_button.click()
    msg = html.unescape(unlinked(table.message.value))
    assert "You cannot “play " in msg and "(R-L4)" in msg   # worded from the error's fields
    assert json_of(table) == before
    table.hand.clear_selection()
    table.play_button.click()             # no card picked: the engine's R-L4, a play is 1-4
    msg = html.unescape(unlinked(table.message.value))
    assert "a play is 1-4 cards (R-L4)" in msg and json_of(table) == before
    table.call_button.click()             # no call window now
    assert "R-L5" in table.message.value and json_of(table) == before
    table.pass_button.click()
    assert "R-L5" in table.message.value and json_of(table) == before
    table.hand.buttons[0].click()
    table.play_button.click()
    assert table.message.value == "" and json_of(table) != before


def test_out_of_turn_is_refused_without_naming_the_bots_cards(live_widgets):
    table = LiarTable(seed=8, autoplay=False)            # seat 1 begins (R-L1)
    s = table.state
    assert s.current_player == 1
    before = json_of(table)
    table.hand.enabled = True     # even if the hand were pickable, Play is checked by the engine
    table.hand.buttons[0].click()
    table.play_button.click()
    msg = html.unescape(table.message.value)
    assert "it is player 1's turn" in msg and "legal now for player" not in msg
    assert json_of(table) == before
    table.call_button.click()
    assert "it is player 1's turn" in html.unescape(table.message.value)
    assert json_of(table) == before
    check_no_hidden(table)


# ---------------------------------------------------------------- no hidden card reaches the browser


def test_no_hidden_card_in_any_synced_trait_one_deck(live_widgets):
    """Every live widget's full state, after every human action of a round (one deck:
    exact, every card unique).  Chroniclers included, so *C and *P are searched too."""
    table = LiarTable(seed=13, chroniclers="both")
    check_no_hidden(table)
    # the search does find cards: your own hand is there, by notation, name and SVG
    mine = table.state.hand(table.human_seat)
    assert set(find_cards(mine)) == {str(c) for c in mine}
    moves = play_round(table, random.Random(6), check=check_no_hidden, honest=True)
    print(moves)
    assert moves["call"] >= 1
    check_no_hidden(table)
    # a call turned cards over: they are known and may be shown
    turned = [e for e in table.state.events if isinstance(e, Revealed)]
    assert turned and all(svg_count(c) >= 1 for c in turned[-1].cards)


def test_no_hidden_card_with_two_decks_counts(live_widgets):
    """Two decks: a card may be hidden (one copy) and known (the other).  Cards of
    which the human knows no copy never appear; the hand view draws exactly the
    copies the human holds."""
    table = LiarTable(seed=17, decks=2, bots=("heuristic",) * 4, chroniclers="both")

    def check(t: LiarTable) -> None:
        check_no_hidden(t)
        v = t.state.view(t.human_seat)
        hand = Counter(v.hand)
        texts = synced_strings([s.html for s in t.hand.slots])
        assert all(svg_count(card, texts) == n for card, n in hand.items())
        # every face-up drawing anywhere is a copy the human may know: the hand, their own
        # plays lying in the pile (R-L11) and the last play turned over in a call
        drawn = hand + Counter(c for r in v.pile if r.cards for c in r.cards)
        last = [e for e in v.events if isinstance(e, Revealed)][-1:]
        drawn += Counter(c for e in last for c in e.cards)
        assert svg_counts() == drawn

    check(table)
    play_round(table, random.Random(8), check=check, honest=True)


# ---------------------------------------------------------------- a hostile browser


def _browser_update(widget, **state) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}},
                        "buffers": []})


def _browser_click(button) -> None:
    button._handle_msg({"content": {"data": {"method": "custom",
                                             "content": {"event": "click"}}}, "buffers": []})


def test_hostile_browser_changes_nothing(live_widgets):
    table = LiarTable(seed=31, autoplay=False)
    s = table.state
    assert s.current_player != table.human_seat
    before = json_of(table)
    # enable everything from the browser, then click it all
    for b in (table.play_button, table.call_button, table.pass_button, table.new_round_button,
              *table.hand.buttons):
        _browser_update(b, disabled=False, description="Picked ✓")
    for b in table.hand.buttons:
        _browser_click(b)
    assert table.hand.selected == ()
    for b in (table.play_button, table.call_button, table.pass_button, table.new_round_button):
        _browser_click(b)
        assert json_of(table) == before
    assert "not over yet" in table.message.value
    # options the rules forbid: 7 bots with one deck (R-L2)
    _browser_update(table.opt_bots, index=6)
    assert table.opt_bots.value == 7
    _browser_click(table.new_match_button)
    assert "R-L2" in table.message.value and json_of(table) == before
    # a trait set to something odd is re-checked too
    table.opt_kind.options = ["heuristic", "nonsense"]
    table.opt_kind.value = "nonsense"
    table.opt_bots.value = 2
    _browser_click(table.new_match_button)
    assert "Unknown bot kind" in table.message.value and json_of(table) == before
    check_no_hidden(table)
    # the human's turn: call/pass in the play phase, play in the call window
    table.bots_button.click()
    rng = random.Random(3)
    seen = set()
    while not s.is_over() and len(seen) < 2:
        act = table.human_to_act()
        before = json_of(table)
        if act is Phase.PLAY:
            _browser_click(table.call_button)
            assert json_of(table) == before and "R-L5" in table.message.value
            _browser_click(table.step_button)
            assert json_of(table) == before and "your move" in table.message.value
        elif act is Phase.CALL_WINDOW:
            table.hand.enabled = True
            table.hand.buttons[0].click()
            _browser_click(table.play_button)
            assert json_of(table) == before and "call window is open" in table.message.value
            table.hand.clear_selection()
        seen.add(act)
        human_move(table, rng)
        table.bots_button.click()
    # clicks after the round ended and after close raise nothing
    play_round(table, rng) if not s.is_over() else None
    table.bots_button.click()   # round over: nothing changes
    before = json_of(table)
    for b in (table.play_button, table.call_button, table.pass_button, table.step_button):
        _browser_click(b)
        assert json_of(table) == before
    table.close()
    table.play_button.click()
    table.new_round_button.click()


def _stopped_and_unchanged(table: LiarTable) -> None:
    """A stopped table: nothing may be done but a new match; every click changes nothing."""
    before = json_of(table)
    assert table.stopped and table.human_to_act() is None
    for b in (table.play_button, table.call_button, table.pass_button, table.step_button,
              table.bots_button, table.new_round_button):
        assert b.disabled
        _browser_update(b, disabled=False)
        _browser_click(b)
        assert json_of(table) == before
        assert "the table stopped" in html.unescape(table.message.value)
    assert "The table stopped" in table.status.value


def test_a_failing_bot_stops_the_table_with_a_plain_line(live_widgets, caplog):
    class Broken:
        name = "broken"

        def act(self, view, legal, rng):
            raise RuntimeError("boom 7H AH")

    with caplog.at_level(logging.ERROR, logger="widgets.tables.table_base"):
        table = LiarTable(bots=(Broken(), "heuristic"), seed=3)
    s = table.state
    assert s.current_player == 1 and s.history == []   # R-L1: seat 1 begins; nothing played
    assert "Player 1's bot failed; the table stopped" in html.unescape(table.message.value)
    assert not any("boom" in t or "RuntimeError" in t for t in synced_strings())
    assert isinstance(table.bot_error, RuntimeError)
    # the full error is in the Python log, with the bot and its seat
    rec = [r for r in caplog.records if r.name == "widgets.tables.table_base"]
    assert len(rec) == 1 and "'broken' in seat 1" in rec[0].getMessage()
    assert rec[0].exc_info[1] is table.bot_error
    _stopped_and_unchanged(table)
    # a new match (other bots) plays again
    table.opt_kind.value = "heuristic"
    table.new_match_button.click()
    assert not table.stopped and table.message.value == ""
    play_round(table, random.Random(1))
    assert table.state.outcome() is not None


def test_an_illegal_bot_move_stops_the_table_and_is_never_replaced(live_widgets, caplog):
    class Cheat:
        name = "cheat"

        def act(self, view, legal, rng):
            return PASS        # R-L5: letting a play stand is only possible in a call window

    with caplog.at_level(logging.ERROR, logger="widgets.tables.table_base"):
        table = LiarTable(bots=("heuristic", Cheat()), seed=3, autoplay=False)
    s = table.state
    assert s.current_player == 1
    table.step_button.click()                      # the heuristic bot plays
    assert len(s.history) == 1 and isinstance(s.history[0], Play)
    # the cheat's PASS in a call window is legal: play on until it must play
    rng = random.Random(2)
    for _ in range(300):
        if table.stopped:
            break
        if table.human_to_act() is None:
            n = len(s.history)
            table.step_button.click()
        else:
            human_move(table, rng, call_rate=0.0)
    err = table.bot_error
    assert isinstance(err, AgentError), "the cheat had to play at some point"
    assert err.agent == "cheat" and err.player == 2 and err.action == PASS and err.rule == "R-L5"
    assert len(s.history) == n, "nothing was played in the cheat's place"
    assert s.current_player == 2 and s.phase is Phase.PLAY
    assert "Player 2's bot made an illegal move; the table stopped" in \
        html.unescape(table.message.value)
    rec = [r for r in caplog.records if r.name == "widgets.tables.table_base"]
    assert len(rec) == 1 and "'cheat' in seat 2" in rec[0].getMessage()
    assert rec[0].exc_info[1] is err
    _stopped_and_unchanged(table)


def test_no_raw_exception_text_reaches_the_browser(live_widgets, monkeypatch):
    """Engine refusals are worded from the error's fields; other failures get a fixed line."""
    sentinel = "SENTINEL-4711 player 1 holds KH"
    table = LiarTable(seed=21, bots=("heuristic",))
    rng = random.Random(5)
    while table.human_to_act() is not Phase.PLAY:
        human_move(table, rng, call_rate=0.0)
    before = json_of(table)

    def refuse(self, action, *, player=None):
        raise IllegalActionError(sentinel, player=player, action=action, rule="L7")

    monkeypatch.setattr(LiarState, "apply", refuse)
    table.hand.buttons[0].click()
    table.play_button.click()
    msg = html.unescape(unlinked(table.message.value))
    assert "(L7)" in msg and "your own hand" in msg      # the table's words for L7
    assert json_of(table) == before

    def crash(self, action, *, player=None):
        raise RuntimeError(sentinel)

    monkeypatch.setattr(LiarState, "apply", crash)
    table.hand.clear_selection()
    table.hand.buttons[0].click()
    table.play_button.click()
    assert "Something went wrong" in table.message.value and json_of(table) == before
    assert not any("SENTINEL" in t for t in synced_strings())


def test_the_bots_draw_from_one_generator_per_seat(live_widgets):
    """The table's bots make the choices play_state makes with agent_rngs(round seed):
    the human seat, played by clicks with the same random agent, gives the same round."""
    table = LiarTable(bots=("random", "random"), seed=12, rounds=1)
    s = table.state
    me = LiarRandomAgent()
    mine = agent_rngs(s.seed, 3)[0]
    while not s.is_over():
        action = me.act(s.view(0), s.legal_actions(), mine)
        if isinstance(action, Play):
            hand = list(table.hand.cards)
            picks = []
            for c in action.cards:
                picks.append(next(i for i, h in enumerate(hand) if h == c and i not in picks))
            click_play(table, picks)
        else:
            (table.call_button if action == CALL else table.pass_button).click()
        assert s.history[-1] is not None and table.message.value == "", table.message.value
    twin = LiarMatch(LiarGame(players=3), seed=12, rounds=1).new_round()
    play_state(twin, [LiarRandomAgent()] * 3, agent_rngs(twin.seed, 3))
    assert s.history == twin.history and len(s.history) > 10


# ---------------------------------------------------------------- old widgets are closed


def slot_ids(table: LiarTable) -> set[str]:
    """The model ids of the hand view's card slots, the decision buttons (made again for
    every mark: one click, one decision) and their Layout/Style widgets."""
    ids = set()
    parts = [w for slot in table.hand.slots for w in (slot.html, slot.box, slot.button)]
    parts += [table.play_button, table.call_button, table.pass_button]
    for w in parts:
        if w is not None:
            for part in (w, getattr(w, "layout", None), getattr(w, "style", None)):
                if part is not None and getattr(part, "model_id", None):
                    ids.add(part.model_id)
    return ids


def test_old_widgets_are_closed_after_new_round_and_new_match(live_widgets):
    from ipywidgets.widgets.widget import _instances

    table = LiarTable(seed=41, bots=("heuristic",), rounds=3)
    rng = random.Random(9)
    play_round(table, rng, honest=False)
    old = {w.model_id for s in table.hand.slots for w in (s.html, s.box, s.button)
           if w is not None}
    assert old and old <= set(_instances)
    others = set(_instances) - slot_ids(table)
    table.new_round_button.click()
    assert not (old & set(_instances)), "the old hand's widgets are closed"
    # the table's own widgets are reused; only the hand's card slots are new
    assert set(_instances) - slot_ids(table) == others
    play_round(table, rng, honest=False)
    old = slot_ids(table)
    others = set(_instances) - old
    table.new_match_button.click()
    assert not (old & set(_instances))
    assert set(_instances) - slot_ids(table) == others
    assert table.state.history == [] or table.state.current_player is not None
    table.close()
    assert live_widgets() == set(), "close() leaves no live widget behind"
    assert find_cards(list(table.state.hand(0))) == {}


@pytest.mark.parametrize("bad", [dict(bots=()), dict(bots=("nope",)), dict(bots=(object(),)),
                                 dict(bots=("heuristic",) * 4), dict(human_seat=4),
                                 dict(decks=3), dict(seed="x")])
def test_bad_arguments_are_refused(bad, live_widgets):
    with pytest.raises(ValueError):
        LiarTable(**bad)
    assert live_widgets() == set(), "a refused table leaves no widget behind"


# ---------------------------------------------------------------- one click, one decision (issue 18)


def _human_decisions(table: LiarTable) -> int:
    """The human's decisions in the round so far, from the engine's log."""
    me = table.human_seat
    return sum(1 for e in table.state.events
               if (type(e).__name__ == "Played" and e.player == me)
               or (type(e).__name__ == "Passed" and e.player == me)
               or (type(e).__name__ == "CallMade" and e.caller == me))


def _clicks_on_one_view(table: LiarTable, kind: str, clicks: int, rng: random.Random,
                        *, rounds: int = 6) -> int:
    """Play rounds; at each of the human's call windows click ``kind`` ``clicks`` times on
    the buttons drawn for that window (as a browser whose clicks were all sent before the
    first answer came back).  Each time exactly one decision is made and nothing is said.
    Returns how often the human was asked again right after (a second click would have
    answered a window the student never saw)."""
    asked_again = 0
    for _ in range(rounds):
        while not table.state.is_over():
            if table.human_to_act() is not Phase.CALL_WINDOW:
                human_move(table, rng, call_rate=0.0, honest=True)
                continue
            button = table.pass_button if kind == "pass" else table.call_button
            mark, before = table.mark, _human_decisions(table)
            n_events = len(table.state.events)
            _browser_click(button)                      # the first click is answered ...
            assert table.mark > mark and _human_decisions(table) == before + 1
            again = table.human_to_act() is Phase.CALL_WINDOW
            after = (table.mark, len(table.state.history), table.message.value)
            for _ in range(clicks - 1):                 # ... the others were sent with it
                _browser_click(button)
                button.click()
            assert (table.mark, len(table.state.history), table.message.value) == after
            assert _human_decisions(table) == before + 1, "one click, one decision"
            mine = [e for e in table.state.events[n_events:]
                    if getattr(e, "player", getattr(e, "caller", None)) == table.human_seat
                    and type(e).__name__ in ("Passed", "CallMade")]
            assert len(mine) == 1
            assert button is not table.pass_button and button is not table.call_button
            asked_again += again
        if table.view.match_over:
            break
        table.new_round_button.click()
    return asked_again


def test_a_double_click_on_let_it_stand_makes_one_decision(live_widgets):
    table = LiarTable(seed=3, rounds=6)
    again = _clicks_on_one_view(table, "pass", 2, random.Random(4))
    assert again >= 1, "the test met no call window right after another"
    check_no_hidden(table)


def test_three_clicks_at_once_on_call_make_one_call(live_widgets):
    table = LiarTable(seed=5, rounds=3)
    _clicks_on_one_view(table, "call", 3, random.Random(6), rounds=3)


def test_a_decision_for_an_old_mark_is_refused_quietly(live_widgets):
    table = LiarTable(seed=11, autoplay=False)
    table.bots_button.click()
    assert table.my_turn
    mark, before = table.mark, json_of(table)
    assert table.act("call" if table.human_to_act() is Phase.CALL_WINDOW else
                     f"play {table.view.hand[0]}", mark=mark - 1) is False
    assert json_of(table) == before and table.message.value == ""
    action = "pass" if table.human_to_act() is Phase.CALL_WINDOW else f"play {table.view.hand[0]}"
    assert table.act(action, mark=mark) is True and table.mark == mark + 1
    assert table.act(action, mark=mark) is False and table.mark == mark + 1
