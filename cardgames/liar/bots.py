"""Liar bots.  An agent sees only ``view`` and ``legal_actions`` and draws randomness from ``rng``.

- :class:`LiarRandomAgent` -- uniform over the legal actions (``legal_actions.sample``).
- :class:`LiarHeuristicAgent` -- plays true cards of the due rank when it has
  them (the Colorful Chronicler too, L12), otherwise bluffs with one card it
  will not need soon (the Pale Chronicler when the pile is small, L13); calls
  when the claim is impossible, would let the claimant go out, or when the
  claimant very probably did not even hold enough good cards to make it
  (:func:`~cardgames.liar.probability.honest_claim_probability`, which counts
  cards the claimant was seen taking).
- :class:`LiarCallerAgent` -- plays like the heuristic, calls exactly when
  P(claim false) from :func:`~cardgames.liar.probability.claim_probability`
  reaches ``threshold``.  That model treats the claim as a random draw, so
  against honest players it calls almost every claim; games among
  ``LiarCallerAgent`` bots alone (and any 2-player game between two bots that
  always call sure lies) can cycle for ever: simulate them with
  ``LiarGame(max_plays=...)``.

>>> import random
>>> from cardgames.liar import LiarGame
>>> s = LiarGame(players=2).state_from_position(hands=["7H 7B 9L", "AH KH 7L"])
>>> str(LiarHeuristicAgent().act(s.view(0), s.legal_actions(), random.Random(0)))
'play 7H 7B'
>>> s.apply("play 7H 7B")
>>> LiarCallerAgent(threshold=0.5).act(s.view(1), s.legal_actions(), random.Random(0))
Call()
"""

from __future__ import annotations

import random
from typing import Any

from cardgames.cards import COLORFUL, PALE, Card
from cardgames.liar.actions import CALL, PASS, LiarAction, Play
from cardgames.liar.probability import claim_probability, honest_claim_probability
from cardgames.liar.state import Phase
from cardgames.liar.view import LiarView

__all__ = ["LiarRandomAgent", "LiarHeuristicAgent", "LiarCallerAgent", "BOTS"]


class LiarRandomAgent:
    """Uniformly random over the legal actions (plays, calls and passes alike)."""

    name = "random"
    needs_view = False   # cardgames.play hands it None instead of building a view

    def act(self, view: LiarView | None, legal_actions: Any, rng: random.Random) -> LiarAction:
        return legal_actions.sample(rng)

    def __repr__(self) -> str:
        return "LiarRandomAgent()"


def _steps_until_mine(view: LiarView, card: Card) -> int:
    """How many of my future turns until ``card``'s rank is due for me (0 = now), assuming no calls."""
    n = sum(1 for s in view.hand_sizes if s) or 1
    due = view.due_rank
    for turn in range(8):
        if (due + turn * n) % 8 == card.rank:
            return turn
    return 8   # never with this many players (e.g. 4 or 8 players reach only some ranks)


class LiarHeuristicAgent:
    """Honest when it can be, bluffs small, calls the unlikely (see the module docstring).

    ``call_below``: call when P(claim true) is below this; ``mercy``: the
    chance of letting such a claim stand anyway, even a sure lie (two players
    who always call sure lies can lock: with 2 players each announces every
    other rank, R-L8, and may end up holding only ranks they never announce); ``pale_pile``: play the Pale Chronicler as a
    bluff only when the pile holds at most this many cards (if nobody calls,
    its player takes the pile, R-L7).
    """

    name = "heuristic"

    def __init__(self, call_below: float = 0.2, pale_pile: int = 3, mercy: float = 0.1) -> None:
        self.call_below = call_below
        self.pale_pile = pale_pile
        self.mercy = mercy

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(call_below={self.call_below!r}, "
                f"pale_pile={self.pale_pile!r}, mercy={self.mercy!r})")

    def act(self, view: LiarView, legal_actions: Any, rng: random.Random) -> LiarAction:
        if view.phase is Phase.CALL_WINDOW:
            return CALL if self.should_call(view, rng) else PASS
        return self.choose_play(view, rng)

    def should_call(self, view: LiarView, rng: random.Random) -> bool:
        claim = view.claim
        assert claim is not None
        p_true = claim_probability(view)
        if p_true == 0.0:
            return True    # not enough good cards unseen: a sure lie
        if view.hand_sizes[claim.player] == 0 and p_true < 1.0:
            return True    # they go out unless caught (R-L9)
        p_could = honest_claim_probability(view)
        return p_could < self.call_below and rng.random() >= self.mercy

    def choose_play(self, view: LiarView, rng: random.Random) -> Play:
        hand = list(view.hand)
        due = view.due_rank
        true_cards = [c for c in hand if c.rank is due]
        colorful = [c for c in hand if c is COLORFUL]
        if true_cards:
            play = true_cards[:4]
            rest = len(hand) - len(play)
            if rest and rest <= len(colorful) and len(play) + rest <= 4:
                play += colorful[:rest]          # go out: the Colorful is always true (L12)
            return Play(play)
        if colorful:
            return Play(colorful[:1])
        pale = [c for c in hand if c is PALE]
        if pale and view.pile_size <= self.pale_pile:
            return Play(pale[:1])
        ordinary = [c for c in hand if not c.is_chronicler] or hand
        far = max(_steps_until_mine(view, c) if c.rank is not None else -1 for c in ordinary)
        candidates = [c for c in ordinary
                      if (_steps_until_mine(view, c) if c.rank is not None else -1) == far]
        return Play([candidates[rng.randrange(len(candidates))]])


class LiarCallerAgent(LiarHeuristicAgent):
    """Plays like :class:`LiarHeuristicAgent`; calls iff P(claim false) >= ``threshold``."""

    name = "caller"

    def __init__(self, threshold: float = 0.5, pale_pile: int = 3) -> None:
        if not 0.0 <= threshold <= 1.0:
            raise ValueError(f"threshold={threshold!r} must be a probability in [0, 1]")
        super().__init__(call_below=1.0 - threshold, pale_pile=pale_pile, mercy=0.0)
        self.threshold = threshold

    def __repr__(self) -> str:
        return f"LiarCallerAgent(threshold={self.threshold!r})"

    def should_call(self, view: LiarView, rng: random.Random) -> bool:
        return 1.0 - claim_probability(view) >= self.threshold


#: Bot name -> factory (read by ``cardgames.analysis.tournament``).
BOTS = {"random": LiarRandomAgent, "heuristic": LiarHeuristicAgent, "caller": LiarCallerAgent}
