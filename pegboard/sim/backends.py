"""Where batches run: in this process, on a pool of local processes, or (``pegboard[cluster]``) on
a Ray cluster. Every backend maps a function over argument tuples and yields each result once, in any
order; callers fold results in a fixed order, so the outcome never depends on the backend.

Tasks are pulled lazily and never more than a :class:`Window` ahead of the oldest one unfinished, so
a match of any length holds a bounded number of tasks and results in memory.

>>> backend = make_backend("local", jobs=1)
>>> sorted(backend.map_unordered(pow, [(2, 3), (3, 2)]))
[8, 9]
"""

from __future__ import annotations

import argparse
import socket
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from pegboard.errors import PegboardError

__all__ = ["Backend", "LocalBackend", "Window", "make_backend", "check_address", "map_ordered",
           "add_backend_arguments", "backend_from_arguments"]


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


def make_backend(name: str, *, jobs: int = 1, address: str | None = None) -> Backend:
    """A backend by name: ``local`` (default) or ``ray`` (needs the ``cluster`` extra)."""
    if name == "local":
        if address:
            raise PegboardError("--address is for --backend ray")
        return LocalBackend(jobs)
    if name == "ray":
        if address:
            check_address(address)
        try:
            from pegboard.cluster.ray_backend import RayBackend
        except ImportError as error:
            raise PegboardError(f"--backend ray needs the 'cluster' extra ({error.name} is missing): "
                                "pip install 'pegboard[cluster]'") from None
        return RayBackend(address=address, workers=jobs)
    raise PegboardError(f"unknown backend {name!r}: expected 'local' or 'ray'")


def check_address(address: str) -> None:
    """A Ray cluster address is ``auto``, ``local`` or ``HOST:PORT`` (``ray://`` may lead) with a host that
    resolves: refused at once, rather than after Ray has tried to reach it for a minute.

    >>> check_address("999.999.999.999:6379")
    Traceback (most recent call last):
    ...
    pegboard.errors.PegboardError: --address '999.999.999.999:6379': no such host '999.999.999.999'
    """
    if address in ("auto", "local"):
        return
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not colon or not host or not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise PegboardError(f"--address {address!r}: expected auto or HOST:PORT, e.g. 10.0.0.5:6379")
    try:
        socket.getaddrinfo(host, int(port), type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise PegboardError(f"--address {address!r}: no such host {host!r}") from None


def map_ordered(backend: Backend, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]) -> list[Any]:
    """Results of every task in task order (results arrive in any order; each is tagged)."""
    results: dict[int, Any] = {}
    for index, result in backend.map_unordered(_tagged, ((fn, index, args) for index, args in enumerate(tasks))):
        results[index] = result
    return [results[index] for index in range(len(tasks))]


def _tagged(fn: Callable[..., Any], index: int, args: tuple[Any, ...]) -> tuple[int, Any]:
    return index, fn(*args)


def add_backend_arguments(parser: argparse.ArgumentParser, jobs: int = 1) -> None:
    """The ``--jobs``, ``--backend`` and ``--address`` options of a table builder's command line.

    >>> parser = argparse.ArgumentParser()
    >>> add_backend_arguments(parser)
    >>> type(backend_from_arguments(parser.parse_args(["--jobs", "1"]))).__name__
    'LocalBackend'
    """
    parser.add_argument("--jobs", type=int, default=jobs, help="worker processes")
    parser.add_argument("--backend", choices=["local", "ray"], default="local")
    parser.add_argument("--address", help="Ray cluster address (with --backend ray)")


def backend_from_arguments(args: argparse.Namespace) -> Backend:
    """The backend that options added by :func:`add_backend_arguments` ask for."""
    return make_backend(args.backend, jobs=args.jobs, address=args.address)
