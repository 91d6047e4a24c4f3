"""Exact show-score distributions over every possible deal, by full enumeration.

Every (hand, starter) deal is scored with the batch scorer: 52 starters x C(51, 4) hands =
12,994,800 deals for four cards (hand or crib), 52 x C(51, 3) = 1,082,900 for five-card's three.

>>> dist = hand_distribution(kept_size=3)
>>> dist.deals, dist.mean
(1082900, Fraction(701814, 270725))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, sqrt
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.errors import HandSizeError
from pegboard.scoring.batch import score_hands

__all__ = ["Distribution", "hand_distribution"]


@dataclass(frozen=True)
class Distribution:
    """How many deals score each total: ``counts[score]`` for score 0..max."""

    counts: tuple[int, ...]

    @property
    def deals(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> Fraction:
        """The exact mean score."""
        return Fraction(sum(score * n for score, n in enumerate(self.counts)), self.deals)

    @property
    def variance(self) -> Fraction:
        """The exact (population) variance."""
        square = Fraction(sum(score * score * n for score, n in enumerate(self.counts)), self.deals)
        return square - self.mean**2

    @property
    def stdev(self) -> float:
        return sqrt(self.variance)

    @property
    def median(self) -> int:
        half, seen = self.deals / 2, 0
        for score, n in enumerate(self.counts):
            seen += n
            if seen >= half:
                return score
        return len(self.counts) - 1

    @property
    def never(self) -> tuple[int, ...]:
        """Scores below the maximum that no deal makes."""
        return tuple(score for score, n in enumerate(self.counts) if n == 0)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data: statistics as numbers, the mean and variance also as exact fractions.

        >>> data = Distribution((1, 0, 2)).to_json()
        >>> data["mean"], data["mean_exact"], data["variance_exact"]
        (1.3333333333333333, '4/3', '8/9')
        """
        return {
            "deals": self.deals,
            "counts": {str(score): n for score, n in enumerate(self.counts)},
            "mean": float(self.mean),
            "mean_exact": f"{self.mean.numerator}/{self.mean.denominator}",
            "variance": float(self.variance),
            "variance_exact": f"{self.variance.numerator}/{self.variance.denominator}",
            "stdev": self.stdev,
            "median": self.median,
            "max": len(self.counts) - 1,
            "never": list(self.never),
        }


@cache
def _combination_columns(pool: int, size: int) -> npt.NDArray[np.uint8]:
    """All ``size``-subsets of ``range(pool)``, as ``size`` rows of indices (column-major)."""
    flat = np.fromiter(
        (i for combo in combinations(range(pool), size) for i in combo),
        dtype=np.uint8,
        count=comb(pool, size) * size,
    )
    return np.ascontiguousarray(flat.reshape(-1, size))


def hand_distribution(
    kept_size: int = 4, *, crib: bool = False, crib_four_flush: bool = False
) -> Distribution:
    """The exact distribution of show scores over every (hand or crib, starter) deal.

    ``kept_size`` is 4 (six-card games; the crib) or 3 (five-card hands).
    """
    if kept_size not in (3, 4) or (crib and kept_size != 4):
        raise HandSizeError(f"kept_size {kept_size}: expected 4, or 3 for five-card hands")
    subsets = _combination_columns(51, kept_size)
    totals = np.zeros(32, dtype=np.int64)
    codes = np.arange(52, dtype=np.uint8)
    starters = np.empty(len(subsets), dtype=np.uint8)
    scores = np.empty(len(subsets), dtype=np.uint8)
    for starter in range(52):
        others = np.delete(codes, starter)
        starters.fill(starter)
        score_hands(others[subsets], starters, crib=crib, crib_four_flush=crib_four_flush, out=scores)
        totals += np.bincount(scores, minlength=32)
    last = int(np.flatnonzero(totals).max())
    return Distribution(tuple(int(n) for n in totals[: last + 1]))
