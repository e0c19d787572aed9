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

from cardgames.i18n import N_
from cardgames.i18n import gettext as _

__all__ = ["BOT_WORDS", "SEAT_FIELDS", "NamedSeat", "bot_label", "describe_named",
           "named_event", "seat_name", "seat_title"]

#: The bot kinds of the engines, translated when shown (the names stay the identifiers).
BOT_WORDS = {"heuristic": N_("heuristic"), "random": N_("random"), "caller": N_("caller"),
             "expert": N_("expert")}

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


def bot_label(kind: str) -> str:
    """A bot kind's name in the current language (an unknown name as it is).

    >>> bot_label("heuristic"), bot_label("MyBot")
    ('heuristic', 'MyBot')
    """
    return _(BOT_WORDS[kind]) if kind in BOT_WORDS else kind


def seat_name(name: str, *, bot: str | None = None) -> str:
    """The one name of a seat everywhere (issue 29: the teacher's page, the replay, the
    phones, the log): a student's as they gave it, a bot by its kind ("heuristic bot");
    never the service's own label of a bot seat ("Bot 3").  Not escaped.

    >>> seat_name("Ana"), seat_name("Bot 3", bot="heuristic")
    ('Ana', 'heuristic bot')
    """
    if bot:
        return _("{kind} bot").format(kind=bot_label(bot))
    return name


def seat_title(seat: int, name: str, *, bot: str | None = None) -> str:
    """"Player 2 (Ana)", "Player 3 (heuristic bot)": the seat number and its
    :func:`seat_name` (a seat without a name: "Player 2").  Not escaped.

    >>> seat_title(2, "Ana"), seat_title(3, "Bot 4", bot="heuristic"), seat_title(1, "")
    ('Player 2 (Ana)', 'Player 3 (heuristic bot)', 'Player 1')
    """
    shown = seat_name(name, bot=bot)
    return _("Player {player}").format(player=NamedSeat(seat, shown) if shown else seat)
