"""Playing to win near the end of a two-player game, not to maximise points.

Within :data:`ENDGAME` points of the target (either side), the expert's discards maximise the chance
of winning: each option's exact hand distribution over the starters, with the pegging, the other
side's count and the crib, in counting order (pone first), then the board table for the rest of the
game. Its pegging search scores the end of the play the same way (:func:`show_outcome`).

>>> from pegboard.bots.board import BoardTable
>>> round(show_outcome(5, 30, pone_hand=6, dealer_total=10, i_am_pone=True, board=BoardTable.load()), 2)
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pegboard.bots.board import BoardTable
from pegboard.bots.solver import WIN

__all__ = ["ENDGAME", "ENDGAME_PLAY", "show_outcome", "discard_win_probabilities", "EndOfPlay"]

ENDGAME = 45
"""Within this many points of the target (either side), discards maximise the chance of winning."""
ENDGAME_PLAY = 25
"""Within this many points, the pegging search scores the end of the play by the chance of winning."""


def show_outcome(my_need: int, their_need: int, *, pone_hand: int, dealer_total: float, i_am_pone: bool,
                 board: BoardTable) -> float:
    """My chance to win once the play is over: the pone counts, then the dealer's hand and crib
    (``dealer_total``), then the game goes on with the deal passing (the board table)."""
    if i_am_pone:
        if pone_hand >= my_need:
            return 1.0
        if dealer_total >= their_need:
            return 0.0
        return board.win_probability(my_need - pone_hand, their_need - round(dealer_total), dealing=True)
    if pone_hand >= their_need:
        return 0.0
    if dealer_total >= my_need:
        return 1.0
    return board.win_probability(my_need - round(dealer_total), their_need - pone_hand, dealing=False)


@dataclass(frozen=True)
class EndOfPlay:
    """The pegging search's value of the end of the play (an ``end_value`` of
    :class:`pegboard.bots.pegging.Solver`): :data:`pegboard.bots.pegging.WIN` times (2 x my chance to
    win - 1) by :func:`show_outcome`, from the points each side pegged in the search. Equal ones value
    every position alike, so searches with equal ones share their memo.

    >>> end = EndOfPlay(5, 30, pone_hand=6, dealer_total=10.0, i_am_pone=True, board=BoardTable.load())
    >>> end(0, 0), end == EndOfPlay(5, 30, 6, 10.0, True, BoardTable.load())
    (100.0, True)
    """

    my_need: int
    their_need: int
    pone_hand: int
    dealer_total: float
    i_am_pone: bool
    board: BoardTable

    def __call__(self, pegged_mine: int, pegged_theirs: int) -> float:
        chance = show_outcome(self.my_need - pegged_mine, self.their_need - pegged_theirs, pone_hand=self.pone_hand,
                              dealer_total=self.dealer_total, i_am_pone=self.i_am_pone, board=self.board)
        return WIN * (2 * chance - 1)


def discard_win_probabilities(hand_values: Sequence[npt.NDArray[np.int64]], crib_values: Sequence[float],
                              my_need: int, their_need: int, *, dealer: bool, board: BoardTable) -> list[float]:
    """For each discard option (its hand score for every starter, and its expected crib): my chance to
    win this deal or later, in counting order, using the board's deal points for the other side.

    Vectorised over every pegging outcome x the other side's count x my count at once."""
    points = board.deal_points
    if points is None:
        return [0.5] * len(hand_values)
    peg = points.pegging / points.pegging.sum()
    pone_peg, dealer_peg = np.nonzero(peg > 1e-3)  # pegging outcomes worth counting
    chance = peg[pone_peg, dealer_peg]
    chance = chance / chance.sum()
    mine_peg, theirs_peg = (dealer_peg, pone_peg) if dealer else (pone_peg, dealer_peg)
    need_me = my_need - mine_peg  # per pegging outcome
    need_them = their_need - theirs_peg
    top = board.target
    if dealer:  # they count a typical pone hand first; then my exact hand and expected crib
        their_chance = points.pone_hand / points.pone_hand.sum()
        left_them = need_them[:, None] - np.arange(len(their_chance))[None, :]  # (outcome, theirs)
        table = board.table[0]
    else:  # I count first; then a typical dealer's hand and crib, shifted by my throw's crib value
        their_chance = points.dealer_show / points.dealer_show.sum()
        table = board.table[1]
    results = []
    for values, crib in zip(hand_values, crib_values):
        histogram = np.bincount(values, minlength=30) / len(values)
        mine = np.arange(len(histogram))
        if dealer:
            left_me = need_me[:, None] - np.rint(mine + crib).astype(np.int64)[None, :]  # (outcome, mine)
            later = table[np.clip(left_me, 1, top)[:, None, :], np.clip(left_them, 1, top)[:, :, None]]
            outcome = np.where(left_me[:, None, :] <= 0, 1.0, later)
            outcome = np.where(left_them[:, :, None] <= 0, 0.0, outcome)  # they counted first
        else:
            theirs = np.rint(np.arange(len(their_chance)) + crib - points.crib_mean).astype(np.int64)
            left_them = need_them[:, None] - theirs[None, :]
            left_me = need_me[:, None] - mine[None, :]
            later = table[np.clip(left_me, 1, top)[:, None, :], np.clip(left_them, 1, top)[:, :, None]]
            outcome = np.where(left_them[:, :, None] <= 0, 0.0, later)
            outcome = np.where(left_me[:, None, :] <= 0, 1.0, outcome)  # I counted first
        after = np.einsum("ctm,t,m->c", outcome, their_chance, histogram)
        value = np.where(need_me <= 0, 1.0, np.where(need_them <= 0, 0.0, after))
        results.append(float(value @ chance))
    return results
