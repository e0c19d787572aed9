"""widgets.explainers.call_explainer: each case checked against the rules written out here (L9, L10,
L12, L13, R-L5-R-L9), independently of the engine the widget runs."""

from __future__ import annotations

import itertools
import re

import pytest

from cardgames.cards import Card, Rank, Suit, parse_cards
from widgets.explainers.call_explainer import NOBODY, CallExplainer, resolve_call, window_order

PALE = Card.parse("*P")
COLORFUL = Card.parse("*C")


def good(rank: Rank, suit: Suit = Suit.HEARTS) -> Card:
    return Card(rank, suit)


def bad(rank: Rank, suit: Suit = Suit.BELLS) -> Card:
    return Card(rank.next(), suit)


def plays_for(rank: Rank) -> dict[str, list[Card]]:
    """Kinds of play, built for the announced ``rank``."""
    return {
        "true": [good(rank), good(rank, Suit.ACORNS)],
        "lie": [good(rank), bad(rank)],
        "all wrong": [bad(rank)],
        "colorful alone": [COLORFUL],
        "colorful + wrong": [COLORFUL, bad(rank)],
        "pale alone": [PALE],
        "pale + good": [good(rank), PALE],
        "pale + wrong": [bad(rank), PALE],
        "four true": [good(rank, s) for s in Suit],
    }


def oracle(*, players, claimant, rank, cards, caller, last, pile_before):
    """The rules as written in docs/rules/en.md, for a position where every other player holds cards.

    Returns (taker, next player, winner, hand sizes after, turned over?).
    """
    n = players
    after_claimant = (claimant + 1) % n                  # R-L1 order of play
    # R-L6: true when every card is of the announced rank or a Chronicler (Pale when called)
    true = all(c.rank is rank or c.is_chronicler for c in cards)
    pile = pile_before + len(cards)
    hands = [3] * n
    hands[claimant] = len(cards) + (0 if last else 2)
    hands[claimant] -= len(cards)
    taker = winner = nxt = None
    if caller is None:                                   # R-L5: nobody called, the play stands
        if PALE in cards:                                # L13, R-L7: penalty, next player plays
            taker, nxt = claimant, after_claimant
        elif last:                                       # R-L9: gone out, wins (L11)
            winner = claimant
        else:
            nxt = after_claimant
    elif not true:                                       # L9: liar takes the pile
        taker, nxt = claimant, caller                    # L10: the caller plays next
    else:                                                # L9: false accusation (L13 for Pale)
        taker = caller
        if last:
            winner = claimant                            # R-L9
        else:
            nxt = after_claimant                         # L10/L13: after the one who played
    if taker is not None:
        hands[taker] += pile
    return taker, nxt, winner, tuple(hands), caller is not None


CASES = []
for players in (2, 3, 4, 5):
    for claimant in sorted({0, players - 1}):
        for rank in (Rank.SEVEN, Rank.ACE):
            for kind in plays_for(rank):
                callers = [None, *window_order(players, claimant)]
                for caller, last in itertools.product(sorted({callers[0], callers[1],
                                                              callers[-1]}, key=str),
                                                      (False, True)):
                    CASES.append((players, claimant, rank, kind, caller, last))


@pytest.mark.parametrize("players,claimant,rank,kind,caller,last", CASES)
def test_resolve_call_follows_the_rules(players, claimant, rank, kind, caller, last):
    cards = plays_for(rank)[kind]
    r = resolve_call(players=players, claimant=claimant, due_rank=rank, cards=cards,
                     caller=caller, last_cards=last, pile_before=4)
    taker, nxt, winner, hands, turned = oracle(players=players, claimant=claimant, rank=rank,
                                              cards=cards, caller=caller, last=last,
                                              pile_before=4)
    assert (r.taker, r.next_player, r.winner) == (taker, nxt, winner)
    assert r.hands_after == hands
    assert r.next_rank is rank.next()                    # R-L8: never restarts
    assert ("Revealed" in r.event_types) == turned       # R-L6: only a called play
    if taker is not None:
        assert r.pile_taken == 4 + len(cards)


