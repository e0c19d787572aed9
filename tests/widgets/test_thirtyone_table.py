"""widgets.tables.thirtyone_table: whole matches played by clicks, no hidden card in any synced
trait (R-T9), a hostile browser changes nothing, replaced widgets are closed."""

from __future__ import annotations

import doctest
import html
import logging
import random
import re

import pytest

from cardgames.thirtyone import (
    Exchange,
    Keep,
    Phase,
    RandomAgent,
    Reveal,
    Stand,
    SwapOne,
    ThirtyOneGame,
    ThirtyOneHeuristicAgent,
    ThirtyOneState,
    replay,
)
from cardgames.errors import AgentError, IllegalActionError
from cardgames.play import agent_rngs, play_state
from cardgames.seeds import match_seed
from tests.widgets.hidden import assert_no_hidden_cards, live_widgets, synced_strings
from tests.widgets.citations import unlinked
import widgets.tables.thirtyone_table as module
from widgets import ThirtyOneTable

# "Chronicler as Ace of Hearts" (explain) names the card the joker stands for, not a card
# of the deck (R-T3): not a leak.
_STANDS_FOR = re.compile(r"Chronicler as [\w]+ of \w+")


# ---------------------------------------------------------------- helpers
def displayed_deal_events(table):
    """The public events of the deal the widget shows (Python side of the test)."""
    s = table.state
    deal = table._pending[0] if table._pending else s.deal
    out, current = [], None
    for e in s.events:
        if type(e).__name__ == "Dealt":
            current = e.deal
        if current == deal:
            out.append(e)
    return out


def event_cards(event):
    cards = []
    for name in ("table", "hand", "to_table", "from_table"):
        cards.extend(getattr(event, name, ()) or ())
    return cards


def hidden_now(table):
    """The engine's hidden cards for the human (R-T9): the other players' unrevealed hands
    and the undealt cards; and the cards the widget may legitimately show now."""
    s, me = table.state, table.human_seat
    v = s.view(me)
    hidden = list(s.undealt)
    for seat in range(s.game.players):
        if seat != me and v.revealed[seat] is None:
            hidden.extend(s.hand(seat))
    known = set()
    for e in displayed_deal_events(table):
        known.update(event_cards(e))
    if not table.paused:
        known.update(v.hand)
        known.update(v.table)
        for h in v.revealed:
            known.update(h or ())
    return hidden, known


def check_no_hidden(table):
    hidden, known = hidden_now(table)
    assert hidden, "a test of nothing"
    texts = [_STANDS_FOR.sub("", t) for t in synced_strings()]
    assert_no_hidden_cards(hidden, known, texts)


def click_action(table, action):
    """Perform ``action`` as a user would: pick the cards, press the button."""
    if isinstance(action, SwapOne):
        h = table.hand_view.cards.index(action.hand_card)
        t = table.table_view.cards.index(action.table_card)
        assert not table.hand_view.buttons[h].disabled
        assert not table.table_view.buttons[t].disabled
        table.hand_view.buttons[h].click()
        table.table_view.buttons[t].click()
        assert table.swap_button.description == f"Swap {action.hand_card} ⇄ {action.table_card}"
    button = table.action_buttons[type(action)]
    assert not button.disabled and button.layout.display != "none", f"{action} not offered"
    button.click()


def play_match(table, rng, *, check_hidden=False, max_steps=3000):
    """Drive the table by clicks until the match is over; return the human's actions."""
    mine = []
    for _ in range(max_steps):
        s = table.state
        if check_hidden:
            check_no_hidden(table)
        if table.my_turn:
            legal = table.legal_actions()
            assert legal == list(s.legal_actions())
            # a scripted human: reveal now and then so deals end, else any legal action
            if Reveal() in legal and rng.random() < 0.3:
                action = Reveal()
            else:
                action = rng.choice(legal)
            before = len(s.history)
            click_action(table, action)
            # your action, then the bots' (they play on by themselves)
            assert s.history[before:before + 1] == [action], table.message.value
            assert table.message.value == ""
            mine.append(action)
        elif table.paused:
            if s.is_over() and len(table._pending) == 1:
                return mine
            assert not table.next_deal_button.disabled
            table.next_deal_button.click()
        else:
            n = len(s.history)
            assert not table.bots_play_button.disabled
            table.bots_play_button.click()
            assert len(s.history) > n or table.paused, "the bots made no move"
    raise AssertionError("the match did not end")


