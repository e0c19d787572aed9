"""cardgames.render: standalone, valid, accessible SVG; backs carry no card identity."""

import re
import xml.etree.ElementTree as ET

import pytest

from cardgames import render
from cardgames.cards import ALL_CARDS, ORDINARY_CARDS, Card, Hand, Suit, parse_cards

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg", "a standalone SVG needs the SVG namespace (xmlns)"
    return root


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_is_valid_svg_naming_the_card(card):
    svg = render.card_svg(card)
    root = parse(svg)
    assert root.get("aria-label") == card.name
    assert root.get("role") == "img"
    assert root.find(SVG + "title").text == card.name
    assert float(root.get("width")) == render.CARD_WIDTH
    # nothing fetched at run time: no links, images, imports or external fonts
    body = svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not re.search(r"href|<image|@import|url\(|https?:|//", body)


@pytest.mark.parametrize("card", ORDINARY_CARDS, ids=str)
def test_ordinary_card_shows_rank_symbol_and_its_suit_sign(card):
    root = parse(render.card_svg(card))
    texts = [t.text for t in root.iter(SVG + "text")]
    assert card.rank.symbol in texts
    assert card.rank.label in texts
    groups = {g.get("class") for g in root.iter(SVG + "g")}
    assert groups == {f"suit suit-{card.suit.name.lower()}"}


def _suit_outline(suit: Suit) -> tuple[str, ...]:
    root = parse(render.suit_svg(suit))
    return tuple(p.get("d") for p in root.iter(SVG + "path"))


def test_suit_signs_are_distinct_shapes_not_recoloured_copies():
    outlines = {suit: _suit_outline(suit) for suit in Suit}
    assert len(set(outlines.values())) == 4
    # no path outline is shared by two suits: the shapes differ, not just colours
    seen: dict[str, Suit] = {}
    for suit, paths in outlines.items():
        for d in paths:
            assert seen.setdefault(d, suit) is suit, f"{suit} reuses a path of {seen[d]}"


def test_suit_colours_hearts_red_leaves_green():
    heart = render.card_svg(Card.parse("7H"))
    leaf = render.card_svg(Card.parse("7L"))
    assert render.SUIT_COLORS[Suit.HEARTS] in heart
    assert render.SUIT_COLORS[Suit.HEARTS] not in leaf
    assert render.SUIT_COLORS[Suit.LEAVES] in leaf


def test_chroniclers_are_drawn_distinctly():
    drawings = {c: render.card_svg(c) for c in parse_cards("* *C *P")}
    assert len(set(drawings.values())) == 3
    colorful, pale = drawings[Card.parse("*C")], drawings[Card.parse("*P")]
    # the Colorful Chronicler shows all four suit colours, the Pale one none of them
    assert all(render.SUIT_COLORS[s] in colorful for s in Suit)
    assert not any(render.SUIT_COLORS[s] in pale for s in Suit)


def test_back_shows_no_card_information():
    backs = {render.card_svg(c, face_down=True) for c in ALL_CARDS}
    assert len(backs) == 1, "a back must be the same text whatever the card"
    back = backs.pop()
    assert back == render.back_svg()
    root = parse(back)
    assert root.get("aria-label") == "Face-down card"
    assert "suit" not in back and "data-card" not in back
    for card in ALL_CARDS:
        assert card.name not in back
    for suit in Suit:
        assert suit.label not in back


def test_selected_draws_a_ring_and_width_scales():
    plain = render.card_svg(Card.parse("KL"), width=200)
    ring = render.card_svg(Card.parse("KL"), width=200, selected=True)
    assert "selected-ring" in ring and "selected-ring" not in plain
    root = parse(plain)
    assert float(root.get("width")) == 200
    assert float(root.get("height")) == pytest.approx(310)


@pytest.mark.parametrize("width", [0, -5, 5000, "big", True])
def test_bad_width_is_refused(width):
    with pytest.raises(ValueError, match="width"):
        render.card_svg(Card.parse("AH"), width=width)


def test_hand_svg_places_every_card_and_names_them():
    cards = parse_cards("AH 10L *C")
    root = parse(render.hand_svg(cards, selected=[1]))
    inner = root.findall(SVG + "svg")
    assert [s.get("aria-label") for s in inner] == ["Ace of Hearts", "X of Leaves",
                                                     "Colorful Chronicler"]
    xs = [float(s.get("x")) for s in inner]
    assert xs == sorted(xs) and len(set(xs)) == 3
    ys = [float(s.get("y")) for s in inner]
    assert ys[1] < ys[0] == ys[2], "the selected card is raised"
    assert root.get("aria-label") == "Hand: Ace of Hearts, X of Leaves, Colorful Chronicler"


def test_hand_svg_backs_and_none_hide_identity():
    svg = render.hand_svg([Card.parse("AH"), None, Card.parse("KB")],
                          face_down=[False, False, True])
    parse(svg)
    assert "Ace of Hearts" in svg
    assert "King" not in svg and "Bells" not in svg
    assert "2 face-down cards" in svg


def test_hand_svg_refuses_bad_selection():
    with pytest.raises(ValueError, match="selected"):
        render.hand_svg(parse_cards("AH KH"), selected=[2])


def test_empty_hand_is_valid():
    root = parse(render.hand_svg([]))
    assert root.get("aria-label") == "Empty hand"


def test_repr_svg_hooks_use_render():
    card, hand = Card.parse("UB"), Hand.parse("UB 7A")
    assert card._repr_svg_() == render.card_svg(card)
    assert hand._repr_svg_() == render.hand_svg(hand)
    assert "Unter of Bells" in hand._repr_svg_() and "VII of Acorns" in hand._repr_svg_()


def test_render_imports_no_jupyter():
    import subprocess
    import sys

    code = ("import sys, cardgames.render; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('IPython', 'ipywidgets', 'ipykernel', 'traitlets', 'jupyter_client')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
