"""Several server processes on one database (PostgreSQL): what one process needs to share its tables
with the others. Leases (whose process referees a table's computer moves, clocks and matchmaking), the
news that another process changed a table (LISTEN/NOTIFY), which seats are connected where (the
presence rows), and bringing a table up to the database. One process on SQLite takes the same
paths with :class:`LocalLeases` and nothing to hear (docs/scaling.md).

>>> lease_of("abc123"), LocalLeases().take("anything")
('table:abc123', True)
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from pegboard.web.store import Store, Tx

if TYPE_CHECKING:
    from pegboard.web.journal import Journal
    from pegboard.web.tables import Table

__all__ = ["MovedOn", "LeaseHolder", "LocalLeases", "Sharing", "lease_of", "is_shared", "unique_violation"]

Seats = dict[int, tuple[str | None, int | None]]


class MovedOn(Exception):
    """Several processes: another process stored this table's next move first (the move's number is
    taken); the table must be brought up to date and the move checked again."""


class LeaseHolder(Protocol):
    def take(self, name: str) -> bool: ...

    def held(self, name: str) -> bool: ...

    def release(self, names: Iterable[str]) -> None: ...

    def close(self) -> None: ...


class LocalLeases:
    """One server process: every lease is its own."""

    def take(self, name: str) -> bool:
        return True

    def held(self, name: str) -> bool:
        return True

    def release(self, names: Iterable[str]) -> None:
        pass

    def close(self) -> None:
        pass


def lease_of(table_id: str) -> str:
    """The lease of a table's computer moves and clocks."""
    return f"table:{table_id}"


def is_shared(store: Store) -> bool:
    """Whether other server processes may share ``store`` (PostgreSQL)."""
    return getattr(store, "dialect", "sqlite") == "postgresql"


def unique_violation(error: BaseException) -> bool:
    """Whether storing failed because the row's key is taken (another process stored it first)."""
    return type(error).__name__ in ("UniqueViolation", "IntegrityError")


def _seats_and_end(tx: Tx, table: str) -> tuple[Seats, dict[str, Any] | None]:
    seats = {int(seat): (token, None if account is None else int(account)) for seat, token, account in tx.all(
        "SELECT seat, token_hash, account FROM seats WHERE table_id = ?", table)}
    row = tx.one("SELECT outcome FROM tables WHERE id = ?", table)
    outcome = None if row is None or row[0] is None else json.loads(row[0])
    return seats, outcome


class Sharing:
    """This process's part in sharing ``store``: ``multi`` (other processes may share it), its
    ``leases``, its name among the processes (``process``) and, once :meth:`listen` is called, the
    listener that hears other processes' changes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.multi = is_shared(store)
        self.leases: LeaseHolder = LocalLeases()
        self.listener: Any = None
        self.process = f"{os.getpid()}-{secrets.token_hex(4)}"
        if self.multi:
            from pegboard.web.postgres import Leases

            self.leases = Leases(store.url)  # type: ignore[attr-defined]

    def listen(self, heard: Callable[[str | None], None]) -> None:
        """Several processes: call ``heard(table_id)`` on this event loop whenever another process
        changes a table (``heard(None)``: maybe any, after the listener reconnected)."""
        if not self.multi:
            return
        from pegboard.web.postgres import Listener

        loop = asyncio.get_running_loop()

        def heard_here(table: str | None) -> None:  # on the listener's thread
            loop.call_soon_threadsafe(heard, table)

        self.listener = Listener(self.store.url, heard_here)  # type: ignore[attr-defined]

    async def heartbeat(self, journal: Journal, tables: Iterable[Table], every: float) -> None:
        """Record which seats of unfinished rated ``tables`` have a connection here for the next
        ``3 * every`` seconds, so that the process refereeing a table does not count them as gone."""
        now = time.time()
        rows = [(table.id, number) for table in tables if table.rated is not None and not table.over
                for number, seat in enumerate(table.seats) if seat.online > 0]
        until = now + 3 * every

        def work(tx: Tx) -> None:
            tx.run("DELETE FROM presence WHERE process = ? OR until < ?", self.process, now)
            for table_id, seat in rows:
                tx.run("INSERT INTO presence (table_id, seat, process, until) VALUES (?, ?, ?, ?)", table_id, seat,
                       self.process, until)

        store = self.store
        await journal.call(lambda: store.transact(work))

    async def catch_up(self, journal: Journal, table: Table) -> tuple[bool, list[int]]:
        """Bring ``table`` up to the database: the actions stored since, its seats, its end (the caller
        holds the table's lock). Returns whether anything changed and the seats whose invite was taken
        back (their connections must go). Raises what reading the database raised."""
        store = self.store
        rows, (seats, outcome) = await journal.call(lambda: (store.actions_since(table.id, table.n),
                                                             store.read(lambda tx: _seats_and_end(tx, table.id))))
        changed = False
        for n, text, at, how in rows:
            if n != table.n:
                break
            table.apply(table.game.parse_action(text), at if at is not None else time.time(), how)
            changed = True
        revoked = []
        for number, (token_hash, account) in seats.items():
            place = table.seats[number]
            if (place.token_hash, place.account) != (token_hash, account):
                place.token_hash, place.account = token_hash, account
                if token_hash is None:
                    revoked.append(number)
                changed = True
        if outcome is not None and table.outcome is None:
            table.outcome = outcome
            table.start_clocks(time.time())
            changed = True
        return changed, revoked

    def close(self) -> None:
        if self.listener is not None:
            self.listener.close()
        self.leases.close()
