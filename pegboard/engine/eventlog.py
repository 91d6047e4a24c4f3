"""The event log of a game: written cheaply as the game goes, turned into events only when read.

The engines append to a :class:`Journal` either finished :class:`~pegboard.engine.events.Event` values or
*deferred* entries (anything with an ``expand()`` method returning the events it stands for): the
itemised score of a hand, say, whose total the engine needs at once but whose items only a reader
needs. Events are made, in order and once, the first time someone reads past them; a simulator that
never reads the log never pays for the items.

Readers get an :class:`EventLog`: the log as it stood when the snapshot was taken, as one seat may see
it (private events censored), made in O(1).

>>> from pegboard.engine.events import Event
>>> journal = Journal()
>>> journal.append(Event("deal", 0, 0, phase="deal"))
>>> log = journal.snapshot(seat=1)
>>> journal.append(Event("go", 0, 1, phase="play"))
>>> len(log), len(journal.snapshot(seat=1))
(1, 2)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol, overload

from pegboard.engine.events import Event

__all__ = ["Journal", "EventLog", "Deferred", "EVERYTHING"]

EVERYTHING = -2
"""The seat of a snapshot that shows every event uncensored (the engine's own reading, not a player's)."""


class Deferred(Protocol):
    """A journal entry that stands for events made only when the log is read: a scoring unit, whose
    total the engine credits at once and whose items only a reader needs."""

    def expand(self) -> Sequence[Event]:
        """The events the entry stands for (the unit's items)."""
        ...

    def summary(self) -> Event:
        """The entry as one event, made without expanding it (a 'score' event with the unit's total)."""
        ...


class Journal:
    """An append-only log of events and deferred entries, expanded lazily and once.

    ``entries`` is what the engine wrote; ``events`` the events made from its first entries so far,
    with ``ends[i]`` the number of events made from entries ``0..i``.
    """

    __slots__ = ("entries", "events", "censored", "ends")

    def __init__(self) -> None:
        self.entries: list[Event | Deferred] = []
        self.events: list[Event] = []
        self.censored: list[Event | None] = []  # the censored twin of each private event
        self.ends: list[int] = []

    def append(self, entry: Event | Deferred) -> None:
        self.entries.append(entry)

    @property
    def mark(self) -> int:
        """How many entries have been written: a point in the game's history."""
        return len(self.entries)

    def length_at(self, mark: int) -> int:
        """The number of events the first ``mark`` entries make (expanding them if need be)."""
        if mark > len(self.ends):
            self._expand(mark)
        return self.ends[mark - 1] if mark else 0

    def _expand(self, mark: int) -> None:
        events, censored, ends, entries = self.events, self.censored, self.ends, self.entries
        for index in range(len(ends), mark):
            entry = entries[index]
            made = (entry,) if type(entry) is Event else entry.expand()  # type: ignore[union-attr]
            for event in made:
                events.append(event)
                censored.append(None if event.private_to is None else event.censored())
            ends.append(len(events))

    def summaries(self) -> Iterator[Event]:
        """Every entry as one event, deferred ones summarised, nothing expanded."""
        for entry in self.entries:
            yield entry if type(entry) is Event else entry.summary()  # type: ignore[union-attr]

    def all_events(self) -> tuple[Event, ...]:
        """Every event so far, uncensored."""
        return tuple(self.events[: self.length_at(len(self.entries))])

    def snapshot(self, seat: int | None, start_mark: int = 0) -> EventLog:
        """The log from entry ``start_mark`` to now as ``seat`` sees it (None: a spectator;
        :data:`EVERYTHING`: uncensored)."""
        return EventLog(self, start_mark, len(self.entries), seat)

    def copy(self) -> Journal:
        """An independent journal with the same history (entries and events are immutable: shared)."""
        twin = Journal()
        twin.entries = self.entries.copy()
        twin.events = self.events.copy()
        twin.censored = self.censored.copy()
        twin.ends = self.ends.copy()
        return twin


class EventLog(Sequence[Event]):
    """Events of a :class:`Journal` between two marks, as ``seat`` may see them (None: a spectator).

    An O(1) snapshot: it holds the journal and the marks, and makes (and censors) events only when read.
    """

    __slots__ = ("_journal", "_start_mark", "_mark", "_seat", "_bounds")

    def __init__(self, journal: Journal, start_mark: int, mark: int, seat: int | None) -> None:
        self._journal = journal
        self._start_mark = start_mark
        self._mark = mark
        self._seat = seat
        self._bounds: tuple[int, int] | None = None

    def _range(self) -> tuple[int, int]:
        bounds = self._bounds
        if bounds is None:
            journal = self._journal
            bounds = self._bounds = (journal.length_at(self._start_mark), journal.length_at(self._mark))
        return bounds

    def _get(self, index: int) -> Event:
        journal = self._journal
        event = journal.events[index]
        twin = journal.censored[index]
        return event if twin is None or event.private_to == self._seat or self._seat == EVERYTHING else twin

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        first, stop = self._range()
        length = stop - first
        if isinstance(index, slice):
            return tuple(self._get(first + i) for i in range(*index.indices(length)))
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("event index out of range")
        return self._get(first + index)

    def __len__(self) -> int:
        first, stop = self._range()
        return stop - first

    def __iter__(self) -> Iterator[Event]:
        first, stop = self._range()
        for index in range(first, stop):
            yield self._get(index)

    def __reversed__(self) -> Iterator[Event]:
        first, stop = self._range()
        for index in range(stop - 1, first - 1, -1):
            yield self._get(index)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | tuple | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        seat = "all" if self._seat == EVERYTHING else self._seat
        return f"EventLog({len(self)} events, seat={seat})"
