"""The review page of a finished game: ``GET /r/{id}`` (the page), ``GET /api/tables/{id}/review`` (the
review, the ``pegboard review --json`` object) and ``GET /api/tables/{id}/review/{index}`` (the table as it
was for the player who made the decision at action ``index``: that player's view, nothing more).

A game is reviewed once, in the analyses' worker (:mod:`pegboard.web.analyses`: bounded, a limit per
address), and the result kept in the database (and the last :data:`KEPT` in memory); only finished
games are reviewed, whose record anyone at the table may download already. A duplicate set's first
half stays closed (409) until the whole set is over: its review ranks the very hands the second half
deals again.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from pegboard.records import parse_record, start_game
from pegboard.web.auth import client_address
from pegboard.web.hub import Hub, HubError
from pegboard.web.pages import page
from pegboard.web.tables import Table

__all__ = ["add_review_routes", "KEPT", "review_json", "decision_view"]

KEPT = 32
"""Reviews kept in memory (a review takes seconds; a page asks for it again on every reload)."""


def review_json(record: dict[str, Any]) -> dict[str, Any]:
    """The review of a game's record, as ``pegboard review --json`` prints it."""
    from pegboard.analysis.review import review

    return review(parse_record(record)).to_json()


def decision_view(record: dict[str, Any], index: int) -> dict[str, Any]:
    """The game as it was just before action ``index``, seen by the player who made it: their view
    (without the event log) and the action they made."""
    parsed = parse_record(record)
    texts = [text for deal in parsed.deals for text in deal.actions]
    if not 0 <= index < len(texts):
        raise HubError(404, f"no action {index}: the game has {len(texts)}")
    game = start_game(parsed)
    for text in texts[:index]:
        game.apply_text(text)
    action = game.parse_action(texts[index])
    view = game.view(action.seat).to_json()
    view.pop("events", None)
    view.pop("legal_actions", None)
    return {"index": index, "seat": action.seat, "player": game.players[action.seat], "action": action.text(),
            "family": game.rules.family, "crib": game.rules.crib, "view": view}


def add_review_routes(app: FastAPI, hub: Hub, table_or_404: Callable[[str], Awaitable[Table]]) -> None:
    """Add the review page and its API to ``app`` (``table_or_404`` finds a table or refuses)."""
    kept: OrderedDict[str, dict[str, Any]] = OrderedDict()
    running: dict[str, asyncio.Task[dict[str, Any]]] = {}
    store = hub.journal.store

    async def finished_record(table_id: str) -> dict[str, Any]:
        table = await table_or_404(table_id)
        if not table.over:
            raise HubError(409, "the game is not over: it can be reviewed when it is finished")
        await hub.check_set_over(table)
        return table.record()

    async def stored_review(table_id: str) -> dict[str, Any] | None:
        row = await hub.journal.call(lambda: store.read(
            lambda tx: tx.one("SELECT body FROM reviews WHERE table_id = ?", table_id)))
        return None if row is None else dict(json.loads(row[0]))

    async def keep_review(table_id: str, result: dict[str, Any]) -> None:
        body = json.dumps(result)
        await hub.journal.call(lambda: store.transact(lambda tx: tx.run(
            "INSERT INTO reviews (table_id, body) VALUES (?, ?) ON CONFLICT (table_id) DO NOTHING", table_id, body)))

    @app.get("/r/{table_id}", include_in_schema=False)
    async def review_page(table_id: str) -> Response:
        return page("pegboard · review", "review", "Loading the review…")

    @app.get("/api/tables/{table_id}/review")
    async def review(table_id: str, request: Request) -> dict[str, Any]:
        found = kept.get(table_id)
        if found is not None:
            kept.move_to_end(table_id)
            return found
        record = await finished_record(table_id)
        result = await stored_review(table_id)
        if result is None:
            task = running.get(table_id)
            if task is None:
                address = client_address(request, hub.settings.trusted_proxies)
                task = running[table_id] = asyncio.ensure_future(hub.analyses.run(address, review_json, record))
            try:
                result = await asyncio.shield(task)
            finally:
                if task.done():
                    running.pop(table_id, None)
            await keep_review(table_id, result)
        kept[table_id] = result
        while len(kept) > KEPT:
            kept.popitem(last=False)
        return result

    @app.get("/api/tables/{table_id}/review/{index}")
    async def decision(table_id: str, index: int) -> dict[str, Any]:
        record = await finished_record(table_id)
        return decision_view(record, index)
