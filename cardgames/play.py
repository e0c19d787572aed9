"""Play whole games among agents, reproducibly from a seed.

Works for any game that follows the protocol of :mod:`cardgames.core`
(:class:`~cardgames.core.Game`, :class:`~cardgames.core.State`,
:class:`~cardgames.core.Agent`): ``game.new_state(seed=..., dealer=...)`` and a
state with ``current_player``, ``view(player)``, ``legal_actions()``,
``apply(action, player=...)``, ``is_over()`` and ``outcome()``.

Each seat's agent gets its own ``random.Random`` seeded from the game seed and
the seat, so the same seed gives the same game in any process.

A view is built only for an agent that reads it: :class:`~cardgames.agents.RandomAgent`
and any agent with the attribute ``needs_view = False`` are handed ``None``.

>>> from cardgames.agents import RandomAgent
>>> from cardgames.thirtyone import ThirtyOneGame
>>> record = play_game(ThirtyOneGame(players=3), [RandomAgent()] * 3, seed=7)
>>> record == play_game(ThirtyOneGame(players=3), [RandomAgent()] * 3, seed=7)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from cardgames.agents import RandomAgent
from cardgames.core import Action, Agent, Game, Outcome, State
from cardgames.errors import AgentError, ConfigError, GameOverError, IllegalActionError
from cardgames.i18n import gettext as _
from cardgames.seeds import agent_rng, agent_rngs

__all__ = ["GameRecord", "Match", "MatchRecord", "agent_name", "agent_rng", "agent_rngs",
           "agent_turn", "play_game", "play_match", "play_state"]

S = TypeVar("S", bound=State)
_RANDOM = RandomAgent()


@dataclass(frozen=True)
class GameRecord:
    """The result of :func:`play_game`: enough to replay the game exactly.

    ``outcome`` is ``None`` only when ``max_decisions`` stopped the game first.
    """

    game: Game
    seed: int
    dealer: int
    agents: tuple[str, ...]
    outcome: Outcome | None
    history: tuple[Action, ...] = field(repr=False)

    @property
    def decisions(self) -> int:
        """How many actions were taken."""
        return len(self.history)


def agent_turn(state: State, agents: Sequence[Agent | None],
               rngs: Sequence[random.Random]) -> Action:
    """Ask the agent of the player to act for one action, apply it, and return it.

    This is the one place where agents are asked to act: :func:`play_state`,
    :func:`play_game`, :func:`play_match`, matches, tournaments and the play
    tables of :mod:`widgets` all call it.  ``agents[p]`` and ``rngs[p]`` belong
    to seat ``p``; an entry of ``agents`` may be ``None`` for a seat played by a
    person (asking it is an error).  The agent gets the player's view (or
    ``None`` if its ``needs_view`` is ``False``), the legal actions and its own
    generator.

    A refused action is never replaced: it raises
    :class:`~cardgames.errors.AgentError` naming the agent, the seat and the
    action, with the engine's error as its cause, and the state is unchanged.

    >>> from cardgames.agents import RandomAgent
    >>> from cardgames.thirtyone import ThirtyOneGame
    >>> state = ThirtyOneGame(players=2).new_state(seed=1, single_deal=True)
    >>> str(agent_turn(state, [RandomAgent()] * 2, agent_rngs(1, 2))) in ("keep", "exchange")
    True
    """
    player = state.current_player
    if player is None:
        raise GameOverError(_("the game is over: no agent is to act"), rule=None,
                            reason=_("the game is over"), legal=_("nothing"))
    agent = agents[player]
    if agent is None:
        raise ConfigError(_("seat {player} has no agent: a person plays it")
                            .format(player=player))
    legal = state.legal_actions()
    view = state.view(player) if _needs_view(agent) else None
    action: Action = agent.act(view, legal, rngs[player])
    try:
        # ``player`` is the player to act, read above: apply() need not check it again
        state.apply(action)
    except IllegalActionError as e:
        raise _refused(agent, player, action, e) from e
    return action


def _refused(agent: Agent, player: int, action: Action, e: IllegalActionError) -> AgentError:
    """The :class:`~cardgames.errors.AgentError` for an action the engine refused."""
    name = agent_name(agent)
    return AgentError(_("agent {name!r} in seat {player} chose an illegal action {action!r}: "
                        "{error}")
                        .format(name=name, player=player, action=str(action), error=e),
                      agent=name, player=player, action=action,
                      rule=e.rule, reason=e.reason, legal=e.legal)


def agent_name(agent: Agent) -> str:
    """An agent's ``name`` (the protocol's attribute), else its class name."""
    name = getattr(agent, "name", None)     # a person's seat or a bare object: no name
    return type(agent).__name__ if name is None else str(name)


def play_state(state: S, agents: Sequence[Agent | None], rngs: Sequence[random.Random], *,
               max_decisions: int | None = None) -> S:
    """Let ``agents`` play ``state`` to the end (in place) and return it.

    Each turn is :func:`agent_turn`'s, step for step (the loop below inlines
    it, with each seat's ``act`` and ``needs_view`` read once per call, and
    hands a seat nobody plays or a state without a player to act to
    :func:`agent_turn` itself for its error): an agent that returns an
    illegal action is an :class:`~cardgames.errors.AgentError`, never
    silently replaced.  ``max_decisions`` stops after that many actions.
    """
    decisions = 0
    is_over = state.is_over
    legal_actions = state.legal_actions
    apply = state.apply
    view = state.view
    # per seat: its agent's bound ``act`` and whether it reads a view (None: a person's seat);
    # act None: a RandomAgent, whose act() is ``legal.sample(rng)`` here (asked inline)
    seats = [None if a is None else (None if type(a) is RandomAgent else a.act, _needs_view(a))
             for a in agents]
    while not is_over():
        player = state.current_player
        seat = None if player is None else seats[player]
        if player is None or seat is None:  # game over without is_over(), or a person's
            agent_turn(state, agents, rngs)  # seat: the error of agent_turn (it raises)
        else:
            act, needs_view = seat
            legal = legal_actions()
            rng = rngs[player]
            if act is None:         # a RandomAgent: its act(), inline
                sample = getattr(legal, "sample", None)
                action = sample(rng) if sample is not None else _RANDOM.act(None, legal, rng)
            else:
                action = act(view(player) if needs_view else None, legal, rng)
            try:
                apply(action)
            except IllegalActionError as e:
                raise _refused(agents[player], player, action, e) from e  # type: ignore[arg-type]
        decisions += 1
        if max_decisions is not None and decisions >= max_decisions:
            break
    return state


def _needs_view(agent: Agent) -> bool:
    """False for agents whose choice never depends on the view (no view is built for them).

    ``needs_view`` is the optional attribute of :class:`~cardgames.core.Agent`.
    """
    if type(agent) is RandomAgent:
        return False
    return bool(getattr(agent, "needs_view", True))


def play_game(game: Game, agents: Sequence[Agent], *, seed: int, dealer: int = 0,
              max_decisions: int | None = None) -> GameRecord:
    """Play one game (a Liar round, or whatever ``game.new_state`` makes) among ``agents``.

    ``agents[i]`` plays seat ``i``.  Returns a :class:`GameRecord` with the
    outcome and the full action history; ``game.replay`` with the same seed,
    dealer and history reproduces the game.
    """
    if len(agents) != game.players:
        raise ConfigError(_("{players} players need {players} agents, got {n}")
                            .format(players=game.players, n=len(agents)))
    state = game.new_state(seed=seed, dealer=dealer)
    rngs = agent_rngs(seed, game.players)
    play_state(state, agents, rngs, max_decisions=max_decisions)
    return GameRecord(
        game=game,
        seed=seed,
        dealer=dealer,
        agents=tuple(agent_name(a) for a in agents),
        outcome=state.outcome(),
        history=tuple(state.history),
    )


@dataclass(frozen=True)
class MatchRecord:
    """The result of :func:`play_match`: a match of several rounds (Liar, R-L10).

    ``scores`` are the points per seat, ``places`` the competition places by
    points (1 = best, ties share), ``winners`` the seats with the most points,
    ``outcomes`` each round's outcome and ``decisions`` the actions of all rounds.
    """

    seed: int
    agents: tuple[str, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    outcomes: tuple[Outcome, ...] = field(repr=False)
    decisions: int = 0

    @property
    def rounds(self) -> int:
        return len(self.outcomes)

    @property
    def points(self) -> tuple[int, ...]:
        return self.scores


class Match(Protocol):
    """A match of several rounds (e.g. :class:`cardgames.liar.match.LiarMatch`, R-L10)."""

    @property
    def game(self) -> Game: ...

    @property
    def seed(self) -> int: ...

    @property
    def scores(self) -> Sequence[int]: ...

    def is_over(self) -> bool: ...

    def new_round(self) -> Any: ...     # a State with its ``seed``

    def record(self, state: Any) -> Outcome: ...

    def winners(self) -> Sequence[int]: ...


def play_match(match: Match, agents: Sequence[Agent], *,
               max_decisions: int | None = None) -> MatchRecord:
    """Play the rest of a match (e.g. ``LiarMatch(game, seed=..., rounds=5)``) among ``agents``.

    Works with any match that offers ``game``, ``seed``, ``is_over()``,
    ``new_round()`` (a state with its ``seed``), ``record(state)``, ``scores``
    and ``winners()``. Each round's agents get ``agent_rng(round seed, seat)``,
    as ``LiarMatch.play`` does, so both give the same match.
    ``max_decisions`` caps each round (a capped round must still be over to be
    recorded, so use it with the game's own cap, e.g. ``LiarGame(max_plays=...)``).
    """
    game = match.game
    if len(agents) != game.players:
        raise ConfigError(_("{players} players need {players} agents, got {n}")
                            .format(players=game.players, n=len(agents)))
    outcomes = []
    decisions = 0
    while not match.is_over():
        state = match.new_round()
        rngs = agent_rngs(state.seed, game.players)
        play_state(state, agents, rngs, max_decisions=max_decisions)
        decisions += len(state.history)
        outcomes.append(match.record(state))
    scores = tuple(match.scores)
    places = tuple(1 + sum(1 for o in scores if o > mine) for mine in scores)
    return MatchRecord(seed=match.seed,
                       agents=tuple(agent_name(a) for a in agents),
                       scores=scores, places=places, winners=tuple(match.winners()),
                       outcomes=tuple(outcomes), decisions=decisions)
