"""Interned play series: the pegging search's series as small integer ids with cached transitions.

The search (:class:`pegboard.bots.solver.Solver`) keeps of the current series only the part that can
still score (:func:`compress`). Each such series gets an id once per process (:func:`intern`, the empty
series is 0), and laying a rank on it is one array look-up (:data:`MOVES`): the id of the series that
follows and the points the rank scores from pairs and runs, packed in one int (fifteen and thirty-one
come from the count, which is kept apart). The tables grow as new series are met; the transitions are
an array of machine ints, which the cycle collector never has to walk.

>>> five = intern((5,))
>>> entry = step(five, 10)
>>> SERIES[entry >> POINTS_BITS], entry & POINTS_MASK  # the fifteen is the count's: no pair or run points
((5, 10), 0)
>>> pair = step(entry >> POINTS_BITS, 10) >> POINTS_BITS
>>> entry = step(pair, 10)
>>> SERIES[entry >> POINTS_BITS], entry & POINTS_MASK, MOVES[pair * RANKS + 10] == entry  # a pair royal of tens
((10, 10, 10), 6, True)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Final

from pegboard.scoring.play import play_points

__all__ = ["compress", "intern", "step", "reset_if_full", "generation", "SERIES", "LENGTH", "MOVES", "POINTS_BITS",
           "POINTS_MASK", "RANKS", "LIMIT"]

RANKS: Final = 14
"""Transition slots per series: ranks 1-13 (slot 0 unused)."""

SERIES: Final[list[tuple[int, ...]]] = [()]
"""Each interned series by id."""
LENGTH: Final[list[int]] = [0]
"""The length of each interned series by id."""
POINTS_BITS: Final = 4
"""Low bits of a :data:`MOVES` entry holding the pair and run points (at most 12, a double pair royal)."""
POINTS_MASK: Final = (1 << POINTS_BITS) - 1
MOVES: Final = array("i", [-1] * RANKS)
"""``MOVES[id * RANKS + rank]``: laying ``rank`` on series ``id``, -1 until first asked, then the id of
the (compressed) series that follows shifted up by :data:`POINTS_BITS`, or'ed with the pair and run
points it scores. (One array of machine ints, not lists: a million slots the cycle collector would
otherwise walk, and one 4-byte slot a transition.)"""
_UNSET: Final = array("i", [-1] * RANKS)
_SCORE: Final[Callable[[tuple[int, ...], int], int]] = getattr(play_points, "__wrapped__", play_points)
""":func:`play_points` without its cache: each transition is scored once here, and its entries would
only crowd out the engine's."""
_IDS: Final[dict[tuple[int, ...], int]] = {(): 0}
LIMIT = 1 << 17
"""Series held before :func:`reset_if_full` empties the tables (a long match meets ever more of them).
At the bound the series tables hold about 300 bytes a series (the tuple, its id, 56 bytes of transitions)."""
_GENERATION: Final = [0]
_COMPRESSED: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}


def compress(series: tuple[int, ...]) -> tuple[int, ...]:
    """The part of a series that can still score: the trailing pair/royal, or else the longest tail
    of distinct ranks (a run cannot reach past a repeated rank).

    >>> compress((3, 9, 4, 5)), compress((2, 7, 7)), compress((4, 2, 6, 2, 3))
    ((3, 9, 4, 5), (7, 7), (6, 2, 3))
    """
    known = _COMPRESSED.get(series)
    if known is not None:
        return known
    size = len(series)
    result = series
    if size >= 2:
        last = series[-1]
        if series[-2] == last:
            same = 2
            while same < size and series[-same - 1] == last:
                same += 1
            result = series[-same:]
        else:
            seen = 0
            for length in range(1, size + 1):
                rank = series[-length]
                if seen >> rank & 1:
                    result = series[-length + 1:]
                    break
                seen |= 1 << rank
    if len(_COMPRESSED) >= 1 << 16:
        _COMPRESSED.clear()
    _COMPRESSED[series] = result
    return result


def intern(series: tuple[int, ...]) -> int:
    """The id of ``series`` (as given: the search's series are already compressed).

    >>> intern(()), SERIES[intern((1, 2))]
    (0, (1, 2))
    """
    known = _IDS.get(series)
    if known is not None:
        return known
    index = len(SERIES)
    _IDS[series] = index
    SERIES.append(series)
    LENGTH.append(len(series))
    MOVES.extend(_UNSET)
    return index


def step(series_id: int, rank: int) -> int:
    """The :data:`MOVES` entry of laying ``rank`` on series ``series_id`` (the following series' id,
    shifted, with the pair and run points), filling it the first time.

    >>> entry = step(intern((4, 6)), 5)
    >>> SERIES[entry >> POINTS_BITS], entry & POINTS_MASK
    ((4, 6, 5), 3)
    """
    at = series_id * RANKS + rank
    known = MOVES[at]
    if known >= 0:
        return known
    laid = SERIES[series_id] + (rank,)
    following = intern(compress(laid))
    entry = following << POINTS_BITS | _SCORE(laid, 0)  # count 0: the pairs and runs alone
    MOVES[at] = entry
    return entry


def generation() -> int:
    """How many times the tables were emptied: ids from an earlier generation mean nothing now.

    >>> generation() >= 0
    True
    """
    return _GENERATION[0]


def reset_if_full() -> bool:
    """Empty the tables once they hold :data:`LIMIT` series, so that memory stays bounded; ids start
    again from 0. Only between searches (a search holds ids): :class:`pegboard.bots.solver.Solver`
    calls it as a search starts, and forgets what it kept by id when :func:`generation` moves on.

    >>> reset_if_full()
    False
    """
    if len(SERIES) < LIMIT:
        return False
    del SERIES[1:]
    del LENGTH[1:]
    del MOVES[:]
    MOVES.extend(_UNSET)
    _IDS.clear()
    _IDS[()] = 0
    _GENERATION[0] += 1
    return True
