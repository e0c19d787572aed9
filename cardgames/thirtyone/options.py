"""What a Thirty-One state needs of its game: the options, as a :class:`typing.Protocol`.

:class:`~cardgames.thirtyone.game.ThirtyOneGame` makes states (``new_state``,
``state_from_position``, ``state_from_json``), so the game module imports the state
module; the state names its game only through this protocol and never imports the
game module, not even for the type checker (issue 17: no game<->state circle).

>>> from cardgames.thirtyone import ThirtyOneGame
>>> isinstance(ThirtyOneGame(players=3), ThirtyOneOptions)
True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from cardgames.cards import Card

__all__ = ["ThirtyOneOptions"]


@runtime_checkable
class ThirtyOneOptions(Protocol):
    """The options a state reads (T1, T2, R-T8, R-T10); a :class:`ThirtyOneGame` is one."""

    @property
    def players(self) -> int: ...
    @property
    def chronicler(self) -> bool: ...
    @property
    def lives(self) -> int: ...
    @property
    def turn_cap(self) -> int | None: ...

    def deck(self) -> list[Card]: ...
