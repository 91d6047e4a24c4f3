"""Running a match: split it into seeded batches, play them (in this process or a pool of worker
processes), and fold the results in game order, so the statistics for a seed never depend on how
the work was spread.

>>> from pegboard.sim.match import MatchConfig
>>> stats = run_match(MatchConfig("five-card", ("greedy", "random"), games=4, seed=3))
>>> stats.games, sum(stats.wins) + stats.draws
(4, 4)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed

from pegboard.sim.match import GameSummary, MatchConfig, play_batch
from pegboard.sim.stats import MatchStats

__all__ = ["batches", "run_match", "BATCH_GAMES"]

BATCH_GAMES = 25
"""Games per batch: small enough for a smooth progress bar and even load, big enough to be cheap."""

Progress = Callable[[int], None]


def batches(games: int, size: int = BATCH_GAMES) -> Iterator[tuple[int, int]]:
    """The (start, stop) game ranges of a match."""
    for start in range(0, games, size):
        yield start, min(start + size, games)


def run_match(config: MatchConfig, *, jobs: int = 1, progress: Progress | None = None) -> MatchStats:
    """Play every game of ``config`` on ``jobs`` local processes and return the statistics."""
    config.check()
    started = time.perf_counter()
    summaries: list[GameSummary] = []
    if jobs <= 1:
        for start, stop in batches(config.games):
            summaries.extend(play_batch(config, start, stop))
            if progress:
                progress(stop - start)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_batch, config, start, stop) for start, stop in batches(config.games)]
            for future in as_completed(futures):
                done = future.result()
                summaries.extend(done)
                if progress:
                    progress(len(done))
    return fold(config, summaries, time.perf_counter() - started)


def fold(config: MatchConfig, summaries: list[GameSummary], seconds: float) -> MatchStats:
    """Statistics from game summaries, added in game order (so sums never depend on arrival order)."""
    stats = MatchStats(config)
    for summary in sorted(summaries, key=lambda s: s.index):
        stats.add(summary)
    stats.seconds = seconds
    return stats
