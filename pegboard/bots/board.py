"""The board: what a two-player game is worth from any pair of scores, for any objective.

The expected value of every objective (:mod:`pegboard.objectives`: the chance of winning, game points,
spread, a match) at every position, two players to 121, follows exactly by dynamic programming
(:mod:`pegboard.bots.boarddp`) from per-deal point histograms of the expert's own games. Only the
histograms ship (``pegboard/data/board.json``, a few kB; built offline by :mod:`pegboard.tables.board`,
``python -m pegboard.tables.board``); each objective's table is solved when first asked for, in about
0.02 s.

>>> table = BoardTable.load()
>>> 0.5 < table.win_probability(10, 60, dealing=True) <= 1.0
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from pegboard.bots.boarddp import DealPoints, solve_table
from pegboard.bots.solver import WIN as WIN_UTILITY
from pegboard.objectives import WIN, Objective, mark_of

if TYPE_CHECKING:
    from pegboard.rules import Rules

__all__ = ["BoardTable", "DealPoints", "BOARD_FILE", "shipped_points", "five_card_points", "partners_points",
           "fresh_game_outcomes",
           "TARGET", "FIVE_CARD_TARGET", "SKUNK", "DOUBLE_SKUNK", "clear_caches", "board_file"]

BOARD_FILE = Path(__file__).resolve().parent.parent / "data" / "board.json"
Array = npt.NDArray[np.float64]
TARGET = 121
"""The game the histograms come from: two players to 121."""
FIVE_CARD_TARGET = 61
"""Five-card cribbage's target, the game of its own histograms (``board-five-card.json``)."""
SKUNK, DOUBLE_SKUNK = 90, 60
"""Ruling 15's skunk lines at 121."""


@cache
def shipped_points() -> DealPoints:
    """The shipped per-deal point histograms (expert self-play, ``pegboard/data/board.json``)."""
    data = json.loads(BOARD_FILE.read_text())
    return DealPoints.from_json(data["deal_points"])


@cache
def five_card_points() -> DealPoints:
    """The shipped five-card histograms (to 61, ``pegboard/data/board-five-card.json``)."""
    data = json.loads(BOARD_FILE.with_name("board-five-card.json").read_text())
    return DealPoints.from_json(data["deal_points"])


@cache
def partners_points() -> DealPoints:
    """The shipped partners histograms (four players in two sides, to 121: ``board-cribbage-4.json``;
    each side's pegging together, the four hands in counting order)."""
    data = json.loads(BOARD_FILE.with_name("board-cribbage-4.json").read_text())
    return DealPoints.from_json(data["deal_points"])