# ---------------------------------------------------------------- tests
def test_doctests():
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0


@pytest.mark.parametrize("seed,bots,chron,lives,me", [
    (1, ("heuristic", "heuristic"), False, 1, 0),
    (2, ("random",), True, 1, 1),
    (5, ("heuristic", "random", "heuristic", "heuristic"), False, 2, 3),
])
def test_whole_match_by_clicks(live_widgets, seed, bots, chron, lives, me):
    table = ThirtyOneTable(bots=bots, seed=seed, chronicler=chron, lives=lives, human_seat=me)
    assert table.human_seat == me
    mine = play_match(table, random.Random(seed))
    s = table.state
    assert s.is_over() and mine
    winners = s.outcome().winners
    text = table.result.value
    assert "the match" in text and "Deal" in text
    if winners == (me,):
        assert "You win the match!" in text
    else:
        assert f"layer {winners[0]}" in text and "win" in text
    # the engine agrees: the same seed and actions give the same match
    again = replay(ThirtyOneGame(players=len(bots) + 1, chronicler=chron, lives=lives), seed,
                   s.history)
    assert again == s
    assert len(s.history) > len(mine)
    # the action and bot buttons are gone at the end; New match is offered
    assert all(b.layout.display == "none" for b in table.action_buttons.values())
    assert table.bots_play_button.layout.display == "none"
    assert table.next_deal_button.disabled
    table.close()


def _log_items(table):
    items = re.findall(r"<li[^>]*>(.*?)</li>", table.log.value)
    return [html.unescape(re.sub(r"<[^>]+>", "", i)).replace(" (you)", "") for i in items]


def test_every_bot_move_is_logged_one_by_one(live_widgets):
    table = ThirtyOneTable(bots=("heuristic",) * 3, seed=4, autoplay=False)
    table.keep_button.click()
    assert table.state.current_player == 1
    moves = 0
    while table.state.current_player not in (0, None) and not table.paused:
        n = len(table.state.events)
        table.bot_step_button.click()
        moves += 1
        new = table.state.events[n:]
        assert len(table.state.history) == 1 + moves, "one move per click"
        items = _log_items(table)
        if not table.paused:
            # the whole deal is logged, newest first, the new move highlighted
            assert items == [e.describe() for e in reversed(table.state.deal_events)]
            assert items[0] == new[-1].describe()
            assert "#fff3c4" in table.log.value
    assert moves >= 1
    table.close()


def test_dealer_exchange_and_swap_by_clicks(live_widgets):
    table = ThirtyOneTable(bots=("heuristic",), seed=11, autoplay=False)
    s = table.state
    v = s.view(0)
    assert v.phase is Phase.EXCHANGE and s.current_player == 0
    shown = {b.description for b in table.action_buttons.values() if b.layout.display != "none"}
    assert shown == {"Keep my cards", "Exchange with the table"}
    old_table = v.table
    table.exchange_button.click()
    assert s.history == [Exchange()]
    assert table.hand_view.cards == old_table
    # bots move, then our turn: swap one by picking two cards
    table.bots_play_button.click()
    assert table.my_turn and s.phase is Phase.PLAY, "this seed gives us a turn"
    if table.my_turn and s.phase is Phase.PLAY:
        h, t = table.hand_view.cards[0], table.table_view.cards[2]
        table.hand_view.buttons[0].click()
        table.table_view.buttons[2].click()
        assert "would score" in table.swap_preview.value
        table.swap_button.click()
        assert s.history[-1] == SwapOne(h, t)
        assert t in table.state.view(0).hand
    table.close()


