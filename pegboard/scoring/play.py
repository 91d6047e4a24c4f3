"""Scoring the play (pegging): what the card just laid scores in the current series (ruling 8).

>>> from pegboard.cards import parse_cards
>>> [(item.kind, item.points) for item in score_play(parse_cards("5H TD"))]
[('fifteen', 2)]
>>> [(item.kind, item.points) for item in score_play(parse_cards("4S 6H 5D"))]
[('fifteen', 2), ('run', 3)]
>>> score_play(parse_cards("7S 7H 7D 7C")).total
12
>>> play_points((4, 6, 5), 15)  # the same, by ranks alone (the fast path)
5
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pegboard.cards import Card
from pegboard.errors import PegboardError
from pegboard.scoring.items import Score, ScoreItem

__all__ = ["score_play", "play_points", "series_count", "PAIR_POINTS"]

PAIR_POINTS = {2: 2, 3: 6, 4: 12}
"""Points for 2, 3 or 4 cards of one rank in succession (pair, pair royal, double pair royal)."""


def series_count(series: Sequence[Card]) -> int:
    """The running count of a series: the sum of its pips."""
    return sum(card.pips for card in series)


def score_play(series: Sequence[Card], count: int | None = None) -> Score:
    """Points for the last card of ``series`` (the cards laid since the count was last reset).

    Count 15 scores 2, exactly 31 scores 2; the last 2, 3 or 4 cards of one rank score 2, 6 or
    12; the longest k >= 3 such that the last k cards are k consecutive ranks in any order
    scores k. Go and last-card points are the engine's (ruling 9). ``count`` may be passed if known.
    """
    if not series:
        raise PegboardError("score_play needs at least one card in the series")
    if count is None:
        count = series_count(series)
    if count > 31:
        raise PegboardError(f"series count {count} passes 31: {' '.join(map(str, series))}")
    items: list[ScoreItem] = []
    last = series[-1]
    if count == 15:
        items.append(ScoreItem("fifteen", tuple(series), 2))
    elif count == 31:
        items.append(ScoreItem("thirty-one", tuple(series), 2))
    size = len(series)
    rank = last.code >> 2
    same = 1
    while same < size and series[-same - 1].code >> 2 == rank:
        same += 1
    if same >= 2:
        items.append(ScoreItem("pair", tuple(series[-same:]), PAIR_POINTS[same]))
    elif size >= 3:  # a pair at the end rules out any run ending there
        best = 0
        low = high = rank
        seen = 1 << rank
        for length in range(2, size + 1):  # grow the tail backwards; remember the longest run
            other = series[-length].code >> 2
            if seen >> other & 1:
                break
            seen |= 1 << other
            low, high = min(low, other), max(high, other)
            if length >= 3 and high - low == length - 1:
                best = length
        if best:
            items.append(ScoreItem("run", tuple(series[-best:]), best))
    return Score(tuple(items))


_PAIRS = (0, 0, 2, 6, 12)


# ~150 bytes an entry: 2^17 held 20 MB of a long-running worker (hits 50% of calls, 43% at 2^15)
@lru_cache(maxsize=1 << 15)
def play_points(series: tuple[int, ...], count: int) -> int:
    """:func:`score_play`'s total from ranks alone: points for the last rank of ``series`` (ranks 1-13
    since the reset), ``count`` the count now. Trusted input; the hot path of the engine and the bots."""
    points = 2 if count == 15 or count == 31 else 0
    last = series[-1]
    size = len(series)
    same = 1
    while same < size and series[-same - 1] == last:
        same += 1
    if same >= 2:
        return points + _PAIRS[same]
    if size >= 3:
        best = 0
        low = high = last
        seen = 1 << last
        for length in range(2, size + 1):
            other = series[-length]
            if seen >> other & 1:
                break
            seen |= 1 << other
            if other < low:
                low = other
            elif other > high:
                high = other
            if length >= 3 and high - low == length - 1:
                best = length
        points += best
    return points
