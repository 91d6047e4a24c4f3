"""The bank of puzzles: mined from the expert's games (against itself, classic, hoyle and greedy;
Snailspace and solitaire; a muggins game against random for counting and claiming what was missed),
ordered by theme and rating, shipped as ``pegboard/data/puzzles.json`` (docs/train.md says how it was
made).

>>> bank = load_bank()
>>> len(bank) > 0, all(p.answer == p.options[0][0] for p in bank)
(True, True)
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from pegboard.errors import PuzzleError
from pegboard.puzzles.mining import mine
from pegboard.puzzles.puzzle import KINDS, Puzzle
from pegboard.records import parse_record, record_of

__all__ = ["BANK_FORMAT", "SOURCES", "Source", "load_bank", "read_bank", "write_bank", "mine_bank", "order_bank",
           "MIN_MARGIN", "PER_GAME", "mine_game"]

BANK_FORMAT = "pegboard-puzzles/1"


@dataclass(frozen=True)
class Source:
    """Games mined for the bank: the game, its options, the two (or one) bots."""

    game: str
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()


SOURCES: tuple[Source, ...] = (
    Source("cribbage", ("expert", "expert")),
    Source("cribbage", ("expert", "classic")),
    Source("cribbage", ("expert", "hoyle")),
    Source("cribbage", ("expert", "greedy")),
    Source("snailspace", ("expert", "greedy")),
    Source("solitaire", ("expert",)),
    Source("cribbage", ("expert", "random"), (("muggins", True),)),
    Source("five-card", ("expert", "hoyle")),
)
"""Game ``i`` of a bank run plays ``SOURCES[i % len(SOURCES)]``."""
MIN_MARGIN = {"discard": 0.25, "play": 0.25, "count": 0.0, "cell": 0.3, "place": 0.3}
"""A bank puzzle's best beats the next choice by at least this much (points; near the end, chance to
win is measured against WIN_NOISE alone): a lead a player can find, not a coin toss."""
PER_GAME = 6
"""At most this many candidates of each kind and verb of the best from one game (chosen by the run's seed
before analysis): a muggins game gives counts, claims and passes alike."""


def _play(source: Source, seed: int) -> dict[str, Any]:
    from pegboard.sim import MatchConfig, play_game

    config = MatchConfig(source.game, source.bots, games=1, seed=seed, options=source.options)
    _, game = play_game(config, 0)
    return record_of(game)


def mine_game(seed: int, index: int) -> list[Puzzle]:
    """The bank's puzzles from game ``index`` of a run seeded ``seed`` (``SOURCES`` in turn, the game
    seeded ``seed * 1000 + index``, at most :data:`PER_GAME` candidates of each kind and verb of the best,
    chosen by that seed too)."""
    source = SOURCES[index % len(SOURCES)]
    record = parse_record(_play(source, seed * 1000 + index))
    chooser = random.Random(seed * 1000 + index)
    return mine(record, mistakes=False, min_margin=MIN_MARGIN, seed=0, limit=PER_GAME, rng=chooser)


def _mine_one(job: tuple[int, int]) -> list[Puzzle]:
    return mine_game(*job)


def mine_bank(games: int, seed: int = 0, progress: Callable[[int, int, int], None] | None = None,
              every_game: Callable[[list[Puzzle]], None] | None = None, jobs: int = 1
              ) -> tuple[list[Puzzle], dict[str, float]]:
    """Mine ``games`` games (:func:`mine_game`) for the bank, in ``jobs`` processes (the result is the
    same); returns the puzzles, ordered (:func:`order_bank`), and figures (seconds in all and per game,
    the latter in one process's time). ``progress(game, games, puzzles)`` after each game;
    ``every_game(puzzles so far)`` too (to save them)."""
    found: dict[str, Puzzle] = {}
    started = time.perf_counter()
    work = [(seed, index) for index in range(games)]
    pool = None
    results: Iterator[list[Puzzle]]
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("spawn").Pool(jobs)
        results = pool.imap(_mine_one, work)
    else:
        results = map(_mine_one, work)
    try:
        for index, puzzles in enumerate(results):
            for puzzle in puzzles:
                found.setdefault(puzzle.id, puzzle)
            if progress is not None:
                progress(index + 1, games, len(found))
            if every_game is not None:
                every_game(order_bank(list(found.values())))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    seconds = time.perf_counter() - started
    return order_bank(list(found.values())), {"seconds": seconds, "per_game": seconds * max(1, jobs) / max(1, games)}


def order_bank(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """The bank's order: by kind, theme, then rating (easiest first), then id."""
    return sorted(puzzles, key=lambda p: (KINDS.index(p.kind) if p.kind in KINDS else 9, p.theme, p.rating, p.id))


def write_bank(puzzles: Sequence[Puzzle], path: str | Path, about: dict[str, Any] | None = None) -> None:
    """Write a bank file: ``{"format", "about", "puzzles": [...]}``."""
    data = {"format": BANK_FORMAT, "about": about or {}, "puzzles": [p.to_json() for p in order_bank(puzzles)]}
    Path(path).write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n")


def read_bank(text: str, source: str = "bank") -> list[Puzzle]:
    """The puzzles of a bank file's text; :class:`PuzzleError` naming ``source`` if it is none."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise PuzzleError(f"{source}: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != BANK_FORMAT or not isinstance(data.get("puzzles"), list):
        raise PuzzleError(f"{source}: expected a {BANK_FORMAT} object with a list of puzzles")
    return [Puzzle.from_json(item) for item in data["puzzles"]]


@lru_cache(maxsize=1)
def _shipped() -> tuple[Puzzle, ...]:
    text = resources.files("pegboard").joinpath("data/puzzles.json").read_text(encoding="utf-8")
    return tuple(read_bank(text, "pegboard/data/puzzles.json"))


def load_bank(path: str | Path | None = None) -> list[Puzzle]:
    """The shipped bank (``pegboard/data/puzzles.json``), or the bank file at ``path``."""
    if path is None:
        return list(_shipped())
    return read_bank(Path(path).read_text(encoding="utf-8"), str(path))