def test_final_turn_offers_swap_and_stand_not_pass(live_widgets):
    table = ThirtyOneTable(bots=("heuristic",), seed=3)
    # play until the bot reveals and we are in the final phase, or the deal ends
    rng = random.Random(0)
    for _ in range(200):
        s = table.state
        if table.my_turn and s.phase is Phase.FINAL:
            break
        if table.my_turn:
            legal = table.legal_actions()
            non_reveal = [a for a in legal if a != Reveal()]
            click_action(table, rng.choice(non_reveal or legal))
        elif table.paused:
            table.next_deal_button.click()
        else:
            table.bot_step_button.click()
    else:
        pytest.skip("no final turn reached with this seed")
    shown = {k.__name__ for k, b in table.action_buttons.items() if b.layout.display != "none"}
    assert "Pass" not in shown and "Reveal" not in shown and "Stand" in shown
    assert "final turn" in table.prompt.value
    n = len(s.history)
    table.stand_button.click()
    assert s.history[n:] == [Stand()]
    table.close()


def test_no_hidden_card_in_any_synced_trait_through_whole_matches(live_widgets):
    for seed, bots, chron, me in [(7, ("heuristic",) * 3, True, 0),
                                  (8, ("random", "heuristic"), False, 2),
                                  (9, ("heuristic", "random") * 4, True, 4)]:
        table = ThirtyOneTable(bots=bots, seed=seed, chronicler=chron, lives=1, human_seat=me)
        # the first position the player sees (the bots before them have played): the
        # undealt cards and at least one other hand are hidden
        hidden, _ = hidden_now(table)
        assert len(hidden) >= len(table.state.undealt) + 3
        check_no_hidden(table)
        play_match(table, random.Random(seed), check_hidden=True)
        table.close()


def test_hidden_check_would_catch_a_leak(live_widgets):
    """The checker is not blind: show an opponent's card and it fails."""
    import ipywidgets as ipw

    from cardgames.render import card_svg

    table = ThirtyOneTable(bots=("heuristic",), seed=5)
    secret = table.state.hand(1)[0]
    for leak in (card_svg(secret, width=54), f"player 1 holds {secret}", secret.name):
        w = ipw.HTML(leak)
        with pytest.raises(AssertionError, match="hidden cards"):
            check_no_hidden(table)
        w.close()
    check_no_hidden(table)
    table.close()


def test_the_seed_is_not_synced(live_widgets):
    table = ThirtyOneTable(bots=("heuristic",), seed=987654321)
    assert not any("987654321" in t for t in synced_strings())
    table.close()


def _snapshot(table):
    return table.state.to_json()


