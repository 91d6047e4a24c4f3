"""The chance to win, from the board tables (:mod:`pegboard.bots.board`), for the games they cover.

A table holds the chance that a player who needs ``a`` more points beats one who needs ``b``, at the
start of a deal they deal or are the pone of: ``board.json`` for two-player cribbage to 121,
``board-five-card.json`` for five-card cribbage to 61 (built the same way, ``python -m
pegboard.tables.board --game five-card``); the expert plays by both (:meth:`BoardTable.for_rules`).
The analysis reads it at the start of every deal (the line on the review's chart), for every discard,
and for the worth of one point at a given score (what a point lost in the play costs in the chance to
win).

>>> from pegboard.rules import Rules
>>> model = WinModel.for_rules(Rules.preset("cribbage"))
>>> round(model.chance(my_score=0, their_score=0, dealing=True), 2)
0.56
>>> WinModel.for_rules(Rules.preset("cribbage-3")) is None
True
>>> five = WinModel.for_rules(Rules.preset("five-card"))
>>> five.target, 0.4 < five.chance(my_score=0, their_score=3, dealing=True) < 0.5
(61, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from pegboard.bots.board import TARGET, BoardTable
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
        games, a target no table was built for)."""
        game = BoardTable.game_of(rules)
        if game is None or rules.partners or (rules.target == TARGET and (rules.deal_size != 6 or
                                                                            rules.single_series)):
            return None  # the six-card table to 121 fits neither fewer cards nor a single series; the
            # analysis reckons a deal for two players (partners' table is the expert's alone)
        try:
            table = BoardTable.for_rules(rules)
        except (FileNotFoundError, ValueError):  # pragma: no cover - the table ships with the package
            return None
        return None if table is None or rules.target is None else WinModel(table, rules.target)

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
        return self.table.point_worth(self.target - my_score, self.target - their_score, dealing=dealing)
