"""A tiny game that follows the shared protocol, to test the tournament machinery
independently of the real engines: players take turns adding 1 or 2 to their own
total; the first to reach ``target`` wins, the others are placed by their totals."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass


class _Legal(tuple):
    def sample(self, rng: random.Random):
        return self[rng.randrange(len(self))]


@dataclass(frozen=True)
class Outcome:
    """The protocol's outcome shape (cardgames.core.Outcome) plus the race's totals."""

    winners: tuple
    places: tuple
    returns: tuple
    reason: str
    points: tuple


@dataclass(frozen=True)
class RaceGame:
    players: int = 2
    target: int = 10

    def new_state(self, *, seed: int, dealer: int = 0) -> RaceState:
        return RaceState(self, random.Random(seed), dealer, seed=seed)

    def replay(self, seed: int, actions, dealer: int = 0) -> RaceState:
        state = self.new_state(seed=seed, dealer=dealer)
        for action in actions:
            state.apply(action)
        return state

    @classmethod
    def state_from_json(cls, data) -> RaceState:
        """The protocol's save (cardgames.core.Game): the game, seed and moves, replayed."""
        d = json.loads(data) if isinstance(data, str) else data
        return cls(**d["game"]).replay(d["seed"], d["history"], d["dealer"])


class RaceState:
    def __init__(self, game: RaceGame, rng: random.Random, dealer: int, *, seed: int) -> None:
        self.game, self.seed, self.dealer = game, seed, dealer
        self.totals = [0] * game.players
        # a seeded head start, so the deal's seed matters
        self.totals[rng.randrange(game.players)] += 1
        self.current_player: int | None = (dealer + 1) % game.players
        self.history: list = []

    def legal_actions(self):
        return _Legal((1, 2))

    def view(self, player):
        return tuple(self.totals)

    def apply(self, action, *, player=None):
        p = self.current_player
        self.totals[p] += action
        self.history.append(action)
        self.current_player = None if self.totals[p] >= self.game.target else \
            (p + 1) % self.game.players

    def to_json(self) -> str:
        return json.dumps({"game": {"players": self.game.players, "target": self.game.target},
                           "seed": self.seed, "dealer": self.dealer, "history": self.history})

    def is_over(self):
        return self.current_player is None

    def outcome(self):
        if not self.is_over():
            return None
        order = sorted(set(self.totals), reverse=True)
        places = tuple(1 + order.index(t) for t in self.totals)
        winners = tuple(p for p, place in enumerate(places) if place == 1)
        returns = tuple(1.0 if p in winners else 0.0 for p in range(self.game.players))
        return Outcome(winners, places, returns, "target", tuple(self.totals))


class GreedyAgent:
    """Always adds 2: beats random agents on average."""

    name = "greedy"

    def act(self, view, legal_actions, rng):
        return 2
