"""Liar as a PettingZoo AEC environment (see :mod:`cardgames.adapters.pettingzoo`).

Options: ``players`` (3), ``decks`` (1), ``chroniclers`` ("none", "both",
"colorful", "pale"), ``max_plays`` (200: the safety cap; a capped round is
*truncated*).  Rewards: the round's points (R-L10) minus their mean.

>>> env = raw_env(players=3)
>>> env.reset(seed=2)
>>> env.agent_selection                  # seat dealer+1 begins (R-L1, L6)
'player_1'
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

from cardgames.adapters.actions import (
    LIAR_ACTIONS,
    LIAR_CALL,
    LIAR_PASS,
    liar_play_cards,
    liar_play_id,
)
from cardgames.adapters.encode import LiarEncoding
from cardgames.adapters.pettingzoo._base import CardgamesAEC, wrap
from cardgames.cards import Card
from cardgames.liar import LiarGame
from cardgames.liar.actions import CALL, PASS, Play
from cardgames.liar.state import Phase

__all__ = ["env", "raw_env"]


class raw_env(CardgamesAEC):
    metadata: ClassVar[dict[str, Any]] = {**CardgamesAEC.metadata, "name": "liar_v0"}
    num_actions = LIAR_ACTIONS

    def __init__(self, *, players: int = 3, decks: int = 1, chroniclers: str = "none",
                 max_plays: int = 200, render_mode: str | None = None) -> None:
        game = LiarGame(players=players, decks=decks,
                        chroniclers=() if chroniclers == "none" else chroniclers,  # type: ignore[arg-type]
                        max_plays=max_plays)
        super().__init__(game, LiarEncoding(players), render_mode)

    def legal_ids(self) -> list[int]:
        s = self.state
        if s.phase is Phase.CALL_WINDOW:
            return [LIAR_CALL, LIAR_PASS]
        codes = sorted(c.code for c in s.hand(s.current_player))
        return sorted({liar_play_id(m) for k in range(1, min(4, len(codes)) + 1)
                       for m in set(itertools.combinations(codes, k))})

    def action_id(self, action: Any) -> int:
        if action == CALL:
            return LIAR_CALL
        if action == PASS:
            return LIAR_PASS
        return liar_play_id([c.code for c in action.cards])

    def action_of(self, action_id: int) -> Any:
        if action_id == LIAR_CALL:
            return CALL
        if action_id == LIAR_PASS:
            return PASS
        return Play(tuple(Card.from_code(c) for c in liar_play_cards(action_id)))

    def final_rewards(self) -> tuple[list[float], bool]:
        o = self.state.outcome()
        mean = sum(o.points) / len(o.points)
        return [float(p - mean) for p in o.points], o.reason == "cap"


def env(**options: Any) -> Any:
    """:class:`raw_env` in PettingZoo's standard wrappers."""
    return wrap(raw_env(**options))
