"""A Liar expert bot: judges claims by a posterior over hands and by who else calls; view only.

:class:`LiarExpertAgent` (agent name ``expert``) sees only its
:class:`~cardgames.liar.view.LiarView` (R-L11).

**Judging a claim** (:func:`lie_posterior`).  The claimant's hand just
before the play had ``hand_sizes[claimant] + N`` cards: the cards the viewer
knows for certain were in it (:func:`~cardgames.liar.probability.known_holdings`:
cards seen going into that hand with the pile) plus a uniform draw of the
rest from the cards the viewer has not seen
(:func:`~cardgames.liar.probability.unseen_cards`).  Every such hand is
summed over exactly, grouped by what matters -- how many cards of the
announced rank, Colorful and Pale Chroniclers it holds (a multivariate
hypergeometric law) -- and weighted by the chance that a player with that
hand makes *this* claim of ``N`` cards: with probability ``trust`` the way
the heuristic player plays (all its true cards, up to 4; else the Colorful,
true by L12; else the Pale on a small pile, L13; else a bluff of 1 card, or
of 1-4 cards with the heuristic's weights while the hand holds more than 5),
otherwise ``N`` cards drawn at random from the hand.  The posterior share of
hands whose claim is a lie is ``P(lie)``; a play that is the Pale Chronicler
counts as true, as it does when called (R-L6, L13).  The stated
approximation: the model ignores the heuristic's keep-one-back rule for small
hands and reads nothing into the claimant's earlier plays.

**Who else will call** (:func:`call_rates`, :func:`call_chance`).  The
public log (R-L11) shows every time a seat was asked in a call window and
whether it called; each seat's chance of calling is estimated as
``(calls + 1) / (times asked + 3)`` (a Beta(1, 2) prior: one call in three
before anything is seen), and seats are taken as independent.  A threshold
caller that calls almost every claim is soon estimated at ~0.9; the
heuristic player, which lets most 1-card claims stand, well below 0.5.

**Calling** (R-L5).  Values are in pile cards: the viewer taking ``S`` cards
costs ``S``; another player taking them is worth ``S * share`` to the viewer
(``share = 1 / (players in the round - 1)``), the claimant taking them
``S * w`` with ``w`` rising from ``share`` to 1 as the claimant nears going
out; a claimant who goes out (R-L9) costs ``out_value`` more.  If the viewer
passes, the players asked after it (in the window's order) call with
chance ``C`` (:func:`call_chance`) -- then the liar is caught, or the pile
lands on that caller, without the viewer risking anything.  Comparing
calling with passing, the viewer calls when::

    (1 - C) * P(lie) * (S * w + out)  >  (1 - P(lie)) * S * (1 + C * share)

(``out = out_value`` for a going-out claim, else 0).  With ``C = 0`` (the
viewer is the last one asked) this is the plain "expected pile cards favour
me".  Why it matters with four players: in the 4-player mix (expert,
heuristic, caller, heuristic) the caller sits two seats after the expert and
calls nearly every claim, so a call by the expert mostly risks taking a true
claim's pile that the caller would have taken anyway.

**Playing** (L7, R-L4).  As the heuristic player (true cards when it has
them), with two changes.  The heuristic keeps one true card back for its
last play when the rest of a small hand cannot be played truly soon (a last
play must be true to go out, R-L9), bluffing its ``junk`` cards first; that
plan works only if those ``junk`` bluffs are let stand, chance
``(1 - C_all) ** junk`` with ``C_all`` the chance that anyone calls.  When
that is below ``keep_back`` (1/2) the expert plays all its true cards now
(a caught bluff only brings the junk back with the pile, and a true card
played is gone for good; measured: with the caller at a 4-player table the
keep-back loop -- bluff the junk, get caught, take it back -- was what
stalled 19 % of rounds to the cap).  And a bluff is sized by the risk of a
call: 1 card when the pile is large.

Decisions take well under a millisecond to a few milliseconds.

>>> import random
>>> from cardgames.liar import LiarGame
>>> s = LiarGame(players=3).state_from_position(hands=["7H 7B 9L", "AH KH 7L", "8H 9H 10H"])
>>> s.apply("play 7H 7B 9L")          # three sevens: only 7A and 7L are left for player 0
>>> LiarExpertAgent().act(s.view(1), s.legal_actions(), random.Random(0))
Call()
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb
from typing import Any

from cardgames.cards import COLORFUL, PALE, Card
from cardgames.liar.actions import CALL, PASS, LiarAction, Play
from cardgames.liar.bots import LiarHeuristicAgent
from cardgames.liar.events import CallMade, Passed
from cardgames.liar.probability import known_holdings, unseen_cards
from cardgames.liar.state import Phase
from cardgames.liar.view import LiarView, PileRecord

__all__ = ["LiarExpertAgent", "lie_posterior", "call_rates", "call_chance"]

_BLUFF = (0.6, 0.25, 0.1, 0.05)     # LiarHeuristicAgent's default bluff_sizes
_SMALL_HAND = 5                     # ... small_hand
_PALE_PILE = 3                      # ... pale_pile


def _claim_likelihood(n: int, h: int, k: int, col: int, pale: int, pile_before: int,
                      trust: float) -> tuple[float, float]:
    """(P(claim of n and true), P(claim of n and a lie)) for a hand of ``h`` cards holding
    ``k`` of the due rank, ``col`` Colorful and ``pale`` Pale Chroniclers."""
    true = lie = 0.0
    # the modelled heuristic player
    if k >= 1:
        size = min(k, 4)
        rest = h - size
        if 0 < rest <= col and size + rest <= 4:
            size += rest                                     # goes out with the Colorful
        if size == n:
            true += trust
    elif col >= 1:
        if n == 1:
            true += trust
    elif pale >= 1 and pile_before <= _PALE_PILE:
        if n == 1:
            true += trust                                    # the Pale: true when called
    else:
        ordinary = h - col - pale
        if h > _SMALL_HAND:
            sizes = [w for i, w in enumerate(_BLUFF) if i < min(4, ordinary)]
            if n <= len(sizes):
                lie += trust * sizes[n - 1] / sum(sizes)
        elif n == 1:
            lie += trust
    # anyone else: n cards drawn at random from the hand
    if trust < 1.0 and n <= h:
        p_size = 1.0 / min(4, h)
        good = k + col + pale
        p_true = comb(good, n) / comb(h, n)
        true += (1.0 - trust) * p_size * p_true
        lie += (1.0 - trust) * p_size * (1.0 - p_true)
    return true, lie


def lie_posterior(view: LiarView, claim: PileRecord | None = None, *, trust: float = 0.85) -> float:
    """P(the claim is a lie) given everything ``view.player`` may know (see the module docstring).

    1.0 when the claim cannot be true (not enough good cards left unseen);
    the viewer's own claim is 0 or 1.

    >>> from cardgames.liar import LiarGame
    >>> s = LiarGame(players=2).state_from_position(hands=["7H 7B 7L 9H", "7A AH"])
    >>> s.apply("play 9H")                  # "1 seven" from a hand of 4
    >>> round(lie_posterior(s.view(1)), 3)  # 64% of 4-card hands have no seven: a bluff
    0.677
    """
    c = claim if claim is not None else view.claim
    if c is None:
        raise ValueError("there is no claim to judge (R-L5: only in a call window)")
    rank, n, q = c.announced, c.count, c.player
    if q == view.player:
        cards = c.cards or ()
        return float(not all(x.is_chronicler or x.rank is rank for x in cards))
    before = known_holdings(view, before_play=c.number)[q]
    pool = unseen_cards(view, claimant=q)
    pool.subtract(before)
    pool = +pool
    h = view.hand_sizes[q] + n
    draws = max(0, min(h - sum(before.values()), sum(pool.values())))

    def cats(counter: Counter[Card]) -> tuple[int, int, int, int]:
        r = sum(m for card, m in counter.items() if card.rank is rank)
        col = sum(m for card, m in counter.items() if card is COLORFUL)
        pale = sum(m for card, m in counter.items() if card is PALE)
        return r, col, pale, sum(counter.values()) - r - col - pale

    pr, pc, pp, po = cats(pool)
    kr, kc, kp, _ = cats(before)
    if pr + pc + pp + kr + kc + kp < n:
        return 1.0                              # not enough good cards anywhere: a sure lie
    total = comb(pr + pc + pp + po, draws)
    true = lie = 0.0
    pile_before = view.pile_size - n
    for a in range(min(pr, draws) + 1):
        for b in range(min(pc, draws - a) + 1):
            for d in range(min(pp, draws - a - b) + 1):
                rest = draws - a - b - d
                if rest > po:
                    continue
                w = comb(pr, a) * comb(pc, b) * comb(pp, d) * comb(po, rest) / total
                t, lie_ = _claim_likelihood(n, h, kr + a, kc + b, kp + d, pile_before, trust)
                true += w * t
                lie += w * lie_
    if true + lie <= 0.0:
        return 0.5
    return lie / (true + lie)


def call_rates(view: LiarView, *, prior_calls: float = 1.0,
               prior_asks: float = 3.0) -> tuple[float, ...]:
    """Per seat, the estimated chance that it calls when asked (R-L5), from this round's public log.

    ``(calls + prior_calls) / (times asked + prior_asks)``: every ``Passed``
    and ``CallMade`` event is one time asked (the first caller ends the
    window, so nobody after it was asked).  A Beta(1, 2) prior by default.

    >>> from cardgames.liar import LiarGame
    >>> s = LiarGame(players=3).state_from_position(hands=["7H 8H", "AH KH", "9H 10H"])
    >>> s.apply("play 7H"); s.apply("pass"); s.apply("call")
    >>> [round(r, 3) for r in call_rates(s.view(0))]
    [0.333, 0.25, 0.5]
    """
    calls = [0] * view.players
    asks = [0] * view.players
    for ev in view.events:
        if isinstance(ev, Passed):
            asks[ev.player] += 1
        elif isinstance(ev, CallMade):
            asks[ev.caller] += 1
            calls[ev.caller] += 1
    return tuple((c + prior_calls) / (a + prior_asks) for c, a in zip(calls, asks))


def call_chance(view: LiarView, seats: list[int]) -> float:
    """P(at least one of ``seats`` calls), the seats taken as independent (:func:`call_rates`)."""
    rates = call_rates(view)
    stand = 1.0
    for j in seats:
        stand *= 1.0 - rates[j]
    return 1.0 - stand


def _later_seats(view: LiarView, claimant: int) -> list[int]:
    """The seats asked after the viewer in the open call window (R-L5), in order."""
    n = view.players
    out: list[int] = []
    q = view.player
    while True:
        q = (q + 1) % n
        if q == claimant:
            return out
        if view.hand_sizes[q]:
            out.append(q)


class LiarExpertAgent:
    """Calls by :func:`lie_posterior` and the value of the pile; plays like the heuristic.

    Options (keyword-only): ``trust`` in the model of the claimant (0.85),
    ``out_value`` (12: what stopping a player from going out is worth, in
    pile cards), ``bluff_pile`` (a bluff is 1 card once the pile holds this
    many cards, 6), ``defer`` (True: weigh the chance that a player asked
    later calls; False: judge as if last in the window), ``keep_back``
    (0.5: keep a true card back only if the junk bluffs before it are let
    stand with at least this chance; 0 keeps back as the heuristic does).
    """

    name = "expert"

    def __init__(self, *, trust: float = 0.85, out_value: float = 12.0,
                 bluff_pile: int = 6, defer: bool = True, keep_back: float = 0.5) -> None:
        if not 0.0 <= trust <= 1.0:
            raise ValueError(f"trust={trust!r} must be a probability in [0, 1]")
        self.trust = trust
        self.out_value = out_value
        self.bluff_pile = bluff_pile
        self.defer = defer
        self.keep_back = keep_back
        self._player = LiarHeuristicAgent()

    def __repr__(self) -> str:
        return (f"LiarExpertAgent(trust={self.trust!r}, out_value={self.out_value!r}, "
                f"bluff_pile={self.bluff_pile!r}, defer={self.defer!r}, "
                f"keep_back={self.keep_back!r})")

    def act(self, view: LiarView, legal_actions: Any, rng: random.Random) -> LiarAction:
        if view.phase is Phase.CALL_WINDOW:
            return CALL if self.should_call(view) else PASS
        return self.choose_play(view, rng)

    def should_call(self, view: LiarView) -> bool:
        """Is calling worth more than letting the play stand (see the module docstring)?"""
        c = view.claim
        assert c is not None
        p = lie_posterior(view, trust=self.trust)
        s = view.pile_size
        h = view.hand_sizes[c.player]
        active = sum(1 for x in view.hand_sizes if x) + (h == 0)
        share = 1.0 / max(1, active - 1)
        w = max(share, min(1.0, 2.5 / (h + 1)))
        later = call_chance(view, _later_seats(view, c.player)) if self.defer else 0.0
        gain = (1.0 - later) * p * (s * w + (self.out_value if h == 0 else 0.0))
        loss = (1.0 - p) * s * (1.0 + later * share)
        return gain > loss

    def choose_play(self, view: LiarView, rng: random.Random) -> Play:
        play = self._player.choose_play(view, rng)
        due = view.due_rank
        true_cards = [c for c in view.hand if c.rank is due]
        if true_cards and len([c for c in play.cards if c.rank is due]) < min(4, len(true_cards)):
            others = [q for q in range(view.players) if q != view.player and view.hand_sizes[q]]
            junk = len(view.hand) - len(true_cards)
            if (1.0 - call_chance(view, others)) ** junk < self.keep_back:
                return Play(tuple(true_cards[:4]))
        if (len(play.cards) > 1 and view.pile_size >= self.bluff_pile
                and not any(c.is_chronicler or c.rank is due for c in play.cards)):
            return Play(play.cards[:1])      # a big pile: risk one card only
        return play
