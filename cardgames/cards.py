"""The 32-card Hungarian deck and its Chronicler jokers.

Why ~570 lines: one concern, the card value types (``Suit``,
``Rank``, ``Chronicler``, ``Card``, ``Hand``) with their parse/format pairs
and the one card reader ``as_cards``; more than half of it is docstrings and
doctests, and splitting the types from their parsers would split each pair.

Cards are small immutable values.  There are exactly 35 distinct cards
(32 ordinary cards and three Chronicler forms), and each is created once, so
``Card(Rank.ACE, Suit.HEARTS) is Card.parse("AH")``.  Two decks hold two
copies of each card; a copy is the same value, so hands and piles are lists
(multisets), not sets.

The text notation of the rules (``docs/rules/en.md``, "The deck and how cards are written"): rank then suit.  Ranks
``7 8 9 10 U O K A`` (Roman ``VII VIII IX X`` also accepted), suits
``H B L A``; ``*C`` the Colorful and ``*P`` the Pale Chronicler, ``*`` a
Chronicler where it does not matter which (Thirty-One).

>>> parse_cards("AH, kh 9h")
[Card.parse('AH'), Card.parse('KH'), Card.parse('9H')]
>>> str(Card.parse("XL")), Card.parse("XL").name
('10L', 'X of Leaves')
>>> Rank.ACE.next() is Rank.SEVEN    # L4: the rank order is a cycle
True
>>> len(make_deck()), len(make_deck(decks=2, chroniclers=(Chronicler.COLORFUL, Chronicler.PALE)))
(32, 68)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable
from typing import Any

from cardgames.errors import CardParseError, ConfigError
from cardgames.i18n import N_, N_plural, ngettext, pgettext
from cardgames.i18n import gettext as _

__all__ = [
    "Suit",
    "Rank",
    "Chronicler",
    "Card",
    "Hand",
    "parse_card",
    "parse_cards",
    "format_cards",
    "as_cards",
    "make_deck",
    "ALL_CARDS",
    "ORDINARY_CARDS",
    "COLORFUL",
    "PALE",
    "CHRONICLER",
    "register_drawing",
]


class Suit(enum.IntEnum):
    """The four Hungarian suits, with their one-letter notation."""

    HEARTS = 0
    BELLS = 1
    LEAVES = 2
    ACORNS = 3

    @property
    def letter(self) -> str:
        """``'H'``, ``'B'``, ``'L'`` or ``'A'``."""
        return _SUIT_LETTERS[self]

    @property
    def label(self) -> str:
        """``'Hearts'``, ``'Bells'``, ``'Leaves'`` or ``'Acorns'`` (in the current language)."""
        return _(_SUIT_LABELS[self])

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit of a letter (any case) or a name.

        >>> Suit.parse("l"), Suit.parse("Acorns")
        (<Suit.LEAVES: 2>, <Suit.ACORNS: 3>)
        """
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.name):
                return suit
        raise CardParseError(_("unknown suit {text!r}: use one of H B L A "
                               "(Hearts, Bells, Leaves, Acorns)").format(text=text))


_SUIT_LETTERS = {Suit.HEARTS: "H", Suit.BELLS: "B", Suit.LEAVES: "L", Suit.ACORNS: "A"}
_SUIT_LABELS = {Suit.HEARTS: N_("Hearts"), Suit.BELLS: N_("Bells"), Suit.LEAVES: N_("Leaves"),
                Suit.ACORNS: N_("Acorns")}
#: "Ace of Hearts": one pattern per suit, as languages bend the suit's name differently.
_CARD_NAMES = {Suit.HEARTS: N_("{rank} of Hearts"), Suit.BELLS: N_("{rank} of Bells"),
               Suit.LEAVES: N_("{rank} of Leaves"), Suit.ACORNS: N_("{rank} of Acorns")}


