"""The accuracy figure: one number per player per game, from 0 to 100, for how little they lost.

    accuracy = 100 * exp(-points lost per decision / SCALE)

rounded to one decimal place, where *points lost per decision* is the expected points the player's
choices lost (each decision's ``loss``, see docs/review.md) summed over the game and divided by how
many real decisions they made (a move that was forced, or whose choices are all alike, is no
decision). 100 means no measurable loss at all. The scale is fixed (:data:`SCALE`), so a figure means
the same in every game and every version: losing a tenth of a point per decision gives 81.9, a
quarter of a point 60.7, half a point 36.8, a point 13.5.

>>> accuracy(0.0, 40), accuracy(4.0, 40), accuracy(10.0, 40), accuracy(0.0, 0)
(100.0, 81.9, 60.7, 100.0)
"""

from __future__ import annotations

import math

__all__ = ["SCALE", "accuracy"]

SCALE = 0.5
"""Points lost per decision that bring accuracy down by a factor e (to 36.8). Fixed: changing it
would change every figure ever reported."""


def accuracy(points_lost: float, decisions: int) -> float:
    """The accuracy of a player who lost ``points_lost`` expected points over ``decisions`` decisions."""
    if decisions <= 0:
        return 100.0
    if points_lost < 0:
        raise ValueError(f"points lost {points_lost}: expected 0 or more")
    return round(100.0 * math.exp(-points_lost / decisions / SCALE), 1)
