"""A session of play: one table of either game, its seats, its matches, its bots.

A :class:`Session` holds what a table needs and nothing a front end draws:

- the game state and the match around it: Liar rounds with places and points
  (R-L10, :class:`~cardgames.liar.LiarMatch`), or a Thirty-One game of deals to
  the last player with lives (T13); then the next match, from the seed scheme
  of :mod:`cardgames.seeds` (match ``k`` plays ``match_seed(seed, k)``);
- the seats (:class:`Seat`): a person at this computer (``"human"``), a bot by
  its name in :mod:`cardgames.registry` (``"bot"``), or a person elsewhere
  (``"remote"``);
- the bot loop (:meth:`Session.bot_step`, :meth:`Session.run_bots`) over
  :func:`cardgames.play.agent_turn`, each bot seat drawing from its own
  generator ``cardgames.seeds.agent_rng(game seed, seat)``, so a session of
  bots plays exactly the games of :func:`~cardgames.play.play_game` and
  :func:`~cardgames.play.play_match`;
- the log of public events with a *mark* per change, so that each seat can
  ask what is new since it last looked (:meth:`Session.events_since`).

What a seat may know is :meth:`Session.view` (R-L11, R-T9); everything else
(:attr:`Session.state`, :meth:`Session.replay`) is full information, for Python
and the teacher only.  Every action goes through :meth:`Session.act`: the
engine validates it (its errors, untouched), one action at a time (a lock, so
several threads or asyncio tasks may drive one session), and an action made
against an older mark is refused (:class:`~cardgames.errors.StaleActionError`),
never applied twice.

The **mark** counts the changes of the session: every applied action, and
every deal of a next round or match (:meth:`Session.next_game`).  Each logged
event is filed under the mark at which it happened, so ``events_since(seat, m)``
is everything that happened after a seat saw the table at mark ``m``.

>>> s = Session.new("thirty-one", seats=[Seat.human("Ana"), Seat.bot("heuristic")], seed=3)
>>> s.to_act, s.mark, s.view(0).legal
(0, 0, SeatLegal(('keep', 'exchange')))
>>> s.act(0, "keep", mark=0)[0].describe()
'player 0 (dealer) keeps their cards (T4, R-T1)'
>>> s.act(0, "pass", mark=0)
Traceback (most recent call last):
...
cardgames.errors.StaleActionError: seat 0 acted on the table of mark 0, but it has moved on to mark 1: look again (T5)
>>> _ = s.run_bots(); s.to_act in (0, None)
True
>>> Session.from_json(s.to_json()).state == s.state
True
"""

from __future__ import annotations

import bisect
import json
import threading
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from cardgames import registry
from cardgames.core import Agent, Match, State, check_player, check_seed
from cardgames.errors import ConfigError, IllegalActionError, StaleActionError
from cardgames.i18n import gettext as _
from cardgames.play import agent_turn
from cardgames.seat import SEAT_KINDS, Seat, SeatLegal, SeatView, TeacherFrame
from cardgames.seeds import agent_rngs, match_seed, rng_from_state, rng_state

__all__ = ["FORMAT", "MAX_BOT_STEPS", "SEAT_KINDS", "Seat", "SeatLegal", "SeatView", "Session",
           "TeacherFrame", "VERSION"]

#: What :meth:`Session.run_bots` does at most with ``limit=None`` (a Liar round among bots
#: can, rarely, cycle for ever: see ``cardgames.liar``, settled point 10).
MAX_BOT_STEPS = 10_000
#: The JSON of :meth:`Session.to_json`.
FORMAT = "cardgames-session"
VERSION = 1


