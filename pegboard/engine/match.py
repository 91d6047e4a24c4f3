"""Match play: a series of games between the same sides, skunks and double skunks counted.

A win is worth 1 game, a skunk 2 and a double skunk 3 (the usual match reckoning; ruling 15 says
both count toward match results). The loser of a game deals first in the next; the first game's
dealer is cut for. The match is won by the first side to ``games_to_win`` game points.

>>> import random
>>> match = Match("five-card", ["Ann", "Bob"], games_to_win=2, rng=random.Random(4))
>>> game = match.next_game()
>>> game.rules.name, match.finished
('five-card', False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.engine import GameState, new_game
from pegboard.errors import PegboardError
from pegboard.rules import Rules

__all__ = ["Match", "GameResult", "MARK_POINTS"]

MARK_POINTS = {"win": 1, "skunk": 2, "double-skunk": 3}
"""Match points of a won game by how badly the losers fared."""


@dataclass(frozen=True)
class GameResult:
    """One finished game of a match."""

    winner: str
    mark: str
    points: int
    scores: dict[str, int]


class Match:
    """A series of games; call :meth:`next_game`, play it to the end, then :meth:`record_game`."""

    def __init__(self, game: str | Rules, players: Sequence[str] | None = None, *, games_to_win: int = 3,
                 rng: random.Random | None = None, seed: int | None = None, **options: Any) -> None:
        if games_to_win < 1:
            raise PegboardError(f"games_to_win={games_to_win}: expected at least 1")
        rules = game if isinstance(game, Rules) else Rules.preset(game)
        self.rules = rules.with_options(**options) if options else rules
        if self.rules.family != "cribbage":
            raise PegboardError(f"match play is for cribbage games, not {self.rules.name}")
        self.players = players
        self.games_to_win = games_to_win
        self.rng = rng if rng is not None else random.Random(seed)
        self.results: list[GameResult] = []
        self._current: GameState | None = None
        self._next_dealer: int | None = None
        self.standings: dict[str, int] = {}

    @property
    def finished(self) -> bool:
        return any(points >= self.games_to_win for points in self.standings.values())

    @property
    def winner(self) -> str | None:
        return next((side for side, points in self.standings.items() if points >= self.games_to_win), None)

    def next_game(self) -> GameState:
        """Start the next game (the previous loser deals first)."""
        if self.finished:
            raise PegboardError("the match is over")
        if self._current is not None and not self._current.finished:
            raise PegboardError("the current game is not finished")
        game = new_game(self.rules, self.players, rng=self.rng, first_dealer=self._next_dealer)
        if not self.standings:
            self.standings = dict.fromkeys(game.side_names, 0)
        self._current = game
        return game

    def record_game(self, game: GameState) -> GameResult:
        """Count a finished game toward the match."""
        if not game.finished or game.winner is None or game.winner_side is None:
            raise PegboardError("only a finished game with a winner counts toward the match")
        marks = game.losers_marks()
        mark = "double-skunk" if "double-skunk" in marks.values() else "skunk" if marks else "win"
        points = MARK_POINTS[mark]
        self.standings[game.winner] += points
        result = GameResult(game.winner, mark, points, game.scores())
        self.results.append(result)
        scores = game.score_list
        losing_sides = [side for side in range(len(scores)) if side != game.winner_side]
        lowest = min(losing_sides, key=lambda side: scores[side])
        self._next_dealer = lowest  # the (lowest) loser deals first; partners: that side's first seat
        return result
