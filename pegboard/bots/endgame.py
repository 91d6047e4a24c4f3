"""Playing for the objective near the end of a game (two players, partners, five-card), not to maximise points.

Within :data:`ENDGAME` points of the target (either side), the expert's discards maximise the
expected value of its objective (:mod:`pegboard.objectives`; the chance of winning by default): each
option's exact hand distribution over the starters, with the pegging, the other side's count and the
crib, in counting order (pone first), then the objective's board table for the rest of the game
(:class:`pegboard.bots.board.BoardTable`), or, where a count ends the game, what the objective pays
for that loser's score. Its pegging search scores the end of the play the same way
(:func:`show_outcome`), and pegging out by what it pays (:func:`pegged_out_values`). Partners count
four hands in turn: :func:`discard_values_in_turn` and :class:`EndInTurn`.

>>> from pegboard.bots.board import BoardTable
>>> round(show_outcome(5, 30, pone_hand=6, dealer_total=10, i_am_pone=True, board=BoardTable.load()), 2)
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from pegboard.bots.board import BoardTable
from pegboard.bots.solver import WIN

__all__ = ["ENDGAME", "ENDGAME_PLAY", "show_outcome", "discard_win_probabilities", "discard_values",
           "discard_values_in_turn", "EndOfPlay", "EndInTurn", "pegged_out_values"]

ENDGAME = 45
"""Within this many points of the target (either side), discards maximise the chance of winning."""
ENDGAME_PLAY = 25
"""Within this many points, the pegging search scores the end of the play by the chance of winning."""


def show_outcome(my_need: int, their_need: int, *, pone_hand: int, dealer_total: float, i_am_pone: bool,
                 board: BoardTable) -> float:
    """My expected objective value once the play is over (the chance to win, for ``win``): the pone
    counts, then the dealer's hand and crib (``dealer_total``), then the game goes on with the deal
    passing (the board table). A count that ends the game is worth what the objective pays for the
    loser's score then."""
    alike = board.pays_alike  # (the search calls this at every end of the play: the usual case inline)
    if i_am_pone:
        if pone_hand >= my_need:
            return board.win_pays if alike else board.won_value(their_need)
        if dealer_total >= their_need:
            return board.loss_pays if alike else board.lost_value(my_need - pone_hand)
        return board.value(my_need - pone_hand, their_need - round(dealer_total), dealing=True)
    if pone_hand >= their_need:
        return board.loss_pays if alike else board.lost_value(my_need)
    if dealer_total >= my_need:
        return board.win_pays if alike else board.won_value(their_need - pone_hand)
    return board.value(my_need - round(dealer_total), their_need - pone_hand, dealing=False)


@lru_cache(maxsize=256)
def pegged_out_values(my_need: int, their_need: int, board: BoardTable
                      ) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
    """What pegging out is worth on the search's scale, by the points the loser pegged in the search:
    ``(mine, theirs)``, ``mine[t]`` when my side pegs out after they pegged ``t``, ``theirs[m]`` when
    they do after I pegged ``m``. None when it does not depend on the loser's score (``win``: always
    +-:data:`pegboard.bots.solver.WIN`).

    >>> from pegboard.objectives import GAME_POINTS
    >>> mine, theirs = pegged_out_values(3, 32, BoardTable.for_objective(GAME_POINTS))
    >>> mine[0], mine[2], theirs[0]  # they stand on 89: a skunk unless they peg 2
    (75.0, 50.0, -50.0)
    """
    if board.pays_alike and board.utility(float(board.won[0])) == WIN and \
            board.utility(float(board.lost[0])) == -WIN:
        return None
    mine = tuple(board.utility(board.won_value(their_need - pegged)) for pegged in range(their_need))
    theirs = tuple(board.utility(board.lost_value(my_need - pegged)) for pegged in range(my_need))
    return mine, theirs


@dataclass(frozen=True)
class EndOfPlay:
    """The pegging search's value of the end of the play (an ``end_value`` of
    :class:`pegboard.bots.pegging.Solver`): :meth:`BoardTable.utility` of :func:`show_outcome`, from
    the points each side pegged in the search (for ``win``, :data:`pegboard.bots.pegging.WIN` times
    (2 x my chance to win - 1)). Equal ones value every position alike, so searches with equal ones
    share their memo. ``pegged_out``: :func:`pegged_out_values` for the search.

    >>> end = EndOfPlay(5, 30, pone_hand=6, dealer_total=10.0, i_am_pone=True, board=BoardTable.load())
    >>> end(0, 0), end == EndOfPlay(5, 30, 6, 10.0, True, BoardTable.load()), end.pegged_out
    (100.0, True, None)
    """

    my_need: int
    their_need: int
    pone_hand: int
    dealer_total: float
    i_am_pone: bool
    board: BoardTable

    def __call__(self, pegged_mine: int, pegged_theirs: int) -> float:
        board = self.board
        value = show_outcome(self.my_need - pegged_mine, self.their_need - pegged_theirs, pone_hand=self.pone_hand,
                             dealer_total=self.dealer_total, i_am_pone=self.i_am_pone, board=board)
        return WIN * (2 * value - 1) if board.chance_scale else board.utility(value)

    @property
    def pegged_out(self) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
        return pegged_out_values(self.my_need, self.their_need, self.board)


