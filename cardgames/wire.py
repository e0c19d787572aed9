"""What a seat is sent, as plain JSON data and back: the online tables' wire format.

A table service sends each seat its :class:`~cardgames.seat.SeatView` (the
engine's :class:`~cardgames.liar.LiarView` or
:class:`~cardgames.thirtyone.ThirtyOneView` with the match around it) and the
public events (R-L11, R-T9).  This module turns them into dicts of plain JSON
types (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``)
and back, equal to the originals:

- :func:`dump_seat_view` / :func:`load_seat_view`,
- :func:`dump_event` / :func:`load_event` (every event class of both games).

One codec (:mod:`cardgames.codec`) serves the wire and the saves
(:func:`event_to_dict` / :func:`event_from_dict`, the states' snapshots).

A dumped object carries a tag (``"wire": VERSION``, ``"kind"``, ``"game"``),
cards travel in their notation (``"7H 8H"``), ranks by name, phases and
Chroniclers by value.  A loaded dict is hostile until checked: every field is
checked for its type and bounds (a list no longer than the game allows, a
number in range, no unknown or missing field), and anything else is a
:class:`~cardgames.errors.WireError` naming the field, never a half-built view.

The legal actions of a Liar seat in the play phase are every 1-4 cards of the
hand (L7, R-L4: thousands of texts for a big hand); they are not sent but
derived again from the view's hand on loading (R-L4 is the engine's rule, the
same iteration).

>>> from cardgames.session import Seat, Session
>>> s = Session.new("liar", seats=[Seat.human("Ana"), Seat.human("Ivo")], seed=4)
>>> data = dump_seat_view(s.view(1))
>>> data["wire"], data["kind"], data["game"], data["view"]["hand"], data["legal"]
(1, 'seat-view', 'liar', '8H 9H UH 7B 10B OB KB 8L UL OL KL 7A 9A 10A OA KA', None)
>>> load_seat_view(data) == s.view(1)
True
>>> e = s.act(s.to_act, s.view(s.to_act).legal[0], mark=0)[0]
>>> dump_event(e)
{'wire': 1, 'kind': 'event', 'game': 'liar', 'type': 'Played', 'player': 1, 'count': 1, 'announced': 'SEVEN', 'number': 1}
>>> load_event(dump_event(e)) == e
True
>>> load_event({"wire": 1, "kind": "event", "game": "liar", "type": "Played",
...             "player": -1, "count": 1, "announced": "SEVEN", "number": 1})
Traceback (most recent call last):
...
cardgames.errors.WireError: wire field event.player: expected a whole number 0-8, not -1
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from cardgames.codec import (
    MAX_CARDS,
    MAX_EVENTS,
    MAX_INT,
    MAX_PLAYS,
    MAX_ROUNDS,
    MAX_SEATS,
    Json,
    _bad,
    _event_codec,
    _list_codec,
    _load_bool,
    _load_int,
    _load_str,
    _record_codec,
    _same,
    _show,
    event_from_dict,
    event_to_dict,
)
from cardgames.errors import CardgamesError, WireError
from cardgames.i18n import gettext as _
from cardgames.seat import Seat, SeatLegal, SeatView
from cardgames.wire_dump import (
    GAMES,
    MAX_LEGAL,
    VERSION,
    WINDOWED,
    dump_event,
    dump_seat_view,
    view_codec,
)

__all__ = ["GAMES", "MAX_CARDS", "MAX_EVENTS", "MAX_PLAYS", "MAX_ROUNDS", "MAX_SEATS", "VERSION",
           "WINDOWED", "dump_event", "dump_seat_view", "event_from_dict", "event_to_dict",
           "load_event", "load_seat_view"]


# ---------------------------------------------------------------- the tag
def _check_tag(data: Json, kind: str) -> str:
    """The game of a tagged dict of ``kind`` (a :class:`WireError` if it is not one)."""
    if not isinstance(data, dict):
        raise _bad(kind, "an object", data)
    if data.get("wire") != VERSION or isinstance(data.get("wire"), bool):
        raise WireError(_("wire: not data of version {version}: {found}").format(
            version=VERSION, found=_show(data.get("wire"))), field="wire")
    if data.get("kind") != kind:
        raise _bad("kind", repr(kind), data.get("kind"))
    game = data.get("game")
    if game not in GAMES:
        raise _bad("game", "one of " + ", ".join(GAMES), game)
    return str(game)


def load_event(data: Json) -> Any:
    """The event of :func:`dump_event` (a :class:`WireError` naming the bad field).

    >>> load_event({"wire": 1, "kind": "event", "game": "thirty-one", "type": "Won"})
    Traceback (most recent call last):
    ...
    cardgames.errors.WireError: wire field event.type: expected an event of thirty-one: Dealt, Kept, Exchanged, Swapped, Passed, Revealed, Stood, ThreeAces, Scored, LifeLost, PlayerOut, DealOver, MatchOver, not 'Won'
    """
    game = _check_tag(data, "event")
    return _event_codec(game, nested=False)[1](data, "event")


_SEAT_FIELDS = tuple(f.name for f in dataclasses.fields(SeatView))
_SEAT_KEYS = frozenset(_SEAT_FIELDS) | {"wire", "kind"}
#: Fields a seat view's data may leave out: ``windows`` (nothing windowed: every frame of
#: the wire before the windows, issue 29).
_OPTIONAL = frozenset({"windows"})


def _load_windows(data: Json, sv_lists: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """The ``"windows"`` of a seat view: each a windowed list's name and its count (at
    least the items sent, at most JSON's exact integers)."""
    if data is None:
        return ()
    if not isinstance(data, dict) or len(data) > len(WINDOWED):
        raise _bad("windows", "an object of counts", data)
    out = []
    for name, count in data.items():
        if name not in WINDOWED:
            raise _bad("windows", "one of " + ", ".join(WINDOWED), name)
        if (isinstance(count, bool) or not isinstance(count, int)
                or not sv_lists[name] <= count <= MAX_INT):
            raise _bad(f"windows.{name}", f"a count of at least {sv_lists[name]}", count)
        out.append((str(name), count))
    return tuple(sorted(out))


