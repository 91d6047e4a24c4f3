"""The luck of the cards in points, to take out of a simulated match's margin (issue 38).

An AIVAT-style control variate (Burch et al. 2018): for each deal of a two-player game, the part of
its points margin that the cards explain, as a value after each chance event less its exact (or
fixed, known) expectation before it, so that its mean is zero whatever the players do and the margin
less it stays an unbiased estimate of the margin, with less variance. The events:

* **the deal** (standard six-card games to 121): a fixed value of the twelve cards dealt,
  :func:`deal_value`, from the dealer's side: both players throw their best throw by the crib tables
  (:func:`pegboard.bots.discard.rank_discards`), and the value is the dealer's expected count less
  the pone's over the 40 starters left (hands, the crib the two throws make, his heels), exactly,
  plus :data:`PEG_WEIGHT` times the pegging margin of the kept cards played out by both at their
  best with every card known (:func:`pegboard.bots.pegging.solve`). Its mean over random deals is a
  constant (:data:`DEAL_MEANS`); seat 0's luck is the value less the mean, signed by its role;
* **the cut for first deal** (standard games from 0-0): :data:`CUT_VALUE` to the first dealer, less
  to the other: over a fair cut its mean is zero (a simulated match seats its entrants to deal first
  in turn, so over an even number of games it sums to exactly zero). It takes out the first dealer's
  extra deal as dealer in a game with an odd number of complete deals;
* **the starter**: each player's count (the pone's hand; the dealer's hand, crib and his heels) with
  the starter turned, less its mean over every undealt card (exact). Seat 0's: its gain less the other's.

With a player whose strategy is known to be uniform over the legal actions (the ``random`` bot), each
of its choices adds AIVAT's action term (:func:`uniform_choice_terms`): the value of the choice made
less the mean value of every legal choice, which has mean zero whatever was dealt (a discard's value:
its expected hand plus or minus the crib tables' value of the throw; a play's: what it pegs now).

Each deal's luck is weighted by :func:`deal_weight`, a fixed function of the scores before the deal
(the chance that the deal is played to its crib, so counted in the margin): a weight known before
the deal's chance events keeps each term's mean zero, and a deal that is unlikely to be counted
adds less noise.

The margin counts complete deals only, but the luck is taken over every deal, the last (unfinished)
one too: each term has mean zero given all that came before, so their sum up to the game's end has
mean zero (the end is a stopping time), while the sum without the last deal would not (the last deal
is the one that ended the game: a lucky one, more often than not).

How much narrower the luck-adjusted interval is, pair by pair: docs/strength.md.

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

import random
from collections.abc import Collection, Sequence
from functools import lru_cache
from math import erf, sqrt
from typing import cast

from pegboard.bots.discard import DiscardOption, rank_discards
from pegboard.bots.pegging import solve
from pegboard.bots.solver import PlayPosition
from pegboard.cards import Card, full_deck
from pegboard.engine import GameState, new_game
from pegboard.engine.actions import Action
from pegboard.engine.views import CribbageView
from pegboard.rules import Rules
from pegboard.scoring.fast import hand_score
from pegboard.scoring.play import play_points

__all__ = ["CUT_VALUE", "DEAL_MEANS", "DEAL_MEANS_SE", "PEG_WEIGHT", "cut_luck",
           "deal_value", "deal_weight", "deal_lucks", "measure_deal_means", "uniform_choice_terms"]

DEAL_MEANS = (4.7774, 1.1976)
"""The mean over random deals of :func:`deal_value`'s two parts, from the dealer's side: the expected
count margin and the pegging margin (20,000 deals, seed 38, :func:`measure_deal_means`): the
deal's expectation before the cards."""

DEAL_MEANS_SE = (0.0305, 0.0123)
"""The standard errors of :data:`DEAL_MEANS`. An error in them biases a match's luck-adjusted margin
only by the error times the first entrant's deals as dealer less its deals as pone, per deal: nearly
zero, since the deal alternates and the seats rotate from game to game (docs/strength.md)."""

