"""What a seat is sent, the dump half of the wire (:mod:`cardgames.wire` reads it back):
:func:`dump_seat_view` and :func:`dump_event` as plain JSON data.

It imports no seat type (it reads a :class:`~cardgames.seat.SeatView`'s fields), so
:meth:`SeatView.to_dict <cardgames.seat.SeatView.to_dict>` is this module's
:func:`dump_seat_view` by a plain import (issue 32: no module patches another at import).
A game's part, its view class, the lists sent as a window and a Liar seat's derived
legal actions, is the registry's :class:`~cardgames.core.ViewCodec`
(:attr:`GameInfo.view_codec <cardgames.registry.GameInfo.view_codec>`).

>>> from cardgames.thirtyone.events import Passed
>>> dump_event(Passed(player=2))
{'wire': 1, 'kind': 'event', 'game': 'thirty-one', 'type': 'Passed', 'player': 2}
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from cardgames import registry
from cardgames.codec import (
    MAX_EVENTS,
    MAX_PLAYS,
    MAX_ROUNDS,
    Json,
    _event_codec,
    _game_of,
    _record_codec,
)
from cardgames.core import ViewCodec

__all__ = ["GAMES", "MAX_LEGAL", "VERSION", "WINDOWED", "dump_event", "dump_seat_view",
           "view_codec"]

#: The version of the wire format (``"wire"`` in every dumped object).
VERSION = 1
#: The games on the wire (registry names, in order).
GAMES = tuple(sorted(registry.names()))
#: The lists sent as a window (their last items) with their count, and each one's size.
WINDOWED = {"view.events": MAX_EVENTS, "view.my_plays": MAX_PLAYS, "places": MAX_ROUNDS}
#: The most legal-action texts sent (a Liar seat's plays are derived, not sent; a
#: Thirty-One seat's: keep, exchange; 3 x 3 swaps, swap all, pass, reveal or stand, T4-T10).
MAX_LEGAL = 64


#: Each game's seat view codec, by its registry name (read once: a dump is a hot path).
_CODECS: dict[str, ViewCodec] = {info.name: info.view_codec for info in registry.games()
                                 if info.view_codec is not None}


def view_codec(game: str) -> ViewCodec:
    """The registry's codec of ``game``'s seat view (a :class:`TypeError` for no game)."""
    codec = _CODECS.get(game) if isinstance(game, str) else None
    if codec is None:
        raise TypeError(f"no wire format for the game {game!r}")
    return codec


def dump_event(event: Any) -> dict[str, Json]:
    """A public event of either game as plain JSON data, tagged with its game."""
    game = _game_of(event)
    body: dict[str, Json] = _event_codec(game, nested=False)[0](event, "event")
    return {"wire": VERSION, "kind": "event", "game": game, **body}


def derivable(sv: Any, codec: ViewCodec) -> bool:
    """A seat view's ``legal`` is what the game's codec derives from its view (Liar:
    none, the call window's two, or the plays of the hand, R-L4).  The engine's own
    collection is compared by its phase, player and hand, without listing a play (31,930
    texts for a 30-card hand); texts by their number and their first ones."""
    if codec.legal is None:
        return False
    engine = codec.legal(sv.view, sv.seat, sv.to_act)
    derived = type(sv.legal)(() if engine is None else engine)     # the view's SeatLegal
    if sv.legal.engine is not None and derived.engine is not None:
        return bool(sv.legal == derived)
    if len(sv.legal) != len(derived):
        return False
    return tuple(itertools.islice(sv.legal, 16)) == tuple(itertools.islice(derived, 16))


def dump_seat_view(sv: Any) -> dict[str, Json]:
    """A seat's :class:`~cardgames.seat.SeatView` as plain JSON data: what that seat may
    know (R-L11, R-T9), nothing else.  ``legal`` is ``None`` where it is derived again
    on loading (a Liar seat's plays, R-L4)."""
    game = sv.game
    codec = view_codec(game)
    view_dump = _record_codec(codec.view, game)[0]
    legal: Json = None if derivable(sv, codec) else list(sv.legal)
    view, places, windows = _windowed(sv, codec)
    data = {"wire": VERSION, "kind": "seat-view", "game": game, "seat": sv.seat,
            "view": view_dump(view, "view"), "mark": sv.mark, "to_act": sv.to_act,
            "legal": legal, "over": sv.over, "match_over": sv.match_over, "match": sv.match,
            "round": sv.round, "seats": [s.to_dict() for s in sv.seats],
            "points": list(sv.points), "places": [list(p) for p in places],
            "lives": list(sv.lives), "rounds": sv.rounds, "winners": list(sv.winners)}
    if windows:
        data["windows"] = windows
    return data


def _windowed(sv: Any, codec: ViewCodec
              ) -> tuple[Any, tuple[tuple[int, ...], ...], dict[str, int]]:
    """The view and places of ``sv`` with each list of :data:`WINDOWED` cut to its last
    items, and the count of each list that was cut (or already was).  The view's windows
    are the most of any table (the codec's; a smaller table's own,
    :func:`cardgames.limits.liar_log_window`, would hold what the rules need too, but
    would cut most rounds' logs on the page)."""
    view, places = sv.view, sv.places
    cut: dict[str, Any] = {}
    for name, most in codec.windows.items():
        items = getattr(view, name)
        if len(items) > most:
            cut[name] = items[-most:]
    if cut:
        view = dataclasses.replace(view, **cut)
    if len(places) > MAX_ROUNDS:
        places = places[-MAX_ROUNDS:]
    totals = {name: sv.total(name) for name in WINDOWED}
    windows = {name: totals[name] for name in WINDOWED
               if name in dict(sv.windows) or (name == "places" and len(sv.places) > MAX_ROUNDS)
               or name[5:] in cut}
    return view, places, windows
