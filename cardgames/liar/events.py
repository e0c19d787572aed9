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

from dataclasses import dataclass
from typing import Any

from cardgames import codec
from cardgames.cards import Card, Rank, format_cards
from cardgames.frozen import fast_init
from cardgames.i18n import N_, N_plural, localized, ngettext
from cardgames.i18n import gettext as _

__all__ = [
    "LiarEvent", "Played", "Passed", "CallMade", "Revealed", "PileTaken", "PalePenalty",
    "WentOut", "RoundOver", "event_to_dict", "event_from_dict", "TAKE_REASONS",
]

#: "is not an eight" / "are not eights" (R-L6), per rank, as (singular, plural) msgids.
_NOT_RANK = {
    Rank.SEVEN: N_plural("{cards} is not a seven", "{cards} are not sevens"),
    Rank.EIGHT: N_plural("{cards} is not an eight", "{cards} are not eights"),
    Rank.NINE: N_plural("{cards} is not a nine", "{cards} are not nines"),
    Rank.TEN: N_plural("{cards} is not a ten", "{cards} are not tens"),
    Rank.UNTER: N_plural("{cards} is not an Unter", "{cards} are not Unters"),
    Rank.OBER: N_plural("{cards} is not an Ober", "{cards} are not Obers"),
    Rank.KING: N_plural("{cards} is not a King", "{cards} are not Kings"),
    Rank.ACE: N_plural("{cards} is not an Ace", "{cards} are not Aces"),
}
#: "every card is an eight or a Chronicler" (R-L6), per rank.
_EVERY_CARD = {
    Rank.SEVEN: N_("every card is a seven or a Chronicler"),
    Rank.EIGHT: N_("every card is an eight or a Chronicler"),
    Rank.NINE: N_("every card is a nine or a Chronicler"),
    Rank.TEN: N_("every card is a ten or a Chronicler"),
    Rank.UNTER: N_("every card is an Unter or a Chronicler"),
    Rank.OBER: N_("every card is an Ober or a Chronicler"),
    Rank.KING: N_("every card is a King or a Chronicler"),
    Rank.ACE: N_("every card is an Ace or a Chronicler"),
}


def announcement(count: int, rank: Rank) -> str:
    """The words of an announcement: ``'1 King'``, ``'3 sevens'`` (current language).

    >>> announcement(1, Rank.KING), announcement(3, Rank.SEVEN)
    ('1 King', '3 sevens')
    """
    return rank.count(count)


class LiarEvent:
    """Base class of the events; subclasses are frozen dataclasses."""

    __slots__ = ()

    def describe(self, *, lang: str | None = None) -> str:  # pragma: no cover - overridden
        raise NotImplementedError


@fast_init
@dataclass(frozen=True, slots=True)
class Played(LiarEvent):
    """``player`` put ``count`` cards down, announcing ``count`` x ``announced`` (L7, R-L4).

    ``number`` counts the plays of the round from 1.
    """

    player: int
    count: int
    announced: Rank
    number: int

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return ngettext("Player {player} put down {n} card and announced \"{claim}\" (L7, R-L4).",
                        "Player {player} put down {n} cards and announced \"{claim}\" (L7, R-L4).",
                        self.count).format(player=self.player, n=self.count,
                                           claim=announcement(self.count, self.announced))


@fast_init
@dataclass(frozen=True, slots=True)
class Passed(LiarEvent):
    """``player`` was asked in the call window and let play ``number`` stand (R-L5)."""

    player: int
    number: int

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("Player {player} did not call and let play {number} stand (R-L5).").format(
            player=self.player, number=self.number)


@fast_init
@dataclass(frozen=True, slots=True)
class CallMade(LiarEvent):
    """``caller`` shouted "Liar!" at ``accused``'s play ``number`` (L9, R-L5)."""

    caller: int
    accused: int
    number: int

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("Player {caller} called \"Liar!\" on player {accused}'s play {number} "
                 "(L9, R-L5).").format(caller=self.caller, accused=self.accused,
                                       number=self.number)


