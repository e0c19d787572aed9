"""One exception hierarchy for the whole engine.

Every error a user can cause is a :class:`ValueError` subclass, so
``except ValueError`` catches all of them, and each message names the bad
input and, where one applies, the rule of ``RULES.md`` it breaks.

>>> from cardgames.cards import parse_cards
>>> try:
...     parse_cards("AH ZZ")
... except CardgamesError as e:
...     print(type(e).__name__)
CardParseError
"""

from __future__ import annotations

__all__ = [
    "CardgamesError",
    "CardParseError",
    "ConfigError",
    "IllegalActionError",
    "ActionParseError",
    "GameOverError",
]


class CardgamesError(ValueError):
    """Base class of every error raised by :mod:`cardgames`."""


class CardParseError(CardgamesError):
    """A card or list of cards in the text notation could not be read."""


class ConfigError(CardgamesError):
    """A game configuration (players, decks, options) is not allowed by the rules."""


class ActionParseError(CardgamesError):
    """An action written as text could not be read."""


class IllegalActionError(CardgamesError):
    """A well-formed action that the rules do not allow now.

    The message names the player, the action, the rule it breaks and what is
    legal now.  The state that refused it is unchanged.
    """

    def __init__(self, message: str, *, player: int | None = None, action: object = None,
                 rule: str | None = None) -> None:
        super().__init__(message)
        self.player = player
        self.action = action
        self.rule = rule


class GameOverError(IllegalActionError):
    """An action was applied to a game or deal that has already ended."""