def test_hostile_browser_changes_nothing(live_widgets):
    table = ThirtyOneTable(bots=("heuristic", "heuristic"), seed=6, autoplay=False)
    s = table.state
    # 1. our exchange decision: a browser enables and clicks everything else
    before = _snapshot(table)
    for kind, b in table.action_buttons.items():
        if kind in (Keep, Exchange):
            continue
        b.disabled = False
        b.layout.display = ""
        b.click()
        assert _snapshot(table) == before
        assert table.message.value, "a refusal is shown"
    for b in (table.bot_step_button, table.bots_play_button, table.next_deal_button):
        b.disabled = False
        b.click()
        assert _snapshot(table) == before
    table.keep_button.click()
    assert s.history == [Keep()]

    # 2. a bot's turn: our buttons and picks do nothing, the message names whose turn
    assert s.current_player == 1
    before = _snapshot(table)
    for b in table.action_buttons.values():
        b.disabled = False
        b.click()
        assert _snapshot(table) == before
    # the engine's refusal (T5), worded from its fields
    assert "it is player 1's turn (T5)" in html.unescape(unlinked(table.message.value))
    for view in (table.hand_view, table.table_view):
        for b in view.buttons:
            b.disabled = False
            b.click()
        assert view.selected == ()
    with pytest.raises(ValueError):
        table.hand_view.select([0])
    assert table.human_action(SwapOne) is False and _snapshot(table) == before

    # 3. our turn: illegal moves get the engine's message and change nothing
    table.bots_play_button.click()
    assert table.my_turn and s.phase is Phase.PLAY, "this seed gives us a turn"
    if table.my_turn and s.phase is Phase.PLAY:
        before = _snapshot(table)
        table.stand_button.disabled = False
        table.stand_button.click()
        assert "T10/R-T6" in unlinked(table.message.value) and _snapshot(table) == before
        table.keep_button.disabled = False
        table.keep_button.click()
        assert "T4" in table.message.value and _snapshot(table) == before
        table.swap_button.click()      # nothing picked
        assert "pick one card" in table.message.value and _snapshot(table) == before
        table.hand_view.buttons[0].click()  # only a hand card
        table.swap_button.click()
        assert _snapshot(table) == before
        # picking still works after the refusals
        table.table_view.buttons[1].click()
        assert table.table_view.selected == (1,)

    # 4. settings the browser could send: refused, the match goes on unchanged
    before = _snapshot(table)
    table.bots_count.options = list(range(1, 20))
    table.bots_count.value = 15
    table.new_match_button.click()
    assert "1-8 bots" in table.message.value and _snapshot(table) == before
    table.bots_count.options = list(range(1, 9))
    table.bots_count.value = 2
    for bad in ({"kind": "evil"}, {"lives": -1}, {"lives": True}, {"bots": 0},
                {"chronicler": "yes"}):
        assert table.new_match(**bad) is False
        assert _snapshot(table) == before
    table.close()


def _stopped_and_unchanged(table):
    """A stopped table: nothing but a new match; every click changes nothing."""
    before = _snapshot(table)
    assert table.stopped and not table.my_turn and table.legal_actions() == []
    assert "table stopped" in table.prompt.value
    for b in (*table.action_buttons.values(), table.bot_step_button, table.bots_play_button):
        b.disabled = False
        b.click()
        assert _snapshot(table) == before
        assert "the table stopped" in html.unescape(table.message.value)


def test_a_failing_bot_stops_the_table_with_a_plain_line(live_widgets, caplog):
    class Broken:
        name = "broken"

        def act(self, view, legal, rng):
            raise RuntimeError("bot bug 7H AH")

    table = ThirtyOneTable(bots=(Broken(),), seed=2)
    table.keep_button.click()
    before = _snapshot(table)
    with caplog.at_level(logging.ERROR, logger="widgets.tables.table_base"):
        table.bots_play_button.click()
    assert _snapshot(table) == before
    assert "Player 1's bot failed; the table stopped" in html.unescape(table.message.value)
    assert not any("bot bug" in t or "RuntimeError" in t for t in synced_strings())
    assert isinstance(table.bot_error, RuntimeError)
    rec = [r for r in caplog.records if r.name == "widgets.tables.table_base"]
    assert len(rec) == 1 and "'broken' in seat 1" in rec[0].getMessage()
    assert rec[0].exc_info[1] is table.bot_error
    _stopped_and_unchanged(table)
    # a new match with other bots plays on
    assert table.new_match(kind="heuristic") and not table.stopped
    assert table.message.value == "" and table.state.history == []
    play_match(table, random.Random(1))
    table.close()


def test_an_illegal_bot_move_stops_the_table_and_is_never_replaced(live_widgets, caplog):
    class Cheat:
        name = "cheat"

        def act(self, view, legal, rng):
            return Stand()          # T10/R-T6: stand is only a final turn after a reveal

    table = ThirtyOneTable(bots=(Cheat(), ThirtyOneHeuristicAgent()), seed=2)
    table.keep_button.click()
    n = len(table.state.history)
    assert table.state.current_player == 1 and table.state.phase is Phase.PLAY
    with caplog.at_level(logging.ERROR, logger="widgets.tables.table_base"):
        assert table.bot_step() is False
    assert len(table.state.history) == n, "nothing was played in the cheat's place"
    err = table.bot_error
    assert isinstance(err, AgentError)
    assert (err.agent, err.player, err.action, err.rule) == ("cheat", 1, Stand(), "T10/R-T6")
    assert "Player 1's bot made an illegal move; the table stopped" in \
        html.unescape(table.message.value)
    rec = [r for r in caplog.records if r.name == "widgets.tables.table_base"]
    assert len(rec) == 1 and "'cheat' in seat 1" in rec[0].getMessage()
    assert rec[0].exc_info[1] is err
    _stopped_and_unchanged(table)
    assert "as given" in [value for _label, value in table.bot_kind.options]
    table.close()


