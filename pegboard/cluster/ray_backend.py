"""The Ray backend: each task runs as a Ray task, retried by Ray if its worker dies.

Connects to an existing cluster (``address``, e.g. ``"10.0.0.5:6379"`` or ``"auto"``) or starts a
local Ray instance. A task whose worker process is lost is re-executed (``max_retries``); its result
arrives once, so a batch is never dropped or counted twice. Errors raised by the task itself are not
retried: they are bugs, and surface as a clear error.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import ray

from pegboard.errors import PegboardError
from pegboard.sim.backends import Window, window_size

__all__ = ["RayBackend"]

MAX_RETRIES = 3
"""How often a task is re-run after its worker dies."""


class RayBackend:
    """Map tasks over a Ray cluster (or a local Ray instance started on demand)."""

    name = "ray"

    def __init__(self, address: str | None = None, workers: int = 0, max_retries: int = MAX_RETRIES) -> None:
        self.max_retries = max_retries
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "ignore_reinit_error": True}
            if address:
                options["address"] = address
            elif workers:
                options["num_cpus"] = workers
            os.environ.setdefault("RAY_AUTH_MODE", "disabled")  # a local instance for one user
            try:
                ray.init(**options)
            except ConnectionError as error:
                raise PegboardError(f"cannot reach the Ray cluster at {address!r}: {error}") from None
        self.workers = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]

    def map_unordered(self, fn: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[Any]:
        remote = ray.remote(_call).options(max_retries=self.max_retries, retry_exceptions=False)
        window = Window(tasks, window_size(self.workers))
        running: dict[Any, int] = {}
        while True:
            for index, args in window.ready():
                running[remote.remote(fn, *args)] = index
            if not running:
                return
            done, _ = ray.wait(list(running), num_returns=1)
            for ref in done:
                window.finished(running.pop(ref))
                try:
                    yield ray.get(ref)
                except ray.exceptions.RayTaskError as error:
                    raise PegboardError(f"a batch failed on the cluster: {error.cause!r}") from None
                except ray.exceptions.WorkerCrashedError:
                    raise PegboardError(f"a batch's worker died {self.max_retries + 1} times; giving up") from None


def _call(fn: Callable[..., Any], *args: Any) -> Any:
    """What a Ray task runs: ``fn(*args)`` (Ray wraps Python functions only; ``fn`` may be compiled),
    in a worker process that only plays games (:func:`pegboard.sim.collector.own_process`)."""
    from pegboard.sim.collector import own_process

    own_process()
    return fn(*args)
