"""The greedy bot: the obvious one-move-deep player.

Cribbage games: keep the cards with the most points already in them (no starter), play the card
that scores most now, count every point and claim every missed one. Ties are broken at random
(seeded).

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=2)
>>> bot = GreedyBot(game.rules, seat=0, seed=1)
>>> bot.choose(game.view(0)) in game.legal_actions(0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from pegboard.bots.base import BaseBot
from pegboard.bots.quick import greedy_choice
from pegboard.cards import Card
from pegboard.engine.actions import Action
from pegboard.engine.views import CribbageView, SeatView
from pegboard.objectives import Objective
from pegboard.rules import Rules
from pegboard.scoring.tables import CARD_WEIGHTS, points_bytes

__all__ = ["GreedyBot", "kept_points"]

_TABLES: dict[int, bytes] = {size: points_bytes(size) for size in (3, 4)}


def kept_points(cards: Sequence[Card]) -> int:
    """Points already in kept cards without a starter: fifteens, pairs, runs, and a flush."""
    total = _TABLES[len(cards)][sum(CARD_WEIGHTS[card.code] for card in cards)]
    suit = cards[0].code & 3
    if all(card.code & 3 == suit for card in cards):
        total += len(cards)
    return total


class GreedyBot(BaseBot):
    """One move deep: most points in the kept cards, most points from the card played now."""

    name = "greedy"

    def __init__(self, rules: Rules, seat: int, seed: int | None = None, *,
                 objective: Objective | str | None = None) -> None:
        super().__init__(rules, seat, seed, objective=objective)  # kept, not played by: greedy is one move deep
        self._grid: BaseBot | None = None
        if not rules.crib:
            from pegboard.bots.grid import grid_greedy

            self._grid = grid_greedy(rules, seat, seed)

    def choose(self, view: SeatView) -> Action:
        if self._grid is None:  # a cribbage game, known in __init__ (this runs on every move: no check here)
            return greedy_choice(cast(CribbageView, view), self.rules, self.rng)
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return self._grid.choose(view)
