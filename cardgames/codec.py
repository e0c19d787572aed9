"""One codec for the engine's events and views as plain JSON data: the wire and the saves.

The online tables' wire (:mod:`cardgames.wire`) and the saves (the states' snapshots,
``cardgames.liar.events.event_to_dict`` / ``cardgames.thirtyone.events.event_to_dict``,
the engine views' ``to_dict``) write the same dataclasses; this module is the one
codec of both, built from each class's fields and type hints.  Cards travel in their
notation (``"7H 8H"``), ranks by name, phases and Chroniclers by value.  Loading is
hostile-proof: every field is checked for its type and bounds (a list no longer than
the game allows, a number in range, no unknown or missing field), anything else is a
:class:`~cardgames.errors.WireError` naming the field.  The saves' form differs in two
details, kept so that every save ever written loads: a deal's result names its type
(``"type": "DealResult"``) and no cards is ``[]``.

Each game's events module registers its classes (:func:`register_events`); this module
imports no game.

>>> from cardgames.thirtyone.events import Passed
>>> event_to_dict(Passed(player=2)), event_from_dict({"type": "Passed", "player": 2}, "thirty-one")
({'type': 'Passed', 'player': 2}, Passed(player=2))
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Union

from cardgames.cards import Card, parse_cards
from cardgames.errors import CardgamesError, WireError
from cardgames.i18n import gettext as _
from cardgames.limits import LIMITS

__all__ = ["MAX_CARDS", "MAX_EVENTS", "MAX_INT", "MAX_PLAYS", "MAX_ROUNDS", "MAX_SEATS",
           "MAX_TEXT", "event_from_dict", "event_to_dict", "register_events"]

#: The bounds of every list and number, derived from the rules
#: (:class:`cardgames.limits.WireLimits`): the most cards of a game (R-L2: 68), seats at a
#: table (T1: 9), the windows of a round's log and of a seat's own plays, of a match's places.
MAX_CARDS = LIMITS.cards
MAX_SEATS = LIMITS.seats
MAX_EVENTS = LIMITS.events
MAX_PLAYS = LIMITS.plays
MAX_ROUNDS = LIMITS.rounds
#: The longest text field (a reason, a rule, a name; a card list is bounded by the cards).
#: Not a rule's: the engine's longest reason is under 100 characters.
MAX_TEXT = 200
#: Counters the rules do not end (a play's number, a deal's, turns, a mark, points): whole
#: numbers up to JSON's exact integers.
MAX_INT = 2**53

#: Whole-number fields that may be negative (a Liar game's points per place, R-L10).
_SIGNED = frozenset({"points"})
#: Whole-number fields (or lists of them) that hold seats (0 to the most seats - 1, T1).
_SEAT_NAMES = frozenset({"player", "caller", "accused", "dealer", "winner",
                         "revealer", "three_aces", "current_player", "losers", "went_out",
                         "seats", "final_turns", "winners", "seat", "to_act"})
#: Whole-number fields (or lists of them) that count cards (at most the most cards, R-L2).
_CARD_COUNTS = frozenset({"count", "hand_sizes", "pile_size", "put_aside_count", "undealt",
                          "cards_held"})
#: Lists with one item per seat (at most the most seats, T1).
_PER_SEAT = frozenset({"hand_sizes", "lives", "out", "passed", "revealed", "final_turns",
                       "seats", "losers", "went_out", "winners", "scores", "places",
                       "cards_held", "points"})


def _int_bounds(name: str, signed: bool, saved: bool = False) -> tuple[int, int, str]:
    """(lowest, highest, words) of the whole-number field ``name``, from the rules (the
    saves: lives as the engine allows them, any number, R-T8)."""
    lim = LIMITS
    if name in _SEAT_NAMES:
        return 0, lim.seats - 1, f"a whole number 0-{lim.seats - 1}"
    most = {"lives": None if saved else lim.lives, "decks": lim.decks, "players": lim.seats,
            "places": lim.seats}.get(name)
    if name in _CARD_COUNTS:
        most = lim.cards
    if most is not None:
        return 0, most, f"a whole number 0-{most}"
    if signed:
        return -MAX_INT, MAX_INT, "a whole number"
    return 0, MAX_INT, "a whole number >= 0"


def _list_most(name: str) -> int:
    """The most items of the list field ``name``: a window (a round's log, a seat's plays),
    one per seat, else one per card."""
    lim = LIMITS
    if name == "events":
        return lim.events
    if name == "my_plays":
        return lim.plays
    return lim.seats if name in _PER_SEAT else lim.cards


Json = Any
_Codec = tuple[Callable[[Any, str], Json], Callable[[Json, str], Any]]


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _bad(path: str, expected: str, value: object) -> WireError:
    return WireError(_("wire field {field}: expected {expected}, not {value}").format(
        field=path, expected=expected, value=_show(value)), field=path)


# ---------------------------------------------------------------- scalar codecs
def _load_int(name: str, *, signed: bool = False, saved: bool = False
              ) -> Callable[[Json, str], Any]:
    """A whole number within its field's bounds (:func:`_int_bounds`): a seat's number in
    the fields of :data:`_SEAT_NAMES`, a count of cards, lives, any whole number in
    :data:`_SIGNED`, else a counter >= 0."""
    low, high, expected = _int_bounds(name, signed, saved)

    def load(data: Json, at: str) -> int:
        if isinstance(data, bool) or not isinstance(data, int) or not low <= data <= high:
            raise _bad(at, expected, data)
        return data
    return load


def _load_float(data: Json, at: str) -> float:
    """A hand's score (the only numbers with a fraction: T11, 0 to three Aces' 33)."""
    top = LIMITS.score
    if (isinstance(data, bool) or not isinstance(data, (int, float))
            or not math.isfinite(data) or not 0 <= data <= top):
        raise _bad(at, f"a score 0-{top:g}", data)
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


def _dump_saved_cards(value: Any, at: str) -> Json:
    return _dump_cards(value, at) if value else []     # the saves' form of no cards


def _load_saved_cards(data: Json, at: str) -> tuple[Card, ...]:
    if isinstance(data, list) and not data:
        return ()                                        # no cards, as the saves write it
    return _load_cards(data, at)


def _load_cards(data: Json, at: str) -> tuple[Card, ...]:
    most = MAX_CARDS
    if not isinstance(data, str) or len(data) > 4 * most:
        raise _bad(at, "cards in notation", data)
    try:
        cards = tuple(parse_cards(data))
    except CardgamesError:
        raise _bad(at, "cards in notation such as '7H 8H'", data) from None
    if len(cards) > most:
        raise _bad(at, f"at most {most} cards", data)
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
def _codec(tp: Any, name: str, game: str, saved: bool = False) -> _Codec:
    """The codec of a value of type ``tp`` in the field ``name`` of ``game``'s objects
    (``saved``: as the saves write it, see :func:`event_to_dict`)."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        args = typing.get_args(tp)
        if type(None) in args and len(args) == 2:
            inner = _codec(next(a for a in args if a is not type(None)), name, game, saved)
            return (lambda v, at: None if v is None else inner[0](v, at),
                    lambda d, at: None if d is None else inner[1](d, at))
        return _event_codec(game, nested=True, saved=saved)   # thirtyone's Event union
    if origin is tuple:
        item = typing.get_args(tp)[0]
        if item is Card:
            return ((_dump_saved_cards, _load_saved_cards) if saved else
                    (_dump_cards, _load_cards))
        return _list_codec(_codec(item, name, game, saved), _list_most(name))
    if tp is bool:
        return _same, _load_bool
    if tp is int:
        return _same, _load_int(name, signed=name in _SIGNED, saved=saved)
    if tp is float:
        return _same, _load_float
    if tp is str:
        return _same, _load_str
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_codec(tp)
    if tp in _BASES:
        return _event_codec(_BASES[tp], nested=True, saved=saved)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _record_codec(tp, game, saved)
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