@dataclass(frozen=True)
class EndInTurn:
    """The end of the play when several hands are counted in turn (partners): an ``end_value`` of
    :class:`pegboard.bots.pegging.Solver` like :class:`EndOfPlay`. ``counts`` holds each count in
    counting order (ruling 14: from the dealer's left, the dealer's hand and crib last) as (points,
    mine); a count that takes a side out ends the game, and what is left goes to the board table
    with the deal passing to the other side.

    >>> end = EndInTurn(10, 30, counts=((8, False), (6, True), (12, False), (9, True)), dealer_mine=True,
    ...                 board=BoardTable.for_partners())
    >>> end(0, 0), end(0, 10), end.pegged_out
    (100.0, -100.0, None)
    """

    my_need: int
    their_need: int
    counts: tuple[tuple[int, bool], ...]
    dealer_mine: bool
    board: BoardTable

    def __call__(self, pegged_mine: int, pegged_theirs: int) -> float:
        board = self.board
        mine, theirs = self.my_need - pegged_mine, self.their_need - pegged_theirs
        value = None
        for points, my_count in self.counts:
            if my_count:
                mine -= points
                if mine <= 0:
                    value = board.won_value(theirs)
                    break
            else:
                theirs -= points
                if theirs <= 0:
                    value = board.lost_value(mine)
                    break
        if value is None:
            value = board.value(mine, theirs, dealing=not self.dealer_mine)
        return WIN * (2 * value - 1) if board.chance_scale else board.utility(value)

    @property
    def pegged_out(self) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
        return pegged_out_values(self.my_need, self.their_need, self.board)


def discard_win_probabilities(hand_values: Sequence[npt.NDArray[np.int64]], crib_values: Sequence[float],
                              my_need: int, their_need: int, *, dealer: bool, board: BoardTable) -> list[float]:
    """:func:`discard_values`, by its old name (with the ``win`` objective's table: chances of winning)."""
    return discard_values(hand_values, crib_values, my_need, their_need, dealer=dealer, board=board)