def _load_seats(data: Json) -> tuple[Seat, ...]:
    if not isinstance(data, list) or not 2 <= len(data) <= MAX_SEATS:
        raise _bad("seats", f"a list of 2-{MAX_SEATS} seats", data)
    seats = []
    for i, d in enumerate(data):
        at = f"seats[{i}]"
        if not isinstance(d, dict) or set(d) != {"kind", "name", "bot"}:
            raise _bad(at, "a seat {kind, name, bot}", d)
        try:
            seats.append(Seat(_load_str(d["kind"], f"{at}.kind"), _load_str(d["name"], f"{at}.name"),
                              None if d["bot"] is None else _load_str(d["bot"], f"{at}.bot")))
        except WireError:
            raise
        except CardgamesError as e:
            raise WireError(_("wire field {field}: {error}").format(field=at, error=e),
                            field=at) from None
    return tuple(seats)


def load_seat_view(data: Json) -> SeatView:
    """The :class:`~cardgames.seat.SeatView` of :func:`dump_seat_view`, equal to the
    original (a :class:`WireError` naming the bad field, for anything else).

    >>> load_seat_view({"wire": 1, "kind": "seat-view", "game": "chess"})
    Traceback (most recent call last):
    ...
    cardgames.errors.WireError: wire field game: expected one of liar, thirty-one, not 'chess'
    """
    game = _check_tag(data, "seat-view")
    unknown = sorted(str(k)[:40] for k in data if k not in _SEAT_KEYS)
    missing = [k for k in _SEAT_FIELDS if k not in data and k not in _OPTIONAL]
    if unknown or missing:
        field = (unknown or missing)[0]
        raise WireError(_("wire field {field}: unknown fields {names}").format(
            field="seat-view", names=", ".join(unknown[:5])) if unknown else
            _("wire field {field} is missing").format(field=field), field=field)
    seats = _load_seats(data["seats"])
    n = len(seats)

    def seat_no(value: Json, at: str, *, none: bool = False) -> int | None:
        if value is None and none:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            raise _bad(at, f"a seat 0-{n - 1}", value)
        return value

    def ints(value: Json, at: str, most: int, *, signed: bool = False,
             name: str | None = None) -> tuple[int, ...]:
        load = _list_codec((_same, _load_int(name or at, signed=signed)), most)[1]
        return typing.cast(tuple[int, ...], load(value, at))

    seat = typing.cast(int, seat_no(data["seat"], "seat"))
    codec = view_codec(game)
    view = _record_codec(codec.view, game)[1](data["view"], "view")
    if view.player != seat or view.players != n:
        raise _bad("view.player", f"seat {seat} of {n}", (view.player, view.players))
    to_act = seat_no(data["to_act"], "to_act", none=True)
    if data["legal"] is None and codec.legal is not None:   # derived again (Liar, R-L4)
        engine = codec.legal(view, seat, to_act)
        legal = SeatLegal(() if engine is None else engine)
    else:
        legal = SeatLegal(typing.cast(tuple[str, ...], _list_codec(
            (_same, _load_str), MAX_LEGAL)[1](data["legal"], "legal")))
    rounds = data["rounds"]
    if rounds is not None:
        rounds = _load_int("rounds")(rounds, "rounds")
    places = typing.cast(tuple[tuple[int, ...], ...], _list_codec(
        (_same, lambda d, at: ints(d, at, MAX_SEATS, name="places")), MAX_ROUNDS)[1](
            data["places"], "places"))
    windows = _load_windows(data.get("windows"), {
        "view.events": len(view.events), "view.my_plays": len(getattr(view, "my_plays", ())),
        "places": len(places)})
    return SeatView(
        seat=seat, game=game, view=view, mark=_load_int("mark")(data["mark"], "mark"),
        to_act=to_act, legal=legal, over=_load_bool(data["over"], "over"),
        match_over=_load_bool(data["match_over"], "match_over"),
        match=_load_int("match")(data["match"], "match"),
        round=_load_int("round")(data["round"], "round"), seats=seats,
        points=ints(data["points"], "points", MAX_SEATS, signed=True),
        places=places, lives=ints(data["lives"], "lives", MAX_SEATS), rounds=rounds,
        winners=tuple(typing.cast(int, seat_no(w, f"winners[{i}]"))
                      for i, w in enumerate(_list_codec((_same, _same), MAX_SEATS)[1](
                          data["winners"], "winners"))), windows=windows)
