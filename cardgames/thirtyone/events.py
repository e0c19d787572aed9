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

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardgames import codec
from cardgames.cards import Card, format_cards
from cardgames.frozen import fast_init
from cardgames.i18n import N_, format_number, localized, ngettext
from cardgames.i18n import gettext as _

__all__ = [
    "DealResult", "Dealt", "Kept", "Exchanged", "Swapped", "Passed", "Revealed", "Stood",
    "ThreeAces", "Scored", "LifeLost", "PlayerOut", "DealOver", "MatchOver", "Event",
    "event_to_dict", "event_from_dict", "deal_log", "event_seats",
]


def _fmt_score(value: float) -> str:
    return format_number(value)


# The reasons the state stores in LifeLost, PlayerOut and MatchOver are English data;
# describe() words them in the current language through these msgids.
_FIXED_REASONS = (
    N_("the best hand of the deal (single deal)"),
    N_("the last player left (R-T8)"),
    N_("the last players all went out in the same deal and share the win (R-T8)"),
)
_REASON_PATTERNS = (
    (re.compile(r"player (?P<player>\d+) holds three Aces, T14"),
     N_("player {player} holds three Aces, T14")),
    (re.compile(r"lowest score (?P<score>[0-9.]+), T13"), N_("lowest score {score}, T13")),
)


def _reason(text: str) -> str:
    """A stored reason in the current language (unknown text is shown as it is)."""
    for pattern, msgid in _REASON_PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return _(msgid).format(**m.groupdict())
    return _(text) if text in _FIXED_REASONS else text


@fast_init
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

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        if self.three_aces is not None:
            how = _("player {player} holds three Aces (R-T7)").format(player=self.three_aces)
        else:
            shown = ", ".join(_("player {player}: {score}").format(player=p, score=_fmt_score(s))
                              for p, s in enumerate(self.scores) if s is not None)
            how = _("scores {scores}").format(scores=shown)
        losers = ", ".join(map(str, self.losers)) or _("nobody")
        text = _("deal {deal} over: {how}; lost a life: {losers}").format(
            deal=self.deal, how=how, losers=losers)
        if self.went_out:
            text += "; " + _("out: {players}").format(players=", ".join(map(str, self.went_out)))
        return text


