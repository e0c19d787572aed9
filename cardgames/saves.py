"""Saved states: the envelope both games' snapshots share, and readers that refuse bad saves.

A snapshot (``state.to_json()``) is a JSON object ``{"format": ..., "version": ...,
...}``.  :func:`open_save` reads that envelope for either game; the field readers
(:func:`need`, :func:`whole`, :func:`flag`, :func:`text`, :func:`items`,
:func:`cards`, :func:`rng`) check one field each, and :func:`check_deck` checks
that the cards of a save are exactly its game's deck.  A game's snapshot module
names its save once (:class:`SaveFormat`: format, version, the name its errors
give it) and reads the envelope and the game's options through it
(:meth:`SaveFormat.read`), the game typed by what every reader needs of it
(:class:`SavedGame`) plus that game's own options.  Whatever is wrong, the
error is a :class:`~cardgames.errors.SaveError` naming the field and the rule,
never a ``KeyError`` or ``TypeError`` from deep inside.

>>> data = open_save('{"format": "cardgames.demo", "version": 1, "n": true}',
...                  fmt="cardgames.demo", what="demo save")
>>> whole(need(data, "n", "demo save"), "n", "demo save", lo=0, hi=9)
Traceback (most recent call last):
...
cardgames.errors.SaveError: demo save: n must be a whole number 0-9, not True
"""

from __future__ import annotations

import json
import random
import reprlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from cardgames.cards import Card, format_cards, parse_cards
from cardgames.errors import CardgamesError, SaveError
from cardgames.i18n import gettext as _

__all__ = ["SaveError", "SaveFormat", "SavedGame", "open_save", "need", "whole", "flag", "text", "items", "cards",
           "rng", "check_deck", "reading", "MAX_COUNT"]

#: The largest count a save may hold where the rules set no bound (turns, plays, seeds'
#: neighbours): far beyond any real game (a few hundred decisions), far below what
#: would make a number slow to handle.
MAX_COUNT = 10**9

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 40
_REPR.maxlist = _REPR.maxdict = 6


def show(value: object) -> str:
    """A short, safe repr of a value read from a save (huge numbers and lists cut)."""
    try:
        return _REPR.repr(value)
    except (ValueError, RecursionError):     # an int of more than 4300 digits
        return _("a number too large to show")


def open_save(data: object, *, fmt: str, what: str, version: int = 1,
              old_formats: Iterable[str] = (), no_version: int | None = None) -> dict[str, Any]:
    """The save's dict once its envelope is right: JSON text or a dict, ``"format"`` ``fmt``
    (or one of ``old_formats``, all version 1) and ``"version"`` ``version``.

    ``no_version``: the version of a save with no ``"version"`` key (``None``: refused).
    """
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as e:
            raise SaveError(_("not a {what}: {error}").format(what=what, error=show(str(e))),
                            field="", rule="") from None
    if not isinstance(data, dict):
        raise SaveError(_("not a {what}: a JSON object is needed, not {value}")
                        .format(what=what, value=show(data)), field="", rule="")
    got = data.get("format", fmt if no_version is not None else None)
    if got in tuple(old_formats):
        return data
    if got != fmt:
        raise SaveError(_("not a {what}: format {value}").format(what=what, value=show(got)),
                        field="format", rule="")
    v = data.get("version", no_version)
    if v is None or isinstance(v, bool) or not isinstance(v, int) or v != version:
        raise SaveError(_("cannot read a {what} of version {value}: this cardgames reads "
                          "version {supported}; a newer cardgames wrote it, or the save is "
                          "damaged").format(what=what, value=show(v), supported=version),
                        field="version", rule="")
    return data


class SavedGame(Protocol):
    """What every save reader needs of its game: the seats and the deck (a game's snapshot
    module adds, in a Protocol of its own, the options its checks read)."""

    @property
    def players(self) -> int: ...

    def deck(self) -> list[Card]: ...


G = TypeVar("G", bound=SavedGame)


@dataclass(frozen=True)
class SaveFormat:
    """One game's snapshot: its ``"format"``, the version this code writes and reads, and
    ``name``, the message id of what its errors call it (translated when an error is made:
    :attr:`what`).  ``old_formats`` and ``no_version`` as in :func:`open_save`.

    >>> demo = SaveFormat("cardgames.demo", "demo save")
    >>> demo.read('{"format": "cardgames.demo", "version": 1, "game": 3}', str,
    ...           lambda d, game: {"game": game})
    ('3', {'game': '3'})
    >>> demo.read('{"format": "cardgames.demo", "version": 1}', str, dict)
    Traceback (most recent call last):
    ...
    cardgames.errors.SaveError: demo save: game is missing
    """

    fmt: str
    name: str
    version: int = 1
    old_formats: tuple[str, ...] = ()
    no_version: int | None = None

    @property
    def what(self) -> str:
        """What the errors call a save of this format, in the current language."""
        return _(self.name)

    def read(self, data: object, make_game: Callable[[Any], G],
             read_fields: Callable[[dict[str, Any], G], dict[str, Any]]
             ) -> tuple[G, dict[str, Any]]:
        """The game (``make_game(save["game"])``; any error it raises names the field
        ``game``) and ``read_fields(save, game)`` of a save: JSON text or its dict, whose
        envelope :func:`open_save` checks first."""
        what = self.what
        d = open_save(data, fmt=self.fmt, what=what, version=self.version,
                      old_formats=self.old_formats, no_version=self.no_version)
        with reading("game", what):
            game = make_game(need(d, "game", what))
        return game, read_fields(d, game)


