"""Liar as a PettingZoo AEC environment (see :mod:`cardgames.adapters.pettingzoo`).

Options: ``players`` (3), ``decks`` (1), ``chroniclers`` ("none", "both",
"colorful", "pale"), ``max_plays`` (200: the safety cap; a capped round is
*truncated*), ``actions`` ("full": the 82,252 ids of
:mod:`cardgames.adapters.actions`; or "compact": the 32 play shapes of
:mod:`cardgames.adapters.compact`, the engine choosing the cards).  Rewards:
the round's points (R-L10) minus their mean.

>>> env = raw_env(players=3)
>>> env.reset(seed=2)
>>> env.agent_selection                  # seat dealer+1 begins (R-L1, L6)
'player_1'
>>> compact = raw_env(players=3, actions="compact")
>>> compact.reset(seed=2)
>>> int(compact.action_space("player_1").n)
32
>>> [str(c) for c in compact.state.hand(1) if str(c).startswith("7")]   # sevens are due (L6)
['7L']
>>> int(compact.observe("player_1")["action_mask"].sum())   # k = 1-4 cards, 0 or 1 true
8
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from cardgames.adapters.actions import (
    LIAR_ACTIONS,
    LIAR_CALL,
    LIAR_PASS,
    liar_play_cards,
    liar_play_id,
)
from cardgames.adapters.compact import (
    LIAR_COMPACT_ACTIONS,
    compact_legal_ids,
    compact_of_play,
    compact_play,
)
from cardgames.adapters.encode import LiarEncoding
from cardgames.adapters.legal_ids import hand_play_id_array
from cardgames.adapters.pettingzoo._base import CardgamesAEC, wrap
from cardgames.cards import Card
from cardgames.liar import LiarGame
from cardgames.liar.actions import CALL, PASS, Play
from cardgames.liar.state import Phase

__all__ = ["env", "raw_env"]

_WINDOW = np.array([LIAR_CALL, LIAR_PASS])


class raw_env(CardgamesAEC):
    metadata: ClassVar[dict[str, Any]] = {**CardgamesAEC.metadata, "name": "liar_v0"}
    num_actions = LIAR_ACTIONS

    def __init__(self, *, players: int = 3, decks: int = 1, chroniclers: str = "none",
                 max_plays: int = 200, actions: str = "full",
                 render_mode: str | None = None) -> None:
        if actions not in ("full", "compact"):
            raise ValueError(f"actions must be 'full' or 'compact', not {actions!r}")
        self.compact = actions == "compact"
        self.num_actions = LIAR_COMPACT_ACTIONS if self.compact else LIAR_ACTIONS
        game = LiarGame(players=players, decks=decks,
                        chroniclers=() if chroniclers == "none" else chroniclers,  # type: ignore[arg-type]
                        max_plays=max_plays)
        super().__init__(game, LiarEncoding(players), render_mode)

    def legal_ids(self) -> Any:
        legal = self.state.legal_actions()
        if legal.phase is Phase.CALL_WINDOW:
            return _WINDOW
        codes = tuple(sorted([c.code for c in legal.hand]))
        if self.compact:
            return list(compact_legal_ids(codes, int(self.state.due_rank)))
        return hand_play_id_array(codes)

    def action_id(self, action: Any) -> int:
        """The id of an engine action (compact: the shape of the play, now)."""
        if action == CALL:
            return LIAR_CALL
        if action == PASS:
            return LIAR_PASS
        codes = [c.code for c in action.cards]
        if self.compact:
            return compact_of_play(codes, int(self.state.due_rank))
        return liar_play_id(codes)

    def action_of(self, action_id: int) -> Any:
        if action_id == LIAR_CALL:
            return CALL
        if action_id == LIAR_PASS:
            return PASS
        codes: tuple[int, ...] | list[int]
        if self.compact:
            s = self.state
            codes = compact_play(tuple(c.code for c in s.hand(s.current_player)),
                                 int(s.due_rank), action_id)
        else:
            codes = liar_play_cards(action_id)
        return Play(tuple(Card.from_code(c) for c in codes))

    def final_rewards(self) -> tuple[list[float], bool]:
        o = self.state.outcome()
        mean = sum(o.points) / len(o.points)
        return [float(p - mean) for p in o.points], o.reason == "cap"


def env(**options: Any) -> Any:
    """:class:`raw_env` in PettingZoo's standard wrappers."""
    return wrap(raw_env(**options))
