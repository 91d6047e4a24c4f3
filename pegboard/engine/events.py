"""Events: the immutable log every game writes, one or more per applied action.

Replays, explanations, views and interfaces all read this one log. An event whose cards only one
player may see carries ``private_to``; :meth:`Event.censored` is what everyone else receives.

>>> from pegboard.cards import parse_cards
>>> event = Event("discard", deal=0, seat=1, cards=parse_cards("5H 6C"), private_to=1)
>>> event.visible_to(1), event.visible_to(0)
(True, False)
>>> event.censored().cards, event.censored().hidden
((), 2)
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from pegboard.cards import Card

__all__ = ["Event", "EventType", "Phase", "EventPhase", "EVENT_TYPES", "PHASES", "make_event"]

EventType = Literal["cut", "deal", "dealt", "discard", "starter", "play", "place", "go", "reset", "show", "claim",
                    "score", "end"]
"""An event's type (:data:`EVENT_TYPES` says what each records)."""

Phase = Literal["cut", "deal", "discard", "starter", "play", "count", "muggins", "show", "place", "over", "end"]
"""A phase of a game (a game state's and a view's ``phase``) or of an event (:data:`PHASES`)."""

EventPhase = Literal[Phase, ""]
"""An event's phase: a :data:`Phase`, or empty for an event made without one."""

PHASES: dict[Phase, str] = {
    "cut": "the cut for first deal (ruling 13): events only",
    "deal": "the cards are dealt: events only",
    "discard": "cribbage: every seat throws to the crib",
    "starter": "the starter is turned: events only",
    "play": "cribbage: the play, towards 31",
    "count": "cribbage with muggins: the owner declares a hand's or the crib's count",
    "muggins": "cribbage with muggins: opponents claim the points a count missed, or pass",
    "show": "hands and crib are counted (an event's phase; a game's, with muggins off, only for a moment)",
    "place": "Snailspace and solitaire: cards are placed",
    "over": "the game is over (a game's and a view's phase)",
    "end": "the game is over (an event's phase)",
}
"""Every phase and where it is met."""

EVENT_TYPES: dict[EventType, str] = {
    "cut": "a card cut for the first deal (ruling 13)",
    "deal": "a new deal starts; seat is the dealer",
    "dealt": "the cards dealt to a seat (private to that seat)",
    "discard": "cards thrown to the crib or a discard space (private to the thrower in cribbage)",
    "starter": "the starter is turned",
    "play": "a card laid in the play; count is the running count",
    "place": "a card placed on a grid cell",
    "go": "a player says go",
    "reset": "the count goes back to 0",
    "show": "a hand or crib is shown and counted; points is its total",
    "claim": "a muggins count or claim",
    "score": "points scored: kind says what for, cards which cards",
    "end": "the game is over; kind names the winner's side or 'draw'",
}
"""Every event type and what it records."""


class Event(NamedTuple):
    """One thing that happened.

    ``deal`` is the 0-based deal index (-1 before the first deal), ``phase`` the phase it happened
    in (``cut``, ``deal``, ``discard``, ``starter``, ``play``, ``show``, ``place``, ``end``).
    """

    type: EventType
    deal: int
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    points: int = 0
    kind: str = ""
    phase: EventPhase = ""
    count: int | None = None  # type: ignore[assignment]  # the running count; shadows tuple.count
    where: str = ""
    private_to: int | None = None
    hidden: int = 0

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see this event's cards."""
        return self.private_to is None or self.private_to == seat

    def censored(self) -> Event:
        """This event with its cards removed; ``hidden`` says how many there were."""
        if not self.cards:
            return self
        return Event(self.type, self.deal, self.seat, (), self.points, self.kind, self.phase, self.count,
                     self.where, self.private_to, len(self.cards))

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it."""
        return self if self.visible_to(seat) else self.censored()

    def to_json(self, players: tuple[str, ...] | None = None) -> dict[str, Any]:
        """A JSON-ready dict; with ``players``, the seat is also given as the player's name."""
        data: dict[str, Any] = {"type": self.type, "deal": self.deal}
        if self.seat is not None:
            data["seat"] = self.seat
            if players is not None:
                data["player"] = players[self.seat]
        for name in ("kind", "phase", "where"):
            if value := getattr(self, name):
                data[name] = value
        if self.points:
            data["points"] = self.points
        if self.count is not None:
            data["count"] = self.count
        if self.cards:
            data["cards"] = [str(card) for card in self.cards]
        if self.hidden:
            data["hidden"] = self.hidden
        return data


_new = tuple.__new__


def make_event(type: EventType, deal: int, seat: int | None = None, cards: tuple[Card, ...] = (), points: int = 0,
               kind: str = "", phase: EventPhase = "", count: int | None = None, where: str = "",
               private_to: int | None = None, hidden: int = 0) -> Event:
    """``Event(...)``, made without the named tuple's own constructor (Python code): the engines make
    hundreds of events a game.

    >>> make_event("go", 0, 1, count=25, phase="play") == Event("go", 0, 1, count=25, phase="play")
    True
    """
    return _new(Event, (type, deal, seat, cards, points, kind, phase, count, where, private_to, hidden))
