"""The public event log of a Liar round (``state.events``).

Everything here is known to every player (R-L11): announcements, calls, the
cards turned over in calls, who took the pile and why, the Pale penalty, who
went out.  Nothing here names a hidden card.  Each event has
``describe()`` (plain words citing the rules) and round-trips through
:func:`event_to_dict` / :func:`event_from_dict`.

>>> from cardgames.cards import Rank, parse_cards
>>> Played(player=1, count=2, announced=Rank.EIGHT, number=2).describe()
'Player 1 put down 2 cards and announced "2 eights" (L7, R-L4).'
>>> ev = Revealed(player=1, number=2, cards=tuple(parse_cards("8H 9B")), announced=Rank.EIGHT, true=False)
>>> ev.describe()
"Player 1's play was turned over: 8H 9B. It was a lie: 9B is not an eight (R-L6)."
>>> event_from_dict(event_to_dict(ev)) == ev
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from cardgames.cards import Card, Rank, format_cards, parse_cards

__all__ = [
    "LiarEvent", "Played", "Passed", "CallMade", "Revealed", "PileTaken", "PalePenalty",
    "WentOut", "RoundOver", "event_to_dict", "event_from_dict", "TAKE_REASONS",
]

_SINGULAR = {Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten",
             Rank.UNTER: "Unter", Rank.OBER: "Ober", Rank.KING: "King", Rank.ACE: "Ace"}


def announcement(count: int, rank: Rank) -> str:
    """The words of an announcement: ``'1 King'``, ``'3 sevens'``.

    >>> announcement(1, Rank.KING), announcement(3, Rank.SEVEN)
    ('1 King', '3 sevens')
    """
    return f"{count} {_SINGULAR[rank] if count == 1 else rank.plural}"


def _a(rank: Rank) -> str:
    word = _SINGULAR[rank]
    return ("an " if word[0] in "AEIOUaeiou" else "a ") + word


class LiarEvent:
    """Base class of the events; subclasses are frozen dataclasses."""

    __slots__ = ()

    def describe(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Played(LiarEvent):
    """``player`` put ``count`` cards down, announcing ``count`` x ``announced`` (L7, R-L4).

    ``number`` counts the plays of the round from 1.
    """

    player: int
    count: int
    announced: Rank
    number: int

    def describe(self) -> str:
        noun = "card" if self.count == 1 else "cards"
        return (f"Player {self.player} put down {self.count} {noun} and announced "
                f"\"{announcement(self.count, self.announced)}\" (L7, R-L4).")


@dataclass(frozen=True, slots=True)
class Passed(LiarEvent):
    """``player`` was asked in the call window and let play ``number`` stand (R-L5)."""

    player: int
    number: int

    def describe(self) -> str:
        return f"Player {self.player} did not call and let play {self.number} stand (R-L5)."


@dataclass(frozen=True, slots=True)
class CallMade(LiarEvent):
    """``caller`` shouted "Liar!" at ``accused``'s play ``number`` (L9, R-L5)."""

    caller: int
    accused: int
    number: int

    def describe(self) -> str:
        return (f"Player {self.caller} called \"Liar!\" on player {self.accused}'s "
                f"play {self.number} (L9, R-L5).")


@dataclass(frozen=True, slots=True)
class Revealed(LiarEvent):
    """The challenged play was turned over (L9); ``true`` is the verdict of R-L6."""

    player: int
    number: int
    cards: tuple[Card, ...]
    announced: Rank
    true: bool

    def describe(self) -> str:
        head = f"Player {self.player}'s play was turned over: {format_cards(self.cards)}."
        if self.true:
            extra = ""
            if any(c.code == 34 for c in self.cards):
                extra = " The Pale Chronicler counts as true because it was called (L13)."
            return (f"{head} It was true: every card is {_a(self.announced)} or a "
                    f"Chronicler (R-L6).{extra}")
        wrong = [c for c in self.cards if not c.is_chronicler and c.rank is not self.announced]
        verb = "is" if len(wrong) == 1 else "are"
        what = _a(self.announced) if len(wrong) == 1 else self.announced.plural
        return (f"{head} It was a lie: {format_cards(wrong)} {verb} not {what} (R-L6).")


