"""Pegging search: the play of the cards, looked at ahead over what the opponents may hold.

Ranks are all that matter in the play, so a position is: each player's remaining ranks, the ranks of
the current series, the count, whose turn it is, who has said go, and who played last. The rules
are those of the engine (rulings 8-9, 19): :func:`solve` plays them out exactly.

* Two players: the opponent's unseen cards are sampled consistently with the view (after a go at
  count c, every card they still hold has more than 31 - c pips: the engine's sampler,
  :func:`pegboard.engine.chance.deals_hidden`) and each sample is solved exactly by
  memoised minimax over the rest of the play; the play with the best average wins.
* Three or four players: each sample is played out with a one-move-deep policy for everyone after
  the candidate card (a Monte Carlo rollout).

>>> from pegboard.scoring.play import score_play
>>> play_points((5, 10), 15)  # a ten on a five: fifteen two
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pegboard.bots.series import compress
from pegboard.bots.solver import PIP, WIN, PlayPosition, ReplyModel, Solver, clear_leader, pack_hands
from pegboard.scoring.play import play_points

__all__ = ["play_points", "PlayPosition", "Solver", "SolverPool", "solve", "best_plays", "compress",
           "pack_hands", "WIN", "ReplyModel", "PIP"]

class SolverPool:
    """Solvers kept from one search to the next: a later decision of the same deal meets many of the
    positions an earlier one solved, and a position's value depends only on the solver's settings
    (which key the pool), not on how the position was reached. Holds the last ``size`` settings used.

    >>> pool = SolverPool()
    >>> pool.solver(2, (0, 1), 0) is pool.solver(2, (0, 1), 0)
    True
    """

    def __init__(self, size: int = 2) -> None:
        self.size = size
        self.solvers: dict[tuple[object, ...], Solver] = {}

    def solver(self, seats: int, side_of: Sequence[int], me: int, *, single_series: bool = False,
               continue_after_go: bool = True, goals: tuple[int, int] | None = None, series_horizon: bool = False,
               opponent_blend: float = 0.0, reply_model: ReplyModel | None = None, reply_weight: float = 0.0
               ) -> Solver:
        """A solver with these settings (no end values: those are per sample), kept or new."""
        key = (seats, tuple(side_of), me, single_series, continue_after_go, goals, series_horizon, opponent_blend,
               reply_model if reply_weight else None, reply_weight)
        found = self.solvers.pop(key, None)
        if found is None:
            found = Solver(seats, side_of, me, single_series=single_series, continue_after_go=continue_after_go,
                           goals=goals, series_horizon=series_horizon, opponent_blend=opponent_blend,
                           reply_model=reply_model, reply_weight=reply_weight)
            while len(self.solvers) >= self.size:
                del self.solvers[next(iter(self.solvers))]
        self.solvers[key] = found  # the most recently used last
        return found


def solve(position: PlayPosition, me: int, side_of: Sequence[int], need: Sequence[int] | None = None) -> float:
    """Exact value for ``me``'s side of the rest of the play from ``position`` (both sides at their
    best): points minus the other side's, or +-WIN when a side reaches ``need`` (points still needed)."""
    solver = Solver(len(position.hands), side_of, me, single_series=position.single_series,
                    continue_after_go=position.continue_after_go,
                    goals=(need[0], need[1]) if need is not None else None)
    return solver.value(pack_hands(position.hands), compress(position.series), position.count, position.turn,
                        position.go, position.last, 0, 0)


def best_plays(candidates: Sequence[int], positions: Sequence[PlayPosition], me: int, side_of: Sequence[int],
               need: Sequence[int] | None = None,
               end_values: Sequence[Callable[[int, int], float] | None] | None = None,
               decided_after: int = 8, series_horizon: bool = False, opponent_blend: float = 0.0,
               reply_model: ReplyModel | None = None, reply_weight: float = 0.0, pool: SolverPool | None = None,
               columns_out: dict[int, list[float]] | None = None) -> dict[int, float]:
    """Average value of playing each candidate rank over sampled positions (``me`` to play), each
    sample solved exactly with one memo for all the candidates. With ``end_values`` (one per sample)
    and ``need``, values are utilities scored at the end of the play (see :class:`Solver`); an end
    value's ``pegged_out`` attribute, if any, is what pegging out is worth (the Solver's ``pegged_out``).

    Samples dealing the opponents the same ranks (with equal end values) are one position: solved once,
    counted as often as drawn; samples share one memo, since positions deeper in the play recur across
    samples (with ``end_values``, those with equal end values). After ``decided_after`` samples,
    sampling stops early when one candidate leads every other by more than three standard errors. With
    three or four players the other sides all play against ``me``'s side (a "paranoid" search);
    ``series_horizon`` stops each search at the end of the current series. A ``pool`` keeps the shared
    solver (and its memo) for the next search with the same settings. ``columns_out``, if given, is
    filled with each candidate's value sample by sample (the same samples for every candidate: their
    paired differences give a standard error, :mod:`pegboard.analysis.evaluate`)."""
    goals = (need[0], need[1]) if need is not None and (end_values or min(need) <= 40) else None
    seen: dict[tuple[tuple[tuple[int, ...], ...], object], dict[int, float]] = {}
    samples: list[dict[int, float]] = []
    # Each candidate's values, sample by sample, and their running sums (as sum() adds them, left to right).
    columns: dict[int, list[float]] = {rank: [] for rank in candidates}
    sums = dict.fromkeys(candidates, 0.0)
    shared: Solver | None = None  # without end values, one memo serves every sample (their subtrees meet)
    by_end: dict[object, Solver] = {}  # with them, one memo per end value (equal ones value positions alike)
    for index, position in enumerate(positions):
        end_value = end_values[index] if end_values else None
        cached = seen.get((position.hands, end_value))
        if cached is None:
            if shared is None and end_values is None and pool is not None:
                shared = pool.solver(len(position.hands), side_of, me, single_series=position.single_series,
                                     continue_after_go=position.continue_after_go, goals=goals,
                                     series_horizon=series_horizon, opponent_blend=opponent_blend,
                                     reply_model=reply_model, reply_weight=reply_weight)
            solver = shared or (by_end.get(end_value) if end_values is not None else None) or \
                Solver(len(position.hands), side_of, me, single_series=position.single_series,
                       continue_after_go=position.continue_after_go, goals=goals, end_value=end_value,
                       series_horizon=series_horizon, opponent_blend=opponent_blend, reply_model=reply_model,
                       reply_weight=reply_weight, pegged_out=getattr(end_value, "pegged_out", None))
            if end_values is None:
                shared = solver
            else:
                by_end[end_value] = solver
            root = PlayPosition(position.hands, compress(position.series), position.count, me, position.go,
                                position.last, position.single_series, position.continue_after_go)
            cached = solver.move_values(root)
            seen[(position.hands, end_value)] = cached
        samples.append(cached)
        for rank, column in columns.items():
            value = cached[rank]
            column.append(value)
            sums[rank] += value
        if len(samples) >= decided_after and len(candidates) > 1 and clear_leader(columns, sums, candidates):
            break
    if columns_out is not None:
        columns_out.update(columns)
    return {rank: sums[rank] / len(samples) for rank in candidates}
