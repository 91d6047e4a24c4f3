"""Where the server's computer players and hints think, so that no table waits on another's.

The quick levels (random, greedy) decide in well under a millisecond, on the event loop's thread.
The expert (5 ms a decision on average, tens of ms at worst) and hints run in worker processes: in a
thread they would hold the interpreter lock the event loop needs, and every other table's replies
would wait behind them. The game is pickled on the event loop's thread when the decision is asked
for, so a worker always decides on the game as it stood then.

>>> import asyncio
>>> from pegboard.engine import new_game
>>> async def demo() -> bool:
...     thinker = Thinker(workers=0)
...     game = new_game("cribbage", ["Ann", "Bob"], seed=1)
...     action = await thinker.decide(game, 1, "greedy", 7)
...     thinker.close()
...     return action in game.legal_actions(1)
>>> asyncio.run(demo())
True
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import pickle
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from pegboard.engine import GameState
from pegboard.engine.actions import Action
from pegboard.objectives import WIN, Objective
from pegboard.present import Hint, hint
from pegboard.session import computer_move, think

__all__ = ["Thinker", "QUICK_LEVELS"]

QUICK_LEVELS = ("random", "greedy")
"""Levels that decide at once, in the server's own process."""


def _warm_up(server: int | None = None) -> None:
    """A worker's start: die with the server (a ``kill -9`` of it leaves no worker behind), load the
    expert's tables and fill its caches with one game against greedy, before the first decision needs
    them; then settle the collector (the worker thinks for the rest of its life: the tables leave the
    collector's full passes, which would land inside decisions)."""
    from pegboard.sim import MatchConfig, play_batch
    from pegboard.web.lifeline import die_with_parent

    die_with_parent(server)
    from pegboard.sim.collector import settle

    play_batch(MatchConfig("cribbage", ("expert", "greedy"), games=1, seed=0), 0, 1)
    settle()


def _hint(state: bytes, seat: int, objective: Objective) -> Hint:
    game: GameState = pickle.loads(state)
    return hint(game, seat, objective)


class Thinker:
    """The server's thinking: ``workers`` processes (0: threads, for tests and small machines)."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.workers > 0:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_warm_up, initargs=(os.getpid(),))
            else:
                self._pool = ThreadPoolExecutor(2, thread_name_prefix="pegboard-think")
        return self._pool

    async def decide(self, game: GameState, seat: int, level: str, base_seed: int, objective: Objective = WIN
                     ) -> Action:
        """The computer's move for ``seat``, playing for ``objective`` (see
        :func:`pegboard.session.computer_move`)."""
        if level in QUICK_LEVELS:
            return computer_move(game.view(seat), game.rules, level, base_seed, objective)
        action: Action = await self._run(think, pickle.dumps(game), seat, level, base_seed, objective)
        return action

    async def hint(self, game: GameState, seat: int, objective: Objective = WIN) -> Hint:
        """The expert's advice to ``seat`` at a table played for ``objective`` (see
        :func:`pegboard.present.hint`)."""
        advice: Hint = await self._run(_hint, pickle.dumps(game), seat, objective)
        return advice

    async def _run(self, function: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), function, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
