"""Where tables live between restarts: one small interface and its SQLite implementation.

A table is its setup (game, options, players, seed, seats) plus the seat tokens handed out and every
applied action, in order; replaying the actions on the setup gives back the game exactly. The
server only calls :class:`Store`'s four methods, so another backend (PostgreSQL) is one new class.

>>> store = SQLiteStore(":memory:")
>>> store.write([TableRow("t1", {"game": "cribbage"}, 0.0), ActionRow("t1", 0, "Ann discard 5H 6C")])
>>> stored = store.load("t1")
>>> stored.actions, store.unfinished()
(['Ann discard 5H 6C'], ['t1'])
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pegboard.errors import StoreError

__all__ = ["TableRow", "SeatRow", "ActionRow", "FinishRow", "InviteRow", "ResultRow", "AccuracyRow", "Write",
           "StoredTable", "PlayerGame", "Store", "SQLStore", "SQLiteStore", "Tx", "name_key",
           "MIGRATIONS", "SCHEMA_VERSION", "is_postgres_url"]

T = TypeVar("T")


@dataclass(frozen=True)
class TableRow:
    """A new table: its id, setup (JSON-ready) and creation time."""

    table: str
    setup: dict[str, Any]
    created: float


@dataclass(frozen=True)
class SeatRow:
    """A player took a seat: the hash of the secret seat token they were given."""

    table: str
    seat: int
    token_hash: str
    account: int | None = None  # the signed-in account that sat down (None: a guest)


@dataclass(frozen=True)
class ActionRow:
    """Action number ``n`` (0-based) of a table, as record text; when it was applied (seconds since the
    epoch: a rated table's clocks are replayed from these) and ``how`` if the server made it for the seat
    (``"timeout"``, ``"forced"``)."""

    table: str
    n: int
    text: str
    at: float | None = None
    how: str | None = None


@dataclass(frozen=True)
class InviteRow:
    """The table's creator reissued a seat's invite: the old invite (and the seat's token, if someone
    had taken it) no longer works."""

    table: str
    seat: int
    invite: str


@dataclass(frozen=True)
class FinishRow:
    """The table's game is over (its actions say so too: this only spares loading it at start-up), or
    ended by an ``outcome`` the actions do not hold (a loss on time or by abandonment)."""

    table: str
    outcome: dict[str, Any] | None = None


@dataclass(frozen=True)
class ResultRow:
    """A person finished a game at a table: their seat and the name they played under, for their own
    statistics on this server (:meth:`Store.player_games`)."""

    table: str
    seat: int
    name: str
    finished: float
    account: int | None = None  # only a signed-in player's games count toward their statistics


@dataclass(frozen=True)
class AccuracyRow:
    """A finished game's accuracy for one seat, worked out by a review: kept for the statistics."""

    table: str
    seat: int
    accuracy: float


Write = TableRow | SeatRow | ActionRow | FinishRow | InviteRow | ResultRow | AccuracyRow


@dataclass
class StoredTable:
    """Everything stored about one table."""

    row: TableRow
    seats: dict[int, str] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    invites: dict[int, str] = field(default_factory=dict)  # reissued invites, by seat
    accounts: dict[int, int] = field(default_factory=dict)  # signed-in accounts, by seat
    times: list[tuple[float | None, str | None]] = field(default_factory=list)  # each action's (at, how)
    outcome: dict[str, Any] | None = None


@dataclass(frozen=True)
class PlayerGame:
    """A game a name finished: the table, the seat, when (seconds since the epoch) and the accuracy
    once worked out."""

    table: str
    seat: int
    finished: float
    accuracy: float | None


class Store(Protocol):
    """The storage interface. ``write`` is all-or-nothing and durable when it returns."""

    def write(self, writes: Sequence[Write]) -> None: ...

    def load(self, table: str) -> StoredTable | None: ...

    def unfinished(self) -> list[str]: ...

    def player_games(self, account: int) -> list[PlayerGame]: ...

    def unfinished_rated(self) -> list[str]: ...

    def actions_since(self, table: str, n: int) -> list[tuple[int, str, float | None, str | None]]: ...

    def transact(self, work: Callable[[Tx], T]) -> T: ...

    def read(self, work: Callable[[Tx], T]) -> T: ...

    def close(self) -> None: ...


MIGRATIONS: tuple[str, ...] = (
    # 1: the tables of a server without accounts (IF NOT EXISTS: such a database is at version 0)
    """
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, created REAL NOT NULL, setup TEXT NOT NULL,
                                   finished INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
                                  PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS actions (table_id TEXT NOT NULL, n INTEGER NOT NULL, text TEXT NOT NULL,
                                    PRIMARY KEY (table_id, n));
CREATE TABLE IF NOT EXISTS invites (table_id TEXT NOT NULL, seat INTEGER NOT NULL, invite TEXT NOT NULL,
                                    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS results (table_id TEXT NOT NULL, seat INTEGER NOT NULL, name_key TEXT NOT NULL,
                                    finished REAL NOT NULL, accuracy REAL, PRIMARY KEY (table_id, seat));
CREATE INDEX IF NOT EXISTS results_by_name ON results (name_key);
""",
    # 2: accounts, sessions, ratings, blocks, clocks' times, outcomes, reviews kept
    """
ALTER TABLE seats ADD COLUMN account INTEGER;
ALTER TABLE actions ADD COLUMN at REAL;
ALTER TABLE actions ADD COLUMN how TEXT;
ALTER TABLE results ADD COLUMN account INTEGER;
ALTER TABLE tables ADD COLUMN outcome TEXT;
CREATE INDEX results_by_account ON results (account);
CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
                       skeleton TEXT NOT NULL UNIQUE, hash TEXT, created REAL NOT NULL,
                       deleted INTEGER NOT NULL DEFAULT 0, banned INTEGER NOT NULL DEFAULT 0,
                       private INTEGER NOT NULL DEFAULT 0);
CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, account INTEGER NOT NULL, csrf TEXT NOT NULL,
                       created REAL NOT NULL);
CREATE INDEX sessions_by_account ON sessions (account);
CREATE TABLE resets (token_hash TEXT PRIMARY KEY, account INTEGER NOT NULL, expires REAL NOT NULL);
CREATE TABLE ratings (account INTEGER NOT NULL, kind TEXT NOT NULL, rating REAL NOT NULL,
                      deviation REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,
                      updated REAL NOT NULL, PRIMARY KEY (account, kind));
CREATE TABLE rating_changes (table_id TEXT NOT NULL, account INTEGER NOT NULL, kind TEXT NOT NULL,
                             before REAL NOT NULL, after REAL NOT NULL, deviation REAL NOT NULL,
                             at REAL NOT NULL, PRIMARY KEY (table_id, account));
CREATE INDEX rating_changes_by_account ON rating_changes (account, at);
CREATE TABLE blocks (account INTEGER NOT NULL, blocked INTEGER NOT NULL, PRIMARY KEY (account, blocked));
CREATE TABLE reviews (table_id TEXT PRIMARY KEY, body TEXT NOT NULL);
""",
    # 3: what several server processes share: the queue, matches, rematch requests, the sign-in throttle,
    # and which tables are rated (a referee must watch them)
    """
ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tables_unfinished_rated ON tables (finished, rated);
CREATE TABLE queue (account INTEGER NOT NULL, kind TEXT NOT NULL, clock TEXT NOT NULL, rating REAL NOT NULL,
                    since REAL NOT NULL, PRIMARY KEY (account));
CREATE TABLE matches (id TEXT PRIMARY KEY, kind TEXT NOT NULL, clock TEXT NOT NULL, server_seed TEXT NOT NULL,
                      commitment TEXT NOT NULL, created REAL NOT NULL, table_id TEXT);
CREATE TABLE match_seats (match_id TEXT NOT NULL, seat INTEGER NOT NULL, account INTEGER, name TEXT NOT NULL,
                          level TEXT, contribution TEXT, since REAL, rating REAL, PRIMARY KEY (match_id, seat));
CREATE INDEX match_seats_by_account ON match_seats (account);
CREATE TABLE rematches (table_id TEXT NOT NULL, account INTEGER NOT NULL, PRIMARY KEY (table_id, account));
CREATE TABLE throttle (key TEXT PRIMARY KEY, failures INTEGER NOT NULL, last REAL NOT NULL)
""",
    # 4: which seats of rated tables are connected to which process, until when (several processes)
    """
CREATE TABLE presence (table_id TEXT NOT NULL, seat INTEGER NOT NULL, process TEXT NOT NULL, until REAL NOT NULL,
                       PRIMARY KEY (table_id, seat, process))
""",
    # 5: training (issue 39, pegboard.web.train_store): each account's trainer state (its pegboard-trainer/1
    # JSON, with a version for optimistic updates) and each puzzle's Glicko rating as players try it
    """
CREATE TABLE trainers (account INTEGER NOT NULL, state TEXT NOT NULL, version INTEGER NOT NULL,
                       updated REAL NOT NULL, PRIMARY KEY (account));
CREATE TABLE puzzle_ratings (puzzle TEXT NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL,
                             volatility REAL NOT NULL, attempts INTEGER NOT NULL, solves INTEGER NOT NULL,
                             updated REAL NOT NULL, PRIMARY KEY (puzzle))
""",
)
"""The schema, as numbered steps: a database at version ``v`` (SQLite's ``user_version``, PostgreSQL's
``schema_version`` table) runs steps ``v+1`` onwards when it is opened, each in one transaction. Never
edit a step: add one."""
SCHEMA_VERSION = len(MIGRATIONS)

_SCHEMA_CHECKS = ("SELECT id, created, setup, finished FROM tables LIMIT 0",
                  "SELECT table_id, seat, token_hash FROM seats LIMIT 0",
                  "SELECT table_id, n, text FROM actions LIMIT 0")


class Tx:
    """A transaction's statements, in the ``?`` style (the PostgreSQL store translates them).

    >>> tx = Tx(sqlite3.connect(":memory:"))
    >>> tx.run("CREATE TABLE t (x INTEGER)"), tx.run("INSERT INTO t VALUES (?)", 4), tx.one("SELECT x FROM t")
    (-1, 1, (4,))
    """

    def __init__(self, db: Any) -> None:
        self.db = db

    def run(self, sql: str, *params: Any) -> int:
        """Execute one statement; the number of rows it changed."""
        return int(self.db.execute(sql, params).rowcount)

    def one(self, sql: str, *params: Any) -> tuple[Any, ...] | None:
        row = self.db.execute(sql, params).fetchone()
        return None if row is None else tuple(row)

    def all(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in self.db.execute(sql, params).fetchall()]


class SQLStore:
    """What the SQLite and PostgreSQL stores share: every statement, in the ``?`` style; a subclass
    gives :meth:`transact` and :meth:`read` over its own connection."""

    dialect = "sqlite"

    def transact(self, work: Callable[[Tx], T]) -> T:  # pragma: no cover - each backend has its own
        raise NotImplementedError

    def read(self, work: Callable[[Tx], T]) -> T:  # pragma: no cover
        raise NotImplementedError

    def close(self) -> None:  # pragma: no cover
        raise NotImplementedError

    def write(self, writes: Sequence[Write]) -> None:
        """Store ``writes`` in one transaction (all or nothing)."""
        self.transact(lambda tx: _apply(tx, writes))

    def load(self, table: str) -> StoredTable | None:
        return self.read(lambda tx: _load(tx, table))

    def actions_since(self, table: str, n: int) -> list[tuple[int, str, float | None, str | None]]:
        """Table ``table``'s actions numbered ``n`` and on: (n, text, at, how)."""
        return [(int(row[0]), str(row[1]), row[2], row[3]) for row in self.read(lambda tx: tx.all(
            "SELECT n, text, at, how FROM actions WHERE table_id = ? AND n >= ? ORDER BY n", table, n))]

    def unfinished(self) -> list[str]:
        """Every unfinished table, oldest first."""
        return [str(row[0]) for row in self.read(lambda tx: tx.all(
            "SELECT id FROM tables WHERE finished = 0 ORDER BY created"))]

    def unfinished_rated(self) -> list[str]:
        """The unfinished rated tables (a referee must watch their clocks even with nobody connected)."""
        return [str(row[0]) for row in self.read(lambda tx: tx.all(
            "SELECT id FROM tables WHERE finished = 0 AND rated = 1 ORDER BY created"))]

    def player_games(self, account: int) -> list[PlayerGame]:
        """The games ``account`` finished signed in (a guest's games count toward nobody)."""
        rows = self.read(lambda tx: tx.all("SELECT table_id, seat, finished, accuracy FROM results WHERE account = ?"
                                           " ORDER BY finished, table_id", account))
        return [PlayerGame(str(row[0]), int(row[1]), float(row[2]), None if row[3] is None else float(row[3]))
                for row in rows]

    def _migrate(self, version: int, run: Callable[[int, list[str]], None]) -> None:
        """Bring a database at ``version`` up to :data:`SCHEMA_VERSION`: ``run(step, statements)`` runs
        one step's statements (in this dialect) and records the step, in one transaction."""
        if version > SCHEMA_VERSION:
            raise StoreError(f"its schema is version {version}, newer than this pegboard's {SCHEMA_VERSION}: "
                             "upgrade pegboard")
        for number in range(version, SCHEMA_VERSION):
            run(number + 1, [_dialect(statement, self.dialect) for statement in MIGRATIONS[number].split(";")
                             if statement.strip()])


def _dialect(statement: str, dialect: str) -> str:
    """A schema statement in ``dialect``: PostgreSQL spells an automatic key and a float otherwise.

    >>> _dialect("CREATE TABLE a (id INTEGER PRIMARY KEY, x REAL)", "postgresql")
    'CREATE TABLE a (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, x DOUBLE PRECISION)'
    """
    if dialect != "postgresql":
        return statement
    statement = statement.replace("INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", statement)


def _apply(tx: Tx, writes: Sequence[Write]) -> None:
    for item in writes:
        if isinstance(item, ActionRow):
            tx.run("INSERT INTO actions (table_id, n, text, at, how) VALUES (?, ?, ?, ?, ?)",
                   item.table, item.n, item.text, item.at, item.how)
        elif isinstance(item, FinishRow):
            outcome = None if item.outcome is None else json.dumps(item.outcome)
            tx.run("UPDATE tables SET finished = 1, outcome = coalesce(?, outcome) WHERE id = ?", outcome, item.table)
        elif isinstance(item, AccuracyRow):
            tx.run("UPDATE results SET accuracy = ? WHERE table_id = ? AND seat = ?", item.accuracy, item.table,
                   item.seat)
        elif isinstance(item, ResultRow):
            tx.run("INSERT INTO results (table_id, seat, name_key, finished, account) VALUES (?, ?, ?, ?, ?)"
                   " ON CONFLICT (table_id, seat) DO NOTHING",
                   item.table, item.seat, name_key(item.name), item.finished, item.account)
        elif isinstance(item, SeatRow):
            tx.run("INSERT INTO seats (table_id, seat, token_hash, account) VALUES (?, ?, ?, ?) ON CONFLICT"
                   " (table_id, seat) DO UPDATE SET token_hash = excluded.token_hash, account = excluded.account",
                   item.table, item.seat, item.token_hash, item.account)
        elif isinstance(item, InviteRow):
            tx.run("DELETE FROM seats WHERE table_id = ? AND seat = ?", item.table, item.seat)
            tx.run("INSERT INTO invites (table_id, seat, invite) VALUES (?, ?, ?) ON CONFLICT (table_id, seat)"
                   " DO UPDATE SET invite = excluded.invite", item.table, item.seat, item.invite)
        else:
            tx.run("INSERT INTO tables (id, created, setup, rated) VALUES (?, ?, ?, ?)", item.table, item.created,
                   json.dumps(item.setup), int("rated" in item.setup))


def _load(tx: Tx, table: str) -> StoredTable | None:
    row = tx.one("SELECT created, setup, outcome FROM tables WHERE id = ?", table)
    if row is None:
        return None
    seats = tx.all("SELECT seat, token_hash, account FROM seats WHERE table_id = ?", table)
    actions = tx.all("SELECT n, text, at, how FROM actions WHERE table_id = ? ORDER BY n", table)
    invites = tx.all("SELECT seat, invite FROM invites WHERE table_id = ?", table)
    if [action[0] for action in actions] != list(range(len(actions))):
        raise RuntimeError(f"table {table}: stored actions are not numbered 0..{len(actions) - 1}")
    stored = StoredTable(TableRow(table, json.loads(row[1]), float(row[0])))
    stored.outcome = None if row[2] is None else json.loads(row[2])
    stored.seats = {int(seat): str(token_hash) for seat, token_hash, _ in seats}
    stored.accounts = {int(seat): int(account) for seat, _, account in seats if account is not None}
    stored.actions = [str(action[1]) for action in actions]
    stored.times = [(action[2], action[3]) for action in actions]
    stored.invites = {int(seat): str(invite) for seat, invite in invites}
    return stored


class SQLiteStore(SQLStore):
    """The embedded default: one SQLite file in WAL mode, every write one fsynced transaction."""

    def __init__(self, path: str, *, synchronous: str = "FULL") -> None:
        """Open (or create) the database at ``path``; :class:`StoreError` if it is not one of pegboard's.

        >>> SQLiteStore("/etc/passwd")
        Traceback (most recent call last):
        ...
        pegboard.errors.StoreError: /etc/passwd: not a pegboard database of tables (file is not a database)
        """
        self.path = path
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreError(f"{path}: cannot open it as a database ({error})") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'NORMAL' if synchronous == 'NORMAL' else 'FULL'}")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._migrate(int(self._db.execute("PRAGMA user_version").fetchone()[0]), self._step)
            for query in _SCHEMA_CHECKS:  # an older or foreign database with tables of these names
                self._db.execute(query).fetchall()
        except (sqlite3.Error, StoreError) as error:
            self._db.close()
            raise StoreError(f"{path}: not a pegboard database of tables ({error})") from None

    def _step(self, number: int, statements: list[str]) -> None:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements:
                self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {number}")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @property
    def version(self) -> int:
        """The schema version of the open database (see :data:`MIGRATIONS`)."""
        with self._lock:
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def transact(self, work: Callable[[Tx], T]) -> T:
        """Run ``work`` in one transaction (all or nothing, durable when it returns); its result.

        >>> store = SQLiteStore(":memory:")
        >>> store.transact(lambda tx: tx.one("SELECT count(*) FROM accounts"))
        (0,)
        """
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                result = work(Tx(self._db))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return result

    def read(self, work: Callable[[Tx], T]) -> T:
        """Run ``work`` to read (no transaction of its own needed in SQLite's autocommit mode)."""
        with self._lock:
            return work(Tx(self._db))

    def close(self) -> None:
        with self._lock:
            self._db.close()


def name_key(name: str) -> str:
    """A player name as the statistics find it: names differ by more than case at a table.

    >>> name_key("Ann") == name_key("ANN")
    True
    """
    return name.casefold()


def is_postgres_url(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database.

    >>> is_postgres_url("postgresql://me@/pegboard?host=/tmp"), is_postgres_url("tables.db")
    (True, False)
    """
    return url.startswith(("postgresql://", "postgres://"))
