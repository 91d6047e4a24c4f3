"""The FastAPI application: the page, a small JSON API and the game WebSocket.

HTTP: ``GET /`` (the page; ``/t/{id}`` is a table), ``GET /api/games``, ``POST /api/tables`` (create),
``GET /api/tables/{id}``, ``POST /api/tables/{id}/join`` (seat + invite -> secret token),
``POST /api/tables/{id}/invites`` (the creator's seat token -> the untaken seats' invites; with
``"reissue": N``, seat N's invite revoked and a new one made),
``GET /api/tables/{id}/record`` (the ``pegboard/1`` record, once finished), the review of a finished
game (:mod:`pegboard.web.review`: ``GET /r/{id}``, ``GET /api/tables/{id}/review``), and a player's own
statistics and a duplicate set's result (:mod:`pegboard.web.players`: ``GET /stats/{name}``,
``GET /api/players/{name}/stats``, ``GET /api/tables/{id}/duplicate``), and training on puzzles
(:mod:`pegboard.web.train`: ``GET /train``, ``/api/train/...``). WebSocket:
``/ws/{id}`` (see :mod:`pegboard.web.protocol`).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pegboard.files import JSONProblem, decode_json
from pegboard.web.account_routes import add_account_routes
from pegboard.web.auth import caller, client_address
from pegboard.web.database import open_store
from pegboard.web.frames import error_frame
from pegboard.web.hub import Conn, Hub, HubError, Settings, log
from pegboard.web.pages import page
from pegboard.web.players import add_player_routes
from pegboard.web.protocol import ProtocolError, RateLimit, parse_message
from pegboard.web.rated_routes import add_rated_routes
from pegboard.web.review import add_review_routes
from pegboard.web.store import Store
from pegboard.web.tables import LEVELS, Table, games_catalogue
from pegboard.web.train import add_train_routes

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024
HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                                 b"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


class SecurityHeaders:
    """Adds a strict content security policy and friends to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class Limits:
    """Per-address rate limits for the HTTP requests that create things."""

    def __init__(self, trusted_proxies: tuple[str, ...] = ()) -> None:
        self.buckets: dict[tuple[str, str], RateLimit] = {}
        self.trusted_proxies = trusted_proxies

    def check(self, request: Request, what: str, rate: float, burst: float) -> None:
        if len(self.buckets) > 10_000:
            self.buckets.clear()
        key = (client_address(request, self.trusted_proxies), what)
        bucket = self.buckets.setdefault(key, RateLimit(rate, burst))
        if not bucket.allow():
            raise HubError(429, "too many requests: wait a little and try again")


async def _body(request: Request, limit: int = MAX_BODY) -> Any:
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HubError(413, f"request too large: at most {limit} bytes")
        chunks.append(chunk)
    try:
        return decode_json(b"".join(chunks) or b"{}", "a request body")
    except JSONProblem as problem:  # not JSON, not UTF-8, or a number of thousands of digits
        raise HubError(400, f"the request body must be JSON ({problem})") from None


def _links(table: Table, invites: dict[int, str]) -> dict[str, str]:
    return {str(seat): f"/t/{table.id}#join={seat}.{invite}" for seat, invite in invites.items()}


def same_origin(origin: str | None, host: str | None, scheme: str) -> bool:
    """Whether a WebSocket's ``Origin`` is this server's page: the same host and port, and the page's
    scheme matching the socket's (http for ws, https for wss). No Origin (not a browser) is allowed.

    >>> same_origin("http://a:8000", "a:8000", "ws"), same_origin("https://a:8000", "a:8000", "ws")
    (True, False)
    """
    if not origin:
        return True
    parts = urlsplit(origin)
    return parts.netloc == host and parts.scheme == {"ws": "http", "wss": "https"}.get(scheme)