PEG_WEIGHT = 0.4
"""The pegging part's coefficient in the deal's value: the regression of a deal's margin on it,
fitted on a separate set of games (greedy against greedy, 1,000 games, seed 11), not on the match
measured (any fixed coefficient keeps the luck's mean zero)."""

CUT_VALUE = 2.66
"""The first dealer's mean margin over a game's complete deals (the dealer's edge times the chance that
they are odd in number): 2.656 +- 0.127 in 20,000 games of greedy against itself (seed 38), data apart
from any match measured. The cut's luck is this to whoever deals first (any fixed value keeps its mean
zero; this one takes out most of the extra deal's edge)."""

_DEALER_NEED, _PONE_NEED = (17.0, 7.0), (10.5, 5.5)  # a deal's points: mean and spread, dealer and pone


def _phi(x: float) -> float:
    return 0.5 * (1 + erf(x / sqrt(2)))


def deal_weight(dealer_needs: int, pone_needs: int) -> float:
    """The weight of a deal's luck: about the chance that the deal is played out to its crib when the
    dealer and the pone still need these points (normal approximations of a deal's points; a fixed
    function of what is known before the deal).

    >>> deal_weight(121, 121) > 0.99, deal_weight(5, 121) < 0.05
    (True, True)
    """
    return _phi((dealer_needs - 0.5 - _DEALER_NEED[0]) / _DEALER_NEED[1]) * \
        _phi((pone_needs - 0.5 - _PONE_NEED[0]) / _PONE_NEED[1])


def deal_value(dealer_hand: Sequence[Card], pone_hand: Sequence[Card], rules: Rules) -> tuple[float, float]:
    """The deal's value from the dealer's side (six-card two-player hands): the expected count margin
    with both best throws over the 40 starters left, and the best-kept cards' pegging margin.

    >>> from pegboard.cards import parse_cards
    >>> count, pegging = deal_value(parse_cards("5H 5C 5D JS 2C 3C"), parse_cards("AH 2H 9S TD QC KD"),
    ...                             Rules.preset("cribbage"))
    >>> count > 15, isinstance(pegging, float)
    (True, True)
    """
    dealer_best = _ranked(tuple(dealer_hand), rules, 0)[0]
    pone_best = _ranked(tuple(pone_hand), rules, 1)[0]
    dealt = set(dealer_hand) | set(pone_hand)
    kept_dealer = [card.code for card in dealer_best.kept]
    kept_pone = [card.code for card in pone_best.kept]
    crib = [card.code for card in (*dealer_best.thrown, *pone_best.thrown)]
    heels, four = rules.heels_points, rules.crib_four_flush
    total = 0.0
    starters = [card for card in full_deck() if card not in dealt]
    for card in starters:
        code = card.code
        total += hand_score(kept_dealer, code) + hand_score(crib, code, True, four) - hand_score(kept_pone, code)
        if card.rank == 11:
            total += heels
    hands = (tuple(sorted(card.rank for card in dealer_best.kept)), tuple(sorted(card.rank for card in pone_best.kept)))
    pegging = solve(PlayPosition(hands, (), 0, 1, 0, -1), 0, [0, 1])
    return total / len(starters), float(pegging)


@lru_cache(maxsize=64)
def _ranked(hand: tuple[Card, ...], rules: Rules, role: int) -> tuple[DiscardOption, ...]:
    """:func:`rank_discards` by the crib tables, remembered for a while: a game's hands are ranked for
    the deal's value and again, after the game, for the discard terms of greedy's and random's choices
    (the same hand, the same answer)."""
    return tuple(rank_discards(hand, rules, role, method="table"))


def _standard(rules: Rules) -> bool:
    return rules.players == 2 and rules.crib and rules.deal_size == 6 and rules.target == 121 \
        and not rules.single_series


