"""The deck and the text notation (docs/rules/en.md "The deck and how cards are written", L4, T3)."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import (
    ALL_CARDS,
    CHRONICLER,
    COLORFUL,
    PALE,
    Card,
    CardgamesError,
    CardParseError,
    Chronicler,
    ConfigError,
    Hand,
    Rank,
    Suit,
    as_cards,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
)


def test_deck_has_32_distinct_cards_8_ranks_by_4_suits():
    deck = make_deck()
    assert len(deck) == 32 == len(set(deck))
    assert Counter(c.suit for c in deck) == {s: 8 for s in Suit}
    assert Counter(c.rank for c in deck) == {r: 4 for r in Rank}


def test_two_decks_with_both_chroniclers_R_L2():
    deck = make_deck(decks=2, chroniclers=(Chronicler.COLORFUL, Chronicler.PALE))
    counts = Counter(deck)
    assert len(deck) == 64 + 4
    assert counts[COLORFUL] == counts[PALE] == 2
    assert all(counts[c] == 2 for c in ALL_CARDS[:32])


def test_thirty_one_deck_with_one_chronicler_T2():
    deck = make_deck(chroniclers=[Chronicler.ANY])
    assert len(deck) == 33 and deck.count(CHRONICLER) == 1


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_make_deck_refuses_bad_deck_counts(bad):
    # a deck count is configuration, not card text: ConfigError, naming the option
    with pytest.raises(ConfigError, match="decks") as info:
        make_deck(decks=bad)
    assert not isinstance(info.value, CardParseError)


def test_L4_rank_order_is_a_cycle():
    order = ["VII", "VIII", "IX", "X", "Unter", "Ober", "King", "Ace"]
    assert [r.label for r in sorted(Rank)] == order
    rank = Rank.SEVEN
    seen = []
    for _ in range(9):
        seen.append(rank.label)
        rank = rank.next()
    assert seen == order + ["VII"]
    assert Rank.ACE.next() is Rank.SEVEN
    assert Rank.SEVEN.advance(8 * 5 + 3) is Rank.TEN


def test_T3_card_values():
    expected = {"7": 7, "8": 8, "9": 9, "10": 10, "U": 10, "O": 10, "K": 10, "A": 11}
    for symbol, value in expected.items():
        assert parse_card(symbol + "H").points == value
    assert COLORFUL.points is None


@pytest.mark.parametrize("text, rank, suit", [
    ("AH", Rank.ACE, Suit.HEARTS), ("10L", Rank.TEN, Suit.LEAVES), ("XL", Rank.TEN, Suit.LEAVES),
    ("UB", Rank.UNTER, Suit.BELLS), ("AA", Rank.ACE, Suit.ACORNS), ("VIIH", Rank.SEVEN, Suit.HEARTS),
    ("viiib", Rank.EIGHT, Suit.BELLS), ("ixa", Rank.NINE, Suit.ACORNS), ("oA", Rank.OBER, Suit.ACORNS),
    ("kL", Rank.KING, Suit.LEAVES), ("8h", Rank.EIGHT, Suit.HEARTS),
])
def test_notation_from_rules(text, rank, suit):
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert not card.is_chronicler


def test_chronicler_notation():
    assert parse_cards("* *C *p") == [CHRONICLER, COLORFUL, PALE]
    assert [str(c) for c in (CHRONICLER, COLORFUL, PALE)] == ["*", "*C", "*P"]
    assert all(c.is_chronicler and c.rank is None for c in (CHRONICLER, COLORFUL, PALE))


def test_parse_cards_commas_spaces_case():
    assert parse_cards("AH KH 9H") == parse_cards("ah,kh, 9h") == parse_cards(" AH,KH,,9H ")
    assert [c.name for c in parse_cards("AH KH 9H")] == ["Ace of Hearts", "King of Hearts",
                                                          "IX of Hearts"]


@pytest.mark.parametrize("bad", ["QH", "AX", "11H", "A", "H", "**", "*X", "AHH", "1OH", "VIIIIH"])
def test_bad_tokens_name_the_token_and_the_forms(bad):
    with pytest.raises(CardParseError) as info:
        parse_cards(f"AH {bad}")
    message = str(info.value)
    assert repr(bad) in message
    assert "7 8 9 10 U O K A" in message and "H B L A" in message and "*P" in message
    assert isinstance(info.value, ValueError)


def test_parse_cards_needs_text():
    with pytest.raises(CardParseError):
        parse_cards(["AH"])  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=12))
def test_format_then_parse_round_trips(cards):
    assert parse_cards(format_cards(cards)) == cards


@pytest.mark.parametrize("card", ALL_CARDS)
def test_repr_is_pasteable_and_cards_are_interned(card):
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
    assert Card.from_code(card.code) is card


def test_cards_are_immutable_and_ordered():
    card = parse_card("AH")
    with pytest.raises(AttributeError):
        card.rank = Rank.SEVEN  # type: ignore[misc]
    assert sorted(parse_cards("*P 7B AH 7H")) == parse_cards("7H AH 7B *P")
    assert len({parse_card("AH"), Card(Rank.ACE, Suit.HEARTS)}) == 1


def test_card_constructor_errors():
    with pytest.raises(CardParseError):
        Card(Rank.ACE)
    with pytest.raises(CardParseError):
        Card(Rank.ACE, Suit.HEARTS, chronicler=Chronicler.PALE)
    with pytest.raises(CardParseError):
        Card.from_code(35)


def test_hand_round_trip_and_repr():
    hand = Hand.parse("AH, kh 9h")
    assert str(hand) == "AH KH 9H"
    assert eval(repr(hand)) == hand
    assert Hand(["AH", parse_card("KH")]) == Hand.parse("AH KH")


def test_import_needs_only_the_standard_library():
    code = ("import sys, cardgames; "
            "bad = [m for m in ('numpy', 'pandas', 'ipywidgets', 'IPython', 'matplotlib') "
            "if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_as_cards_reads_every_form_a_user_gives():
    expected = [Card(Rank.ACE, Suit.HEARTS), Card(Rank.KING, Suit.HEARTS),
                Card(Rank.NINE, Suit.HEARTS)]
    forms = ["AH KH 9H", "ah,kh;9h", ["AH", "KH", "9H"], ("AH KH", Card.parse("9H")),
             (c for c in expected), iter(expected), Hand(expected)]
    for form in forms:
        assert as_cards(form) == expected, form
    assert as_cards(None) == [] == as_cards("") == as_cards([])


@pytest.mark.parametrize("bad, named", [(5, "not 5"), ([Card.parse("AH"), 7], "item 2 (7)"),
                                        (["AH", None], "item 2 (None)"), ("AH ZZ", "'ZZ'")])
def test_as_cards_refuses_non_cards_naming_them(bad, named):
    with pytest.raises(CardParseError) as info:
        as_cards(bad)
    assert named in str(info.value)


def test_cards_draw_in_jupyter_without_cards_importing_render():
    # cards.py is the bottom layer: render registers its drawings there (no upward import)
    code = ("import sys; import cardgames.cards as c; "
            "print('cardgames.render' in sys.modules, "
            "c.Card.parse('AH')._repr_svg_().startswith('<svg'), "
            "'Ace of Hearts' in c.Hand.parse('AH KH')._repr_svg_())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # importing cardgames.cards imports the package, whose __init__ imports render
    assert out.stdout.split() == ["True", "True", "True"]
