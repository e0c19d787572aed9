"""The observers of the OpenSpiel games of :mod:`cardgames.adapters.openspiel`.

An observer fills an observation string and tensor from ``state.view(player)``
only (R-L11, R-T9), never from hidden cards; while the cards are dealt it
shows the cards dealt to that player so far.  The tensor layouts are
:mod:`cardgames.adapters.encode`'s.  Split from the game module (which makes
them in ``make_py_observer``) so that module holds the games and states only.

>>> obs = LiarObserver(3, None)
>>> obs.tensor.shape == (obs.encoding.size,)
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from cardgames.adapters.encode import LiarEncoding, ThirtyOneEncoding
from cardgames.cards import Card

__all__ = ["LiarObserver", "ThirtyOneObserver"]


class LiarSpielState(Protocol):
    """What an observer reads of :class:`cardgames.adapters.openspiel.LiarSpielState` (a
    protocol: this module does not import the adapter, not even for the type checker)."""

    def view(self, player: int) -> Any: ...
    def dealt_to(self, player: int) -> Sequence[int]: ...


class ThirtyOneSpielState(LiarSpielState, Protocol):
    """What an observer reads of :class:`cardgames.adapters.openspiel.ThirtyOneSpielState`."""

    dealer: int
    lives: list[int]
    out: list[bool]


class ThirtyOneObserver:
    """Observation string and tensor from the player's view only (R-T9); the layout is
    :class:`cardgames.adapters.encode.ThirtyOneEncoding` (a "dealing" flag while dealt)."""

    def __init__(self, players: int, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.encoding = ThirtyOneEncoding(players)
        self.tensor = np.zeros(self.encoding.size, np.float32)
        self.dict = self.encoding.split(self.tensor)

    def set_from(self, state: ThirtyOneSpielState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0)
            self.dict["me"][player] = 1
            self.dict["dealer"][state.dealer] = 1
            self.dict["lives"][:] = state.lives
            self.dict["out"][:] = state.out
            self.dict["phase"][4] = 1                                  # dealing
            for c in state.dealt_to(player):
                self.dict["hand"][c] += 1
            return
        self.encoding.fill_into(self.tensor, self.dict, view)

    def string_from(self, state: ThirtyOneSpielState, player: int) -> str:
        view = state.view(player)
        if view is None:
            cards = " ".join(str(Card.from_code(c)) for c in state.dealt_to(player))
            return f"p{player} dealing; my cards so far: {cards}; lives {state.lives}"
        return json.dumps(view.to_dict(), sort_keys=True)


class LiarObserver:
    """Observation string and tensor from the player's view only (R-L11); the layout is
    :class:`cardgames.adapters.encode.LiarEncoding` (a "dealing" flag while dealt)."""

    def __init__(self, players: int, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.encoding = LiarEncoding(players)
        self.tensor = np.zeros(self.encoding.size, np.float32)
        self.dict = self.encoding.split(self.tensor)

    def set_from(self, state: LiarSpielState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0)
            self.dict["me"][player] = 1
            self.dict["phase"][3] = 1                                   # dealing
            for c in state.dealt_to(player):
                self.dict["hand"][c] += 1
            return
        self.encoding.fill_into(self.tensor, self.dict, view)

    def string_from(self, state: LiarSpielState, player: int) -> str:
        view = state.view(player)
        if view is None:
            cards = " ".join(str(Card.from_code(c)) for c in state.dealt_to(player))
            return f"p{player} dealing; my cards so far: {cards}"
        return json.dumps(view.to_dict(), sort_keys=True)
