"""widgets.kit.card_palette: picking validated in Python (copies, totals, disabled, closed)."""

from __future__ import annotations

import re

import pytest

from cardgames.cards import COLORFUL, ORDINARY_CARDS, PALE, Card, parse_cards
from widgets.kit.card_palette import CardPalette

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


def test_buttons_share_one_layout_and_a_style_per_look(live_widgets):
    """Every widget model is a message when the page loads: the 34 buttons share one
    Layout, and one style per look (a suit's tint, or picked) instead of one each."""
    p = CardPalette(CARDS)
    assert len({id(b.layout) for b in p.buttons.values()}) == 1
    assert len({id(b.style) for b in p.buttons.values()}) == 5      # 4 suits + Chroniclers
    p.click("7H")
    p.click("AB")
    picked = {id(p.buttons[Card.parse(c)].style) for c in ("7H", "AB")}
    assert len(picked) == 1                                          # one "picked" look
    assert p.buttons[Card.parse("7H")].style.text_color == "white"
    assert p.buttons[Card.parse("8H")].style.text_color != "white"
    assert len({id(b.style) for b in p.buttons.values()}) == 6
    p.click("7H")                                                    # put back: hearts tint
    assert p.buttons[Card.parse("7H")].style is p.buttons[Card.parse("8H")].style
    p.close()
    assert live_widgets() == set()


def test_a_lazy_palette_makes_its_buttons_when_built(live_widgets):
    before = live_widgets()
    p = CardPalette(CARDS, max_copies=2, lazy=True)
    assert len(live_widgets() - before) == 2                         # its box and its Layout
    p.set_picked("7H 7H KB")                                         # picking works unbuilt
    assert p.picked == parse_cards("7H 7H KB")
    assert p.toggle("ZZ") is False and p.picked == parse_cards("7H 7H KB")
    p.build()
    assert p.widget.children and len(p.buttons) == 34
    assert p.buttons[Card.parse("7H")].description == "7H ×2"        # drawn as picked
    assert p.buttons[Card.parse("KB")].style.text_color == "white"
    p.close()
    assert live_widgets() == set()


def test_a_lazy_palette_closed_unbuilt_leaves_nothing(live_widgets):
    p = CardPalette(CARDS, lazy=True)
    p.close()
    p.build()                                                        # too late: nothing
    assert p.buttons == {} and live_widgets() == set()
