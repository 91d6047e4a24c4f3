"""The event log of a game as the engine writes it: cheap to append to, turned into events only when read.

The engines append to a :class:`Journal` either finished :class:`~pegboard.engine.events.Event` values or
*deferred* entries (anything with ``expand()`` returning the events it stands for, and ``summary()``):
the itemised score of a hand, say, whose total the engine needs at once but whose items only a reader
needs. Events are made, in order and once, the first time someone reads past them; a simulator that
never reads the log never pays for the items. Readers get an :class:`~pegboard.engine.eventlog.EventLog`
snapshot (:meth:`Journal.snapshot`).

>>> from pegboard.engine.events import Event
>>> journal = Journal()
>>> journal.append(Event("deal", 0, 0, phase="deal"))
>>> journal.mark, journal.length_at(1)
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from pegboard.engine.eventlog import EVERYTHING, EventLog
from pegboard.engine.events import Event

__all__ = ["Journal", "Deferred", "EVERYTHING"]


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
