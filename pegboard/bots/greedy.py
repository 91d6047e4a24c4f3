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
            return self._discard(view.hand, actions)
        if verb in ("play", "go"):
            return self._play(view, actions)
        if verb in ("count", "muggins"):  # count every point; claim every missed one
            return honest_claim(view, self.rules)
        return self.rng.choice(actions)

    def _discard(self, hand: Sequence[Card], actions: Sequence[Action]) -> Action:
        """The throw that keeps the most points (kept_points, from the hand's weight less the throw's)."""
        weights = CARD_WEIGHTS
        weight = 0
        by_suit = [0, 0, 0, 0]
        for card in hand:
            code = card.code
            weight += weights[code]
            by_suit[code & 3] += 1
        kept_size = len(hand) - len(actions[0].cards)
        table = _TABLES[kept_size]
        flush_suit = by_suit.index(max(by_suit)) if max(by_suit) >= kept_size else -1  # the only suit that can be
        values = []
        for action in actions:
            rest = weight
            thrown_in_suit = 0
            for card in action.cards:
                code = card.code
                rest -= weights[code]
                thrown_in_suit += (code & 3) == flush_suit
            value = table[rest]
            if flush_suit >= 0 and by_suit[flush_suit] - thrown_in_suit == kept_size:  # every kept card in it
                value += kept_size
            values.append(value)
        return self._pick(actions, values)

    def _play(self, view: Any, actions: Sequence[Action]) -> Action:
        """The card that scores most now (a go: -1)."""
        series = tuple([(card.code >> 2) + 1 for _, card in view.series])
        count = view.count
        values = []
        for action in actions:
            if action.verb == "play":
                code = action.cards[0].code
                rank = (code >> 2) + 1
                values.append(play_points((*series, rank), count + (rank if rank < 10 else 10)))
            else:
                values.append(-1)
        return self._pick(actions, values)

    def _pick(self, actions: Sequence[Action], values: list[int]) -> Action:
        """The action of the highest value; ties at random (seeded)."""
        top = max(values)
        return self.rng.choice([action for value, action in zip(values, actions) if value == top])
