"""Players and puzzles rated with Glicko-2 (the ``glicko2`` package, as the web server's player ratings):
solving a puzzle is a win against it, missing it a loss; every attempt is its own rating period.

A puzzle's first rating comes from its difficulty: the simulated solvers of :data:`LADDER` (each picks
an option with probability from a softmax of the options' values at its temperature, :func:`solve_chance`)
try it, and its rating is the one whose Glicko expected score best fits their chances of solving it.

>>> after, puzzle = attempt(START, Rating(1500.0, 80.0, 0.06, 10), solved=True)
>>> after.rating > 1500 > puzzle.rating
True
>>> round(expected(1500, 1500), 2), round(expected(1900, 1500), 2)
(0.5, 0.91)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Rating", "START", "PUZZLE_DEVIATION", "TAU", "LADDER", "attempt", "expected", "solve_chance",
           "initial_rating", "VALUE_SCALE"]

TAU = 0.5
"""Glicko-2's system constant (the web server's ratings use the same)."""
PUZZLE_DEVIATION = 80.0
"""A mined puzzle's first deviation: its rating comes from the simulated solvers, so it starts surer than a
new player (lichess starts puzzles near 80 too)."""
LADDER: tuple[tuple[float, float], ...] = tuple((700.0 + 200.0 * k, 4.0 * 0.55 ** k) for k in range(9))
"""The simulated solvers: (rating, softmax temperature in points), from 700 (temperature 4: nearly
random among close options) to 2300 (temperature 0.03: nearly always the best)."""
VALUE_SCALE = {"points": 1.0, "win": 0.05}
"""What one unit of a solver's temperature is in each measure: a point, or five percentage points of the
chance to win (about what a point is worth near the end)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: its value, deviation, volatility and the attempts behind it."""

    rating: float
    deviation: float
    volatility: float = 0.06
    games: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"rating": round(self.rating, 2), "deviation": round(self.deviation, 2),
                "volatility": round(self.volatility, 6), "games": self.games}

    @staticmethod
    def from_json(data: Any) -> Rating:
        """A rating from :meth:`to_json`'s object; ValueError unless its numbers are in range (a forged
        state must not reach the Glicko maths: NaN, an infinite or zero deviation).

        >>> Rating.from_json({"rating": 1500, "deviation": 0})
        Traceback (most recent call last):
        ...
        ValueError: rating: expected a rating within ±10000, a deviation in (0, 1000] and a volatility in (0, 1]
        """
        rating = Rating(float(data["rating"]), float(data["deviation"]), float(data.get("volatility", 0.06)),
                        int(data.get("games", 0)))
        if not (abs(rating.rating) <= 10_000 and 0 < rating.deviation <= 1000 and 0 < rating.volatility <= 1):
            raise ValueError("rating: expected a rating within ±10000, a deviation in (0, 1000] and a volatility "
                             "in (0, 1]")
        return rating


START = Rating(1500.0, 350.0, 0.06, 0)
"""A new player's rating."""


def _glicko(player: Rating, opponent: Rating, score: float) -> Rating:
    import glicko2

    rated = glicko2.Player(rating=player.rating, rd=player.deviation, vol=player.volatility)
    rated._tau = TAU
    rated.update_player([opponent.rating], [opponent.deviation], [score])
    return Rating(rated.getRating(), max(30.0, rated.getRd()), rated.vol, player.games + 1)


def attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after ``player`` tried ``puzzle``: solving it is a win against it."""
    score = 1.0 if solved else 0.0
    return _glicko(player, puzzle, score), _glicko(puzzle, player, 1.0 - score)


def expected(player: float, puzzle: float) -> float:
    """The chance a player of rating ``player`` solves a puzzle of rating ``puzzle`` (the logistic curve
    of Elo and Glicko, deviations aside)."""
    return 1.0 / (1.0 + 10 ** (-(player - puzzle) / 400.0))


def solve_chance(values: Sequence[float], temperature: float, measure: str = "points") -> float:
    """The chance a softmax solver at ``temperature`` picks the first (best) of options worth ``values``.

    >>> round(solve_chance([2.0, 1.0], 1.0), 3), round(solve_chance([2.0, 1.0], 0.05), 3)
    (0.731, 1.0)
    """
    scale = VALUE_SCALE.get(measure, 1.0) * temperature
    top = max(values)
    weights = [math.exp((value - top) / scale) for value in values]
    return weights[0] / sum(weights)


def initial_rating(values: Sequence[float], measure: str = "points") -> tuple[float, float]:
    """A puzzle's first rating from its options' ``values`` (best first), and the share of the ladder's
    solvers (weighted alike) who miss it: the rating whose expected scores best fit the solvers' chances.

    >>> easy, hard = initial_rating([5.0, 0.0]), initial_rating([1.0, 0.9, 0.85, 0.8])
    >>> easy[0] < hard[0], easy[1] < hard[1]
    (True, True)
    """
    chances = [solve_chance(values, temperature, measure) for _, temperature in LADDER]
    best, error = 1500.0, math.inf
    for step in range(0, 561):
        guess = 200.0 + 5.0 * step
        total = sum((chance - expected(rating, guess)) ** 2 for (rating, _), chance in zip(LADDER, chances))
        if total < error:
            best, error = guess, total
    return best, 1.0 - sum(chances) / len(chances)