def deal_lucks(game: GameState, deals: int) -> list[float]:
    """Seat 0's luck in points in each of the first ``deals`` deals of a two-player crib game: the
    deal's (standard six-card games to 121 only) and the starter's, weighted, and in the first deal
    the cut's (standard games from 0-0; see the module)."""
    rules = game.rules
    if rules.players != 2 or not rules.crib:
        return [0.0] * deals
    standard = _standard(rules)
    dealers: dict[int, int] = {}
    before: dict[int, tuple[int, int]] = {}
    scores = list(getattr(game, "start_scores", None) or (0, 0))
    for event in game.view(None).events:
        if event.type == "deal":
            dealers[event.deal] = event.seat or 0
            before[event.deal] = (scores[0], scores[1])
        elif event.type == "score" and event.seat is not None:
            scores[event.seat] += event.points
    lucks = []
    for index, log in enumerate(game.deal_logs[:deals]):
        cards = log.deal
        dealer = dealers.get(index, index % 2)
        sign = 1.0 if dealer == 0 else -1.0
        hands = [list(hand) for hand in cards.hands]
        thrown: list[Card] = list(cards.crib)
        for action in log.moves:
            if action.verb == "discard":
                for card in action.cards:
                    hands[action.seat].remove(card)
                    thrown.append(card)
        luck = 0.0
        weight = 1.0
        if standard:
            count, pegging = deal_value(cards.hands[dealer], cards.hands[1 - dealer], rules)
            luck += sign * (count - DEAL_MEANS[0] + PEG_WEIGHT * (pegging - DEAL_MEANS[1]))
            scored = before.get(index, (0, 0))
            target = rules.target or 121
            weight = deal_weight(target - scored[dealer], target - scored[1 - dealer])
        if cards.starter is not None and all(len(hand) == rules.kept_size for hand in hands):
            dealt = {card for hand in cards.hands for card in hand} | set(cards.crib)
            starters = [card for card in full_deck() if card not in dealt]
            codes = [[card.code for card in hand] for hand in hands]
            crib = [card.code for card in thrown]
            heels, four = rules.heels_points, rules.crib_four_flush
            values = [_starter_net(codes, crib, dealer, card, heels, four) for card in starters]
            luck += _starter_net(codes, crib, dealer, cards.starter, heels, four) - sum(values) / len(values)
        lucks.append(weight * luck + (cut_luck(game) if index == 0 else 0.0))
    return lucks


def cut_luck(game: GameState) -> float:
    """Seat 0's luck from the cut for first deal in points: :data:`CUT_VALUE` if it dealt first, less
    it if not (standard six-card two-player games to 121 started from 0-0; other games: 0).

    >>> from pegboard.engine import new_game
    >>> cut_luck(new_game("cribbage", ["a", "b"], seed=2, first_dealer=1))
    -2.66
    >>> cut_luck(new_game("five-card", ["a", "b"], seed=2))
    0.0
    """
    if not _standard(game.rules) or any(getattr(game, "start_scores", None) or ()):
        return 0.0
    return CUT_VALUE if _first_dealer(game) == 0 else -CUT_VALUE


def uniform_choice_terms(game: GameState, seats: Collection[int], greedy: Collection[int] = ()) -> float:
    """Seat 0's sum of AIVAT action terms for the choices of ``seats`` (players choosing uniformly at
    random among the legal actions) and of ``greedy`` (the greedy bot: uniformly among the choices
    scoring most now, :mod:`pegboard.bots.quick`) in a finished two-player crib game: for each of
    their choices among several, its value less the mean value of the choices it was drawn from, for
    the chooser (see the module); the game is replayed from its deals to see each choice's
    alternatives. A play's value is what it pegs now less the most the other can peg with the next
    card (the cards held are known here: the term is reckoned after the game).

    >>> from pegboard.engine import new_game
    >>> game = new_game("cribbage", ["a", "b"], seed=2, target=31)
    >>> while not game.finished:
    ...     seat = game.to_act()[0]
    ...     _ = game.apply(game.legal_actions(seat)[0])
    >>> uniform_choice_terms(game, ()), isinstance(uniform_choice_terms(game, (1,)), float)
    (0.0, True)
    """
    rules = game.rules
    if not (seats or greedy) or rules.players != 2 or not rules.crib:
        return 0.0
    replay = new_game(rules, list(game.players), first_dealer=_first_dealer(game),
                      dealt=[log.deal for log in game.deal_logs],
                      start_scores=getattr(game, "start_scores", None))
    total = 0.0
    for log in game.deal_logs:
        for action in log.moves:
            seat = action.seat
            legal = list(replay.legal_actions(seat)) if seat in seats or seat in greedy else []
            # a two-player game with a crib (checked above): its views are cribbage views
            view = cast(CribbageView, replay.view(seat)) if len(legal) > 1 else None
            if view is not None and action.verb in ("discard", "play", "go"):
                if seat in greedy:
                    legal = _greedy_ties(view, legal)
                if action.verb == "discard" and len(legal) > 1:
                    role = (seat - getattr(replay, "dealer", 0)) % 2
                    nets = {frozenset(option.thrown): option.net
                            for option in _ranked(tuple(view.hand), rules, role)}
                    values = [nets[frozenset(choice.cards)] for choice in legal]
                    chosen = nets[frozenset(action.cards)]
                elif len(legal) > 1:
                    held = cast(CribbageView, replay.view(1 - seat)).hand
                    ranks = tuple(card.rank for _, card in view.series)
                    values = [_pegged(choice, ranks, view.count, held) for choice in legal]
                    chosen = _pegged(action, ranks, view.count, held)
                else:
                    values, chosen = [0.0], 0.0
                term = chosen - sum(values) / len(values)
                total += term if seat == 0 else -term
            replay.apply(action)
    return total


