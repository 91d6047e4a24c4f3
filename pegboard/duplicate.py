"""Duplicate play against the computer, UI-free: a set of deals played by a person from one seat, then
the same deals from the other seat (where the computer sat, with the cards it held), so the luck of
the cards cancels out and the result is the point difference.

Each half is one game of ``deals`` deals scored deal by deal (the target is out of reach: 999), dealt
from the same seed, so deal *k* gives each seat the same cards in both halves and the same seat deals.
The person sits at seat 0 in the first half and at seat 1 in the second. The result sets, deal by
deal, what the person scored with a seat's cards against what the computer scored with the same
cards in the other half.

>>> from pegboard.engine import new_game
>>> from pegboard.rules import Rules
>>> rules = duplicate_rules(Rules.preset("cribbage"), 2)
>>> names = [seating(half, "Ann", "Ada", "greedy")[0] for half in (1, 2)]
>>> first, second = (new_game(rules, list(n), seed=4) for n in names)
>>> for game in (first, second):
...     while not game.finished:
...         seat = game.to_act()[0]
...         _ = game.apply(game.legal_actions(seat)[0])
>>> result = compare(first, second)
>>> len(result.deals), result.difference == result.person_total - result.computer_total
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.engine import GameState
from pegboard.engine.tally import SOURCES, deal_sources
from pegboard.errors import DuplicateError
from pegboard.rules import MAX_TARGET, Rules

__all__ = ["DEALS", "PERSON_SEATS", "DuplicateError", "can_duplicate", "duplicate_rules", "seating", "DealComparison",
           "DuplicateResult", "compare"]

DEALS = range(1, 31)
"""How many deals a duplicate set may have (each half: far from the target of 999 at any pace)."""
PERSON_SEATS = (0, 1)
"""The person's seat in the first half and in the second."""


def can_duplicate(rules: Rules) -> bool:
    """Whether a duplicate set can be played of these rules' game: two players, a crib.

    >>> [can_duplicate(Rules.preset(name)) for name in ("cribbage", "five-card", "cribbage-3", "snailspace")]
    [True, True, False, False]
    """
    return rules.crib and rules.players == 2


def duplicate_rules(rules: Rules, deals: int) -> Rules:
    """The rules of each half of a duplicate set of ``deals`` deals: a two-player game with a crib,
    scored deal by deal. :class:`DuplicateError` names what is wrong.

    >>> duplicate_rules(Rules.preset("five-card"), 6).options()
    {'target': 999, 'deals': 6}
    >>> duplicate_rules(Rules.preset("cribbage-3"), 6)
    Traceback (most recent call last):
    ...
    pegboard.errors.DuplicateError: duplicate play of cribbage-3: it needs a two-player game with a crib \
(cribbage, five-card)
    """
    if not can_duplicate(rules):
        raise DuplicateError(f"duplicate play of {rules.name}: it needs a two-player game with a crib "
                             f"(cribbage, five-card)")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals not in DEALS:
        raise DuplicateError(f"duplicate set of {deals!r} deals: expected {DEALS.start} to {DEALS.stop - 1}")
    return rules.with_options(target=MAX_TARGET, deals=deals)


def seating(half: int, person: str, computer: str, level: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """The players' names and seat kinds (``human`` or a computer level) of half 1 or 2.

    >>> seating(2, "Ann", "Ada", "expert")
    (('Ada', 'Ann'), ('expert', 'human'))
    """
    if half not in (1, 2):
        raise DuplicateError(f"half {half!r}: a duplicate set has halves 1 and 2")
    if half == 1:
        return (person, computer), ("human", level)
    return (computer, person), (level, "human")


@dataclass(frozen=True)
class DealComparison:
    """One deal of a set: with the first seat's cards (the person's in the first half), what the person
    and the computer scored; with the second seat's cards, the same; and whether the person dealt in
    the first half."""

    deal: int
    person_dealt_first: bool
    first_cards: tuple[int, int]
    """Points with seat 0's cards: (the person, in half 1; the computer, in half 2)."""
    second_cards: tuple[int, int]
    """Points with seat 1's cards: (the person, in half 2; the computer, in half 1)."""

    @property
    def difference(self) -> int:
        """The person's points less the computer's, with the same cards."""
        return self.first_cards[0] - self.first_cards[1] + self.second_cards[0] - self.second_cards[1]

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "person_dealt_first": self.person_dealt_first,
                "first_cards": {"person": self.first_cards[0], "computer": self.first_cards[1]},
                "second_cards": {"person": self.second_cards[0], "computer": self.second_cards[1]},
                "difference": self.difference}