def test_no_raw_exception_text_reaches_the_browser(live_widgets, monkeypatch):
    """Engine refusals are worded from the error's fields; other failures get a fixed line."""
    sentinel = "SENTINEL-4711 player 1 holds KH"
    table = ThirtyOneTable(bots=("heuristic",), seed=11)
    before = _snapshot(table)

    def refuse(self, action, *, player=None):
        raise IllegalActionError(sentinel, player=player, action=action, rule="R-T5")

    monkeypatch.setattr(ThirtyOneState, "apply", refuse)
    table.keep_button.click()
    msg = html.unescape(unlinked(table.message.value))
    assert "You cannot “keep” now" in msg and "(R-T5)" in msg and "twice" in msg
    assert _snapshot(table) == before

    def crash(self, action, *, player=None):
        raise RuntimeError(sentinel)

    monkeypatch.setattr(ThirtyOneState, "apply", crash)
    table.keep_button.click()
    assert "Something went wrong" in table.message.value and _snapshot(table) == before
    assert not any("SENTINEL" in t for t in synced_strings())
    table.close()


def test_the_bots_draw_from_one_generator_per_seat(live_widgets):
    """The table's bots make the choices play_state makes with agent_rngs(seed): the human
    seat, played by clicks with the same random agent, gives the same match."""
    game = ThirtyOneGame(players=3, lives=1)
    table = ThirtyOneTable(bots=("random", "random"), seed=8, lives=1)
    s = table.state
    me, mine = RandomAgent(), agent_rngs(8, 3)[0]
    for _ in range(3000):
        if s.is_over():
            break
        if table.my_turn:
            click_action(table, me.act(None, s.legal_actions(), mine))
            assert table.message.value == ""
        elif table.paused:
            table.next_deal_button.click()
        else:
            table.bots_play_button.click()
    twin = game.new_state(seed=8)
    play_state(twin, [RandomAgent()] * 3, agent_rngs(8, 3))
    assert s.is_over() and s.history == twin.history and len(s.history) > 10
    table.close()


def test_old_widgets_are_closed_after_next_deal_and_new_match(live_widgets):
    table = ThirtyOneTable(bots=("heuristic",), seed=9, lives=2)

    def card_widget_ids():
        ids = set()
        for view in (table.hand_view, table.table_view):
            for slot in view.slots:
                ids |= {w.model_id for w in (slot.html, slot.button, slot.box, slot.html.layout)
                        if w is not None}
            ids |= {w.model_id for w in (view.title, view.row, view.status, view.widget)}
        return ids

    at_start = len(live_widgets())
    rng = random.Random(1)
    # play to the end of the first deal
    while not table.paused:
        if table.my_turn:
            click_action(table, Reveal() if Reveal() in table.legal_actions()
                         else rng.choice(table.legal_actions()))
        else:
            table.bots_play_button.click()
    assert "result" in table.result.value
    old = card_widget_ids()
    if not table.state.is_over():
        table.next_deal_button.click()
        live = {w.model_id for w in live_widgets_now()}
        assert not old & live, "the old deal's card widgets are closed"
        assert table.result.value == ""
        # the widget count does not grow deal after deal
        assert len(live_widgets()) == at_start
    old = card_widget_ids()
    old_hand = table.hand_view
    old_pick = next(b for b in old_hand.buttons if b is not None)
    table.new_match_button.click()
    live = {w.model_id for w in live_widgets_now()}
    assert not old & live, "the old match's card widgets are closed"
    assert table.state.deal == 1 and table.state.history == []
    # a click reaching a closed pick button does nothing
    before = table.state.to_json()
    old_pick.click()
    assert table.hand_view.selected == () and table.state.to_json() == before
    table.close()
    assert live_widgets() == set(), "close() closes every widget of the table"


