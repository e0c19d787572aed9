"""Where a Liar round is: :class:`Phase` (R-L5).

>>> Phase("call_window"), Phase.PLAY.value
(<Phase.CALL_WINDOW: 'call_window'>, 'play')
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """Where the round is: a play is due, the call window is open (R-L5), or it is over."""

    PLAY = "play"                #: the player to act puts 1-4 cards down (L7, R-L4)
    CALL_WINDOW = "call_window"  #: the players after the claimant call or pass (R-L5)
    OVER = "over"                #: someone went out (L11), or the simulation cap was hit
