"""Play whole games among agents, reproducibly from a seed.

Works for any game that follows the protocol of ``docs/ARCHITECTURE.md``:
``game.new_state(seed=..., dealer=...)`` and a state with ``current_player``,
``view(player)``, ``legal_actions()``, ``apply(action)``, ``is_over()`` and
``outcome()``.

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
from typing import Any

from cardgames.agents import RandomAgent
from cardgames.errors import ConfigError, IllegalActionError

__all__ = ["GameRecord", "MatchRecord", "agent_rng", "play_game", "play_match", "play_state"]


@dataclass(frozen=True)
class GameRecord:
    """The result of :func:`play_game`: enough to replay the game exactly."""

    game: Any
    seed: int
    dealer: int
    agents: tuple[str, ...]
    outcome: Any
    history: tuple[Any, ...] = field(repr=False)

    @property
    def decisions(self) -> int:
        """How many actions were taken."""
        return len(self.history)


def agent_rng(seed: int, seat: int) -> random.Random:
    """The random generator of the agent in ``seat`` for the game ``seed``.

    String seeding is hashed with SHA-512, so it is the same in every process.

    >>> agent_rng(1, 0).random() == agent_rng(1, 0).random() != agent_rng(1, 1).random()
    True
    """
    return random.Random(f"cardgames-agent:{seed}:{seat}")


def play_state(state: Any, agents: Sequence[Any], rngs: Sequence[random.Random], *,
               max_decisions: int | None = None) -> Any:
    """Let ``agents`` play ``state`` to the end (in place) and return it.

    An agent that returns an illegal action is an error, never silently
    replaced (the engine's message says why).
    """
    # A view is built only for agents that read it: RandomAgent, and any agent
    # with ``needs_view = False``, get ``None`` (their choice never depends on it).
    needs_view = [_needs_view(a) for a in agents]
    acts = [a.act for a in agents]
    view = state.view
    legal_actions = state.legal_actions
    apply = state.apply
    is_over = state.is_over
    decisions = 0
    while not is_over():
        player = state.current_player
        legal = legal_actions()
        action = acts[player](view(player) if needs_view[player] else None, legal,
                              rngs[player])
        try:
            apply(action)
        except IllegalActionError as e:
            name = getattr(agents[player], "name", type(agents[player]).__name__)
            raise IllegalActionError(f"agent {name!r} in seat {player} chose an illegal "
                                     f"action: {e}", player=player, action=action,
                                     rule=e.rule) from e
        decisions += 1
        if max_decisions is not None and decisions >= max_decisions:
            break
    return state


def _needs_view(agent: Any) -> bool:
    """False for agents whose choice never depends on the view (no view is built for them)."""
    if type(agent) is RandomAgent:
        return False
    return bool(getattr(agent, "needs_view", True))


def play_game(game: Any, agents: Sequence[Any], *, seed: int, dealer: int = 0,
              max_decisions: int | None = None) -> GameRecord:
    """Play one game (a Liar round, or whatever ``game.new_state`` makes) among ``agents``.

    ``agents[i]`` plays seat ``i``.  Returns a :class:`GameRecord` with the
    outcome and the full action history; ``game.replay`` with the same seed,
    dealer and history reproduces the game.
    """
    if len(agents) != game.players:
        raise ConfigError(f"{game.players} players need {game.players} agents, "
                          f"got {len(agents)}")
    state = game.new_state(seed=seed, dealer=dealer)
    rngs = [agent_rng(seed, seat) for seat in range(game.players)]
    play_state(state, agents, rngs, max_decisions=max_decisions)
    return GameRecord(
        game=game,
        seed=seed,
        dealer=dealer,
        agents=tuple(getattr(a, "name", type(a).__name__) for a in agents),
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
    outcomes: tuple[Any, ...] = field(repr=False)
    decisions: int = 0

    @property
    def rounds(self) -> int:
        return len(self.outcomes)

    @property
    def points(self) -> tuple[int, ...]:
        return self.scores


def play_match(match: Any, agents: Sequence[Any], *,
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
        raise ConfigError(f"{game.players} players need {game.players} agents, "
                          f"got {len(agents)}")
    outcomes = []
    decisions = 0
    while not match.is_over():
        state = match.new_round()
        rngs = [agent_rng(state.seed, seat) for seat in range(game.players)]
        play_state(state, agents, rngs, max_decisions=max_decisions)
        decisions += len(state.history)
        outcomes.append(match.record(state))
    scores = tuple(match.scores)
    places = tuple(1 + sum(1 for o in scores if o > mine) for mine in scores)
    return MatchRecord(seed=match.seed,
                       agents=tuple(getattr(a, "name", type(a).__name__) for a in agents),
                       scores=scores, places=places, winners=tuple(match.winners()),
                       outcomes=tuple(outcomes), decisions=decisions)
