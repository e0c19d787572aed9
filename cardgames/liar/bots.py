"""Liar bots.  An agent sees only ``view`` and ``legal_actions`` and draws randomness from ``rng``.

- :class:`LiarRandomAgent` -- uniform over the legal actions (``legal_actions.sample``).
- :class:`LiarHeuristicAgent` -- tries to win, and rounds among heuristic
  bots end by someone going out (measured within 300 plays, seeds 0-199:
  4 players 198/200, 3 players 200/200, 4 with both Chroniclers 199/200,
  6 with two decks and Chroniclers 197/200; it wins 97% of 4-player rounds
  against 3 random agents).  Not with 2 players: each seat then announces
  the same 4 ranks all round (R-L8; with 2 players a call never changes who
  plays next, L10), both soon know each other's hand, and such rounds among
  heuristic (or caller) bots need the ``max_plays`` cap (with two decks and
  both Chroniclers also against a random player: seeds 0-3, no round ended in
  3,300-6,000 actions; the random player kept both Pale Chroniclers, L13, as
  nobody calls a play that may hold one).  The online tables stop a round at
  :data:`cardgames.limits.LIAR_MAX_PLAYS` plays (issue 29).  It plays all its true cards of the due
  rank (the Colorful Chronicler too, L12), keeps one true card back when the
  rest of a small hand could never be played truly (its last play must be
  true to go out, R-L9), bluffs with cards of ranks it will not need soon
  (1-4 of them while its hand is large), and calls a claim by its estimated
  P(lie) weighed against what the call wins or loses: the pile, and how close
  the claimant is to going out.
- :class:`LiarCallerAgent` -- plays like the heuristic, calls exactly when
  P(claim false) from :func:`~cardgames.liar.probability.claim_probability`
  reaches ``threshold``.  That model treats the claim as a random draw, so
  against honest players it calls almost every claim; games among
  ``LiarCallerAgent`` bots (and most games with two of them) can cycle for
  ever: simulate them with ``LiarGame(max_plays=...)`` (tournaments and
  ``cardgames simulate liar`` do so by default).

Why rounds used not to end (the measured cause, kept here for the record):
the former heuristic called every "sure" lie, so once each hand held only
ranks its player is never due (with 4 players each seat announces just 2 of
the 8 ranks until a call by someone other than the next player shifts the
order, L10, R-L8) every play was a 1-card lie, called and taken back, for
ever; and it called true 3-4 card claims because it judged "could they hold
N?" (the prior) rather than "is N what an honest player would claim?".

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
from math import comb
from typing import Any

from cardgames.cards import COLORFUL, PALE, Card, Rank
from cardgames.liar.actions import CALL, PASS, LiarAction, Play
from cardgames.liar.events import PalePenalty, PileTaken, Played, Revealed
from cardgames.liar.legal import LiarLegalActions
from cardgames.liar.phase import Phase
from cardgames.liar.probability import claim_probability
from cardgames.liar.view import LiarView, PileRecord

__all__ = ["LiarRandomAgent", "LiarHeuristicAgent", "LiarCallerAgent", "likely_holdings"]


class LiarRandomAgent:
    """Uniformly random over the legal actions (plays, calls and passes alike)."""

    name = "random"
    needs_view = False   # cardgames.play hands it None instead of building a view

    def act(self, view: LiarView | None, legal_actions: LiarLegalActions,
            rng: random.Random) -> LiarAction:
        return legal_actions.sample(rng)

    def __repr__(self) -> str:
        return "LiarRandomAgent()"


def _steps_until_mine(view: LiarView, rank: Rank | None) -> int:
    """How many of my future turns until ``rank`` is due for me (0 = now), assuming no calls.

    8 means never with this many players (with 4 or 8 players, or 2, a seat
    announces only some ranks); -1 for a Chronicler (no rank).
    """
    if rank is None:
        return -1
    n = sum(1 for s in view.hand_sizes if s) or 1
    due = view.due_rank
    for turn in range(8):
        if (due + turn * n) % 8 == rank:
            return turn
    return 8


_WILD = 8    # the Chroniclers' slot in a per-rank count (both make a called claim true, R-L6)


def _slot(card: Card) -> int:
    return _WILD if card.rank is None else int(card.rank)


def _hypergeometric(total: int, good: int, draws: int) -> list[tuple[int, float]]:
    denom = comb(total, draws)
    lo, hi = max(0, draws - (total - good)), min(good, draws)
    return [(k, comb(good, k) * comb(total - good, draws - k) / denom) for k in range(lo, hi + 1)]


def likely_holdings(view: LiarView, *, skip: int | None = None
                    ) -> tuple[list[list[float]], list[list[int]]]:
    """What the viewer believes each seat holds, per rank (slot 8: Chroniclers): ``(likely, sure)``.

    ``sure`` is the certain knowledge of
    :func:`~cardgames.liar.probability.known_holdings` (cards seen going into a
    seat's hand, dropped at that seat's next play).  ``likely`` keeps them
    after that play as expected counts: a play of ``N`` announced as rank
    ``r`` is taken to use the seat's known ``r`` cards first (an honest
    player), the rest uniformly from the hand; a play turned over later is
    corrected to its real cards.  A heuristic estimate, not a posterior.
    ``skip``: a play number to ignore (the claim being judged).
    """
    me = view.player
    sizes = list(view.hand_sizes)
    for ev in reversed(view.events):                # hand sizes at the start of the log
        if type(ev) is Played:
            sizes[ev.player] += ev.count
        elif type(ev) is PileTaken:
            sizes[ev.player] -= ev.count
    likely = [[0.0] * 9 for _ in range(view.players)]
    sure = [[0] * 9 for _ in range(view.players)]
    pile_known = [0] * 9
    before_play: dict[int, list[float]] = {}
    own = {m.number: m.cards for m in view.my_plays}
    for ev in view.events:
        if isinstance(ev, Played):
            q = ev.player
            h = sizes[q]
            sizes[q] = h - ev.count
            if q == me:
                for c in own.get(ev.number, ()):
                    pile_known[_slot(c)] += 1
            elif ev.number != skip:
                s = likely[q]
                before_play[ev.number] = s[:]
                r = int(ev.announced)
                take = min(float(ev.count), s[r])
                s[r] -= take
                rest = ev.count - take
                if rest > 0 and h - take > 0:
                    keep = max(0.0, 1.0 - rest / (h - take))
                    for k in range(9):
                        if k != r:
                            s[k] *= keep
                sure[q] = [0] * 9
        elif isinstance(ev, Revealed):
            if ev.player != me:
                s = likely[ev.player]
                if ev.number in before_play:
                    s[:] = before_play.pop(ev.number)
                for c in ev.cards:
                    k = _slot(c)
                    s[k] = max(0.0, s[k] - 1.0)
                    pile_known[k] += 1
        elif isinstance(ev, PalePenalty):
            if ev.player != me:
                pile_known[_WILD] += 1
        elif isinstance(ev, PileTaken):
            sizes[ev.player] += ev.count
            if ev.player != me:
                s, u = likely[ev.player], sure[ev.player]
                for k in range(9):
                    s[k] += pile_known[k]
                    u[k] += pile_known[k]
            pile_known = [0] * 9
    return likely, sure


class LiarHeuristicAgent:
    """A sensible Liar player: honest when it can be, bluffs with cards it will not need, calls on the odds.

    **Calling** (R-L5).  ``P(lie)`` is a Bayes estimate: the number ``K`` of
    good cards (the announced rank or a Chronicler, R-L6) the claimant held
    before the play is modelled as what the viewer saw them take
    (:func:`likely_holdings`) plus a random draw from the cards not accounted
    for; an honest claimant with ``K`` good cards claims ``K`` (all of them,
    at most 4; ``hold_back`` the chance of claiming fewer, ``mix`` of adding a
    wrong card), one without claims ``N`` cards with weight ``bluff_sizes[N-1]``
    (raised for a claimant already caught bluffing several cards).  A claim that
    cannot be true is a sure lie.  Then:

    - the claimant would go out (R-L9): call when ``P(lie) >= out_call``;
    - otherwise call when ``P(lie) >= 1 / (1 + w)``, ``w`` being how much the
      claimant taking the pile is worth against taking it oneself: ``1/(players
      in the round - 1)``, rising to 1 as the claimant nears going out; a claim
      of 2+ cards is then called, a 1-card claim with probability
      ``pile_size / pile_scale`` (at most 1): catching one card on a small pile
      wins little, and letting it stand keeps rounds from locking (a seat
      holding only ranks it is never due must bluff every turn).

    **Playing** (L7, R-L4).  All true cards of the due rank (up to 4), the
    Colorful too if that empties the hand; with at most ``finisher`` other
    cards left and none of them playable truly in the next two turns, one
    true card is kept back (or, with a single true card, a useless card is
    bluffed instead), so the last play can be true.  Otherwise the Colorful
    (always true, L12); the Pale as a bluff when the pile holds at most
    ``pale_pile`` cards (L13, R-L7); else a bluff of 1 card, or 1-4 cards
    drawn with the ``bluff_sizes`` weights while the hand holds more than
    ``small_hand`` cards, choosing the cards whose rank is due for it last.
    """

    name = "heuristic"

    def __init__(self, *, pile_scale: float = 24.0, out_call: float = 0.2,
                 bluff_sizes: tuple[float, float, float, float] = (0.6, 0.25, 0.1, 0.05),
                 hold_back: float = 0.15, mix: float = 0.15, pale_pile: int = 3,
                 small_hand: int = 5, finisher: int = 4, doubt_cap: float = 0.97) -> None:
        if len(tuple(bluff_sizes)) != 4 or min(bluff_sizes) < 0 or sum(bluff_sizes) <= 0:
            raise ValueError(f"bluff_sizes={bluff_sizes!r}: four weights >= 0 for 1-4 cards "
                             "(R-L4)")
        self.pile_scale = pile_scale
        self.out_call = out_call
        self.bluff_sizes = tuple(bluff_sizes)
        self.hold_back = hold_back
        self.mix = mix
        self.pale_pile = pale_pile
        self.small_hand = small_hand
        self.finisher = finisher
        self.doubt_cap = doubt_cap

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(pile_scale={self.pile_scale!r}, "
                f"out_call={self.out_call!r}, bluff_sizes={self.bluff_sizes!r}, "
                f"hold_back={self.hold_back!r}, mix={self.mix!r}, pale_pile={self.pale_pile!r}, "
                f"small_hand={self.small_hand!r}, finisher={self.finisher!r}, "
                f"doubt_cap={self.doubt_cap!r})")

    def act(self, view: LiarView, legal_actions: Any, rng: random.Random) -> LiarAction:
        if view.phase is Phase.CALL_WINDOW:
            return CALL if self.should_call(view, rng) else PASS
        return self.choose_play(view, rng)

    # ------------------------------------------------------------------ calling
    def held_good_distribution(self, view: LiarView,
                               claim: PileRecord | None = None) -> list[tuple[int, float]] | None:
        """``[(k, P(K = k))]``: good cards the claimant held before the claim; None if it cannot be true."""
        c = claim if claim is not None else view.claim
        assert c is not None
        likely, sure = likely_holdings(view, skip=c.number)
        r, n, q = int(c.announced), c.count, c.player
        before = view.hand_sizes[q] + n
        pool = [view.decks * 4] * 8 + [view.decks * len(view.chroniclers)]
        for card in view.hand:
            pool[_slot(card)] -= 1
        for rec in view.pile:
            if rec.player == view.player and rec.cards:
                for card in rec.cards:
                    pool[_slot(card)] -= 1
        possible = pool[r] + pool[_WILD] - sum(sure[p][r] + sure[p][_WILD]
                                               for p in range(view.players) if p != q)
        if possible < n:
            return None                     # not enough good cards left anywhere: a sure lie
        held = [round(x) for x in likely[q]]
        m, g = sum(held), held[r] + held[_WILD]
        if m >= before:
            return _hypergeometric(m, g, before)
        rest: list[float] = list(pool)
        for s in likely:
            for k in range(9):
                rest[k] -= s[k]
        pool = [max(0, round(x)) for x in rest]
        total, good = sum(pool), pool[r] + pool[_WILD]
        draws = min(before - m, total)
        return [(g + k, p) for k, p in _hypergeometric(total, good, draws)]

    def lie_probability(self, view: LiarView, claim: PileRecord | None = None) -> float:
        """The estimated P(the claim is a lie) (see the class docstring); 1.0 for a sure lie."""
        c = claim if claim is not None else view.claim
        assert c is not None
        dist = self.held_good_distribution(view, c)
        if dist is None:
            return 1.0
        n = c.count
        bluff = self.bluff_sizes[n - 1] / sum(self.bluff_sizes)
        if n > 1:
            bluff *= 1.0 + _big_lies(view, c.player)
        true = lie = 0.0
        for k, p in dist:
            if k >= n:
                true += p * (1.0 if (k == n or n == 4) else self.hold_back)
            elif k == 0:
                lie += p * bluff
            else:
                lie += p * self.mix
        if true + lie == 0.0:
            return self.doubt_cap
        return min(self.doubt_cap, lie / (lie + true))

    def should_call(self, view: LiarView, rng: random.Random) -> bool:
        c = view.claim
        assert c is not None
        p_lie = self.lie_probability(view)
        h = view.hand_sizes[c.player]
        if h == 0:
            return p_lie >= self.out_call          # they go out unless caught (R-L9)
        active = sum(1 for s in view.hand_sizes if s)
        w = max(1.0 / max(1, active - 1), min(1.0, 2.5 / (h + 1)))
        if p_lie < 1.0 / (1.0 + w):
            return False
        if c.count > 1:
            return True
        return rng.random() < view.pile_size / self.pile_scale

    # ------------------------------------------------------------------ playing
    def choose_play(self, view: LiarView, rng: random.Random) -> Play:
        hand = list(view.hand)
        due = view.due_rank
        true_cards = [c for c in hand if c.rank is due]
        colorful = [c for c in hand if c is COLORFUL]
        ordinary = [c for c in hand if not c.is_chronicler]
        if true_cards:
            play = true_cards[:4]
            rest = len(hand) - len(play)
            if rest and rest <= len(colorful) and len(play) + rest <= 4:
                return Play(tuple(play + colorful[:rest]))     # go out: the Colorful is true (L12)
            if rest and rest <= self.finisher:
                left = list(hand)
                for c in play:
                    left.remove(c)
                if not any(c is COLORFUL or 1 <= _steps_until_mine(view, c.rank) <= 2
                           for c in left):
                    if len(play) >= 2:
                        return Play(tuple(play[:-1]))           # keep one to go out with
                    junk = [c for c in ordinary if c.rank is not due]
                    if junk:
                        return Play((self._farthest(view, junk, rng),))
            return Play(tuple(play))
        if colorful:
            return Play(tuple(colorful[:1]))
        pale = [c for c in hand if c is PALE]
        if pale and view.pile_size <= self.pale_pile:
            return Play(tuple(pale[:1]))
        pool = ordinary or hand
        size = 1
        if len(hand) > self.small_hand:
            x = rng.random() * sum(self.bluff_sizes)
            for i, weight in enumerate(self.bluff_sizes):
                x -= weight
                if x < 0:
                    size = i + 1
                    break
        play = []
        for _ in range(min(size, len(pool))):
            card = self._farthest(view, pool, rng)
            play.append(card)
            pool = list(pool)
            pool.remove(card)
        return Play(tuple(play))

    @staticmethod
    def _farthest(view: LiarView, cards: list[Card], rng: random.Random) -> Card:
        """A card whose rank is due for this player last (ties broken by ``rng``)."""
        steps = [_steps_until_mine(view, c.rank) for c in cards]
        best = max(steps)
        candidates = [c for c, s in zip(cards, steps) if s == best]
        return candidates[rng.randrange(len(candidates))]


def _big_lies(view: LiarView, player: int) -> int:
    """How often ``player`` was caught bluffing with 2 or more cards this round (public, L9)."""
    return sum(1 for e in view.events
               if type(e) is Revealed and e.player == player and not e.true and len(e.cards) > 1)


class LiarCallerAgent(LiarHeuristicAgent):
    """Plays like :class:`LiarHeuristicAgent`; calls iff P(claim false) >= ``threshold``."""

    name = "caller"

    def __init__(self, threshold: float = 0.5, pale_pile: int = 3) -> None:
        if not 0.0 <= threshold <= 1.0:
            raise ValueError(f"threshold={threshold!r} must be a probability in [0, 1]")
        super().__init__(pale_pile=pale_pile)
        self.threshold = threshold

    def __repr__(self) -> str:
        return f"LiarCallerAgent(threshold={self.threshold!r})"

    def should_call(self, view: LiarView, rng: random.Random) -> bool:
        return 1.0 - claim_probability(view) >= self.threshold
