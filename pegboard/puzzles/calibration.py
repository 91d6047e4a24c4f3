"""How well puzzle ratings predict solve rates, on simulated solvers of known strength.

Two kinds of solver try the puzzles, each rated by Glicko-2 from 1500 as a player would be, the puzzle
chosen near its rating as :class:`~pegboard.puzzles.trainer.Trainer` chooses:

* **softmax solvers** (:data:`~pegboard.puzzles.rating.LADDER`): pick an option with probability from a
  softmax of the options' values at a temperature (the model the first puzzle ratings are fitted to);
* **bots** (greedy, hoyle, classic, expert): pick what the bot plays from the position (a test outside
  that model).

Every attempt's expected score (from the two ratings before it) is set against its outcome: the mean
expected and observed solve rate per bucket of expected score, and the Brier score, beside the Brier
score of always predicting the overall solve rate.

>>> import random
>>> from pegboard.puzzles.puzzle import Puzzle
>>> bank = [Puzzle(f"p{i}", "play", "cribbage", "pos", "play 5H", (("play 5H", 1.0), ("play 9C", 1.0 - i / 10)),
...                "t", 1000 + 50 * i, 0.1, "") for i in range(10)]
>>> figures = softmax_calibration(bank, random.Random(1), attempts=40)
>>> 0 <= figures["brier"] <= 1, len(figures["buckets"]) > 0
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from pegboard.puzzles.puzzle import Puzzle
from pegboard.puzzles.rating import LADDER, PUZZLE_DEVIATION, START, VALUE_SCALE, Rating, attempt, expected

__all__ = ["softmax_calibration", "bot_calibration", "summarise", "softmax_pick"]

Solver = Callable[[Puzzle, random.Random], str | None]


def softmax_pick(puzzle: Puzzle, temperature: float, rng: random.Random) -> str:
    """The option a softmax solver at ``temperature`` picks."""
    scale = VALUE_SCALE.get(puzzle.measure, 1.0) * temperature
    top = max(value for _, value in puzzle.options)
    weights = [math.exp((value - top) / scale) for _, value in puzzle.options]
    return rng.choices([choice for choice, _ in puzzle.options], weights)[0]


def _run(bank: Sequence[Puzzle], solvers: dict[str, Solver], rng: random.Random, attempts: int,
         warm_up: int) -> tuple[list[tuple[float, bool]], dict[str, dict[str, float]]]:
    """Each solver tries ``attempts`` puzzles chosen near its rating; returns (expected, solved) of every
    attempt after the first ``warm_up`` of each solver, and each solver's rating and solve rate."""
    ratings = {puzzle.id: Rating(puzzle.rating, PUZZLE_DEVIATION, 0.06, 1) for puzzle in bank}
    results: list[tuple[float, bool]] = []
    figures: dict[str, dict[str, float]] = {}
    for name, solve in solvers.items():
        player = START
        solved_count = tried = 0
        recent: list[str] = []
        for turn in range(attempts if bank else 0):
            fresh = [p for p in bank if p.id not in recent] or list(bank)
            pool = sorted(fresh, key=lambda p: (abs(ratings[p.id].rating - player.rating), p.id))[:12]
            puzzle = rng.choice(pool)
            recent = (recent + [puzzle.id])[-30:]
            choice = solve(puzzle, rng)
            if choice is None:
                continue
            right = choice == puzzle.answer
            chance = expected(player.rating, ratings[puzzle.id].rating)
            if turn >= warm_up:
                results.append((chance, right))
            player, ratings[puzzle.id] = attempt(player, ratings[puzzle.id], right)
            tried += 1
            solved_count += right
        figures[name] = {"rating": round(player.rating), "deviation": round(player.deviation),
                         "solved": round(solved_count / max(1, tried), 3), "attempts": tried}
    return results, figures


def summarise(results: Sequence[tuple[float, bool]], edges: Sequence[float] = (0.2, 0.4, 0.6, 0.8)
              ) -> dict[str, Any]:
    """Buckets of expected score (mean expected, observed, attempts), the Brier score and the baseline's.

    >>> summarise([(0.9, True), (0.1, False)])["brier"]
    0.01
    """
    if not results:
        return {"buckets": [], "brier": None, "baseline": None, "attempts": 0}
    bounds = [0.0, *edges, 1.0001]
    buckets = []
    for low, high in zip(bounds, bounds[1:]):
        inside = [(p, y) for p, y in results if low <= p < high]
        if inside:
            buckets.append({"expected": f"{low:.1f}-{min(high, 1.0):.1f}",
                            "mean_expected": round(sum(p for p, _ in inside) / len(inside), 3),
                            "observed": round(sum(y for _, y in inside) / len(inside), 3), "attempts": len(inside)})
    rate = sum(y for _, y in results) / len(results)
    brier = sum((p - y) ** 2 for p, y in results) / len(results)
    baseline = sum((rate - y) ** 2 for _, y in results) / len(results)
    return {"buckets": buckets, "brier": round(brier, 4), "baseline": round(baseline, 4), "attempts": len(results),
            "solve_rate": round(rate, 3)}


def softmax_calibration(bank: Sequence[Puzzle], rng: random.Random, attempts: int = 300, warm_up: int = 30
                        ) -> dict[str, Any]:
    """Calibration on the ladder's softmax solvers (module docstring)."""
    def solver(temperature: float) -> Solver:
        def solve(puzzle: Puzzle, rng: random.Random) -> str | None:
            return softmax_pick(puzzle, temperature, rng)
        return solve

    solvers = {f"T={temperature:.2f} (ladder {rating:.0f})": solver(temperature) for rating, temperature in LADDER}
    results, figures = _run(bank, solvers, rng, attempts, min(warm_up, attempts // 2))
    return summarise(results) | {"solvers": figures}


def bot_calibration(bank: Sequence[Puzzle], rng: random.Random, bots: Sequence[str] = ("greedy", "hoyle", "classic",
                                                                                          "expert"),
                    attempts: int = 150, warm_up: int = 20) -> dict[str, Any]:
    """Calibration on the bots (module docstring): each plays its choice from the puzzle's position."""
    from pegboard.bots import make_bot
    from pegboard.errors import PegboardError
    from pegboard.puzzles.positions import load_position

    def solver(name: str) -> Solver:
        def solve(puzzle: Puzzle, rng: random.Random) -> str | None:
            game, seat = load_position(puzzle.position, random.Random(0))
            try:
                bot = make_bot(name, game.rules, seat, rng.getrandbits(32))
                action = bot.choose(game.view(seat))
                return puzzle.resolve(action.text())
            except PegboardError:
                return None
        return solve

    results, figures = _run(bank, {name: solver(name) for name in bots}, rng, attempts, min(warm_up, attempts // 2))
    return summarise(results) | {"solvers": figures}
