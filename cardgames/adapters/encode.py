"""Observation vectors built from a player's view only (R-L11, R-T9), for OpenSpiel and PettingZoo.

Each encoding is a flat ``float32`` vector made of named pieces
(:meth:`split` gives them as views into the vector).  Cards are counted by
:attr:`~cardgames.cards.Card.code` (35 slots).  ``n`` is the number of seats.

* Thirty-One: ``me`` (n, one-hot), ``current`` (n), ``dealer`` (n), ``phase``
  (5: exchange, play, final, over, dealing), ``turns`` (1), ``hand`` (35),
  ``table`` (35), ``lives`` (n), ``out`` (n), ``passed`` (n), ``revealed``
  (n x 35: revealed hands), ``known`` (n x 35: cards the public log places
  in each other hand, :func:`cardgames.thirtyone.expert.known_cards`).
* Liar: ``me`` (n), ``current`` (n), ``phase`` (4: play, call window, over,
  dealing), ``due`` (8: the due rank), ``hand`` (35), ``hand_sizes`` (n),
  ``pile_size`` (1), ``my_pile_cards`` (35: own cards in the pile),
  ``claimant`` (n), ``claim_count`` (4), ``known`` (n x 35: cards known to be
  in each hand, :func:`cardgames.liar.probability.known_holdings`, followed
  event by event: see :class:`KnownTracker`).

:meth:`~_Encoding.encode` fills a buffer made once (its pieces split once) and
returns a copy; :meth:`~_Encoding.fill_into` fills a given vector through its
pieces (the OpenSpiel observers' own tensor and dict).

>>> from cardgames.thirtyone import ThirtyOneGame
>>> enc = ThirtyOneEncoding(2)
>>> vec = enc.encode(ThirtyOneGame(players=2).new_state(seed=1).view(0))
>>> vec.shape, float(enc.split(vec)["hand"].sum())
((228,), 3.0)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from cardgames.adapters.actions import NUM_CARD_CODES as _N
from cardgames.cards import PALE, Card
from cardgames.liar.events import PalePenalty, PileTaken, Played, Revealed
from cardgames.liar.state import Phase as LiarPhase
from cardgames.thirtyone.expert import known_cards
from cardgames.thirtyone.view import Phase as T31Phase

__all__ = ["KnownTracker", "LiarEncoding", "ThirtyOneEncoding"]


class _Encoding:
    pieces: list[tuple[str, int, tuple[int, ...]]]

    def _setup(self) -> None:
        self.size = sum(size for _, size, _ in self.pieces)
        self._buffer = np.zeros(self.size, np.float32)
        self._views = self.split(self._buffer)

    def split(self, vec: np.ndarray) -> dict[str, np.ndarray]:
        """The named pieces of ``vec`` (views: writing them writes ``vec``)."""
        out, i = {}, 0
        for name, size, shape in self.pieces:
            out[name] = vec[i:i + size].reshape(shape)
            i += size
        return out

    def encode(self, view: Any) -> np.ndarray:
        """A new vector for ``view`` (filled in the buffer, then copied)."""
        self.fill_into(self._buffer, self._views, view)
        return self._buffer.copy()

    def fill(self, vec: np.ndarray, view: Any) -> None:
        """Fill ``vec`` (of :attr:`size`) for ``view``."""
        self.fill_into(vec, self.split(vec), view)

    def fill_into(self, vec: np.ndarray, d: dict[str, np.ndarray],
                  view: Any) -> None:  # pragma: no cover - overridden
        """Zero ``vec`` and fill it for ``view`` through ``d``, its :meth:`split`."""
        raise NotImplementedError


def _count(piece: np.ndarray, cards: Any) -> None:
    for c in cards:
        piece[c.code] += 1


class ThirtyOneEncoding(_Encoding):
    """The Thirty-One observation vector (see the module docstring)."""

    def __init__(self, players: int) -> None:
        n = players
        self.pieces = [("me", n, (n,)), ("current", n, (n,)), ("dealer", n, (n,)),
                       ("phase", 5, (5,)), ("turns", 1, (1,)), ("hand", _N, (_N,)),
                       ("table", _N, (_N,)), ("lives", n, (n,)), ("out", n, (n,)),
                       ("passed", n, (n,)), ("revealed", n * _N, (n, _N)),
                       ("known", n * _N, (n, _N))]
        self._setup()

    def fill_into(self, vec: np.ndarray, d: dict[str, np.ndarray], view: Any) -> None:
        vec.fill(0)
        d["me"][view.player] = 1
        d["dealer"][view.dealer] = 1
        if view.current_player is not None:
            d["current"][view.current_player] = 1
        d["phase"][list(T31Phase).index(view.phase)] = 1
        d["turns"][0] = view.turns
        _count(d["hand"], view.hand)
        _count(d["table"], view.table)
        d["lives"][:] = view.lives
        d["out"][:] = view.out
        d["passed"][:] = view.passed
        for s, hand in enumerate(view.revealed):
            if hand is not None:
                _count(d["revealed"][s], hand)
        for s, cards in enumerate(known_cards(view)):
            if s != view.player:
                _count(d["known"][s], cards)


class LiarEncoding(_Encoding):
    """The Liar observation vector (see the module docstring)."""

    def __init__(self, players: int) -> None:
        n = players
        self.pieces = [("me", n, (n,)), ("current", n, (n,)), ("phase", 4, (4,)),
                       ("due", 8, (8,)), ("hand", _N, (_N,)), ("hand_sizes", n, (n,)),
                       ("pile_size", 1, (1,)), ("my_pile_cards", _N, (_N,)),
                       ("claimant", n, (n,)), ("claim_count", 4, (4,)),
                       ("known", n * _N, (n, _N))]
        self._known = KnownTracker()
        self._setup()

    def fill_into(self, vec: np.ndarray, d: dict[str, np.ndarray], view: Any) -> None:
        vec.fill(0)
        d["me"][view.player] = 1
        if view.current_player is not None:
            d["current"][view.current_player] = 1
        d["phase"][list(LiarPhase).index(view.phase)] = 1
        d["due"][int(view.due_rank)] = 1
        _count(d["hand"], view.hand)
        d["hand_sizes"][:] = view.hand_sizes
        d["pile_size"][0] = view.pile_size
        for rec in view.pile:
            if rec.cards is not None:
                _count(d["my_pile_cards"], rec.cards)
        if view.claim is not None:
            d["claimant"][view.claim.player] = 1
            d["claim_count"][view.claim.count - 1] = 1
        known = d["known"]
        for s, held in enumerate(self._known.known(view)):
            for card, m in held.items():
                known[s, card.code] += m


class KnownTracker:
    """:func:`cardgames.liar.probability.known_holdings` of a view, reading only the new events.

    That function reads every event of the round on every call.  A tracker
    keeps, per viewer, what it read last: if the view's events begin with
    the same event objects (events are immutable, a state only appends), it
    reads on from there; otherwise (a new round, another state) from the start.
    The result is the same (tests/adapters/test_fast_ids.py compares).
    """

    def __init__(self) -> None:
        # player -> (events read, first event, last event, known per seat, known pile cards)
        self._at: dict[int, tuple[int, Any, Any, list[Counter[Card]], Counter[Card]]] = {}

    def known(self, view: Any) -> list[Counter[Card]]:
        """Per seat, the cards ``view.player`` knows that seat holds (own entry empty)."""
        me, events = view.player, view.events
        at = self._at.get(me)
        if (at is not None and at[0] <= len(events) and at[0] > 0
                and events[0] is at[1] and events[at[0] - 1] is at[2]):
            start, known, pile_known = at[0], at[3], at[4]
        else:
            start, known, pile_known = 0, [Counter() for _ in range(view.players)], Counter()
        if start < len(events):
            own = None
            for ev in events[start:]:
                if isinstance(ev, Played):
                    if ev.player == me:
                        if own is None:
                            own = {m.number: m.cards for m in view.my_plays}
                        pile_known.update(own.get(ev.number, ()))
                    else:
                        known[ev.player].clear()
                elif isinstance(ev, Revealed):
                    if ev.player != me:
                        pile_known.update(ev.cards)
                elif isinstance(ev, PalePenalty):
                    if ev.player != me:
                        pile_known[PALE] += 1
                elif isinstance(ev, PileTaken):
                    if ev.player != me:
                        known[ev.player].update(pile_known)
                    pile_known.clear()
            if events:
                self._at[me] = (len(events), events[0], events[-1], known, pile_known)
        return known
