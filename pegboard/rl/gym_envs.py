"""Gymnasium single-agent environments (needs the ``rl`` extra); importing :mod:`pegboard.rl` registers them.

* ``pegboard/Solitaire-v0``: Cribbage Square Solitaire; the reward is the points the deal scores
  (``reward="win"``: +1 for reaching the target, -1 below it).
* ``pegboard/Cribbage-v0``: one seat of any multi-player game (``game="cribbage"`` by default) against
  pegboard's bots (``opponent="expert"``, or ``random``, ``greedy``, ``classic``, ``hoyle``, a
  ``module:Class``); +1/-1 for the game won/lost, or ``reward="points"``: each deal's point difference.

Observations are the dict of :mod:`pegboard.rl.spaces` (``observation`` and ``action_mask``), and
:meth:`PegboardEnv.action_masks` returns the mask too. An illegal action changes nothing and costs
``illegal_reward`` (-1), with ``info["illegal_action"]`` set; ``illegal="raise"`` raises instead.

>>> import gymnasium
>>> import pegboard.rl
>>> env = gymnasium.make("pegboard/Solitaire-v0")
>>> observation, info = env.reset(seed=1)
>>> env.unwrapped.action_masks().tolist()[-1]   # the discard: free discard spaces are left
1
"""

from __future__ import annotations

from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from pegboard.bots import make_bot
from pegboard.bots.base import Bot
from pegboard.errors import PegboardError
from pegboard.rl.spaces import action_space, observation_space
from pegboard.rl.table import RewardMode, Table
from pegboard.rules import Rules

__all__ = ["PegboardEnv", "SolitaireEnv", "CribbageEnv", "register_envs", "ENV_IDS"]

ENV_IDS = ("pegboard/Solitaire-v0", "pegboard/Cribbage-v0")
IllegalMode = Literal["penalize", "raise"]
Observation = dict[str, npt.NDArray[Any]]


class PegboardEnv(gymnasium.Env[Observation, np.int64]):
    """One seat (``seat``, 0 by default) of a game; every other seat is played by ``opponent`` bots."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game: str | Rules = "cribbage", *, opponent: str = "expert", seat: int = 0,
                 reward: RewardMode = "win", illegal: IllegalMode = "penalize", illegal_reward: float = -1.0,
                 render_mode: str | None = None, **options: Any) -> None:
        self.table = Table(game, reward=reward, **options)
        players = self.table.players
        if not (isinstance(seat, int) and 0 <= seat < players):
            raise PegboardError(f"seat={seat!r}: expected a seat from 0 to {players - 1}")
        if illegal not in ("penalize", "raise"):
            raise PegboardError(f"illegal={illegal!r}: expected 'penalize' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise PegboardError(f"render_mode={render_mode!r}: expected one of {self.metadata['render_modes']}")
        self.seat = seat
        self.opponent = opponent
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        for other in range(players):  # a bad bot name fails here, not at the first reset
            if other != seat:
                make_bot(opponent, self.table.rules, other, 0)
        self._bots: dict[int, Bot] = {}
        self.observation_space = observation_space(self.table)  # type: ignore[assignment]
        self.action_space = action_space(self.table)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game (and seed the bots) from ``seed``; the bots move until it is this seat's turn."""
        super().reset(seed=seed)
        draw = self.np_random.integers(0, 2**62, size=self.table.players + 1)
        self.table.reset(int(draw[0]))
        self._bots = {other: make_bot(self.opponent, self.table.rules, other, int(draw[1 + other]))
                      for other in range(self.table.players) if other != self.seat}
        reward = self._bots_move()
        info: dict[str, Any] = {"reward_before_first_move": reward} if reward else {}
        return self.table.observe(self.seat), info

    def _bots_move(self) -> float:
        """Let the bots act until it is this seat's turn or the game is over; this seat's rewards meanwhile."""
        total = 0.0
        game = self.table.game
        while (acting := self.table.seat_to_act()) is not None and acting != self.seat:
            action = self._bots[acting].choose(game.view(acting))
            total += self.table.step(self.table.codec.encode(action))[self.seat]
        return total

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.table.game.finished:
            raise PegboardError("the game is over: call reset()")
        action = self.table.codec.check(action)  # 2.9 and "3" are no action ids: refused, never rounded
        if self.illegal == "penalize" and action not in self.table.legal_ids():
            return self.table.observe(self.seat), self.illegal_reward, False, False, {"illegal_action": True}
        reward = self.table.step(action)[self.seat] + self._bots_move()
        if self.render_mode == "human":
            self.render()
        return self.table.observe(self.seat), reward, self.table.game.finished, False, {}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions now, as a mask (the convention of maskable learners)."""
        return self.table.observe(self.seat)["action_mask"]

    def render(self) -> str | None:  # type: ignore[override]
        return self.table.render_as(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


class SolitaireEnv(PegboardEnv):
    """Cribbage Square Solitaire; the reward is the deal's points unless ``reward="win"``."""

    def __init__(self, *, reward: RewardMode = "points", illegal: IllegalMode = "penalize",
                 illegal_reward: float = -1.0, render_mode: str | None = None, **options: Any) -> None:
        super().__init__("solitaire", reward=reward, illegal=illegal, illegal_reward=illegal_reward,
                         render_mode=render_mode, **options)


class CribbageEnv(PegboardEnv):
    """Seat 0 of a multi-player game against bots (``game``, ``opponent``; see :class:`PegboardEnv`)."""

    def __init__(self, game: str | Rules = "cribbage", **kwargs: Any) -> None:
        rules = game if isinstance(game, Rules) else Rules.preset(game)
        if rules.players < 2:
            raise PegboardError(f"game {rules.name!r} has one player: use pegboard/Solitaire-v0")
        super().__init__(rules, **kwargs)


def register_envs() -> None:
    """Register ``pegboard/Solitaire-v0`` and ``pegboard/Cribbage-v0`` with Gymnasium (done on import)."""
    registry = gymnasium.envs.registration.registry
    if "pegboard/Solitaire-v0" not in registry:
        gymnasium.register("pegboard/Solitaire-v0", entry_point="pegboard.rl.gym_envs:SolitaireEnv",
                           max_episode_steps=200)
    if "pegboard/Cribbage-v0" not in registry:
        gymnasium.register("pegboard/Cribbage-v0", entry_point="pegboard.rl.gym_envs:CribbageEnv",
                           max_episode_steps=5000)


register_envs()
