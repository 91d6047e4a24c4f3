"""Games a seat cannot tell from the real one: the current deal's hidden cards dealt again at random.

The cards the seat may not see (:meth:`GameState.hidden_cards`) are shuffled among the places they
could be (other hands and their discards, the crib, the starter before it is turned, the pack, the
stock), the game is replayed with every move (a hidden card a move names is renamed alike), and a
deal that makes a move illegal (a go proves a player held nothing small enough) is drawn again.
Uses only the engine's public API (records' deals and moves).

>>> import random
>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=4)
>>> twin = determinize(game, 0, random.Random(1))
>>> twin is not None and twin.view(0).hand == game.view(0).hand and twin.view(1).hand != game.view(1).hand
True
"""

from __future__ import annotations

import random

from pegboard.cards import Card
from pegboard.engine import Action, Deal, GameState, new_game
from pegboard.errors import PegboardError

__all__ = ["determinize"]


def _swap_deal(deal: Deal, swap: dict[Card, Card]) -> Deal:
    def moved(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(swap.get(card, card) for card in cards)

    starter = swap.get(deal.starter, deal.starter) if deal.starter is not None else None
    return Deal(hands=tuple(moved(hand) for hand in deal.hands), crib=moved(deal.crib), starter=starter,
                stock=moved(deal.stock))


def determinize(game: GameState, seat: int, rng: random.Random, tries: int = 100) -> GameState | None:
    """A copy of ``game`` with the current deal's cards hidden from ``seat`` dealt again, consistent with
    every move so far; None if ``tries`` deals all contradict a move."""
    hidden = sorted(game.hidden_cards(seat), key=lambda card: card.code)
    logs = game.deal_logs
    first_dealer = getattr(game, "first_dealer", None)
    start_scores = getattr(game, "start_scores", None)
    for _ in range(tries):
        shuffled = hidden[:]
        rng.shuffle(shuffled)
        swap = dict(zip(hidden, shuffled))
        deals = [log.deal for log in logs[:-1]] + [_swap_deal(logs[-1].deal, swap)]
        try:
            twin = new_game(game.rules, game.players, seed=rng.getrandbits(62), first_dealer=first_dealer,
                            dealt=deals, start_scores=start_scores)
            for log in logs[:-1]:
                for action in log.moves:
                    twin.apply(action)
            for action in logs[-1].moves:
                twin.apply(Action(action.seat, action.verb, tuple(swap.get(c, c) for c in action.cards),
                                  action.target))
        except PegboardError:
            continue
        return twin
    return None
