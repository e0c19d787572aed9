"""widgets.kit.cardview: drawing, picking validated in Python, no hidden card in any synced trait."""

import pytest

from cardgames.cards import ALL_CARDS, Card, parse_cards
from cardgames.render import back_svg
from widgets import CardButton, HandView

HAND = parse_cards("7H UB AA *C")


def test_face_up_hand_draws_each_card(live_widgets):
    view = HandView(HAND)
    values = [slot.html.value for slot in view.slots]
    assert ["Ace of Acorns" in v for v in values] == [False, False, True, False]
    assert "VII of Hearts" in values[0] and "Colorful Chronicler" in values[3]
    assert view.buttons == [None] * 4, "not selectable: no Pick buttons"
    assert view.row.children == tuple(slot.box for slot in view.slots)


def test_click_picks_and_unpicks(live_widgets):
    changes = []
    view = HandView(HAND, selectable=True, on_change=lambda v: changes.append(v.selected))
    view.buttons[2].click()
    assert view.selected == (2,)
    assert view.selected_cards == [Card.parse("AA")]
    assert view.buttons[2].description.startswith("Picked")
    assert "selected-ring" in view.slots[2].html.value
    assert "selected-ring" not in view.slots[1].html.value
    view.buttons[0].click()
    assert view.selected == (0, 2)
    view.buttons[2].click()
    assert view.selected == (0,)
    assert "selected-ring" not in view.slots[2].html.value
    assert changes == [(2,), (0, 2), (0,)]


def test_max_one_moves_the_pick(live_widgets):
    view = HandView(HAND, selectable=True, max_selected=1)
    view.buttons[0].click()
    view.buttons[3].click()
    assert view.selected == (3,)


def test_max_selected_refuses_more_with_a_message(live_widgets):
    view = HandView(parse_cards("7H 8H 9H 10H UH"), selectable=True, max_selected=4)
    for b in view.buttons:
        b.click()
    assert view.selected == (0, 1, 2, 3)
    assert "at most 4 cards" in view.status.value
    view.buttons[0].click()
    assert view.selected == (1, 2, 3)
    assert view.status.value == ""


def test_disabled_view_ignores_clicks_the_browser_sends_anyway(live_widgets):
    view = HandView(HAND, selectable=True)
    view.enabled = False
    assert all(b.disabled for b in view.buttons)
    # the browser may click a disabled button: Button.click() fires the handlers all the same
    view.buttons[1].click()
    assert view.selected == ()
    view.enabled = True
    view.buttons[1].click()
    assert view.selected == (1,)


def test_select_validates_indices_in_python(live_widgets):
    view = HandView(HAND, selectable=True, max_selected=2)
    for bad in ([4], [-1], ["1"], [True], [0, 1, 2]):
        with pytest.raises(ValueError):
            view.select(bad)
        assert view.selected == ()
    assert view.toggle(99) is False and view.toggle(-1) is False
    view.select([1, 3])
    assert view.selected_cards == [Card.parse("UB"), Card.parse("*C")]


def test_backs_hold_no_card_and_cannot_be_picked(live_widgets):
    view = HandView.backs(3, selectable=True)
    assert view.cards == (None, None, None)
    assert [s.html.value for s in view.slots] == [back_svg(width=s._width) for s in view.slots]
    assert view.buttons == [None] * 3
    assert view.toggle(0) is False


def test_hidden_cards_never_reach_a_synced_trait(live_widgets, synced_text):
    secret = parse_cards("AH KB 9L *P")
    view = HandView(secret, face_up=False, selectable=True, title="Opponent")
    text = synced_text()
    for card in secret:
        assert card.name not in text
        assert f'data-card="{card}"' not in text
    for word in ("Hearts", "Bells", "Leaves", "Pale", "suit-"):
        assert word not in text
    assert view.toggle(0) is False, "a face-down card cannot be picked"
    # revealing shows them (and only then)
    view.reveal()
    assert "Ace of Hearts" in synced_text()
    view.hide()
    assert "Ace of Hearts" not in synced_text()


def test_every_card_face_down_sends_identical_state(live_widgets, synced_text):
    texts = set()
    for card in ALL_CARDS:
        view = HandView([card], face_up=False)
        texts.add(view.slots[0].html.value + view.slots[0].html.description)
        view.close()
    assert len(texts) == 1


def test_replacing_cards_closes_old_widgets(live_widgets):
    view = HandView(HAND, selectable=True)
    old_buttons = view.buttons
    old_ids = {w.model_id for s in view.slots for w in (s.html, s.button, s.box)}
    view.set_cards(parse_cards("8L 9L"))
    live = live_widgets()
    assert not old_ids & live, "the old slots' widgets are closed"
    assert all(b.comm is None for b in old_buttons)
    # a click reaching an old button does nothing
    old_buttons[0].click()
    assert view.selected == ()
    assert len(view.slots) == 2 and "IX of Leaves" in view.slots[1].html.value


def test_close_closes_everything(live_widgets):
    view = HandView(HAND, selectable=True, title="Mine")
    assert live_widgets()
    view.close()
    assert live_widgets() == set()


def test_card_button_standalone(live_widgets):
    clicks = []
    cb = CardButton(Card.parse("KL"), selectable=True, on_click=lambda: clicks.append(1))
    cb.click()
    assert clicks == [1]
    cb.enabled = False
    cb.click()
    assert clicks == [1]
    back = CardButton(None, selectable=True)
    assert back.button is None and "King" not in back.html.value
    with pytest.raises(TypeError):
        CardButton("KL")


def test_bad_arguments_are_refused(live_widgets):
    with pytest.raises(ValueError, match="max_selected"):
        HandView(HAND, max_selected=0)
    with pytest.raises(TypeError):
        HandView(["AH"])
    with pytest.raises(ValueError, match="count"):
        HandView.backs(-1)


def test_enabling_keeps_the_drawing_and_the_pick(live_widgets):
    """Enabling or disabling a hand changes the buttons only; a pick stays drawn."""
    view = HandView(HAND, selectable=True)
    view.buttons[1].click()
    drawn = [s.html.value for s in view.slots]
    view.enabled = False
    assert all(b.disabled for b in view.buttons)
    view.enabled = True
    assert [s.html.value for s in view.slots] == drawn
    assert "selected-ring" in view.slots[1].html.value and view.selected == (1,)
    view.buttons[1].click()
    assert "selected-ring" not in view.slots[1].html.value
    view.close()


def test_the_hidden_card_check_knows_every_language(live_widgets):
    """A hidden card's Croatian or German name is as much a leak as its English one: the
    check (tests/widgets/hidden.py) finds the card drawn face up in a Croatian page, and
    tells the plain Chronicler from the coloured one in each language."""
    from hidden import find_card

    from cardgames.i18n import language

    with language("hr"):
        view = HandView(parse_cards("AH"), face_up=True, title="Ruka")
        texts = [s.html.value for s in view.slots]
    assert find_card(Card.parse("AH"), texts)
    assert find_card(Card.parse("AH"), ["As srca", "Herz-Ass"]) == ["As srca", "Herz-Ass"]
    for colourful in ("Šareni Kroničar", "Bunter Chronist", "Colorful Chronicler"):
        assert find_card(Card.parse("*"), [colourful]) == []
        assert find_card(Card.parse("*C"), [colourful]) == [colourful]
    assert find_card(Card.parse("*"), ["Kroničar", "Chronist"]) == ["Kroničar", "Chronist"]
