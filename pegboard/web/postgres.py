"""PostgreSQL for the server (``pegboard serve --db postgresql://...``): the same statements as SQLite
(:class:`~pegboard.web.store.SQLStore`), one connection per use (the journal's writes, the listener of
moves, the leases), reconnecting after the database restarts.

Several server processes share one database:

* every change to a table (an action, a seat taken, the end) sends ``NOTIFY pegboard, 'TABLE'`` in its
  transaction, so it is heard only once committed; :class:`Listener` hands those to the process, which
  reads the new actions from the database and builds its own seats' frames (no hidden card travels
  between processes: only a table's id does);
* :class:`Leases` takes a session-level advisory lock per table (and one for the matchmaker): the
  process holding it makes the computer moves, runs the clocks; when the process dies, its connection
  ends and the lock with it, and another process takes it over.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import psycopg

from pegboard.errors import StoreError
from pegboard.web.store import _SCHEMA_CHECKS, SQLStore, Tx, Write, _apply

__all__ = ["PostgresStore", "Listener", "Leases", "Unavailable", "CHANNEL", "redact_url"]

T = TypeVar("T")
CHANNEL = "pegboard"


class Unavailable(StoreError):
    """The database did not answer (restarting, unreachable): nothing was changed; try again."""


def redact_url(url: str) -> str:
    """``url`` with any password hidden, for messages and logs.

    >>> redact_url("postgresql://me:secret@db.example/pegboard")
    'postgresql://me:***@db.example/pegboard'
    """
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, credentials = head.partition("://")
    user, colon, _ = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{tail}"


class PgTx(Tx):
    """A transaction's statements on PostgreSQL: ``?`` placeholders become ``%s``."""

    def run(self, sql: str, *params: Any) -> int:
        return int(self.db.execute(sql.replace("?", "%s"), params).rowcount)

    def one(self, sql: str, *params: Any) -> tuple[Any, ...] | None:
        row = self.db.execute(sql.replace("?", "%s"), params).fetchone()
        return None if row is None else tuple(row)

    def all(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in self.db.execute(sql.replace("?", "%s"), params).fetchall()]


def _one_line(error: BaseException) -> str:
    """An error's message on one line, not too long (psycopg's run over several)."""
    return " ".join(str(error).split())[:200]


def _connect(url: str, timeout: float = 5.0) -> psycopg.Connection[Any]:
    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=max(1, round(timeout)))
    except psycopg.Error as error:
        raise Unavailable(f"{redact_url(url)}: the database is not answering ({_one_line(error)}): "
                          "try again") from None


class PostgresStore(SQLStore):
    """Everything the server keeps, in PostgreSQL. Thread-safe (one connection, one lock)."""

    dialect = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        self._conn: psycopg.Connection[Any] | None = None
        try:
            with self._lock:
                conn = self._connection()
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(7262001)")  # one process migrates at a time
                    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                    row = conn.execute("SELECT version FROM schema_version").fetchone()
                    if row is None:
                        conn.execute("INSERT INTO schema_version VALUES (0)")
                    version = 0 if row is None else int(row[0])

                    def step(number: int, statements: list[str]) -> None:
                        with conn.transaction():  # a savepoint per step, inside the locked transaction
                            for statement in statements:
                                conn.execute(statement)
                            conn.execute("UPDATE schema_version SET version = %s", (number,))

                    self._migrate(version, step)
                    for query in _SCHEMA_CHECKS:
                        conn.execute(query).fetchall()
        except psycopg.Error as error:
            self.close()
            raise StoreError(f"{redact_url(url)}: not a pegboard database ({_one_line(error)})") from None

    @property
    def version(self) -> int:
        return int(self.read(lambda tx: tx.one("SELECT version FROM schema_version"))[0])  # type: ignore[index]

    def _connection(self) -> psycopg.Connection[Any]:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self._conn = _connect(self.url)
        return self._conn

    def _run(self, work: Callable[[Tx], T], transaction: bool) -> T:
        with self._lock:
            try:
                conn = self._connection()
                if not transaction:
                    return work(PgTx(conn))
                with conn.transaction():
                    return work(PgTx(conn))
            except psycopg.OperationalError as error:
                if self._conn is not None and (self._conn.closed or self._conn.broken):
                    self._conn = None
                raise Unavailable(f"the database is not answering ({_one_line(error)}): try again") from None

    def transact(self, work: Callable[[Tx], T]) -> T:
        """Run ``work`` in one transaction (all or nothing); :class:`Unavailable` if the database is away."""
        return self._run(work, True)

    def read(self, work: Callable[[Tx], T]) -> T:
        return self._run(work, False)

    def write(self, writes: Sequence[Write]) -> None:
        """Store ``writes`` in one transaction, and tell every process which tables changed (on commit)."""
        tables = sorted({item.table for item in writes})

        def work(tx: Tx) -> None:
            _apply(tx, writes)
            for table in tables:
                tx.run("SELECT pg_notify(?, ?)", CHANNEL, table)

        self.transact(work)

    def close(self) -> None:
        with self._lock:
            _close_quietly(self._conn)
            self._conn = None


