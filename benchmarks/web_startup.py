"""Start-up time of ``pegboard serve`` against a database of many stored tables (issue 37).

It makes a few real tables with a server (a cribbage game in progress, a finished one, a rated game in
progress between two signed-in players), then stores ``--tables`` copies of them under new ids by
writing rows straight through the store (:class:`~pegboard.web.store.TableRow`, ``SeatRow``,
``ActionRow``, ``FinishRow``): half unfinished, half finished, ``--rated`` of them rated and
unfinished. Then it starts ``pegboard serve`` on that database and on an empty one, in turn, and times
each from its start to its first answer (``GET /api/games``), and the first opening of a stored table
(``GET /api/tables/ID``: the table is loaded then, replaying its moves).

    python -m benchmarks.web_startup --tables 10000
    python -m benchmarks.web_startup --tables 10000 --postgres
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import secrets
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from typing import Any

from benchmarks.web_soak import load_average, postgres
from pegboard.web.database import open_store
from pegboard.web.store import ActionRow, FinishRow, SeatRow, Store, StoredTable, TableRow, Write
from pegboard.web.testing import ServedProcess


def until(check: Callable[[], Any], seconds: float = 30) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := check()):
        if time.monotonic() > deadline:
            raise TimeoutError("timed out")
        time.sleep(0.05)
    return found


def templates(db: str, seed: int) -> dict[str, str]:
    """Real tables made by a server on ``db``: their ids by kind (open, done, rated)."""
    from pegboard.web.hub import Settings
    from pegboard.web.testing import Client, Member, ServerThread

    settings = Settings(workers=0, fast_passwords=True, rate=1000.0, burst=1000.0, match_every=0.05)
    rng = random.Random(seed)
    made: dict[str, str] = {}
    with ServerThread(db, settings) as server:
        ann = Member(server.url)
        created, tokens = ann.open_table({"game": "cribbage", "seats": [{"name": "Ann"}, {"name": "Bob"}]})
        clients = [Client(server.ws_url, created["table"], token) for token in tokens.values()]
        for client in clients:  # the discards: a game in progress
            client.act(rng.choice(client.state["legal"]))
        made["open"] = created["table"]
        created, tokens = ann.open_table({"game": "cribbage", "seats": [{"name": "Ann"}, {"name": "Bob"}]})
        done = [Client(server.ws_url, created["table"], token) for token in tokens.values()]
        while not done[0].state["finished"]:
            for client in done:
                try:
                    client.receive(timeout=0.005)
                except TimeoutError:
                    pass
                if client.state.get("legal") and not client.state["finished"]:
                    choice = rng.choice(client.state["legal"])
                    client.act("count 3" if choice == "count" else "pass" if choice == "muggins" else choice)
                    done[0].catch_up(client.state["n"])
        made["done"] = created["table"]
        members = [Member(server.url), Member(server.url)]
        for member, name in zip(members, ("Cy", "Di")):
            member.sign_up(name)
            member.post("/api/queue", {"kind": "cribbage", "clock": "15+120"})
        def matched(member: Member) -> Any:
            status = member.get("/api/queue")
            return status if status["state"] in ("matched", "started") else None

        for member in members:
            status = until(functools.partial(matched, member))
            member.post(f"/api/matches/{status['match']}/contribute", {"value": secrets.token_hex(16)})
        table: str = until(lambda: members[0].get("/api/queue")["table"])
        rated = [Client(server.ws_url, table, m.post(f"/api/tables/{table}/claim")["token"]) for m in members]
        for client in rated:
            client.act(rng.choice(client.state["legal"]))
        made["rated"] = table
        for client in clients + done + rated:
            client.close()
    return made


def copy_rows(stored: StoredTable, table: str, finished: bool) -> list[Write]:
    """The rows of a copy of ``stored`` under the id ``table``."""
    rows: list[Write] = [TableRow(table, stored.row.setup, stored.row.created)]
    rows += [SeatRow(table, seat, token_hash, stored.accounts.get(seat)) for seat, token_hash in stored.seats.items()]
    rows += [ActionRow(table, n, text, at, how) for n, (text, (at, how)) in enumerate(zip(stored.actions,
                                                                                          stored.times))]
    if finished:
        rows.append(FinishRow(table, stored.outcome))
    return rows


def fill(db: str, tables: int, rated: int, seed: int) -> tuple[float, list[str]]:
    """Store ``tables`` tables in ``db``: seconds taken, and one unfinished copy's id of each kind."""
    started = time.monotonic()
    made = templates(db, seed)
    store: Store = open_store(db)
    kinds = {kind: store.load(table) for kind, table in made.items()}
    samples: list[str] = []
    batch: list[Write] = []
    for number in range(tables - len(made)):
        kind = "rated" if number < rated else "done" if number % 2 else "open"
        source = kinds[kind]
        assert source is not None
        table = f"copy{number:06d}{kind}"
        if number in (0, rated, rated + 1):
            samples.append(table)
        batch += copy_rows(source, table, kind == "done")
        if len(batch) > 5000:
            store.write(batch)
            batch = []
    if batch:
        store.write(batch)
    store.close()
    return time.monotonic() - started, samples