def live_widgets_now():
    return live_widgets()


def test_new_match_uses_the_settings_and_the_next_seed(live_widgets):
    table = ThirtyOneTable(bots=("heuristic",), seed=20)
    first = table.state.to_json()
    table.bots_count.value = 4
    table.bot_kind.value = "random"
    table.joker.value = True
    table.lives_choice.value = 1
    table.new_match_button.click()
    s = table.state
    assert s.game.players == 5 and s.game.chronicler and s.game.lives == 1
    assert s.seed == match_seed(20, 1) and s.to_json() != first
    assert all(k == "random" for k in table._bot_names.values())
    assert table.opponents.value.count("Player ") == 4
    assert "match 2" in table.header.value
    # the same settings and seed give the same deal (deterministic)
    other = ThirtyOneTable(bots=("random",) * 4, seed=match_seed(20, 1), chronicler=True,
                           lives=1)
    assert other.state.to_json() == s.to_json()
    other.close()
    table.close()


def test_opponents_show_backs_names_lives_dealer_and_turn(live_widgets):
    table = ThirtyOneTable(bots=("heuristic", "random"), seed=3, human_seat=1, autoplay=False)
    s = table.state
    assert table.human_seat == 1
    html = table.opponents.value
    assert html.count("card-back") == 6
    assert "Player 0" in html and "Player 2" in html and "Player 1" not in html
    assert "(heuristic bot)" in html and "(random bot)" in html
    assert "dealer" in html and "to move" in html     # seat 0 deals and decides first
    assert "♥♥♥" in html
    assert "Dealer: <b>player 0</b>" in table.status.value
    assert "You (player 1)" in table.me.value
    assert s.current_player == 0 and not table.my_turn
    table.close()


def test_bad_constructor_arguments(live_widgets):
    for kw in ({"bots": ()}, {"bots": ("heuristic",) * 9}, {"bots": ("nobody",)},
               {"bots": (object(),)}, {"lives": -1}, {"seed": "x"}, {"human_seat": 5},
               {"chronicler": 1}):
        with pytest.raises(ValueError):
            ThirtyOneTable(**kw)


def test_three_aces_in_the_first_deal_show_the_result_at_once(live_widgets):
    # seed 20 with 9 players and the joker: player 3 is dealt three Aces (R-T7)
    table = ThirtyOneTable(bots=("heuristic",) * 8, seed=20, chronicler=True)
    assert table.state.results and table.state.results[0].three_aces == 3
    assert table.paused and not table.my_turn
    text = table.result.value
    assert "holds three Aces" in text and "33" in text
    assert text.count("loses a life (2 left)") == 8    # T14: every other player
    check_no_hidden(table)
    before = table.state.to_json()
    table.keep_button.disabled = False
    table.keep_button.click()
    assert table.state.to_json() == before and "Next deal" in table.message.value
    table.next_deal_button.click()
    assert not table.paused or table.state.results[-1].deal > 1
    table.close()


def test_when_you_are_out_the_bots_play_on_to_the_end(live_widgets):
    for seed in range(30):
        table = ThirtyOneTable(bots=("heuristic",) * 3, seed=seed, lives=0, autoplay=False)
        # you reveal at once whatever you hold, so you often lose the first deal
        while not table.paused:
            if table.my_turn:
                legal = table.legal_actions()
                pick = next((a for a in (Keep(), Reveal(), Stand()) if a in legal), legal[0])
                click_action(table, pick)
            else:
                table.bots_play_button.click()
        if table.state.out[0] and not table.state.is_over():
            break
        table.close()
    else:
        pytest.fail("no seed put you out first")
    assert "loses with 0 lives: <b>out</b> (R-T8)" in unlinked(table.result.value)
    table.next_deal_button.click()
    assert "You are out" in table.prompt.value
    assert table.hand_box.layout.display == "none"
    assert all(b.layout.display == "none" for b in table.action_buttons.values())
    check_no_hidden(table)
    while not table.state.is_over():
        if table.paused:
            table.next_deal_button.click()
        table.bots_play_button.click()
    assert 0 not in table.state.outcome().winners
    assert "wins the match" in table.result.value or "win the match" in table.result.value
    table.close()


