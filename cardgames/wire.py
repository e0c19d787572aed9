"""What a seat is sent, as plain JSON data and back: the online tables' wire format.

A table service sends each seat its :class:`~cardgames.seat.SeatView` (the
engine's :class:`~cardgames.liar.LiarView` or
:class:`~cardgames.thirtyone.ThirtyOneView` with the match around it) and the
public events (R-L11, R-T9).  This module turns them into dicts of plain JSON
types (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``)
and back, equal to the originals:

- :func:`dump_seat_view` / :func:`load_seat_view`,
- :func:`dump_event` / :func:`load_event` (every event class of both games).

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
import enum
import itertools
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Union

from cardgames.cards import Card, parse_cards
from cardgames.errors import CardgamesError, WireError
from cardgames.i18n import gettext as _
from cardgames.liar import events as liar_events
from cardgames.liar.legal import LiarLegalActions
from cardgames.liar.phase import Phase as LiarPhase
from cardgames.liar.view import LiarView
from cardgames.seat import Seat, SeatLegal, SeatView
from cardgames.thirtyone import events as thirtyone_events
from cardgames.thirtyone.view import ThirtyOneView

__all__ = ["GAMES", "MAX_CARDS", "MAX_EVENTS", "VERSION", "dump_event", "dump_seat_view",
           "load_event", "load_seat_view"]

#: The version of the wire format (``"wire"`` in every dumped object).
VERSION = 1
#: The games on the wire (registry names).
GAMES = ("liar", "thirty-one")
#: The most cards in any list: two Liar decks with both Chroniclers (R-L2: 64 + 4).
MAX_CARDS = 68
#: The most seats at a table (T1: 9 players; Liar R-L2: 8).
MAX_SEATS = 9
#: The most events in one list (a round's public log: a Liar round is long at a few
#: thousand; :data:`cardgames.session.MAX_BOT_STEPS` moves of at most a few events each).
MAX_EVENTS = 50_000
#: The most finished rounds of a match (``SeatView.places``) and legal-action texts.
MAX_ROUNDS = 10_000
MAX_LEGAL = 64
#: The longest text field (a reason, a rule, a name; a card list is bounded by MAX_CARDS).
MAX_TEXT = 200
#: Numbers on the wire: whole numbers up to here (JSON's exact integers).
MAX_INT = 2**53

_LIAR_EVENTS: tuple[type[Any], ...] = (
    liar_events.Played, liar_events.Passed, liar_events.CallMade, liar_events.Revealed,
    liar_events.PileTaken, liar_events.PalePenalty, liar_events.WentOut, liar_events.RoundOver)
_THIRTYONE_EVENTS: tuple[type[Any], ...] = (
    thirtyone_events.Dealt, thirtyone_events.Kept, thirtyone_events.Exchanged,
    thirtyone_events.Swapped, thirtyone_events.Passed, thirtyone_events.Revealed,
    thirtyone_events.Stood, thirtyone_events.ThreeAces, thirtyone_events.Scored,
    thirtyone_events.LifeLost, thirtyone_events.PlayerOut, thirtyone_events.DealOver,
    thirtyone_events.MatchOver)
_EVENTS: dict[str, dict[str, type[Any]]] = {
    "liar": {c.__name__: c for c in _LIAR_EVENTS},
    "thirty-one": {c.__name__: c for c in _THIRTYONE_EVENTS},
}
_VIEWS: dict[str, type[Any]] = {"liar": LiarView, "thirty-one": ThirtyOneView}
#: Fields whose lists are longer than a hand or a table of seats.
_LONG = {"events": MAX_EVENTS}
#: Whole-number fields that may be negative (a Liar game's points per place, R-L10).
_SIGNED = frozenset({"points"})
#: Whole-number fields (or lists of them) that hold seats (0-8).
_SEAT_NAMES = frozenset({"player", "caller", "accused", "dealer", "winner",
                         "revealer", "three_aces", "current_player", "losers", "went_out",
                         "seats", "final_turns", "winners", "seat", "to_act"})

Json = Any
_Codec = tuple[Callable[[Any, str], Json], Callable[[Json, str], Any]]


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _bad(path: str, expected: str, value: object) -> WireError:
    return WireError(_("wire field {field}: expected {expected}, not {value}").format(
        field=path, expected=expected, value=_show(value)), field=path)


# ---------------------------------------------------------------- scalar codecs
def _load_int(name: str, *, signed: bool = False) -> Callable[[Json, str], Any]:
    """A whole number: a seat's number (0-8) in the fields of :data:`_SEAT_NAMES`, any
    whole number in :data:`_SIGNED`, else one >= 0."""
    low, high = (-MAX_INT if signed else 0), MAX_INT
    expected = "a whole number" if signed else "a whole number >= 0"
    if name in _SEAT_NAMES:
        high, expected = MAX_SEATS - 1, f"a whole number 0-{MAX_SEATS - 1}"

    def load(data: Json, at: str) -> int:
        if isinstance(data, bool) or not isinstance(data, int) or not low <= data <= high:
            raise _bad(at, expected, data)
        return data
    return load


def _load_float(data: Json, at: str) -> float:
    if (isinstance(data, bool) or not isinstance(data, (int, float))
            or not math.isfinite(data) or abs(data) > MAX_INT):
        raise _bad(at, "a number", data)
    return float(data)


def _load_bool(data: Json, at: str) -> bool:
    if not isinstance(data, bool):
        raise _bad(at, "true or false", data)
    return data


def _load_str(data: Json, at: str) -> str:
    if not isinstance(data, str) or len(data) > MAX_TEXT:
        raise _bad(at, f"text of at most {MAX_TEXT} characters", data)
    return data


def _dump_cards(value: Any, at: str) -> Json:
    return " ".join(c.notation() for c in value)


def _load_cards(data: Json, at: str) -> tuple[Card, ...]:
    if not isinstance(data, str) or len(data) > 4 * MAX_CARDS:
        raise _bad(at, "cards in notation", data)
    try:
        cards = tuple(parse_cards(data))
    except CardgamesError:
        raise _bad(at, "cards in notation such as '7H 8H'", data) from None
    if len(cards) > MAX_CARDS:
        raise _bad(at, f"at most {MAX_CARDS} cards", data)
    return cards


def _enum_codec(cls: type[enum.Enum]) -> _Codec:
    by_name = not all(isinstance(m.value, str) for m in cls)    # Rank by name
    table = {(m.name if by_name else m.value): m for m in cls}
    expected = "one of " + ", ".join(map(str, table))

    def dump(value: Any, at: str) -> Json:
        return value.name if by_name else value.value

    def load(data: Json, at: str) -> Any:
        if not isinstance(data, str) or data not in table:
            raise _bad(at, expected, data)
        return table[data]
    return dump, load


def _same(value: Any, at: str) -> Json:
    return value


# ---------------------------------------------------------------- composite codecs
def _codec(tp: Any, name: str, game: str) -> _Codec:
    """The codec of a value of type ``tp`` in the field ``name`` of ``game``'s objects."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        args = typing.get_args(tp)
        if type(None) in args and len(args) == 2:
            inner = _codec(next(a for a in args if a is not type(None)), name, game)
            return (lambda v, at: None if v is None else inner[0](v, at),
                    lambda d, at: None if d is None else inner[1](d, at))
        return _event_codec(game, nested=True)        # thirtyone's Event union
    if origin is tuple:
        item = typing.get_args(tp)[0]
        if item is Card:
            return _dump_cards, _load_cards
        return _list_codec(_codec(item, name, game), _LONG.get(name, MAX_CARDS))
    if tp is bool:
        return _same, _load_bool
    if tp is int:
        return _same, _load_int(name, signed=name in _SIGNED)
    if tp is float:
        return _same, _load_float
    if tp is str:
        return _same, _load_str
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_codec(tp)
    if tp is liar_events.LiarEvent:
        return _event_codec(game, nested=True)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _record_codec(tp, game)
    raise TypeError(f"no wire codec for {tp!r}")       # a new field type: teach this module


