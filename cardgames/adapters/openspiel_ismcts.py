"""Information-set MCTS for the OpenSpiel games: :func:`resampler` and :func:`make_ismcts_bot`.

Importable from :mod:`cardgames.adapters.openspiel` too (which registers the
games these work on).  Split from it so that module holds the games and states.
"""


import random
from typing import Any

import numpy as np

__all__ = ["make_ismcts_bot", "resampler"]


def resampler(state: Any, player: int) -> Any:
    """A copy of ``state`` with the cards ``player`` cannot see dealt anew (for ``ISMCTSBot``).

    Thirty-One: the engine's ``determinize`` (known cards stay).  Liar: the other
    hands (less the cards ``player`` knows are there), the other players' plays
    in the pile and the cards put aside are shuffled together, sizes kept.
    The draw uses Python's ``random`` seeded from numpy's global generator,
    which ``ISMCTSBot`` callers seed.
    """
    rng = random.Random(int(np.random.randint(2**31)))
    new = state.clone()
    # a ThirtyOneSpielState holds its engine state as ``deal``, a LiarSpielState as ``round``
    # (told apart by that, not by class: the game module imports this one)
    if hasattr(state, "deal"):
        if state.deal is not None and not state.is_terminal():
            new.deal = state.deal.determinize(player, rng)
        return new
    if state.round is None or state.is_terminal():
        return new
    new.round = state.round.determinize(player, rng)   # the engine's own (LiarState)
    return new


def make_ismcts_bot(game: Any, *, max_simulations: int = 50, uct_c: float = 2.0,
                    seed: int = 0) -> Any:
    """OpenSpiel's ``ISMCTSBot`` for these games, ready for ``evaluate_bots``.

    It keys nodes by observation strings (the games provide no information
    states), resamples with :func:`resampler`, rolls out at random, and
    accepts ``restart_at``/``inform_action`` (ISMCTS keeps no state between
    moves, so both do nothing; ``evaluate_bots`` calls them).
    """
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    class _Bot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            pass

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            pass

    rs = np.random.RandomState(seed)
    bot = _Bot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=uct_c,
               max_simulations=max_simulations, random_state=rs, use_observation_string=True)
    bot.set_resampler(resampler)
    return bot
