"""What a table of Thirty-One adds to the engine, for the registry
(:mod:`cardgames.registry`): its match (:func:`make_match`: the state's own game of
deals, T13), how its seat view travels on the wire (:data:`VIEW_CODEC`), its public
counts in the teacher's list (:func:`summary`: the lives), the events shown there as the
last calls, the teacher's replay step (:func:`replay_step`) and the options a table's
form offers (:data:`TABLE_FORM`).

>>> from cardgames.thirtyone.game import ThirtyOneGame
>>> state, start = make_match(ThirtyOneGame(players=2), seed=3, single=True).next_game()
>>> start["single_deal"], summary(state.view(0))
(True, {'lives': (3, 3)})
"""

from __future__ import annotations

from typing import Any

from cardgames.cards import format_cards
from cardgames.codec import MAX_EVENTS
from cardgames.core import Match, ViewCodec
from cardgames.i18n import N_
from cardgames.thirtyone.game import ThirtyOneGame
from cardgames.thirtyone.match import ThirtyOneMatch
from cardgames.thirtyone.view import ThirtyOneView

__all__ = ["CLI_OPTIONS", "LAST_CALLS", "TABLE_FORM", "VIEW_CODEC", "make_match", "replay_step", "summary"]

#: The events a teacher's list shows as "the last calls".
LAST_CALLS = ("Revealed", "Stood", "ThreeAces", "LifeLost", "PlayerOut", "DealOver",
              "MatchOver")
#: The options ``cardgames simulate --option KEY=VALUE`` takes, with the largest value and
#: why: each bound is far beyond a real game and keeps one run to minutes, not days.
CLI_OPTIONS = {
    "lives": (0, 9, N_("lives 0-9: every life is a deal a player may lose, and the tables "
                       "offer 0-9 (R-T8)")),
    "turn_cap": (0, 1000, N_("turn_cap 0-1000: a cap on a deal's turns (R-T10); 1000 "
                             "turns is far beyond any real deal")),
    "chronicler": (0, 1, N_("chronicler true or false (T2)")),
}
#: The options a table's form offers: name -> (kind, default): the lives (R-T8, T13)
#: and the Chronicler (T2, a box: on or off).
TABLE_FORM = {"lives": ("whole", "3"), "chronicler": ("flag", "")}
#: A Thirty-One seat view on the wire: the public log windowed.
VIEW_CODEC = ViewCodec(view=ThirtyOneView, windows={"events": MAX_EVENTS})


def make_match(game: Any, *, seed: int, single: bool) -> Match:
    """The match of a table: the game of deals to the last player with lives (T13);
    ``single``: one deal."""
    assert isinstance(game, ThirtyOneGame)
    return ThirtyOneMatch(game, seed=seed, single=single)


def summary(view: Any) -> dict[str, Any]:
    """The public counts of a table for the teacher's list: every seat's lives (T13)."""
    return {"lives": tuple(int(n) for n in view.lives)}


def _codes(cards: Any) -> list[str]:
    text = format_cards(tuple(cards))
    return text.split() if text else []


def replay_step(state: Any, n: int) -> dict[str, Any]:
    """One step of the teacher's replay: every hand, the table's cards, the lives and
    what each seat knew of the others' hands (the cards it saw taken, R-T9)."""
    from cardgames.thirtyone.beliefs import known_cards

    knew = []
    for p in range(n):
        view = state.view(p)
        known = known_cards(view)
        knew.append({"others": [{"seat": q, "known": _codes(known[q]),
                                 "hidden": 0 if view.out[q] else max(3 - len(known[q]), 0)}
                                for q in range(n) if q != p],
                     "pile_known": [], "pile_size": 0})
    return {"hands": [_codes(state.hand(p)) for p in range(n)], "pile": [], "knew": knew,
            "table": _codes(state.table), "lives": list(state.lives),
            "out": [bool(o) for o in state.out]}
