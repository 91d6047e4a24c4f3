"""Where batches run: the :class:`Backend` interface, and the local backend (this process or a pool
of local processes; the Ray backend is :mod:`pegboard.cluster.ray_backend`, and a backend is picked
by name with :func:`pegboard.cluster.choice.make_backend`). Every backend maps a function over
argument tuples and yields each result once, in any order; callers fold results in a fixed order, so
the outcome never depends on the backend.

Tasks are pulled lazily and never more than a :class:`Window` ahead of the oldest one unfinished, so
a match of any length holds a bounded number of tasks and results in memory.

>>> backend = LocalBackend(jobs=1)
>>> sorted(backend.map_unordered(pow, [(2, 3), (3, 2)]))
[8, 9]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

__all__ = ["Backend", "LocalBackend", "Window", "window_size", "map_ordered"]


class Backend(Protocol):
    """Runs ``fn(*args)`` for every argument tuple; yields each result exactly once, in any order.

    ``tasks`` may be any iterable, endless or not: it is read lazily, a window at a time.
    """

    name: str
    workers: int

    def map_unordered(self, fn: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[Any]: ...


class Window:
    """Hands out tasks in order, never more than ``size`` past the oldest task not yet finished.

    A caller that folds results in task order so never buffers more than ``size`` results, however
    many tasks there are and however late one of them comes back.

    >>> window = Window(iter("abcdef"), size=2)
    >>> list(window.ready())
    [(0, 'a'), (1, 'b')]
    >>> window.finished(1); list(window.ready())  # 'a' is still out: nothing more yet
    []
    >>> window.finished(0); list(window.ready())
    [(2, 'c'), (3, 'd')]
    """

    def __init__(self, tasks: Iterable[Any], size: int) -> None:
        self._tasks = iter(tasks)
        self.size = max(1, size)
        self._next = 0
        self._out: set[int] = set()
        self._done = False

    def ready(self) -> Iterator[tuple[int, Any]]:
        """The tasks that may start now, with their indices."""
        while not self._done and self._next < min(self._out, default=self._next) + self.size:
            try:
                task = next(self._tasks)
            except StopIteration:
                self._done = True
                return
            self._out.add(self._next)
            yield self._next, task
            self._next += 1

    def finished(self, index: int) -> None:
        self._out.discard(index)


def window_size(workers: int) -> int:
    """Tasks allowed ahead of the oldest unfinished one: enough to keep every worker busy."""
    return 4 * max(1, workers)


class LocalBackend:
    """This process (``jobs`` <= 1) or a pool of ``jobs`` worker processes."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        self.workers = max(1, jobs)

    def map_unordered(self, fn: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[Any]:
        if self.workers <= 1:
            for args in tasks:
                yield fn(*args)
            return
        window = Window(tasks, window_size(self.workers))
        running: dict[Future[Any], int] = {}
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            try:
                while True:
                    for index, args in window.ready():
                        running[pool.submit(fn, *args)] = index
                    if not running:
                        return
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        window.finished(running.pop(future))
                        yield future.result()
            finally:  # stopped early (an error, Ctrl+C, a caller that has enough): start nothing more
                for future in running:
                    future.cancel()


def map_ordered(backend: Backend, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]) -> list[Any]:
    """Results of every task in task order (results arrive in any order; each is tagged)."""
    results: dict[int, Any] = {}
    for index, result in backend.map_unordered(_tagged, ((fn, index, args) for index, args in enumerate(tasks))):
        results[index] = result
    return [results[index] for index in range(len(tasks))]


def _tagged(fn: Callable[..., Any], index: int, args: tuple[Any, ...]) -> tuple[int, Any]:
    return index, fn(*args)
