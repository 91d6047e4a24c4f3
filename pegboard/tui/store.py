"""What the app keeps between runs, in the user's data folder: saved games (a ``pegboard/1`` record
plus who sat where; one file per game started, so a new game never replaces a save), app settings,
finished games' records, and statistics in SQLite.

The folder is ``$PEGBOARD_DATA_DIR`` if set, else the platform's user data folder for ``pegboard``.
A damaged file (not JSON, wrong types, a bad generator state, a statistics file that is not a
database...) is a :class:`~pegboard.errors.StoreError` naming the file and what is wrong with it;
:meth:`Store.problems` finds them all and :meth:`Store.set_aside` moves one out of the way (renamed,
never deleted), so the other files are never touched.

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
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import IO, Any

try:
    import fcntl
except ImportError:  # Windows: saves are not locked
    fcntl = None  # type: ignore[assignment]

from pegboard.analysis.mystats import PlayedGame
from pegboard.datadir import ENV_VAR, data_dir
from pegboard.engine import GameState
from pegboard.errors import PegboardError, RecordError, StoreError
from pegboard.files import JSONProblem, decode_json, read_limited
from pegboard.objectives import WIN, Objective
from pegboard.records import MAX_RECORD_BYTES, GameRecord, parse_record, record_of, replay, start_game
from pegboard.session import check_computer_objective
from pegboard.tui.controller import Controller, Outcome, Setup

__all__ = ["Store", "SavedGame", "StatsRow", "Problem", "data_dir", "ENV_VAR"]

SAVE_FORMAT = "pegboard-save/1"
MAX_FILE_BYTES = MAX_RECORD_BYTES + 2**20
"""The largest save or settings file read (a save is a record and a little more)."""
RESULT_COLUMNS = ("id", "finished", "game", "opponent", "result", "score", "other", "skunked", "gave")
PLAYED_COLUMNS = ("id", "finished", "game", "opponent", "seat", "duplicate", "half", "record", "accuracy")
"""The player's own log (:meth:`Store.log_game`): each finished game's record, their seat, the set and
half of a duplicate set, and the accuracy once a review has worked it out."""


def _write_json(path: Path, data: Any) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(path.suffix + ".tmp")
        temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError as error:
        raise StoreError(f"{path}: cannot write it ({error.strerror or error})") from None


def _read_json(path: Path, what: str) -> Any:
    """A JSON file of the data folder; :class:`StoreError` naming it and what is wrong."""
    try:
        return decode_json(read_limited(path, MAX_FILE_BYTES, what), what)
    except OSError as error:
        raise StoreError(f"{path}: cannot read it ({error.strerror or error})") from None
    except JSONProblem as error:
        raise StoreError(f"{path}: {error}") from None


def _state_to_json(state: Any) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _state_from_json(data: Any) -> Any:
    """A generator state saved by :func:`_state_to_json`; ValueError if it is not one."""
    try:
        version, internal, gauss = data
        state = (version, tuple(internal), gauss)
        random.Random().setstate(state)  # the generator checks every part: version, 625 words, position
    except (TypeError, ValueError, OverflowError) as error:
        raise ValueError(f"rng_state is not a generator state ({error})") from None
    return state


@dataclass(frozen=True)
class Problem:
    """A damaged file in the data folder and what is wrong with it."""

    path: Path
    why: str
    fixable: bool = True
    """Moving it aside fixes it (False: the data folder itself is unusable)."""


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
    first_half: dict[str, Any] | None = None
    """The record of a duplicate set's first half, when the save is of its second."""

    @property
    def game(self) -> str:
        """The preset name of the saved game."""
        return str(self.record.get("game", self.setup.game))

    def describe(self) -> str:
        """The save in a line: ``cribbage vs expert · Ann 45 · Ada 38 · deal 5 · saved 2025-01-04 18:02``."""
        opponent = "" if len(self.kinds) == 1 else \
            " hot seat" if self.setup.opponent == "human" else f" vs {self.setup.opponent}"
        deals = len(self.record.get("deals") or [])
        scores = self.scores or ", ".join(map(str, self.record.get("players") or []))
        when = self.saved_at.replace("T", " ")[:16]
        if self.setup.duplicate is not None:
            opponent += f" · duplicate, half {1 if self.first_half is None else 2}"
        options = self.record.get("options")
        options = options if isinstance(options, dict) else {}
        target = self.setup.target if self.setup.target is not None else options.get("target")
        muggins = self.setup.muggins or options.get("muggins") is True
        name = f"{self.game} to {target}" if _is_int(target) and target != 121 and self.setup.duplicate is None \
            else self.game
        return (f"{name}{' · muggins' if muggins else ''}{opponent} · {scores} · deal {max(deals, 1)} · "
                f"saved {when}")

    def controller(self) -> Controller:
        """The game exactly where it was left: the record replayed, and the deals to come dealt from
        the generator state it was saved with (so they are the ones it would have dealt). It saves
        back to the same file."""
        ctl = self._controller()
        ctl.save_path = self.path
        return ctl

    def _controller(self) -> Controller:
        try:
            record = parse_record(self.record)
            first = replay(parse_record(self.first_half)) if self.first_half is not None else None
        except RecordError as error:
            raise StoreError(f"{self.path}: its record is damaged ({error})") from None
        if self.rng_state is None:
            return Controller(replay(record), self.kinds, setup=self.setup, bot_seed=self.bot_seed, viewer=self.viewer,
                              first_half=first)
        rng = random.Random(record.seed)  # the same cut for the first deal, in the log as before
        game = start_game(_with_cut(record), rng)
        rng.setstate(self.rng_state)
        for number, deal in enumerate(record.deals):
            for text in deal.actions:
                try:
                    game.apply_text(text)
                except PegboardError as error:
                    raise RecordError(f"{self.path}: deal {number + 1}, {text!r}: {error}") from None
        return Controller(game, self.kinds, setup=self.setup, bot_seed=self.bot_seed, viewer=self.viewer, rng=rng,
                          first_half=first)


