"""A player's own statistics on this server, and the result of a duplicate set.

``GET /stats/{name}`` (the page), ``GET /api/players/{name}/stats`` (the figures of every game finished
under that name at this server's tables: :func:`pegboard.analysis.mystats.player_stats`, the shape of
``pegboard stats me --json`` with the ``name``), ``GET /api/tables/{id}/duplicate`` (a duplicate set's
result, from either half's table, once the set is over).

Only registered players have statistics: the games they finished signed in under their own name (a
guest's games count toward nobody); a player may keep them private (403 to anyone else). The
accuracy of a game is worked out by a review the first time the figures are asked for (a few games
a request, each kept), so a page asked for again has more.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from pegboard.analysis.mystats import PlayedGame, player_stats, with_accuracy
from pegboard.duplicate import compare
from pegboard.web import accounts
from pegboard.web.auth import caller, client_address
from pegboard.web.hub import Hub, HubError, log
from pegboard.web.pages import page
from pegboard.web.store import AccuracyRow, PlayerGame, StoredTable
from pegboard.web.tables import NAME, Table

__all__ = ["add_player_routes", "REVIEWS_A_REQUEST", "MOST_GAMES", "played_games"]

REVIEWS_A_REQUEST = 3
"""Games whose accuracy one request works out at most (a review takes about two seconds)."""
MOST_GAMES = 1000
"""The latest games counted."""


def played_games(entries: list[PlayerGame], stored: list[StoredTable | None]) -> list[PlayedGame]:
    """The games of ``entries`` (their tables as ``stored``) as the statistics take them; a table that
    cannot be restored is left out."""
    games = []
    for entry, found in zip(entries, stored):
        if found is None:
            continue
        try:
            table = Table.restore(found)
        except (RuntimeError, ValueError, KeyError):
            log.exception("table %s cannot be restored for the statistics", entry.table)
            continue
        levels = sorted({seat.level or "" for seat in table.seats if seat.kind == "computer"})
        when = datetime.fromtimestamp(entry.finished).isoformat(timespec="seconds")
        duplicate = (table.first_half, table.half) if table.half is not None else None
        games.append(PlayedGame(table.session.record(), entry.seat, ", ".join(levels) or "people", when,
                                entry.accuracy, duplicate, (entry.table, entry.seat)))
    return games


def work_out_figures(entries: list[PlayerGame], stored: list[StoredTable | None]
                     ) -> tuple[dict[str, Any], list[AccuracyRow]]:
    """A player's figures from their games (reviewing at most :data:`REVIEWS_A_REQUEST` not yet reviewed),
    and the accuracies worked out, to keep: the analyses' worker runs this."""
    games = played_games(entries, stored)
    kept: list[AccuracyRow] = []

    def keep(key: tuple[str, int], accuracy: float) -> None:
        kept.append(AccuracyRow(key[0], key[1], accuracy))

    games = with_accuracy(games, keep, None, REVIEWS_A_REQUEST)
    return player_stats(games).to_json(), kept


def add_player_routes(app: FastAPI, hub: Hub, table_or_404: Callable[[str], Awaitable[Table]]) -> None:
    """Add the statistics page, its API and the duplicate result to ``app``."""
    running: dict[str, asyncio.Task[dict[str, Any]]] = {}

    async def figures(name: str, account: int, address: str) -> dict[str, Any]:
        store = hub.journal.store
        entries = (await hub.journal.call(lambda: store.player_games(account)))[-MOST_GAMES:]
        stored = await hub.journal.call(lambda: [store.load(entry.table) for entry in entries])
        found, kept = await hub.analyses.run(address, work_out_figures, entries, stored)
        if kept:
            await hub.journal.write(kept)
        return {"name": name, **found}

    @app.get("/stats/{name}", include_in_schema=False)
    async def stats_page(name: str) -> Response:
        return page("pegboard · statistics", "stats", "Loading the statistics…")

    @app.get("/api/players/{name}/stats")
    async def stats(name: str, request: Request) -> dict[str, Any]:
        if not NAME.fullmatch(name):
            raise HubError(400, f"name {name[:40]!r}: a name is 1-16 letters, digits or . ' - (no spaces)")
        store = hub.journal.store
        account = await hub.journal.call(lambda: store.read(lambda tx: accounts.by_name(tx, name)))
        if account is None:
            raise HubError(404, f"no player {name!r} here: statistics are kept for registered players, of the "
                                "games they play signed in")
        if account.private:
            me = await caller(hub, request, changes=False)
            if me is None or me.account.id != account.id:
                raise HubError(403, f"{account.name} keeps their statistics private")
        key = str(account.id)
        task = running.get(key)
        if task is None:
            address = client_address(request, hub.settings.trusted_proxies)
            task = running[key] = asyncio.ensure_future(figures(account.name, account.id, address))
        try:
            return await asyncio.shield(task)
        finally:
            if task.done():
                running.pop(key, None)

    @app.get("/api/tables/{table_id}/duplicate")
    async def duplicate(table_id: str) -> dict[str, Any]:
        table = await table_or_404(table_id)
        if table.half is None:
            raise HubError(404, "this table is no duplicate set")
        first = await table_or_404(table.first_half)
        second = await hub.table(table.second_half)
        if second is None or not second.over:
            raise HubError(409, "the set is not over: its result comes when the second half is finished")
        return {"first": first.id, "second": second.id, "game": first.game.rules.name,
                **compare(first.game, second.game).to_json()}