def _list_codec(item: _Codec, most: int) -> _Codec:
    dump_item, load_item = item

    def dump(value: Any, at: str) -> Json:
        return [dump_item(v, at) for v in value]

    def load(data: Json, at: str) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise _bad(at, "a list", data)
        if len(data) > most:
            raise WireError(_("wire field {field}: at most {most} items, not {n}").format(
                field=at, most=most, n=len(data)), field=at)
        return tuple(load_item(d, f"{at}[{i}]") for i, d in enumerate(data))
    return dump, load


_RECORDS: dict[tuple[type[Any], str], tuple[dict[str, _Codec], frozenset[str]]] = {}


def _fields(cls: type[Any], game: str) -> tuple[dict[str, _Codec], frozenset[str]]:
    """The codec of each field of the dataclass ``cls``, and the fields with defaults."""
    key = (cls, game)
    if key not in _RECORDS:
        hints = typing.get_type_hints(cls)
        codecs: dict[str, _Codec] = {}
        optional = set()
        _RECORDS[key] = (codecs, frozenset())      # a placeholder for recursive types
        for f in dataclasses.fields(cls):
            codecs[f.name] = _codec(hints[f.name], f.name, game)
            if f.default is not dataclasses.MISSING:
                optional.add(f.name)
        _RECORDS[key] = (codecs, frozenset(optional))
    return _RECORDS[key]


