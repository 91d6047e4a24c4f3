"""The cards a seat played in each deal, read off a game's event log as it grows.

:func:`deal_plays` reads a whole log; :class:`PlaysReader` gives the same lists for a log that only
grows (the views of one game, decision after decision), reading each event once: a bot asks at every
decision of a game, and reading the whole log each time cost the expert about 3% of its time.

>>> from pegboard.engine import new_game
>>> from pegboard.rules import Rules
>>> game = new_game(Rules.preset("cribbage"), seed=4)
>>> reader = PlaysReader(1)
>>> reader.read(game.view(0).events) == deal_plays(game.view(0).events, 1)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.bots.inference import PastPlay
from pegboard.engine.events import Event

__all__ = ["deal_plays", "PlaysReader"]

Found = tuple[tuple[int, ...], int, int]  # the series and count a card was played on, and its rank


def deal_plays(events: Sequence[Event], seat: int) -> list[list[PastPlay]]:
    """The cards ``seat`` played in each deal of ``events`` so far (the last list is the current
    deal), each with the series and count it was played on and the ranks it played from then on."""
    return PlaysReader(seat).read(events)


def _past_plays(found: list[Found]) -> list[PastPlay]:
    ranks = [rank for _, _, rank in found]
    return [PastPlay(series, count, rank, tuple(ranks[index:])) for index, (series, count, rank) in enumerate(found)]


class PlaysReader:
    """:func:`deal_plays` of one seat over a growing event log: the events read before are not read
    again while the log starts with the same events (else it reads from the start)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._forget()

    def _forget(self) -> None:
        self.first: Event | None = None
        self.last: Event | None = None
        self.done = 0  # events read
        self.deals: list[list[Found]] = []
        self.built: list[list[PastPlay]] = []  # the finished deals' plays (all deals but the last)
        self.series: tuple[int, ...] = ()
        self.count = 0
        self.answer: list[list[PastPlay]] | None = None  # what read() gave for the log as read so far

    def read(self, events: Sequence[Event]) -> list[list[PastPlay]]:
        """:func:`deal_plays` of ``events`` for this reader's seat."""
        size = len(events)
        if self.done and not (size >= self.done and events[0] is self.first and events[self.done - 1] is self.last):
            self._forget()
        if self.answer is not None and size == self.done:
            return self.answer
        deals = self.deals
        for index in range(self.done, size):
            event = events[index]
            kind = event.type
            if kind == "deal":
                deals.append([])
                self.series, self.count = (), 0
            elif kind == "reset":
                self.series, self.count = (), 0
            elif kind == "play" and event.cards:
                rank = event.cards[0].rank
                if event.seat == self.seat:
                    deals[-1].append((self.series, self.count, rank))
                self.series, self.count = (*self.series, rank), self.count + event.cards[0].pips
        if size > self.done:
            self.first, self.last, self.done = events[0], events[size - 1], size
        while len(self.built) < len(deals) - 1:
            self.built.append(_past_plays(deals[len(self.built)]))
        self.answer = [*self.built, _past_plays(deals[-1] if deals else [])]
        return self.answer
