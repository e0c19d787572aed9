"""Long Liar rounds on purpose: :class:`OneCardAgent` plays one card at a time and calls
half the time (issue 29: the rounds that broke a student's page after a seat's 69th
play).  Shared by ``benchmarks/soak_tables.py`` and the tests (``tests/test_wire_limits.py``
and ``tests/tables/test_whole_games.py`` load this file by path, as ``_wire_seat.py``).

It is an agent of the engine's protocol (``act(view, legal_actions, rng)``), not a product
bot: one card a play makes the most plays a round can hold (R-L4: a play is 1-4 cards), and
a coin for every call window keeps the pile changing hands (L9).  In Thirty-One it never
reveals while it may swap (T6, T8: it passes only when it may), so a deal lasts until
another seat reveals or the turn cap (R-T10) ends it.

    from cardgames.session import Seat, Session
    s = Session.new("liar", seats=[Seat.remote("a"), Seat.remote("b")], seed=1)
    agent, rng = OneCardAgent(), random.Random(1)
    s.act(s.to_act, agent.act(s.view(s.to_act).view, s.view(s.to_act).legal, rng), mark=s.mark)
"""

from __future__ import annotations

import random
from typing import Any


class OneCardAgent:
    """Liar: a random single card on its turn, ``call`` with probability ``call_rate``;
    Thirty-One: a random swap of one card (a pass when it may not swap; never a reveal
    while anything else is legal)."""

    name = "one-card"

    def __init__(self, call_rate: float = 0.5) -> None:
        self.call_rate = call_rate

    def act(self, view: Any, legal_actions: Any, rng: random.Random) -> str:
        texts = legal_actions
        if "call" in texts:                                  # a Liar call window (R-L5)
            return "call" if rng.random() < self.call_rate else "pass"
        if hasattr(view, "my_plays"):                        # a Liar play: one card (R-L4)
            return f"play {rng.choice(view.hand).notation()}"
        every = list(texts)                                  # Thirty-One: a few texts
        swaps = [t for t in every if t.startswith("swap ") and t != "swap all"]
        if swaps:
            return rng.choice(swaps)
        keep = [t for t in every if t not in ("reveal",)]
        return rng.choice(keep or every)

    def __repr__(self) -> str:
        return f"OneCardAgent(call_rate={self.call_rate})"


def one_card_round(seed: int = 1, *, seats: int = 2, actions: int = 100_000,
                   call_rate: float = 0.5, options: dict[str, Any] | None = None,
                   each: Any = None) -> Any:
    """A Liar session of ``seats`` remote seats played by :class:`OneCardAgent` with
    ``random.Random(seed)`` until its first round ends (or ``actions`` actions);
    ``each(session, n)`` after every action.  The session."""
    from cardgames.session import Seat, Session

    s = Session.new("liar", seats=[Seat.remote(f"p{i}") for i in range(seats)], seed=seed,
                    options=options or {})
    agent, rng = OneCardAgent(call_rate), random.Random(seed)
    n = 0
    while not s.over and n < actions:
        sv = s.view(s.to_act)
        s.act(s.to_act, agent.act(sv.view, sv.legal, rng), mark=s.mark)
        n += 1
        if each is not None:
            each(s, n)
    return s