def _dump_fields(value: Any, at: str, game: str) -> dict[str, Json]:
    codecs, _opt = _fields(type(value), game)
    return {name: dump(getattr(value, name), f"{at}.{name}") for name, (dump, _l) in
            codecs.items()}


def _load_fields(cls: type[Any], data: Mapping[str, Json], at: str, game: str, *,
                 skip: frozenset[str] = frozenset()) -> dict[str, Any]:
    codecs, optional = _fields(cls, game)
    unknown = sorted(str(k)[:40] for k in data if k not in codecs and k not in skip)
    if unknown:
        raise WireError(_("wire field {field}: unknown fields {names}").format(
            field=at, names=", ".join(unknown[:5])), field=f"{at}.{unknown[0]}")
    out: dict[str, Any] = {}
    for name, (_d, load) in codecs.items():
        if name not in data:
            if name in optional:
                continue
            raise WireError(_("wire field {field} is missing").format(field=f"{at}.{name}"),
                            field=f"{at}.{name}")
        out[name] = load(data[name], f"{at}.{name}")
    return out


def _build(cls: type[Any], kwargs: dict[str, Any], at: str) -> Any:
    try:
        return cls(**kwargs)
    except (CardgamesError, TypeError) as e:        # a record's own check
        raise WireError(_("wire field {field}: {error}").format(field=at, error=e),
                        field=at) from None


def _record_codec(cls: type[Any], game: str) -> _Codec:
    def dump(value: Any, at: str) -> Json:
        return _dump_fields(value, at, game)

    def load(data: Json, at: str) -> Any:
        if not isinstance(data, dict):
            raise _bad(at, "an object", data)
        return _build(cls, _load_fields(cls, data, at, game), at)
    return dump, load


def _event_codec(game: str, *, nested: bool) -> _Codec:
    classes = _EVENTS[game]

    def dump(value: Any, at: str) -> Json:
        name = type(value).__name__
        if classes.get(name) is not type(value):
            raise TypeError(f"{value!r} is not an event of {game}")
        return {"type": name, **_dump_fields(value, at, game)}

    def load(data: Json, at: str) -> Any:
        if not isinstance(data, dict):
            raise _bad(at, "an event object", data)
        kind = data.get("type")
        cls = classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise _bad(f"{at}.type", f"an event of {game}: " + ", ".join(classes), kind)
        skip = frozenset({"type"} if nested else {"type", "wire", "kind", "game"})
        return _build(cls, _load_fields(cls, data, at, game, skip=skip), at)
    return dump, load


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


def _game_of(value: Any) -> str:
    for game, classes in _EVENTS.items():
        if classes.get(type(value).__name__) is type(value):
            return game
    raise TypeError(f"not an event of either game: {value!r}")


# ---------------------------------------------------------------- the API
def dump_event(event: Any) -> dict[str, Json]:
    """A public event of either game as plain JSON data, tagged with its game.

    >>> from cardgames.thirtyone.events import Passed
    >>> dump_event(Passed(player=2))
    {'wire': 1, 'kind': 'event', 'game': 'thirty-one', 'type': 'Passed', 'player': 2}
    """
    game = _game_of(event)
    body: dict[str, Json] = _event_codec(game, nested=False)[0](event, "event")
    return {"wire": VERSION, "kind": "event", "game": game, **body}


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


