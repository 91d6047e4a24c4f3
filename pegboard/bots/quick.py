"""One-move-deep choices as plain functions over a view's parts: the greedy bot's discard and play,
on the hot path of every simulation (compiled by the optional accelerator).

Ties are broken with the given generator, always with one ``choice`` over the tied actions in the
order given (:func:`pegboard.engine.chance.choice`: what ``rng.choice`` draws), so a seed gives the
same game compiled or not.

>>> import random
>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=2)
>>> view = game.view(0)
>>> best_discard(view.hand, view.legal_actions, random.Random(1)) in view.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pegboard.cards import Card
from pegboard.engine import chance
from pegboard.engine.actions import Action
from pegboard.engine.cribbage import honest_claim
from pegboard.engine.views import CribbageView
from pegboard.rules import Rules
from pegboard.scoring.play import play_points
from pegboard.scoring.tables import CARD_WEIGHTS, points_bytes

__all__ = ["greedy_choice", "best_discard", "best_play", "pick"]

_TABLES: dict[int, bytes] = {size: points_bytes(size) for size in (3, 4)}


def greedy_choice(view: CribbageView, rules: Rules, rng: random.Random) -> Action:
    """The greedy bot's choice in a cribbage game: the throw keeping the most points, the card scoring
    most now, every point counted and every missed one claimed; anything else at random."""
    actions: tuple[Action, ...] = view.legal_actions
    if len(actions) == 1:
        return actions[0]
    verb = actions[0].verb
    if verb == "discard":
        return best_discard(view.hand, actions, rng)
    if verb == "play" or verb == "go":
        return best_play(view.series, view.count, actions, rng)
    if verb == "count" or verb == "muggins":  # count every point; claim every missed one
        return honest_claim(view, rules)
    return chance.choice(rng, actions)


def best_discard(hand: Sequence[Card], actions: Sequence[Action], rng: random.Random) -> Action:
    """The throw that keeps the most points already in the kept cards, no starter (fifteens, pairs,
    runs and a flush: :func:`pegboard.bots.greedy.kept_points`), from the hand's weight less the throw's."""
    weights = CARD_WEIGHTS
    weight = 0
    by_suit = [0, 0, 0, 0]
    for card in hand:
        code = card.code
        weight += weights[code]
        by_suit[code & 3] += 1
    kept_size = len(hand) - len(actions[0].cards)
    table = _TABLES[kept_size]
    most = max(by_suit)
    flush_suit = by_suit.index(most) if most >= kept_size else -1  # the only suit a flush can be in
    values: list[int] = []
    for action in actions:
        rest = weight
        thrown_in_suit = 0
        for card in action.cards:
            code = card.code
            rest -= weights[code]
            if code & 3 == flush_suit:
                thrown_in_suit += 1
        value = table[rest]
        if flush_suit >= 0 and by_suit[flush_suit] - thrown_in_suit == kept_size:  # every kept card in it
            value += kept_size
        values.append(value)
    return pick(actions, values, rng)


def best_play(series: Sequence[tuple[int, Card]], count: int, actions: Sequence[Action], rng: random.Random
              ) -> Action:
    """The card that scores most now on ``series`` (a view's (seat, card) pairs) at ``count``; a go is -1."""
    ranks = tuple([(card.code >> 2) + 1 for _, card in series])
    values: list[int] = []
    for action in actions:
        if action.verb == "play":
            rank = (action.cards[0].code >> 2) + 1
            values.append(play_points((*ranks, rank), count + (rank if rank < 10 else 10)))
        else:
            values.append(-1)
    return pick(actions, values, rng)


def pick(actions: Sequence[Action], values: list[int], rng: random.Random) -> Action:
    """The action of the highest value; ties at random (one ``rng.choice`` over the tied actions)."""
    top = max(values)
    return chance.choice(rng, [action for value, action in zip(values, actions) if value == top])
