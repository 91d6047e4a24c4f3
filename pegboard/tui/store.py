"""What the app keeps between runs, in the user's data folder: saved games (a ``pegboard/1`` record
plus who sat where), app settings, finished games' records, and statistics in SQLite.

The folder is ``$PEGBOARD_DATA_DIR`` if set, else the platform's user data folder for ``pegboard``.

>>> import tempfile
>>> store = Store(Path(tempfile.mkdtemp()))
>>> store.record_result("cribbage", "expert", Outcome("won", 121, 85, None, "skunk"))
>>> [(row.game, row.opponent, row.played, row.won, row.gave) for row in store.summary()]
[('cribbage', 'expert', 1, 1, 1)]
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from pegboard.engine import GameState, new_game
from pegboard.errors import PegboardError, RecordError
from pegboard.records import parse_record, record_of, replay
from pegboard.tui.controller import Controller, Outcome, Setup

__all__ = ["Store", "SavedGame", "StatsRow", "data_dir", "ENV_VAR"]

ENV_VAR = "PEGBOARD_DATA_DIR"
SAVE_FORMAT = "pegboard-save/1"


def data_dir() -> Path:
    """The data folder: ``$PEGBOARD_DATA_DIR``, else the platform's (``~/.local/share/pegboard``...)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("pegboard", appauthor=False))


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    temporary.replace(path)


def _state_to_json(state: Any) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _state_from_json(data: Any) -> Any:
    version, internal, gauss = data
    return (version, tuple(internal), gauss)


@dataclass(frozen=True)
class SavedGame:
    """A game saved mid-way: its record and seating."""

    path: Path
    setup: Setup
    kinds: tuple[str, ...]
    viewer: int | None
    bot_seed: int
    saved_at: str
    record: dict[str, Any]
    rng_state: Any = None

    def controller(self) -> Controller:
        """The game exactly where it was left: the record replayed, and the deals to come dealt from
        the generator state it was saved with (so they are the ones it would have dealt)."""
        record = parse_record(self.record)
        if self.rng_state is None:
            return Controller(replay(record), self.kinds, setup=self.setup, bot_seed=self.bot_seed, viewer=self.viewer)
        dealt = [deal.deal for deal in record.deals]
        rng = random.Random(record.seed)  # the same cut for the first deal, in the log as before
        game = new_game(record.rules, record.players, seed=record.seed, rng=rng, dealt=dealt)
        if getattr(game, "first_dealer", None) != record.first_dealer and record.rules.family != "solitaire":
            game = new_game(record.rules, record.players, seed=record.seed, rng=rng,
                            first_dealer=record.first_dealer, dealt=dealt)
        rng.setstate(self.rng_state)
        for number, deal in enumerate(record.deals):
            for text in deal.actions:
                try:
                    game.apply_text(text)
                except PegboardError as error:
                    raise RecordError(f"{self.path}: deal {number + 1}, {text!r}: {error}") from None
        return Controller(game, self.kinds, setup=self.setup, bot_seed=self.bot_seed, viewer=self.viewer, rng=rng)


@dataclass(frozen=True)
class StatsRow:
    """Results against one opponent level in one game."""

    game: str
    opponent: str
    played: int
    won: int
    lost: int
    drawn: int
    skunked: int
    gave: int
    best: int


class Store:
    """Saves, settings, records and statistics under one folder."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir()

    @property
    def stats_path(self) -> Path:
        return self.root / "stats.sqlite3"

    def _save_path(self, game: str) -> Path:
        return self.root / "saves" / f"{game}.json"

    # ------------------------------------------------------------------ saved games
    def save_game(self, ctl: Controller) -> Path:
        """Save a game in progress (one save per game type; a later save replaces it)."""
        path = self._save_path(ctl.game.game)
        _write_json(path, {
            "format": SAVE_FORMAT,
            "saved_at": datetime.now().isoformat(timespec="seconds"),
            "setup": ctl.setup.to_json(),
            "kinds": list(ctl.kinds),
            "viewer": None if ctl.hot_seat else ctl.viewer,
            "bot_seed": ctl.bot_seed,
            "rng_state": _state_to_json(ctl.rng.getstate()) if ctl.rng is not None else None,
            "record": record_of(ctl.game),
        })
        return path

    def load_game(self, game: str | None = None) -> SavedGame | None:
        """The saved game of type ``game`` (a preset name), or the latest save; None if there is none."""
        folder = self.root / "saves"
        if game is not None:
            paths = [self._save_path(game)]
        else:
            paths = sorted(folder.glob("*.json"), key=lambda path: path.stat().st_mtime, reverse=True)
        for path in paths:
            if path.exists():
                return self._read_save(path)
        return None

    def _read_save(self, path: Path) -> SavedGame:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != SAVE_FORMAT:
                raise ValueError(f"format {data.get('format')!r}")
            state = data.get("rng_state")
            return SavedGame(path, Setup.from_json(data["setup"]), tuple(data["kinds"]), data.get("viewer"),
                             int(data.get("bot_seed", 0)), str(data.get("saved_at", "")), data["record"],
                             _state_from_json(state) if state is not None else None)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise PegboardError(f"{path}: not a pegboard save ({error})") from None

    def drop_save(self, game: str) -> None:
        """Forget the saved game of type ``game`` (it is finished or replaced)."""
        self._save_path(game).unlink(missing_ok=True)

    # ------------------------------------------------------------------ records of finished games
    def save_record(self, game: GameState) -> Path:
        """Write a game's ``pegboard/1`` record under ``records/``; ``pegboard replay`` reads it."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.root / "records" / f"{game.game}-{stamp}.json"
        number = 1
        while path.exists():
            number += 1
            path = self.root / "records" / f"{game.game}-{stamp}-{number}.json"
        _write_json(path, record_of(game))
        return path

    # ------------------------------------------------------------------ settings
    def load_settings(self) -> dict[str, Any]:
        """The app settings (the last game's set-up...); empty if none or unreadable."""
        try:
            data = json.loads((self.root / "settings.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        _write_json(self.root / "settings.json", settings)

    # ------------------------------------------------------------------ statistics
    def _connect(self) -> sqlite3.Connection:
        self.root.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.stats_path)
        connection.execute(
            "CREATE TABLE IF NOT EXISTS results (id INTEGER PRIMARY KEY, finished TEXT NOT NULL, game TEXT NOT NULL,"
            " opponent TEXT NOT NULL, result TEXT NOT NULL, score INTEGER, other INTEGER, skunked TEXT, gave TEXT)")
        return connection

    def record_result(self, game: str, opponent: str, outcome: Outcome) -> None:
        """Add one finished game to the statistics."""
        with closing(self._connect()) as connection, connection:
            connection.execute(
                "INSERT INTO results (finished, game, opponent, result, score, other, skunked, gave)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (datetime.now().isoformat(timespec="seconds"), game, opponent, outcome.result, outcome.score,
                 outcome.best_other, outcome.skunked, outcome.gave))

    def summary(self) -> list[StatsRow]:
        """Games played, won, lost, drawn, skunks taken and given, best score: per game and opponent."""
        if not self.stats_path.exists():
            return []
        with closing(self._connect()) as connection:
            rows = connection.execute(
                "SELECT game, opponent, COUNT(*), SUM(result = 'won'), SUM(result = 'lost'), SUM(result = 'draw'),"
                " SUM(skunked IS NOT NULL), SUM(gave IS NOT NULL), MAX(score)"
                " FROM results GROUP BY game, opponent ORDER BY game, opponent").fetchall()
        return [StatsRow(*row) for row in rows]
