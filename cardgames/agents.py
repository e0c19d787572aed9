"""Agents: anything that picks an action from a player's view.

An agent sees only what its player may know (the view, R-L11 / R-T9) and the
legal actions, and draws its randomness from the ``rng`` it is handed, which
the caller owns and seeds.  There is no global random state.

>>> import random
>>> class FirstAgent:
...     name = "first"
...     def act(self, view, legal_actions, rng):
...         return next(iter(legal_actions))
>>> isinstance(FirstAgent(), Agent)
True
>>> RandomAgent().act(None, ["pass", "call"], random.Random(1)) in ("pass", "call")
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

# one Agent protocol for both games (issue 17 item 2): cardgames.core's, re-exported here
from cardgames.core import Agent

__all__ = ["Agent", "RandomAgent"]


class RandomAgent:
    """Picks uniformly among the legal actions (either game).

    Uses ``legal_actions.sample(rng)`` when the collection offers it (Liar's
    legal plays are sampled lazily), else a uniform choice from the list.
    """

    name = "random"

    def act(self, view: Any, legal_actions: Iterable[Any], rng: random.Random) -> Any:
        sample = getattr(legal_actions, "sample", None)
        if sample is not None:
            return sample(rng)
        options = list(legal_actions)
        return options[rng.randrange(len(options))]

    def __repr__(self) -> str:
        return "RandomAgent()"
