"""Simulation throughput on the local and Ray backends with one and two workers (greedy self-play)."""

from __future__ import annotations

from collections.abc import Iterator

Row = tuple[str, float, str, str]


def run() -> Iterator[Row]:
    from pegboard.sim import MatchConfig, run_match
    from pegboard.sim.backends import LocalBackend

    config = MatchConfig("cribbage", ("greedy", "greedy"), games=1000, seed=3)
    for workers in (1, 2):
        stats = run_match(config, backend=LocalBackend(workers))
        yield (f"local backend, {workers} worker{'s' if workers > 1 else ''}", stats.games / stats.seconds,
               "games/s", "")
    try:
        import ray

        from pegboard.cluster.ray_backend import RayBackend
    except ImportError:
        yield ("ray backend", float("nan"), "games/s", "needs pegboard[cluster]")
        return
    for workers in (1, 2):
        ray.shutdown()
        backend = RayBackend(workers=workers)
        run_match(MatchConfig("cribbage", ("greedy", "greedy"), games=50, seed=1), backend=backend)  # warm up
        stats = run_match(config, backend=backend)
        yield (f"ray backend (local instance), {workers} worker{'s' if workers > 1 else ''}",
               stats.games / stats.seconds, "games/s", "")
    ray.shutdown()
