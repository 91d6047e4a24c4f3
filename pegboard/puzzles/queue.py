"""A player's queue of puzzles to see again, spaced like Leitner boxes counted in puzzles seen.

A puzzle enters in box 1, due at once. Answered right it moves up a box and comes back after
:data:`INTERVALS` more puzzles (1, 3, 8, 20, then 50); right in the last box, it leaves the queue.
Answered wrong it goes back to box 1, due after the next puzzle. Due entries come first, the most
overdue first, then the costliest (the points the mistake lost).

>>> from pegboard.puzzles.puzzle import Puzzle
>>> p = Puzzle("a1", "play", "cribbage", "pos", "play 5H", (("play 5H", 1.0), ("play 9C", 0.0)), "t", 1500, 1, "")
>>> queue = Queue()
>>> queue.add(p, seen=0)
True
>>> [e.puzzle.id for e in queue.due(seen=0)], queue.answered("a1", True, seen=1).due
(['a1'], 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pegboard.errors import PuzzleError
from pegboard.puzzles.puzzle import Puzzle

__all__ = ["INTERVALS", "Entry", "Queue", "MAX_QUEUE"]

INTERVALS = (1, 3, 8, 20, 50)
"""Puzzles seen before an entry of box 1, 2, ... 5 is due again."""
MAX_QUEUE = 100
"""The most entries kept: past it the ones lost least are dropped."""


@dataclass(frozen=True)
class Entry:
    """A puzzle in the queue: its Leitner ``box`` (1-5) and when it is ``due`` (puzzles seen)."""

    puzzle: Puzzle
    box: int = 1
    due: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle.to_json(), "box": self.box, "due": self.due}

    @staticmethod
    def from_json(data: Any) -> Entry:
        try:
            return Entry(Puzzle.from_json(data["puzzle"]), int(data["box"]), int(data["due"]))
        except (KeyError, TypeError, ValueError) as error:
            raise PuzzleError(f"queue entry: expected puzzle, box and due ({error})") from None


@dataclass
class Queue:
    """The entries, in no particular order (:meth:`due` orders them)."""

    entries: list[Entry] = field(default_factory=list)

    def __contains__(self, puzzle_id: object) -> bool:
        return any(entry.puzzle.id == puzzle_id for entry in self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def add(self, puzzle: Puzzle, seen: int) -> bool:
        """Add ``puzzle`` to box 1, due now; False if it is queued already."""
        if puzzle.id in self:
            return False
        self.entries.append(Entry(puzzle, 1, seen))
        if len(self.entries) > MAX_QUEUE:
            self.entries.sort(key=lambda entry: (-(entry.puzzle.loss or 0.0), entry.box))
            del self.entries[MAX_QUEUE:]
        return True

    def ordered(self) -> list[Entry]:
        """Every entry, soonest due first, then the costliest."""
        return sorted(self.entries, key=lambda entry: (entry.due, -(entry.puzzle.loss or 0.0), entry.puzzle.id))

    def due(self, seen: int) -> list[Entry]:
        """The entries due after ``seen`` puzzles, in order."""
        return [entry for entry in self.ordered() if entry.due <= seen]

    def answered(self, puzzle_id: str, right: bool, seen: int) -> Entry | None:
        """Move the entry of ``puzzle_id`` after an answer (``seen``: puzzles seen, this one counted);
        returns it as it is now, or None if it left the queue (or was not in it)."""
        for at, entry in enumerate(self.entries):
            if entry.puzzle.id != puzzle_id:
                continue
            box = entry.box + 1 if right else 1
            if box > len(INTERVALS):
                del self.entries[at]
                return None
            moved = replace(entry, box=box, due=seen + INTERVALS[box - 1])
            self.entries[at] = moved
            return moved
        return None

    def to_json(self) -> list[dict[str, Any]]:
        return [entry.to_json() for entry in self.ordered()]

    @staticmethod
    def from_json(data: Any) -> Queue:
        if not isinstance(data, list):
            raise PuzzleError("queue: expected a list of entries")
        return Queue([Entry.from_json(item) for item in data])
