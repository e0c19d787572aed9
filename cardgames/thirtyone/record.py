"""A public, frozen record of everything a Thirty-One state holds: :class:`ThirtyOneRecord`.

``ThirtyOneState.record()`` makes one; the snapshot (:mod:`.snapshot`) writes a
record as JSON, so no module but the state's own reads the state's fields.  A
record holds hidden cards and the random state: it is for saving, tests and
analysis, never for agents (they get views, R-T9).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgames.cards import Card
from cardgames.thirtyone.actions import ThirtyOneAction
from cardgames.thirtyone.events import DealResult, Event
from cardgames.thirtyone.phase import Phase

__all__ = ["ThirtyOneRecord"]


@dataclass(frozen=True, slots=True)
class ThirtyOneRecord:
    """Every field of a :class:`~cardgames.thirtyone.state.ThirtyOneState`, as immutable values.

    >>> from cardgames.thirtyone import ThirtyOneGame
    >>> r = ThirtyOneGame(players=2).new_state(seed=1).record()
    >>> r.deal, r.phase.value, r.current, len(r.hands), len(r.undealt)
    (1, 'exchange', 0, 2, 23)
    """

    game: Any                      #: the ThirtyOneGame (its options)
    seed: int
    first_dealer: int
    single_deal: bool
    rng_state: tuple[Any, ...]     #: ``random.Random.getstate()``
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    undealt: tuple[Card, ...]
    lives: tuple[int, ...]
    out: tuple[bool, ...]
    dealer: int
    deal: int
    phase: Phase
    current: int | None
    passed: tuple[bool, ...]
    turns: int
    revealer: int | None
    revealed: tuple[tuple[Card, ...] | None, ...]
    final: tuple[int, ...]
    history: tuple[ThirtyOneAction, ...]
    events: tuple[Event, ...]
    deal_start: int
    results: tuple[DealResult, ...]
    winners: tuple[int, ...] | None