@dataclass(frozen=True)
class DuplicateResult:
    """A duplicate set compared deal by deal: the person's points in both halves against the
    computer's, over the deals both halves completed, and the difference by source."""

    person: str
    computer: str
    deals: tuple[DealComparison, ...]
    person_total: int
    computer_total: int
    by_source: dict[str, int]
    """Per source (:data:`pegboard.engine.tally.SOURCES`): the person's points less the computer's."""

    @property
    def difference(self) -> int:
        return self.person_total - self.computer_total

    @property
    def per_deal(self) -> float:
        return self.difference / len(self.deals) if self.deals else 0.0

    def headline(self) -> str:
        """The result in a line: ``Ann 120, Ada 112 on the same 8 deals: +8 for Ann (+1.00 a deal).``"""
        count = len(self.deals)
        lead = self.person if self.difference > 0 else self.computer
        verdict = f"+{abs(self.difference)} for {lead}" if self.difference else "level"
        return (f"{self.person} {self.person_total}, {self.computer} {self.computer_total} on the same {count} "
                f"deal{'s' if count != 1 else ''}: {verdict} ({self.per_deal:+.2f} a deal for {self.person}).")

    def to_json(self) -> dict[str, Any]:
        return {"person": self.person, "computer": self.computer, "deals": [deal.to_json() for deal in self.deals],
                "person_total": self.person_total, "computer_total": self.computer_total,
                "difference": self.difference, "per_deal": round(self.per_deal, 3), "by_source": self.by_source,
                "headline": self.headline()}


def _points(seat: dict[str, Any]) -> int:
    return sum(int(seat[source]) for source in SOURCES)


def compare(first: GameState, second: GameState) -> DuplicateResult:
    """The set's result from its two halves (so far: the deals both have completed).
    :class:`DuplicateError` if they are not two halves of one set (the same rules, the names swapped,
    the same cards)."""
    if first.rules != second.rules or tuple(first.players) != tuple(reversed(second.players)):
        raise DuplicateError("not two halves of one duplicate set: the second must have the first's rules, "
                             "with the players' seats swapped")
    person, computer = first.players[PERSON_SEATS[0]], first.players[1 - PERSON_SEATS[0]]
    tallies = deal_sources(first), deal_sources(second)
    count = min(len(tallies[0]), len(tallies[1]))
    _check_same_cards(first, second, count)
    rows = []
    by_source = dict.fromkeys(SOURCES, 0)
    for deal in range(count):
        one, two = tallies[0][deal], tallies[1][deal]
        rows.append(DealComparison(deal, one[0]["role"] == 0, (_points(one[0]), _points(two[0])),
                                   (_points(two[1]), _points(one[1]))))
        for source in SOURCES:
            by_source[source] += one[0][source] - two[0][source] + two[1][source] - one[1][source]
    mine = sum(row.first_cards[0] + row.second_cards[0] for row in rows)
    theirs = sum(row.first_cards[1] + row.second_cards[1] for row in rows)
    return DuplicateResult(person, computer, tuple(rows), mine, theirs, by_source)


def _check_same_cards(first: GameState, second: GameState, count: int) -> None:
    logs: Sequence[Any] = first.deal_logs
    others: Sequence[Any] = second.deal_logs
    for deal in range(count):
        if logs[deal].deal != others[deal].deal:
            raise DuplicateError(f"not two halves of one duplicate set: deal {deal + 1} was dealt other cards")
