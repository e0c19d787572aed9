"""Where a game of Thirty-One is: :class:`Phase`.

>>> Phase("final"), Phase.EXCHANGE.value
(<Phase.FINAL: 'final'>, 'exchange')
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """Where a Thirty-One state is."""

    EXCHANGE = "exchange"  #: the dealer keeps or exchanges (T4, R-T1)
    PLAY = "play"          #: turns: swap one / swap all / pass / reveal (T5-T9)
    FINAL = "final"        #: after a reveal: one final turn each (T10, R-T6)
    OVER = "over"          #: the game (or the single deal) is over