def _greedy_ties(view: CribbageView, legal: Sequence[Action]) -> list[Action]:
    """The legal choices the greedy bot draws from (uniformly): those scoring most now."""
    from pegboard.bots.greedy import kept_points

    if legal[0].verb == "discard":
        values = [kept_points([card for card in view.hand if card not in choice.cards]) for choice in legal]
    else:
        ranks = tuple(card.rank for _, card in view.series)
        values = [play_points((*ranks, choice.cards[0].rank), view.count + min(choice.cards[0].rank, 10))
                  if choice.verb == "play" else -1 for choice in legal]
    top = max(values)
    return [choice for choice, value in zip(legal, values) if value == top]


def _pegged(choice: Action, ranks: tuple[int, ...], count: int, held: Sequence[Card] = ()) -> float:
    """What a play pegs now on the series ``ranks`` at ``count`` (a go: 0), less the most the other
    player can peg with the next card from ``held``."""
    if choice.verb != "play":
        return 0.0
    rank = choice.cards[0].rank
    count += min(rank, 10)
    series = (*ranks, rank)
    now = play_points(series, count)
    if count == 31:
        return float(now)
    replies = [play_points((*series, card.rank), count + min(card.rank, 10)) for card in held
               if count + min(card.rank, 10) <= 31]
    return float(now - max(replies, default=0))


def _first_dealer(game: GameState) -> int:
    return next((event.seat or 0 for event in game.view(None).events if event.type == "deal"), 0)


def _starter_net(hands: list[list[int]], crib: list[int], dealer: int, card: Card, heels: int, four: bool) -> float:
    """Seat 0's count less seat 1's with ``card`` turned (card codes; the dealer's crib and heels)."""
    counts = [float(hand_score(hands[seat], card.code)) for seat in (0, 1)]
    counts[dealer] += hand_score(crib, card.code, True, four) + (heels if card.rank == 11 else 0)
    return counts[0] - counts[1]


def measure_deal_means(deals: int, seed: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The means of :func:`deal_value`'s two parts over ``deals`` random deals, and their standard
    errors (how :data:`DEAL_MEANS` was made: ``measure_deal_means(20_000, 38)``).

    >>> means, errors = measure_deal_means(3, 1)
    >>> len(means), all(error >= 0 for error in errors)
    (2, True)
    """
    rules = Rules.preset("cribbage")
    rng = random.Random(seed)
    deck = list(full_deck())
    sums, squares = [0.0, 0.0], [0.0, 0.0]
    for _ in range(deals):
        cards = rng.sample(deck, 12)
        for part, value in enumerate(deal_value(cards[:6], cards[6:], rules)):
            sums[part] += value
            squares[part] += value * value
    means = (sums[0] / deals, sums[1] / deals)
    errors = tuple(sqrt(max(0.0, squares[part] / deals - means[part] ** 2) / max(1, deals - 1)) for part in (0, 1))
    return means, (errors[0], errors[1])
