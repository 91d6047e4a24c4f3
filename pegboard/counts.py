"""Counting the way players count, written once for every interface (UI-free): each show of a deal
recounted and itemised, each grid line's points grouped, from the events a seat has seen.

The terminal app (:mod:`pegboard.tui.explain`, its panels) and the web frames (:mod:`pegboard.web.frames`)
both read their counts from here, so a count reads the same everywhere.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=3, first_dealer=1)
>>> while game.deal_number == 0:
...     _ = game.apply(game.legal_actions()[0])
>>> counts = deal_counts(game.events, 0, game.rules, game.players)
>>> [count.title for count in counts]
["Ann's hand", "Bob's hand", "Bob's crib"]
>>> shown = [event.points for event in game.events if event.type == "show"]
>>> [count.score.total for count in counts] == shown
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pegboard.cards import Card
from pegboard.engine.events import Event
from pegboard.rules import Rules
from pegboard.scoring.items import Score, ScoreItem
from pegboard.scoring.show import show_items
from pegboard.scoring.spoken import spoken_count

__all__ = ["ShowCount", "show_score", "show_count", "deal_counts", "line_counts", "deal_events", "starter_of"]


@dataclass(frozen=True)
class ShowCount:
    """One counted unit: a hand, a crib or a grid line, with its itemised score.

    ``declared`` is the owner's own count under muggins (None when the engine counted); ``claims``
    the points that changed hands over it: (seat, ``muggins`` or ``over-claim``, points).
    """

    seat: int | None
    title: str
    cards: tuple[Card, ...]
    starter: Card | None
    score: Score
    declared: int | None = None
    claims: tuple[tuple[int, str, int], ...] = ()

    @property
    def spoken(self) -> str:
        """The count aloud: "fifteen two, fifteen four and a pair is six"."""
        return spoken_count(self.score)

    @property
    def missed(self) -> int:
        """Points the owner left uncounted (muggins)."""
        return 0 if self.declared is None else max(0, self.score.total - self.declared)

    @property
    def over(self) -> int:
        """Points the owner claimed beyond the true count (muggins: they go to the other side)."""
        return 0 if self.declared is None else max(0, self.declared - self.score.total)


def show_score(cards: tuple[Card, ...], starter: Card, crib: bool, rules: Rules) -> Score:
    """The true, itemised score of a hand or crib shown with ``starter`` under ``rules`` (its crib flush rule).

    >>> from pegboard.cards import parse_cards
    >>> show_score(tuple(parse_cards("5H 5D 5S JC")), parse_cards("5C")[0], False, Rules.preset("cribbage")).total
    29
    """
    return show_items(cards, starter, crib, rules.crib_four_flush)


def deal_events(events: Sequence[Event], deal: int) -> list[Event]:
    """The events of ``deal``, in order, read from the end of the log (where the latest deal is)."""
    index = len(events) - 1
    while index >= 0 and events[index].deal > deal:
        index -= 1
    end = index + 1
    while index >= 0 and events[index].deal == deal:
        index -= 1
    return list(events[index + 1:end])


def starter_of(events: Sequence[Event], deal: int) -> Card | None:
    """The starter turned in ``deal``, None if it has not been turned."""
    for event in events:
        if event.type == "starter" and event.deal == deal and event.cards:
            return event.cards[0]
    return None


def _owner(players: Sequence[str], seat: int | None) -> str:
    return f"{players[seat]}'s" if seat is not None else "The"


def show_count(event: Event, events: Sequence[Event], rules: Rules, players: Sequence[str],
               after: int | None = None) -> ShowCount:
    """A cribbage ``show`` event recounted: the itemised, true score of the hand or crib shown. Under
    muggins, with ``after`` (the event's index in ``events``), the points claimed over it too."""
    starter = starter_of(events, event.deal)
    assert starter is not None, "a show always follows the starter"
    score = show_score(event.cards, starter, event.kind == "crib", rules)
    declared = event.points if rules.muggins else None
    claims = []
    if after is not None:
        for later in events[after + 1:]:
            if later.type == "show" or later.deal != event.deal:
                break
            if later.type == "score" and later.kind in ("muggins", "over-claim") and later.seat is not None:
                claims.append((later.seat, later.kind, later.points))
    return ShowCount(event.seat, f"{_owner(players, event.seat)} {event.kind}", event.cards, starter, score, declared,
                     tuple(claims))


def line_counts(events: Sequence[Event], deal: int) -> list[tuple[int | None, str, Score]]:
    """Grid games: each line counted in ``deal`` (the seat it scored for, its name, its items), in the
    order they were first scored."""
    groups: dict[tuple[int | None, str], list[ScoreItem]] = {}
    for event in deal_events(events, deal):
        if event.type == "score" and event.phase == "show":
            groups.setdefault((event.seat, event.where), []).append(ScoreItem(event.kind, event.cards, event.points))
    return [(seat, where, Score(tuple(items))) for (seat, where), items in groups.items()]


def deal_counts(events: Sequence[Event], deal: int, rules: Rules, players: Sequence[str]) -> list[ShowCount]:
    """Every count of ``deal`` in counting order: cribbage hands and crib, or grid lines."""
    if rules.crib:
        in_deal = [event for event in events if event.deal == deal]
        return [show_count(event, in_deal, rules, players, index) for index, event in enumerate(in_deal)
                if event.type == "show"]
    starter = starter_of(events, deal) if rules.solo else None
    counts = []
    for seat, where, score in line_counts(events, deal):
        who = "" if rules.solo or seat is None else f"{players[seat]}: "
        counts.append(ShowCount(seat, f"{who}{where}", (), starter, score))
    return counts
