"""Rated play over HTTP: the queue, the computer offer, the shuffle's contributions, claiming a seat,
rematch, blocks, players' ratings and histories, leaderboards, and a finished game's shuffle check.

``GET /api/players/{name}`` → ``{"name", "ratings": {KIND: {"rating", "deviation", "provisional"}}}``
(404 for a name nobody has; the computer levels answer under their own names). Everything that changes
something needs a signed-in session and its ``X-CSRF-Token``.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from pegboard.errors import PegboardError
from pegboard.fairness import verify_record
from pegboard.web import accounts, rating_store
from pegboard.web.auth import Caller, caller
from pegboard.web.clocks import CLOCKS
from pegboard.web.errors import HubError
from pegboard.web.hub import Hub
from pegboard.web.names import check_name
from pegboard.web.pages import page
from pegboard.web.ratings import KINDS, PROVISIONAL, RATED_LEVELS, kind_of, level_rating
from pegboard.web.store import SeatRow
from pegboard.web.tables import Table, hash_token, new_secret

__all__ = ["add_rated_routes"]


def add_rated_routes(app: FastAPI, hub: Hub, body: Callable[[Request], Any],
                     table_or_404: Callable[[str], Awaitable[Table]]) -> None:
    """Add the rated-play endpoints and pages to ``app``."""
    rated = hub.rated

    async def signed_in(request: Request, changes: bool = True) -> Caller:
        found = await caller(hub, request, changes=changes)
        if found is None:
            raise HubError(401, "sign in to play rated games")
        return found

    async def fields(request: Request) -> dict[str, Any]:
        data = await body(request)
        if not isinstance(data, dict):
            raise HubError(400, "expected a JSON object")
        return data

    async def read(work: Any) -> Any:
        store = hub.journal.store
        return await hub.journal.call(lambda: store.read(work))

    async def transact(work: Any) -> Any:
        store = hub.journal.store
        return await hub.journal.call(lambda: store.transact(work))

    @app.get("/api/rated")
    async def terms() -> dict[str, Any]:
        try:
            levels = {kind.name: {level: level_rating(kind.name, level).to_json() for level in RATED_LEVELS}
                      for kind in KINDS.values() if kind.against_computer}
        except (ImportError, OSError, ValueError):  # the levels' measured ratings are not published yet
            levels = {}
        return {"kinds": [{"kind": k.name, "game": k.game, "players": k.players, "system": k.system}
                          for k in KINDS.values()],
                "clocks": [clock.to_json() for clock in CLOCKS.values()], "levels": levels,
                "provisional": PROVISIONAL, "grace": hub.settings.grace,
                "computer_after": hub.settings.offer_computer_after,
                "contribute_within": hub.settings.contribute_within}

    @app.get("/api/queue")
    async def status(request: Request) -> dict[str, Any]:
        found = await signed_in(request, changes=False)
        return await rated.status(found.account)

    @app.post("/api/queue")
    async def join(request: Request) -> dict[str, Any]:
        found = await signed_in(request)
        data = await fields(request)
        return await rated.join(found.account, data.get("kind"), data.get("clock", "15+120"))

    @app.delete("/api/queue")
    async def leave(request: Request) -> dict[str, Any]:
        found = await signed_in(request)
        await rated.leave(found.account)
        return await rated.status(found.account)

    @app.post("/api/queue/computer")
    async def computer(request: Request) -> dict[str, Any]:
        found = await signed_in(request)
        data = await fields(request)
        return await rated.computer(found.account, data.get("kind"), data.get("clock", "15+120"), data.get("level"))

    @app.post("/api/matches/{match_id}/contribute")
    async def contribute(match_id: str, request: Request) -> dict[str, Any]:
        found = await signed_in(request)
        data = await fields(request)
        return await rated.contribute(found.account, match_id, data.get("value"))

    @app.post("/api/tables/{table_id}/claim")
    async def claim(table_id: str, request: Request) -> dict[str, Any]:
        """A signed-in player's seat at a rated table: a fresh seat token (the latest tab plays)."""
        found = await signed_in(request)
        table = await table_or_404(table_id)
        seat = next((n for n, s in enumerate(table.seats) if s.account == found.account.id), None)
        if seat is None or table.rated is None:
            raise HubError(403, f"{found.account.name} has no seat kept at this table")
        token = new_secret()
        async with table.lock:
            await hub.journal.write([SeatRow(table.id, seat, hash_token(token), found.account.id)])
            table.seats[seat].token_hash = hash_token(token)
        hub.send_seats(table)
        return {"table": table.id, "seat": seat, "name": table.seats[seat].name, "token": token}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        found = await signed_in(request)
        return await rated.rematch(found.account, await table_or_404(table_id))

    @app.get("/api/blocks")
    async def blocks(request: Request) -> dict[str, Any]:
        found = await signed_in(request, changes=False)
        names = await read(lambda tx: [row[0] for row in tx.all(
            "SELECT a.name FROM blocks b JOIN accounts a ON a.id = b.blocked WHERE b.account = ? ORDER BY a.name",
            found.account.id)])
        return {"blocked": names}

    async def other(name: Any) -> accounts.Account:
        try:
            checked = check_name(name)
        except PegboardError as error:
            raise HubError(400, str(error)) from None
        account: accounts.Account | None = await read(lambda tx: accounts.by_name(tx, checked))
        if account is None or account.deleted:
            raise HubError(404, f"no player {checked!r} here")
        return account

    @app.post("/api/blocks")
    async def block(request: Request) -> dict[str, Any]:
        found = await signed_in(request)
        target = await other((await fields(request)).get("name"))
        if target.id == found.account.id:
            raise HubError(400, "you cannot block yourself")
        await transact(lambda tx: tx.run("INSERT INTO blocks (account, blocked) VALUES (?, ?) ON CONFLICT DO NOTHING",
                                         found.account.id, target.id))
        return await blocks(request)

    @app.delete("/api/blocks/{name}")
    async def unblock(name: str, request: Request) -> dict[str, Any]:
        found = await signed_in(request)
        target = await other(name)
        await transact(lambda tx: tx.run("DELETE FROM blocks WHERE account = ? AND blocked = ?",
                                         found.account.id, target.id))
        return await blocks(request)

    @app.get("/api/players/{name}")
    async def player(name: str) -> dict[str, Any]:
        if name in RATED_LEVELS:
            return {"name": name, "computer": True,
                    "ratings": {kind.name: level_rating(kind.name, name).to_json() for kind in KINDS.values()
                                if kind.against_computer}}
        account = await other(name)
        now = time.time()
        ratings = await read(lambda tx: rating_store.ratings_of(tx, account.id, now))
        return {"name": account.name, "computer": False, "private": account.private,
                "ratings": {kind: rating.to_json() for kind, rating in ratings.items()}}

    @app.get("/api/players/{name}/history")
    async def history(name: str, kind: str = "cribbage") -> dict[str, Any]:
        try:
            kind_of(kind)
        except ValueError as error:
            raise HubError(400, str(error)) from None
        account = await other(name)
        return {"name": account.name, "kind": kind,
                "history": await read(lambda tx: rating_store.history(tx, account.id, kind))}

    @app.get("/api/leaderboard/{kind}")
    async def leaderboard(kind: str) -> dict[str, Any]:
        try:
            kind_of(kind)
        except ValueError as error:
            raise HubError(400, str(error)) from None
        now = time.time()
        return {"kind": kind, "provisional": PROVISIONAL,
                "players": await read(lambda tx: rating_store.leaderboard(tx, kind, now))}

    @app.get("/api/tables/{table_id}/verify")
    async def verify(table_id: str) -> dict[str, Any]:
        """The server's own check of a finished rated game's shuffle (anyone can run ``pegboard verify`` on
        the downloaded record instead of trusting this)."""
        table = await table_or_404(table_id)
        if not table.over:
            raise HubError(409, "the game is not over: the server seed is revealed at its end")
        if "fair" not in table.setup:
            raise HubError(404, "this game was not dealt by the checkable shuffle (only rated games are)")
        record = table.record()
        try:
            summary = verify_record(record)
        except PegboardError as error:
            return {"ok": False, "reason": str(error), "fair": record["fair"]}
        return {"ok": True, "summary": summary, "fair": record["fair"]}

    @app.get("/players/{name}", include_in_schema=False)
    async def player_page(name: str) -> Response:
        return page("pegboard · player", "player", "Loading the player…", ("style",))

    @app.get("/leaderboard", include_in_schema=False)
    async def leaderboard_page() -> Response:
        return page("pegboard · leaderboard", "player", "Loading the leaderboard…", ("style",))
