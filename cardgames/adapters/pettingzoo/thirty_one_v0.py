"""Thirty-One as a PettingZoo AEC environment (see :mod:`cardgames.adapters.pettingzoo`).

Options: ``players`` (2), ``chronicler`` (False), ``lives`` (3, R-T8), ``turn_cap``
(20, R-T10).  A game runs to the last player with lives; winners share +1, the
others get -1/(players-1).

>>> env = raw_env(players=3, lives=0)
>>> env.reset(seed=4)
>>> env.agent_selection
'player_0'
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardgames.adapters.actions import THIRTY_ONE_ACTIONS
from cardgames.adapters.encode import ThirtyOneEncoding
from cardgames.adapters.legal_ids import t31_action, t31_action_id, t31_legal_ids
from cardgames.adapters.pettingzoo._base import CardgamesAEC, wrap
from cardgames.thirtyone import ThirtyOneGame

__all__ = ["env", "raw_env"]


class raw_env(CardgamesAEC):
    metadata: ClassVar[dict[str, Any]] = {**CardgamesAEC.metadata, "name": "thirty_one_v0"}
    num_actions = THIRTY_ONE_ACTIONS

    def __init__(self, *, players: int = 2, chronicler: bool = False, lives: int = 3,
                 turn_cap: int = 20, render_mode: str | None = None) -> None:
        game = ThirtyOneGame(players=players, chronicler=chronicler, lives=lives,
                             turn_cap=turn_cap)
        super().__init__(game, ThirtyOneEncoding(players), render_mode)

    def action_id(self, action: Any) -> int:
        return t31_action_id(action)

    def action_of(self, action_id: int) -> Any:
        return t31_action(action_id)

    def legal_ids(self) -> list[int]:
        return t31_legal_ids(self.state.legal_actions())

    def final_rewards(self) -> tuple[list[float], bool]:
        n = self.engine.players
        winners = self.state.outcome().winners
        share = [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
        return [n / (n - 1) * (x - 1.0 / n) for x in share], False


def env(**options: Any) -> Any:
    """:class:`raw_env` in PettingZoo's standard wrappers."""
    return wrap(raw_env(**options))