#: Why a pile was taken -> (the rule, the words).
TAKE_REASONS: dict[str, tuple[str, str]] = {
    "caught": ("L9, L10", "caught lying, so the caller plays next"),
    "false_accusation": ("L9, L10",
                         "a false accusation; play goes on after the player who last put "
                         "cards down"),
    "pale_called": ("L13, L10",
                    "called the Pale Chronicler, which counts as true; play goes on after "
                    "the player who played it"),
    "pale_uncalled": ("L13, R-L7",
                      "nobody called a play holding the Pale Chronicler; the next player "
                      "plays next"),
}


@dataclass(frozen=True, slots=True)
class PileTaken(LiarEvent):
    """``player`` took the whole pile of ``count`` cards; ``reason`` is a key of :data:`TAKE_REASONS`."""

    player: int
    count: int
    reason: str
    rule: str

    def describe(self) -> str:
        noun = "card" if self.count == 1 else "cards"
        words = TAKE_REASONS.get(self.reason, (self.rule, self.reason))[1]
        return f"Player {self.player} took the pile ({self.count} {noun}): {words} ({self.rule})."


@dataclass(frozen=True, slots=True)
class PalePenalty(LiarEvent):
    """Nobody called play ``number`` of ``player``; it held the Pale Chronicler (L13, R-L7).

    Only this fact is made public, not the other cards of the play.
    """

    player: int
    number: int

    def describe(self) -> str:
        return (f"Nobody called player {self.player}'s play {self.number}, and it held the "
                f"Pale Chronicler: player {self.player} takes the whole pile as a penalty "
                "(L13, R-L7).")


@dataclass(frozen=True, slots=True)
class WentOut(LiarEvent):
    """``player`` got rid of all their cards after the call window (R-L9) and wins (L11)."""

    player: int

    def describe(self) -> str:
        return (f"Player {self.player} has got rid of all their cards and the play stood "
                "(R-L9): they win the round (L11).")


@dataclass(frozen=True, slots=True)
class RoundOver(LiarEvent):
    """The round ended; ``places`` and ``cards_held`` per seat (R-L10).

    ``reason`` is ``"went_out"`` (L11) or ``"cap"`` (the simulation cap
    ``LiarGame.max_plays``, off by default).
    """

    winner: int | None
    places: tuple[int, ...]
    cards_held: tuple[int, ...]
    reason: str

    def describe(self) -> str:
        places = ", ".join(f"player {p}: place {pl} ({n} cards)"
                           for p, (pl, n) in enumerate(zip(self.places, self.cards_held)))
        if self.reason == "cap":
            return (f"The round was stopped by the simulation cap with nobody out; places by "
                    f"cards held (R-L10): {places}.")
        return f"The round is over: player {self.winner} wins (L11). Places (R-L10): {places}."


_EVENT_TYPES: dict[str, type[LiarEvent]] = {
    cls.__name__: cls
    for cls in (Played, Passed, CallMade, Revealed, PileTaken, PalePenalty, WentOut, RoundOver)
}


def event_to_dict(event: LiarEvent) -> dict[str, Any]:
    """A JSON-friendly dict of an event (``type`` plus its fields).

    >>> event_to_dict(Played(player=0, count=1, announced=Rank.SEVEN, number=1))
    {'type': 'Played', 'player': 0, 'count': 1, 'announced': 'SEVEN', 'number': 1}
    """
    out: dict[str, Any] = {"type": type(event).__name__}
    for f in dataclasses.fields(event):  # type: ignore[arg-type]
        v = getattr(event, f.name)
        if isinstance(v, Rank):
            v = v.name
        elif f.name == "cards":
            v = format_cards(v)
        elif isinstance(v, tuple):
            v = list(v)
        out[f.name] = v
    return out


def event_from_dict(data: dict[str, Any]) -> LiarEvent:
    """The event of :func:`event_to_dict`."""
    data = dict(data)
    cls = _EVENT_TYPES[data.pop("type")]
    kw: dict[str, Any] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        v = data[f.name]
        if f.name == "announced":
            v = Rank[v]
        elif f.name == "cards":
            v = tuple(parse_cards(v))
        elif isinstance(v, list):
            v = tuple(v)
        kw[f.name] = v
    return cls(**kw)
