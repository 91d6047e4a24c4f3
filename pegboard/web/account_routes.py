"""The account endpoints: sign up, sign in and out (here or everywhere), who am I, change password,
privacy, delete, and a reset link's use. Pages: ``/account`` and ``/reset``.

``POST /api/accounts`` ``{"name", "password"}`` → 201 with the session cookie (409: the name, or a
look-alike of it, is taken); ``POST /api/login`` ``{"name", "password"}`` → 200 with the cookie (401: wrong
name or password; 429 with ``Retry-After`` while throttled; 403: banned). Every other request here that
changes something needs the session's ``X-CSRF-Token``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from pegboard.web import accounts
from pegboard.web.auth import Caller, caller, clear_session_cookie, client_address, set_session_cookie
from pegboard.web.errors import HubError
from pegboard.web.hub import Hub, log
from pegboard.web.names import name_key
from pegboard.web.pages import page
from pegboard.web.store import Tx

__all__ = ["add_account_routes"]

T = TypeVar("T")
Body = Callable[[Request], Any]


def add_account_routes(app: FastAPI, hub: Hub, body: Body, limit: Callable[[Request, str, float, float], None]) -> None:
    """Add the account endpoints and pages to ``app``."""
    passwords = hub.passwords

    async def transact(work: Callable[[Tx], T]) -> T:
        return await hub.journal.call(lambda: hub.journal.store.transact(work))

    async def fields(request: Request, *names: str) -> list[Any]:
        data = await body(request)
        if not isinstance(data, dict):
            raise HubError(400, f"expected a JSON object with {', '.join(repr(name) for name in names)}")
        return [data.get(name) for name in names]

    async def signed_in(request: Request) -> Caller:
        found = await caller(hub, request, changes=True)
        if found is None:
            raise HubError(401, "sign in first")
        return found

    def session_answer(request: Request, account: accounts.Account, token: str, csrf: str,
                       status: int) -> Response:
        response = JSONResponse({"name": account.name, "csrf": csrf, "private": account.private},
                                status_code=status)
        set_session_cookie(response, request, token)
        return response

    @app.post("/api/accounts", status_code=201)
    async def sign_up(request: Request) -> Response:
        limit(request, "sign-up", hub.settings.create_rate / 5, 10)
        name, password = await fields(request, "name", "password")
        accounts.check_password(password)
        digest = await asyncio.to_thread(passwords.hash, password)
        now = time.time()

        def work(tx: Tx) -> tuple[accounts.Account, str, str]:
            account = accounts.create(tx, name, digest, now)
            return (account, *accounts.new_session(tx, account.id, now))

        account, token, csrf = await transact(work)
        log.info("account %d signed up", account.id)
        return session_answer(request, account, token, csrf, 201)

    @app.post("/api/login")
    async def login(request: Request) -> Response:
        name, password = await fields(request, "name", "password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise HubError(400, "expected 'name' and 'password' as strings")
        address = "address:" + client_address(request, hub.settings.trusted_proxies)
        account_key = "name:" + name_key(name[:64])
        wait = await hub.journal.call(lambda: hub.journal.store.read(
            lambda tx: hub.throttle.wait(tx, account_key, address)))
        if wait > 0:
            seconds = max(1, round(wait + 0.5))
            raise HubError(429, f"too many wrong passwords: wait {seconds} s and try again",
                           {"retry-after": str(seconds)})
        found = await hub.journal.call(lambda: hub.journal.store.read(
            lambda tx: accounts.sign_in(tx, name, password, passwords)))
        if found is None:
            await transact(lambda tx: hub.throttle.fail(tx, account_key, address))
            raise HubError(401, "wrong name or password")
        now = time.time()

        def work(tx: Tx) -> tuple[str, str]:
            hub.throttle.succeed(tx, account_key)
            return accounts.new_session(tx, found.id, now)

        token, csrf = await transact(work)
        return session_answer(request, found, token, csrf, 200)

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        found = await caller(hub, request, changes=False)
        if found is None:
            return {"name": None}
        return {"name": found.account.name, "csrf": found.csrf, "private": found.account.private}

    @app.post("/api/logout")
    async def logout(request: Request) -> Response:
        found = await caller(hub, request, changes=True)
        if found is not None:
            await transact(lambda tx: accounts.end_session(tx, found.token))
        response = JSONResponse({"name": None})
        clear_session_cookie(response, request)
        return response

    @app.post("/api/logout-all")
    async def logout_all(request: Request) -> Response:
        found = await signed_in(request)
        ended = await transact(lambda tx: accounts.end_sessions(tx, found.account.id))
        response = JSONResponse({"name": None, "ended": ended})
        clear_session_cookie(response, request)
        return response

    async def check_own_password(found: Caller, password: Any) -> None:
        digest = await hub.journal.call(lambda: hub.journal.store.read(
            lambda tx: tx.one("SELECT hash FROM accounts WHERE id = ?", found.account.id)))
        ok = isinstance(password, str) and len(password) <= accounts.PASSWORD_MAX and await asyncio.to_thread(
            passwords.verify, None if digest is None else digest[0], password)
        if not ok:
            raise HubError(403, "that is not your current password")

    @app.post("/api/password")
    async def change_password(request: Request) -> dict[str, Any]:
        found = await signed_in(request)
        old, new = await fields(request, "old", "new")
        accounts.check_password(new)
        await check_own_password(found, old)
        digest = await asyncio.to_thread(passwords.hash, new)
        await transact(lambda tx: accounts.change_password(tx, found.account.id, digest))
        return {"name": found.account.name, "changed": True}

    @app.post("/api/privacy")
    async def privacy(request: Request) -> dict[str, Any]:
        found = await signed_in(request)
        (private,) = await fields(request, "private")
        if not isinstance(private, bool):
            raise HubError(400, "'private' must be true or false")
        await transact(lambda tx: accounts.set_private(tx, found.account.id, private))
        return {"name": found.account.name, "private": private}

    @app.post("/api/delete")
    async def delete(request: Request) -> Response:
        found = await signed_in(request)
        (password,) = await fields(request, "password")
        await check_own_password(found, password)
        await transact(lambda tx: accounts.delete(tx, found.account.id))
        log.info("account %d deleted", found.account.id)
        response = JSONResponse({"name": None, "deleted": found.account.name})
        clear_session_cookie(response, request)
        return response

    @app.post("/api/reset")
    async def reset(request: Request) -> Response:
        limit(request, "reset", hub.settings.create_rate, 10)
        token, password = await fields(request, "token", "password")
        accounts.check_password(password)
        digest = await asyncio.to_thread(passwords.hash, password)
        now = time.time()

        def work(tx: Tx) -> tuple[accounts.Account, str, str]:
            account = accounts.use_reset(tx, token, digest, now)
            return (account, *accounts.new_session(tx, account.id, now))

        account, session, csrf = await transact(work)
        return session_answer(request, account, session, csrf, 200)

    @app.get("/account", include_in_schema=False)
    async def account_page() -> Response:
        return page("pegboard · account", "account", "Loading your account…", ("style",))

    @app.get("/reset", include_in_schema=False)
    async def reset_page() -> Response:
        return page("pegboard · new password", "account", "Loading…", ("style",))
