"""Build the board's per-deal point histograms (:class:`pegboard.bots.board.DealPoints`), from which
every objective's table (:class:`pegboard.bots.board.BoardTable`: the chance of winning, game points,
spread, a match) is solved at load time. ``python -m pegboard.tables.board`` rebuilds
``pegboard/data/board.json`` (``--rounds`` repeats it, each round's games played with the tables of
the round before, until they are stable; ``--game five-card`` builds ``board-five-card.json``).

A deal is modelled in counting order (ruling 14): the play pegs points for both sides (pegging
out during the play ends the game), then the pone counts, then the dealer's hand and crib. The per-deal
points come from the expert's own games (:func:`collect_deal_points`); given them, the value of every
position follows exactly by dynamic programming over both sides' remaining needs
(:func:`pegboard.bots.boarddp.solve_table`; each deal scores at least the point for last, so the needs
always fall).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.bots import make_bot
from pegboard.bots.board import BOARD_FILE, BoardTable, DealPoints, board_file, clear_caches
from pegboard.bots.boarddp import solve_table
from pegboard.cluster.choice import add_backend_arguments, backend_from_arguments
from pegboard.engine import new_game
from pegboard.engine.automation import only_move
from pegboard.rules import Rules
from pegboard.sim.backends import Backend, LocalBackend, map_ordered
from pegboard.sim.match import MatchConfig, play_batch
from pegboard.sim.runner import batches
from pegboard.sim.stats import wilson_interval

__all__ = ["collect_deal_points", "solve_board", "generate", "iterate", "validate", "play_from", "main"]

Array = npt.NDArray[np.float64]


def collect_deal_points(deals: Sequence[list[dict[str, Any]]]) -> DealPoints:
    """Histograms from complete deals as :class:`pegboard.sim.GameSummary` records them: two players,
    or partners (four seats, two sides: each side's pegging together, the four hands in counting order)."""
    pegging = np.zeros((40, 40))
    pone_hand = np.zeros(30)
    dealer_show = np.zeros(60)
    partner_hand, second_pone_hand = np.zeros(30), np.zeros(30)
    partners = False
    cribs = 0
    for deal in deals:
        by_role = {seat["role"]: seat for seat in deal}
        dealer, pone = by_role[0], by_role[1]
        pone_pegs, dealer_pegs = pone["pegging"], dealer["pegging"] + dealer["heels"]
        if len(by_role) == 4:  # partners: roles 0 and 2 are the dealer's side, 1 and 3 the pone's
            partners = True
            partner, second = by_role[2], by_role[3]
            pone_pegs += second["pegging"]
            dealer_pegs += partner["pegging"] + partner["heels"]
            partner_hand[partner["hand"]] += 1
            second_pone_hand[second["hand"]] += 1
        pegging[min(pone_pegs, 39), min(dealer_pegs, 39)] += 1
        pone_hand[pone["hand"]] += 1
        dealer_show[min(dealer["hand"] + dealer["crib"], 59)] += 1
        cribs += dealer["crib"]
    return DealPoints(pegging, pone_hand, dealer_show, len(deals), cribs / max(1, len(deals)),
                      partner_hand if partners else None, second_pone_hand if partners else None)


def solve_board(points: DealPoints, target: int = 121) -> Array:
    """``table[d, a, b]``: the chance that a player who needs ``a`` points wins against one who needs
    ``b`` (both 1..target), when the player deals the next deal (d = 1) or is its pone (d = 0): the
    ``win`` objective's table (:func:`pegboard.bots.boarddp.solve_table`), unrounded."""
    return solve_table(points, np.ones(target), np.zeros(target), target)


def generate(games: int, seed: int, backend: Backend | None = None, game: str = "cribbage") -> dict[str, Any]:
    """Expert self-play deals -> histograms (games in seeded batches on ``backend``), as the shipped
    file holds them, for two-player cribbage to 121 or another two-sided cribbage game (``five-card``:
    to 61; ``cribbage-4``: partners to 121); the expert plays with the tables of the histograms shipped now."""
    backend = backend or LocalBackend(1)
    target = Rules.preset(game).target or 121
    config = MatchConfig(game, ("expert", "expert"), games, seed)
    summaries = []
    for done in backend.map_unordered(play_batch, [(config, a, b) for a, b in batches(games)]):
        summaries.extend(done)
    deals = [deal for summary in sorted(summaries, key=lambda s: s.index) for deal in summary.deals]
    points = collect_deal_points(deals)
    started = time.perf_counter()
    solve_board(points, target)
    return {"target": target, "game": game, "games": games, "seed": seed, "deal_points": points.to_json(),
            "solve_seconds": round(time.perf_counter() - started, 3)}


def iterate(games: int, seed: int, rounds: int, tolerance: float, make: Callable[[], Backend],
            output: Path = BOARD_FILE, report: Callable[[str], None] = print, game: str = "cribbage") -> list[float]:
    """Rebuild the histograms ``rounds`` times, each round's self-play with the tables of the round
    before (written to ``output``, which the expert reads: the shipped file), until the win table moves
    by less than ``tolerance`` anywhere. Returns each round's largest change. Each round's games run
    on a fresh ``make()`` backend: local worker processes start afresh and read the new file."""
    changes: list[float] = []
    before = np.round(solve_board(DealPoints.from_json(json.loads(output.read_text())["deal_points"]),
                                  Rules.preset(game).target or 121), 5) if output.exists() else None
    for round_number in range(rounds):
        data = generate(games, seed + round_number, make(), game)
        data["round"] = round_number + 1
        target = int(data["target"])
        table = np.round(solve_board(DealPoints.from_json(data["deal_points"]), target), 5)
        change = float(np.abs(table - before).max()) if before is not None else float("nan")
        changes.append(change)
        data["change"] = None if change != change else round(change, 5)
        output.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        clear_caches()
        report(f"round {round_number + 1}: {data['deal_points']['deals']} deals, first dealer wins "
               f"{100 * table[1, target, target]:.2f}%, largest change {change:.5f}; wrote {output}")
        before = table
        if change < tolerance:
            break
    return changes


def play_from(dealer_score: int, pone_score: int, seeds: Sequence[int]) -> int:
    """Expert against expert from the given scores, seat 0 dealing first: how many seat 0 wins."""
    wins = 0
    for seed in seeds:
        game = new_game("cribbage", seed=seed, first_dealer=0, start_scores=[dealer_score, pone_score])
        bots = [make_bot("expert", game.rules, seat, seed * 2 + seat) for seat in range(2)]
        while not game.finished:
            for seat in game.to_act():
                move = only_move(game.legal_actions(seat))
                game.apply(move if move is not None else bots[seat].choose(game.view(seat)))
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
    parser.add_argument("--game", default="cribbage",
                        help="the two-sided game (cribbage, five-card to 61, or cribbage-4: partners to 121)")
    parser.add_argument("--output", type=Path, default=None,
                        help=f"where to write it (default: {BOARD_FILE.name}, or board-GAME.json for another game)")
    args = parser.parse_args(argv)
    if args.output is None:
        args.output = board_file(args.game)
    if args.validate:
        positions = [(0, 0), (60, 60), (90, 100), (100, 90), (105, 115), (115, 105), (80, 110), (110, 80)]
        for row in validate(positions, args.validate, backend=backend_from_arguments(args)):
            print(row)
        return 0
    shipped = board_file(args.game)
    if args.rounds > 1 and (args.backend != "local" or args.output.resolve() != shipped):
        parser.error("--rounds above 1 rebuild the shipped file with --backend local (the expert reads that file)")
    iterate(args.games, args.seed, args.rounds, args.tolerance, lambda: backend_from_arguments(args), args.output,
            game=args.game)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
