"""Running a match: split it into seeded batches, play them on a backend (this process, local worker
processes, or a Ray cluster), and fold the results in game order, so the statistics for a seed
never depend on where or how the work ran.

>>> from pegboard.sim.match import MatchConfig
>>> stats = run_match(MatchConfig("five-card", ("greedy", "random"), games=4, seed=3))
>>> stats.games, sum(stats.wins) + stats.draws
(4, 4)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from pegboard.errors import PegboardError
from pegboard.sim.backends import Backend, LocalBackend
from pegboard.sim.match import GameSummary, MatchConfig, play_batch
from pegboard.sim.stats import MatchStats

__all__ = ["batches", "run_match", "fold", "BATCH_GAMES"]

BATCH_GAMES = 25
"""Games per batch: small enough for a smooth progress bar and even load, big enough to be cheap."""

Progress = Callable[[int], None]


def batches(games: int, size: int = BATCH_GAMES) -> Iterator[tuple[int, int]]:
    """The (start, stop) game ranges of a match."""
    for start in range(0, games, size):
        yield start, min(start + size, games)


def run_match(config: MatchConfig, *, jobs: int = 1, backend: Backend | None = None,
              progress: Progress | None = None,
              batch: Callable[[MatchConfig, int, int], list[GameSummary]] = play_batch) -> MatchStats:
    """Play every game of ``config`` on ``backend`` (default: ``jobs`` local processes)."""
    config.check()
    backend = backend or LocalBackend(jobs)
    started = time.perf_counter()
    summaries: list[GameSummary] = []
    tasks = [(config, start, stop) for start, stop in batches(config.games)]
    for done in backend.map_unordered(batch, tasks):
        summaries.extend(done)
        if progress:
            progress(len(done))
    return fold(config, summaries, time.perf_counter() - started)


def fold(config: MatchConfig, summaries: list[GameSummary], seconds: float) -> MatchStats:
    """Statistics from game summaries, each game once, added in game order (so sums never depend on
    arrival order, and a batch delivered twice by a retry is still counted once)."""
    by_index = {summary.index: summary for summary in summaries}
    if sorted(by_index) != list(range(config.games)):
        missing = sorted(set(range(config.games)) - set(by_index))
        raise PegboardError(f"{len(missing)} games never came back (first: game {missing[0] + 1})")
    stats = MatchStats(config)
    for index in range(config.games):
        stats.add(by_index[index])
    stats.seconds = seconds
    return stats
