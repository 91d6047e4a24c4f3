"""The board: what a two-player game is worth from any pair of scores, for any objective.

A deal is modelled in counting order (ruling 14): the play pegs points for both sides (pegging
out during the play ends the game), then the pone counts, then the dealer's hand and crib. The
per-deal points come from the expert's own games (:func:`collect_deal_points`); given them, the
expected value of every objective (:mod:`pegboard.objectives`: the chance of winning, game points,
spread, a match) at every position follows exactly by dynamic programming over both sides' remaining
needs (:mod:`pegboard.bots.boarddp`; each deal scores at least the point for last, so the needs
always fall). Only the histograms ship (``pegboard/data/board.json``, a few kB); each objective's
table is solved when first asked for, in about 0.02 s.

``python -m pegboard.bots.board`` rebuilds the histograms from expert self-play (``--rounds``
repeats it, each round's games played with the tables of the round before, until they are stable).

>>> table = BoardTable.load()
>>> 0.5 < table.win_probability(10, 60, dealing=True) <= 1.0
True
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from pegboard.bots.boarddp import solve_table
from pegboard.bots.solver import WIN as WIN_UTILITY
from pegboard.objectives import WIN, Objective, mark_of
from pegboard.sim.backends import Backend, LocalBackend, add_backend_arguments, backend_from_arguments, map_ordered

if TYPE_CHECKING:
    from pegboard.rules import Rules

__all__ = ["BoardTable", "DealPoints", "collect_deal_points", "solve_board", "generate", "validate", "play_from",
           "BOARD_FILE", "shipped_points", "fresh_game_outcomes", "TARGET"]

BOARD_FILE = Path(__file__).resolve().parent.parent / "data" / "board.json"
Array = npt.NDArray[np.float64]
TARGET = 121
"""The game the histograms come from: two players to 121."""
SKUNK, DOUBLE_SKUNK = 90, 60
"""Ruling 15's skunk lines at 121."""


