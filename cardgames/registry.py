"""The games, registered once: one :class:`GameInfo` per game.

Everything that picks a game or a bot by name asks here: the tournament
(:mod:`cardgames.analysis.tournament`), the command line, the sessions of
:mod:`cardgames.session` and the play tables of :mod:`widgets`.  A descriptor
holds the game's name (``"liar"``, ``"thirty-one"``, the names of the command
line), its game class, its bots by name, its default options and the limits a
table offers (players per number of decks, lives, Chroniclers), each with the
rule it comes from (``docs/rules/en.md``).

>>> info = get("liar")
>>> info.name, info.game_class.__name__, info.bot_names
('liar', 'LiarGame', ('random', 'heuristic', 'caller', 'expert'))
>>> info.players_range(decks=2), get("31").name
((2, 8), 'thirty-one')
>>> get("thirty-one").make_bot("expert").name
'expert'
>>> get("chess")
Traceback (most recent call last):
...
cardgames.errors.ConfigError: unknown game 'chess': use 'thirty-one' or 'liar'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from cardgames.agents import RandomAgent
from cardgames.core import Agent, Game, Match, ViewCodec
from cardgames.errors import ConfigError
from cardgames.i18n import N_
from cardgames.i18n import gettext as _
from cardgames.liar import LiarGame
from cardgames.liar import actions as _liar_actions
from cardgames.liar import table as _liar
from cardgames.liar.bots import LiarCallerAgent, LiarHeuristicAgent, LiarRandomAgent
from cardgames.liar.expert import LiarExpertAgent
from cardgames.limits import LIAR_PLAYERS, TABLE_LIVES, THIRTY_ONE_PLAYERS
from cardgames.thirtyone import ThirtyOneGame
from cardgames.thirtyone import actions as _thirtyone_actions
from cardgames.thirtyone import table as _thirtyone
from cardgames.thirtyone.bots import ThirtyOneHeuristicAgent
from cardgames.thirtyone.expert import ThirtyOneExpertAgent

__all__ = ["GameInfo", "default", "for_game", "games", "get", "names"]


@dataclass(frozen=True)
class GameInfo:
    """One game, as the registry knows it (frozen).

    - ``name``: the game's one name (``"liar"``, ``"thirty-one"``);
      ``aliases``: other spellings :func:`get` accepts.
    - ``title``: the title to show, an ``N_`` msgid (translate with ``_()``).
    - ``game_class``: the :class:`~cardgames.core.Game` dataclass.
    - ``bots``: bot name -> factory (a class made without arguments), in the
      order a table offers them.
    - ``defaults``: the options a table starts with, ``match_defaults`` those
      of a match (Liar: 5 rounds, R-L10), ``match_options`` the option names that
      belong to the match and not to the game class.
    - ``players``: decks -> (fewest, most) players (R-L2, T1); ``lives``: the
      (fewest, most) lives a table offers (R-T8; the engine allows any
      number >= 0), or ``None``; ``chroniclers``: the Chronicler choices (L2, T2).
    - ``rules``: the rule numbers of the game (``"L1-L13"``).
    - What a table of it needs (issue 32: the session, the wire, the table service and
      the online seat know a game only through these): ``match`` makes its
      :class:`~cardgames.core.Match` (:meth:`make_match`); ``parse_action`` reads an
      action's text; ``turn_rule`` is the rule a stale action breaks (the first action
      counts: R-L5, T5) and ``end_rule`` the one that ends a game (L11, T13);
      ``view_codec`` carries a seat's view on the wire; ``summary`` gives a view's
      public counts for the teacher's list, ``last_calls`` the events it shows and
      ``last_calls_title`` their heading there (an ``N_`` msgid: a Liar table's are
      calls, a Thirty-One table's are reveals, stands and lives lost);
      ``replay_step`` one step of the teacher's replay (every hand); ``table_form``
      the options a table's form offers (name -> kind, default); ``table_defaults`` the
      options an online table has unless given (Liar: a round's safety cap); ``cli_options`` the options ``cardgames simulate --option`` takes, each with its
      bounds and why (an ``N_`` msgid).
    """

    name: str
    title: str
    game_class: type
    bots: Mapping[str, Callable[[], Agent]]
    defaults: Mapping[str, Any]
    players: Mapping[int, tuple[int, int]]
    rules: str
    aliases: tuple[str, ...] = ()
    lives: tuple[int, int] | None = None
    chroniclers: tuple[Any, ...] = ()
    match_defaults: Mapping[str, Any] = field(default_factory=dict)
    match_options: tuple[str, ...] = ()
    match: Callable[..., Match] | None = None
    parse_action: Callable[[str], Any] | None = None
    turn_rule: str = ""
    end_rule: str = ""
    view_codec: ViewCodec | None = None
    summary: Callable[[Any], dict[str, Any]] | None = None
    last_calls: tuple[str, ...] = ()
    last_calls_title: str = N_("Last calls")
    replay_step: Callable[[Any, int], dict[str, Any]] | None = None
    table_form: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    table_defaults: Mapping[str, Any] = field(default_factory=dict)
    cli_options: Mapping[str, tuple[int, int, str]] = field(default_factory=dict)

    def make_match(self, game: Game, *, seed: int, single: bool = False,
                   **match_options: Any) -> Match:
        """The match of a table of ``game`` from ``seed`` (``single``: one game; the
        match's options, e.g. Liar's ``rounds`` and ``target``, R-L10).

        >>> m = get("liar").make_match(get("liar").make_game(players=2), seed=1, rounds=2)
        >>> m.is_over(), len(m.next_game())
        (False, 2)
        """
        assert self.match is not None, self.name
        return self.match(game, seed=seed, single=single, **match_options)

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bot names, in the order a table offers them."""
        return tuple(self.bots)

    @property
    def decks(self) -> tuple[int, ...]:
        """The numbers of decks the game is played with (R-L2; Thirty-One: one, T2)."""
        return tuple(self.players)

    def players_range(self, *, decks: int = 1) -> tuple[int, int]:
        """(fewest, most) players with ``decks`` decks (R-L2, T1)."""
        if decks not in self.players:
            raise ConfigError(_("decks={decks!r} is not allowed for {game}: use {choices}")
                                .format(decks=decks, game=self.name,
                                        choices=", ".join(map(str, self.players))))
        return self.players[decks]

    def make_game(self, **options: Any) -> Game:
        """The game object with ``options`` (the game class validates them, naming the rule).

        >>> get("thirty-one").make_game(players=3, colour="red")
        Traceback (most recent call last):
        ...
        cardgames.errors.ConfigError: unknown option 'colour' for thirty-one: use players, chronicler, lives, turn_cap
        """
        known = [f.name for f in dataclasses.fields(self.game_class)]
        for key in options:
            if key not in known:
                raise ConfigError(_("unknown option {key!r} for {game}: use {names}")
                                    .format(key=key, game=self.name, names=", ".join(known)))
        game: Game = self.game_class(**options)
        return game

    def make_table_game(self, **options: Any) -> Game:
        """:meth:`make_game` within what a play table offers: ``lives`` within
        :attr:`lives` (R-T8; the engine itself allows any number >= 0).

        >>> get("thirty-one").make_table_game(players=2, lives=12)
        Traceback (most recent call last):
        ...
        cardgames.errors.ConfigError: lives must be a whole number 0-9 (R-T8), not 12
        """
        if self.lives is not None and "lives" in options:
            lo, hi = self.lives
            lv = options["lives"]
            if not isinstance(lv, int) or isinstance(lv, bool) or not lo <= lv <= hi:
                raise ConfigError(_("lives must be a whole number {lo}-{hi} (R-T8), not "
                                    "{value!r}").format(lo=lo, hi=hi, value=lv))
        return self.make_game(**options)

    def make_bot(self, name: str) -> Agent:
        """A new bot of this game from its name (see :attr:`bot_names`)."""
        if not isinstance(name, str):
            self.check_bot(name)
            raise ConfigError(_("a bot name is text, not {bot!r}").format(bot=name))
        self.check_bot(name)
        return self.bots[name.strip().lower()]()

    def check_bot(self, spec: object) -> None:
        """A :class:`ConfigError` unless ``spec`` is a bot name of this game or an agent."""
        if isinstance(spec, str):
            if spec.strip().lower() not in self.bots:
                raise ConfigError(_("unknown bot {bot!r} for {game}: choose one of {names}")
                                    .format(bot=spec, game=self.name,
                                            names=", ".join(self.bots)))
        elif not callable(getattr(spec, "act", None)):
            raise ConfigError(_("a bot is a name ({names}) or an agent with "
                                "act(view, legal_actions, rng), not {bot!r}")
                                .format(names=", ".join(self.bots), bot=spec))

    def bot(self, spec: str | Agent) -> Agent:
        """A new bot from its name, or ``spec`` itself if it is an agent
        (``act(view, legal_actions, rng)``)."""
        self.check_bot(spec)
        return self.make_bot(spec) if isinstance(spec, str) else spec


_REGISTRY: dict[str, GameInfo] = {}
_ALIASES: dict[str, str] = {}


def _register(info: GameInfo) -> None:
    for key in (info.name, *info.aliases):
        if key in _ALIASES:
            raise ConfigError(f"game name {key!r} is registered twice")
        _ALIASES[key] = info.name
    _REGISTRY[info.name] = info


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def get(name: str | GameInfo) -> GameInfo:
    """The descriptor of the game called ``name`` (aliases and any case accepted)."""
    if isinstance(name, GameInfo):
        return name
    found = _ALIASES.get(_key(name)) if isinstance(name, str) else None
    if found is None:
        raise ConfigError(_("unknown game {game!r}: use {names}")
                            .format(game=name, names=" or ".join(map(repr, _REGISTRY))))
    return _REGISTRY[found]


def names() -> tuple[str, ...]:
    """The games' names, in registration order."""
    return tuple(_REGISTRY)


def default() -> GameInfo:
    """The game a form gets when it names none: Liar (the lessons' first game).

    >>> default().name
    'liar'
    """
    return _REGISTRY["liar"]


def games() -> tuple[GameInfo, ...]:
    """Every registered game."""
    return tuple(_REGISTRY.values())


def for_game(game: object) -> GameInfo:
    """The descriptor of a game object (e.g. ``LiarGame(players=3)``) or of its class."""
    cls = game if isinstance(game, type) else type(game)
    for info in _REGISTRY.values():
        if issubclass(cls, info.game_class):
            return info
    raise ConfigError(_("not a game of this package: {game!r}").format(game=game))


_register(GameInfo(
    name="thirty-one", title=N_("Thirty-One"), game_class=ThirtyOneGame,
    rules="T1-T14, R-T1-R-T10", aliases=("thirtyone", "31"),
    bots=MappingProxyType({"heuristic": ThirtyOneHeuristicAgent, "random": RandomAgent,
                           "expert": ThirtyOneExpertAgent}),
    defaults=MappingProxyType({"players": 4, "chronicler": False, "lives": 3}),
    players=THIRTY_ONE_PLAYERS,                                              # T1
    lives=TABLE_LIVES,                                                       # R-T8, T13
    chroniclers=(False, True),                                               # T2
    match=_thirtyone.make_match, parse_action=_thirtyone_actions.parse_action,
    turn_rule="T5", end_rule="T13", view_codec=_thirtyone.VIEW_CODEC,
    summary=_thirtyone.summary, last_calls=_thirtyone.LAST_CALLS,
    last_calls_title=N_("Latest events"),
    replay_step=_thirtyone.replay_step, table_form=_thirtyone.TABLE_FORM,
    cli_options=MappingProxyType(_thirtyone.CLI_OPTIONS),
))
_register(GameInfo(
    name="liar", title=N_("Liar"), game_class=LiarGame, rules="L1-L13, R-L1-R-L11",
    bots=MappingProxyType({"random": LiarRandomAgent, "heuristic": LiarHeuristicAgent,
                           "caller": LiarCallerAgent, "expert": LiarExpertAgent}),
    defaults=MappingProxyType({"players": 4, "decks": 1, "chroniclers": ()}),
    players=LIAR_PLAYERS,                                                    # R-L2
    chroniclers=("none", "colorful", "pale", "both"),                        # L2, L12, L13
    match_defaults=MappingProxyType({"rounds": 5, "target": None}),          # R-L10
    match_options=("rounds", "target"),
    match=_liar.make_match, parse_action=_liar_actions.LiarAction.parse,
    turn_rule="R-L5", end_rule="L11", view_codec=_liar.VIEW_CODEC,
    summary=_liar.summary, last_calls=_liar.LAST_CALLS,
    replay_step=_liar.replay_step, table_form=_liar.TABLE_FORM,
    table_defaults=MappingProxyType(_liar.TABLE_DEFAULTS),
    cli_options=MappingProxyType(_liar.CLI_OPTIONS),
))