_RECORDS: dict[tuple[type[Any], str, bool], tuple[dict[str, _Codec], frozenset[str]]] = {}


def _fields(cls: type[Any], game: str, saved: bool = False
            ) -> tuple[dict[str, _Codec], frozenset[str]]:
    """The codec of each field of the dataclass ``cls``, and the fields with defaults."""
    key = (cls, game, saved)
    if key not in _RECORDS:
        hints = typing.get_type_hints(cls)
        codecs: dict[str, _Codec] = {}
        optional = set()
        _RECORDS[key] = (codecs, frozenset())      # a placeholder for recursive types
        for f in dataclasses.fields(cls):
            codecs[f.name] = _codec(hints[f.name], f.name, game, saved)
            if f.default is not dataclasses.MISSING:
                optional.add(f.name)
        _RECORDS[key] = (codecs, frozenset(optional))
    return _RECORDS[key]


def _dump_fields(value: Any, at: str, game: str, saved: bool = False) -> dict[str, Json]:
    codecs, _opt = _fields(type(value), game, saved)
    return {name: dump(getattr(value, name), f"{at}.{name}") for name, (dump, _l) in
            codecs.items()}


def _load_fields(cls: type[Any], data: Mapping[str, Json], at: str, game: str, *,
                 skip: frozenset[str] = frozenset(), saved: bool = False) -> dict[str, Any]:
    codecs, optional = _fields(cls, game, saved)
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