@fast_init
@dataclass(frozen=True, slots=True)
class Revealed(LiarEvent):
    """The challenged play was turned over (L9); ``true`` is the verdict of R-L6."""

    player: int
    number: int
    cards: tuple[Card, ...]
    announced: Rank
    true: bool

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        head = _("Player {player}'s play was turned over: {cards}.").format(
            player=self.player, cards=format_cards(self.cards))
        if self.true:
            extra = ""
            if any(c.code == 34 for c in self.cards):
                extra = " " + _("The Pale Chronicler counts as true because it was called (L13).")
            return head + " " + _("It was true: {every} (R-L6).").format(
                every=_(_EVERY_CARD[self.announced])) + extra
        wrong = [c for c in self.cards if not c.is_chronicler and c.rank is not self.announced]
        singular, plural = _NOT_RANK[self.announced]
        what = ngettext(singular, plural, len(wrong)).format(cards=format_cards(wrong))
        return head + " " + _("It was a lie: {what} (R-L6).").format(what=what)


#: Why a pile was taken -> (the rule, the words).
TAKE_REASONS: dict[str, tuple[str, str]] = {
    "caught": ("L9, L10", N_("caught lying, so the caller plays next")),
    "false_accusation": ("L9, L10",
                         N_("a false accusation; play goes on after the player who last put "
                            "cards down")),
    "pale_called": ("L13, L10",
                    N_("called the Pale Chronicler, which counts as true; play goes on after "
                       "the player who played it")),
    "pale_uncalled": ("L13, R-L7",
                      N_("nobody called a play holding the Pale Chronicler; the next player "
                         "plays next")),
}


@fast_init
@dataclass(frozen=True, slots=True)
class PileTaken(LiarEvent):
    """``player`` took the whole pile of ``count`` cards; ``reason`` is a key of :data:`TAKE_REASONS`."""

    player: int
    count: int
    reason: str
    rule: str

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        words = _(TAKE_REASONS.get(self.reason, (self.rule, self.reason))[1])
        return ngettext("Player {player} took the pile ({n} card): {words} ({rule}).",
                        "Player {player} took the pile ({n} cards): {words} ({rule}).",
                        self.count).format(player=self.player, n=self.count, words=words,
                                           rule=self.rule)


@fast_init
@dataclass(frozen=True, slots=True)
class PalePenalty(LiarEvent):
    """Nobody called play ``number`` of ``player``; it held the Pale Chronicler (L13, R-L7).

    Only this fact is made public, not the other cards of the play.
    """

    player: int
    number: int

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("Nobody called player {player}'s play {number}, and it held the Pale "
                 "Chronicler: player {player} takes the whole pile as a penalty "
                 "(L13, R-L7).").format(player=self.player, number=self.number)


@fast_init
@dataclass(frozen=True, slots=True)
class WentOut(LiarEvent):
    """``player`` got rid of all their cards after the call window (R-L9) and wins (L11)."""

    player: int

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        return _("Player {player} has got rid of all their cards and the play stood "
                 "(R-L9): they win the round (L11).").format(player=self.player)


@fast_init
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

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        places = ", ".join(
            ngettext("player {player}: place {place} ({n} card)",
                     "player {player}: place {place} ({n} cards)", n).format(
                player=p, place=pl, n=n)
            for p, (pl, n) in enumerate(zip(self.places, self.cards_held)))
        if self.reason == "cap":
            return _("The round was stopped by the simulation cap with nobody out; places by "
                     "cards held (R-L10): {places}.").format(places=places)
        return _("The round is over: player {winner} wins (L11). Places (R-L10): {places}."
                 ).format(winner=self.winner, places=places)


_EVENT_TYPES: dict[str, type[LiarEvent]] = {
    cls.__name__: cls
    for cls in (Played, Passed, CallMade, Revealed, PileTaken, PalePenalty, WentOut, RoundOver)
}
codec.register_events("liar", _EVENT_TYPES.values(), base=LiarEvent)


def event_to_dict(event: LiarEvent) -> dict[str, Any]:
    """A JSON-friendly dict of an event (``type`` plus its fields), as the saves hold it:
    :func:`cardgames.codec.event_to_dict` (one codec for the saves and the wire).

    >>> event_to_dict(Played(player=0, count=1, announced=Rank.SEVEN, number=1))
    {'type': 'Played', 'player': 0, 'count': 1, 'announced': 'SEVEN', 'number': 1}
    """
    return codec.event_to_dict(event, "liar")


def event_from_dict(data: dict[str, Any]) -> LiarEvent:
    """The event of :func:`event_to_dict`, checked field by field and bounded
    (:func:`cardgames.codec.event_from_dict`: a :class:`~cardgames.errors.WireError`
    naming the bad field)."""
    event: LiarEvent = codec.event_from_dict(data, "liar")
    return event
