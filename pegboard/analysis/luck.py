"""Luck and skill apart: what the cards gave each player, in the chance to win (issue 38).

The luck of a chance event is each player's value after it less its expectation before it (as GNU
Backgammon reckons a roll); the value is the chance to win from the board table (two players to 121,
five-card to 61: :class:`pegboard.analysis.winning.WinModel`). The events:

* **the cut for first deal** (a record whose first dealer was cut for): the chance to win at the first
  deal as dealer or pone, less the mean of the two;
* **the deal of each hand**: each player's chance to win with their best throw (the review's own
  valuation of every discard, :class:`pegboard.analysis.evaluate.Assessor`) less the table's chance at
  the deal's start; a player's luck is their own gain less the other's (what the other's hand gains
  them costs this one: the value taken as the sum of what each hand adds), so the two sum to zero;
* **the starter**: the chance to win after the show with this starter (the hands and the crib as kept,
  the play's points as pegged, his heels) less its mean over every card the starter could have been,
  exactly (40 in a six-card deal). A game won in the play has no starter luck.

Per player, ``luck`` is the sum; the ``result`` is the outcome (1 a win, 0 a loss; unfinished: the
chance at the last deal's start) less the chance before the first event; ``skill`` is the rest
(``result - luck``); the ``luck_adjusted`` result is ``outcome - luck``. All in the chance to win (0-1).
Games without a board table (three or four players, the grid games) have no luck measured (0).

>>> cut_luck(0.56, 0.44, dealer=0)
(0.06, -0.06)
>>> deal_luck((0.5, 0.5), (0.6, 0.5))
(0.1, -0.1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.cards import Card

__all__ = ["LuckEvent", "PlayerLuck", "cut_luck", "deal_luck", "starter_luck", "performance_rating", "RATING_SCALE"]

RATING_SCALE = 500
"""The Performance Rating is the equity lost per non-forced decision times this (backgammon's scale);
equity is 2 x the chance to win - 1, so a rating is 1000 x the chance to win lost per decision: 0 is
flawless, a player losing a tenth of a percentage point of the game per decision rates 1.0."""


@dataclass(frozen=True)
class LuckEvent:
    """One chance event: ``kind`` ("cut", "deal", "starter"), the deal (-1: the cut), the index of the
    record's next action, and each seat's luck."""

    kind: str
    deal: int
    index: int
    luck: tuple[float, ...]

    def to_json(self, sides: Sequence[str]) -> dict[str, Any]:
        return {"event": self.kind, "deal": self.deal, "index": self.index,
                "luck": {side: round(value, 4) for side, value in zip(sides, self.luck)}}


@dataclass(frozen=True)
class PlayerLuck:
    """One player's game split: ``luck`` (the cards), ``skill`` (the rest of the ``result``), the
    ``luck_adjusted`` result (the outcome less the luck) and the Performance ``rating``."""

    luck: float
    skill: float
    result: float
    luck_adjusted: float
    rating: float | None
    measured: bool


def cut_luck(as_dealer: float, as_pone: float, dealer: int) -> tuple[float, float]:
    """Seat 0's and seat 1's luck of the cut for first deal: seat 0's chance at the first deal as it
    came out (``as_dealer`` if it deals, else ``as_pone``) less the mean of the two."""
    mean = (as_dealer + as_pone) / 2
    mine = as_dealer if dealer == 0 else as_pone
    return round(mine - mean, 12), round(mean - mine, 12)


def deal_luck(before: tuple[float, float], best: tuple[float, float]) -> tuple[float, float]:
    """The deal's luck: each seat's chance with its best throw less its chance before the deal, less
    the other's such gain (the two sum to zero)."""
    gain = (best[0] - before[0]) - (best[1] - before[1])
    return round(gain, 12), round(-gain, 12)


Chance = Callable[[int, int, bool], float]


def starter_luck(chance: Chance, target: int, dealer: int, base: Sequence[int], pegged: Sequence[int],
                 counts: Callable[[Card], tuple[int, int]], heels: int, starters: Sequence[Card], starter: Card
                 ) -> tuple[float, float]:
    """Seat 0's and seat 1's luck of the starter: the chance to win after the show with ``starter``
    less its mean over every card in ``starters``. ``base``: the scores before the starter; ``pegged``:
    what each scored in the play; ``counts(card)``: the pone's hand and the dealer's hand and crib with
    that starter; ``chance(mine, theirs, dealing)``: seat 0's chance at a deal's start.

    >>> flat = lambda mine, theirs, dealing: 0.5 + (mine - theirs) / 100
    >>> starter_luck(flat, 121, 0, (0, 0), (0, 0), lambda card: (card.rank, 0), 0,
    ...              [Card.parse("AH"), Card.parse("3H")], Card.parse("3H"))
    (-0.01, 0.01)
    """
    pone = 1 - dealer

    def value(card: Card) -> float:
        scores = list(base)
        if heels and card.rank == 11:
            scores[dealer] += heels
            if scores[dealer] >= target:
                return 1.0 if dealer == 0 else 0.0
        scores = [scores[0] + pegged[0], scores[1] + pegged[1]]
        pone_count, dealer_count = counts(card)
        scores[pone] += pone_count
        if scores[pone] >= target:
            return 1.0 if pone == 0 else 0.0
        scores[dealer] += dealer_count
        if scores[dealer] >= target:
            return 1.0 if dealer == 0 else 0.0
        return chance(scores[0], scores[1], pone == 0)  # the pone deals next

    values = [value(card) for card in starters]
    luck = value(starter) - sum(values) / len(values)
    return round(luck, 12), round(-luck, 12)


def performance_rating(chance_lost: float, decisions: int) -> float:
    """The Performance Rating of a player who lost ``chance_lost`` of the chance to win over
    ``decisions`` non-forced decisions (:data:`RATING_SCALE`).

    >>> performance_rating(0.02, 20), performance_rating(0.0, 0)
    (1.0, 0.0)
    """
    if decisions <= 0:
        return 0.0
    return round(2 * chance_lost / decisions * RATING_SCALE, 2)