# ---------------------------------------------------------------- issue 18: flow and one decision


def _browser_click(button) -> None:
    """A click as the browser sends it (a comm message), even on a closed button."""
    button._handle_msg({"content": {"data": {"method": "custom",
                                             "content": {"event": "click"}}}, "buffers": []})


def test_the_bots_play_on_by_themselves_unless_step_by_step(live_widgets):
    table = ThirtyOneTable(bots=("heuristic",) * 3, seed=4)
    s = table.state
    assert s.current_player == 0 and table.my_turn       # you deal (T4)
    table.keep_button.click()
    # no "Let the bots play" after every move: the bots moved until your turn or a result
    assert len(s.history) > 1 and (table.my_turn or table.paused or s.is_over())
    assert table.bots_play_button.layout.display == "none"
    assert table.message.value == ""
    # step by step: the bots wait for a click
    table.step_choice.value = True
    while not table.my_turn:
        table.next_deal_button.click() if table.paused else table.bots_play_button.click()
    n = len(s.history)
    click_action(table, table.legal_actions()[0])
    assert len(s.history) == n + 1
    if s.current_player not in (0, None) and not table.paused:
        assert table.bots_play_button.layout.display == ""
        table.step_choice.value = False                  # unticked: they play on at once
        assert len(s.history) > n + 1
    table.close()


def test_a_finished_deal_is_said_once(live_widgets):
    table = ThirtyOneTable(bots=("heuristic",), seed=9, lives=2)
    while not table.paused:
        legal = table.legal_actions()
        click_action(table, Reveal() if Reveal() in legal else legal[0])
    text = html.unescape(table.status.value + table.prompt.value + table.result.value)
    assert "Deal 1 is over." not in text and table.status.value == ""
    assert text.count("The deal is over") == 1 and "Deal 1: result" in text
    # who lost is the engine's DealResult, drawn with the lives left
    result = table.state.results[0]
    assert len(re.findall(r"loses a life \(\d+ left\)", text)) == len(result.losers)
    for p in result.losers:
        assert f"loses a life ({result.lives[p]} left)" in text
    table.close()


def test_a_double_click_and_three_clicks_at_once_make_one_decision(live_widgets):
    """Two clicks on the buttons drawn for one view (a double-click), and three click
    messages on one button, each make exactly one decision and say nothing more."""
    table = ThirtyOneTable(bots=("heuristic", "heuristic"), seed=6, lives=1)
    s = table.state
    rng = random.Random(2)
    tried = {"double": 0, "three": 0}
    for _ in range(400):
        if s.is_over():
            break
        if table.paused:
            b = table.next_deal_button
            seen = table._seen
            _browser_click(b)
            _browser_click(b)                 # one result left per click on one view
            assert table._seen == seen + 1 or (s.is_over() and table._seen == seen)
            continue
        assert table.my_turn
        legal = table.legal_actions()
        simple = [a for a in legal if not isinstance(a, SwapOne)]
        action = rng.choice(simple)
        button = table.action_buttons[type(action)]
        n, mark = len(s.history), table.mark
        kind = "double" if tried["double"] <= tried["three"] else "three"
        clicks = 2 if kind == "double" else 3
        _browser_click(button)
        after = (len(s.history), table.message.value, s.to_json())
        assert s.history[n] == action and table.mark > mark
        for _ in range(clicks - 1):
            _browser_click(button)
            button.click()
        assert (len(s.history), table.message.value, s.to_json()) == after, \
            "a second click decided again or said something"
        assert button is not table.action_buttons[type(action)]     # made again
        tried[kind] += 1
    assert tried["double"] >= 2 and tried["three"] >= 2
    table.close()
