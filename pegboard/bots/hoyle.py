"""The hoyle bot: cribbage by the book's rules of thumb, with no expectation computed anywhere.

The advice of *According to Hoyle* (the strategy section the BSD program ships as
``cribbage.instr``) and the usual book advice, as fixed rules:

**Discards** (:func:`hoyle_discard`). Each way to throw is worth the points already in the kept
cards (fifteens, pairs, runs and a flush, with no starter: :func:`pegboard.bots.greedy.kept_points`),
plus half a point for each five kept, plus or minus what the throw brings the crib:
:func:`crib_promise`, counted for you in your own side's crib and against you in the other's.

* Crib promise: 2 for each five, 2 for a pair, 2 for a fifteen, 1 for touching ranks, 1/2 for ranks
  two apart; "the best balking cards are kings and aces": each takes 1/2 off.
* As dealer you therefore throw fives, pairs, fifteen-makers and touching cards; as pone wide,
  unconnected cards, kings and aces first.
* A pone never throws a five while another throw is possible.

**Leads** (the count at 0), best first (:func:`lead_preference`):

1. a card of 4 or less ("proverbially the safest lead is a 4": the next card cannot make 15), one
   of a pair first, then the highest (lower cards are "better treasured for go and 31");
2. a card of a pair (a pair by the opponent is answered with pair royal), a ten-card last;
3. a 6 or a 9, then a 7 or an 8 backed by a card within two ranks (a trap for the fifteen);
4. a ten-card from nothing, then an unbacked 7 or 8 (the most dangerous leads);
5. never a five while anything else is held.

**Answers** (:func:`answer_value`): take the most points now, less the book's risks:

* avoid making the count 5 or 21 (a ten-card makes 15 or 31): -2;
* pair when you hold a third of the rank (+1: ready for double pair royal) or when a royal pair is
  impossible (none of the rank unseen, or it would pass 31); otherwise pairing into a possible royal
  pair costs 2 1/2, more than the pair is worth;
* a card within two ranks of the last one invites a run: "play on when you have close cards"
  (+1/2 when you hold a card that carries the run on), "off when you do not" (-1); far behind (15
  points or more) you always play on, well ahead (15 or more) playing on costs 1 1/2;
* then the higher card, keeping low cards for go and 31; exact ties at random (seeded).

Every hand and crib is counted in full. Snailspace and solitaire: greedy play.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=3)
>>> HoyleBot(game.rules, 0, seed=1).choose(game.view(0)) in game.legal_actions(0)
True
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from itertools import combinations
from typing import Final

from pegboard.bots.discard import own_crib
from pegboard.bots.greedy import GreedyBot, kept_points
from pegboard.bots.pegging import PIP, play_points
from pegboard.cards import Card, full_deck
from pegboard.engine.actions import Action
from pegboard.engine.views import CribbageView, SeatView, cribbage_view

__all__ = ["HoyleBot", "crib_promise", "lead_preference", "lead_score", "answer_value", "answer_score", "hoyle_discard",
           "MARGIN"]

MARGIN: Final = 15
"""Points ahead (or behind) from which the book's "well ahead" ("far behind") advice applies."""


def crib_promise(thrown: Sequence[Card]) -> float:
    """What the book says a throw gives the crib (see the module's docstring).

    >>> from pegboard.cards import parse_cards
    >>> crib_promise(parse_cards("5H 5C")), crib_promise(parse_cards("QH 8C")), crib_promise(parse_cards("KH AC"))
    (6.0, 0.0, -1.0)
    """
    value = 0.0
    for card in thrown:
        if card.rank == 5:
            value += 2
        elif card.rank in (1, 13):
            value -= 0.5
    if len(thrown) == 2:
        first, second = thrown
        gap = abs(first.rank - second.rank)
        if gap == 0:
            value += 2
        elif gap == 1:
            value += 1
        elif gap == 2:
            value += 0.5
        if first.pips + second.pips == 15:
            value += 2
    return value


def hoyle_discard(hand: Sequence[Card], throw: int, own: bool) -> list[tuple[float, tuple[Card, ...]]]:
    """Every throw of ``throw`` cards from ``hand`` with its book value, best first (ties kept in
    hand order); ``own``: whether the crib is the player's side's.

    >>> from pegboard.cards import parse_cards
    >>> value, thrown = hoyle_discard(parse_cards("5H 5C 6D JS 2C KD"), 2, own=False)[0]
    >>> [str(card) for card in thrown]
    ['6D', '2C']
    """
    throws = list(combinations(hand, throw))
    if not own:  # a pone throws a five only when every throw holds one
        throws = [thrown for thrown in throws if all(card.rank != 5 for card in thrown)] or throws
    options = []
    for thrown in throws:
        kept = [card for card in hand if card not in thrown]
        fives = sum(card.rank == 5 for card in kept)
        promise = crib_promise(thrown)
        options.append((kept_points(kept) + 0.5 * fives + (promise if own else -promise), thrown))
    options.sort(key=lambda option: -option[0])
    return options