class Rank(enum.IntEnum):
    """The eight ranks, low to high (L4): VII, VIII, IX, X, Unter, Ober, King, Ace."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    UNTER = 4
    OBER = 5
    KING = 6
    ACE = 7

    @property
    def points(self) -> int:
        """The card value of T3: VII 7, VIII 8, IX 9, X/Unter/Ober/King 10, Ace 11.

        >>> [r.points for r in Rank]
        [7, 8, 9, 10, 10, 10, 10, 11]
        """
        return _RANK_POINTS[self]

    @property
    def symbol(self) -> str:
        """The notation: ``7 8 9 10 U O K A``."""
        return _RANK_SYMBOLS[self]

    @property
    def label(self) -> str:
        """The rank's name as the rules (``docs/rules/en.md``) write it: ``VII`` ... ``X``, ``Unter`` ... ``Ace``.

        In the current language (King and Ace have other names in Croatian and German).
        """
        return _(_RANK_LABELS[self])

    @property
    def plural(self) -> str:
        """The rank in an announcement: ``'sevens'``, ``'Unters'``, ``'Aces'`` (current language)."""
        return _(_RANK_PLURALS[self])

    @property
    def plural_nominative(self) -> str:
        """The rank's plural as a name or a subject (a label, "due rank: Kings").

        English and German use one form; Croatian announces in the accusative
        (:attr:`plural`: "najavi Kraljeve") but names in the nominative ("na redu:
        Kraljevi"), so this is its own message (context "nominative plural").

        >>> Rank.KING.plural_nominative, Rank.KING.plural_nominative == Rank.KING.plural
        ('Kings', True)
        """
        return _rank_nominative(self)

    def count(self, n: int) -> str:
        """``n`` cards of this rank in words: ``'1 seven'``, ``'3 sevens'``, ``'2 Kings'``.

        With the plural forms of the current language (Croatian has three).

        >>> Rank.SEVEN.count(1), Rank.KING.count(3)
        ('1 seven', '3 Kings')
        """
        singular, plural = _RANK_COUNTS[self]
        return ngettext(singular, plural, n).format(n=n)

    def next(self) -> Rank:
        """The next rank in the cycle of L4 (after the Ace comes the VII again)."""
        return Rank((self + 1) % 8)

    def advance(self, steps: int) -> Rank:
        """The rank ``steps`` places further round the cycle (L4, L8).

        >>> Rank.KING.advance(3)
        <Rank.EIGHT: 1>
        """
        return Rank((self + steps) % 8)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """The rank of a symbol, a Roman numeral or a name, any case.

        >>> Rank.parse("viii"), Rank.parse("10"), Rank.parse("ober")
        (<Rank.EIGHT: 1>, <Rank.TEN: 3>, <Rank.OBER: 5>)
        """
        key = text.strip().upper()
        rank = _RANK_BY_TEXT.get(key)
        if rank is None:
            raise CardParseError(_("unknown rank {text!r}: use one of 7 8 9 10 U O K A "
                                   "(or VII VIII IX X)").format(text=text))
        return rank


_RANK_POINTS = dict(zip(Rank, (7, 8, 9, 10, 10, 10, 10, 11)))
_RANK_SYMBOLS = dict(zip(Rank, ("7", "8", "9", "10", "U", "O", "K", "A")))
_RANK_LABELS = dict(zip(Rank, ("VII", "VIII", "IX", "X", N_("Unter"), N_("Ober"), N_("King"),
                               N_("Ace"))))
_RANK_PLURALS = dict(zip(Rank, (N_("sevens"), N_("eights"), N_("nines"), N_("tens"),
                                N_("Unters"), N_("Obers"), N_("Kings"), N_("Aces"))))
# ngettext needs literal pairs to be extracted; these are (singular, plural) msgids.
_RANK_COUNTS = {
    Rank.SEVEN: N_plural("{n} seven", "{n} sevens"),
    Rank.EIGHT: N_plural("{n} eight", "{n} eights"),
    Rank.NINE: N_plural("{n} nine", "{n} nines"),
    Rank.TEN: N_plural("{n} ten", "{n} tens"),
    Rank.UNTER: N_plural("{n} Unter", "{n} Unters"),
    Rank.OBER: N_plural("{n} Ober", "{n} Obers"),
    Rank.KING: N_plural("{n} King", "{n} Kings"),
    Rank.ACE: N_plural("{n} Ace", "{n} Aces"),
}


def _rank_nominative(rank: Rank) -> str:
    # literal pgettext calls, so that Babel extracts each with its context
    return (pgettext("nominative plural", "sevens"), pgettext("nominative plural", "eights"),
            pgettext("nominative plural", "nines"), pgettext("nominative plural", "tens"),
            pgettext("nominative plural", "Unters"), pgettext("nominative plural", "Obers"),
            pgettext("nominative plural", "Kings"), pgettext("nominative plural", "Aces"))[rank]


_RANK_BY_TEXT: dict[str, Rank] = {}
for _r in Rank:
    _RANK_BY_TEXT[_r.symbol] = _r
    _RANK_BY_TEXT[_RANK_LABELS[_r].upper()] = _r
    _RANK_BY_TEXT[_r.name] = _r
for _text, _r in (("VII", Rank.SEVEN), ("VIII", Rank.EIGHT), ("IX", Rank.NINE),
                  ("X", Rank.TEN), ("KÖNIG", Rank.KING), ("KONIG", Rank.KING),
                  ("ASS", Rank.ACE)):
    _RANK_BY_TEXT[_text] = _r


class Chronicler(enum.Enum):
    """The jokers: the Colorful (Šareni) and Pale (Blijedi) Chronicler (L12, L13).

    ``ANY`` is a Chronicler where it does not matter which: Thirty-One plays
    with one, and T12 gives it no colour.
    """

    ANY = "*"
    COLORFUL = "*C"
    PALE = "*P"

    @property
    def label(self) -> str:
        """``'Chronicler'``, ``'Colorful Chronicler'`` or ``'Pale Chronicler'`` (current language)."""
        return _(_CHRONICLER_LABELS[self.name])


_CHRONICLER_LABELS = {"ANY": N_("Chronicler"), "COLORFUL": N_("Colorful Chronicler"),
                      "PALE": N_("Pale Chronicler")}
_CHRONICLER_CODES = {Chronicler.ANY: 32, Chronicler.COLORFUL: 33, Chronicler.PALE: 34}


class Card:
    """A card: an ordinary card (rank and suit) or a Chronicler.

    Cards are interned, immutable, hashable and ordered (by suit, then rank,
    Chroniclers last).  ``code`` is a small integer (0-34) that indexes
    tables: ``suit * 8 + rank`` for ordinary cards, 32-34 for the
    Chroniclers.

    >>> Card(Rank.ACE, Suit.HEARTS)
    Card.parse('AH')
    >>> Card(chronicler=Chronicler.PALE).is_chronicler
    True
    >>> sorted(parse_cards("*P 7B AH"))
    [Card.parse('AH'), Card.parse('7B'), Card.parse('*P')]
    """

    # ``_index`` repeats ``code`` under a private name: hot table lookups
    # (``thirtyone.score``) read it instead of a per-item type check, so an
    # object that merely has a ``code`` is never taken for a Card.
    __slots__ = ("rank", "suit", "chronicler", "code", "_index")

    rank: Rank | None
    suit: Suit | None
    chronicler: Chronicler | None
    code: int
    _index: int

    def __new__(cls, rank: Rank | None = None, suit: Suit | None = None, *,
                chronicler: Chronicler | None = None) -> Card:
        if chronicler is not None:
            if rank is not None or suit is not None:
                raise CardParseError(_("a Chronicler has no rank or suit"))
            return _BY_CODE[_CHRONICLER_CODES[Chronicler(chronicler)]]
        if rank is None or suit is None:
            raise CardParseError(_("an ordinary card needs both a rank and a suit"))
        return _BY_CODE[Suit(suit) * 8 + Rank(rank)]

    @classmethod
    def _make(cls, code: int, rank: Rank | None, suit: Suit | None,
              chronicler: Chronicler | None) -> Card:
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "chronicler", chronicler)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "_index", code)
        return self

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with this ``code`` (0-34)."""
        try:
            return _BY_CODE[code]
        except (IndexError, TypeError):
            raise CardParseError(_("no card has code {code!r}: codes are 0-34").format(
                code=code)) from None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in the notation of the rules (see :func:`parse_card`)."""
        return parse_card(text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Card.from_code, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __hash__(self) -> int:
        return self.code

    # Keep this Python ``__eq__``: without it ``==`` goes through object's
    # wrapper from the Python ``__lt__`` slot, 3x slower (docs/analysis.md).
    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code >= other.code

    @property
    def is_chronicler(self) -> bool:
        """True for the three Chronicler forms (``*``, ``*C``, ``*P``)."""
        return self.code >= 32

    @property
    def points(self) -> int | None:
        """The T3 value of an ordinary card; ``None`` for a Chronicler (T12)."""
        return None if self.rank is None else self.rank.points

    @property
    def name(self) -> str:
        """The card in words: ``'Ace of Hearts'``, ``'Pale Chronicler'`` (current language)."""
        if self.chronicler is not None:
            return self.chronicler.label
        assert self.rank is not None and self.suit is not None
        return _(_CARD_NAMES[self.suit]).format(rank=self.rank.label)

    def notation(self) -> str:
        """The text notation, e.g. ``'AH'``, ``'10L'``, ``'*C'`` (same as ``str``)."""
        if self.chronicler is not None:
            return self.chronicler.value
        assert self.rank is not None and self.suit is not None
        return self.rank.symbol + self.suit.letter

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Card.parse({self.notation()!r})"

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture of the card (``None``: no drawing registered, text is shown)."""
        draw = _DRAWING.get("card")
        return None if draw is None else draw(self)


def _build() -> list[Card]:
    cards: list[Card] = []
    for suit in Suit:
        for rank in Rank:
            cards.append(Card._make(suit * 8 + rank, rank, suit, None))
    for chron, code in _CHRONICLER_CODES.items():
        cards.append(Card._make(code, None, None, chron))
    return cards


_BY_CODE: list[Card] = _build()

#: All 35 distinct cards, in ``code`` order.
ALL_CARDS: tuple[Card, ...] = tuple(_BY_CODE)
#: The 32 ordinary cards of one deck, in ``code`` order.
ORDINARY_CARDS: tuple[Card, ...] = tuple(_BY_CODE[:32])
#: The Chronicler where it does not matter which (``*``).
CHRONICLER: Card = _BY_CODE[32]
#: The Colorful Chronicler (``*C``, L12).
COLORFUL: Card = _BY_CODE[33]
#: The Pale Chronicler (``*P``, L13).
PALE: Card = _BY_CODE[34]

_VALID_FORMS = N_("rank then suit: ranks 7 8 9 10 U O K A (or VII VIII IX X), "
                  "suits H B L A, e.g. AH 10L UB VIIH; Chroniclers *, *C, *P")
_TOKEN_RE = re.compile(r"^(VIII|VII|IX|X|10|[789UOKA])([HBLA])$")
_SPLIT_RE = re.compile(r"[\s,;]+")


def parse_card(text: str) -> Card:
    """Read one card in the notation of ``docs/rules/en.md``, any letter case.

    >>> parse_card("uB"), parse_card("VIIH"), parse_card("*c")
    (Card.parse('UB'), Card.parse('7H'), Card.parse('*C'))
    >>> parse_card("11H")
    Traceback (most recent call last):
    ...
    cardgames.errors.CardParseError: not a card: '11H'; write rank then suit: ranks 7 8 9 10 U O K A (or VII VIII IX X), suits H B L A, e.g. AH 10L UB VIIH; Chroniclers *, *C, *P
    """
    if not isinstance(text, str):
        raise CardParseError(_("not a card: {text!r} is not text; write {forms}").format(
            text=text, forms=_(_VALID_FORMS)))
    token = text.strip().upper()
    if token == "*":
        return CHRONICLER
    if token == "*C":
        return COLORFUL
    if token == "*P":
        return PALE
    m = _TOKEN_RE.match(token)
    if m is None:
        raise CardParseError(_("not a card: {text!r}; write {forms}").format(
            text=text, forms=_(_VALID_FORMS)))
    return Card(_RANK_BY_TEXT[m.group(1)], Suit.parse(m.group(2)))


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces and/or commas (pinned API).

    >>> parse_cards("AH KH 9H")
    [Card.parse('AH'), Card.parse('KH'), Card.parse('9H')]
    >>> parse_cards("xl, *p")
    [Card.parse('10L'), Card.parse('*P')]
    >>> parse_cards("")
    []
    >>> parse_cards("AH QH")
    Traceback (most recent call last):
    ...
    cardgames.errors.CardParseError: not a card: 'QH' (token 2 of 'AH QH'); write rank then suit: ranks 7 8 9 10 U O K A (or VII VIII IX X), suits H B L A, e.g. AH 10L UB VIIH; Chroniclers *, *C, *P
    """
    if not isinstance(text, str):
        raise CardParseError(_("parse_cards needs text such as 'AH KH 9H', not {text!r}").format(
            text=text))
    tokens = [t for t in _SPLIT_RE.split(text.strip()) if t]
    cards = []
    for i, token in enumerate(tokens, 1):
        try:
            cards.append(parse_card(token))
        except CardParseError:
            raise CardParseError(_("not a card: {token!r} (token {i} of {text!r}); "
                                   "write {forms}").format(token=token, i=i, text=text,
                                                           forms=_(_VALID_FORMS))) from None
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards, space separated; ``parse_cards`` reads it back.

    >>> format_cards(parse_cards("ah,kh,9h"))
    'AH KH 9H'
    """
    return " ".join(c.notation() for c in cards)


def as_cards(cards: str | Iterable[Card | str] | None) -> list[Card]:
    """Cards from text, or from a mix of Cards and card text; ``None`` is no cards.

    The one place where the engine, the analysis functions, the command line
    and the widgets read "some cards" a user gave.  Any iterable works (a
    generator too); a text item may hold several cards.

    >>> as_cards("AH KH"), as_cards([parse_card("7B"), "*p"]), as_cards(None)
    ([Card.parse('AH'), Card.parse('KH')], [Card.parse('7B'), Card.parse('*P')], [])
    >>> as_cards(c for c in ["9H", "OB 10L"])
    [Card.parse('9H'), Card.parse('OB'), Card.parse('10L')]
    >>> as_cards([7])
    Traceback (most recent call last):
    ...
    cardgames.errors.CardParseError: not a card: item 1 (7) of [7]; give Cards or text such as 'AH KH 9H'
    """
    if cards is None:
        return []
    if isinstance(cards, str):
        return parse_cards(cards)
    try:
        items = iter(cards)
    except TypeError:
        raise CardParseError(_("cards must be Cards or text such as 'AH KH 9H', "
                               "not {cards!r}").format(cards=cards)) from None
    out: list[Card] = []
    for i, c in enumerate(items, 1):
        if isinstance(c, Card):
            out.append(c)
        elif isinstance(c, str):
            out.extend(parse_cards(c))
        else:
            raise CardParseError(_("not a card: item {i} ({c!r}) of {cards!r}; give Cards or "
                                   "text such as 'AH KH 9H'").format(i=i, c=c, cards=cards))
    return out


def make_deck(*, decks: int = 1, chroniclers: Iterable[Chronicler] = ()) -> list[Card]:
    """A fresh, unshuffled deck: ``decks`` copies of the 32 cards, each with ``chroniclers``.

    Liar with two decks and both Chroniclers uses ``make_deck(decks=2,
    chroniclers=(Chronicler.COLORFUL, Chronicler.PALE))`` (R-L2: 64 cards and 4
    Chroniclers); Thirty-One with its Chronicler uses
    ``make_deck(chroniclers=(Chronicler.ANY,))`` (T2).

    >>> deck = make_deck(chroniclers=[Chronicler.ANY])
    >>> len(deck), deck[-1]
    (33, Card.parse('*'))
    """
    if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
        raise ConfigError(_("decks must be a whole number of at least 1, not {decks!r} "
                            "(L2, T2, R-L2)").format(decks=decks))
    extras = [Card(chronicler=Chronicler(c)) for c in chroniclers]
    return [card for _ in range(decks) for card in (*ORDINARY_CARDS, *extras)]


class Hand(tuple[Card, ...]):
    """An immutable sequence of cards that draws itself in Jupyter.

    >>> h = Hand.parse("AH KH 9H")
    >>> h, str(h), len(h)
    (Hand.parse('AH KH 9H'), 'AH KH 9H', 3)
    >>> h == Hand(parse_cards("AH KH 9H"))
    True
    """

    __slots__ = ()

    def __new__(cls, cards: str | Iterable[Card | str] = ()) -> Hand:
        return super().__new__(cls, as_cards(cards))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand written in the notation, e.g. ``'AH KH 9H'``."""
        return cls(parse_cards(text))

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"Hand.parse({format_cards(self)!r})"

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture of the hand (``None``: no drawing registered, text is shown)."""
        draw = _DRAWING.get("hand")
        return None if draw is None else draw(self)


# The drawing functions behind ``_repr_svg_``.  Cards are the bottom layer and know
# nothing of drawing: :mod:`cardgames.render` (imported by ``import cardgames``)
# registers itself here, so this module never imports it (no upward import).
_DRAWING: dict[str, Callable[[Any], str]] = {}


def register_drawing(*, card: Callable[[Card], str], hand: Callable[[Hand], str]) -> None:
    """Set the functions that draw a :class:`Card` and a :class:`Hand` in Jupyter.

    :mod:`cardgames.render` calls this when it is imported; a front end may
    register its own.

    >>> from cardgames import render
    >>> Card.parse("AH")._repr_svg_() == render.card_svg(Card.parse("AH"))
    True
    """
    _DRAWING["card"] = card
    _DRAWING["hand"] = hand