def _record_codec(cls: type[Any], game: str, saved: bool = False) -> _Codec:
    """A record (a view, a deal's result ...): its fields; the saves name its type too
    (``"type": "DealResult"``), which loading accepts when it is the record's own."""
    def dump(value: Any, at: str) -> Json:
        body = _dump_fields(value, at, game, saved)
        return {"type": cls.__name__, **body} if saved else body

    def load(data: Json, at: str) -> Any:
        if not isinstance(data, dict):
            raise _bad(at, "an object", data)
        if saved and "type" in data:
            if data["type"] != cls.__name__:
                raise _bad(f"{at}.type", repr(cls.__name__), data["type"])
            return _build(cls, _load_fields(cls, data, at, game, skip=_TYPE, saved=True), at)
        return _build(cls, _load_fields(cls, data, at, game, saved=saved), at)
    return dump, load


_TYPE = frozenset({"type"})


def _event_codec(game: str, *, nested: bool, saved: bool = False) -> _Codec:
    classes = _EVENTS[game]

    def dump(value: Any, at: str) -> Json:
        name = type(value).__name__
        if classes.get(name) is not type(value):
            raise TypeError(f"{value!r} is not an event of {game}")
        return {"type": name, **_dump_fields(value, at, game, saved)}

    def load(data: Json, at: str) -> Any:
        if not isinstance(data, dict):
            raise _bad(at, "an event object", data)
        kind = data.get("type")
        cls = classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise _bad(f"{at}.type", f"an event of {game}: " + ", ".join(classes), kind)
        skip = frozenset({"type"} if nested else {"type", "wire", "kind", "game"})
        return _build(cls, _load_fields(cls, data, at, game, skip=skip, saved=saved), at)
    return dump, load



# ---------------------------------------------------------------- the games' classes
#: Each game's event classes by name, the records that travel alone (a deal's result),
#: and the base classes of its events (a field typed by one holds any of them).
_EVENTS: dict[str, dict[str, type[Any]]] = {}
_ALONE: dict[str, dict[str, type[Any]]] = {}
_BASES: dict[Any, str] = {}


def register_events(game: str, events: Iterable[type[Any]], *, base: Any = None,
                    records: Iterable[type[Any]] = ()) -> None:
    """Make ``game``'s event classes (dataclasses) known to the codec; ``base``: the type
    that stands for any of them in a field; ``records``: dataclasses that are saved on
    their own too (:func:`event_to_dict`)."""
    _EVENTS[game] = {c.__name__: c for c in events}
    _ALONE[game] = {c.__name__: c for c in records}
    if base is not None:
        _BASES[base] = game

def _game_of(value: Any) -> str:
    for game, classes in _EVENTS.items():
        if classes.get(type(value).__name__) is type(value):
            return game
    raise TypeError(f"not an event of either game: {value!r}")


# ---------------------------------------------------------------- the API
def event_to_dict(event: Any, game: str | None = None) -> dict[str, Json]:
    """An event of either game (or a Thirty-One deal's result) as the saves and the
    engine views' ``to_dict`` write it: ``type`` and its fields, cards in notation, no
    cards as ``[]`` (:func:`dump_event` is the same with the wire's tag).  What
    ``cardgames.liar.events.event_to_dict`` and ``cardgames.thirtyone.events.event_to_dict``
    are.

    >>> from cardgames.thirtyone.events import Exchanged
    >>> event_to_dict(Exchanged(player=1, to_table=(), from_table=()))
    {'type': 'Exchanged', 'player': 1, 'to_table': [], 'from_table': []}
    """
    for name, records in _ALONE.items():
        if records.get(type(event).__name__) is type(event):
            return typing.cast(dict[str, Json],
                               _record_codec(type(event), name, True)[0](event, "event"))
    return typing.cast(dict[str, Json], _event_codec(
        game or _game_of(event), nested=True, saved=True)[0](event, "event"))


def event_from_dict(data: Json, game: str) -> Any:
    """The event of :func:`event_to_dict` (or of :func:`dump_event` without its tag),
    checked as every wire field is: a :class:`WireError` naming the bad field.

    >>> event_from_dict({"type": "Passed", "player": 2}, "thirty-one")
    Passed(player=2)
    >>> event_from_dict({"type": "Passed", "player": 99}, "thirty-one")
    Traceback (most recent call last):
    ...
    cardgames.errors.WireError: wire field event.player: expected a whole number 0-8, not 99
    """
    if game not in _EVENTS:
        raise TypeError(f"no codec for the game {game!r}")
    alone = _ALONE[game].get(str(data.get("type"))) if isinstance(data, dict) else None
    if alone is not None:
        return _record_codec(alone, game, True)[1](data, "event")
    return _event_codec(game, nested=True, saved=True)[1](data, "event")
