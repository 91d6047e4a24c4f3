"""A snapshot of a game's event log as one seat may see it: :class:`EventLog`, made in O(1).

The engines write their events to a :class:`pegboard.engine.journal.Journal`; readers get an
:class:`EventLog`: the log as it stood when the snapshot was taken, as one seat may see it (private
events censored), events made from the journal's entries only when read. A player's snapshot reads the
journal's censored copy for that seat (:class:`pegboard.engine.journal.SeatLog`), never the journal:
nothing reachable from it holds a card the seat may not see.

>>> from pegboard.engine.events import Event
>>> from pegboard.engine.journal import Journal
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

__all__ = ["EventLog", "EVERYTHING", "Written"]

EVERYTHING = -2
"""The seat of a snapshot that shows every event uncensored (the engine's own reading, not a player's)."""


class Written(Protocol):
    """What a snapshot reads (a :class:`~pegboard.engine.journal.Journal`, or its censored copy for one
    seat, a :class:`~pegboard.engine.journal.SeatLog`): the events made so far, already as the
    snapshot's seat may see them, and how many events the first ``mark`` entries make."""

    @property
    def events(self) -> list[Event]: ...

    def length_at(self, mark: int) -> int: ...


class EventLog(Sequence[Event]):
    """Events of a journal between two marks, as ``seat`` may see them (None: a spectator).

    An O(1) snapshot: it holds what it reads (the journal for :data:`EVERYTHING`, else the seat's
    censored copy of it) and the marks, and makes events only when read.
    """

    __slots__ = ("_journal", "_start_mark", "_mark", "_seat", "_bounds")

    def __init__(self, journal: Written, start_mark: int, mark: int, seat: int | None) -> None:
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
        return self._journal.events[index]

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
        events = self._journal.events
        for index in range(first, stop):
            yield events[index]

    def __reversed__(self) -> Iterator[Event]:
        first, stop = self._range()
        events = self._journal.events
        for index in range(stop - 1, first - 1, -1):
            yield events[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | tuple | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        seat = "all" if self._seat == EVERYTHING else self._seat
        return f"EventLog({len(self)} events, seat={seat})"