def create_app(store: Store | str, settings: Settings | None = None) -> FastAPI:
    """The application serving ``store`` (a :class:`Store` or a path to an SQLite file)."""
    hub = Hub(open_store(store) if isinstance(store, str) else store, settings)
    limits = Limits(hub.settings.trusted_proxies)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()

    app = FastAPI(title="pegboard", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.add_middleware(SecurityHeaders)
    if "*" not in hub.settings.allowed_hosts:  # a Host allow-list: no DNS rebinding onto this server
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(hub.settings.allowed_hosts))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(HubError)
    async def refused(request: Request, error: HubError) -> Response:
        return JSONResponse({"error": str(error)}, status_code=error.status, headers=error.headers)

    async def table_or_404(table_id: str) -> Table:
        table = await hub.table(table_id)
        if table is None:
            raise HubError(404, "no such table: check the link")
        return table

    def lobby_page() -> Response:
        return page("pegboard", "main", "Loading pegboard…", ("style",))

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return lobby_page()

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return lobby_page()

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": games_catalogue(), "levels": list(LEVELS)}

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        limits.check(request, "create", hub.settings.create_rate, hub.settings.create_burst)
        signed = await caller(hub, request, changes=True)
        table = await hub.create(await _body(request), None if signed is None else signed.account)
        invites = {n: seat.invite for n, seat in enumerate(table.seats) if seat.invite}
        return {**table.public(), "watch": f"/t/{table.id}", "links": _links(table, invites)}

    @app.get("/api/tables/{table_id}")
    async def info(table_id: str) -> dict[str, Any]:
        return (await table_or_404(table_id)).public()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        limits.check(request, "join", 2 * hub.settings.create_rate, 2 * hub.settings.create_burst)
        table = await table_or_404(table_id)
        body = await _body(request)
        if not isinstance(body, dict):
            raise HubError(400, 'expected {"seat": N, "invite": "..."}')
        seat: Any = body.get("seat")
        signed = await caller(hub, request, changes=True)
        token = await hub.join(table, seat, body.get("invite"), None if signed is None else signed.account)
        return {"table": table.id, "seat": seat, "name": table.seats[seat].name, "token": token}

    @app.post("/api/tables/{table_id}/invites")
    async def invites(table_id: str, request: Request) -> dict[str, Any]:
        limits.check(request, "invites", 4 * hub.settings.create_rate, 2 * hub.settings.create_burst)
        table = await table_or_404(table_id)
        body = await _body(request)
        token = body.get("token") if isinstance(body, dict) else None
        if isinstance(body, dict) and "reissue" in body:
            await hub.reissue(table, token, body["reissue"])
        links = _links(table, hub.invites(table, token))
        return {"table": table.id, "links": links, "watch": f"/t/{table.id}"}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        table = await table_or_404(table_id)
        if not table.over:
            raise HubError(409, "the game is not over: its record can be downloaded when it is finished")
        await hub.check_set_over(table)
        body = json.dumps(table.record(), indent=1) + "\n"
        disposition = f'attachment; filename="pegboard-{table.game.rules.name}-{table.id}.json"'
        return Response(body, media_type="application/json", headers={"content-disposition": disposition})

    add_account_routes(app, hub, _body, limits.check)
    add_rated_routes(app, hub, _body, table_or_404)
    add_review_routes(app, hub, table_or_404)
    add_player_routes(app, hub, table_or_404)
    add_train_routes(app, hub, _body, limits.check, table_or_404)

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        if not same_origin(websocket.headers.get("origin"), websocket.headers.get("host"), websocket.url.scheme):
            await websocket.close(code=1008, reason="cross-origin connections are refused")
            return
        await websocket.accept()
        await _session(hub, websocket, table_id)

    return app


async def _session(hub: Hub, websocket: WebSocket, table_id: str) -> None:
    """One browser's connection: hello (seat or spectator), then messages until it goes."""
    async def hang_up(reason: str) -> None:
        try:
            await websocket.close(code=1008 if "too many" in reason else 1013, reason=reason[:120])
        except Exception:  # already closed
            pass

    conn = Conn(websocket.send_text, hub.settings, hang_up)
    pump = asyncio.ensure_future(conn.pump())
    table = await hub.table(table_id)
    try:
        if table is None:
            conn.push(error_frame("not-found", "no such table: check the link"))
            return
        try:
            hello = parse_message(await asyncio.wait_for(websocket.receive_text(), hub.settings.hello_timeout))
            if hello["type"] != "hello":
                raise ProtocolError('say {"type": "hello", "token": ...} first', "hello-first")
        except ProtocolError as error:
            conn.push(error_frame(error.code, str(error)))
            return
        except (TimeoutError, KeyError, RuntimeError):
            return
        token = hello.get("token")
        if token and hub.multi:  # a seat may have been taken through another process a moment ago
            async with table.lock:
                await hub.refresh(table)
        if token:
            conn.seat = table.seat_for_token(token)
            if conn.seat is None:
                conn.push(error_frame("bad-token", "that seat token is not valid at this table: watching instead"))
        hub.attach(table, conn)
        await _messages(hub, websocket, conn)
    except Exception:  # a broken connection ends this session only
        log.debug("session ended by an error", exc_info=True)
    finally:
        if table is not None:
            hub.detach(table, conn)
        conn.close()
        try:
            await asyncio.wait_for(pump, 5)
        except Exception:
            pump.cancel()


async def _messages(hub: Hub, websocket: WebSocket, conn: Conn) -> None:
    started = time.monotonic()
    while not conn.closed:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        if not conn.rate.allow():
            hub.refuse(conn, "rate-limited", "too many messages: slow down", _request_id(message.get("text")))
            if conn.rate.refused > 100 and time.monotonic() - started > 1:
                conn.close("closed for sending too many messages")
                return
            continue
        try:
            checked = parse_message(message.get("text") if message.get("text") is not None else message.get("bytes"))
        except ProtocolError as error:
            hub.refuse(conn, error.code, str(error), error.request)
            continue
        await hub.handle(conn, checked)


def _request_id(text: Any) -> Any:
    """The ``id`` of a message refused unread (rate-limited), so a client waiting for its answer gets one."""
    try:
        return parse_message(text).get("id")
    except ProtocolError as error:
        return error.request
