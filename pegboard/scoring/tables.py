"""Precomputed rank-multiset tables for the fast scorers.

Fifteens, pairs and runs depend only on the multiset of ranks in a hand. Each rank r gets a
weight ``RANK_WEIGHTS[r]`` chosen (greedily, once) so that the sum of the weights of any 4 or 5
ranks, each used at most 4 times, is distinct; the sum is a dense key below 400,000, and
``points_table(size)[key]`` holds the fifteens + pairs + runs of that multiset. A table lookup
plus cheap flush and nobs checks scores a hand.

>>> rank_points((4, 4, 4, 4, 10))  # four fours and a ten: a double pair royal, no fifteen
12
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = ["RANK_WEIGHTS", "CARD_WEIGHTS", "rank_points", "points_table", "rank_multisets"]

RANK_WEIGHTS: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Weight of each rank index (ace = 0 .. king = 12): sums of 4 or 5 of them are distinct."""
CARD_WEIGHTS: Final = tuple(RANK_WEIGHTS[code >> 2] for code in range(52))
"""Weight of each card code (``code >> 2`` is the rank index)."""
_PIPS: Final = np.minimum(np.arange(1, 14), 10)


def rank_multisets(size: int) -> npt.NDArray[np.int64]:
    """Every multiset of ``size`` rank indices (0-12) with no rank more than 4 times, sorted rows.

    >>> rank_multisets(5).shape, rank_multisets(4).shape, rank_multisets(3).shape
    ((6175, 5), (1820, 4), (455, 3))
    """
    rows = np.array(list(combinations_with_replacement(range(13), size)), dtype=np.int64)
    counts = np.zeros((len(rows), 13), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(len(rows)), size), rows.ravel()), 1)
    kept: npt.NDArray[np.int64] = rows[counts.max(axis=1) <= 4]
    return kept


def _points_of_multisets(rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Fifteens + pairs + runs for each row of rank indices, vectorised over rows (ruling 3)."""
    size = rows.shape[1]
    pips = _PIPS[rows]
    points = np.zeros(len(rows), dtype=np.int64)
    for subset_size in range(2, size + 1):
        for subset in combinations(range(size), subset_size):
            points += 2 * (pips[:, list(subset)].sum(axis=1) == 15)
    for i, j in combinations(range(size), 2):
        points += 2 * (rows[:, i] == rows[:, j])
    counts = np.zeros((len(rows), 15), dtype=np.int64)  # padded: column r + 1 is rank index r
    np.add.at(counts, (np.repeat(np.arange(len(rows)), size), rows.ravel() + 1), 1)
    for length in range(3, size + 1):
        for start in range(1, 15 - length):
            block = counts[:, start : start + length]
            maximal = (block > 0).all(axis=1) & (counts[:, start - 1] == 0) & (counts[:, start + length] == 0)
            points += np.where(maximal, length * block.prod(axis=1), 0)
    return points


@cache
def points_table(size: int) -> npt.NDArray[np.uint8]:
    """``table[key]`` = fifteens + pairs + runs of the ``size``-card rank multiset with that key."""
    rows = rank_multisets(size)
    keys = np.asarray(RANK_WEIGHTS, dtype=np.int64)[rows].sum(axis=1)
    assert len(np.unique(keys)) == len(keys), "rank weights must give distinct keys"
    table = np.zeros(size * RANK_WEIGHTS[-1] + 1, dtype=np.uint8)
    table[keys] = _points_of_multisets(rows)
    table.setflags(write=False)
    return table


@cache
def points_bytes(size: int) -> bytes:
    """:func:`points_table` as ``bytes``: indexing bytes gives a Python int fastest."""
    return points_table(size).tobytes()


def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens + pairs + runs of a multiset of ranks (1-13), by table lookup.

    >>> rank_points((5, 5, 5, 11, 5))
    28
    """
    key = sum(RANK_WEIGHTS[rank - 1] for rank in ranks)
    return points_bytes(len(ranks))[key]
