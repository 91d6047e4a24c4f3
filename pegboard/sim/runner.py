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
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from typing import TextIO

from pegboard.errors import PegboardError
from pegboard.sim.backends import Backend, LocalBackend
from pegboard.sim.match import GameSummary, MatchConfig, play_batch
from pegboard.sim.stats import MatchStats

__all__ = ["batches", "run_match", "fold", "Fold", "BATCH_GAMES"]

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
    """Play every game of ``config`` on ``backend`` (default: ``jobs`` local processes).

    Batches are made as they are needed and folded as they come back, so memory stays bounded
    whatever the number of games.
    """
    config.check()
    backend = backend or LocalBackend(jobs)
    started = time.perf_counter()
    with ExitStack() as stack:
        lines = None
        if config.records_in_one_file:
            assert config.records is not None
            try:
                lines = stack.enter_context(open(config.records, "w", encoding="utf-8"))
            except OSError as error:
                raise PegboardError(f"--records {config.records}: cannot write the file ({error.strerror})") from None
        folding = Fold(config, lines)
        tasks = ((config, start, stop) for start, stop in batches(config.games))
        for done in backend.map_unordered(batch, tasks):
            folding.add(done)
            if progress:
                progress(len(done))
    return folding.result(time.perf_counter() - started)


class Fold:
    """Statistics folded from game summaries in game order, as they arrive in any order.

    Each game counts once: a batch delivered twice by a retry adds nothing the second time. Only the
    summaries that arrived ahead of a missing game wait in memory.

    >>> config = MatchConfig("five-card", ("greedy", "random"), games=4, seed=3)
    >>> folding = Fold(config)
    >>> folding.add(play_batch(config, 2, 4)); folding.stats.games, folding.waiting
    (0, 2)
    >>> folding.add(play_batch(config, 0, 2)); folding.stats.games, folding.waiting
    (4, 0)
    """

    def __init__(self, config: MatchConfig, records: TextIO | None = None) -> None:
        self.config = config
        self.records = records  # where each game's record line goes, in game order
        self.stats = MatchStats(config)
        self._next = 0
        self._early: dict[int, GameSummary] = {}

    @property
    def waiting(self) -> int:
        """Summaries held until the games before them arrive."""
        return len(self._early)

    def add(self, summaries: Iterable[GameSummary]) -> None:
        for summary in summaries:
            if summary.index >= self._next:
                self._early.setdefault(summary.index, summary)
        while self._next in self._early:
            summary = self._early.pop(self._next)
            if self.records is not None and summary.record:
                self.records.write(summary.record)
            self.stats.add(summary)
            self._next += 1

    def result(self, seconds: float) -> MatchStats:
        """The statistics of the whole match; :class:`PegboardError` if a game never came back."""
        if self._next != self.config.games:
            missing = self.config.games - self._next - len(self._early)
            raise PegboardError(f"{missing} games never came back (first: game {self._next + 1})")
        self.stats.seconds = seconds
        return self.stats


def fold(config: MatchConfig, summaries: list[GameSummary], seconds: float) -> MatchStats:
    """Statistics from game summaries, each game once, added in game order (so sums never depend on
    arrival order, and a batch delivered twice by a retry is still counted once)."""
    folding = Fold(config)
    folding.add(summaries)
    return folding.result(seconds)
