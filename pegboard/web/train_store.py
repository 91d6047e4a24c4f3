"""Training kept in the database (migration 5): each account's :class:`~pegboard.puzzles.trainer.Trainer`
as its JSON, updated optimistically (a version: two answers at once cannot both count), and each puzzle's
Glicko-2 rating, attempts and solves as signed-in players try it. Free of any web framework: each function
works in one transaction (:class:`pegboard.web.store.Tx`).

>>> from pegboard.puzzles.rating import Rating
>>> from pegboard.web.store import SQLiteStore
>>> store = SQLiteStore(":memory:")
>>> trainer, version = store.read(lambda tx: load_trainer(tx, 7))
>>> trainer.streak = 3
>>> store.transact(lambda tx: save_trainer(tx, 7, trainer, version, 0.0))
1
>>> store.read(lambda tx: load_trainer(tx, 7))[0].streak
3
>>> store.transact(lambda tx: save_trainer(tx, 7, trainer, version, 0.0))  # an older version: refused
Traceback (most recent call last):
...
pegboard.web.errors.HubError: your training changed meanwhile (another tab?): ask for the next puzzle again
>>> store.transact(lambda tx: record_attempt(tx, "p1", Rating(1480.0, 75.0, 0.06, 1), True, 0.0))
>>> store.read(lambda tx: puzzle_stats(tx, ["p1", "p2"]))
{'p1': {'rating': 1480.0, 'deviation': 75.0, 'volatility': 0.06, 'attempts': 1, 'solves': 1}}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pegboard.puzzles.puzzle import Puzzle
from pegboard.puzzles.rating import PUZZLE_DEVIATION, Rating
from pegboard.puzzles.trainer import Trainer
from pegboard.web.errors import HubError
from pegboard.web.store import Tx

__all__ = ["load_trainer", "save_trainer", "puzzle_rating", "puzzle_stats", "record_attempt", "all_ratings"]


def load_trainer(tx: Tx, account: int) -> tuple[Trainer, int]:
    """``account``'s trainer and its version (a new trainer, version 0, if it never trained)."""
    row = tx.one("SELECT state, version FROM trainers WHERE account = ?", account)
    if row is None:
        return Trainer(), 0
    return Trainer.from_json(json.loads(row[0])), int(row[1])


def save_trainer(tx: Tx, account: int, trainer: Trainer, version: int, now: float) -> int:
    """Store ``trainer`` as version ``version + 1`` if the stored one is still ``version`` (409 otherwise:
    another request changed it since it was read); the new version."""
    state = json.dumps(trainer.to_json(), separators=(",", ":"))
    if version == 0:
        changed = tx.run("INSERT INTO trainers (account, state, version, updated) VALUES (?, ?, 1, ?)"
                         " ON CONFLICT (account) DO NOTHING", account, state, now)
    else:
        changed = tx.run("UPDATE trainers SET state = ?, version = ?, updated = ? WHERE account = ? AND version = ?",
                         state, version + 1, now, account, version)
    if changed != 1:
        raise HubError(409, "your training changed meanwhile (another tab?): ask for the next puzzle again")
    return version + 1


def puzzle_rating(tx: Tx, puzzle: Puzzle) -> Rating:
    """``puzzle``'s current rating: as players moved it, or its bank rating (deviation
    :data:`~pegboard.puzzles.rating.PUZZLE_DEVIATION`) before anyone tried it."""
    row = tx.one("SELECT rating, deviation, volatility, attempts FROM puzzle_ratings WHERE puzzle = ?", puzzle.id)
    if row is None:
        return Rating(puzzle.rating, PUZZLE_DEVIATION, 0.06, 0)
    return Rating(float(row[0]), float(row[1]), float(row[2]), int(row[3]))


def all_ratings(tx: Tx) -> dict[str, float]:
    """Every tried puzzle's current rating, by id (the bank is matched to players by these)."""
    return {str(puzzle): float(rating) for puzzle, rating in tx.all("SELECT puzzle, rating FROM puzzle_ratings")}


def puzzle_stats(tx: Tx, ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The stored rating, attempts and solves of each of ``ids`` tried at least once."""
    found = {}
    for puzzle in ids:
        row = tx.one("SELECT rating, deviation, volatility, attempts, solves FROM puzzle_ratings WHERE puzzle = ?",
                     puzzle)
        if row is not None:
            found[puzzle] = {"rating": float(row[0]), "deviation": float(row[1]), "volatility": float(row[2]),
                             "attempts": int(row[3]), "solves": int(row[4])}
    return found


def record_attempt(tx: Tx, puzzle: str, after: Rating, solved: bool, now: float) -> None:
    """A player tried ``puzzle``: its new rating ``after``, one more attempt (and solve, if ``solved``)."""
    tx.run("INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, attempts, solves, updated) VALUES"
           " (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (puzzle) DO UPDATE SET rating = excluded.rating,"
           " deviation = excluded.deviation, volatility = excluded.volatility,"
           " attempts = puzzle_ratings.attempts + 1, solves = puzzle_ratings.solves + excluded.solves,"
           " updated = excluded.updated", puzzle, after.rating, after.deviation, after.volatility, int(solved), now)
