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
from typing import Any

from pegboard.bots.base import BaseBot
from pegboard.bots.pegging import play_points
from pegboard.cards import Card
from pegboard.engine.actions import Action
from pegboard.engine.cribbage import honest_claim
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

    def __init__(self, rules: Any, seat: int, seed: int | None = None) -> None:
        super().__init__(rules, seat, seed)
        self._grid: Any = None
        if rules.family != "cribbage":
            from pegboard.bots.grid import grid_greedy

            self._grid = grid_greedy(rules, seat, seed)

    def choose(self, view: Any) -> Action:
        actions: tuple[Action, ...] = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if self._grid is not None:
            choice: Action = self._grid.choose(view)
            return choice
        verb = actions[0].verb
        if verb == "discard":
            codes = [card.code for card in view.hand]
            weight = sum(CARD_WEIGHTS[code] for code in codes)
            table = _TABLES[len(codes) - len(actions[0].cards)]

            def kept_value(action: Action) -> int:  # kept_points, from the hand's weight less the throw's
                thrown = [card.code for card in action.cards]
                value: int = table[weight - sum(CARD_WEIGHTS[code] for code in thrown)]
                suits = {code & 3 for code in codes if code not in thrown}
                return value + len(codes) - len(thrown) if len(suits) == 1 else value

            return self._best(actions, kept_value)
        if verb in ("play", "go"):
            series = tuple(card.rank for _, card in view.series)
            count = view.count
            return self._best(actions, lambda a: play_points((*series, a.cards[0].rank), count + a.cards[0].pips)
                              if a.verb == "play" else -1)
        if verb in ("count", "muggins"):  # count every point; claim every missed one
            return honest_claim(view, self.rules)
        return self.rng.choice(actions)

    def _best(self, actions: Sequence[Action], value: Any) -> Action:
        scored = [(value(action), action) for action in actions]
        top = max(points for points, _ in scored)
        return self.rng.choice([action for points, action in scored if points == top])
