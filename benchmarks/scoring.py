"""Scoring speed: scalar and batch hands per second, and the exact distributions' wall time."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import numpy as np

Row = tuple[str, float, str, str]


def _random_deals(count: int, seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    keys = rng.random((count, 52), dtype=np.float32)
    return np.argpartition(keys, 5, axis=1)[:, :5].astype(np.uint8)


def _best_of(repeats: int, work) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def run() -> Iterator[Row]:
    from pegboard.scoring.batch import score_hands
    from pegboard.scoring.fast import hand_score, hand_score4
    from pegboard.scoring.tables import points_table

    points_table(4), points_table(5)
    deals = _random_deals(200_000)
    rows = [tuple(row) for row in deals.tolist()]

    def scalar() -> None:
        for a, b, c, d, s in rows:
            hand_score4(a, b, c, d, s)

    def scalar_generic() -> None:
        for row in rows:
            hand_score(row[:4], row[4])

    yield ("scalar hand_score4", len(rows) / _best_of(3, scalar), "hands/s", ">= 500,000")
    yield ("scalar hand_score (sequence)", len(rows) / _best_of(3, scalar_generic), "hands/s", ">= 500,000")

    big = np.concatenate([_random_deals(1_000_000, seed) for seed in range(4)])
    hands, starters = np.ascontiguousarray(big[:, :4]), np.ascontiguousarray(big[:, 4])
    out = np.empty(len(big), dtype=np.uint8)
    seconds = _best_of(3, lambda: score_hands(hands, starters, out=out))
    yield ("batch score_hands (4M hands)", len(big) / seconds, "hands/s", ">= 20,000,000")
    seconds = _best_of(3, lambda: score_hands(hands, starters, crib=True, out=out))
    yield ("batch score_hands crib", len(big) / seconds, "hands/s", ">= 20,000,000")

    for label, args in [("hand", []), ("crib", ["--crib"]), ("five-card hand", ["--game", "five-card"])]:
        command = [sys.executable, "-m", "pegboard", "stats", "hands", "--json", *args]
        seconds = _best_of(3, lambda command=command: subprocess.run(command, check=True, capture_output=True))
        yield (f"`pegboard stats hands` {label} (whole command)", seconds, "s", "< 2")