class Listener:
    """Hears every table id NOTIFYed on :data:`CHANNEL` and calls ``heard(table_id)`` (on its own
    thread); reconnects after the database comes back, then calls ``heard(None)``: the process must
    look at all its tables again (it may have missed changes)."""

    def __init__(self, url: str, heard: Callable[[str | None], None]) -> None:
        self.url = url
        self.heard = heard
        self.stopping = False
        self.connected = threading.Event()
        self._conn: psycopg.Connection[Any] | None = None
        self._thread = threading.Thread(target=self._run, name="pegboard-listen", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        first = True
        while not self.stopping:
            try:
                self._conn = _connect(self.url)
                self._conn.execute(f"LISTEN {CHANNEL}")
                self.connected.set()
                if not first:
                    self.heard(None)
                first = False
                for note in self._conn.notifies():
                    if self.stopping:
                        break
                    self.heard(note.payload)
            except (psycopg.Error, Unavailable):
                self.connected.clear()
                if not self.stopping:
                    time.sleep(0.5)
            finally:
                _close_quietly(self._conn)

    def close(self) -> None:
        self.stopping = True
        if self._conn is not None:
            try:
                self._conn.execute("SELECT 1")  # wake notifies() so the thread ends
                self._conn.close()
            except (psycopg.Error, RuntimeError):
                pass


def lease_key(name: str) -> int:
    """The advisory lock number of a lease (a signed 64-bit number from the name).

    >>> lease_key("table:abc") == lease_key("table:abc") != lease_key("table:abd")
    True
    """
    return zlib.crc32(name.encode()) | (zlib.adler32(name.encode()) << 32) & 0x7FFF_FFFF_FFFF_FFFF


class Leases:
    """Session-level advisory locks on one connection of their own: a lease is held while this process
    and its connection live. If the connection breaks (the database restarted), every lease is lost
    and :meth:`held` says so until they are taken again."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        self._conn: psycopg.Connection[Any] | None = None
        self._held: set[str] = set()

    def _connection(self) -> psycopg.Connection[Any]:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self._held.clear()
            self._conn = _connect(self.url)
        return self._conn

    def take(self, name: str) -> bool:
        """Try to take the lease ``name`` (True if this process holds it now)."""
        with self._lock:
            if name in self._held and self._conn is not None and not self._conn.broken:
                return True
            try:
                row = self._connection().execute("SELECT pg_try_advisory_lock(%s)", (lease_key(name),)).fetchone()
            except (psycopg.Error, Unavailable):
                self._held.clear()
                self._conn = None
                return False
            if row and row[0]:
                self._held.add(name)
                return True
            return False

    def release(self, names: Iterable[str]) -> None:
        with self._lock:
            for name in names:
                if name in self._held and self._conn is not None:
                    try:
                        self._conn.execute("SELECT pg_advisory_unlock(%s)", (lease_key(name),))
                    except psycopg.Error:
                        pass
                self._held.discard(name)

    def held(self, name: str) -> bool:
        with self._lock:
            return name in self._held and self._conn is not None and not self._conn.broken

    def close(self) -> None:
        with self._lock:
            _close_quietly(self._conn)
            self._conn = None
            self._held.clear()


def _close_quietly(conn: psycopg.Connection[Any] | None) -> None:
    """Close ``conn`` if there is one, whatever state the connection or the server is in."""
    if conn is not None:
        try:
            conn.close()
        except psycopg.Error:
            pass
