"""Seats and what they see: :class:`Seat`, :class:`SeatView`, and the teacher's :class:`TeacherFrame`.

The value types of :mod:`cardgames.session` (frozen; importable from there too).

>>> Seat.human("Ana"), Seat.bot("expert").bot, Seat.remote("Ivo").kind
(Seat(kind='human', name='Ana', bot=None), 'expert', 'remote')
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, overload

from cardgames.core import LegalActions, State
from cardgames.errors import ConfigError
from cardgames.i18n import gettext as _
from cardgames.wire_dump import dump_seat_view

__all__ = ["SEAT_KINDS", "Seat", "SeatLegal", "SeatView", "TeacherFrame"]

#: The kinds of seat.
SEAT_KINDS = ("human", "bot", "remote")
_NAME_MAX = 40




class _BotFactory(Protocol):
    def __call__(self, kind: str, name: str | None = None) -> Seat: ...


class _SeatBot:
    """``Seat.bot``: on the class, the factory ``Seat.bot(kind, name=None)``; on a seat,
    the bot's name in :mod:`cardgames.registry` (``None`` for a person)."""

    @overload
    def __get__(self, seat: None, owner: type[Seat]) -> _BotFactory: ...

    @overload
    def __get__(self, seat: Seat, owner: type[Seat]) -> str | None: ...

    def __get__(self, seat: Seat | None, owner: type[Seat]) -> _BotFactory | str | None:
        if seat is None:
            return owner._bot_seat
        return seat._bot


@dataclass(frozen=True, init=False, repr=False)
class Seat:
    """One seat: ``kind`` ``"human"``, ``"bot"`` or ``"remote"``, a ``name`` to show,
    and ``bot``, the bot's name in :mod:`cardgames.registry` (``None`` for a person).

    >>> Seat.human("Ana"), Seat.bot("expert").bot, Seat.remote("Ivo").kind
    (Seat(kind='human', name='Ana', bot=None), 'expert', 'remote')
    >>> Seat("robot", "x")
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: a seat is 'human', 'bot' or 'remote', not 'robot'
    """

    kind: str
    name: str
    _bot: str | None
    bot = _SeatBot()

    def __init__(self, kind: str, name: str, bot: str | None = None) -> None:
        if kind not in SEAT_KINDS:
            raise ConfigError(_("a seat is 'human', 'bot' or 'remote', not {kind!r}")
                                .format(kind=kind))
        if not isinstance(name, str) or not name.strip() or len(name) > _NAME_MAX:
            raise ConfigError(_("a seat's name is 1-{most} characters, not {name!r}")
                                .format(most=_NAME_MAX, name=name))
        if (kind == "bot") != isinstance(bot, str):
            raise ConfigError(_("a bot seat names its bot, and only a bot seat does: "
                                "{kind!r} with bot={bot!r}").format(kind=kind, bot=bot))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_bot", bot)

    def __repr__(self) -> str:
        return f"Seat(kind={self.kind!r}, name={self.name!r}, bot={self._bot!r})"

    @classmethod
    def human(cls, name: str) -> Seat:
        """A person at this computer."""
        return cls("human", name)

    @classmethod
    def _bot_seat(cls, kind: str, name: str | None = None) -> Seat:
        return cls("bot", kind if name is None else name, kind)

    @classmethod
    def remote(cls, name: str) -> Seat:
        """A person at another computer (the session is driven for them from outside)."""
        return cls("remote", name)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "bot": self._bot}


