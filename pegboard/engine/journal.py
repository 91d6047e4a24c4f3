"""The event log of a game as the engine writes it: cheap to append to, turned into events only when read.

The engines append to a :class:`Journal` either finished :class:`~pegboard.engine.events.Event` values or
*deferred* entries (anything with ``expand()`` returning the events it stands for, and ``summary()``):
the itemised score of a hand, say, whose total the engine needs at once but whose items only a reader
needs. Events are made, in order and once, the first time someone reads past them; a simulator that
never reads the log never pays for the items. Readers get an :class:`~pegboard.engine.eventlog.EventLog`
snapshot (:meth:`Journal.snapshot`). A player's snapshot reads the journal's censored copy for that seat
(:class:`SeatLog`), kept up to date as snapshots are asked for, and never the journal itself: a view
handed to a bot reaches no card its seat may not see.

>>> from pegboard.engine.events import Event
>>> journal = Journal()
>>> journal.append(Event("deal", 0, 0, phase="deal"))
>>> journal.mark, journal.length_at(1)
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from pegboard.engine.eventlog import EVERYTHING, EventLog
from pegboard.engine.events import Event

__all__ = ["Journal", "SeatLog", "Deferred", "EVERYTHING"]


class Deferred(Protocol):
    """A journal entry that stands for events made only when the log is read: a scoring unit, whose
    total the engine credits at once and whose items only a reader needs. It goes into every seat's
    log as it is, so it holds only cards every seat may see when it is written (a shown hand, the play's
    series)."""

    def expand(self) -> Sequence[Event]:
        """The events the entry stands for (the unit's items), the same objects each time it is asked."""
        ...

    def summary(self) -> Event:
        """The entry as one event, made without expanding it (a 'score' event with the unit's total)."""
        ...


NO_SEAT = -3
"""The seat a spectator's log censors for: no event is private to it."""


def _expand(entries: list[Event | Deferred], events: list[Event], ends: list[int], mark: int, seat: int) -> None:
    """Make the events of ``entries`` up to ``mark`` (``ends`` says how far they are made), censored for
    ``seat`` (:data:`EVERYTHING`: uncensored)."""
    for index in range(len(ends), mark):
        entry = entries[index]
        if type(entry) is Event:
            events.append(entry)
        else:
            for event in entry.expand():  # type: ignore[union-attr]
                private = event.private_to
                events.append(event if private is None or private == seat or seat == EVERYTHING
                              else event.censored())
        ends.append(len(events))


class SeatLog:
    """One seat's censored copy of a journal (seat None: a spectator's): its entries, each private event
    another seat's cards as its censored twin, and the events made from them. It holds no reference to
    the journal, so nothing reachable from it is hidden from the seat; the journal appends to it when a
    snapshot for the seat is asked for (:meth:`Journal.snapshot`)."""

    __slots__ = ("seat", "entries", "events", "ends")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.entries: list[Event | Deferred] = []
        self.events: list[Event] = []
        self.ends: list[int] = []

    def length_at(self, mark: int) -> int:
        """The number of events the first ``mark`` entries make (making them if need be)."""
        if mark > len(self.ends):
            _expand(self.entries, self.events, self.ends, mark, NO_SEAT if self.seat is None else self.seat)
        return self.ends[mark - 1] if mark else 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling and ``copy`` (compiled, the class cannot be made without its seat)."""
        return (_restored_seat_log, (self.seat, self.entries, self.events, self.ends))

    def copy(self) -> SeatLog:
        twin = SeatLog(self.seat)
        twin.entries = self.entries.copy()
        twin.events = self.events.copy()
        twin.ends = self.ends.copy()
        return twin


def _restored_seat_log(seat: int | None, entries: list[Event | Deferred], events: list[Event],
                       ends: list[int]) -> SeatLog:
    log = SeatLog(seat)
    log.entries, log.events, log.ends = entries, events, ends
    return log


class Journal:
    """An append-only log of events and deferred entries, expanded lazily and once.

    ``entries`` is what the engine wrote; ``events`` the events made from its first entries so far,
    with ``ends[i]`` the number of events made from entries ``0..i``; ``seats`` each seat's censored
    copy, as far as a snapshot for it has asked.
    """

    __slots__ = ("entries", "events", "ends", "seats")

    def __init__(self) -> None:
        self.entries: list[Event | Deferred] = []
        self.events: list[Event] = []
        self.ends: list[int] = []
        self.seats: dict[int | None, SeatLog] = {}

    def append(self, entry: Event | Deferred) -> None:
        self.entries.append(entry)

    @property
    def mark(self) -> int:
        """How many entries have been written: a point in the game's history."""
        return len(self.entries)

    def length_at(self, mark: int) -> int:
        """The number of events the first ``mark`` entries make (expanding them if need be)."""
        if mark > len(self.ends):
            _expand(self.entries, self.events, self.ends, mark, EVERYTHING)
        return self.ends[mark - 1] if mark else 0

    def summaries(self) -> Iterator[Event]:
        """Every entry as one event, deferred ones summarised, nothing expanded."""
        for entry in self.entries:
            yield entry if type(entry) is Event else entry.summary()  # type: ignore[union-attr]

    def all_events(self) -> tuple[Event, ...]:
        """Every event so far, uncensored."""
        return tuple(self.events[: self.length_at(len(self.entries))])

    def snapshot(self, seat: int | None, start_mark: int = 0) -> EventLog:
        """The log from entry ``start_mark`` to now as ``seat`` sees it (None: a spectator;
        :data:`EVERYTHING`: uncensored, reading the journal itself)."""
        entries = self.entries
        mark = len(entries)
        if seat == EVERYTHING:
            return EventLog(self, start_mark, mark, seat)
        log = self.seats.get(seat)
        if log is None:
            log = self.seats[seat] = SeatLog(seat)
        mine = log.entries
        for index in range(len(mine), mark):
            entry = entries[index]
            if type(entry) is Event:
                private = entry.private_to
                if private is not None and private != seat:
                    entry = entry.censored()
            mine.append(entry)
        return EventLog(log, start_mark, mark, seat)

    def copy(self) -> Journal:
        """An independent journal with the same history (entries and events are immutable: shared)."""
        twin = Journal()
        twin.entries = self.entries.copy()
        twin.events = self.events.copy()
        twin.ends = self.ends.copy()
        twin.seats = {seat: log.copy() for seat, log in self.seats.items()}
        return twin