def test_caller_is_asked_after_the_others_pass_in_order():
    r = resolve_call(players=4, claimant=1, due_rank="K", cards="KH", caller=0)
    # R-L5: asked from the next player on: 2 and 3 pass, then 0 calls
    assert r.event_types == ("Played", "Passed", "Passed", "CallMade", "Revealed", "PileTaken")
    assert "Player 2 did not call" in r.steps[1] and "Player 3 did not call" in r.steps[2]


# --------------------------------------------------------------------------- the widget

def text_of(html: str) -> str:
    """The text a reader sees: block tags become spaces, inline tags vanish."""
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    html = re.sub(r"</?(br|li|ol|div|td|th|tr)\b[^>]*>", " ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def configure(e: CallExplainer, *, players, claimant, rank, cards, caller, last):
    e.players.value = players
    e.claimant.value = claimant
    e.due_rank.value = rank
    e.pile_before.value = 4
    e.palette.set_picked(cards)
    e.last_cards.value = last
    e.caller.value = NOBODY if caller is None else caller


WIDGET_CASES = [c for i, c in enumerate(CASES) if i % 5 == 0]


def test_widget_shows_the_outcome_the_rules_give(live_widgets):
    e = CallExplainer()
    for players, claimant, rank, kind, caller, last in WIDGET_CASES:
        cards = plays_for(rank)[kind]
        configure(e, players=players, claimant=claimant, rank=rank, cards=cards,
                  caller=caller, last=last)
        taker, nxt, winner, hands, turned = oracle(players=players, claimant=claimant,
                                                  rank=rank, cards=cards, caller=caller,
                                                  last=last, pile_before=4)
        shown = text_of(e.outcome.value)
        case = (players, claimant, rank, kind, caller, last)
        if taker is None:
            assert "Nobody takes the pile" in shown, case
        else:
            assert f"Player {taker} takes the pile ({4 + len(cards)} cards)" in shown, case
        if winner is None:
            assert f"Next: player {nxt} plays, announcing {rank.next().plural}" in shown, case
        else:
            assert f"Player {winner} has gone out and wins the round" in shown, case
        steps = text_of(e.steps.value)
        assert ("turned over" in steps) == turned, case
        after = re.findall(r"<td[^>]*>(\d+)</td>", e.table.value)[players:]
        assert tuple(map(int, after)) == hands, case
    e.close()
    assert live_widgets() == set()


def test_widget_cites_the_rule_for_each_kind_of_outcome(live_widgets):
    e = CallExplainer(players=3, claimant=0, due_rank="7", cards="7H 9B", caller=1)
    assert "caught lying, so the caller plays next (L9, L10)" in text_of(e.steps.value)
    assert "announces “2 sevens” (L7, R-L4)." in text_of(e.play_line.value)
    assert "the pile already holds 3 face-down cards" in text_of(e.play_line.value)
    e.palette.set_picked("7H 7B")
    assert "a false accusation" in text_of(e.steps.value)
    e.palette.set_picked("*P")
    assert "counts as true because it was called (L13)" in text_of(e.steps.value)
    e.caller.value = NOBODY
    steps = text_of(e.steps.value)
    assert "takes the whole pile as a penalty (L13, R-L7)" in steps
    assert "turned over" not in steps
    e.palette.set_picked("*C 9B")
    e.caller.value = 2
    assert "It was a lie: 9B is not a seven (R-L6)" in text_of(e.steps.value)
    # the turned-over cards are drawn in the step that turns them over
    revealed = re.search(r"data-kind='Revealed'.*?</li>", e.steps.value, re.S).group(0)
    assert 'aria-label="IX of Bells"' in revealed and 'aria-label="Colorful Chronicler"' in revealed
    e.close()


def test_changing_players_and_who_plays_updates_the_callers(live_widgets):
    e = CallExplainer(players=3, claimant=0, caller=2)
    assert [v for _, v in e.caller.options] == [NOBODY, 1, 2]
    e.claimant.value = 2                       # caller 2 is now the player: reset to nobody
    assert [v for _, v in e.caller.options] == [NOBODY, 0, 1]
    assert e.caller.value == NOBODY and e.result.next_player == 0
    e.players.value = 6                        # two decks: two copies of a card may be picked
    assert e.palette.max_copies == 2 and "2 decks" in e.deck_note.value
    e.palette.set_picked("7H 7H")
    e.caller.value = 3
    assert e.result.true is True and e.result.taker == 3
    e.players.value = 2                        # back to one deck: the copy is put back
    assert e.palette.picked == [Card.parse("7H")]
    assert list(e.claimant.options) == [("Player 0", 0), ("Player 1", 1)]
    assert e.claimant.value == 0 and e.result.claimant == 0
    e.close()


def test_bad_inputs_give_a_message_not_a_crash(live_widgets):
    e = CallExplainer(players=3, cards="7H")
    e.palette.clear()
    assert e.result is None and "Pick the 1-4 cards" in e.play_line.value
    for c in parse_cards("7H 8H 9H 10H UH"):
        e.palette.click(c)
    assert len(e.palette.picked) == 4 and "at most 4 cards" in e.palette.status.value
    assert e.result is not None and len(e.result.cards) == 4
    e.palette.text.value = "7H 7H"              # one deck holds one 7H
    e.palette.set_button.click()
    assert "at most 1 copy" in e.palette.status.value and len(e.palette.picked) == 4
    e.palette.text.value = "ZZ 7H"
    e.palette.set_button.click()
    assert "ZZ" in e.palette.status.value
    # the browser can click a disabled palette: nothing changes
    e.palette.enabled = False
    e.palette.buttons[Card.parse("AH")].click()
    assert Card.parse("AH") not in e.palette.picked
    e.palette.enabled = True
    # an out-of-range slider value sent by the browser is refused
    e.players.max = 50
    e.players.value = 40
    assert e.players.value == 3 and e.result is not None
    with pytest.raises(ValueError):
        resolve_call(players=3, claimant=0, due_rank="7", cards="7H", caller=0)
    with pytest.raises(ValueError, match="1-4"):
        resolve_call(players=3, claimant=0, due_rank="7", cards="7H 8H 9H 10H UH", caller=1)
    e.close()
    assert live_widgets() == set()


def test_step_by_step_buttons(live_widgets):
    e = CallExplainer(players=4, claimant=1, due_rank="K", cards="KH 9B", caller=0)
    total = len(e.result.steps)
    assert total == 6 and e.steps.value.count("<li") == total      # everything at first
    assert "takes the pile" in e.outcome.value
    e.first_button.click()
    assert e.steps.value.count("<li") == 1 and e.outcome.value == "" and e.table.value == ""
    assert "5 more steps" in text_of(e.steps.value)
    for shown in range(2, total + 1):
        e.step_button.click()
        assert e.steps.value.count("<li") == shown
    assert "Player 1 takes the pile" in text_of(e.outcome.value)   # caught: L9
    assert e.step_button.disabled
    e.step_button.click()                    # the browser may click it anyway
    assert e.steps.value.count("<li") == total
    e.first_button.click()
    e.caller.value = NOBODY                  # a new situation shows all its steps again
    assert e.steps.value.count("<li") == len(e.result.steps) == 4
    e.palette.clear()                        # no result: the step buttons do nothing
    e.step_button.click()
    e.all_button.click()
    assert e.result is None and e.steps.value == ""
    e.close()
    assert live_widgets() == set()


def test_any_click_order_never_crashes(live_widgets):
    """Random clicks and values, as a browser could send them: always a result or a message."""
    import random

    rng = random.Random(7)
    e = CallExplainer()
    cards = list(e.palette.buttons)
    for _ in range(300):
        what = rng.randrange(8)
        if what < 3:
            e.palette.buttons[rng.choice(cards)].click()
        elif what == 3:
            e.players.value = rng.randint(2, 8)
        elif what == 4:
            e.claimant.index = rng.randrange(len(e.claimant.options))
        elif what == 5:
            e.caller.index = rng.randrange(len(e.caller.options))
        elif what == 6:
            e.last_cards.value = not e.last_cards.value
        else:
            rng.choice([e.step_button, e.first_button, e.all_button,
                        e.palette.clear_button]).click()
        if e.result is None:
            assert e.error and e.error in text_of(e.play_line.value)
        else:
            assert e.result.cards == tuple(e.palette.picked)
            assert e.result.players == e.players.value
            assert e.result.caller == (None if e.caller.value == NOBODY else e.caller.value)
    e.close()
    assert live_widgets() == set()
