"""The storage layer: SQLite in WAL mode, all-or-nothing writes, and the journal's group commit."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from pegboard.errors import StoreError

pytest.importorskip("fastapi")

from pegboard.web.database import open_store  # noqa: E402
from pegboard.web.journal import Journal  # noqa: E402
from pegboard.web.store import ActionRow, FinishRow, SeatRow, SQLiteStore, TableRow  # noqa: E402
from pegboard.web.tables import Table  # noqa: E402


def test_a_table_round_trips_with_its_seats_and_actions_in_order(tmp_path: Path) -> None:
    store = SQLiteStore(str(tmp_path / "t.db"))
    store.write([TableRow("abcdef", {"game": "cribbage", "n": 1}, 12.5)])
    store.write([SeatRow("abcdef", 1, "hash1"), ActionRow("abcdef", 0, "Ann discard 5H 6C")])
    store.write([ActionRow("abcdef", 1, "Bob discard 2C 3C")])
    stored = store.load("abcdef")
    assert stored is not None
    assert stored.row == TableRow("abcdef", {"game": "cribbage", "n": 1}, 12.5)
    assert stored.seats == {1: "hash1"}
    assert stored.actions == ["Ann discard 5H 6C", "Bob discard 2C 3C"]
    assert store.load("nothere") is None
    assert store.unfinished() == ["abcdef"]
    store.write([FinishRow("abcdef")])
    assert store.unfinished() == []
    store.close()


def test_the_database_is_in_wal_mode_and_a_failed_write_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = SQLiteStore(str(path))
    store.write([TableRow("abcdef", {}, 0.0), ActionRow("abcdef", 0, "one")])
    with pytest.raises(sqlite3.IntegrityError):  # action 0 twice: the whole write is refused
        store.write([ActionRow("abcdef", 1, "two"), ActionRow("abcdef", 0, "again")])
    stored = store.load("abcdef")
    assert stored is not None and stored.actions == ["one"]
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_open_store_takes_a_path_an_sqlite_or_a_postgresql_url_and_refuses_other_backends(tmp_path: Path) -> None:
    assert isinstance(open_store(str(tmp_path / "a.db")), SQLiteStore)
    assert isinstance(open_store(f"sqlite:{tmp_path / 'b.db'}"), SQLiteStore)
    with pytest.raises(ValueError, match="a file path, sqlite:PATH or postgresql://"):
        open_store("mysql://localhost/pegboard")
    pytest.importorskip("psycopg")
    hidden = r"^postgresql://me:\*\*\*@127.0.0.1:1/pegboard: the database is not answering"
    with pytest.raises(ValueError, match=hidden):
        open_store("postgresql://me:secret@127.0.0.1:1/pegboard")  # the password never shown


def test_the_journal_commits_concurrent_writes_together_and_isolates_a_bad_one(tmp_path: Path) -> None:
    store = SQLiteStore(str(tmp_path / "t.db"))
    journal = Journal(store)

    async def main() -> tuple[int, list[BaseException | None]]:
        await journal.write([TableRow("tab001", {}, 0.0)])
        before = journal.commits
        await asyncio.gather(*(journal.write([ActionRow("tab001", n, f"action {n}")]) for n in range(200)))
        commits = journal.commits - before
        writes = [journal.write([ActionRow("tab001", n, f"action {n}")]) for n in range(200, 210)]
        writes.insert(5, journal.write([ActionRow("tab001", 7, "a duplicate")]))
        results = await asyncio.gather(*writes, return_exceptions=True)
        return commits, [result if isinstance(result, BaseException) else None for result in results]

    commits, results = asyncio.run(main())
    assert commits < 100, f"200 concurrent writes took {commits} transactions: they should share them"
    assert isinstance(results.pop(5), sqlite3.IntegrityError)
    assert results == [None] * 10, "the other writes of the failed transaction are retried alone"
    stored = store.load("tab001")
    assert stored is not None and stored.actions == [f"action {n}" for n in range(210)]
    journal.close()


def test_a_table_restored_from_storage_is_the_same_game(tmp_path: Path) -> None:
    table = Table.new({"game": "cribbage", "options": {"muggins": True}, "seats": [{"kind": "human"}] * 2})
    names = ["Ann", "Bob"]
    store = SQLiteStore(str(tmp_path / "t.db"))
    store.write([table.row()])
    for n in range(30):
        game = table.game
        action = game.legal_actions(game.to_act()[0])[-1]
        store.write([ActionRow(table.id, n, game.record_text(action))])
        game.apply(action)
    stored = store.load(table.id)
    assert stored is not None
    again = Table.restore(stored)
    assert again.game.players == tuple(names) and again.n == 30
    assert again.game.events == table.game.events
    for seat in (None, 0, 1):
        assert again.game.view(seat).to_json() == table.game.view(seat).to_json()


def test_a_file_that_is_not_a_tables_database_is_a_store_error(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database, " * 100)
    with pytest.raises(StoreError, match="not a pegboard database of tables"):
        SQLiteStore(str(text))
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE tables (x INTEGER)")
    with pytest.raises(StoreError, match="no such column"):
        SQLiteStore(str(foreign))


@pytest.mark.slow
@pytest.mark.parametrize(("db", "needle"), [("/etc/passwd", "/etc/passwd: not a pegboard database of tables"),
                                            ("/etc/passwd/tables.db", "'/etc/passwd' is not a folder")])
def test_serve_on_a_file_that_is_not_a_database_exits_2_with_one_line(db: str, needle: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pegboard", "serve", "--port", "0", "--db", db],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and needle in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
