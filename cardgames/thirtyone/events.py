"""The public event log of Thirty-One: what everyone at the table sees (R-T9).

Every event is a small frozen dataclass with ``describe()`` in plain words,
citing the rules.  No event holds a card that is hidden from anyone: the
deal event shows the table, not the hands; a hand appears only once it is
revealed (T9, T10) or wins with three Aces (R-T7).

>>> from cardgames.cards import parse_cards
>>> Swapped(player=1, to_table=tuple(parse_cards("7H")), from_table=tuple(parse_cards("AB"))).describe()
'player 1 swaps one card: 7H to the table, AB from the table (T6)'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from cardgames.cards import Card, format_cards, parse_cards
from cardgames.errors import CardgamesError

__all__ = [
    "DealResult", "Dealt", "Kept", "Exchanged", "Swapped", "Passed", "Revealed", "Stood",
    "ThreeAces", "Scored", "LifeLost", "PlayerOut", "DealOver", "MatchOver", "Event",
    "event_to_dict", "event_from_dict",
]


def _fmt_score(value: float) -> str:
    return f"{value:g}"


@dataclass(frozen=True, slots=True)
class DealResult:
    """How one deal ended.

    ``scores[seat]`` is the seat's score, or ``None`` when the seat was out
    before the deal or was not scored (three Aces end a deal unscored, R-T7).
    ``losers`` lost a life (T13, T14); ``went_out`` were already at 0 lives and
    are out (R-T8); ``lives`` are the lives after the deal.
    """

    deal: int
    dealer: int
    revealer: int | None
    three_aces: int | None
    scores: tuple[float | None, ...]
    losers: tuple[int, ...]
    went_out: tuple[int, ...]
    lives: tuple[int, ...]

    def describe(self) -> str:
        if self.three_aces is not None:
            how = f"player {self.three_aces} holds three Aces (R-T7)"
        else:
            shown = ", ".join(f"player {p}: {_fmt_score(s)}"
                              for p, s in enumerate(self.scores) if s is not None)
            how = f"scores {shown}"
        losers = ", ".join(map(str, self.losers)) or "nobody"
        text = f"deal {self.deal} over: {how}; lost a life: {losers}"
        if self.went_out:
            text += f"; out: {', '.join(map(str, self.went_out))}"
        return text


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal began: 3 cards to each seat in ``seats`` and the face-up table (T4, R-T1)."""

    deal: int
    dealer: int
    seats: tuple[int, ...]
    table: tuple[Card, ...]
    undealt: int

    def describe(self) -> str:
        return (f"deal {self.deal}: player {self.dealer} deals 3 cards each to players "
                f"{', '.join(map(str, self.seats))} and lays {format_cards(self.table)} face up "
                f"on the table; {self.undealt} cards stay face down, out of play (T4, R-T1)")


@dataclass(frozen=True, slots=True)
class Kept:
    """The dealer kept their cards (T4, R-T1)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} (dealer) keeps their cards (T4, R-T1)"


@dataclass(frozen=True, slots=True)
class Exchanged:
    """The dealer exchanged their hand for the table (T4, R-T1)."""

    player: int
    to_table: tuple[Card, ...]
    from_table: tuple[Card, ...]

    def describe(self) -> str:
        return (f"player {self.player} (dealer) exchanges: takes {format_cards(self.from_table)} "
                f"and puts {format_cards(self.to_table)} on the table (T4, R-T1)")


@dataclass(frozen=True, slots=True)
class Swapped:
    """A swap: which cards went to and from the table (T6, T7; a final swap T10, R-T6)."""

    player: int
    to_table: tuple[Card, ...]
    from_table: tuple[Card, ...]
    final: bool = False

    def describe(self) -> str:
        kind = "one card" if len(self.to_table) == 1 else "all cards"
        rule = "T6" if len(self.to_table) == 1 else "T7, R-T4"
        if self.final:
            rule += ", final turn T10, R-T6"
        return (f"player {self.player} swaps {kind}: {format_cards(self.to_table)} to the table, "
                f"{format_cards(self.from_table)} from the table ({rule})")


@dataclass(frozen=True, slots=True)
class Passed:
    """A pass (T8); that player may not pass on their next turn (R-T5)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} passes (T8; may not pass next turn, R-T5)"


@dataclass(frozen=True, slots=True)
class Revealed:
    """A hand was revealed: by a reveal (T9) or after a final turn (T10, R-T6)."""

    player: int
    hand: tuple[Card, ...]
    final: bool = False

    def describe(self) -> str:
        if self.final:
            return f"player {self.player} is revealed: {format_cards(self.hand)} (T10, R-T6)"
        return (f"player {self.player} reveals {format_cards(self.hand)}; every other player "
                f"gets one final turn (T9, T10, R-T6)")


