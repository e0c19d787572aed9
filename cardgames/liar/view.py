"""What one Liar player may know (R-L11): :class:`LiarView`.

Exactly: the player's own hand; every card they put down themselves (per
play); everyone's hand size; the pile size and which announced plays lie in it;
every announcement; the cards turned over in calls; who took the pile and why;
whose turn it is, the phase and the due rank.  Never another player's hand,
the unturned cards of the pile (other than one's own), the cards put aside,
the seed or the RNG state.

>>> from cardgames.liar import LiarGame
>>> s = LiarGame(players=2).state_from_position(hands=["7H 8H", "AH KH"])
>>> s.apply("play 8H")
>>> v = s.view(1)
>>> v.hand, v.hand_sizes, v.pile_size, v.claim
((Card.parse('KH'), Card.parse('AH')), (1, 2), 1, PileRecord(number=1, player=0, count=1, announced=<Rank.SEVEN: 0>, cards=None))
>>> s.view(0).my_plays
(OwnPlay(number=1, announced=<Rank.SEVEN: 0>, cards=(Card.parse('8H'),), in_pile=True),)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from cardgames.cards import Card, Chronicler, Rank, format_cards
from cardgames.liar.events import LiarEvent, PileTaken, Played, event_to_dict
from cardgames.liar.phase import Phase
from cardgames.liar.pile import PilePlay

__all__ = ["LiarView", "PileRecord", "OwnPlay", "make_view"]


@dataclass(frozen=True, slots=True)
class PileRecord:
    """A play lying in the pile as ``player`` of the view sees it: ``cards`` only if their own."""

    number: int
    player: int
    count: int
    announced: Rank
    cards: tuple[Card, ...] | None

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "player": self.player, "count": self.count,
                "announced": self.announced.name,
                "cards": None if self.cards is None else format_cards(self.cards)}


@dataclass(frozen=True, slots=True)
class OwnPlay:
    """A play this player made this round; ``in_pile``: still face down in the pile."""

    number: int
    announced: Rank
    cards: tuple[Card, ...]
    in_pile: bool

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "announced": self.announced.name,
                "cards": format_cards(self.cards), "in_pile": self.in_pile}


@dataclass(frozen=True)
class LiarView:
    """One player's knowledge of a Liar round (R-L11).  Build it with ``state.view(player)``.

    ``events`` is the whole public log (announcements, passes, calls, turned
    cards, pile takes and their reasons, Pale penalties, going out);
    ``claim`` is the play under the open call window, if any; ``pile`` lists
    the plays lying in the pile (cards shown only for this player's own).
    """

    player: int
    players: int
    decks: int
    chroniclers: tuple[Chronicler, ...]
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pile_size: int
    pile: tuple[PileRecord, ...]
    my_plays: tuple[OwnPlay, ...]
    put_aside_count: int
    current_player: int | None
    phase: Phase
    due_rank: Rank
    claim: PileRecord | None
    events: tuple[LiarEvent, ...]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_move(self) -> bool:
        """True when this player must act now."""
        return self.current_player == self.player

    @property
    def announcements(self) -> tuple[Played, ...]:
        """Every announcement of the round, in order."""
        return tuple(e for e in self.events if isinstance(e, Played))

    @property
    def pile_takes(self) -> tuple[PileTaken, ...]:
        """Who took the pile and why, in order."""
        return tuple(e for e in self.events if isinstance(e, PileTaken))

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly data (cards in notation, ranks and phase by name)."""
        return {
            "player": self.player, "players": self.players, "decks": self.decks,
            "chroniclers": [c.value for c in self.chroniclers], "dealer": self.dealer,
            "hand": format_cards(self.hand), "hand_sizes": list(self.hand_sizes),
            "pile_size": self.pile_size, "pile": [r.to_dict() for r in self.pile],
            "my_plays": [p.to_dict() for p in self.my_plays],
            "put_aside_count": self.put_aside_count,
            "current_player": self.current_player, "phase": self.phase.value,
            "due_rank": self.due_rank.name,
            "claim": None if self.claim is None else self.claim.to_dict(),
            "events": [event_to_dict(e) for e in self.events],
        }


class _Options(Protocol):
    @property
    def players(self) -> int: ...
    @property
    def decks(self) -> int: ...
    @property
    def chroniclers(self) -> tuple[Chronicler, ...]: ...


class Viewed(Protocol):
    """What a view reads of a state: its public API only (a ``LiarState`` is one)."""

    @property
    def game(self) -> _Options: ...
    pile: list[PilePlay]
    put_aside: list[Card]
    dealer: int
    current_player: int | None
    due_rank: Rank
    events: list[LiarEvent]

    @property
    def phase(self) -> Phase: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def pile_size(self) -> int: ...
    def hand(self, player: int) -> tuple[Card, ...]: ...
    def own_plays(self, player: int) -> tuple[PilePlay, ...]: ...


def make_view(state: Viewed, player: int) -> LiarView:
    """The :class:`LiarView` of ``player`` in ``state`` (R-L11)."""
    n = state.game.players
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < n:
        from cardgames.errors import ConfigError

        raise ConfigError(f"player={player!r} is not a seat: R-L1 seats are 0-{n - 1}")
    pile = tuple(PileRecord(e.number, e.player, len(e.cards), e.announced,
                            e.cards if e.player == player else None) for e in state.pile)
    in_pile = {e.number for e in state.pile}
    mine = [OwnPlay(e.number, e.announced, e.cards, e.number in in_pile)
            for e in state.own_plays(player)]
    claim = None
    if state.phase is Phase.CALL_WINDOW:
        claim = pile[-1]
    return LiarView(
        player=player, players=n, decks=state.game.decks, chroniclers=state.game.chroniclers,
        dealer=state.dealer, hand=state.hand(player), hand_sizes=state.hand_sizes,
        pile_size=state.pile_size, pile=pile, my_plays=tuple(mine),
        put_aside_count=len(state.put_aside), current_player=state.current_player,
        phase=state.phase, due_rank=state.due_rank, claim=claim, events=tuple(state.events))

