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
        _expand_one(entries[index], events, seat)
        ends.append(len(events))


def _expand_one(entry: Event | Deferred, events: list[Event], seat: int) -> None:
    """Append the events of one entry, censored for ``seat`` (:data:`EVERYTHING`: uncensored)."""
    if type(entry) is Event:
        events.append(entry)
    else:
        for event in entry.expand():  # type: ignore[union-attr]
            private = event.private_to
            events.append(event if private is None or private == seat or seat == EVERYTHING
                          else event.censored())


class SeatLog:
    """One seat's censored reading of a journal (seat None: a spectator's). It reads the journal's
    shared copy (every entry as a spectator sees it: each private event as its censored twin, made once
    for every seat) and, over it, the seat's own private events uncensored; the events made from them
    are its own. It holds no reference to the journal, so nothing reachable from it is hidden from the
    seat; the journal brings its own events up to date when a snapshot for the seat is asked for
    (:meth:`Journal.snapshot`)."""

    __slots__ = ("seat", "shared", "own", "taken", "events", "ends")

    def __init__(self, seat: int | None, shared: list[Event | Deferred]) -> None:
        self.seat = seat
        self.shared = shared  # the journal's censored copy: it only grows, and only by what a spectator sees
        self.own: dict[int, Event] = {}  # entry index -> this seat's private event, uncensored
        self.taken = 0  # how many of the journal's private events for this seat ``own`` holds
        self.events: list[Event] = []
        self.ends: list[int] = []

    def length_at(self, mark: int) -> int:
        """The number of events the first ``mark`` entries make (making them if need be)."""
        ends = self.ends
        if mark > len(ends):
            own, shared, events = self.own, self.shared, self.events
            seat = NO_SEAT if self.seat is None else self.seat
            for index in range(len(ends), mark):
                entry = own.get(index)
                if entry is not None:
                    events.append(entry)
                else:
                    _expand_one(shared[index], events, seat)
                ends.append(len(events))
        return ends[mark - 1] if mark else 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling and ``copy`` (compiled, the class cannot be made without its seat)."""
        return (_restored_seat_log, (self.seat, self.shared, self.own, self.taken, self.events, self.ends))

    def copy(self, shared: list[Event | Deferred]) -> SeatLog:
        """A twin reading ``shared`` (its journal's copy of the shared entries)."""
        return _restored_seat_log(self.seat, shared, self.own.copy(), self.taken, self.events.copy(),
                                  self.ends.copy())


def _restored_seat_log(seat: int | None, shared: list[Event | Deferred], own: dict[int, Event], taken: int,
                       events: list[Event], ends: list[int]) -> SeatLog:
    log = SeatLog(seat, shared)
    log.own, log.taken, log.events, log.ends = own, taken, events, ends
    return log


class Journal:
    """An append-only log of events and deferred entries, expanded lazily and once.

    ``entries`` is what the engine wrote; ``events`` the events made from its first entries so far,
    with ``ends[i]`` the number of events made from entries ``0..i``. ``shared`` is every entry as a
    spectator sees it (each private event censored, once for every seat), ``owned`` each seat's
    private events with their places, and ``seats`` each seat's reading of them
    (:class:`SeatLog`), all brought up to date when a snapshot asks.
    """

    __slots__ = ("entries", "events", "ends", "seats", "shared", "owned")

    def __init__(self) -> None:
        self.entries: list[Event | Deferred] = []
        self.events: list[Event] = []
        self.ends: list[int] = []
        self.seats: dict[int | None, SeatLog] = {}
        self.shared: list[Event | Deferred] = []
        self.owned: dict[int, list[tuple[int, Event]]] = {}

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
        shared = self.shared
        if len(shared) < mark:  # each new entry once, for every seat: private events censored, and kept
            owned = self.owned
            for index in range(len(shared), mark):
                entry = entries[index]
                if type(entry) is Event:
                    private = entry.private_to
                    if private is not None:
                        mine = owned.get(private)
                        if mine is None:
                            mine = owned[private] = []
                        mine.append((index, entry))
                        entry = entry.censored()
                shared.append(entry)
        log = self.seats.get(seat)
        if log is None:
            log = self.seats[seat] = SeatLog(seat, shared)
        if seat is not None:
            mine = self.owned.get(seat)
            if mine is not None and log.taken < len(mine):
                own = log.own
                for index in range(log.taken, len(mine)):
                    place, event = mine[index]
                    own[place] = event
                log.taken = len(mine)
        return EventLog(log, start_mark, mark, seat)

    def prepend(self, entries: Sequence[Event | Deferred]) -> None:
        """Put ``entries`` before every entry written so far (a rebuilt game's cuts for deal, as the game
        it copies made them): nothing may have been expanded yet, and the seats' readings are made
        again, from the new places, when next asked."""
        if self.ends:
            raise ValueError("prepend: the journal's events were already made from its first entries")
        self.entries[0:0] = entries
        self.shared, self.owned, self.seats = [], {}, {}

    def copy(self) -> Journal:
        """An independent journal with the same history (entries and events are immutable: shared)."""
        twin = Journal()
        twin.entries = self.entries.copy()
        twin.events = self.events.copy()
        twin.ends = self.ends.copy()
        twin.shared = self.shared.copy()
        twin.owned = {seat: mine.copy() for seat, mine in self.owned.items()}
        twin.seats = {seat: log.copy(twin.shared) for seat, log in self.seats.items()}
        return twin
