"""Who is asking: the session cookie, the CSRF check on every state-changing request it authorizes, and
the client's address (behind a trusted proxy only, ``X-Forwarded-For``).

The cookie ``pegboard_session`` is HttpOnly, SameSite=Lax and Secure when the page is served over https.
A request that changes something and carries the cookie must also carry ``X-CSRF-Token`` (the session's
token, which the page reads from ``GET /api/me``) and, if it has an ``Origin``, one of this server's: a
page of another site can make the browser send the cookie, but cannot read the token.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from fastapi import Request, Response

from pegboard.web import accounts
from pegboard.web.accounts import Account
from pegboard.web.errors import HubError

if TYPE_CHECKING:
    from pegboard.web.hub import Hub

__all__ = ["COOKIE", "CSRF_HEADER", "Caller", "caller", "set_session_cookie", "clear_session_cookie",
           "client_address", "check_origin"]

COOKIE = "pegboard_session"
CSRF_HEADER = "x-csrf-token"
SESSION_AGE = 30 * 24 * 3600


@dataclass(frozen=True)
class Caller:
    """A signed-in request's account, its session's cookie token and CSRF token."""

    account: Account
    token: str
    csrf: str


def client_address(request: Request, trusted_proxies: tuple[str, ...] = ()) -> str:
    """The client's address: the peer's, or the last ``X-Forwarded-For`` hop a trusted proxy added."""
    peer = request.client.host if request.client else "?"
    if peer in trusted_proxies:
        forwarded = request.headers.get("x-forwarded-for", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1][:64]
    return peer


def check_origin(request: Request) -> None:
    """Refuse (403) a request whose ``Origin`` is another site's."""
    origin = request.headers.get("origin")
    if origin is not None and origin != "null" and urlsplit(origin).netloc != request.headers.get("host"):
        raise HubError(403, f"cross-site request refused (Origin {origin[:80]!r} is not this server)")


async def caller(hub: Hub, request: Request, *, changes: bool) -> Caller | None:
    """The signed-in caller, or None for a guest. With ``changes`` (a state-changing request), a
    cookie's session must come with its CSRF token (403 otherwise)."""
    token = request.cookies.get(COOKIE)
    if changes:
        check_origin(request)
    if not token:
        return None
    found = await hub.journal.call(lambda: hub.journal.store.read(lambda tx: accounts.session_account(tx, token)))
    if found is None:
        return None
    account, csrf = found
    if changes:
        sent = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent.encode(), csrf.encode()):
            raise HubError(403, "missing or wrong X-CSRF-Token header: reload the page and try again")
    return Caller(account, token, csrf)


def set_session_cookie(response: Response, request: Request, token: str) -> None:
    response.set_cookie(COOKIE, token, max_age=SESSION_AGE, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path="/")


def clear_session_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=request.url.scheme == "https", path="/")
