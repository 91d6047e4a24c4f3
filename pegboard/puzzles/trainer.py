"""A player's training state as plain data: rating, streak, history and queue of mistakes to see again.

:class:`Trainer` round-trips through JSON (:meth:`Trainer.to_json`, :meth:`Trainer.from_json`), so a
web server keeps it per account and a browser per guest. :meth:`Trainer.next_puzzle` picks the next
puzzle (a due mistake first, else one of the bank near the player's rating) and
:meth:`Trainer.answer` judges an answer and moves the ratings (Glicko-2, :mod:`pegboard.puzzles.rating`).

>>> import random
>>> from pegboard.puzzles.puzzle import Puzzle
>>> bank = [Puzzle("p1", "play", "cribbage", "pos", "play 5H", (("play 5H", 1.0), ("play 9C", 0.0)),
...                "take the points", 1450, 1.0, "5H makes fifteen")]
>>> trainer = Trainer()
>>> puzzle = trainer.next_puzzle(random.Random(1), bank)
>>> verdict = trainer.answer(puzzle, "5h")
>>> verdict.right, trainer.streak, trainer.rating.rating > 1500
(True, 1, True)
>>> Trainer.from_json(trainer.to_json()) == trainer
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pegboard.errors import PuzzleError
from pegboard.puzzles.puzzle import Puzzle
from pegboard.puzzles.queue import Queue
from pegboard.puzzles.rating import PUZZLE_DEVIATION, START, Rating, attempt, expected

__all__ = ["Trainer", "Verdict", "STATE_FORMAT", "HISTORY", "RECENT", "NEAREST", "MISTAKES_PER_GAME"]

STATE_FORMAT = "pegboard-trainer/1"
HISTORY = 50
"""How many answers the history keeps."""
RECENT = 30
"""A bank puzzle answered within the last this many is not offered again."""
NEAREST = 12
"""The next bank puzzle is drawn from this many nearest the player's rating."""
MISTAKES_PER_GAME = 5
"""How many of a game's costliest mistakes :meth:`Trainer.add_mistakes` queues."""


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: right or wrong, the choice as an option, the best, every option's
    value, the explanation, and the ratings before and after (the player's and the puzzle's)."""

    right: bool
    choice: str
    best: str
    options: tuple[tuple[str, float], ...]
    measure: str
    explanation: str
    rating_before: float
    rating_after: float
    puzzle_rating: float
    puzzle_rating_after: float
    streak: int
    expected: float
    puzzle_after: Rating | None = field(default=None, compare=False)
    """The puzzle's whole Glicko rating after the attempt (a server that keeps puzzles' ratings stores it)."""

    @property
    def change(self) -> float:
        return self.rating_after - self.rating_before

    def to_json(self) -> dict[str, Any]:
        return {"right": self.right, "choice": self.choice, "best": self.best,
                "options": [{"choice": c, "value": round(v, 4)} for c, v in self.options], "measure": self.measure,
                "explanation": self.explanation, "rating_before": round(self.rating_before),
                "rating_after": round(self.rating_after), "change": round(self.change),
                "puzzle_rating": round(self.puzzle_rating), "puzzle_rating_after": round(self.puzzle_rating_after),
                "streak": self.streak, "expected": round(self.expected, 3)}


@dataclass
class Trainer:
    """One player's training state (module docstring). ``seen``: puzzles answered; ``history``: the
    latest answers, newest last, each ``{"id", "kind", "theme", "right", "rating"}``."""

    rating: Rating = START
    streak: int = 0
    best_streak: int = 0
    seen: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)
    queue: Queue = field(default_factory=Queue)
    pending: str | None = None
    """The id of the puzzle :meth:`next_puzzle` gave last and not answered yet."""

    # ------------------------------------------------------------------ choosing
    def next_puzzle(self, rng: random.Random, bank: Sequence[Puzzle] | None = None, *, theme: str | None = None,
                    kind: str | None = None, mistakes: bool = False) -> Puzzle | None:
        """The next puzzle: a due entry of the queue first (``mistakes``: the queue only, the soonest
        due even if not due yet), else one of the :data:`NEAREST` bank puzzles nearest the player's
        rating not answered lately, drawn with ``rng``; ``theme``/``kind`` filter both. None when
        nothing fits. ``bank`` defaults to the shipped bank."""
        def fits(puzzle: Puzzle) -> bool:
            return (theme is None or puzzle.theme == theme) and (kind is None or puzzle.kind == kind)

        entries = [entry for entry in (self.queue.ordered() if mistakes else self.queue.due(self.seen))
                   if fits(entry.puzzle)]
        if entries:
            self.pending = entries[0].puzzle.id
            return entries[0].puzzle
        if mistakes:
            return None
        if bank is None:
            from pegboard.puzzles.bank import load_bank

            bank = load_bank()
        recent = {item["id"] for item in self.history[-RECENT:]}
        pool = [puzzle for puzzle in bank if fits(puzzle) and puzzle.id not in recent] or \
            [puzzle for puzzle in bank if fits(puzzle)]
        if not pool:
            return None
        pool.sort(key=lambda puzzle: (abs(puzzle.rating - self.rating.rating), puzzle.id))
        chosen = rng.choice(pool[:NEAREST])
        self.pending = chosen.id
        return chosen

    def find(self, puzzle_id: str, bank: Sequence[Puzzle] | None = None) -> Puzzle:
        """The puzzle ``puzzle_id`` in the queue or the bank; :class:`PuzzleError` if in neither."""
        for entry in self.queue.entries:
            if entry.puzzle.id == puzzle_id:
                return entry.puzzle
        if bank is None:
            from pegboard.puzzles.bank import load_bank

            bank = load_bank()
        for puzzle in bank:
            if puzzle.id == puzzle_id:
                return puzzle
        raise PuzzleError(f"puzzle {puzzle_id!r}: in neither the queue nor the bank")

    # ------------------------------------------------------------------ answering
    def answer(self, puzzle: Puzzle, choice: str, puzzle_rating: Rating | None = None) -> Verdict:
        """Judge ``choice`` (any form :func:`~pegboard.puzzles.puzzle.normalise_choice` reads) and update
        the state: the rating (a win against the puzzle when right), the streak, the history, the queue
        (a queued puzzle moves box; a missed one joins it). ``puzzle_rating``: the puzzle's current
        Glicko rating where the caller keeps one (default: its bank rating, deviation
        :data:`~pegboard.puzzles.rating.PUZZLE_DEVIATION`). Raises :class:`PuzzleError`, with the state
        unchanged, for a choice that is not among the options."""
        chosen = puzzle.resolve(choice)
        right = chosen == puzzle.answer
        against = puzzle_rating if puzzle_rating is not None else Rating(puzzle.rating, PUZZLE_DEVIATION, 0.06, 1)
        before = self.rating
        chance = expected(before.rating, against.rating)
        self.rating, puzzle_after = attempt(before, against, right)
        self.seen += 1
        self.streak = self.streak + 1 if right else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.history.append({"id": puzzle.id, "kind": puzzle.kind, "theme": puzzle.theme, "right": right,
                             "rating": round(self.rating.rating, 1)})
        del self.history[:-HISTORY]
        if puzzle.id in self.queue:
            self.queue.answered(puzzle.id, right, self.seen)
        elif not right:
            self.queue.add(puzzle, self.seen + 1)
        self.pending = None
        return Verdict(right, chosen, puzzle.answer, puzzle.options, puzzle.measure,
                       _explain(puzzle, chosen, right), before.rating, self.rating.rating, against.rating,
                       puzzle_after.rating, self.streak, chance, puzzle_after)

    def add_mistakes(self, puzzles: Sequence[Puzzle], limit: int = MISTAKES_PER_GAME) -> int:
        """Queue the ``limit`` costliest of ``puzzles`` (mined from the player's game, each with the
        ``choice`` they made and its ``loss``), due at once; returns how many were new."""
        costly = sorted((p for p in puzzles if p.choice is not None), key=lambda p: (-(p.loss or 0.0), p.id))
        return sum(self.queue.add(puzzle, self.seen) for puzzle in costly[:limit])

    # ------------------------------------------------------------------ plain data
    def to_json(self) -> dict[str, Any]:
        return {"format": STATE_FORMAT, "rating": self.rating.to_json(), "streak": self.streak,
                "best_streak": self.best_streak, "seen": self.seen, "history": list(self.history),
                "queue": self.queue.to_json(), "pending": self.pending}

    @staticmethod
    def from_json(data: Any) -> Trainer:
        """A trainer from :meth:`to_json`'s object; :class:`PuzzleError` for anything else."""
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise PuzzleError(f"training state: expected a {STATE_FORMAT} object")
        try:
            history = [dict(item) for item in data["history"]]
            if not all(isinstance(item.get("id"), str) for item in history):
                raise ValueError("each answer of the history needs its puzzle's id")
            if not isinstance(data.get("pending"), (str, type(None))):
                raise ValueError("pending: expected a puzzle's id or null")
            return Trainer(Rating.from_json(data["rating"]), int(data["streak"]), int(data["best_streak"]),
                           int(data["seen"]), history, Queue.from_json(data["queue"]), data.get("pending"))
        except (KeyError, TypeError, ValueError) as error:
            raise PuzzleError(f"training state: {error}") from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trainer) and self.to_json() == other.to_json()


def _explain(puzzle: Puzzle, chosen: str, right: bool) -> str:
    unit = "points" if puzzle.measure == "points" else "of the chance to win"
    best = puzzle.value(puzzle.answer)
    runner = puzzle.options[1][0] if len(puzzle.options) > 1 else puzzle.answer
    margin = f"{puzzle.margin:.2f} points" if puzzle.measure == "points" else f"{100 * puzzle.margin:.1f}% to win"
    if right:
        return f"{puzzle.answer} is best, by {margin} over {runner}: {puzzle.why}"
    lost = best - puzzle.value(chosen)
    lost_text = f"{lost:.2f} {unit}" if puzzle.measure == "points" else f"{100 * lost:.1f}% {unit}"
    words = puzzle.reasons.get(chosen, "")
    return f"The best was {puzzle.answer}; {chosen} was {lost_text} worse. " + (words or puzzle.why)
