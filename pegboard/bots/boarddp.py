"""The board's dynamic programme: the expected value of any objective from every pair of needs.

A deal is modelled in counting order (ruling 14) from the per-deal point histograms of
:class:`DealPoints`: the play pegs points for both sides (a joint histogram;
pegging out during the play ends the game), then the pone counts, then the dealer's hand and crib,
and the next deal has the roles swapped. The game ends the moment a side's need reaches 0; what it is
worth then is the *terminal payoff*, a function of the loser's final score (``won[s]``: my value when
I win and they end on ``s``; ``lost[s]``: when they win and I end on ``s``). Every objective
(:mod:`pegboard.objectives`) is such a payoff, so every objective's table comes from the same
histograms.

Every deal lowers the two needs' sum by at least one (the last card always scores), so the table is
filled exactly, one anti-diagonal of needs at a time (``a + b = 2, 3, ...``): each step of a deal at
an anti-diagonal needs only values of lower anti-diagonals, or of the same one filled just before.
Each cell is summed over its outcomes in the same order, with the same products, as the sweeps of the
earlier solver (which :func:`pegboard.tables.board.solve_board` ran before), so the win table is the
same to the last bit once rounded.

>>> points = toy_points()
>>> table = solve_table(points, np.ones(5), np.zeros(5), target=5)
>>> float(table[0, 1, 5]), float(table[1, 5, 1])  # the pone needing 1 pegs it at once
(1.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["DealPoints", "solve_table", "toy_points"]

Array = npt.NDArray[np.float64]
Index = npt.NDArray[np.int64]


@dataclass
class DealPoints:
    """Histograms of one deal's points: the play (pone's side, dealer's side, jointly), then each count
    in counting order (ruling 14). Two players: the pone's hand, then the dealer's hand plus crib (heels
    go with the dealer's pegging). Partners (four players, two sides) count four times: the first
    pone's hand, the dealer's partner's, the second pone's, then the dealer's hand plus crib
    (:attr:`partner_hand` and :attr:`second_pone_hand` hold the two in between)."""

    pegging: Array  # [pone points, dealer points]
    pone_hand: Array
    dealer_show: Array
    deals: int
    crib_mean: float = 4.8
    partner_hand: Array | None = None
    second_pone_hand: Array | None = None

    def counts(self) -> list[tuple[bool, Array]]:
        """The counts of a deal in counting order, each ``(whether the dealer's side scores it, its
        histogram)``.

        >>> [dealer_side for dealer_side, _ in toy_points().counts()]
        [False, True]
        """
        if self.partner_hand is None or self.second_pone_hand is None:
            return [(False, self.pone_hand), (True, self.dealer_show)]
        return [(False, self.pone_hand), (True, self.partner_hand), (False, self.second_pone_hand),
                (True, self.dealer_show)]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"deals": self.deals, "pegging": self.pegging.astype(int).tolist(),
                                "pone_hand": self.pone_hand.astype(int).tolist(),
                                "dealer_show": self.dealer_show.astype(int).tolist(),
                                "crib_mean": round(self.crib_mean, 4)}
        if self.partner_hand is not None and self.second_pone_hand is not None:
            data["partner_hand"] = self.partner_hand.astype(int).tolist()
            data["second_pone_hand"] = self.second_pone_hand.astype(int).tolist()
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> DealPoints:
        def optional(key: str) -> Array | None:
            return np.asarray(data[key], dtype=np.float64) if key in data else None

        return DealPoints(np.asarray(data["pegging"], dtype=np.float64),
                          np.asarray(data["pone_hand"], dtype=np.float64),
                          np.asarray(data["dealer_show"], dtype=np.float64), int(data["deals"]),
                          float(data.get("crib_mean", 4.8)), optional("partner_hand"), optional("second_pone_hand"))


def _terminal(won: Array, lost: Array, target: int, pad: int) -> Array:
    """A padded (pad + target + 1)^2 grid indexed ``[pad + my need, pad + their need]`` holding the
    terminal payoffs where a need has been reached (<= 0): ``won`` by their score, ``lost`` by mine, the
    mean of the two at the target where both have (only the play can take both sides out together)."""
    size = pad + target + 1
    grid = np.zeros((size, size))
    needs = np.arange(1, target + 1)
    grid[: pad + 1, pad + 1:] = won[target - needs][None, :]  # my need reached, theirs not
    grid[pad + 1:, : pad + 1] = lost[target - needs][:, None]  # their need reached, mine not
    grid[: pad + 1, : pad + 1] = 0.5 * (won[target - 1] + lost[target - 1])
    return grid


def solve_table(points: DealPoints, won: Array, lost: Array, target: int = 121) -> Array:
    """``table[d, a, b]``: my expected payoff when I need ``a`` more points and they need ``b`` (both
    1..target; index 0 unused), at the start of a deal that my side deals (d = 1) or is pone of (d = 0).

    ``won`` and ``lost`` (length ``target``) are the terminal payoffs by the loser's final score.
    """
    peg = points.pegging / points.pegging.sum()
    counts = [(dealer_side, histogram / histogram.sum()) for dealer_side, histogram in points.counts()]
    pad = max([peg.shape[0]] + [len(histogram) for _, histogram in counts]) + 1
    won = np.asarray(won, dtype=np.float64)
    lost = np.asarray(lost, dtype=np.float64)
    # One padded grid per stage and role: the value at the start of a deal, then before each count (the
    # first: once the play is over). They share the terminal regions.
    start = [_terminal(won, lost, target, pad) for _ in range(2)]
    before = [[_terminal(won, lost, target, pad) for _ in range(2)] for _ in counts]
    cells = [(p, d, peg[p, d]) for p in range(peg.shape[0]) for d in range(peg.shape[1]) if peg[p, d] > 0]
    peg_chance = np.array([chance for _, _, chance in cells])[:, None]
    pone_peg = np.array([p for p, _, _ in cells], dtype=np.int64)[:, None]
    dealer_peg = np.array([d for _, d, _ in cells], dtype=np.int64)[:, None]
    # The grids are read and written flat: a cell (row, col) is row * width + col, and an outcome that
    # lowers my need by m and theirs by t reads the cell m * width + t before it.
    width = pad + target + 1
    flat_start = [grid.reshape(-1) for grid in start]
    flat_before = [[grid.reshape(-1) for grid in grids] for grids in before]
    play_shift = {1: dealer_peg * width + pone_peg, 0: pone_peg * width + dealer_peg}  # by who deals
    count_steps = []  # each count's outcomes, chances and shifts by who deals (a dealer's-side count
    for dealer_side, histogram in counts:  # lowers my need when I deal, theirs when I am pone)
        gain = np.nonzero(histogram)[0].astype(np.int64)[:, None]
        mine_when = 1 if dealer_side else 0
        count_steps.append((histogram[gain], {mine_when: gain * width, 1 - mine_when: gain}))

    def gather(grid: Array, cells: Index, shift: Index, chance: Array) -> Array:
        """The chance-weighted sum over outcomes (axis 0), added in outcome order as the sweeps did."""
        terms: Array = chance * grid[cells - shift]
        total: Array = terms.sum(axis=0)
        return total

    last = len(counts) - 1
    for total in range(2, 2 * target + 1):
        mine = np.arange(max(1, total - target), min(target, total - 1) + 1, dtype=np.int64)
        if len(mine) == 1:  # two cells, the same twice: a sum over outcomes of one cell would be pairwise
            mine = np.repeat(mine, 2)
        here = ((pad + mine) * width + pad + total - mine)[None, :]
        for dealing in (1, 0):  # the play: both sides peg, then the counts
            flat_start[dealing][here] = gather(flat_before[0][dealing], here, play_shift[dealing], peg_chance)
        # The counts from the last (the dealer's hand and crib, then the next deal with the roles
        # swapped) back to the first: a count of 0 reads the cell of the next stage just filled.
        for stage in range(last, -1, -1):
            chance, shift = count_steps[stage]
            for dealing in (1, 0):
                after = flat_start[1 - dealing] if stage == last else flat_before[stage + 1][dealing]
                flat_before[stage][dealing][here] = gather(after, here, shift[dealing], chance)
    table = np.zeros((2, target + 1, target + 1))
    for dealing in (0, 1):
        table[dealing, 1:, 1:] = start[dealing][pad + 1:, pad + 1:]
    return table


def toy_points() -> DealPoints:
    """A game with no chance in it, for examples: the pone pegs 1 a deal and nobody counts anything."""
    pegging = np.zeros((40, 40))
    pegging[1, 0] = 1
    pone, show = np.zeros(30), np.zeros(60)
    pone[0] = show[0] = 1
    return DealPoints(pegging, pone, show, 1)
