"""An event's words with the players' names beside their seat numbers (issue 21).

The engine's events name a player by seat number ("Player 2 put down 2 cards ...").  At
an online table the students gave names when they joined; :func:`describe_named` words
an event as its own ``describe()`` does, with each seat the event's fields hold written
as "2 (Ana)".  Only the seat fields are changed (the actor, the caller and the accused,
the winners, the places, a deal's dealer and losers ...), never a card, so the words hold
nothing the event itself does not (R-L11, R-T9).  A name is shown as given: the caller
escapes the text for HTML (a name is whatever a student typed).

>>> from cardgames.liar.events import CallMade
>>> describe_named(CallMade(caller=1, accused=2, number=3), {1: "Ana", 2: "<b>x</b>"})
'Player 1 (Ana) called "Liar!" on player 2 (<b>x</b>)\\'s play 3 (L9, R-L5).'
>>> describe_named(CallMade(caller=1, accused=2, number=3), {})
'Player 1 called "Liar!" on player 2\\'s play 3 (L9, R-L5).'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

__all__ = ["SEAT_FIELDS", "NamedSeat", "describe_named", "named_event"]

#: The fields of the two games' events (and of a Thirty-One deal's result) that hold seats.
#: (Not ``places`` nor ``lives``: those are one value per seat, indexed by seat.)
SEAT_FIELDS = frozenset({
    "player", "caller", "accused", "winner", "winners", "dealer", "revealer",
    "three_aces", "losers", "went_out"})


class NamedSeat(int):
    """A seat number that is written "2 (Ana)" (``format``, ``str``); an ``int`` otherwise
    (compared, indexed, counted as the seat).

    >>> s = NamedSeat(2, "Ana")
    >>> f"Player {s}", str(s), s == 2, [10, 11, 12][s]
    ('Player 2 (Ana)', '2 (Ana)', True, 12)
    """

    name: str

    def __new__(cls, seat: int, name: str) -> NamedSeat:
        obj = super().__new__(cls, seat)
        obj.name = name
        return obj

    def __format__(self, spec: str) -> str:
        return f"{int(self):{spec}} ({self.name})"

    def __str__(self) -> str:
        return self.__format__("")

    __repr__ = int.__repr__


def _named(value: Any, names: Mapping[int, str]) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | tuple):
        return value
    if isinstance(value, tuple):
        return tuple(_named(v, names) for v in value)
    name = names.get(int(value))
    return NamedSeat(value, name) if name else value


def named_event(event: Any, names: Mapping[int, str]) -> Any:
    """A copy of ``event`` whose seat fields carry the seats' names (an event that is not
    a dataclass, or with no name to add: ``event`` itself)."""
    if not names or not dataclasses.is_dataclass(event) or isinstance(event, type):
        return event
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if f.name in SEAT_FIELDS:
            new = _named(value, names)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            new = named_event(value, names)       # a Thirty-One deal's result
        else:
            continue
        if new is not value:
            changes[f.name] = new
    return dataclasses.replace(event, **changes) if changes else event


def describe_named(event: Any, names: Mapping[int, str]) -> str:
    """``event.describe()`` with each seat it names followed by the seat's name in
    ``names`` (seat -> name; a seat without one is a number as before)."""
    text: str = named_event(event, names).describe()
    return text
