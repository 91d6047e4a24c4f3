"""The luck of the cards in points, to take out of a simulated match's margin (issue 38).

An AIVAT-style control variate (Burch et al. 2018): for each complete deal of a two-player game, the
part of its points margin that the cards explain, as a value after each chance event less its exact
(or fixed, known) expectation before it, so that its mean is zero whatever the players do and the
margin less it stays an unbiased estimate of the margin, with far less variance. The events:

* **the deal**: each player's value of their hand is the best throw's expected net points (hand and
  crib, :func:`pegboard.bots.discard.rank_discards` with the crib tables); its expectation is the
  mean of that over every hand for the role (dealer, pone), a constant (:data:`HAND_MEANS`). Seat
  0's luck: its hand's gain over the mean less the other's (two players, six-card deals to 121);
* **the starter**: each player's count (the pone's hand; the dealer's hand, crib and his heels) with
  the starter turned, less its mean over every undealt card (exact). Seat 0's: its gain less the other's.

The margin counts complete deals only, but the luck is taken over every deal, the last (unfinished)
one too: each term has mean zero given all that came before, so their sum up to the game's end has
mean zero (the end is a stopping time), while the sum without the last deal would not (the last deal
is the one that ended the game: a lucky one, more often than not).

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["a", "b"], seed=2)
>>> while game.deal_number < 2 and not game.finished:
...     seat = game.to_act()[0]
...     _ = game.apply(game.legal_actions(seat)[0])
>>> lucks = deal_lucks(game, 2)
>>> len(lucks), all(isinstance(x, float) for x in lucks)
(2, True)
"""

from __future__ import annotations

from pegboard.bots.discard import rank_discards
from pegboard.cards import Card, full_deck
from pegboard.engine import GameState
from pegboard.scoring.fast import hand_score

__all__ = ["HAND_MEANS", "deal_lucks"]

HAND_MEANS = {0: 12.701, 1: 3.420}
"""The mean best-throw net points of a six-card hand for the dealer (0) and the pone (1), over 20,000
random hands each (seed 38; standard error about 0.02): the deal's expectation before the cards."""


def _hand_value(hand: tuple[Card, ...], game: GameState, role: int) -> float:
    return float(rank_discards(hand, game.rules, role, method="table")[0].net)


def deal_lucks(game: GameState, deals: int) -> list[float]:
    """Seat 0's luck in points in each of the first ``deals`` deals of a two-player crib game: the
    deal's (standard six-card games to 121 only) and the starter's (see the module)."""
    rules = game.rules
    if rules.players != 2 or not rules.crib:
        return [0.0] * deals
    standard = rules.deal_size == 6 and rules.target == 121 and not rules.single_series
    dealers = {event.deal: event.seat or 0 for event in game.view(None).events if event.type == "deal"}
    lucks = []
    for index, log in enumerate(game.deal_logs[:deals]):
        cards = log.deal
        dealer = dealers.get(index, index % 2)
        hands = [list(hand) for hand in cards.hands]
        thrown: list[Card] = list(cards.crib)
        for action in log.moves:
            if action.verb == "discard":
                for card in action.cards:
                    hands[action.seat].remove(card)
                    thrown.append(card)
        luck = 0.0
        if standard:
            gains = [_hand_value(cards.hands[seat], game, (seat - dealer) % 2) - HAND_MEANS[(seat - dealer) % 2]
                     for seat in (0, 1)]
            luck += gains[0] - gains[1]
        if cards.starter is not None:
            dealt = {card for hand in cards.hands for card in hand} | set(cards.crib)
            starters = [card for card in full_deck() if card not in dealt]
            codes = [[card.code for card in hand] for hand in hands]
            crib = [card.code for card in thrown]
            heels, four = rules.heels_points, rules.crib_four_flush
            values = [_starter_net(codes, crib, dealer, card, heels, four) for card in starters]
            luck += _starter_net(codes, crib, dealer, cards.starter, heels, four) - sum(values) / len(values)
        lucks.append(luck)
    return lucks



def _starter_net(hands: list[list[int]], crib: list[int], dealer: int, card: Card, heels: int, four: bool) -> float:
    """Seat 0's count less seat 1's with ``card`` turned (card codes; the dealer's crib and heels)."""
    counts = [float(hand_score(hands[seat], card.code)) for seat in (0, 1)]
    counts[dealer] += hand_score(crib, card.code, True, four) + (heels if card.rank == 11 else 0)
    return counts[0] - counts[1]
