"""The BSD cribbage program's card in the play, by ranks (compiled with mypyc).

The program (``/usr/games/cribbage``, modelled whole by :mod:`pegboard.bots.classic`) plays the
first card, lowest rank first, that scores most now; when none scores it follows fixed rules
(:func:`quiet_index`). Its choice depends on the ranks held only, so the expert can ask it for any
hand it imagines the opponent holding: to read the cards an opponent played
(:class:`pegboard.bots.inference.ProgramPlayModel`) and to foresee their answers in its search
(:class:`pegboard.bots.replies.StyleReplies`, through :func:`pegboard.bots.replies.program_choice`).
:mod:`pegboard.bots.classic` plays by these same functions, so the model and the bot cannot drift apart.

>>> program_rank(1 << 9 | 1 << 36, (5,), 5)  # a 4 and a king on a 5: the king makes fifteen
13
>>> program_rank(1 << 9 | 1 << 36, (), 0)  # leading: make the count 4
4
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pegboard.scoring.play import play_points

__all__ = ["RETALIATION_TARGETS", "quiet_index", "scoring_rank", "program_rank", "PIP"]

PIP: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Pip value by rank (index 1-13)."""

RETALIATION_TARGETS: Final = (8, 7, 9, 6, 11, 12, 13, 14, 10, 5)
"""The program's "retaliation after 15" counts, in the order it tries them."""


def _making(pips: Sequence[int], count: int, total: int) -> int:
    """The first card (index into ``pips``) that makes the count ``total``; -1 if none."""
    for index in range(len(pips)):
        if count + pips[index] == total:
            return index
    return -1


def _keeps(pips: Sequence[int], index: int, value: int) -> bool:
    """Whether the hand still holds a card worth ``value`` after playing card ``index``."""
    held = 0
    for pip in pips:
        if pip == value:
            held += 1
    return held > 1 or (held == 1 and pips[index] != value)


def quiet_index(pips: Sequence[int], count: int) -> int:
    """The card the program plays when no card scores (its ``cchose``): an index into ``pips``, the
    pip values of the hand in the program's order (by rank). Below a count of 4 make it 4 (or lead a
    3); then "retaliation to 31" (make the count 21 - v keeping a card worth v), then "retaliation
    after 15" (make the count t, in the order of :data:`RETALIATION_TARGETS`, keeping a card worth
    15 - t); else the highest card that avoids a count of 5, 10 or 21; else the highest that avoids
    5 or 21; else the highest card that fits.

    >>> quiet_index([2, 4, 9, 10], 0), quiet_index([6, 9, 10], 0)
    (1, 1)
    """
    if len(pips) <= 1:
        return 0
    if count < 4:
        index = _making(pips, count, 4)
        if index >= 0:
            return index
        index = _making(pips, count, 3)
        if index >= 0 and count == 0:
            return index
    if 0 < count < 20:  # retaliation to 31: reach 21 - v, keeping a v for when a ten-card makes it 31 - v
        for value in range(1, 11):
            index = _making(pips, count, 21 - value)
            if index >= 0 and _keeps(pips, index, value):
                return index
    if count < 15:  # retaliation after 15: reach t, keeping a card worth 15 - t
        for target in RETALIATION_TARGETS:
            index = _making(pips, count, target)
            if index >= 0 and _keeps(pips, index, 15 - target):
                return index
    for index in range(len(pips) - 1, -1, -1):  # the highest card that avoids 5, 10 and 21
        total = count + pips[index]
        if total <= 31 and total != 5 and total != 10 and total != 21:
            return index
    fallback = -1
    for index in range(len(pips) - 1, -1, -1):  # else the highest that avoids 5 and 21, else the highest
        total = count + pips[index]
        if total > 31:
            continue
        if fallback < 0:
            fallback = index
        if total != 5 and total != 21:
            return index
    return fallback


def scoring_rank(ranks: Sequence[int], series: tuple[int, ...], count: int) -> int:
    """The first of ``ranks`` (lowest first) that scores most now on ``series`` at ``count``; 0 when
    none scores.

    >>> scoring_rank([5, 7, 13], (12,), 10)
    5
    """
    best = 0
    best_points = 0
    for rank in ranks:
        if count + PIP[rank] <= 31:
            points = play_points((*series, rank), count + PIP[rank])
            if points > best_points:
                best, best_points = rank, points
    return best


def program_rank(packed: int, series: tuple[int, ...], count: int) -> int:
    """The rank the program plays holding ``packed`` (3 bits of count per rank, rank r at bit 3r - 3,
    as the search packs hands) on ``series`` at ``count``: :func:`scoring_rank`, else
    :func:`quiet_index`. The hand must hold a card that fits."""
    ranks: list[int] = []
    for rank in range(1, 14):
        for _ in range(packed >> 3 * rank - 3 & 7):
            ranks.append(rank)
    chosen = scoring_rank(ranks, series, count)
    if chosen:
        return chosen
    return ranks[quiet_index([PIP[rank] for rank in ranks], count)]