@dataclass(frozen=True, slots=True)
class Stood:
    """A final turn without a swap (T10, R-T6)."""

    player: int

    def describe(self) -> str:
        return f"player {self.player} stands (final turn, no swap; T10, R-T6)"


@dataclass(frozen=True, slots=True)
class ThreeAces:
    """A player holds three Aces: the deal ends at once (T11, T14, R-T7)."""

    player: int
    hand: tuple[Card, ...]

    def describe(self) -> str:
        return (f"player {self.player} holds three Aces ({format_cards(self.hand)}): 33, the "
                f"deal ends at once and every other player loses a life (T11, T14, R-T7)")


@dataclass(frozen=True, slots=True)
class Scored:
    """A hand was scored at the end of a deal (T11, R-T2, R-T3)."""

    player: int
    hand: tuple[Card, ...]
    score: float

    @property
    def explanation(self) -> str:
        """Why the hand scores what it does, in words (:func:`~cardgames.thirtyone.explain`)."""
        from cardgames.thirtyone.score import explain

        return explain(self.hand)

    def describe(self) -> str:
        return (f"player {self.player} scores {_fmt_score(self.score)} with "
                f"{format_cards(self.hand)}: {self.explanation}")


@dataclass(frozen=True, slots=True)
class LifeLost:
    """A player lost a life (T13, T14); ``lives`` is what is left."""

    player: int
    lives: int
    reason: str

    def describe(self) -> str:
        return f"player {self.player} loses a life ({self.reason}); {self.lives} left"


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """A player lost a life with 0 lives left and is out (T13, R-T8)."""

    player: int
    reason: str

    def describe(self) -> str:
        return (f"player {self.player} loses a life with 0 lives left ({self.reason}) "
                f"and is out (T13, R-T8)")


@dataclass(frozen=True, slots=True)
class DealOver:
    """A deal ended (see :class:`DealResult`)."""

    result: DealResult

    def describe(self) -> str:
        return self.result.describe()


@dataclass(frozen=True, slots=True)
class MatchOver:
    """The game ended: one player remains, or the last players went out together (R-T8).

    With ``single_deal`` play the winners are the deal's best hands.
    """

    winners: tuple[int, ...]
    reason: str

    def describe(self) -> str:
        who = " and ".join(f"player {p}" for p in self.winners)
        verb = "win" if len(self.winners) > 1 else "wins"
        return f"{who} {verb}: {self.reason}"


Event = (Dealt | Kept | Exchanged | Swapped | Passed | Revealed | Stood | ThreeAces | Scored
         | LifeLost | PlayerOut | DealOver | MatchOver)

_TYPES: dict[str, Any] = {cls.__name__: cls for cls in (
    DealResult, Dealt, Kept, Exchanged, Swapped, Passed, Revealed, Stood, ThreeAces, Scored,
    LifeLost, PlayerOut, DealOver, MatchOver)}


def _enc(value: Any) -> Any:
    if isinstance(value, Card):
        return value.notation()
    if isinstance(value, tuple):
        if value and all(isinstance(v, Card) for v in value):
            return format_cards(value)
        return [_enc(v) for v in value]
    if dataclasses.is_dataclass(value):
        return event_to_dict(value)
    return value


def event_to_dict(event: Any) -> dict[str, Any]:
    """A JSON-ready dict of an event (or :class:`DealResult`); cards as text.

    >>> event_to_dict(Passed(player=2))
    {'type': 'Passed', 'player': 2}
    """
    out: dict[str, Any] = {"type": type(event).__name__}
    for f in dataclasses.fields(event):
        out[f.name] = _enc(getattr(event, f.name))
    return out


def event_from_dict(data: dict[str, Any]) -> Any:
    """Rebuild an event from :func:`event_to_dict` output.

    >>> e = Swapped(player=1, to_table=tuple(parse_cards("7H")), from_table=tuple(parse_cards("AB")))
    >>> event_from_dict(event_to_dict(e)) == e
    True
    """
    try:
        cls = _TYPES[data["type"]]
    except (KeyError, TypeError):
        raise CardgamesError(f"not a Thirty-One event: {data!r}") from None
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        value = data[f.name]
        ann = str(f.type)
        if ann == "tuple[Card, ...]":
            value = tuple(parse_cards(value)) if isinstance(value, str) else ()
        elif ann == "DealResult":
            value = event_from_dict(value)
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[f.name] = value
    return cls(**kwargs)
