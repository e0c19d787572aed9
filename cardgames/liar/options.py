"""What a Liar state needs of its game: the options, as a :class:`typing.Protocol`.

:class:`~cardgames.liar.game.LiarGame` makes states (``new_state``,
``state_from_position``, ``state_from_json``), so the game module imports the state
module; the state names its game only through this protocol and never imports the
game module, not even for the type checker (issue 17: no game<->state circle).

>>> from cardgames.liar import LiarGame
>>> isinstance(LiarGame(players=3), LiarOptions)
True
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from cardgames.cards import Card, Chronicler

__all__ = ["LiarOptions"]


@runtime_checkable
class LiarOptions(Protocol):
    """The options of a round a state reads (R-L2, R-L10); a :class:`LiarGame` is one."""

    @property
    def players(self) -> int: ...
    @property
    def decks(self) -> int: ...
    @property
    def chroniclers(self) -> tuple[Chronicler, ...]: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def max_plays(self) -> int | None: ...
    @property
    def tie_places(self) -> str: ...
    @property
    def deck_size(self) -> int: ...

    def deck(self) -> list[Card]: ...
    def to_dict(self) -> dict[str, Any]: ...
