"""One exception hierarchy for the whole engine.

Every error a user can cause is a :class:`ValueError` subclass, so
``except ValueError`` catches all of them, and each message names the bad
input and, where one applies, the rule it breaks (the numbers of
``docs/rules/en.md``: L1-L13, T1-T14, R-L1..., R-T1...).

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
    "AgentError",
    "StaleActionError",
    "SaveError",
    "WireError",
]


class CardgamesError(ValueError):
    """Base class of every error raised by :mod:`cardgames`."""


class CardParseError(CardgamesError):
    """A card or list of cards in the text notation could not be read."""


class ConfigError(CardgamesError):
    """A game configuration (players, decks, options) is not allowed by the rules."""


class SaveError(CardgamesError):
    """A saved state (``from_json``) that no real game can hold, or that cannot be read.

    ``field`` names the field of the save (``""`` for the whole save) and
    ``rule`` the rule it breaks (``""`` when it is only malformed).

    >>> from cardgames.liar import LiarGame
    >>> try:
    ...     LiarGame.state_from_json('{"format": "cardgames.liar.state", "version": true}')
    ... except SaveError as e:
    ...     print(e.field)
    version
    """

    def __init__(self, message: str, *, field: str = "", rule: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule


class WireError(CardgamesError):
    """Data from the wire (:mod:`cardgames.wire`) that is not a seat view or an event.

    ``field`` names the bad field (a path such as ``"view.pile[2].cards"``).

    >>> WireError("wire field mark: expected a whole number >= 0, not -1", field="mark").field
    'mark'
    """

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


class _ActionRefusal(CardgamesError):
    """The fields both refusals of an action carry for front ends (see
    :class:`ActionParseError` and :class:`IllegalActionError`): ``player``, ``action``,
    ``rule``, ``reason`` and ``legal``."""

    def __init__(self, message: str, *, player: int | None = None, action: object = None,
                 rule: str | None = None, reason: str | None = None,
                 legal: str | None = None) -> None:
        super().__init__(message)
        self.player = player
        self.action = action
        self.rule = rule
        self.reason = reason
        self.legal = legal


class ActionParseError(_ActionRefusal):
    """An action written as text could not be read.

    Like :class:`IllegalActionError` it carries the facts as fields for front
    ends: ``player`` (if a state refused it), ``action`` (the text given),
    ``rule``, ``reason`` (why it cannot be read) and ``legal`` (the forms that
    can be read, or what is legal now).

    >>> from cardgames.liar import LiarAction
    >>> try:
    ...     LiarAction.parse("fold")
    ... except ActionParseError as e:
    ...     print(e.reason)
    not a Liar action
    """


class IllegalActionError(_ActionRefusal):
    """A well-formed action that the rules do not allow now.

    The message names the player, the action, the rule it breaks and what is
    legal now.  The state that refused it is unchanged.  The same facts are
    fields, so that a front end can word them for a player without cutting
    the message apart: ``player`` (the seat that tried), ``action`` (what was
    tried), ``rule`` (e.g. ``"R-L5"``), ``reason`` (why, in a short phrase)
    and ``legal`` (what is legal now, in a short phrase).

    >>> e = IllegalActionError("player 1 may not call now (R-L5)", player=1,
    ...                        action="call", rule="R-L5", reason="it is not your turn")
    >>> e.player, e.rule, e.reason
    (1, 'R-L5', 'it is not your turn')
    """


class GameOverError(IllegalActionError):
    """An action was applied to a game or deal that has already ended."""


class AgentError(IllegalActionError):
    """An agent (a bot) chose an action the rules refuse.

    Never replaced by another action: the error names the agent (``agent``),
    its seat (``player``), the action and the engine's reason; ``__cause__``
    is the engine's own :class:`IllegalActionError`.
    """

    def __init__(self, message: str, *, agent: str, player: int | None = None,
                 action: object = None, rule: str | None = None, reason: str | None = None,
                 legal: str | None = None) -> None:
        super().__init__(message, player=player, action=action, rule=rule, reason=reason,
                         legal=legal)
        self.agent = agent


class StaleActionError(IllegalActionError):
    """An action made against a table that has moved on (a session's older ``mark``).

    Raised by :meth:`cardgames.session.Session.act` when the ``mark`` the
    action was made at is not the session's mark any more: another action
    came first (the first one counts, R-L5, T5), so this one is refused and
    nothing changes.  ``mark`` is the mark given, ``current`` the session's.
    """

    def __init__(self, message: str, *, mark: int, current: int, player: int | None = None,
                 action: object = None, rule: str | None = None, reason: str | None = None,
                 legal: str | None = None) -> None:
        super().__init__(message, player=player, action=action, rule=rule, reason=reason,
                         legal=legal)
        self.mark = mark
        self.current = current
