"""A snapshot of an append-only event log as one seat may see it, made in O(1).

Views carry an :class:`EventLog` instead of a copied tuple: it remembers the log and its length
when the view was made, and censors events hidden from its seat only when read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from pegboard.engine.events import Event

__all__ = ["EventLog"]


class EventLog(Sequence[Event]):
    """The first ``length`` events of ``events`` as ``seat`` sees them (None: a spectator).

    ``censored[i]`` is the censored twin of private event ``i`` (None for public events).
    """

    __slots__ = ("_events", "_censored", "_length", "_seat")

    def __init__(self, events: list[Event], censored: list[Event | None], seat: int | None) -> None:
        self._events = events
        self._censored = censored
        self._length = len(events)
        self._seat = seat

    def _get(self, index: int) -> Event:
        event = self._events[index]
        twin = self._censored[index]
        return event if twin is None or event.private_to == self._seat else twin

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self._get(i) for i in range(*index.indices(self._length)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("event index out of range")
        return self._get(index)

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Event]:
        for index in range(self._length):
            yield self._get(index)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | tuple | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"EventLog({len(self)} events, seat={self._seat})"
