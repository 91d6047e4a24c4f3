"""Cribbage Square Solitaire scoring (ruling 27): the 4 rows and 4 columns of the grid, each a
hand with the starter (hand flush rules), plus heels when the starter is a jack.

>>> from pegboard.cards import parse_cards
>>> grid = parse_cards("5C 5D 5H JS  AC 2C 3C 4D  6H 7H 8H 9H  TS QS KS 9S")
>>> result = score_square(grid, parse_cards("5S")[0])
>>> result.lines[0]
('row 1', 29)
>>> result.total
83
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pegboard.cards import Card
from pegboard.errors import HandSizeError
from pegboard.scoring.items import Score, ScoreItem
from pegboard.scoring.show import score_show

__all__ = ["SquareScore", "score_square", "line_cells", "LINE_NAMES"]

LINE_NAMES = ("row 1", "row 2", "row 3", "row 4", "column a", "column b", "column c", "column d")
"""The eight hands of the square, rows from the top, columns from the left."""
JACK = 11


def line_cells(line: int) -> tuple[int, ...]:
    """Grid cell indices (row-major, 0-15) of line 0-7 (rows 1-4, then columns a-d)."""
    return tuple(4 * line + col for col in range(4)) if line < 4 else tuple(4 * row + line - 4 for row in range(4))


@dataclass(frozen=True)
class SquareScore:
    """The itemised score of each of the eight hands, and the heels."""

    hands: tuple[Score, ...]
    heels: Score

    @property
    def total(self) -> int:
        return sum(hand.total for hand in self.hands) + self.heels.total

    @property
    def lines(self) -> tuple[tuple[str, int], ...]:
        return tuple(zip(LINE_NAMES, (hand.total for hand in self.hands)))


def score_square(
    grid: Sequence[Card], starter: Card, *, heels: Literal["per_hand", "once"] = "per_hand"
) -> SquareScore:
    """Score a full 4x4 grid (16 cards, row-major) with the starter (ruling 27)."""
    if len(grid) != 16:
        raise HandSizeError(f"a grid of {len(grid)} cards: expected 16")
    hands = []
    heels_items: list[ScoreItem] = []
    for line in range(8):
        hand = [grid[cell] for cell in line_cells(line)]
        score = score_show(hand, starter)
        if starter.rank == JACK and heels == "per_hand":
            score = Score((*score.items, ScoreItem("heels", (starter,), 2)))
        hands.append(score)
    if starter.rank == JACK and heels == "once":
        heels_items.append(ScoreItem("heels", (starter,), 2))
    return SquareScore(tuple(hands), Score(tuple(heels_items)))