class Session:
    """A table of one game.  Make one with :meth:`new` or :meth:`from_json`."""

    def __init__(self, *, game: str, seats: Sequence[Seat], seed: int,
                 options: Mapping[str, Any], match: bool, auto_next: bool,
                 agents: Mapping[int, Agent] | None = None) -> None:
        info = registry.get(game)
        self._info = info
        self._seed = check_seed(seed)
        self._seats = tuple(seats)
        for seat in self._seats:
            if not isinstance(seat, Seat):
                raise ConfigError(_("seats are Seat.human(...), Seat.bot(...) or "
                                    "Seat.remote(...), not {seat!r}").format(seat=seat))
            if seat.bot is not None:
                info.check_bot(seat.bot)
        game_options = dict(options)
        self._match_options = {k: game_options.pop(k, v) for k, v in info.match_defaults.items()}
        if "players" in game_options and game_options["players"] != len(self._seats):
            raise ConfigError(_("players={players!r} but {n} seats were given")
                                .format(players=game_options["players"], n=len(self._seats)))
        game_options.pop("players", None)
        self._options = _plain(game_options)
        self._game = info.make_table_game(players=len(self._seats), **game_options)
        self._match = bool(match)
        self._auto_next = bool(auto_next)
        self._agents: list[Agent | None] = [None if s.bot is None else info.make_bot(s.bot)
                                            for s in self._seats]
        self._own_agents = frozenset(agents or ())
        for index, agent in (agents or {}).items():
            if not (isinstance(index, int) and 0 <= index < len(self._seats)
                    and self._seats[index].kind == "bot"):
                raise ConfigError(_("agents: seat {seat!r} is not a bot's seat").format(seat=index))
            if not callable(getattr(agent, "act", None)):
                raise ConfigError(_("agents: {agent!r} is no agent (it has no act method)")
                                    .format(agent=agent))
            self._agents[index] = agent
        self._lock = threading.RLock()
        self._mark = 0
        self._match_index = 0
        self._games: list[State] = []         # every game of the session, the current last
        self._game_match: list[int] = []      # the match of each
        self._starts: list[dict[str, Any]] = []   # new_state() keywords of each
        self._log: list[Any] = []             # the public events, in order
        self._tags: list[int] = []            # the mark at which each happened
        self._cursors: dict[int, int] = {}
        self._m: Match | None = None           # the current match (cardgames.core.Match)
        self._settled = False                 # the current game is counted in its match
        self._rngs: list[Any] = []

    # ------------------------------------------------------------------ making
    @classmethod
    def new(cls, game: str, *, seats: Sequence[Seat], seed: int,
            options: Mapping[str, Any] = MappingProxyType({}), match: bool = True,
            auto_next: bool = False, agents: Mapping[int, Agent] | None = None) -> Session:
        """A new session of ``game`` (a name of :mod:`cardgames.registry`), dealt at once.

        ``seats``: one :class:`Seat` per player (their number is the game's
        ``players``, R-L2, T1).  ``options``: the game's options (``decks``,
        ``chroniclers``, ``lives`` ...) and, for Liar, the match's ``rounds``
        (default 5) and ``target`` (R-L10; both ``None``: rounds without end).  ``match=False``: one Liar round or
        one Thirty-One deal per match.  ``auto_next``: deal the next Liar round
        as soon as one ends (else :meth:`next_game` does).  ``agents``: agent objects
        (a teacher's own bot) for some bot seats, by seat, in place of the registry's
        bot of that seat; such a session cannot be saved (:meth:`to_json` refuses).
        """
        session = cls(game=game, seats=seats, seed=seed, options=options, match=match,
                      auto_next=auto_next, agents=agents)
        session._begin_match()
        return session

    def _begin_match(self) -> None:
        self._m = self._new_match()
        self._add_game(*self._m.next_game())

    def _new_match(self) -> Match:
        """The match (:class:`cardgames.core.Match`) of the current match number, made by
        the game (:meth:`cardgames.registry.GameInfo.make_match`)."""
        return self._info.make_match(self._game, seed=match_seed(self._seed, self._match_index),
                                     single=not self._match, **self._match_options)

    @property
    def _match_now(self) -> Match:
        assert self._m is not None
        return self._m

    def _add_game(self, state: State, start: dict[str, Any]) -> None:
        self._settled = False
        self._games.append(state)
        self._game_match.append(self._match_index)
        self._starts.append(start)
        self._rngs = agent_rngs(start["seed"], len(self._seats))
        self._file(state.events, -1 if len(self._games) == 1 else self._mark)

    def _file(self, events: Sequence[Any], tag: int) -> list[Any]:
        """Log ``events`` under the mark they lead away from (-1: the first deal)."""
        new = list(events)
        self._log.extend(new)
        self._tags.extend([tag] * len(new))
        return new

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> str:
        """The game's registry name (``"liar"``, ``"thirty-one"``)."""
        return self._info.name

    @property
    def info(self) -> registry.GameInfo:
        return self._info

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._seats

    @property
    def mark(self) -> int:
        """How many changes (actions, and deals of a next game) the session has had."""
        return self._mark

    @property
    def state(self) -> State:
        """The current state: full information, for Python and the teacher (read it only)."""
        return self._games[-1]

    @property
    def to_act(self) -> int | None:
        """The seat to act, ``None`` when the round or match is over."""
        state = self._games[-1]
        return None if state.is_over() else state.current_player

    @property
    def over(self) -> bool:
        """The current Liar round or Thirty-One game is over."""
        return self._games[-1].is_over()

    @property
    def match_over(self) -> bool:
        """The match is over (a new one starts with :meth:`next_game`)."""
        return self._match_now.is_over()

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (R-L11, R-T9)."""
        with self._lock:
            seat = check_player(seat, players=len(self._seats))
            state = self._games[-1]
            to_act = self.to_act
            # the engine's lazy collection: nothing is listed unless a reader asks (R-L4: a big
            # Liar hand has thousands of plays)
            legal = SeatLegal(state.legal_actions() if to_act == seat else ())
            view: Any = state.view(seat)
            match = self._match_now
            extra = match.seat_view(state, view)        # what the match adds (round, ...)
            match_over = match.is_over()
            if match_over:
                extra["winners"] = match.winners()
            return SeatView(seat=seat, game=self._info.name, view=view, mark=self._mark,
                            to_act=to_act, legal=legal, over=state.is_over(),
                            match_over=match_over, match=self._match_index,
                            seats=self._seats, **extra)

    def events_since(self, seat: int, mark: int | None = None) -> tuple[list[Any], int]:
        """The public events since the table was at ``mark`` (default: since ``seat`` last
        asked, or all of them the first time) and the session's mark now, which becomes
        ``seat``'s cursor.  ``events_since(seat, view.mark)`` is what happened after that
        view was taken (the first deal's events precede mark 0: ``mark=-1`` gives every
        event, those too).

        Every event of both engines is public by construction (R-L11, R-T9: no
        event names a card hidden from anyone; a called play's cards and the
        revealed hands are public), so every seat gets the same events.
        """
        with self._lock:
            seat = check_player(seat, players=len(self._seats))
            if mark is None:
                mark = self._cursors.get(seat, -1)          # -1: never asked, all of it
            elif isinstance(mark, bool) or not isinstance(mark, int) or not -1 <= mark <= self._mark:
                raise ConfigError(_("mark must be a whole number 0-{last}, not {mark!r}")
                                    .format(last=self._mark, mark=mark))
            start = bisect.bisect_left(self._tags, mark)
            self._cursors[seat] = self._mark
            return self._log[start:], self._mark

    # ------------------------------------------------------------------ changing
    def act(self, seat: int, action: Any, *, mark: int | None = None) -> list[Any]:
        """Apply ``seat``'s ``action`` (an action or its text) and return the new events.

        The engine validates it: a refusal is its
        :class:`~cardgames.errors.IllegalActionError` or
        :class:`~cardgames.errors.ActionParseError` (not your turn, not legal
        now, the round is over ...), and nothing changes.  With ``mark``, the
        action was made at that mark: if the session has moved on since, it is a
        :class:`~cardgames.errors.StaleActionError` and nothing changes.
        """
        with self._lock:
            seat = self._check_seat(seat, action, mark)
            state = self._games[-1]
            before = len(state.events)
            state.apply(action, player=seat)
            return self._changed(before)

    def check(self, seat: int, action: Any, *, mark: int | None = None) -> str:
        """What :meth:`act` would do, without doing it: the action's canonical text if
        ``act(seat, action, mark=mark)`` would apply it now, else the very error that
        :meth:`act` would raise (the engine's, naming the rule).  Nothing changes either
        way: a table service checks an action with it before it logs it.

        >>> s = Session.new("thirty-one", seats=[Seat.human("a"), Seat.human("b")], seed=3)
        >>> s.check(0, " KEEP ", mark=0), s.mark
        ('keep', 0)
        """
        with self._lock:
            seat = self._check_seat(seat, action, mark)
            state = self._games[-1]
            parse = self._info.parse_action
            if parse is not None and state.current_player == seat and not state.is_over():
                try:
                    parsed = parse(action) if isinstance(action, str) else action
                except ValueError:
                    parsed = None
                if parsed is not None and parsed in state.legal_actions():
                    return str(parsed)
            trial = state.clone()
            trial.apply(action, player=seat)       # the engine's own refusal, on a copy
            return str(trial.history[-1])

    def _check_seat(self, seat: object, action: object, mark: int | None) -> int:
        """``seat`` if it may act now at ``mark``: a stale mark, a seat that is no seat or
        a bot's seat is refused (the engine checks the rest)."""
        self._check_mark(seat, action, mark)
        seat = check_player(seat, players=len(self._seats))
        if self._seats[seat].kind == "bot":
            raise IllegalActionError(
                _("seat {seat} is played by a bot: only the bot acts for it")
                .format(seat=seat), player=seat, action=action,
                reason=_("a bot plays this seat"), legal=_("nothing"))
        return seat

    def _check_mark(self, seat: object, action: object, mark: int | None) -> None:
        if mark is None:
            return
        if isinstance(mark, bool) or not isinstance(mark, int):
            raise ConfigError(_("mark must be a whole number, not {mark!r}").format(mark=mark))
        if mark != self._mark:
            rule = self._info.turn_rule or None
            raise StaleActionError(
                _("seat {seat} acted on the table of mark {mark}, but it has moved on to mark "
                  "{now}: look again ({rule})").format(seat=seat, mark=mark, now=self._mark,
                                                       rule=rule),
                mark=mark, current=self._mark, player=seat if isinstance(seat, int) else None,
                action=action, rule=rule, reason=_("the table has moved on"),
                legal=_("look at the table again"))

    def _changed(self, before: int) -> list[Any]:
        """File the events of the action just applied, count it, settle the round."""
        state = self._games[-1]
        new = self._file(state.events[before:], self._mark)
        self._mark += 1
        if state.is_over() and not self._settled:
            self._settled = True
            match = self._match_now
            match.record(state)                     # e.g. a Liar round's points (R-L10)
            if self._auto_next and not match.is_over():
                new += self._next()
        return new

    def bot_step(self) -> list[Any]:
        """One bot move (:func:`cardgames.play.agent_turn`), its events; ``[]`` if no bot is
        to act.  A bot's refused action is an :class:`~cardgames.errors.AgentError`."""
        with self._lock:
            to_act = self.to_act
            if to_act is None or self._agents[to_act] is None:
                return []
            state = self._games[-1]
            before = len(state.events)
            agent_turn(state, self._agents, self._rngs)
            return self._changed(before)

    def run_bots(self, *, limit: int | None = None) -> list[Any]:
        """Bot moves until a person's seat is to act or the round is over (at most ``limit``,
        default :data:`MAX_BOT_STEPS`); the events."""
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 0):
            raise ConfigError(_("limit must be a whole number >= 0, not {limit!r}")
                                .format(limit=limit))
        events: list[Any] = []
        with self._lock:
            for _step in range(MAX_BOT_STEPS if limit is None else limit):
                new = self.bot_step()
                if not new:
                    break
                events += new
        return events

    def next_game(self) -> list[Any]:
        """Deal the next Liar round of the match, or the next match (the next seed of
        :func:`cardgames.seeds.match_seed`) when the match is over; its events."""
        with self._lock:
            self.check_next_game()
            return self._next()

    def check_next_game(self, *, seat: int | None = None, mark: int | None = None) -> None:
        """The refusal :meth:`next_game` would give now, without dealing: a ``mark`` the
        table has moved on from (:class:`~cardgames.errors.StaleActionError`, made by
        ``seat``), or a game that is not over (the game's rule: L11, T13)."""
        with self._lock:
            self._check_mark(seat, "next", mark)
            if not self.over:
                rule = self._info.end_rule
                raise IllegalActionError(
                    _("the game is not over yet: finish it first ({rule})").format(rule=rule),
                    rule=rule, reason=_("the game is not over yet"),
                    legal=_("play it to its end first"))

    def _next(self) -> list[Any]:
        tag = len(self._log)
        if not self._match_now.is_over():
            self._add_game(*self._match_now.next_game())
        else:
            self._match_index += 1
            self._begin_match()
        self._mark += 1
        return self._log[tag:]

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The whole session as versioned JSON (states by their own ``to_json``, the bots'
        generators, the seats' cursors): :meth:`from_json` resumes it exactly."""
        if self._own_agents:
            raise ConfigError(_("a session with agent objects (seats {seats}) cannot be saved: "
                                "only bots by their registry name can be restored")
                                .format(seats=", ".join(map(str, sorted(self._own_agents)))))
        with self._lock:
            return json.dumps({
                "format": FORMAT, "version": VERSION, "game": self._info.name,
                "seed": self._seed, "seats": [s.to_dict() for s in self._seats],
                "options": self._options, "match_options": self._match_options,
                "match": self._match, "auto_next": self._auto_next, "mark": self._mark,
                "match_index": self._match_index,
                "games": [{"match": m, "start": st, "state": g.to_json()}
                          for m, st, g in zip(self._game_match, self._starts, self._games)],
                "tags": self._tags, "rngs": [rng_state(r) for r in self._rngs],
                "cursors": {str(k): v for k, v in self._cursors.items()},
            }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Session:
        """The session :meth:`to_json` wrote (a :class:`ConfigError` if it is not one)."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT or data.get("version") != VERSION:
                raise ConfigError(_("not a session of version {version}: {found!r}")
                                    .format(version=VERSION, found=data.get("format")))
            return cls._load(data)
        except ConfigError:
            raise
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as e:
            # ValueError: bad JSON, or a state's own refusal of its snapshot
            raise ConfigError(_("not a saved session: {error}").format(error=e)) from None

    @classmethod
    def _load(cls, data: dict[str, Any]) -> Session:
        seats = [Seat(d["kind"], d["name"], d["bot"]) for d in data["seats"]]
        s = cls(game=data["game"], seats=seats, seed=data["seed"],
                options={**data["options"], **data["match_options"]}, match=data["match"],
                auto_next=data["auto_next"])
        game_class = type(s._game)
        current = None
        for entry in data["games"]:
            state = game_class.state_from_json(entry["state"])  # type: ignore[attr-defined]
            if entry["match"] != current:
                current = s._match_index = entry["match"]
                s._m = s._new_match()
            s._match_now.next_game(state)       # the match takes the saved game as its next
            s._settled = bool(state.is_over())
            if s._settled:
                s._match_now.record(state)
            s._games.append(state)
            s._game_match.append(entry["match"])
            s._starts.append(dict(entry["start"]))
            s._log.extend(state.events)
        s._match_index = data["match_index"]
        s._mark, s._tags = data["mark"], list(data["tags"])
        s._rngs = [rng_from_state(r) for r in data["rngs"]]
        s._cursors = {int(k): v for k, v in data["cursors"].items()}
        actions = sum(len(g.history) for g in s._games) + len(s._games) - 1
        if (not s._games or actions != s._mark or len(s._tags) != len(s._log)
                or len(s._rngs) != len(seats)):
            raise ConfigError(_("not a saved session: its marks, events and games disagree"))
        return s

    # ------------------------------------------------------------------ the teacher's
    def replay(self) -> list[TeacherFrame]:
        """Every state of the session from the first deal, **with all hands**: for the teacher.

        Rebuilt from each game's seed and actions (``game.new_state`` then
        ``apply``), so it also shows that the session is its games' replay.
        """
        with self._lock:
            frames: list[TeacherFrame] = []
            mark = 0
            for g, (state, start, m) in enumerate(zip(self._games, self._starts,
                                                      self._game_match)):
                if g:
                    mark += 1                      # the deal of this game
                fresh = self._game.new_state(**start)
                frames.append(TeacherFrame(g, m, 0, mark, None, fresh.clone()))
                for i, action in enumerate(state.history, start=1):
                    fresh.apply(action)
                    mark += 1
                    frames.append(TeacherFrame(g, m, i, mark, str(action), fresh.clone()))
            return frames

    def __repr__(self) -> str:
        return (f"Session({self._info.name!r}, seats={len(self._seats)}, seed={self._seed}, "
                f"match {self._match_index}, mark {self._mark})")


def _plain(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options as JSON data (Chroniclers by their codes, tuples as lists)."""
    def plain(v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        value = getattr(v, "value", v)          # an enum member (a Chronicler)
        if value is not None and not isinstance(value, (bool, int, float, str)):
            raise ConfigError(_("option value {value!r} cannot be saved").format(value=v))
        return value
    return {str(k): plain(v) for k, v in options.items()}
