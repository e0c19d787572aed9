"""The shared AEC environment of :mod:`cardgames.adapters.pettingzoo` (see the package docstring)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped,unused-ignore]


class CardgamesAEC(AECEnv):  # type: ignore[misc]
    """One engine game as an AEC environment; subclasses say how to encode and score it."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}
    num_actions = 0

    def __init__(self, engine: Any, encoding: Any, render_mode: str | None = None) -> None:
        super().__init__()
        self.engine = engine
        self.encoding = encoding
        self.render_mode = render_mode
        n = engine.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs = spaces.Dict({
            "observation": spaces.Box(0.0, 64.0, (encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ---------------------------------------------------------------- to override
    def action_id(self, action: Any) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def action_of(self, action_id: int) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def final_rewards(self) -> tuple[list[float], bool]:  # pragma: no cover - overridden
        """(reward per seat, truncated?) once the game is over."""
        raise NotImplementedError

    def legal_ids(self) -> Any:
        """The legal ids now: a list or an int array (to index the mask with)."""
        return [self.action_id(a) for a in self.state.legal_actions()]

    # ---------------------------------------------------------------- AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = self.engine.new_state(seed=self._seeds.getrandbits(62))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._index[agent]
        mask = np.zeros(self.num_actions, np.int8)     # a new array: callers may keep it
        if self.state.current_player == seat:
            mask[self.legal_ids()] = 1
        return {"observation": self.encoding.encode(self.state.view(seat)), "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(self.action_of(int(action)), player=self._index[agent])
        if self.state.is_over():
            rewards, truncated = self.final_rewards()
            for a in self.agents:
                self.rewards[a] = rewards[self._index[a]]
                if truncated:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.state is not None:
            return str(self.state.describe() if hasattr(self.state, "describe") else self.state)
        return None

    def close(self) -> None:
        pass


def wrap(env: CardgamesAEC) -> Any:
    """PettingZoo's usual checks: illegal actions end the game with a penalty, order enforced."""
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