def discard_values(hand_values: Sequence[npt.NDArray[np.int64]], crib_values: Sequence[float],
                   my_need: int, their_need: int, *, dealer: bool, board: BoardTable) -> list[float]:
    """For each discard option (its hand score for every starter, and its expected crib): my expected
    objective value this deal or later (for ``win``: my chance to win), in counting order, using the
    board's deal points for the other side. A side that reaches the target ends the game: the
    objective pays by the loser's score then.

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

    def won(their_left: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """What my win pays when they still need ``their_left``."""
        paid: npt.NDArray[np.float64] = board.won[np.clip(top - their_left, 0, top - 1)]
        return paid

    def lost(my_left: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        paid: npt.NDArray[np.float64] = board.lost[np.clip(top - my_left, 0, top - 1)]
        return paid

    if dealer:  # they count a typical pone hand first; then my exact hand and expected crib
        their_chance = points.pone_hand / points.pone_hand.sum()
        left_them = need_them[:, None] - np.arange(len(their_chance))[None, :]  # (outcome, theirs)
        table = board.table[0]
    else:  # I count first; then a typical dealer's hand and crib, shifted by my throw's crib value
        their_chance = points.dealer_show / points.dealer_show.sum()
        table = board.table[1]
    results = []
    for values, crib in zip(hand_values, crib_values):
        counts = np.bincount(values)
        mine = np.flatnonzero(counts)  # only the counts this hand can make (a third of 0-29, or fewer)
        histogram = counts[mine] / len(values)
        if dealer:
            left_me = need_me[:, None] - np.rint(mine + crib).astype(np.int64)[None, :]  # (outcome, mine)
            later = table[np.clip(left_me, 1, top)[:, None, :], np.clip(left_them, 1, top)[:, :, None]]
            outcome = np.where(left_me[:, None, :] <= 0, won(left_them)[:, :, None], later)
            outcome = np.where(left_them[:, :, None] <= 0, lost(need_me)[:, None, None], outcome)  # they counted first
        else:
            theirs = np.rint(np.arange(len(their_chance)) + crib - points.crib_mean).astype(np.int64)
            left_them = need_them[:, None] - theirs[None, :]
            left_me = need_me[:, None] - mine[None, :]
            later = table[np.clip(left_me, 1, top)[:, None, :], np.clip(left_them, 1, top)[:, :, None]]
            outcome = np.where(left_them[:, :, None] <= 0, lost(left_me)[:, None, :], later)
            outcome = np.where(left_me[:, None, :] <= 0, won(need_them)[:, None, None], outcome)  # I counted first
        after = np.einsum("ctm,t,m->c", outcome, their_chance, histogram)
        value = np.where(need_me <= 0, won(need_them), np.where(need_them <= 0, lost(need_me), after))
        results.append(float(value @ chance))
    return results


def discard_values_in_turn(hand_values: Sequence[npt.NDArray[np.int64]], crib_values: Sequence[float],
                           my_need: int, their_need: int, *, role: int, board: BoardTable) -> list[float]:
    """:func:`discard_values` for a deal of more than two hands counted in turn (partners: the first
    pone, the dealer's partner, the second pone, the dealer and crib; ruling 14), for the seat in
    ``role`` (0 the dealer, 1 left of the dealer, ...; even roles are the dealer's side).

    The board's histograms give the play (side against side) and every other count; the seat's own
    hand is exact for every starter and its throw moves the dealer's crib from the mean. The chances of
    each pair of needs are carried count by count, a side reaching the target ending the game with what
    the objective pays, and the next deal is read from the table.

    Both sides needing 30, the first to count with a 16 for every starter, or a 4 (the table, for a
    hand as usual: 0.27):

    >>> table = BoardTable.for_partners()
    >>> [round(v, 2) for v in discard_values_in_turn([np.array([16]), np.array([4])], [4.8, 4.8], 30, 30,
    ...                                                role=1, board=table)]
    [0.67, 0.18]
    """
    points = board.deal_points
    if points is None:
        return [0.5] * len(hand_values)
    counts = points.counts()
    mine_at = (role - 1) % len(counts)  # my count's place in the counting order
    dealer_side = role % 2 == 0
    top = board.target
    # The chances of each pair of needs, grid[a, b] (needs only fall: a <= my_need, b <= their_need).
    needs_mine, needs_theirs = np.arange(my_need + 1), np.arange(their_need + 1)
    won_by = board.won[np.clip(top - needs_theirs, 0, top - 1)]  # my win when they still need b
    lost_by = board.lost[np.clip(top - needs_mine, 0, top - 1)]  # their win when I still need a
    peg = points.pegging / points.pegging.sum()
    pone_peg, dealer_peg = np.nonzero(peg > 1e-3)  # pegging outcomes worth counting
    chance = peg[pone_peg, dealer_peg]
    chance = chance / chance.sum()
    mine_peg, theirs_peg = (dealer_peg, pone_peg) if dealer_side else (pone_peg, dealer_peg)
    left_mine, left_theirs = my_need - mine_peg, their_need - theirs_peg
    out_mine, out_theirs = left_mine <= 0, left_theirs <= 0
    ended = float(chance[out_mine] @ won_by[np.maximum(left_theirs[out_mine], 0)])  # I peg out first
    ended += float(chance[~out_mine & out_theirs] @ lost_by[left_mine[~out_mine & out_theirs]])
    live = ~out_mine & ~out_theirs
    grid = np.zeros((my_need + 1, their_need + 1))
    np.add.at(grid, (left_mine[live], left_theirs[live]), chance[live])

    def count(grid: npt.NDArray[np.float64], histogram: npt.NDArray[np.float64], shift: int, my_count: bool
              ) -> tuple[float, npt.NDArray[np.float64]]:
        """One side counts: what the games it ends pay (weighted), and the grid of needs after it."""
        lines = grid if my_count else grid.T  # the counting side's needs along the first axis
        pays = won_by if my_count else lost_by  # what its reaching the target pays, by the other's need
        gains = np.flatnonzero(histogram)
        odds = histogram[gains] / histogram.sum()
        reached = np.cumsum(lines, axis=0) @ pays  # reached[g]: the chance-weighted pay of needs up to g
        after = np.zeros_like(lines)
        ended = 0.0
        rows = len(lines)
        for gain, odd in zip(np.maximum(gains + shift, 0).tolist(), odds.tolist()):
            if gain == 0:
                after += odd * lines
                continue
            if gain < rows - 1:
                after[1:rows - gain] += odd * lines[1 + gain:]
            ended += odd * float(reached[min(gain, rows - 1)])
        return ended, (after if my_count else after.T)

    for turn in range(mine_at):  # the counts before mine
        side, histogram = counts[turn]
        found, grid = count(grid, histogram, 0, side == dealer_side)
        ended += found
    next_deal = board.table[0 if dealer_side else 1][:my_need + 1, :their_need + 1]  # the other side deals next
    results = []
    for values, crib in zip(hand_values, crib_values):
        histogram = np.bincount(np.rint(values + (crib if role == 0 else 0.0)).astype(np.int64)).astype(np.float64)
        value, after = count(grid, histogram, 0, True)
        for turn in range(mine_at + 1, len(counts)):  # the counts after mine: the dealer's, moved by my throw
            side, their_histogram = counts[turn]
            shift = round(crib - points.crib_mean) if turn == len(counts) - 1 else 0
            found, after = count(after, their_histogram, shift, side == dealer_side)
            value += found
        results.append(ended + value + float((after * next_deal).sum()))
    return results