def need(data: dict[str, Any], key: str, what: str) -> Any:
    """``data[key]``, or an error naming the missing field."""
    try:
        return data[key]
    except KeyError:
        raise SaveError(_("{what}: {field} is missing").format(what=what, field=key),
                        field=key, rule="") from None


def whole(value: object, field: str, what: str, *, lo: int, hi: int = MAX_COUNT,
          rule: str = "", none: bool = False) -> Any:
    """``value`` if it is a whole number ``lo``-``hi`` (not a bool; ``None`` if ``none``)."""
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        msg = (_("{what}: {field} must be a whole number {lo}-{hi} or null, not {value}") if none
               else _("{what}: {field} must be a whole number {lo}-{hi}, not {value}"))
        raise SaveError(_with_rule(msg.format(what=what, field=field, lo=lo, hi=hi,
                                              value=show(value)), rule),
                        field=field, rule=rule)
    return value


def flag(value: object, field: str, what: str) -> bool:
    """``value`` if it is ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise SaveError(_("{what}: {field} must be true or false, not {value}")
                        .format(what=what, field=field, value=show(value)), field=field, rule="")
    return value


def text(value: object, field: str, what: str, *, choices: Iterable[str] | None = None,
         none: bool = False) -> Any:
    """``value`` if it is a string (one of ``choices`` if given; ``None`` if ``none``)."""
    if value is None and none:
        return None
    options = None if choices is None else tuple(choices)
    if not isinstance(value, str) or (options is not None and value not in options):
        if options is None:
            msg = _("{what}: {field} must be text, not {value}")
        else:
            msg = _("{what}: {field} must be one of {choices}, not {value}")
        raise SaveError(msg.format(what=what, field=field, value=show(value),
                                   choices=", ".join(options or ())), field=field, rule="")
    return value


def items(value: object, field: str, what: str, *, length: int | None = None,
          most: int = MAX_COUNT, rule: str = "") -> list[Any]:
    """``value`` if it is a list (of exactly ``length`` items, or at most ``most``)."""
    if not isinstance(value, list) or (length is not None and len(value) != length) \
            or len(value) > most:
        if length is None:
            msg = _("{what}: {field} must be a list, not {value}")
        else:
            msg = _("{what}: {field} must be a list of {n}, not {value}")
        raise SaveError(_with_rule(msg.format(what=what, field=field, n=length,
                                              value=show(value)), rule), field=field, rule=rule)
    return value


def cards(value: object, field: str, what: str, *, count: Iterable[int] | None = None,
          rule: str = "") -> list[Card]:
    """The cards of ``value`` (card text such as ``"AH KH 9H"``), ``count`` of them if given."""
    text(value, field, what)
    try:
        got = parse_cards(value)  # type: ignore[arg-type]  # a str, checked above
    except CardgamesError as e:
        raise SaveError(_("{what}: {field}: {error}").format(what=what, field=field, error=e),
                        field=field, rule="") from None
    allowed = None if count is None else tuple(count)
    if allowed is not None and len(got) not in allowed:
        raise SaveError(_with_rule(
            _("{what}: {field} must hold {n} cards, not {got}: {cards}").format(
                what=what, field=field, n=_(" or ").join(map(str, allowed)), got=len(got),
                cards=show(value)), rule), field=field, rule=rule)
    return got


def rng(value: object, field: str, what: str) -> random.Random:
    """The random generator of a saved ``[version, [625 numbers], gauss]``."""
    try:
        version, internal, gauss = items(value, field, what, length=3)
        whole(version, field, what, lo=3, hi=3)
        state = items(internal, field, what, length=625)
        if not all(type(x) is int for x in state) or (gauss is not None
                                                        and type(gauss) is not float):
            raise TypeError
        r = random.Random()
        r.setstate((version, tuple(state), gauss))
    except (TypeError, ValueError, OverflowError) as e:
        if isinstance(e, SaveError):
            raise
        raise SaveError(_("{what}: {field} is not the state of a random generator")
                        .format(what=what, field=field), field=field, rule="") from None
    return r


def check_deck(found: Iterable[Card], deck: Iterable[Card], where: str, what: str, *,
               rule: str) -> None:
    """Refuse unless ``found`` (every card of the save, from ``where``) is exactly ``deck``."""
    have, want = Counter(found), Counter(deck)
    if have == want:
        return
    extra = sorted((have - want).elements())
    missing = sorted((want - have).elements())
    raise SaveError(_("{what}: {where} must hold exactly the game's deck ({rule}); too many: "
                      "{extra}; missing: {missing}").format(
        what=what, where=where, rule=rule, extra=format_cards(extra) or "-",
        missing=format_cards(missing) or "-"), field=where, rule=rule)


def refuse(what: str, field: str, problem: str, rule: str = "") -> SaveError:
    """The error for a field that breaks a rule of the game: ``problem`` says how."""
    return SaveError(_with_rule(_("{what}: {field}: {problem}").format(
        what=what, field=field, problem=problem), rule), field=field, rule=rule)


@contextmanager
def reading(field: str, what: str) -> Iterator[None]:
    """Turn any error from reading ``field`` (a game's options, an event) into a
    :class:`SaveError` naming it: the engine's own errors keep their words."""
    try:
        yield
    except SaveError:
        raise
    except CardgamesError as e:
        raise SaveError(_("{what}: {field}: {error}").format(what=what, field=field, error=e),
                        field=field, rule="") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
            RecursionError) as e:
        raise SaveError(_("{what}: {field} cannot be read ({error})").format(
            what=what, field=field, error=show(f"{type(e).__name__}: {e}")),
            field=field, rule="") from None


def _with_rule(message: str, rule: str) -> str:
    return f"{message} ({rule})" if rule else message
