"""The game protocol, written once: both games are instances of it.

Liar (:mod:`cardgames.liar`) and Thirty-One (:mod:`cardgames.thirtyone`)
implement these :class:`typing.Protocol` classes; everything that runs a game
without knowing which one it is (:mod:`cardgames.play`, tournaments, the play
tables of :mod:`widgets`, the adapters) is written against them and nothing
else.  The shape follows OpenSpiel's Python games: an immutable :class:`Game`
makes mutable :class:`State` objects, and what one player may know is computed
by one function, ``state.view(player)``, separate from the state.

- :class:`Game` -- a frozen dataclass of parameters, validated on creation
  (:class:`~cardgames.errors.ConfigError` naming the rule).  Options are
  keyword-only.  ``game.new_state(seed=..., dealer=...)`` deals with a
  ``random.Random(seed)`` owned by the state; there is no global random state.
- :class:`State` -- mutable.  ``apply(action, player=...)`` validates
  everything; a refused action raises
  :class:`~cardgames.errors.IllegalActionError` (or
  :class:`~cardgames.errors.ActionParseError`) and leaves the state unchanged.
- :class:`LegalActions` -- what the player to act may do now: iterable,
  sized, ``in``, and ``sample(rng)`` (uniform over the legal actions).
- :class:`Action` -- a small frozen dataclass with a ``parse(text)`` / ``str``
  pair (``"play 7H 7B"``, ``"call"``, ``"swap 7H AB"``).
- :class:`View` -- what one player may know (R-L11, R-T9): never a hidden
  card, the random state, or anything derived from them.
- :class:`Outcome` -- how a game ended, in one shape for both games.
- :class:`Agent` -- anything that picks an action from a view.
- :class:`Match` -- the games of a match one after another, and what they add up to
  (scores or lives, winners, places; what a seat's view adds).
- :class:`ViewCodec` -- how a game's seat view travels on the wire.

>>> from cardgames.liar import LiarGame
>>> from cardgames.thirtyone import ThirtyOneGame
>>> games = [LiarGame(players=3), ThirtyOneGame(players=3)]
>>> all(isinstance(g, Game) and isinstance(g.new_state(seed=1), State) for g in games)
True
>>> check_seed(7), check_player(2, players=3)
(7, 2)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from cardgames.errors import ConfigError, IllegalActionError
from cardgames.i18n import gettext as _

__all__ = [
    "Action", "Agent", "Game", "LegalActions", "Match", "Outcome", "State", "View",
    "ViewCodec", "check_player", "check_seed",
]


@runtime_checkable
class Action(Protocol):
    """One move.  Frozen, hashable, with ``str(action)`` the text that
    ``parse`` reads back: ``type(a).parse(str(a)) == a``."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class LegalActions(Protocol):
    """The legal actions of the player to act now.

    Iterating gives each legal action once; ``len`` counts them; ``in``
    accepts an action or its text; ``sample(rng)`` draws one uniformly
    without building the whole list (Liar's plays are not materialised).
    ``summary()`` says them in a line for people.
    """

    def __iter__(self) -> Iterator[Any]: ...

    def __contains__(self, action: object) -> bool: ...

    def __len__(self) -> int: ...

    def sample(self, rng: random.Random) -> Any: ...

    def summary(self) -> str: ...


@runtime_checkable
class Outcome(Protocol):
    """How a game ended; the same fields in both games, plus each game's extras.

    ``winners`` -- the seats that won (more than one on a shared win).
    ``places`` -- per seat, 1 = best; ties share a place as the game's rules say.
    ``returns`` -- per seat, the payoff a learning algorithm would maximise
    (each game documents its own).  ``reason`` -- a short machine word for why
    it ended (``"went_out"``, ``"last_player"``, ``"cap"`` ...).
    """

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def places(self) -> tuple[int, ...]: ...

    @property
    def returns(self) -> tuple[float, ...]: ...

    @property
    def reason(self) -> str: ...


@runtime_checkable
class View(Protocol):
    """What ``player`` may know now, and nothing else (R-L11, R-T9)."""

    @property
    def player(self) -> int: ...

    @property
    def phase(self) -> enum.Enum: ...

    @property
    def current_player(self) -> int | None: ...

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class State(Protocol):
    """A game in progress.  Mutable; ``clone()`` for a copy.

    ``current_player`` is ``None`` once the game is over.  ``history`` holds
    every applied action, ``events`` the public log (each event has
    ``describe()``).  ``to_json()`` / ``GameClass.state_from_json(text)``
    round-trip to an equal state (the game rebuilds its game and state from the save); ``game.replay(seed, history)`` gives the same state.
    """

    @property
    def game(self) -> Any: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def phase(self) -> enum.Enum: ...

    @property
    def history(self) -> Sequence[Any]: ...

    @property
    def events(self) -> Sequence[Any]: ...

    def legal_actions(self) -> LegalActions: ...

    def apply(self, action: Any, *, player: int | None = None) -> None: ...

    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome | None: ...

    def view(self, player: int) -> View: ...

    def clone(self) -> State: ...

    def to_json(self) -> str: ...


