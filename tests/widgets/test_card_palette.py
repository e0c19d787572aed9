"""widgets.card_palette: picking validated in Python (copies, totals, disabled, closed)."""

from __future__ import annotations

import re

import pytest

from cardgames.cards import COLORFUL, ORDINARY_CARDS, PALE, Card, parse_cards
from widgets.card_palette import CardPalette

CARDS = [*ORDINARY_CARDS, COLORFUL, PALE]


def test_one_button_per_card_in_suit_rows(live_widgets):
    p = CardPalette(CARDS)
    assert len(p.buttons) == 34
    assert len(p.grid.children) == 5                       # 4 suits + the Chroniclers
    assert [b.description for b in p.buttons.values()][:3] == ["7H", "8H", "9H"]
    assert p.buttons[PALE].tooltip == "Pale Chronicler"
    p.close()
    assert live_widgets() == set()


def test_clicks_cycle_through_the_copies(live_widgets):
    changes = []
    p = CardPalette(CARDS, max_copies=2, on_change=lambda q: changes.append(len(q.picked)))
    p.click("7H")
    p.click("7H")
    assert p.picked == parse_cards("7H 7H") and p.buttons[Card.parse("7H")].description == "7H ×2"
    p.click("7H")                                          # a third click puts both back
    assert p.picked == [] and p.buttons[Card.parse("7H")].description == "7H"
    assert changes == [1, 2, 0]
    p.close()


def test_total_limit_and_set_limits(live_widgets):
    p = CardPalette(CARDS, max_copies=2, max_total=3)
    p.set_picked("AH AH KB")
    p.click("7L")
    assert "at most 3 cards" in p.status.value and len(p.picked) == 3
    p.set_limits(max_copies=1)                             # two decks -> one: a copy goes back
    assert p.picked == parse_cards("AH KB")
    assert "put back" in p.status.value
    with pytest.raises(ValueError, match="at most 3"):
        p.set_picked("7H 8H 9H 10H")
    with pytest.raises(ValueError, match="max_copies"):
        p.set_limits(max_copies=0)
    p.close()


def test_picked_cards_are_drawn(live_widgets):
    p = CardPalette(CARDS)
    p.set_picked("*C 7H")
    assert re.findall(r'data-card="([^"]+)"', p.picked_view.value) == ["7H", "*C"]
    p.clear_button.click()
    assert p.picked_view.value == ""
    p.close()


def test_typed_cards_are_checked(live_widgets):
    p = CardPalette(ORDINARY_CARDS)
    for text, words in (("7H 7H", "at most 1 copy"), ("7Q", "7Q"), ("*P", "not one of the cards")):
        p.text.value = text
        p.set_button.click()
        assert words in p.status.value and p.picked == []
    p.text.value = "ah, kh 9h"
    p.set_button.click()
    assert p.picked == parse_cards("9H KH AH") and p.status.value == ""
    p.close()


def test_disabled_or_closed_palette_ignores_clicks(live_widgets):
    p = CardPalette(CARDS)
    p.enabled = False
    assert all(b.disabled for b in p.buttons.values())
    p.buttons[COLORFUL].click()                            # the browser may click anyway
    p.text.value = "AH"
    p.set_button.click()
    assert p.picked == []
    p.enabled = True
    button = p.buttons[COLORFUL]
    p.close()
    button.click()
    assert p.picked == []
    assert live_widgets() == set()
