"""PettingZoo AEC environments for every multi-player game (needs the ``rl`` extra).

Agents are named after seats (``player_0``, ``player_1``, ...); each observes a dict with an
``observation`` vector built from its own view and an ``action_mask`` over the game's fixed action
space (:mod:`pegboard.rl.actions`). Rewards are +1/-1 for a game won/lost (``reward="win"``), or each
deal's point difference (``reward="points"``). ``max_cycles`` truncates a game after that many moves.

>>> env = pettingzoo_env("cribbage")
>>> env.reset(seed=7)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_0', 1379)
>>> observation, reward, terminated, truncated, info = env.last()
>>> int(observation["action_mask"].sum()), reward, terminated
(15, 0.0, False)
"""

from __future__ import annotations

import random
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv

from pegboard.errors import PegboardError
from pegboard.rl.spaces import action_space, observation_space
from pegboard.rl.table import RewardMode, Table
from pegboard.rules import Rules

__all__ = ["PegboardAECEnv", "pettingzoo_env", "env", "MULTIPLAYER_PRESETS"]

MULTIPLAYER_PRESETS = ("cribbage", "cribbage-3", "cribbage-4", "cribbage-4-solo", "five-card", "snailspace")


class PegboardAECEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment playing one pegboard game."""

    RENDER_MODES = ("ansi", "human")
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "pegboard_v0", "is_parallelizable": False,
                                "render_fps": 4}

    def __init__(self, game: str | Rules = "cribbage", *, reward: RewardMode = "win", max_cycles: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.table = Table(game, reward=reward, **options)
        if self.table.players < 2:
            raise PegboardError(f"game {self.table.rules.name!r} has one player: use the Gymnasium environment "
                                "pegboard/Solitaire-v0")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise PegboardError(f"render_mode={render_mode!r}: expected one of {', '.join(self.RENDER_MODES)}")
        if max_cycles is not None and max_cycles < 1:
            raise PegboardError(f"max_cycles={max_cycles!r}: expected a positive number of moves")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"pegboard_{self.table.rules.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.table.players)]
        space = observation_space(self.table)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        actions = action_space(self.table)
        self.action_spaces = {agent: actions for agent in self.possible_agents}
        self._seeds = random.Random()
        self._moves = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: the same seed gives the same game; without one, the next of the last seed's."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.table.reset(self._seeds.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._moves = 0
        self.agent_selection = self._agent_to_act()

    def _agent_to_act(self) -> str:
        seat = self.table.seat_to_act()
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observe(self.possible_agents.index(agent))

    def _check_agents(self, what: str) -> None:
        if self.agent_selection not in self.terminations:
            raise PegboardError(f"{what}: the game is over and every agent is done (the last one was "
                                f"{self.agent_selection}): call reset()")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, terminated, truncated and info (PettingZoo's); once
        every agent is done, a :class:`~pegboard.errors.PegboardError` saying to reset."""
        self._check_agents("last()")
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        self._check_agents(f"step({action!r})")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise PegboardError(f"{agent} is to act: expected an action id, not None")
        rewards = self.table.step(action)  # a refused action raises here, and changes nothing
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: rewards[seat] for seat, name in enumerate(self.possible_agents)}
        self._moves += 1
        if self.table.game.finished:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self._moves >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        if not self.table.game.finished:
            self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table in text (``ansi``: returned; ``human``: printed)."""
        return self.table.render_as(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


def pettingzoo_env(game: str | Rules = "cribbage", **kwargs: Any) -> PegboardAECEnv:
    """A PettingZoo AEC environment of a multi-player preset (``cribbage``, ``cribbage-3``, ``cribbage-4``,
    ``cribbage-4-solo``, ``five-card``, ``snailspace``) or rules object; options as in
    :class:`PegboardAECEnv` (``reward``, ``max_cycles``, ``render_mode``) and rules options (``target=61``).

    >>> pettingzoo_env("snailspace").possible_agents
    ['player_0', 'player_1']
    """
    return PegboardAECEnv(game, **kwargs)


env = pettingzoo_env
"""PettingZoo's usual name for the environment constructor."""