class SeatLegal:
    """A seat's legal actions now, as their texts, lazily (python-chess ``legal_moves`` style).

    It holds the engine's lazy collection (:class:`cardgames.liar.LiarLegalActions`,
    :class:`cardgames.thirtyone.legal.ThirtyOneLegalActions`: see
    :class:`cardgames.core.LegalActions`) or plain texts (a view from the wire).
    Nothing is listed unless asked: ``in`` (an action or its text) asks the engine,
    ``len`` and :meth:`count` count (a Liar hand's 1-4-card plays by a product, R-L4),
    ``legal[0]`` takes the first; iterating, slicing, negative indexes and ``==``
    list the texts (once, then kept).  ``==`` compares with another one (the same Liar
    hand and phase compare without listing) or with a tuple or list of texts.

    >>> from cardgames.cards import parse_cards
    >>> from cardgames.liar.legal import LiarLegalActions
    >>> legal = SeatLegal(LiarLegalActions.for_play(0, tuple(parse_cards("7H 8H AB"))))
    >>> len(legal), legal.count(), "play 7H AB" in legal, "play 7H 7H" in legal, legal[0]
    (7, 7, True, False, 'play 7H')
    >>> SeatLegal(("keep", "exchange")) == ("keep", "exchange"), bool(SeatLegal(()))
    (True, False)
    """

    __slots__ = ("_engine", "_texts")

    def __init__(self, actions: LegalActions | Iterable[str] = ()) -> None:
        if isinstance(actions, SeatLegal):
            self._engine: LegalActions | None = actions._engine
            self._texts: tuple[str, ...] | None = actions._texts
        elif isinstance(actions, (tuple, list)):
            self._engine, self._texts = None, tuple(map(str, actions))
        elif hasattr(actions, "sample") and hasattr(actions, "__len__"):
            self._engine, self._texts = actions, None    # type: ignore[assignment]
        else:
            self._engine, self._texts = None, tuple(map(str, actions))

    @property
    def engine(self) -> LegalActions | None:
        """The engine's collection this was made from (``None``: made from texts)."""
        return self._engine

    def _all(self) -> tuple[str, ...]:
        texts = self._texts
        if texts is None:
            texts = self._texts = tuple(map(str, self._engine or ()))
        return texts

    def __len__(self) -> int:
        if self._texts is not None:
            return len(self._texts)
        return len(self._engine) if self._engine is not None else 0

    def count(self) -> int:
        """How many legal actions there are (``len``; nothing is listed)."""
        return len(self)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __contains__(self, action: object) -> bool:
        if self._engine is not None:
            return action in self._engine
        texts = self._texts or ()
        return (action if isinstance(action, str) else str(action)) in texts

    def __iter__(self) -> Iterator[str]:
        if self._texts is not None or self._engine is None:
            return iter(self._texts or ())
        return map(str, self._engine)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        if isinstance(index, int) and index >= 0 and self._texts is None:
            if index >= len(self):
                raise IndexError(f"legal action {index} of {len(self)}")
            return next(itertools.islice(iter(self), index, None))
        return self._all()[index]

    def sample(self, rng: random.Random) -> str:
        """A uniformly random legal action's text, drawn with ``rng`` (not listing them)."""
        if self._engine is not None:
            return str(self._engine.sample(rng))
        texts = self._all()
        if not texts:
            raise IndexError("no legal action")
        return texts[int(rng.random() * len(texts))]

    def _signature(self) -> tuple[Any, ...] | None:
        """What decides equality without listing: a Liar collection's phase, player and hand."""
        engine = self._engine
        if engine is None or self._texts is not None or not hasattr(engine, "distinct"):
            return None
        hand = getattr(engine, "hand", ())
        return (getattr(engine, "phase", None), getattr(engine, "player", None),
                tuple(sorted(c.code for c in hand)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SeatLegal):
            mine, theirs = self._signature(), other._signature()
            if mine is not None and theirs is not None:
                return mine == theirs
            return len(self) == len(other) and self._all() == other._all()
        if isinstance(other, (tuple, list)):
            return len(self) == len(other) and self._all() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(len(self))

    def __repr__(self) -> str:
        n = len(self)
        if n <= 8:
            return f"SeatLegal({self._all()!r})"
        return f"<SeatLegal: {n} actions, e.g. {self[0]!r}>"


@dataclass(frozen=True)
class SeatView:
    """What one seat may know now (R-L11, R-T9): the engine's view and the match around it.

    ``view`` is ``state.view(seat)``; ``legal`` the legal actions' texts if this
    seat is to act, else none: a lazy :class:`SeatLegal` (a tuple given is made one); ``over``: the current Liar round or
    Thirty-One game is over (:meth:`Session.next_game` deals the next);
    ``match_over``: the match too.  ``match`` counts the matches of the session
    (0 = the first), ``round`` the Liar round of the match or the Thirty-One
    deal (1 = the first).  Liar: ``points`` the match points so far and
    ``places`` the places of each finished round (R-L10); Thirty-One: ``lives``
    (T13); ``rounds``: the Liar match's rounds (``None``: to a target or without
    end; Thirty-One: ``None``); ``winners``: the match's winners once it is over
    (Liar: the most points, shared when tied, R-L10; Thirty-One: the outcome's), else ``()``.  The other seats appear only as their
    :class:`Seat` (kind and name).
    """

    seat: int
    game: str
    view: Any
    mark: int
    to_act: int | None
    legal: SeatLegal
    over: bool
    match_over: bool
    match: int
    round: int
    seats: tuple[Seat, ...]
    points: tuple[int, ...] = ()
    places: tuple[tuple[int, ...], ...] = ()
    lives: tuple[int, ...] = ()
    rounds: int | None = None
    winners: tuple[int, ...] = ()
    windows: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.legal, SeatLegal):
            object.__setattr__(self, "legal", SeatLegal(self.legal))

    def total(self, field: str) -> int:
        """How many items the list ``field`` (``"view.events"``, ``"view.my_plays"``,
        ``"places"``) has in full: its window's count, else its length."""
        for name, count in self.windows:
            if name == field:
                return count
        value: Any = self
        for part in field.split("."):
            value = getattr(value, part, ())
        return len(value)

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data, e.g. to send to the seat's own browser: what the seat may know,
        nothing else.  It is :func:`cardgames.wire.dump_seat_view` (one validated codec
        for every seat view; :func:`cardgames.wire.load_seat_view` reads it back)."""
        return dump_seat_view(self)


@dataclass(frozen=True)
class TeacherFrame:
    """One moment of a session with every hand: **the teacher's, full information**.

    Never give it to a seat.  ``game`` is the game's number in the session
    (a Liar round or a Thirty-One game), ``match`` its match, ``move`` the
    actions applied in it so far (0 = just dealt), ``mark`` the session's mark
    then, ``action`` the action that led here (``None`` for the deal) and
    ``state`` a copy of the state.
    """

    game: int
    match: int
    move: int
    mark: int
    action: str | None
    state: State
