"""One play in the pile of a Liar round: :class:`PilePlay`."""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.cards import Card, Rank
from cardgames.frozen import fast_init

__all__ = ["PilePlay"]


@fast_init
@dataclass(frozen=True, slots=True)
class PilePlay:
    """One play lying face down in the pile: who, which cards, the announced rank, its number."""

    number: int
    player: int
    cards: tuple[Card, ...]
    announced: Rank

    @property
    def count(self) -> int:
        return len(self.cards)

    def is_true(self) -> bool:
        """R-L6 (when called): every card is of the announced rank or a Chronicler."""
        a = self.announced
        return all(c.rank is a or c.code >= 32 for c in self.cards)   # >= 32: is_chronicler
