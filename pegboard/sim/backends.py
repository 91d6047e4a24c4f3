"""Where batches run: in this process, on a pool of local processes, or (``pegboard[cluster]``) on
a Ray cluster. Every backend maps a function over argument tuples and yields each result once, in any
order; callers fold results in a fixed order, so the outcome never depends on the backend.

>>> backend = make_backend("local", jobs=1)
>>> sorted(backend.map_unordered(pow, [(2, 3), (3, 2)]))
[8, 9]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Protocol

from pegboard.errors import PegboardError

__all__ = ["Backend", "LocalBackend", "make_backend", "map_ordered"]


class Backend(Protocol):
    """Runs ``fn(*args)`` for every argument tuple; yields each result exactly once, in any order."""

    name: str
    workers: int

    def map_unordered(self, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]) -> Iterator[Any]: ...


class LocalBackend:
    """This process (``jobs`` <= 1) or a pool of ``jobs`` worker processes."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        self.workers = max(1, jobs)

    def map_unordered(self, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]) -> Iterator[Any]:
        if self.workers <= 1:
            for args in tasks:
                yield fn(*args)
            return
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            futures = [pool.submit(fn, *args) for args in tasks]
            for future in as_completed(futures):
                yield future.result()


def make_backend(name: str, *, jobs: int = 1, address: str | None = None) -> Backend:
    """A backend by name: ``local`` (default) or ``ray`` (needs the ``cluster`` extra)."""
    if name == "local":
        if address:
            raise PegboardError("--address is for --backend ray")
        return LocalBackend(jobs)
    if name == "ray":
        try:
            from pegboard.cluster.ray_backend import RayBackend
        except ImportError as error:
            raise PegboardError(f"--backend ray needs the 'cluster' extra ({error.name} is missing): "
                                "pip install 'pegboard[cluster]'") from None
        return RayBackend(address=address, workers=jobs)
    raise PegboardError(f"unknown backend {name!r}: expected 'local' or 'ray'")


def map_ordered(backend: Backend, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]) -> list[Any]:
    """Results of every task in task order (results arrive in any order; each is tagged)."""
    results: dict[int, Any] = {}
    for index, result in backend.map_unordered(_tagged, [(fn, index, args) for index, args in enumerate(tasks)]):
        results[index] = result
    return [results[index] for index in range(len(tasks))]


def _tagged(fn: Callable[..., Any], index: int, args: tuple[Any, ...]) -> tuple[int, Any]:
    return index, fn(*args)