@fast_init
@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal began: 3 cards to each seat in ``seats`` and the face-up table (T4, R-T1)."""

    deal: int
    dealer: int
    seats: tuple[int, ...]
    table: tuple[Card, ...]
    undealt: int

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return ngettext(
            "deal {deal}: player {dealer} deals 3 cards each to players {seats} and lays "
            "{table} face up on the table; {n} card stays face down, out of play (T4, R-T1)",
            "deal {deal}: player {dealer} deals 3 cards each to players {seats} and lays "
            "{table} face up on the table; {n} cards stay face down, out of play (T4, R-T1)",
            self.undealt).format(deal=self.deal, dealer=self.dealer,
                                 seats=", ".join(map(str, self.seats)),
                                 table=format_cards(self.table), n=self.undealt)


@fast_init
@dataclass(frozen=True, slots=True)
class Kept:
    """The dealer kept their cards (T4, R-T1)."""

    player: int

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("player {player} (dealer) keeps their cards (T4, R-T1)").format(
            player=self.player)


@fast_init
@dataclass(frozen=True, slots=True)
class Exchanged:
    """The dealer exchanged their hand for the table (T4, R-T1)."""

    player: int
    to_table: tuple[Card, ...]
    from_table: tuple[Card, ...]

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("player {player} (dealer) exchanges: takes {taken} and puts {put} on the "
                 "table (T4, R-T1)").format(player=self.player,
                                            taken=format_cards(self.from_table),
                                            put=format_cards(self.to_table))


@fast_init
@dataclass(frozen=True, slots=True)
class Swapped:
    """A swap: which cards went to and from the table (T6, T7; a final swap T10, R-T6)."""

    player: int
    to_table: tuple[Card, ...]
    from_table: tuple[Card, ...]
    final: bool = False

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        one = len(self.to_table) == 1
        rule = "T6" if one else "T7, R-T4"
        if self.final:
            rule += ", " + _("final turn T10, R-T6")
        text = (_("player {player} swaps one card: {put} to the table, {taken} from the "
                  "table ({rule})") if one else
                _("player {player} swaps all cards: {put} to the table, {taken} from the "
                  "table ({rule})"))
        return text.format(player=self.player, put=format_cards(self.to_table),
                           taken=format_cards(self.from_table), rule=rule)


@fast_init
@dataclass(frozen=True, slots=True)
class Passed:
    """A pass (T8); that player may not pass on their next turn (R-T5)."""

    player: int

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("player {player} passes (T8; may not pass next turn, R-T5)").format(
            player=self.player)


@fast_init
@dataclass(frozen=True, slots=True)
class Revealed:
    """A hand was revealed: by a reveal (T9) or after a final turn (T10, R-T6)."""

    player: int
    hand: tuple[Card, ...]
    final: bool = False

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        if self.final:
            return _("player {player} is revealed: {hand} (T10, R-T6)").format(
                player=self.player, hand=format_cards(self.hand))
        return _("player {player} reveals {hand}; every other player gets one final turn "
                 "(T9, T10, R-T6)").format(player=self.player, hand=format_cards(self.hand))


@fast_init
@dataclass(frozen=True, slots=True)
class Stood:
    """A final turn without a swap (T10, R-T6)."""

    player: int

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("player {player} stands (final turn, no swap; T10, R-T6)").format(
            player=self.player)


@fast_init
@dataclass(frozen=True, slots=True)
class ThreeAces:
    """A player holds three Aces: the deal ends at once (T11, T14, R-T7)."""

    player: int
    hand: tuple[Card, ...]

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("player {player} holds three Aces ({hand}): 33, the deal ends at once and "
                 "every other player loses a life (T11, T14, R-T7)").format(
            player=self.player, hand=format_cards(self.hand))


@fast_init
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

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("player {player} scores {score} with {hand}: {why}").format(
            player=self.player, score=_fmt_score(self.score), hand=format_cards(self.hand),
            why=self.explanation)


@fast_init
@dataclass(frozen=True, slots=True)
class LifeLost:
    """A player lost a life (T13, T14); ``lives`` is what is left."""

    player: int
    lives: int
    reason: str

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return ngettext("player {player} loses a life ({reason}); {n} left",
                        "player {player} loses a life ({reason}); {n} left",
                        self.lives).format(player=self.player, reason=_reason(self.reason),
                                           n=self.lives)


@fast_init
@dataclass(frozen=True, slots=True)
class PlayerOut:
    """A player lost a life with 0 lives left and is out (T13, R-T8)."""

    player: int
    reason: str

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("player {player} loses a life with 0 lives left ({reason}) and is out "
                 "(T13, R-T8)").format(player=self.player, reason=_reason(self.reason))


@fast_init
@dataclass(frozen=True, slots=True)
class DealOver:
    """A deal ended (see :class:`DealResult`)."""

    result: DealResult

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return self.result.describe()


@fast_init
@dataclass(frozen=True, slots=True)
class MatchOver:
    """The game ended: one player remains, or the last players went out together (R-T8).

    With ``single_deal`` play the winners are the deal's best hands.
    """

    winners: tuple[int, ...]
    reason: str

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        who = _(" and ").join(_("player {player}").format(player=p) for p in self.winners)
        return ngettext("{who} wins: {reason}", "{who} win: {reason}", len(self.winners)).format(
            who=who, reason=_reason(self.reason))


Event = (Dealt | Kept | Exchanged | Swapped | Passed | Revealed | Stood | ThreeAces | Scored
         | LifeLost | PlayerOut | DealOver | MatchOver)



def event_seats(event: Event) -> tuple[int, ...]:
    """The seats an event is about, from its fields (for a drawer that marks a seat's
    lines; never from the translated text): the actor, the dealer of a deal, the losers
    of a deal's end, the winners of a match.

    >>> event_seats(Passed(player=2)), event_seats(MatchOver(winners=(0, 3), reason="x"))
    ((2,), (0, 3))
    """
    if isinstance(event, Dealt):
        return (event.dealer,)
    if isinstance(event, DealOver):
        return event.result.losers
    if isinstance(event, MatchOver):
        return event.winners
    return (event.player,)


def deal_log(events: Sequence[Event], deal: int) -> list[Event]:
    """The events of deal ``deal`` in a public log: from its :class:`Dealt` to its
    :class:`DealOver`, with the :class:`MatchOver` that follows it (the boundaries are
    the events' ``deal`` fields).  ``[]`` if the log does not hold that deal.

    >>> log = [Dealt(1, 0, (1, 0), (), 23), Passed(1), DealOver(DealResult(
    ...     1, 0, None, None, (1.0, 2.0), (0,), (), (2, 3))), Dealt(2, 1, (0, 1), (), 23)]
    >>> [type(e).__name__ for e in deal_log(log, 1)], len(deal_log(log, 2)), deal_log(log, 3)
    (['Dealt', 'Passed', 'DealOver'], 1, [])
    """
    start = None
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if isinstance(e, Dealt) and e.deal == deal:
            start = i
            break
    if start is None:
        return []
    out: list[Event] = []
    for e in events[start:]:
        if out and isinstance(e, Dealt):  # the next deal began
            break
        out.append(e)
    return out


_TYPES: dict[str, Any] = {cls.__name__: cls for cls in (
    DealResult, Dealt, Kept, Exchanged, Swapped, Passed, Revealed, Stood, ThreeAces, Scored,
    LifeLost, PlayerOut, DealOver, MatchOver)}
codec.register_events("thirty-one", [c for c in _TYPES.values() if c is not DealResult],
                      records=(DealResult,))


def event_to_dict(event: Any) -> dict[str, Any]:
    """A JSON-ready dict of an event (or :class:`DealResult`); cards as text, as the saves
    hold it: :func:`cardgames.codec.event_to_dict` (one codec for the saves and the wire).

    >>> event_to_dict(Passed(player=2))
    {'type': 'Passed', 'player': 2}
    """
    return codec.event_to_dict(event, "thirty-one")


def event_from_dict(data: dict[str, Any]) -> Any:
    """Rebuild an event from :func:`event_to_dict` output, checked field by field and
    bounded (:func:`cardgames.codec.event_from_dict`: a
    :class:`~cardgames.errors.WireError` naming the bad field).

    >>> from cardgames.cards import parse_cards
    >>> e = Swapped(player=1, to_table=tuple(parse_cards("7H")), from_table=tuple(parse_cards("AB")))
    >>> event_from_dict(event_to_dict(e)) == e
    True
    """
    return codec.event_from_dict(data, "thirty-one")
