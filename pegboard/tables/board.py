"""Build the win-probability table (:class:`pegboard.bots.board.BoardTable`): the chance of winning a
two-player game from any pair of scores. ``python -m pegboard.tables.board`` regenerates
``pegboard/data/board.json``.

A deal is modelled in counting order (ruling 14): the play pegs points for both sides (pegging
out during the play wins), then the pone counts, then the dealer's hand and crib. The per-deal
points come from the expert's own games (:func:`collect_deal_points`); given them, the win
probability of every position follows exactly by dynamic programming over both sides' remaining
needs (each deal scores at least the point for last, so the needs always fall).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.bots import make_bot
from pegboard.bots.board import BOARD_FILE, BoardTable, DealPoints
from pegboard.cluster.choice import add_backend_arguments, backend_from_arguments
from pegboard.engine import new_game
from pegboard.sim.backends import Backend, LocalBackend, map_ordered
from pegboard.sim.match import MatchConfig, play_batch
from pegboard.sim.runner import batches
from pegboard.sim.stats import wilson_interval

__all__ = ["collect_deal_points", "solve_board", "generate", "validate", "play_from", "main"]

Array = npt.NDArray[np.float64]


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
    ``b`` (both 1..target), when the player deals the next deal (d = 1) or is its pone (d = 0).

    Each counting step is a convolution of one side's need with that step's points, so a whole sweep
    over every position is a few hundred shifted-array sums; sweeps repeat until nothing changes
    (at most about 2 x target of them, since every deal lowers the needs).
    """
    peg = points.pegging / points.pegging.sum()
    pone = points.pone_hand / points.pone_hand.sum()
    show = points.dealer_show / points.dealer_show.sum()
    pad = max(peg.shape[0], len(pone), len(show)) + 1
    size = target + 1
    cells = [(p, d, peg[p, d]) for p in range(peg.shape[0]) for d in range(peg.shape[1]) if peg[p, d] > 0]
    win = np.full((2, size, size), 0.5)

    def extend(values: Array, low_row: float, low_col: float, both: float = 0.5) -> Array:
        """``values`` (needs 1..target) padded so that index i - pad is a need <= 0 (reached)."""
        out = np.empty((pad + size, pad + size))
        out[pad + 1:, pad + 1:] = values[1:, 1:]
        out[: pad + 1, pad + 1:] = low_row  # my need reached, theirs not
        out[pad + 1:, : pad + 1] = low_col  # their need reached, mine not
        out[: pad + 1, : pad + 1] = both
        return out

    rows = np.arange(1, size)
    for _ in range(3 * size):
        old = win.copy()
        for dealing in (1, 0):
            following = extend(win[1 - dealing], 1.0, 0.0)
            later = np.zeros((size, size))
            first = np.zeros((size, size))
            if dealing:  # they (pone) count, then I (dealer) count hand and crib
                for gained, chance in enumerate(show):  # my count: need x -> x - gained
                    if chance:
                        later[1:, 1:] += chance * following[pad + rows[:, None] - gained, pad + rows[None, :]]
                later_ext = extend(later, 1.0, 0.0)
                for gained, chance in enumerate(pone):  # their count first: need y -> y - gained
                    if chance:
                        first[1:, 1:] += chance * later_ext[pad + rows[:, None], pad + rows[None, :] - gained]
            else:  # I (pone) count, then they (dealer) count
                for gained, chance in enumerate(show):
                    if chance:
                        later[1:, 1:] += chance * following[pad + rows[:, None], pad + rows[None, :] - gained]
                later_ext = extend(later, 1.0, 0.0)
                for gained, chance in enumerate(pone):
                    if chance:
                        first[1:, 1:] += chance * later_ext[pad + rows[:, None] - gained, pad + rows[None, :]]
            first_ext = extend(first, 1.0, 0.0)
            new = np.zeros((size, size))
            for pone_peg, dealer_peg, chance in cells:  # the play: both sides peg
                mine, theirs = (dealer_peg, pone_peg) if dealing else (pone_peg, dealer_peg)
                new[1:, 1:] += chance * first_ext[pad + rows[:, None] - mine, pad + rows[None, :] - theirs]
            win[dealing] = new
        if np.abs(win - old).max() < 1e-13:
            break
    return win


def generate(games: int, seed: int, backend: Backend | None = None, game: str = "cribbage") -> dict[str, Any]:
    """Expert self-play deals -> histograms -> the table (games in seeded batches on ``backend``), for
    two-player cribbage to 121 or another two-player cribbage game (``five-card``: to 61)."""
    from pegboard.rules import Rules

    backend = backend or LocalBackend(1)
    target = Rules.preset(game).target or 121
    config = MatchConfig(game, ("expert", "expert"), games, seed)
    summaries = []
    for done in backend.map_unordered(play_batch, [(config, a, b) for a, b in batches(games)]):
        summaries.extend(done)
    deals = [deal for summary in sorted(summaries, key=lambda s: s.index) for deal in summary.deals]
    points = collect_deal_points(deals)
    started = time.perf_counter()
    table = solve_board(points, target)
    return {"target": target, "game": game, "games": games, "seed": seed, "deal_points": points.to_json(),
            "solve_seconds": round(time.perf_counter() - started, 2), "win": np.round(table, 5).tolist()}


def play_from(dealer_score: int, pone_score: int, seeds: Sequence[int]) -> int:
    """Expert against expert from the given scores, seat 0 dealing first: how many seat 0 wins."""
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
    return [{"dealer": dealer, "pone": pone,
             "table": round(table.win_probability(121 - dealer, 121 - pone, dealing=True), 4),
             "simulated": round(wins[(dealer, pone)] / games_each, 4),
             "ci95": [round(x, 4) for x in wilson_interval(wins[(dealer, pone)], games_each)]}
            for dealer, pone in positions]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build (or check) the two-player win-probability table.")
    parser.add_argument("--games", type=int, default=2000, help="expert self-play games for the deal points")
    parser.add_argument("--seed", type=int, default=2026)
    add_backend_arguments(parser, jobs=2)
    parser.add_argument("--validate", type=int, default=0, metavar="GAMES",
                        help="instead: simulate GAMES games from a few positions and compare with the table")
    parser.add_argument("--game", default="cribbage", help="the two-player game (cribbage, or five-card to 61)")
    parser.add_argument("--output", type=Path, default=None,
                        help=f"where to write it (default: {BOARD_FILE.name}, or board-GAME.json for another game)")
    args = parser.parse_args(argv)
    if args.output is None:
        args.output = BOARD_FILE if args.game == "cribbage" else BOARD_FILE.with_name(f"board-{args.game}.json")
    backend = backend_from_arguments(args)
    if args.validate:
        positions = [(0, 0), (60, 60), (90, 100), (100, 90), (105, 115), (115, 105), (80, 110), (110, 80)]
        for row in validate(positions, args.validate, backend=backend):
            print(row)
        return 0
    data = generate(args.games, args.seed, backend, args.game)
    args.output.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
