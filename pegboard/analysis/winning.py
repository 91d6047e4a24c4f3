"""The chance to win, from the board table (:mod:`pegboard.bots.board`), for the games it covers.

The table holds, for two-player cribbage to 121, the chance that a player who needs ``a`` more
points beats one who needs ``b``, at the start of a deal they deal or are the pone of. The analysis
reads it at the start of every deal (the line on the review's chart) and for the worth of one point
at a given score (what a point lost in the play costs in the chance to win).

>>> from pegboard.rules import Rules
>>> model = WinModel.for_rules(Rules.preset("cribbage"))
>>> round(model.chance(my_score=0, their_score=0, dealing=True), 2)
0.56
>>> WinModel.for_rules(Rules.preset("cribbage-3")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from pegboard.bots.board import BoardTable
from pegboard.rules import Rules

__all__ = ["WinModel"]


@dataclass(frozen=True)
class WinModel:
    """The board table for one game's target."""

    table: BoardTable
    target: int

    @staticmethod
    def for_rules(rules: Rules) -> WinModel | None:
        """The model for ``rules``, or None where no table applies (three or four players, the grid
        games, a target the table was not built for)."""
        if rules.family != "cribbage" or rules.players != 2 or rules.target is None:
            return None
        try:
            table = BoardTable.load()
        except (FileNotFoundError, ValueError):  # pragma: no cover - the table ships with the package
            return None
        if table.target != rules.target or rules.deal_size != 6:
            return None
        return WinModel(table, rules.target)

    def chance(self, *, my_score: int, their_score: int, dealing: bool) -> float:
        """My chance to win from these scores, at the start of a deal I deal (or am the pone of)."""
        return self.table.win_probability(self.target - my_score, self.target - their_score, dealing=dealing)

    def point_worth(self, *, my_score: int, their_score: int, dealing: bool) -> float:
        """What one point more for me (or one fewer for them) is worth in my chance to win, at these
        scores: half the table's step between my scoring a point and their scoring one.

        >>> from pegboard.rules import Rules
        >>> model = WinModel.for_rules(Rules.preset("cribbage"))
        >>> early = model.point_worth(my_score=0, their_score=0, dealing=True)
        >>> late = model.point_worth(my_score=110, their_score=112, dealing=True)
        >>> 0 < early < late
        True
        """
        ahead = self.chance(my_score=my_score + 1, their_score=their_score, dealing=dealing)
        behind = self.chance(my_score=my_score, their_score=their_score + 1, dealing=dealing)
        return max(0.0, (ahead - behind) / 2)