def lead_preference(card: Card, hand: Sequence[Card]) -> float:
    """How much the book likes leading ``card`` from ``hand`` (higher is better).

    >>> from pegboard.cards import parse_cards
    >>> hand = parse_cards("4H 2C 5S KD")
    >>> max(hand, key=lambda card: lead_preference(card, hand))
    Card.parse('4H')
    """
    return lead_score(card.rank, [other.rank for other in hand])


def lead_score(rank: int, hand: Sequence[int]) -> float:
    """:func:`lead_preference` by ranks alone (1-13; ``hand`` holds ``rank``): what the play model of
    :mod:`pegboard.bots.inference` reads a book player's leads with.

    >>> lead_score(4, [4, 2, 5, 13]) > lead_score(13, [4, 2, 5, 13])
    True
    """
    pips = PIP[rank]
    paired = hand.count(rank) > 1
    if rank == 5:
        return -10.0
    if pips <= 4:
        return 30.0 + pips + (5 if paired else 0)
    if paired:
        return 20.0 + (0 if pips < 10 else -1)
    if rank in (6, 9):
        return 10.0
    if rank in (7, 8):
        backed = any(abs(other - rank) <= 2 for other in hand if other != rank)
        return 9.0 if backed else 0.0
    return 1.0  # a ten-card from nothing


def answer_value(card: Card, hand: Sequence[Card], series: Sequence[Card], count: int, unseen: Sequence[Card],
                 lead: int = 0) -> float:
    """The book's value of answering with ``card`` (``count`` > 0): points now less the risks.

    ``unseen``: the cards the player has not seen; ``lead``: the player's side's lead in points
    over the best other side (negative when behind).

    >>> from pegboard.cards import parse_cards
    >>> hand, series = parse_cards("6C 9D KH"), parse_cards("6S")
    >>> round(answer_value(hand[0], hand, series, 6, unseen=parse_cards("6D 6H")), 2)  # pairing into a royal pair
    -0.44
    >>> round(answer_value(hand[0], hand, series, 6, unseen=parse_cards("2D 3H")), 2)  # no six left unseen
    2.06
    """
    return answer_score(card.rank, [other.rank for other in hand], tuple(other.rank for other in series), count,
                        {other.rank for other in unseen}, lead)


def answer_score(rank: int, hand: Sequence[int], series: tuple[int, ...], count: int, unseen: Container[int],
                 lead: int = 0) -> float:
    """:func:`answer_value` by ranks alone (1-13; ``hand`` holds ``rank``; ``unseen``: the ranks of
    which the player has not seen every card).

    >>> round(answer_score(6, [6, 9, 13], (6,), 6, unseen={2, 3}), 2)
    2.06
    """
    new_count = count + PIP[rank]
    value = float(play_points((*series, rank), new_count))
    if new_count in (5, 21):
        value -= 2
    rest = list(hand)
    rest.remove(rank)
    last = series[-1] if series else None
    if last == rank:
        if rank in rest:
            value += 1
        elif new_count + PIP[rank] <= 31 and rank in unseen:
            value -= 2.5
    elif last is not None and abs(last - rank) <= 2:
        if lead <= -MARGIN:
            pass  # far behind: play on
        elif any(0 < abs(other - rank) <= 2 and other != last for other in rest):
            value += 0.5
        else:
            value -= 1.5 if lead >= MARGIN else 1
    return value + PIP[rank] / 100


class HoyleBot(GreedyBot):
    """Rules-of-thumb cribbage as the books teach it (see the module's docstring)."""

    name = "hoyle"

    def choose(self, view: SeatView) -> Action:
        actions: tuple[Action, ...] = view.legal_actions
        if len(actions) == 1 or not self.rules.crib or actions[0].verb not in ("discard", "play"):
            return super().choose(view)
        view = cribbage_view(view)
        if actions[0].verb == "discard":
            own = own_crib(self.rules, (self.seat - view.dealer) % self.rules.players)
            options = hoyle_discard(sorted(view.hand), self.rules.discard_count, own)
            top = options[0][0]
            thrown = set(self.rng.choice([cards for value, cards in options if value == top]))
            return next(action for action in actions if set(action.cards) == thrown)
        cards = [action.cards[0] for action in actions if action.verb == "play"]
        if not view.series:
            values = [lead_preference(card, view.hand) for card in cards]
        else:
            series = [card for _, card in view.series]
            unseen = self._unseen(view)
            lead = self._lead(view)
            values = [answer_value(card, view.hand, series, view.count, unseen, lead) for card in cards]
        top = max(values)
        card = self.rng.choice([card for card, value in zip(cards, values) if value == top])
        return next(action for action in actions if action.cards == (card,))

    @staticmethod
    def _unseen(view: CribbageView) -> list[Card]:
        seen: set[Card] = set(view.hand) | set(view.kept) | set(view.discarded)
        seen.update(card for _, card in view.played)
        if view.starter is not None:
            seen.add(view.starter)
        return [card for card in full_deck() if card not in seen]

    def _lead(self, view: CribbageView) -> int:
        mine = view.side_of_seat[self.seat]
        others = [score for side, score in enumerate(view.scores) if side != mine]
        return int(view.scores[mine] - max(others))