def _liar_legal(view: LiarView, seat: int, to_act: int | None) -> SeatLegal:
    """The legal actions of a Liar seat, derived from its view as the engine makes them
    (lazily: nothing is listed)."""
    if to_act != seat or view.current_player != seat:
        return SeatLegal(())
    if view.phase is LiarPhase.CALL_WINDOW:
        return SeatLegal(LiarLegalActions(LiarPhase.CALL_WINDOW, seat))
    if view.phase is LiarPhase.PLAY:
        return SeatLegal(LiarLegalActions.for_play(seat, view.hand))
    return SeatLegal(())


def _derivable(sv: SeatView) -> bool:
    """A Liar seat view's ``legal`` is what :func:`_liar_legal` derives from its view:
    none, the call window's two, or the plays of the hand (R-L4).  The engine's own
    collection is compared by its phase, player and hand, without listing a play (31,930
    texts for a 30-card hand); texts by their number and their first ones."""
    derived = _liar_legal(sv.view, sv.seat, sv.to_act)
    if sv.legal.engine is not None and derived.engine is not None:
        return sv.legal == derived
    if len(sv.legal) != len(derived):
        return False
    return tuple(itertools.islice(sv.legal, 16)) == tuple(itertools.islice(derived, 16))


def dump_seat_view(sv: SeatView) -> dict[str, Json]:
    """A seat's :class:`~cardgames.seat.SeatView` as plain JSON data: what that seat may
    know (R-L11, R-T9), nothing else.  ``legal`` is ``None`` where it is derived again
    on loading (a Liar seat's plays, R-L4)."""
    game = sv.game
    if game not in GAMES:
        raise TypeError(f"no wire format for the game {game!r}")
    view_dump = _record_codec(_VIEWS[game], game)[0]
    legal: Json = None if game == "liar" and _derivable(sv) else list(sv.legal)
    return {"wire": VERSION, "kind": "seat-view", "game": game, "seat": sv.seat,
            "view": view_dump(sv.view, "view"), "mark": sv.mark, "to_act": sv.to_act,
            "legal": legal, "over": sv.over, "match_over": sv.match_over, "match": sv.match,
            "round": sv.round, "seats": [s.to_dict() for s in sv.seats],
            "points": list(sv.points), "places": [list(p) for p in sv.places],
            "lives": list(sv.lives), "rounds": sv.rounds, "winners": list(sv.winners)}


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
    missing = [k for k in _SEAT_FIELDS if k not in data]
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

    def ints(value: Json, at: str, most: int, *, signed: bool = False) -> tuple[int, ...]:
        load = _list_codec((_same, _load_int(at, signed=signed)), most)[1]
        return typing.cast(tuple[int, ...], load(value, at))

    seat = typing.cast(int, seat_no(data["seat"], "seat"))
    view = _record_codec(_VIEWS[game], game)[1](data["view"], "view")
    if view.player != seat or view.players != n:
        raise _bad("view.player", f"seat {seat} of {n}", (view.player, view.players))
    to_act = seat_no(data["to_act"], "to_act", none=True)
    if data["legal"] is None and game == "liar":
        legal = _liar_legal(view, seat, to_act)
    else:
        legal = SeatLegal(typing.cast(tuple[str, ...], _list_codec(
            (_same, _load_str), MAX_LEGAL)[1](data["legal"], "legal")))
    rounds = data["rounds"]
    if rounds is not None:
        rounds = _load_int("rounds")(rounds, "rounds")
    return SeatView(
        seat=seat, game=game, view=view, mark=_load_int("mark")(data["mark"], "mark"),
        to_act=to_act, legal=legal, over=_load_bool(data["over"], "over"),
        match_over=_load_bool(data["match_over"], "match_over"),
        match=_load_int("match")(data["match"], "match"),
        round=_load_int("round")(data["round"], "round"), seats=seats,
        points=ints(data["points"], "points", MAX_SEATS, signed=True),
        places=typing.cast(tuple[tuple[int, ...], ...], _list_codec(
            (_same, lambda d, at: ints(d, at, MAX_SEATS)), MAX_ROUNDS)[1](data["places"],
                                                                          "places")),
        lives=ints(data["lives"], "lives", MAX_SEATS), rounds=rounds,
        winners=tuple(typing.cast(int, seat_no(w, f"winners[{i}]"))
                      for i, w in enumerate(_list_codec((_same, _same), MAX_SEATS)[1](
                          data["winners"], "winners"))))
