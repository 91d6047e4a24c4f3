"""What the app keeps between runs, in the user's data folder: saved games (a ``pegboard/1`` record
plus who sat where; one file per game started, so a new game never replaces a save), app settings,
finished games' records, and statistics in SQLite.

The folder is ``$PEGBOARD_DATA_DIR`` if set, else the platform's user data folder for ``pegboard``.

>>> import tempfile
>>> store = Store(Path(tempfile.mkdtemp()))
>>> store.record_result("cribbage", "expert", Outcome("won", 121, 85, None, "skunk"))
>>> [(row.game, row.opponent, row.played, row.won, row.gave) for row in store.summary()]
[('cribbage', 'expert', 1, 1, 1)]
>>> store.summary()[0].best_win
36
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
    scores: str = ""

    @property
    def game(self) -> str:
        """The preset name of the saved game."""
        return str(self.record.get("game", self.setup.game))

    def describe(self) -> str:
        """The save in a line: ``cribbage vs expert · Ann 45 · Ada 38 · deal 5 · saved 2025-01-04 18:02``."""
        opponent = "" if self.game == "solitaire" else \
            " hot seat" if self.setup.opponent == "human" else f" vs {self.setup.opponent}"
        deals = len(self.record.get("deals") or [])
        scores = self.scores or ", ".join(map(str, self.record.get("players") or []))
        when = self.saved_at.replace("T", " ")[:16]
        return f"{self.game}{opponent} · {scores} · deal {max(deals, 1)} · saved {when}"

    def controller(self) -> Controller:
        """The game exactly where it was left: the record replayed, and the deals to come dealt from
        the generator state it was saved with (so they are the ones it would have dealt). It saves
        back to the same file."""
        ctl = self._controller()
        ctl.save_path = self.path
        return ctl

    def _controller(self) -> Controller:
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
    best_win: int | None
    """The widest winning margin (points over the other side's best; solitaire: over the target)."""


class Store:
    """Saves, settings, records and statistics under one folder."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir()

    @property
    def stats_path(self) -> Path:
        return self.root / "stats.sqlite3"

    @property
    def saves_folder(self) -> Path:
        return self.root / "saves"

    def _new_save_path(self, game: str) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.saves_folder / f"{game}-{stamp}.json"
        number = 1
        while path.exists():
            number += 1
            path = self.saves_folder / f"{game}-{stamp}-{number}.json"
        return path

    # ------------------------------------------------------------------ saved games
    def save_game(self, ctl: Controller) -> Path:
        """Save a game in progress to its own file (a new file the first time it is saved, so a new
        game never replaces the save of another); the path. The controller remembers it."""
        path = ctl.save_path or self._new_save_path(ctl.game.game)
        _write_json(path, {
            "format": SAVE_FORMAT,
            "saved_at": datetime.now().isoformat(timespec="seconds"),
            "setup": ctl.setup.to_json(),
            "kinds": list(ctl.kinds),
            "viewer": None if ctl.hot_seat else ctl.viewer,
            "bot_seed": ctl.bot_seed,
            "rng_state": _state_to_json(ctl.rng.getstate()) if ctl.rng is not None else None,
            "scores": " · ".join(f"{side} {score}" for side, score in ctl.game.scores().items()),
            "record": record_of(ctl.game),
        })
        ctl.save_path = path
        return path

    def saved_games(self, game: str | None = None) -> list[SavedGame]:
        """Every readable save (of preset ``game`` if given), the latest first."""
        saves = []
        for path in self.saves_folder.glob("*.json"):
            try:
                saved = self.read_save(path)
            except PegboardError:
                continue
            if game is None or saved.game == game:
                saves.append(saved)
        return sorted(saves, key=lambda saved: (saved.saved_at, saved.path.stat().st_mtime), reverse=True)

    def load_game(self, game: str | None = None) -> SavedGame | None:
        """The latest saved game (of preset ``game`` if given); None if there is none."""
        saves = self.saved_games(game)
        return saves[0] if saves else None

    def read_save(self, path: Path) -> SavedGame:
        """One save file (raises :class:`PegboardError` if it is not one)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != SAVE_FORMAT:
                raise ValueError(f"format {data.get('format')!r}")
            state = data.get("rng_state")
            return SavedGame(path, Setup.from_json(data["setup"]), tuple(data["kinds"]), data.get("viewer"),
                             int(data.get("bot_seed", 0)), str(data.get("saved_at", "")), data["record"],
                             _state_from_json(state) if state is not None else None, str(data.get("scores", "")))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise PegboardError(f"{path}: not a pegboard save ({error})") from None

    def drop_save(self, ctl: Controller) -> None:
        """Forget a game's save (it is finished)."""
        if ctl.save_path is not None:
            ctl.save_path.unlink(missing_ok=True)

    # ------------------------------------------------------------------ records of finished games
    def save_record(self, game: GameState, record: dict[str, Any] | None = None) -> Path:
        """Write a game's ``pegboard/1`` record (or ``record``) under ``records/``; ``pegboard replay`` reads it."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.root / "records" / f"{game.game}-{stamp}.json"
        number = 1
        while path.exists():
            number += 1
            path = self.root / "records" / f"{game.game}-{stamp}-{number}.json"
        _write_json(path, record if record is not None else record_of(game))
        return path

    def save_record_so_far(self, game: GameState) -> tuple[Path | None, int]:
        """Write the record a player may see now: the whole game once it is over; before that only
        its finished deals (the deal in play holds cards not yet seen: the others' hands, the
        starter, the stock), and no seed (the deals to come could be dealt again from it).
        The path (None if no deal is finished yet) and the number of deals written."""
        if game.finished:
            return self.save_record(game), game.deal_number + 1
        record = record_of(game)
        done = game.deal_number
        if not done:
            return None, 0
        record["deals"] = record["deals"][:done]
        record.pop("seed", None)
        return self.save_record(game, record), done

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
        """Games played, won, lost, drawn, skunks taken and given, widest win: per game and opponent."""
        if not self.stats_path.exists():
            return []
        with closing(self._connect()) as connection:
            rows = connection.execute(
                "SELECT game, opponent, COUNT(*), SUM(result = 'won'), SUM(result = 'lost'), SUM(result = 'draw'),"
                " SUM(skunked IS NOT NULL), SUM(gave IS NOT NULL), MAX(CASE WHEN result = 'won' THEN score - other END)"
                " FROM results GROUP BY game, opponent ORDER BY game, opponent").fetchall()
        return [StatsRow(*row) for row in rows]