def _with_cut(record: GameRecord) -> GameRecord:
    """A save from before records said whether the first dealer was cut: the app always cut for it, so
    the cut is drawn again (into the log as before) when it gives the same first dealer."""
    if record.cut_for_deal or record.seed is None or record.first_dealer is None:
        return record
    guess = replace(record, cut_for_deal=True)
    try:
        start_game(guess)
    except RecordError:
        return record
    return guess


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
        self._locks: dict[Path, IO[str]] = {}
        """The saves this process has open (locked), by path."""

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
        self.claim(path)
        _write_json(path, {
            "format": SAVE_FORMAT,
            "saved_at": datetime.now().isoformat(timespec="seconds"),
            "setup": ctl.setup.to_json(),
            "kinds": list(ctl.kinds),
            "viewer": None if ctl.hot_seat else ctl.viewer,
            "bot_seed": ctl.bot_seed,
            "rng_state": _state_to_json(ctl.rng.getstate()) if ctl.rng is not None else None,
            "scores": " · ".join(f"{side} {score}" for side, score in ctl.game.scores().items()),
            "record": ctl.record(),
            "first_half": record_of(ctl.first_half, ctl.objective) if ctl.first_half is not None else None,
        })
        ctl.save_path = path
        return path

    # ------------------------------------------------------------------ locks: one terminal per save
    @staticmethod
    def _lock_path(path: Path) -> Path:
        return path.with_name(path.name + ".lock")

    def claim(self, path: Path) -> None:
        """Lock the save ``path`` for this process while its game is open (released when the game is
        finished, :meth:`release`, or the process ends, however it ends); :class:`StoreError` if another
        terminal has it open. No lock where the platform has none (Windows)."""
        if path in self._locks or fcntl is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(self._lock_path(path), "a+", encoding="utf-8")  # noqa: SIM115 - held while the game is open
        except OSError as error:
            raise StoreError(f"{path}: cannot lock it ({error.strerror or error})") from None
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise StoreError(f"{path}: this game is open in another terminal") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._locks[path] = handle

    def release(self, path: Path) -> None:
        """Unlock a save this process claimed (nothing if it did not)."""
        handle = self._locks.pop(path, None)
        if handle is not None:
            handle.close()

    def release_all(self) -> None:
        """Unlock every save this process claimed (the app is closing)."""
        for path in list(self._locks):
            self.release(path)

    def is_open_elsewhere(self, path: Path) -> bool:
        """Whether another process (another terminal) has the save ``path`` open."""
        if path in self._locks or fcntl is None or not self._lock_path(path).exists():
            return False
        try:
            with open(self._lock_path(path), encoding="utf-8") as handle:
                fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return True
        return False

    def saved_games(self, game: str | None = None) -> list[SavedGame]:
        """Every readable save (of preset ``game`` if given) that no other terminal has open, the latest
        first."""
        saves = []
        for path in self.saves_folder.glob("*.json"):
            if self.is_open_elsewhere(path):
                continue
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
        """One save file; :class:`StoreError` naming it and what is wrong if it is not a whole save."""
        data = _read_json(path, "a pegboard save")
        try:
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise ValueError(f"format {data.get('format') if isinstance(data, dict) else data!r}"[:80])
            setup = Setup.from_json(data.get("setup"))
            kinds, viewer, bot_seed = data.get("kinds"), data.get("viewer", None), data.get("bot_seed", 0)
            if not isinstance(kinds, list) or not all(isinstance(kind, str) for kind in kinds):
                raise ValueError("kinds: expected a list of seat kinds")
            if viewer is not None and (not _is_int(viewer) or not 0 <= viewer < len(kinds)):
                raise ValueError(f"viewer {viewer!r}: expected a seat from 0 to {len(kinds) - 1}")
            if not _is_int(bot_seed):
                raise ValueError(f"bot_seed {bot_seed!r}: expected a whole number")
            record = data.get("record")
            if not isinstance(record, dict):
                raise ValueError("record: expected a pegboard/1 record")
            state = data.get("rng_state")
            first = data.get("first_half")
            if first is not None and not isinstance(first, dict):
                raise ValueError("first_half: expected the pegboard/1 record of a duplicate set's first half")
            return SavedGame(path, setup, tuple(kinds), viewer, bot_seed, str(data.get("saved_at", "")), record,
                             _state_from_json(state) if state is not None else None, str(data.get("scores", "")),
                             first)
        except (PegboardError, ValueError) as error:
            raise StoreError(f"{path}: not a pegboard save ({error})") from None

    def drop_save(self, ctl: Controller) -> None:
        """Forget a game's save (it is finished)."""
        if ctl.save_path is not None:
            try:
                ctl.save_path.unlink(missing_ok=True)
                self.release(ctl.save_path)
                self._lock_path(ctl.save_path).unlink(missing_ok=True)
            except OSError as error:
                raise StoreError(f"{ctl.save_path}: cannot remove it ({error.strerror or error})") from None

    # ------------------------------------------------------------------ records of finished games
    def save_record(self, game: GameState, record: dict[str, Any] | None = None, objective: Objective = WIN) -> Path:
        """Write a game's ``pegboard/1`` record (or ``record``), played for ``objective``, under ``records/``;
        ``pegboard replay`` reads it."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.root / "records" / f"{game.game}-{stamp}.json"
        number = 1
        while path.exists():
            number += 1
            path = self.root / "records" / f"{game.game}-{stamp}-{number}.json"
        _write_json(path, record if record is not None else record_of(game, objective))
        return path

    def save_record_so_far(self, game: GameState, objective: Objective = WIN) -> tuple[Path | None, int]:
        """Write the record a player may see now: the whole game once it is over; before that only
        its finished deals (the deal in play holds cards not yet seen: the others' hands, the
        starter, the stock), and no seed (the deals to come could be dealt again from it).
        The path (None if no deal is finished yet) and the number of deals written."""
        if game.finished:
            return self.save_record(game, objective=objective), game.deal_number + 1
        record = record_of(game, objective)
        done = game.deal_number
        if not done:
            return None, 0
        record["deals"] = record["deals"][:done]
        record.pop("seed", None)
        record.pop("cut_for_deal", None)  # without the seed, the first dealer stands as written
        return self.save_record(game, record), done

    # ------------------------------------------------------------------ settings
    @property
    def settings_path(self) -> Path:
        return self.root / "settings.json"

    def load_settings(self) -> dict[str, Any]:
        """The app settings (the last game's set-up...); empty if there are none. A damaged file is a
        :class:`StoreError` naming it (its ``setup`` must be a whole set-up)."""
        path = self.settings_path
        if not path.exists():
            return {}
        data = _read_json(path, "pegboard's settings")
        if not isinstance(data, dict):
            raise StoreError(f"{path}: not pegboard's settings (expected a JSON object)")
        if data.get("setup") is not None:
            try:
                setup = Setup.from_json(data["setup"])
                check_computer_objective(setup.rules(), setup.objective_value())
            except PegboardError as error:
                raise StoreError(f"{path}: not pegboard's settings (setup: {error})") from None
        return data

    def save_settings(self, settings: dict[str, Any]) -> None:
        _write_json(self.root / "settings.json", settings)

    def update_settings(self, changes: dict[str, Any]) -> None:
        """Change some settings, keeping the others (a damaged file is replaced: it was set aside)."""
        try:
            settings = self.load_settings()
        except StoreError:
            settings = {}
        self.save_settings({**settings, **changes})

    # ------------------------------------------------------------------ statistics
    def _damaged_stats(self, why: object) -> StoreError:
        return StoreError(f"{self.stats_path}: not pegboard's statistics database ({why})")

    def _connect(self) -> sqlite3.Connection:
        path = self.stats_path
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            if path.exists() and not path.is_file():
                raise self._damaged_stats("it is a folder")
            connection = sqlite3.connect(path)
        except OSError as error:
            raise StoreError(f"{path}: cannot open it ({error.strerror or error})") from None
        except sqlite3.Error as error:
            raise self._damaged_stats(error) from None
        try:
            connection.execute(
                "CREATE TABLE IF NOT EXISTS results (id INTEGER PRIMARY KEY, finished TEXT NOT NULL,"
                " game TEXT NOT NULL, opponent TEXT NOT NULL, result TEXT NOT NULL, score INTEGER, other INTEGER,"
                " skunked TEXT, gave TEXT)")
            connection.execute(
                "CREATE TABLE IF NOT EXISTS played (id INTEGER PRIMARY KEY, finished TEXT NOT NULL, game TEXT NOT NULL,"
                " opponent TEXT NOT NULL, seat INTEGER NOT NULL, duplicate TEXT, half INTEGER, record TEXT NOT NULL,"
                " accuracy REAL)")
            tables = {name: tuple(row[1] for row in connection.execute(f"PRAGMA table_info({name})"))
                      for name in ("results", "played")}
        except sqlite3.Error as error:
            connection.close()
            raise self._damaged_stats(error) from None
        for name, wanted in (("results", RESULT_COLUMNS), ("played", PLAYED_COLUMNS)):
            if tables[name] != wanted:
                connection.close()
                raise self._damaged_stats(f"its {name} table has the columns {', '.join(tables[name])}")
        return connection

    def _change(self, what: str, query: str, values: tuple[Any, ...]) -> int:
        """Run one change of the statistics in a transaction; the new row's id. A full disk, a read-only
        file, a lock held elsewhere: :class:`StoreError` saying ``what`` could not be done."""
        with closing(self._connect()) as connection:
            try:
                with connection:
                    return connection.execute(query, values).lastrowid or 0
            except sqlite3.Error as error:
                raise StoreError(f"{self.stats_path}: cannot {what} ({error})") from None

    def record_result(self, game: str, opponent: str, outcome: Outcome) -> None:
        """Add one finished game to the statistics."""
        self._change("add the result",
                     "INSERT INTO results (finished, game, opponent, result, score, other, skunked, gave)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     (_now(), game, opponent, outcome.result, outcome.score, outcome.best_other, outcome.skunked,
                      outcome.gave))

    def log_game(self, game: GameState, seat: int, opponent: str, duplicate: tuple[str, int] | None = None,
                 objective: Objective = WIN) -> int:
        """Add a finished game, played for ``objective``, to the player's own log (``seat``: theirs;
        ``duplicate``: the set's key and the half, for half of a duplicate set); the row's id."""
        key, half = duplicate if duplicate is not None else (None, None)
        return self._change("log the game",
                            "INSERT INTO played (finished, game, opponent, seat, duplicate, half, record)"
                            " VALUES (?, ?, ?, ?, ?, ?, ?)",
                            (_now(), game.game, opponent, seat, key, half, json.dumps(record_of(game, objective))))

    def played(self) -> list[PlayedGame]:
        """Every game of the player's own log, oldest first (``key``: the row's id). A record that is not
        JSON comes as an empty one, which the statistics count as unreadable."""
        if not self.stats_path.exists():
            return []
        with closing(self._connect()) as connection:
            try:
                rows = connection.execute("SELECT id, finished, opponent, seat, duplicate, half, record, accuracy"
                                          " FROM played ORDER BY id").fetchall()
            except sqlite3.Error as error:
                raise self._damaged_stats(error) from None
        games = []
        for key, when, opponent, seat, duplicate, half, text, accuracy in rows:
            try:
                record = json.loads(text)
            except (TypeError, ValueError):
                record = {}
            games.append(PlayedGame(record, seat if _is_int(seat) else -1, str(opponent), str(when),
                                    accuracy if isinstance(accuracy, float) else None,
                                    (str(duplicate), half) if duplicate is not None and _is_int(half) else None, key))
        return games

    def keep_accuracy(self, key: int, accuracy: float) -> None:
        """Cache the accuracy of the logged game of row ``key`` (worked out by a review)."""
        self._change("keep the accuracy", "UPDATE played SET accuracy = ? WHERE id = ?", (accuracy, key))

    def summary(self) -> list[StatsRow]:
        """Games played, won, lost, drawn, skunks taken and given, widest win: per game and opponent."""
        if not self.stats_path.exists():
            return []
        with closing(self._connect()) as connection:
            try:
                rows = connection.execute(
                    "SELECT game, opponent, COUNT(*), SUM(result = 'won'), SUM(result = 'lost'), SUM(result = 'draw'),"
                    " SUM(skunked IS NOT NULL), SUM(gave IS NOT NULL),"
                    " MAX(CASE WHEN result = 'won' THEN score - other END)"
                    " FROM results GROUP BY game, opponent ORDER BY game, opponent").fetchall()
                wrong = connection.execute(
                    "SELECT id FROM results WHERE typeof(game) != 'text' OR typeof(opponent) != 'text'"
                    " OR result NOT IN ('won', 'lost', 'draw') OR typeof(score) NOT IN ('integer', 'null')"
                    " OR typeof(other) NOT IN ('integer', 'null') LIMIT 1").fetchone()
            except sqlite3.Error as error:
                raise self._damaged_stats(error) from None
        if wrong is not None:
            raise self._damaged_stats(f"result {wrong[0]} holds something other than names, won/lost/draw and "
                                      "whole numbers")
        return [StatsRow(*row) for row in rows]

    # ------------------------------------------------------------------ damaged files
    def problems(self) -> list[Problem]:
        """Every damaged file of the data folder (the settings, the statistics, each save), and what is
        wrong with it; a save counts as whole only if its game can be resumed."""
        root = self.root
        if root.exists() and not root.is_dir():
            return [Problem(root, f"not a folder: the data folder must be one (it is ${ENV_VAR} if that is set, "
                                  "else the platform's data folder)", fixable=False)]
        found: list[Problem] = []
        saves = sorted(self.saves_folder.glob("*.json")) if self.saves_folder.is_dir() else []
        checks: list[tuple[Path, Callable[[], object]]] = [
            (self.settings_path, self.load_settings), (self.stats_path, lambda: (self.summary(), self.played())),
                  *((path, lambda path=path: self.read_save(path).controller()) for path in saves)]
        for path, check in checks:
            try:
                check()
            except PegboardError as error:
                found.append(Problem(path, str(error).removeprefix(f"{path}: ")))
        return found

    def set_aside(self, path: Path) -> Path:
        """Move a damaged file out of the way, renamed ``<name>.damaged`` (``.damaged-2``... if taken),
        so a fresh one can start; nothing is deleted. The new path."""
        aside = path.with_name(path.name + ".damaged")
        number = 1
        while aside.exists():
            number += 1
            aside = path.with_name(f"{path.name}.damaged-{number}")
        try:
            path.rename(aside)
        except OSError as error:
            raise StoreError(f"{path}: cannot move it aside to {aside.name} ({error.strerror or error})") from None
        return aside


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _now() -> str:
    return datetime.now().isoformat(timespec="seconds")
