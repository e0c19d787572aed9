"""A Liar state as versioned JSON-friendly data, and back (``LiarState.to_dict``/``from_dict``).

It sits below the state module (which calls it), so it takes the state class
as an argument and never imports it at run time (no import cycle).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cardgames.cards import Rank, format_cards, parse_cards
from cardgames.i18n import gettext as _
from cardgames.liar.actions import LiarAction
from cardgames.liar.events import event_from_dict, event_to_dict
from cardgames.liar.phase import Phase
from cardgames.liar.pile import PilePlay

if TYPE_CHECKING:
    from cardgames.liar.state import LiarState

__all__ = ["state_from_dict", "state_to_dict"]

_FORMAT = "cardgames.liar.state"
#: The version of the JSON snapshot this code writes and reads (1 since 5b5243e).
_VERSION = 1


def _play_dict(e: PilePlay) -> dict[str, Any]:
    return {"number": e.number, "player": e.player, "cards": format_cards(e.cards),
            "announced": e.announced.name}


def _play_from(d: dict[str, Any]) -> PilePlay:
    return PilePlay(d["number"], d["player"], tuple(parse_cards(d["cards"])), Rank[d["announced"]])


def state_to_dict(self: LiarState) -> dict[str, Any]:
    """The full snapshot of ``self`` (hidden cards and RNG state included) as JSON-friendly data."""
    g = self.game
    version, internal, gauss = self._rng.getstate()
    return {
        "format": _FORMAT,
        "version": _VERSION,
        "game": g.to_dict(),
        "seed": self.seed,
        "dealer": self.dealer,
        "hands": [format_cards(h) for h in self._hands],
        "pile": [_play_dict(e) for e in self.pile],
        "put_aside": format_cards(self.put_aside),
        "plays": [_play_dict(e) for own in self._own for e in own],
        "current_player": self.current_player,
        "phase": self._phase.value,
        "due_rank": self.due_rank.name,
        "plays_made": self.plays_made,
        "winner": self.winner,
        "end_reason": self.end_reason,
        "history": [str(a) for a in self.history],
        "events": [event_to_dict(e) for e in self.events],
        "rng": [version, list(internal), gauss],
    }


def state_from_dict(cls: type[LiarState], data: dict[str, Any]) -> LiarState:
    """The state (of class ``cls``) of :func:`state_to_dict` (also version 1 as written before ``"version"``)."""
    fmt = data.get("format") if isinstance(data, dict) else None
    version: object
    if fmt == _FORMAT + "/1":          # written before the "version" key (5b5243e)
        version = 1
    elif fmt == _FORMAT:
        version = data.get("version", 0)
    else:
        raise ValueError(_("not a Liar state snapshot: format {fmt!r}").format(fmt=fmt))
    if version != _VERSION:
        raise ValueError(_("cannot read a Liar state snapshot of version {version!r}: this "
                           "cardgames reads version {supported}; a newer cardgames wrote it")
                         .format(version=version, supported=_VERSION))
    game = cls.game_class.from_dict(data["game"])
    own: list[list[PilePlay]] = [[] for _ in range(game.players)]
    for e in data["plays"]:
        entry = _play_from(e)
        own[entry.player].append(entry)
    rng_version, internal, gauss = data["rng"]
    rng = random.Random()
    rng.setstate((rng_version, tuple(internal), gauss))
    new = object.__new__(cls)
    new._init(game, seed=data["seed"], dealer=data["dealer"],
              hands=[parse_cards(h) for h in data["hands"]],
              pile=[_play_from(e) for e in data["pile"]],
              put_aside=parse_cards(data["put_aside"]),
              current_player=data["current_player"], phase=Phase(data["phase"]),
              due_rank=Rank[data["due_rank"]], plays_made=data["plays_made"],
              history=[LiarAction.parse(a) for a in data["history"]],
              events=[event_from_dict(e) for e in data["events"]], rng=rng,
              winner=data["winner"], end_reason=data["end_reason"], own=own)
    return new