@dataclass
class DealPoints:
    """Histograms of one deal's points: the play (pone, dealer, jointly), the pone's hand, and the
    dealer's hand plus crib (heels go with the dealer's pegging)."""

    pegging: Array  # [pone points, dealer points]
    pone_hand: Array
    dealer_show: Array
    deals: int
    crib_mean: float = 4.8

    def to_json(self) -> dict[str, Any]:
        return {"deals": self.deals, "pegging": self.pegging.astype(int).tolist(),
                "pone_hand": self.pone_hand.astype(int).tolist(),
                "dealer_show": self.dealer_show.astype(int).tolist(), "crib_mean": round(self.crib_mean, 4)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> DealPoints:
        return DealPoints(np.asarray(data["pegging"], dtype=np.float64),
                          np.asarray(data["pone_hand"], dtype=np.float64),
                          np.asarray(data["dealer_show"], dtype=np.float64), int(data["deals"]),
                          float(data.get("crib_mean", 4.8)))


def collect_deal_points(deals: Sequence[list[dict[str, Any]]]) -> DealPoints:
    """Histograms from complete two-player deals as :class:`pegboard.sim.GameSummary` records them."""
    pegging = np.zeros((40, 40))
    pone_hand = np.zeros(30)
    dealer_show = np.zeros(60)
    cribs = 0
    for deal in deals:
        dealer = next(seat for seat in deal if seat["role"] == 0)
        pone = next(seat for seat in deal if seat["role"] == 1)
        pegging[min(pone["pegging"], 39), min(dealer["pegging"] + dealer["heels"], 39)] += 1
        pone_hand[pone["hand"]] += 1
        dealer_show[min(dealer["hand"] + dealer["crib"], 59)] += 1
        cribs += dealer["crib"]
    return DealPoints(pegging, pone_hand, dealer_show, len(deals), cribs / max(1, len(deals)))


def solve_board(points: DealPoints, target: int = 121) -> Array:
    """``table[d, a, b]``: the chance that a player who needs ``a`` points wins against one who needs
    ``b`` (both 1..target), when the player deals the next deal (d = 1) or is its pone (d = 0): the
    ``win`` objective's table (:func:`pegboard.bots.boarddp.solve_table`), unrounded."""
    return solve_table(points, np.ones(target), np.zeros(target), target)


@cache
def shipped_points() -> DealPoints:
    """The shipped per-deal point histograms (expert self-play, ``pegboard/data/board.json``)."""
    data = json.loads(BOARD_FILE.read_text())
    return DealPoints.from_json(data["deal_points"])


@cache
def fresh_game_outcomes(skunk: int | None = SKUNK, double_skunk: int | None = DOUBLE_SKUNK,
                        target: int = TARGET) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The chances of each outcome (:data:`pegboard.objectives.OUTCOMES`) of a game from 0-0, when
    the other side (index 0) or I (index 1) deal first: what a match's objective is built from.

    >>> outcomes = fresh_game_outcomes()
    >>> round(sum(outcomes[1][:3]), 4) == round(BoardTable.load().value(121, 121, dealing=True), 4)
    True
    """
    points = shipped_points()
    marks = np.array([mark_of(score, skunk, double_skunk) for score in range(target)])
    mine = []  # my chance of winning with each mark, as pone (0) and as dealer (1)
    for mark in range(3):
        table = solve_table(points, (marks == mark).astype(np.float64), np.zeros(target), target)
        mine.append((float(table[0, target, target]), float(table[1, target, target])))
    # Their chance of winning with a mark when I deal is mine when they deal: the model is the same
    # for both sides.
    return (tuple(mine[mark][0] for mark in range(3)) + tuple(mine[mark][1] for mark in range(3)),
            tuple(mine[mark][1] for mark in range(3)) + tuple(mine[mark][0] for mark in range(3)))


class BoardTable:
    """The expected value of an objective (:mod:`pegboard.objectives`; the chance of winning by
    default) from every pair of needs at the start of a deal, two players, 121 points. Built at load
    time from the shipped histograms (:func:`pegboard.bots.boarddp.solve_table`, rounded to five
    decimals), once per process and objective.

    >>> from pegboard.objectives import GAME_POINTS
    >>> table = BoardTable.for_objective(GAME_POINTS)
    >>> table.value(121, 121, dealing=True) > 0 > table.value(121, 121, dealing=False)
    True
    >>> table.won_value(40), table.won_value(20), table.lost_value(70)  # they end on 81, on 101; I on 51
    (3.0, 2.0, -4.0)
    """

    def __init__(self, table: Array, target: int, deal_points: DealPoints | None = None, *,
                 objective: Objective = WIN, won: Array | None = None, lost: Array | None = None) -> None:
        self.table = table
        self.target = target
        self.deal_points = deal_points
        self.objective = objective
        self.won = np.ones(target) if won is None else won
        self.lost = np.zeros(target) if lost is None else lost
        self.low, self.high = objective.bounds(target)
        self.pays_alike = bool(np.all(self.won == self.won[0]) and np.all(self.lost == self.lost[0]))
        """Whether every win pays alike and every loss (``win``: 1 and 0), whatever the loser's score."""
        self.win_pays, self.loss_pays = float(self.won[0]), float(self.lost[0])  # then what they pay
        self.chance_scale = (self.low, self.high) == (0.0, 1.0)
        """Whether values are chances (``win``, ``match``): :meth:`utility` is WIN x (2 x value - 1)."""
        self._rows: list[list[list[float]]] = table.tolist()  # plain floats: quicker to read one at a time
        self._won: list[float] = self.won.tolist()
        self._lost: list[float] = self.lost.tolist()

    @staticmethod
    def load() -> BoardTable:
        """The table of the ``win`` objective: the chance of winning."""
        return BoardTable.for_objective(WIN)

    @staticmethod
    @cache
    def for_objective(objective: Objective = WIN, skunk: int | None = SKUNK,
                      double_skunk: int | None = DOUBLE_SKUNK) -> BoardTable:
        """The table of ``objective`` (with these skunk lines: ruling 15's by default)."""
        points = shipped_points()
        outcomes = fresh_game_outcomes(skunk, double_skunk) if objective.needs_outcomes else None
        won, lost = objective.payoffs(TARGET, skunk, double_skunk, outcomes=outcomes)
        table = np.round(solve_table(points, won, lost, TARGET), 5)
        return BoardTable(table, TARGET, points, objective=objective, won=won, lost=lost)

    @staticmethod
    def for_rules(rules: Rules, objective: Objective = WIN) -> BoardTable | None:
        """The table for a game with these rules, or None unless it is a two-player game to 121 (the
        histograms' game)."""
        if rules.players != 2 or rules.target != TARGET or rules.family != "cribbage":
            return None
        return BoardTable.for_objective(objective, rules.skunk, rules.double_skunk)

    def value(self, my_need: int, their_need: int, *, dealing: bool) -> float:
        """My expected value when I need ``my_need`` more points and they need ``their_need``, at the
        start of a deal that I deal (or am pone of). Needs scale to the table's target."""
        if my_need <= 0:
            return self.won_value(their_need)
        if their_need <= 0:
            return self.lost_value(my_need)
        top = self.target
        return self._rows[dealing][min(my_need, top)][min(their_need, top)]

    def win_probability(self, my_need: int, their_need: int, *, dealing: bool) -> float:
        """:meth:`value`, by its old name: the chance of winning for the ``win`` objective's table."""
        return self.value(my_need, their_need, dealing=dealing)

    def won_value(self, their_need: int) -> float:
        """What my win is worth when they still need ``their_need`` (their final score: the target less it)."""
        if self.pays_alike:
            return self.win_pays
        return self._won[min(max(self.target - their_need, 0), self.target - 1)]

    def lost_value(self, my_need: int) -> float:
        """What their win is worth to me when I still need ``my_need``."""
        if self.pays_alike:
            return self.loss_pays
        return self._lost[min(max(self.target - my_need, 0), self.target - 1)]

    def utility(self, value: float) -> float:
        """``value`` on the pegging search's scale, -:data:`pegboard.bots.solver.WIN` (the least the
        objective pays) to +WIN (the most): for ``win``, WIN x (2 x chance - 1)."""
        if self.chance_scale:
            return WIN_UTILITY * (2 * value - 1)
        return WIN_UTILITY * (2 * (value - self.low) / (self.high - self.low) - 1)


def generate(games: int, seed: int, backend: Backend | None = None) -> dict[str, Any]:
    """Expert self-play deals -> histograms (games in seeded batches on ``backend``), as the shipped
    file holds them; the expert plays with the tables of the histograms shipped now."""
    from pegboard.sim.match import MatchConfig, play_batch
    from pegboard.sim.runner import batches

    backend = backend or LocalBackend(1)
    config = MatchConfig("cribbage", ("expert", "expert"), games, seed)
    summaries = []
    for done in backend.map_unordered(play_batch, [(config, a, b) for a, b in batches(games)]):
        summaries.extend(done)
    deals = [deal for summary in sorted(summaries, key=lambda s: s.index) for deal in summary.deals]
    points = collect_deal_points(deals)
    started = time.perf_counter()
    solve_board(points)
    return {"target": TARGET, "games": games, "seed": seed, "deal_points": points.to_json(),
            "solve_seconds": round(time.perf_counter() - started, 3)}


def clear_caches() -> None:
    """Forget the histograms and tables read so far (after the shipped file changes)."""
    shipped_points.cache_clear()
    fresh_game_outcomes.cache_clear()
    BoardTable.for_objective.cache_clear()


def iterate(games: int, seed: int, rounds: int, tolerance: float, make: Callable[[], Backend],
            output: Path = BOARD_FILE, report: Callable[[str], None] = print) -> list[float]:
    """Rebuild the histograms ``rounds`` times, each round's self-play with the tables of the round
    before (written to ``output``, which the expert reads: the shipped file), until the win table moves
    by less than ``tolerance`` anywhere. Returns each round's largest change. Each round's games run
    on a fresh ``make()`` backend: local worker processes start afresh and read the new file."""
    changes: list[float] = []
    before = np.round(solve_board(shipped_points()), 5) if output == BOARD_FILE else None
    for round_number in range(rounds):
        data = generate(games, seed + round_number, make())
        data["round"] = round_number + 1
        table = np.round(solve_board(DealPoints.from_json(data["deal_points"])), 5)
        change = float(np.abs(table - before).max()) if before is not None else float("nan")
        changes.append(change)
        data["change"] = None if change != change else round(change, 5)
        output.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        clear_caches()
        report(f"round {round_number + 1}: {data['deal_points']['deals']} deals, first dealer wins "
               f"{100 * table[1, TARGET, TARGET]:.2f}%, largest change {change:.5f}; wrote {output}")
        before = table
        if change < tolerance:
            break
    return changes


def play_from(dealer_score: int, pone_score: int, seeds: Sequence[int]) -> int:
    """Expert against expert from the given scores, seat 0 dealing first: how many seat 0 wins."""
    from pegboard.bots import make_bot
    from pegboard.engine import new_game

    wins = 0
    for seed in seeds:
        game = new_game("cribbage", seed=seed, first_dealer=0, start_scores=[dealer_score, pone_score])
        bots = [make_bot("expert", game.rules, seat, seed * 2 + seat) for seat in range(2)]
        while not game.finished:
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                game.apply(legal[0] if len(legal) == 1 else bots[seat].choose(game.view(seat)))
        wins += game.winner_side == 0
    return wins


def validate(positions: Sequence[tuple[int, int]], games_each: int, seed: int = 7,
             backend: Backend | None = None) -> list[dict[str, Any]]:
    """Simulated win rates of the player about to deal from each (dealer score, pone score), against
    the table: the check that the table's deal model is good enough."""
    backend = backend or LocalBackend(1)
    table = BoardTable.load()
    chunk = 25
    tasks = [(dealer, pone, tuple(range(seed * 10**6 + i * 1000 + start, seed * 10**6 + i * 1000
                                        + min(start + chunk, games_each))))
             for i, (dealer, pone) in enumerate(positions) for start in range(0, games_each, chunk)]
    wins: dict[tuple[int, int], int] = {}
    for (dealer, pone, _), won in zip(tasks, map_ordered(backend, play_from, tasks)):
        wins[(dealer, pone)] = wins.get((dealer, pone), 0) + won
    from pegboard.sim.stats import wilson_interval

    return [{"dealer": dealer, "pone": pone,
             "table": round(table.win_probability(121 - dealer, 121 - pone, dealing=True), 4),
             "simulated": round(wins[(dealer, pone)] / games_each, 4),
             "ci95": [round(x, 4) for x in wilson_interval(wins[(dealer, pone)], games_each)]}
            for dealer, pone in positions]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rebuild (or check) the board's per-deal point histograms, "
                                                 "from which every objective's table is solved.")
    parser.add_argument("--games", type=int, default=3000, help="expert self-play games for the deal points")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=1,
                        help="rebuild this many times at most, each round played with the last round's tables")
    parser.add_argument("--tolerance", type=float, default=0.005,
                        help="stop once the win table moves by less than this anywhere")
    add_backend_arguments(parser, jobs=2)
    parser.add_argument("--validate", type=int, default=0, metavar="GAMES",
                        help="instead: simulate GAMES games from a few positions and compare with the table")
    parser.add_argument("--output", type=Path, default=BOARD_FILE)
    args = parser.parse_args(argv)
    if args.validate:
        positions = [(0, 0), (60, 60), (90, 100), (100, 90), (105, 115), (115, 105), (80, 110), (110, 80)]
        for row in validate(positions, args.validate, backend=backend_from_arguments(args)):
            print(row)
        return 0
    if args.rounds > 1 and (args.backend != "local" or args.output.resolve() != BOARD_FILE):
        parser.error("--rounds above 1 rebuild the shipped file with --backend local (the expert reads that file)")
    iterate(args.games, args.seed, args.rounds, args.tolerance, lambda: backend_from_arguments(args), args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