@cache
def fresh_game_outcomes(skunk: int | None = SKUNK, double_skunk: int | None = DOUBLE_SKUNK,
                        target: int = TARGET) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The chances of each outcome (:data:`pegboard.objectives.OUTCOMES`) of a game from 0-0, when
    the other side (index 0) or I (index 1) deal first: what a match's objective is built from.

    ``target``: the game (121, or five-card's 61: its own histograms).

    >>> outcomes = fresh_game_outcomes()
    >>> round(sum(outcomes[1][:3]), 4) == round(BoardTable.load().value(121, 121, dealing=True), 4)
    True
    >>> five = fresh_game_outcomes(30, None, FIVE_CARD_TARGET)
    >>> five[1][2], round(sum(five[1]), 6)  # no double skunk at five-card; every game ends
    (0.0, 1.0)
    """
    points = {TARGET: shipped_points, FIVE_CARD_TARGET: five_card_points}[target]()  # the game's own histograms
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
        outcomes = fresh_game_outcomes(skunk, double_skunk) if objective.needs_outcomes else None
        return BoardTable.solved(shipped_points(), TARGET, objective, skunk, double_skunk, outcomes=outcomes)

    @staticmethod
    def solved(points: DealPoints, target: int, objective: Objective = WIN, skunk: int | None = None,
               double_skunk: int | None = None, *, outcomes: tuple[tuple[float, ...], tuple[float, ...]] | None = None
               ) -> BoardTable:
        """The table of ``objective`` solved from any game's histograms (the five-card table to 61 too),
        rounded to five decimals as shipped tables were."""
        won, lost = objective.payoffs(target, skunk, double_skunk, outcomes=outcomes)
        table = np.round(solve_table(points, won, lost, target), 5)
        return BoardTable(table, target, points, objective=objective, won=won, lost=lost)

    @staticmethod
    def for_rules(rules: Rules, objective: Objective = WIN) -> BoardTable | None:
        """The table for a game with these rules: two-player cribbage to 121 (the histograms' game), or
        five-card cribbage to 61 (from its own histograms, ``board-five-card.json``); else None.

        >>> from pegboard.rules import Rules
        >>> five = BoardTable.for_rules(Rules.preset("five-card"))
        >>> five.target, 0.4 < five.value(61, 58, dealing=True) < 0.5
        (61, True)
        """
        game = BoardTable.game_of(rules)
        if game is None:
            return None
        load = _BOARD_LOADERS.get(game, BoardTable.for_objective)
        return load(objective, rules.skunk, rules.double_skunk)

    @staticmethod
    def game_of(rules: Rules) -> str | None:
        """Which histograms model a game with these rules, without solving anything: ``cribbage``
        (two players to 121), ``five-card`` (five-card to 61), ``cribbage-4`` (partners to 121), or
        None (no board model).

        >>> from pegboard.rules import Rules
        >>> names = ("cribbage", "five-card", "cribbage-4", "cribbage-4-solo", "cribbage-3")
        >>> [BoardTable.game_of(Rules.preset(name)) for name in names]
        ['cribbage', 'five-card', 'cribbage-4', None, None]
        """
        if not rules.crib or rules.target is None or rules.sides != 2:
            return None
        if rules.players == 4:
            return "cribbage-4" if rules.target == TARGET and rules.deal_size == 5 else None
        if rules.players != 2:
            return None
        if rules.single_series and rules.deal_size == 5 and rules.target == FIVE_CARD_TARGET:
            return "five-card"  # one series of five-card hands to 61: the five-card histograms' game
        return "cribbage" if rules.target == TARGET else None

    @staticmethod
    @cache
    def for_five_card(objective: Objective = WIN, skunk: int | None = None, double_skunk: int | None = None
                      ) -> BoardTable | None:
        """Five-card cribbage's table of ``objective`` to 61 (None if its histograms are missing)."""
        try:
            points = five_card_points()
        except (FileNotFoundError, ValueError):  # pragma: no cover - the table ships with the package
            return None
        outcomes = fresh_game_outcomes(skunk, double_skunk, FIVE_CARD_TARGET) if objective.needs_outcomes else None
        return BoardTable.solved(points, FIVE_CARD_TARGET, objective, skunk, double_skunk, outcomes=outcomes)

    @staticmethod
    @cache
    def for_partners(objective: Objective = WIN, skunk: int | None = SKUNK, double_skunk: int | None = DOUBLE_SKUNK
                     ) -> BoardTable:
        """Partners' table of ``objective`` to 121 (two sides of two; ``dealing``: my side deals), from
        their own histograms: the four hands counted in turn (:meth:`DealPoints.counts`). A match is not
        modelled for partners (:meth:`pegboard.objectives.Objective.check` refuses one).

        >>> table = BoardTable.for_partners()
        >>> 0.5 < table.value(121, 121, dealing=True) < 0.6
        True
        """
        return BoardTable.solved(partners_points(), TARGET, objective, skunk, double_skunk)

    def value(self, my_need: int, their_need: int, *, dealing: bool) -> float:
        """My expected value when I need ``my_need`` more points and they need ``their_need``, at the
        start of a deal that I deal (or am pone of). Needs scale to the table's target."""
        if my_need <= 0:
            return self.won_value(their_need)
        if their_need <= 0:
            return self.lost_value(my_need)
        top = self.target
        return self._rows[dealing][min(my_need, top)][min(their_need, top)]

    def point_worth(self, my_need: int, their_need: int, *, dealing: bool) -> float:
        """What one point more for me (or one fewer for them) is worth in the objective here: half the
        table's step between my scoring a point and their scoring one (never below 0).

        >>> table = BoardTable.load()
        >>> 0 < table.point_worth(121, 121, dealing=True) < table.point_worth(11, 9, dealing=True)
        True
        """
        ahead = self.value(my_need - 1, their_need, dealing=dealing)
        behind = self.value(my_need, their_need - 1, dealing=dealing)
        return max(0.0, (ahead - behind) / 2)

    def plain_swing(self) -> float:
        """What winning rather than losing is worth when neither is a skunk and the margin is one point:
        1 for ``win``, 4 for game points (2 and -2), 2 for the spread (the scale of the objective's noise).

        >>> from pegboard.objectives import GAME_POINTS, SPREAD
        >>> BoardTable.load().plain_swing(), BoardTable.for_objective(GAME_POINTS).plain_swing()
        (1.0, 4.0)
        >>> BoardTable.for_objective(SPREAD).plain_swing()
        2.0
        """
        return self.won_value(1) - self.lost_value(1)

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
        if self.high <= self.low:  # an objective paying every outcome alike (refused when built): all equal
            return 0.0
        return WIN_UTILITY * (2 * (value - self.low) / (self.high - self.low) - 1)

    def from_utility(self, utility: float) -> float:
        """The objective's value of a pegging search's ``utility`` (the inverse of :meth:`utility`),
        kept within what the objective can pay.

        >>> from pegboard.objectives import GAME_POINTS
        >>> table = BoardTable.for_objective(GAME_POINTS)
        >>> table.from_utility(table.utility(2.5)), BoardTable.load().from_utility(WIN_UTILITY)
        (2.5, 1.0)
        """
        value = self.low + (utility / WIN_UTILITY + 1) / 2 * (self.high - self.low)
        return min(self.high, max(self.low, value))


def clear_caches() -> None:
    """Forget the histograms and tables read so far (after the shipped file changes)."""
    shipped_points.cache_clear()
    five_card_points.cache_clear()
    partners_points.cache_clear()
    fresh_game_outcomes.cache_clear()
    BoardTable.for_objective.cache_clear()
    BoardTable.for_partners.cache_clear()
    BoardTable.for_five_card.cache_clear()


_BOARD_LOADERS: dict[str, Callable[[Objective, int | None, int | None], BoardTable | None]] = {
    "five-card": BoardTable.for_five_card, "cribbage-4": BoardTable.for_partners,
}
"""The table of each board model :meth:`BoardTable.game_of` names, but two-player cribbage's (its own)."""


def board_file(model: str) -> Path:
    """Where a board model's histograms are shipped: ``board.json`` for two-player cribbage to 121,
    ``board-MODEL.json`` for the others.

    >>> board_file("cribbage").name, board_file("five-card").name
    ('board.json', 'board-five-card.json')
    """
    return {"cribbage": BOARD_FILE}.get(model) or BOARD_FILE.with_name(f"board-{model}.json")
