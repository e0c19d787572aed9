"""A Thirty-One expert bot: the chance of losing a life, for every choice, from the view.

:class:`ThirtyOneExpertAgent` (agent name ``expert``) decides from its
:class:`~cardgames.thirtyone.view.ThirtyOneView` only (R-T9).  At each decision it

1. **reads the view**: its own hand, the table, the revealed hands and the
   public log of the deal.  Every swap says which cards went to and from the
   table, so a card an opponent took from the table is *known* to be in that
   hand until the log shows it going back (:func:`known_cards`).  The other
   cards of each hand are *unseen*: any of the cards nobody has seen (the
   deck minus everything known) may be there.
2. **weighs the consistent deals** (:func:`weighted_deals`): every way to
   fill the opponents' unseen slots from the unseen cards, each with the
   probability of the opponents' own actions in this deal (passes, swaps,
   not revealing yet) under a model of them -- the heuristic player
   (:class:`~cardgames.thirtyone.bots.ThirtyOneHeuristicAgent`) mixed with a
   uniformly random player (``trust`` = 0.9: 90 % heuristic), so a hand the
   model could not explain is less likely, never impossible.  When there are
   at most ``exact_limit`` ways (two players: usually all C(26, 3) = 2600
   hands of the one opponent), all of them are enumerated; otherwise
   ``samples`` of them are drawn with the ``rng`` given to :meth:`act`.
3. **scores every legal choice** by the weighted chance that it loses a life
   (T13, T14, R-T7):

   * ``reveal``, and every choice in a final turn, **exactly** for each
     consistent deal: the players still to move take their final turn the
     way the model does (the best legal swap if it beats their hand, else
     stand, R-T6), then the hands are scored (T11, lowest loses, ties all lose);
   * a swap, a pass, keep and exchange: by **rollouts** -- the rest of the
     deal is played out ``rollouts`` times (deals drawn by weight, the same
     deals for every choice, so the choices are compared on equal terms),
     the opponents as modelled and this player's later turns by the
     heuristic rule, every modelled player taking the first of equally good
     swaps (the real heuristic draws one at random).  This is the stated approximation: a
     one-step improvement over the heuristic continuation, not a full search.

   It plays the choice with the lowest chance of losing a life; near-ties
   (within ``margin``) go to reveal, then to the better hand.

Decision time on this machine is well under the 200 ms of the issue (median
about 20-40 ms; see ``docs/analysis.md``).

>>> from cardgames.thirtyone import ThirtyOneGame
>>> from cardgames.play import play_game
>>> from cardgames.thirtyone.bots import ThirtyOneHeuristicAgent
>>> record = play_game(ThirtyOneGame(players=2),
...                    [ThirtyOneExpertAgent(), ThirtyOneHeuristicAgent()], seed=3)
>>> record.outcome.winners in ((0,), (1,), (0, 1))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardgames.thirtyone.actions import (
    Exchange,
    Keep,
    Pass,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneAction,
)
from cardgames.thirtyone.beliefs import known_cards, unseen_cards, weighted_deals
from cardgames.thirtyone.expert_model import (
    _ACES,
    _SCORE,
    _VAL,
    _apply_swap,
    _Deal,
    _finals,
    _idx,
    _rollout,
)
from cardgames.thirtyone.view import Phase, ThirtyOneView

# The knowledge and beliefs (known_cards, unseen_cards, weighted_deals) are in .beliefs,
# the modelled player and the simulated deal in .expert_model; imported here, they stay
# importable from this module.
__all__ = ["ThirtyOneExpertAgent", "known_cards", "lose_probabilities", "unseen_cards",
           "weighted_deals"]


# --------------------------------------------------------------------------- evaluation


def _position(view: ThirtyOneView, hands: list[list[int]]) -> _Deal:
    return _Deal([h[:] for h in hands], [c.code for c in view.table], view.phase,
                 view.player, list(view.passed), view.turns, list(view.final_turns))


def _after(view: ThirtyOneView, d: _Deal, action: ThirtyOneAction, seats: Sequence[int],
           me: int) -> int | None:
    """Apply ``action`` of ``me`` to ``d``; return 0/1 if the deal is decided now, else None."""
    order = list(seats)
    nxt = order[(order.index(me) + 1) % len(order)]
    hand, table = d.hands[me], d.table
    cls = action.__class__
    if isinstance(action, SwapOne):
        i = hand.index(action.hand_card.code)
        j = table.index(action.table_card.code)
        _apply_swap(hand, table, i, j)
    elif cls in (SwapAll, Exchange):
        _apply_swap(hand, table, 3, 0)
    if cls in (SwapOne, SwapAll, Exchange) and _SCORE[_idx(*hand)] == _ACES:
        return 0                                         # R-T7: three Aces, others lose
    if d.phase is Phase.EXCHANGE:
        d.phase, d.current = Phase.PLAY, nxt
        return None
    if d.phase is Phase.FINAL:
        rest = d.final[1:] if d.final and d.final[0] == me else d.final
        return _finals(d.hands, table, rest, seats, me, None)
    d.turns += 1
    if cls is Reveal:
        k = order.index(me)
        return _finals(d.hands, table, order[k + 1:] + order[:k], seats, me, None)
    d.passed[me] = cls is Pass
    d.current = nxt
    return None


def lose_probabilities(view: ThirtyOneView, legal: Sequence[ThirtyOneAction], rng: random.Random,
                       *, exact_limit: int = 3000, samples: int = 600, rollouts: int = 60,
                       trust: float = 0.9) -> dict[ThirtyOneAction, float]:
    """For each legal action, the estimated chance that this player loses a life this deal.

    Reveal and final-turn choices are exact over the weighted deals; the others
    by ``rollouts`` rollouts each on common deals (see the module docstring).

    >>> from cardgames.thirtyone import ThirtyOneGame
    >>> g = ThirtyOneGame(players=2)
    >>> s = g.state_from_position(hands=["7B 8L 9A", "AH KH 10H"], table="UB 7H 8A")
    >>> p = lose_probabilities(s.view(1), list(s.legal_actions()), random.Random(0))
    >>> round(p[Reveal()], 3)   # 31 loses a life only on a tie: seat 0 makes 31 too (T13)
    0.031
    """
    me = view.player
    seats = view.remaining
    deals = weighted_deals(view, rng, exact_limit=exact_limit, samples=samples, trust=trust)
    patience = 3 * len(seats)
    cap = view.turn_cap
    exact = [a for a in legal if a.__class__ is Reveal or view.phase is Phase.FINAL]
    rolled = [a for a in legal if a not in exact]
    result: dict[ThirtyOneAction, float] = {}
    table0 = [c.code for c in view.table]
    for a in exact:
        p = 0.0
        for hands, w in deals:
            d = _Deal(list(hands), table0[:], view.phase, me, [], 0, list(view.final_turns))
            d.hands[me] = hands[me][:]           # only the movers' hands change: copy those
            for s in (view.final_turns if view.phase is Phase.FINAL else seats):
                d.hands[s] = hands[s][:]
            lost = _after(view, d, a, seats, me)
            p += w * (lost if lost is not None else 0)
        result[a] = p
    if rolled:
        weights = [w for _, w in deals]
        picks = rng.choices(range(len(deals)), weights=weights, k=rollouts)
        for a in rolled:
            lost_total = 0
            for k in picks:
                d = _position(view, deals[k][0])
                lost = _after(view, d, a, seats, me)
                if lost is None:
                    lost = _rollout(d, seats, me, patience, cap, None)
                lost_total += lost
            result[a] = lost_total / rollouts
    return result


class ThirtyOneExpertAgent:
    """Plays the choice with the lowest chance of losing a life (see the module docstring).

    Keyword options: ``rollouts`` per non-reveal choice (default 60),
    ``samples`` of deals when they are too many to enumerate (600),
    ``exact_limit`` (3000), ``trust`` in the opponent model (0.9) and
    ``margin`` (0.02): a choice must be that much safer than revealing, or
    than the choice giving the best hand, to be preferred to it.
    """

    name = "expert"

    def __init__(self, *, rollouts: int = 60, samples: int = 600, exact_limit: int = 3000,
                 trust: float = 0.9, margin: float = 0.02) -> None:
        self.rollouts = rollouts
        self.samples = samples
        self.exact_limit = exact_limit
        self.trust = trust
        self.margin = margin

    def __repr__(self) -> str:
        return (f"ThirtyOneExpertAgent(rollouts={self.rollouts}, samples={self.samples}, "
                f"exact_limit={self.exact_limit}, trust={self.trust}, margin={self.margin})")

    def act(self, view: ThirtyOneView, legal_actions: Any, rng: random.Random) -> ThirtyOneAction:
        legal: list[ThirtyOneAction] = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        probs = lose_probabilities(view, legal, rng, exact_limit=self.exact_limit,
                                   samples=self.samples, rollouts=self.rollouts, trust=self.trust)
        hand = [c.code for c in view.hand]
        table = [c.code for c in view.table]

        def hand_value(a: ThirtyOneAction) -> int:
            h = hand[:]
            if isinstance(a, SwapOne):
                h[h.index(a.hand_card.code)] = a.table_card.code
            elif isinstance(a, (SwapAll, Exchange)):
                h = table[:]
            return _VAL[_idx(*h)]

        def prefer(a: ThirtyOneAction) -> tuple[int, int, float]:
            # within the margin of the safest: reveal/stand/keep first, then the better hand
            steady = isinstance(a, (Reveal, Stand, Keep))
            return (0 if steady else 1, -hand_value(a), probs[a])

        best = min(probs[a] for a in legal)
        close = [a for a in legal if probs[a] <= best + self.margin]
        return min(close, key=prefer)
