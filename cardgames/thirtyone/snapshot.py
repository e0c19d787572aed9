"""Full snapshots of a :class:`~cardgames.thirtyone.state.ThirtyOneState` (JSON-ready dicts).

A snapshot holds everything, hidden cards and the random state included, so
``state_from_dict(state_to_dict(s)) == s`` and play continues identically.
It is for saving and restoring, never for agents (they get views, R-T9).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cardgames.cards import format_cards, parse_cards
from cardgames.errors import CardgamesError
from cardgames.thirtyone.actions import parse_action
from cardgames.thirtyone.events import event_from_dict, event_to_dict
from cardgames.thirtyone.phase import Phase

if TYPE_CHECKING:   # state.py imports this module: only the type checker reads this one
    from cardgames.thirtyone.state import ThirtyOneState

__all__ = ["FORMAT", "VERSION", "state_to_dict", "state_from_dict"]

#: The ``"format"`` of a snapshot.
FORMAT = "cardgames.thirtyone.state"
#: The version of the snapshot this code writes and reads (1: as in 5b5243e, which wrote
#: no ``"format"`` and no ``"version"``).
VERSION = 1


def state_to_dict(state: ThirtyOneState) -> dict[str, Any]:
    """A full snapshot of ``state`` as a JSON-ready dict."""
    version, internal, gauss = state._rng.getstate()
    g = state.game
    return {
        "format": FORMAT, "version": VERSION,
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


def state_from_dict(cls: type[ThirtyOneState], data: dict[str, Any]) -> ThirtyOneState:
    """Rebuild a state from :func:`state_to_dict` output (any version up to :data:`VERSION`;
    a snapshot without ``"version"`` was written before versions, by 5b5243e, and is version 1).

    A newer version is refused with an error naming it.  ``cls`` is the state class;
    ``cls.game_class`` rebuilds the game (so this module imports neither).
    """
    d = data
    if not isinstance(d, dict):
        raise CardgamesError(f"not a Thirty-One state snapshot: {type(d).__name__}")
    if d.get("format", FORMAT) != FORMAT:
        raise CardgamesError(f"not a Thirty-One state snapshot: format {d.get('format')!r}")
    version = d.get("version", 1)
    if version != VERSION:
        raise CardgamesError(f"cannot read a Thirty-One state snapshot of version {version!r}: "
                             f"this cardgames reads version {VERSION}; a newer cardgames wrote it")
    try:
        g = cls.game_class(**d["game"])
        version_, internal, gauss = d["rng"]
        rng = random.Random()
        rng.setstate((version_, tuple(internal), gauss))
        state = cls._make(
            g, seed=d["seed"], first_dealer=d["first_dealer"], single_deal=d["single_deal"],
            rng=rng, hands=[parse_cards(h) for h in d["hands"]], table=parse_cards(d["table"]),
            undealt=parse_cards(d["undealt"]), lives=list(d["lives"]), out=list(d["out"]),
            dealer=d["dealer"], deal=d["deal"], phase=Phase(d["phase"]), current=d["current"],
            passed=list(d["passed"]), turns=d["turns"], revealer=d["revealer"],
            revealed=[None if h is None else tuple(parse_cards(h)) for h in d["revealed"]],
            final=list(d["final"]), history=[parse_action(a) for a in d["history"]],
            events=[event_from_dict(e) for e in d["events"]], deal_start=d["deal_start"],
            results=[event_from_dict(r) for r in d["results"]],
            winners=None if d["winners"] is None else tuple(d["winners"]))
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, CardgamesError):
            raise
        raise CardgamesError(f"not a Thirty-One state snapshot: {e!r}") from None
    return state
