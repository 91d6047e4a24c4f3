"""Exact expectations over the starter, from rank counts: the engine of every discard decision.

Fifteens, pairs and runs depend only on the rank multiset, so the expected value of a hand over
every possible starter is a sum over the 13 starter ranks of (unseen cards of that rank) x (table
value of the hand plus that rank), plus flush and nobs terms in closed form. 13 lookups instead of
46 scores, and exact.

>>> from pegboard.cards import parse_cards
>>> hand = parse_cards("5C 5D 5H JS")
>>> unseen = [card for card in __import__("pegboard").full_deck() if card not in hand]
>>> round(expected_hand([c.code for c in hand], unseen_counts([c.code for c in unseen])), 4)
16.5417
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from pegboard.scoring.tables import CARD_WEIGHTS, RANK_WEIGHTS, points_bytes, points_table

__all__ = ["UnseenCounts", "unseen_counts", "expected_hand", "expected_crib", "batch_expected"]

_JACK_CODES: Final = frozenset(range(40, 44))


class UnseenCounts:
    """How many unseen cards there are of each rank and each suit (the possible starters)."""

    __slots__ = ("ranks", "suits", "total")

    def __init__(self, ranks: list[int], suits: list[int]) -> None:
        self.ranks = ranks
        self.suits = suits
        self.total = sum(ranks)


def unseen_counts(codes: Sequence[int]) -> UnseenCounts:
    """Counts of the given (unseen) card codes by rank and by suit."""
    ranks = [0] * 13
    suits = [0] * 4
    for code in codes:
        ranks[code >> 2] += 1
        suits[code & 3] += 1
    return UnseenCounts(ranks, suits)


def _expected(cards: Sequence[int], unseen: UnseenCounts, crib: bool) -> float:
    table = points_bytes(len(cards) + 1)
    key = sum(CARD_WEIGHTS[code] for code in cards)
    ranks = unseen.ranks
    total = 0
    for rank in range(13):
        if ranks[rank]:
            total += ranks[rank] * table[key + RANK_WEIGHTS[rank]]
    suit = cards[0] & 3
    suits = unseen.suits
    if all(code & 3 == suit for code in cards):
        if crib:
            total += (len(cards) + 1) * suits[suit]
        else:
            total += len(cards) * unseen.total + suits[suit]
    for code in cards:
        if code in _JACK_CODES:
            total += suits[code & 3]
    return total / unseen.total


def expected_hand(kept: Sequence[int], unseen: UnseenCounts) -> float:
    """The exact average show score of ``kept`` (3 or 4 card codes) over every unseen starter."""
    return _expected(kept, unseen, crib=False)


def expected_crib(crib: Sequence[int], unseen: UnseenCounts) -> float:
    """The exact average score of a 4-card crib over every unseen starter (5-card flush only)."""
    return _expected(crib, unseen, crib=True)


_RANK_WEIGHTS_NP: Final = np.asarray(RANK_WEIGHTS, dtype=np.int64)
_CARD_WEIGHTS_NP: Final = np.asarray(CARD_WEIGHTS, dtype=np.int64)


def batch_expected(
    cards: npt.NDArray[np.integer],
    rank_counts: npt.NDArray[np.integer],
    suit_counts: npt.NDArray[np.integer],
    *,
    crib: bool,
) -> npt.NDArray[np.float64]:
    """:func:`expected_hand` / :func:`expected_crib` for arrays: ``cards`` (N, k) codes, unseen
    ``rank_counts`` (N, 13) and ``suit_counts`` (N, 4). Returns N exact expectations."""
    count, size = cards.shape
    table = points_table(size + 1).astype(np.int64)
    key = _CARD_WEIGHTS_NP[cards].sum(axis=1)
    total = (table[key[:, None] + _RANK_WEIGHTS_NP[None, :]] * rank_counts).sum(axis=1)
    unseen = rank_counts.sum(axis=1)
    suits = cards & 3
    same = (suits == suits[:, :1]).all(axis=1)
    matching = np.take_along_axis(suit_counts, suits[:, :1].astype(np.int64), axis=1)[:, 0]
    if crib:
        total += np.where(same, (size + 1) * matching, 0)
    else:
        total += np.where(same, size * unseen + matching, 0)
    jacks = (cards >> 2) == 10
    jack_suits = np.take_along_axis(suit_counts, (cards & 3).astype(np.int64), axis=1)
    total += (jacks * jack_suits).sum(axis=1)
    result: npt.NDArray[np.float64] = total / unseen
    return result