def first_open(url: str, table: str) -> float:
    started = time.monotonic()
    urllib.request.urlopen(f"{url}/api/tables/{table}", timeout=60).read()
    return time.monotonic() - started


def measure(where: str, tables: int, rated: int, seed: int, folder: str, url: str | None = None,
            empty_url: str | None = None) -> dict[str, Any]:
    full = url or f"{folder}/full.db"
    empty = empty_url or f"{folder}/empty.db"
    fill_seconds, samples = fill(full, tables, rated, seed)
    open_store(empty).close()
    figures: dict[str, Any] = {"where": where, "tables": tables, "rated": rated, "fill": fill_seconds}
    for name, db in (("empty", empty), ("full", full), ("empty again", empty), ("full again", full)):
        served = ServedProcess(db, 1)
        try:
            figures[name] = served.start_seconds
            if name == "full":
                figures["open"] = {table: first_open(served.url, table) for table in samples}
        finally:
            served.stop()
    return figures


def report(figures: dict[str, Any]) -> None:
    empty = min(figures["empty"], figures["empty again"])
    full = min(figures["full"], figures["full again"])
    print(f"{figures['where']}: {figures['tables']} stored tables (half unfinished, {figures['rated']} rated "
          f"in progress), written in {figures['fill']:.1f} s")
    print(f"  start-up to first answer, empty database   {1000 * empty:7.0f} ms  "
          f"(runs: {1000 * figures['empty']:.0f}, {1000 * figures['empty again']:.0f})")
    print(f"  start-up to first answer, {figures['tables']} tables    {1000 * full:7.0f} ms  "
          f"(runs: {1000 * figures['full']:.0f}, {1000 * figures['full again']:.0f})")
    print(f"  ratio full / empty                         {full / empty:7.2f}")
    for table, seconds in figures["open"].items():
        print(f"  first GET /api/tables/{table} (loads it)  {1000 * seconds:5.0f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10_000, help="tables stored")
    parser.add_argument("--rated", type=int, default=5, help="of which rated games in progress")
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL too (a throwaway cluster)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    os.environ.setdefault("PEGBOARD_PURE", "1")
    with tempfile.TemporaryDirectory() as folder:
        report(measure("SQLite", args.tables, args.rated, args.seed, folder))
    if args.postgres:
        with postgres() as cluster:
            import subprocess

            prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
            subprocess.run([*prefix, str(cluster.bin / "createdb"), "-h", str(cluster.folder), "-U", cluster.user,
                            "empty"], check=True, capture_output=True)
            empty = f"postgresql://{cluster.user}@/empty?host={cluster.folder}"
            report(measure("PostgreSQL", args.tables, args.rated, args.seed, "", cluster.url, empty))
    print(load_average())
    return 0


if __name__ == "__main__":
    sys.exit(main())
