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
  event by event through the engine's
  :class:`~cardgames.liar.probability.KnownTracker`).

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

from typing import Any

import numpy as np

from cardgames.adapters.actions import NUM_CARD_CODES as _N
from cardgames.liar.probability import KnownTracker
from cardgames.liar.state import Phase as LiarPhase
from cardgames.thirtyone.expert import known_cards
from cardgames.thirtyone.view import Phase as T31Phase

__all__ = ["LiarEncoding", "ThirtyOneEncoding"]


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
