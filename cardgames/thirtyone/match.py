"""A Thirty-One match (:class:`cardgames.core.Match`): one game of deals to the last player
with lives (T13, R-T8), thin over its state, which keeps the lives itself; with
``single=True`` one deal (the state's ``single_deal``).

>>> from cardgames.thirtyone.game import ThirtyOneGame
>>> m = ThirtyOneMatch(ThirtyOneGame(players=3), seed=5)
>>> state, start = m.next_game()
>>> start, m.is_over(), m.seat_view(state, state.view(1))
({'seed': 5, 'dealer': 0, 'single_deal': False}, False, {'round': 1, 'lives': (3, 3, 3)})
"""

from __future__ import annotations

from typing import Any

from cardgames.core import State, check_seed
from cardgames.errors import GameOverError
from cardgames.i18n import gettext as _
from cardgames.thirtyone.game import ThirtyOneGame

__all__ = ["ThirtyOneMatch"]


class ThirtyOneMatch:
    """One game of Thirty-One as a match: its deals and lives are the state's (T13)."""

    def __init__(self, game: ThirtyOneGame, *, seed: int, single: bool = False) -> None:
        self.game = game
        self.seed = check_seed(seed)
        self.single = bool(single)
        self.state: Any = None

    def __repr__(self) -> str:
        return f"ThirtyOneMatch({self.game!r}, seed={self.seed!r}, single={self.single!r})"

    def next_game(self, saved: State | None = None) -> tuple[State, dict[str, Any]]:
        """The match's one game (``saved``: a saved state taken as it)."""
        if self.state is not None:
            raise GameOverError(_("the match is over (R-T8)"), rule="R-T8",
                                reason=_("the game is over"), legal="nothing")
        start: dict[str, Any] = {"seed": self.seed, "dealer": 0, "single_deal": self.single}
        self.state = saved if saved is not None else self.game.new_state(**start)
        return self.state, start

    def record(self, state: State) -> None:
        """Nothing to add: the state counts its own deals and lives (T13)."""

    def is_over(self) -> bool:
        return self.state is not None and bool(self.state.is_over())

    def winners(self) -> tuple[int, ...]:
        outcome = None if self.state is None else self.state.outcome()
        return () if outcome is None else tuple(outcome.winners)

    def seat_view(self, state: State, view: Any) -> dict[str, Any]:
        """The deal (1 = the first) and every seat's lives (T13: public)."""
        return {"round": view.deal, "lives": tuple(view.lives)}
