"""Heavy analysis work for web requests (a game's review, a player's statistics), off the event loop:
in its own worker process (threads when the server runs without workers), a few at once, behind a
bounded queue with a limit per address, so that nobody can slow the live tables down with them.

>>> import asyncio
>>> async def demo():
...     analyses = Analyses(workers=0)
...     try:
...         return await analyses.run("127.0.0.1", pow, 2, 10)
...     finally:
...         analyses.close()
>>> asyncio.run(demo())
1024
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from pegboard.web.errors import HubError
from pegboard.web.lifeline import die_with_parent

__all__ = ["Analyses"]

T = TypeVar("T")
NICENESS = 10
"""How much lower the analysis process's CPU priority is than the server's: with several server
processes each has its own analysis process, more of them than cores, and live play must come first."""


def _start_worker(parent: int) -> None:
    """An analysis process's start: it dies with its server and yields the CPU to live play."""
    die_with_parent(parent)
    try:
        os.nice(NICENESS)
    except OSError:  # pragma: no cover - not allowed here: run at the server's priority
        pass


class Analyses:
    """At most ``at_once`` analyses run at a time and ``queued`` wait; one address may have
    ``per_address`` in all. Beyond that a request is refused at once (503 or 429, with Retry-After)."""

    def __init__(self, workers: int = 1, at_once: int = 1, queued: int = 16, per_address: int = 2,
                 tasks_per_process: int = 20) -> None:
        self.workers, self.at_once, self.queued, self.per_address = workers, at_once, queued, per_address
        self.tasks_per_process = tasks_per_process
        self._pool: Executor | None = None
        self._slots: asyncio.Semaphore | None = None
        self._waiting = 0
        self._by_address: Counter[str] = Counter()

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.workers > 0:  # a fresh process now and then: a review's memory goes back to the system
                self._pool = ProcessPoolExecutor(self.at_once, mp_context=multiprocessing.get_context("spawn"),
                                                 max_tasks_per_child=self.tasks_per_process,
                                                 initializer=_start_worker, initargs=(os.getpid(),))
            else:
                self._pool = ThreadPoolExecutor(self.at_once, thread_name_prefix="pegboard-analyse")
        return self._pool

    async def run(self, address: str, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the pool, for a request from ``address``."""
        if self._by_address[address] >= self.per_address:
            raise HubError(429, f"you have {self.per_address} analyses under way already: wait for them",
                           {"retry-after": "5"})
        if self._waiting >= self.queued + self.at_once:
            raise HubError(503, "the server is busy with other analyses: try again in a minute",
                           {"retry-after": "30"})
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.at_once)
        self._waiting += 1
        self._by_address[address] += 1
        try:
            async with self._slots:
                loop = asyncio.get_running_loop()
                result: T = await loop.run_in_executor(self._executor(), function, *args)
                return result
        finally:
            self._waiting -= 1
            self._by_address[address] -= 1
            if self._by_address[address] <= 0:
                del self._by_address[address]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