@runtime_checkable
class Game(Protocol):
    """The immutable parameters of a game; makes states.

    A game whose states can be saved also makes the state of a save: the classmethod
    ``state_from_json(text)`` (not part of this protocol, so a game without saves, such as
    the tests' toy game, is still a game).
    """

    @property
    def players(self) -> int: ...

    def new_state(self, *, seed: int, dealer: int = 0) -> State: ...

    def replay(self, seed: int, actions: Iterable[Any], dealer: int = 0) -> State: ...


@runtime_checkable
class Match(Protocol):
    """The games of one match, dealt one after another, and what they add up to.

    Liar's match is rounds with points and places (R-L10,
    :class:`~cardgames.liar.LiarMatch`); a Thirty-One match lives inside its state, a
    game of deals to the last player with lives (T13,
    :class:`~cardgames.thirtyone.ThirtyOneMatch`).  A session (:mod:`cardgames.session`)
    and the tables know a match only through this protocol; a game makes its match with
    :meth:`cardgames.registry.GameInfo.make_match`.

    - ``next_game(saved=None)`` deals the next game and returns it with the keywords
      that deal it again (``game.new_state(**start)``: the teacher's replay); a
      ``saved`` state (a session read back) is taken as that game instead.  Past the
      match's end: :class:`~cardgames.errors.GameOverError`.
    - ``record(state)`` counts the finished game ``state`` (the last one dealt).
    - ``is_over()``: no game is left to deal.
    - ``winners()``: the match's winners once it is over (shared when tied).
    - ``seat_view(state, view)``: what a seat's view adds to the engine's ``view`` of
      ``state``, as
      :class:`~cardgames.seat.SeatView`'s fields: ``round`` (1 = the first) and the
      game's own (Liar: ``points``, ``places`` per finished round, ``rounds``;
      Thirty-One: ``lives``).
    """

    def next_game(self, saved: State | None = None) -> tuple[State, dict[str, Any]]: ...

    def record(self, state: State) -> object: ...

    def is_over(self) -> bool: ...

    def winners(self) -> tuple[int, ...]: ...

    def seat_view(self, state: State, view: Any) -> dict[str, Any]: ...


@dataclass(frozen=True)
class ViewCodec:
    """How one game's seat view travels on the wire (:mod:`cardgames.wire`).

    ``view``: the game's view class (a frozen dataclass: its fields are what is sent);
    ``windows``: its lists that grow with play, each with the most of its last items
    sent (the count travels with them); ``legal``: for a game whose legal actions are
    derived from the view again on loading instead of being sent (Liar's plays, R-L4),
    ``legal(view, seat, to_act)`` gives them (the engine's collection; ``None``: none).
    """

    view: type
    windows: Mapping[str, int]
    legal: Callable[[Any, int, int | None], LegalActions | None] | None = None


@runtime_checkable
class Agent(Protocol):
    """Picks an action from what its player may know.

    ``act`` gets the player's view (``None`` for an agent whose attribute
    ``needs_view`` is ``False``), the legal actions, and a
    ``random.Random`` that the caller owns and seeds (one per seat, see
    :func:`cardgames.play.agent_rng`).  It must return one of the legal
    actions: a refused action is an error, never replaced.
    """

    name: str

    def act(self, view: Any, legal_actions: Any, rng: random.Random) -> Any: ...


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number (not a bool), else a :class:`ConfigError`.

    >>> check_seed(3)
    3
    >>> check_seed("abc")
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: seed must be a whole number, got 'abc'
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(_("seed must be a whole number, got {seed!r}").format(seed=seed))
    return seed


def check_player(player: object, *, players: int, rule: str | None = None) -> int:
    """``player`` if it is a seat number ``0 <= player < players`` (an ``int``, not a
    bool), else an :class:`~cardgames.errors.IllegalActionError` naming it.

    >>> check_player(True, players=3)
    Traceback (most recent call last):
    ...
    cardgames.errors.IllegalActionError: player must be a seat number 0-2, got True
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise IllegalActionError(_("player must be a seat number 0-{last}, got {player!r}")
                                   .format(last=players - 1, player=player),
                                 rule=rule, reason=_("{player!r} is not a seat number")
                                                     .format(player=player),
                                 legal=f"a seat number 0-{players - 1}")
    return player
