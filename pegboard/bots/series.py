"""Interned play series: the pegging search's series as small integer ids with cached transitions.

The search (:class:`pegboard.bots.solver.Solver`) keeps of the current series only the part that can
still score (:func:`compress`). Each such series gets an id once per process (:func:`intern`, the empty
series is 0), and laying a rank on it is two list look-ups: the id of the series that follows
(:data:`NEXT`) and the points the rank scores from pairs and runs (:data:`POINTS`; fifteen and
thirty-one come from the count, which is kept apart). The tables grow as new series are met; they are
plain lists of ints, which the cycle collector never has to walk.

>>> five = intern((5,))
>>> ten = step(five, 10)
>>> SERIES[ten], POINTS[five * RANKS + 10]  # the fifteen is the count's: no pair or run points
((5, 10), 0)
>>> SERIES[step(step(ten, 10), 10)], POINTS[step(ten, 10) * RANKS + 10]  # a pair royal of tens
((10, 10, 10), 6)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Final

from pegboard.scoring.play import play_points

__all__ = ["compress", "intern", "step", "reset_if_full", "generation", "SERIES", "LENGTH", "NEXT", "POINTS", "RANKS",
           "LIMIT"]

RANKS: Final = 14
"""Transition slots per series: ranks 1-13 (slot 0 unused)."""

SERIES: Final[list[tuple[int, ...]]] = [()]
"""Each interned series by id."""
LENGTH: Final[list[int]] = [0]
"""The length of each interned series by id."""
NEXT: Final = array("i", [-1] * RANKS)
"""``NEXT[id * RANKS + rank]``: the id of the (compressed) series after laying ``rank``, -1 until first asked.
(Arrays, not lists: a million slots the cycle collector would otherwise walk at every full pass.)"""
POINTS: Final = array("i", [0] * RANKS)
"""``POINTS[id * RANKS + rank]``: pair and run points of laying ``rank`` (valid once :data:`NEXT` is set)."""
_UNSET: Final = array("i", [-1] * RANKS)
_ZERO: Final = array("i", [0] * RANKS)
_SCORE: Final[Callable[[tuple[int, ...], int], int]] = getattr(play_points, "__wrapped__", play_points)
""":func:`play_points` without its cache: each transition is scored once here, and its entries would
only crowd out the engine's."""
_IDS: Final[dict[tuple[int, ...], int]] = {(): 0}
LIMIT = 1 << 17
"""Series held before :func:`reset_if_full` empties the tables (a long match meets ever more of them).
At the bound the series tables are most of a simulator's worker's memory (about 500 bytes a series)."""
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
    NEXT.extend(_UNSET)
    POINTS.extend(_ZERO)
    return index


def step(series_id: int, rank: int) -> int:
    """The id of the compressed series after laying ``rank`` on series ``series_id``, filling
    :data:`NEXT` and :data:`POINTS` the first time.

    >>> SERIES[step(intern((4, 6)), 5)], POINTS[intern((4, 6)) * RANKS + 5]
    ((4, 6, 5), 3)
    """
    at = series_id * RANKS + rank
    known = NEXT[at]
    if known >= 0:
        return known
    laid = SERIES[series_id] + (rank,)
    following = intern(compress(laid))
    POINTS[at] = _SCORE(laid, 0)  # count 0: the pairs and runs alone
    NEXT[at] = following
    return following


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
    del NEXT[:]
    NEXT.extend(_UNSET)
    del POINTS[:]
    POINTS.extend(_ZERO)
    _IDS.clear()
    _IDS[()] = 0
    _GENERATION[0] += 1
    return True
