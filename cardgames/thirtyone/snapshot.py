"""Full snapshots of a :class:`~cardgames.thirtyone.state.ThirtyOneState` (JSON-ready dicts).

A snapshot holds everything, hidden cards and the random state included, so
``state_from_dict(state_to_dict(s)) == s`` and play continues identically.
It is for saving and restoring, never for agents (they get views, R-T9).
"""

from __future__ import annotations

from typing import Any

from cardgames.cards import format_cards, parse_cards
from cardgames.errors import CardgamesError
from cardgames.thirtyone.actions import parse_action
from cardgames.thirtyone.events import event_from_dict, event_to_dict
from cardgames.thirtyone.state import ThirtyOneState
from cardgames.thirtyone.phase import Phase

__all__ = ["state_to_dict", "state_from_dict"]


def state_to_dict(state: ThirtyOneState) -> dict[str, Any]:
    """A full snapshot of ``state`` as a JSON-ready dict."""
    version, internal, gauss = state._rng.getstate()
    g = state.game
    return {
        "game": {"players": g.players, "chronicler": g.chronicler, "lives": g.lives,
                 "turn_cap": g.turn_cap},
        "seed": state.seed, "first_dealer": state.first_dealer,
        "single_deal": state.single_deal,
        "rng": [version, list(internal), gauss],
        "hands": [format_cards(h) for h in state._hands],
        "table": format_cards(state._table), "undealt": format_cards(state._undealt),
        "lives": list(state._lives), "out": list(state._out), "dealer": state._dealer,
        "deal": state._deal, "phase": state._phase.value, "current": state._current,
        "passed": list(state._passed), "turns": state._turns, "revealer": state._revealer,
        "revealed": [None if h is None else format_cards(h) for h in state._revealed],
        "final": list(state._final), "history": [str(a) for a in state.history],
        "events": [event_to_dict(e) for e in state._events],
        "deal_start": state._deal_start,
        "results": [event_to_dict(r) for r in state.results],
        "winners": None if state._winners is None else list(state._winners),
    }


def state_from_dict(data: dict[str, Any]) -> ThirtyOneState:
    """Rebuild a state from :func:`state_to_dict` output."""
    from cardgames.thirtyone.game import ThirtyOneGame

    d = data
    try:
        g = ThirtyOneGame(**d["game"])
        state = ThirtyOneState._blank(g, d["seed"], d["first_dealer"], d["single_deal"])
        version, internal, gauss = d["rng"]
        state._rng.setstate((version, tuple(internal), gauss))
        state._hands = [parse_cards(h) for h in d["hands"]]
        state._table = parse_cards(d["table"])
        state._undealt = parse_cards(d["undealt"])
        state._lives, state._out = list(d["lives"]), list(d["out"])
        state._dealer, state._deal = d["dealer"], d["deal"]
        state._phase, state._current = Phase(d["phase"]), d["current"]
        state._passed, state._turns = list(d["passed"]), d["turns"]
        state._revealer = d["revealer"]
        state._revealed = [None if h is None else tuple(parse_cards(h)) for h in d["revealed"]]
        state._final = list(d["final"])
        state.history = [parse_action(a) for a in d["history"]]
        state._events = [event_from_dict(e) for e in d["events"]]
        state._deal_start = d["deal_start"]
        state.results = [event_from_dict(r) for r in d["results"]]
        state._winners = None if d["winners"] is None else tuple(d["winners"])
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, CardgamesError):
            raise
        raise CardgamesError(f"not a Thirty-One state snapshot: {e!r}") from None
    return state
