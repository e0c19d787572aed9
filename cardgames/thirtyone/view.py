"""What one Thirty-One player may know (R-T9): :class:`ThirtyOneView`.

A view holds the player's own hand, the table, the public log of this deal
(every swap with the cards that went to and from the table, passes, reveals),
who passed on their last turn, the revealed hands, everyone's lives, the
phase and whose turn it is.  Never another player's unrevealed hand, the
undealt cards (only how many there are), nor the random state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardgames.cards import Card, format_cards
from cardgames.thirtyone.events import DealResult, Event, Exchanged, Swapped, event_to_dict
from cardgames.thirtyone.phase import Phase

__all__ = ["Phase", "ThirtyOneView", "redeal_hidden"]


@dataclass(frozen=True, slots=True)
class ThirtyOneView:
    """Everything ``player`` may know now (R-T9), and nothing else.

    ``passed[seat]``: that seat's previous turn in this deal was a pass (so it
    may not pass now, R-T5).  ``revealed[seat]``: the seat's revealed hand or
    ``None``.  ``final_turns``: seats still to take their final turn, in order
    (T10, R-T6).  ``events``: the public log of the current deal.
    ``last_deal``: the result of the previous deal (or ``None``).
    """

    player: int
    players: int
    phase: Phase
    current_player: int | None
    deal: int
    dealer: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    lives: tuple[int, ...]
    out: tuple[bool, ...]
    passed: tuple[bool, ...]
    revealer: int | None
    revealed: tuple[tuple[Card, ...] | None, ...]
    final_turns: tuple[int, ...]
    turns: int
    turn_cap: int | None
    chronicler: bool
    undealt: int
    events: tuple[Event, ...]
    last_deal: DealResult | None

    @property
    def my_turn(self) -> bool:
        """Is it this player's turn?"""
        return self.current_player == self.player

    @property
    def passed_last_turn(self) -> bool:
        """Did this player pass on their previous turn in this deal (R-T5)?"""
        return self.passed[self.player]

    @property
    def must_reveal(self) -> bool:
        """The turn cap (R-T10) is reached: the player to move may only reveal."""
        return (self.phase is Phase.PLAY and self.turn_cap is not None
                and self.turns >= self.turn_cap)

    @property
    def hand_score(self) -> float | None:
        """The score of this player's hand now (T11), ``None`` for a player who is out."""
        from cardgames.thirtyone.score import score

        return score(self.hand) if len(self.hand) == 3 else None

    @property
    def remaining(self) -> tuple[int, ...]:
        """Seats still in the game (R-T8)."""
        return tuple(p for p in range(self.players) if not self.out[p])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; cards as text (``'AH KH 9H'``)."""
        return {
            "player": self.player,
            "players": self.players,
            "phase": self.phase.value,
            "current_player": self.current_player,
            "deal": self.deal,
            "dealer": self.dealer,
            "hand": format_cards(self.hand),
            "table": format_cards(self.table),
            "lives": list(self.lives),
            "out": list(self.out),
            "passed": list(self.passed),
            "revealer": self.revealer,
            "revealed": [None if h is None else format_cards(h) for h in self.revealed],
            "final_turns": list(self.final_turns),
            "turns": self.turns,
            "turn_cap": self.turn_cap,
            "chronicler": self.chronicler,
            "undealt": self.undealt,
            "events": [event_to_dict(e) for e in self.events],
            "last_deal": None if self.last_deal is None else event_to_dict(self.last_deal),
        }


def redeal_hidden(player: int, hands: Sequence[Sequence[Card]], undealt: Sequence[Card],
                  revealed: Sequence[tuple[Card, ...] | None], deal_events: Sequence[Event],
                  rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """New hands and undealt cards, with what ``player`` cannot see dealt anew from ``rng``.

    Hidden cards are the other players' unrevealed hands and the undealt cards,
    except cards the public log of this deal (``deal_events``) places in a hand
    (taken from the table and not given back).  ``player``'s view is unchanged
    (``ThirtyOneState.determinize``).
    """
    n = len(hands)
    known: list[list[Card]] = [[] for _ in range(n)]
    for e in deal_events:
        if isinstance(e, (Swapped, Exchanged)):
            for c in e.to_table:
                if c in known[e.player]:
                    known[e.player].remove(c)
            known[e.player].extend(e.from_table)
    new_hands = [list(h) for h in hands]
    slots: list[tuple[int, int]] = []       # (seat, index) of hidden hand cards
    pool: list[Card] = list(undealt)
    for seat in range(n):
        if seat == player or revealed[seat] is not None:
            continue
        keep = list(known[seat])
        for i, c in enumerate(new_hands[seat]):
            if c in keep:
                keep.remove(c)
            else:
                slots.append((seat, i))
                pool.append(c)
    rng.shuffle(pool)
    for k, (seat, i) in enumerate(slots):
        new_hands[seat][i] = pool[k]
    return new_hands, pool[len(slots):]
