"""cardgames: Liar and Thirty-One with the 32-card Hungarian deck.

The engine is pure Python and needs only the standard library:

>>> import cardgames
>>> cardgames.parse_cards("AH KH 9H")
[Card.parse('AH'), Card.parse('KH'), Card.parse('9H')]

Rule numbers (``L7``, ``T10``, ``R-T6``) refer to the specification,
``docs/rules/en.md`` (also in Croatian, ``hr.md``, and German, ``de.md``).
"""

from cardgames import render as _render  # noqa: F401  (registers the Jupyter drawings of cards)
from cardgames.cards import (
    ALL_CARDS,
    CHRONICLER,
    COLORFUL,
    ORDINARY_CARDS,
    PALE,
    Card,
    Chronicler,
    Hand,
    Rank,
    Suit,
    as_cards,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
)
from cardgames.errors import (
    ActionParseError,
    CardgamesError,
    CardParseError,
    ConfigError,
    GameOverError,
    IllegalActionError,
)

__version__ = "0.2.0"

__all__ = [
    "ALL_CARDS", "CHRONICLER", "COLORFUL", "ORDINARY_CARDS", "PALE",
    "Card", "Chronicler", "Hand", "Rank", "Suit",
    "as_cards", "format_cards", "make_deck", "parse_card", "parse_cards",
    "ActionParseError", "CardgamesError", "CardParseError", "ConfigError",
    "GameOverError", "IllegalActionError",
]
