"""The computer levels' published ratings (issue 36): each level is a rated player with a fixed rating
for each rated two-player game kind, measured from bot matches against each other and anchored at
greedy = 1500 on the Elo/Glicko scale (P(win) = 1 / (1 + 10^(-difference / 400))). A person can so
get a rating by playing the computer, and a rating means the same on every pegboard server.

The figures live in ``pegboard/data/levels.json``, written by ``python -m benchmarks.levels``
(docs/levels.md gives the method, the games and the table). UI-free: the web and the command line
read them from here.

>>> level_rating("cribbage", "greedy").rating
1500.0
>>> level_rating("cribbage", "random").rating < 1500 < level_rating("cribbage", "expert").rating
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from pegboard.errors import PegboardError

__all__ = ["LevelRating", "LevelError", "level_ratings", "level_rating", "rated_kinds", "ANCHOR"]

ANCHOR = "greedy"
"""The level whose rating is fixed (at 1500 in every kind); every other is measured against it."""
DATA_FILE = "levels.json"
"""The published figures, in the package's ``data`` folder."""


class LevelError(PegboardError):
    """A game kind or a computer level that has no published rating."""


@dataclass(frozen=True)
class LevelRating:
    """A computer level's rating in one game kind: the rating, the deviation to rate a game against
    it with (Glicko's RD: the bootstrap's standard error, never below 30), and the 95% interval.

    >>> LevelRating("greedy", 1500.0, 30.0, 1500.0, 1500.0).rating
    1500.0
    """

    level: str
    rating: float
    deviation: float
    low: float
    high: float
    games: int = 0
    """How many measured games the level played in this kind."""


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    text = resources.files("pegboard").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def rated_kinds() -> tuple[str, ...]:
    """The game kinds (presets) with published level ratings.

    >>> rated_kinds()
    ('cribbage', 'five-card')
    """
    return tuple(_data()["kinds"])


def level_ratings(kind: str) -> dict[str, LevelRating]:
    """Every computer level's rating in game kind ``kind`` (a preset: ``cribbage`` or ``five-card``),
    weakest first. :class:`LevelError` names an unknown kind and the choices.

    >>> levels = list(level_ratings("five-card"))
    >>> levels[0], levels[-1], "greedy" in levels
    ('random', 'expert', True)
    >>> level_ratings("snailspace")
    Traceback (most recent call last):
    ...
    pegboard.levels.LevelError: game kind 'snailspace' has no rated computer levels: expected cribbage or five-card
    """
    if not isinstance(kind, str) or kind not in rated_kinds():
        raise LevelError(f"game kind {kind!r} has no rated computer levels: expected {_choices(rated_kinds())}")
    return {r.level: r for r in _ratings(kind)}


@cache
def _ratings(kind: str) -> tuple[LevelRating, ...]:
    """One known kind's ratings, read once (a fresh dict is made of them for every caller)."""
    rows = _data()[kind]
    ratings = [LevelRating(level, float(row["rating"]), float(row["deviation"]), float(row["low"]),
                           float(row["high"]), int(row["games"])) for level, row in rows.items()]
    return tuple(sorted(ratings, key=lambda r: r.rating))


def level_rating(kind: str, level: str) -> LevelRating:
    """Computer level ``level``'s rating in game kind ``kind``. :class:`LevelError` names an unknown
    kind or level and the choices.

    >>> level_rating("five-card", "greedy")
    LevelRating(level='greedy', rating=1500.0, deviation=30.0, low=1500.0, high=1500.0, games=...)
    >>> level_rating("cribbage", "grandmaster")
    Traceback (most recent call last):
    ...
    pegboard.levels.LevelError: computer level 'grandmaster' has no cribbage rating: expected random, greedy, ...
    """
    ratings = level_ratings(kind)
    try:
        return ratings[level]
    except (KeyError, TypeError):
        raise LevelError(f"computer level {level!r} has no {kind} rating: expected {_choices(ratings)}") from None


def _choices(names: Iterable[str]) -> str:
    """``a, b or c``."""
    listed = list(names)
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " or " + listed[-1]
