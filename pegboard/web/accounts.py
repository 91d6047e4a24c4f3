"""Accounts: names owned case-blind and by look-alike, Argon2id passwords, sessions, one-time reset links,
bans, and the throttle on signing in. Free of any web framework: each operation is a function of one
database transaction (:class:`pegboard.web.store.Tx`), so it is all or nothing.

>>> from pegboard.web.store import SQLiteStore
>>> store, passwords = SQLiteStore(":memory:"), Passwords(fast=True)
>>> ann = store.transact(lambda tx: create(tx, "Ann", passwords.hash("a good secret"), 0.0))
>>> store.transact(lambda tx: create(tx, "\\u0410NN", passwords.hash("another one"), 0.0))
Traceback (most recent call last):
...
pegboard.web.errors.HubError: the name 'АNN' is taken (it is, or looks like, 'Ann')
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from pegboard.web.errors import HubError
from pegboard.web.names import NameError_, check_name, keys
from pegboard.web.store import Tx

__all__ = ["Account", "Passwords", "Throttle", "create", "by_name", "by_id", "sign_in", "new_session",
           "session_account", "end_session", "end_sessions", "change_password", "delete", "set_private",
           "new_reset", "use_reset", "ban", "listing", "name_registered", "check_password", "RESERVED",
           "PASSWORD_MIN", "PASSWORD_MAX", "RESET_VALID"]

PASSWORD_MIN = 8
PASSWORD_MAX = 256
RESET_VALID = 24 * 3600.0
"""Seconds a reset link works (once)."""
RESERVED = ("random", "greedy", "expert", "classic", "hoyle", "computer", "pegboard", "admin", "guest")
"""Names nobody may register: the computer levels (rated players under their own names) and a few that
would mislead."""


class _Conflict(Exception):
    """A unique key was taken by a concurrent transaction (the database said so)."""


@dataclass(frozen=True)
class Account:
    """A registered player (``deleted``: the games stay under the name, which nobody can take again)."""

    id: int
    name: str
    created: float
    deleted: bool = False
    banned: bool = False
    private: bool = False

    def public(self) -> dict[str, object]:
        return {"name": self.name, "private": self.private, "created": self.created}


_COLUMNS = "id, name, created, deleted, banned, private"


def _account(row: tuple[Any, ...] | None) -> Account | None:
    if row is None:
        return None
    number, name, created, deleted, banned, private = row
    return Account(int(number), str(name), float(created), bool(deleted), bool(banned), bool(private))


class Passwords:
    """Argon2id hashing (argon2-cffi's defaults, RFC 9106's low-memory choice); ``fast`` is for tests only."""

    def __init__(self, fast: bool = False) -> None:
        self.hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1) if fast else PasswordHasher()

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, digest: str | None, password: str) -> bool:
        """Whether ``password`` matches ``digest`` (a missing digest matches nothing, after the same work)."""
        try:
            return self.hasher.verify(digest or _DUMMY, password) and digest is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False


_DUMMY = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1).hash("no such account")


def check_password(password: object) -> str:
    """``password`` if acceptable, else :class:`HubError` 400 saying what is expected (never echoing it).

    >>> check_password("short")
    Traceback (most recent call last):
    ...
    pegboard.web.errors.HubError: a password is 8 to 256 characters (this one has 5)
    """
    if not isinstance(password, str):
        raise HubError(400, "'password' must be a string of 8 to 256 characters")
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise HubError(400, f"a password is {PASSWORD_MIN} to {PASSWORD_MAX} characters (this one has {len(password)})")
    if "\x00" in password:
        raise HubError(400, "a password may not hold a NUL character")
    return password


def _name(name: object) -> str:
    try:
        return check_name(name)
    except NameError_ as error:
        raise HubError(400, str(error)) from None


def name_registered(tx: Tx, name: str) -> Account | None:
    """The account whose name ``name`` is or looks like (deleted ones too), or None."""
    key, look = keys(name)
    return _account(tx.one(f"SELECT {_COLUMNS} FROM accounts WHERE name_key = ? OR skeleton = ? LIMIT 1", key, look))


def create(tx: Tx, name: object, digest: str, now: float) -> Account:
    """A new account; 409 if the name is taken in any case or as a look-alike, or reserved."""
    name = _name(name)
    key, look = keys(name)
    if any(key == reserved or look == keys(reserved)[1] for reserved in RESERVED):
        raise HubError(409, f"the name {name!r} is reserved: choose another")
    taken = name_registered(tx, name)
    if taken is not None:
        raise HubError(409, f"the name {name!r} is taken (it is, or looks like, {taken.name!r})")
    try:
        tx.run("INSERT INTO accounts (name, name_key, skeleton, hash, created) VALUES (?, ?, ?, ?, ?)",
               name, key, look, digest, now)
    except Exception as error:  # a concurrent sign-up won the unique keys
        if _unique_violation(error):
            raise HubError(409, f"the name {name!r} is taken") from None
        raise
    found = by_name(tx, name)
    assert found is not None
    return found


def _unique_violation(error: Exception) -> bool:
    if isinstance(error, sqlite3.IntegrityError):
        return True
    return type(error).__name__ in ("UniqueViolation", "IntegrityError")


def by_name(tx: Tx, name: str) -> Account | None:
    """The account registered exactly under ``name``'s case-blind key (not a look-alike), or None."""
    return _account(tx.one(f"SELECT {_COLUMNS} FROM accounts WHERE name_key = ?", keys(name)[0]))


def by_id(tx: Tx, number: int) -> Account | None:
    return _account(tx.one(f"SELECT {_COLUMNS} FROM accounts WHERE id = ?", number))


def _digest(tx: Tx, account: int) -> str | None:
    row = tx.one("SELECT hash FROM accounts WHERE id = ?", account)
    return None if row is None else row[0]


def sign_in(tx: Tx, name: object, password: object, passwords: Passwords) -> Account | None:
    """The account if ``password`` is its password, else None (unknown name, deleted, wrong password)."""
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > PASSWORD_MAX:
        return None
    try:
        found = by_name(tx, check_name(name))
    except NameError_:
        found = None
    digest = None if found is None or found.deleted else _digest(tx, found.id)
    if not passwords.verify(digest, password):
        return None
    if found is not None and found.banned:
        raise HubError(403, f"the account {found.name!r} is banned from this server")
    return found


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_session(tx: Tx, account: int, now: float) -> tuple[str, str]:
    """A new signed-in session: (its secret cookie token, its CSRF token). Only the token's hash is kept."""
    token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
    tx.run("INSERT INTO sessions (token_hash, account, csrf, created) VALUES (?, ?, ?, ?)",
           _token_hash(token), account, csrf, now)
    return token, csrf


def session_account(tx: Tx, token: object) -> tuple[Account, str] | None:
    """The account and CSRF token of a session cookie, or None (unknown, signed out, banned, deleted)."""
    if not isinstance(token, str) or not 20 <= len(token) <= 100:
        return None
    row = tx.one("SELECT account, csrf FROM sessions WHERE token_hash = ?", _token_hash(token))
    if row is None:
        return None
    found = by_id(tx, int(row[0]))
    if found is None or found.deleted or found.banned:
        return None
    return found, str(row[1])


def end_session(tx: Tx, token: str) -> None:
    tx.run("DELETE FROM sessions WHERE token_hash = ?", _token_hash(token))


def end_sessions(tx: Tx, account: int) -> int:
    """Sign the account out everywhere; how many sessions ended."""
    return tx.run("DELETE FROM sessions WHERE account = ?", account)


def change_password(tx: Tx, account: int, digest: str) -> None:
    tx.run("UPDATE accounts SET hash = ? WHERE id = ?", digest, account)


def set_private(tx: Tx, account: int, private: bool) -> None:
    tx.run("UPDATE accounts SET private = ? WHERE id = ?", int(private), account)


def delete(tx: Tx, account: int) -> None:
    """Delete an account: no password, no sessions, nothing to sign in to; its games stay under its name,
    which stays owned (nobody can register it or sit under it)."""
    tx.run("UPDATE accounts SET deleted = 1, hash = NULL, private = 1 WHERE id = ?", account)
    end_sessions(tx, account)
    tx.run("DELETE FROM resets WHERE account = ?", account)
    tx.run("DELETE FROM blocks WHERE account = ? OR blocked = ?", account, account)
    tx.run("DELETE FROM trainers WHERE account = ?", account)


def ban(tx: Tx, account: int, banned: bool = True) -> None:
    tx.run("UPDATE accounts SET banned = ? WHERE id = ?", int(banned), account)
    if banned:
        end_sessions(tx, account)


def new_reset(tx: Tx, account: int, now: float) -> str:
    """A one-time password reset token for ``account`` (valid :data:`RESET_VALID` seconds)."""
    token = secrets.token_urlsafe(24)
    tx.run("INSERT INTO resets (token_hash, account, expires) VALUES (?, ?, ?)", _token_hash(token), account,
           now + RESET_VALID)
    return token


def use_reset(tx: Tx, token: object, digest: str, now: float) -> Account:
    """Set a new password with a reset token (once); every session of the account ends."""
    row = None
    if isinstance(token, str) and len(token) <= 100:
        row = tx.one("SELECT account, expires FROM resets WHERE token_hash = ?", _token_hash(token))
    if row is None or float(row[1]) < now or not isinstance(token, str):
        raise HubError(400, "this reset link is not valid (used, expired or mistyped): ask for a new one")
    tx.run("DELETE FROM resets WHERE token_hash = ?", _token_hash(token))
    change_password(tx, int(row[0]), digest)
    end_sessions(tx, int(row[0]))
    found = by_id(tx, int(row[0]))
    assert found is not None
    return found


def listing(tx: Tx) -> list[Account]:
    return [account for row in tx.all(f"SELECT {_COLUMNS} FROM accounts ORDER BY id")
            if (account := _account(row)) is not None]


class Throttle:
    """Failed sign-ins, by key (an account's name key, an address), kept in the database so that every
    server process counts them together: the first :attr:`free` failures cost nothing, then each
    doubles the wait before the next try, from 1 s up to :attr:`most` seconds. A success forgets the
    key's failures.

    >>> from pegboard.web.store import SQLiteStore
    >>> store, clock = SQLiteStore(":memory:"), [0.0]
    >>> throttle = Throttle(free=2, most=60, clock=lambda: clock[0])
    >>> for _ in range(3): store.transact(lambda tx: throttle.fail(tx, "ann"))
    >>> store.read(lambda tx: throttle.wait(tx, "ann"))
    1.0
    >>> clock[0] = 1.0; store.read(lambda tx: throttle.wait(tx, "ann"))
    0.0
    """

    def __init__(self, free: int = 5, most: float = 300.0, clock: Callable[[], float] = time.time) -> None:
        self.free, self.most, self.clock = free, most, clock

    def wait(self, tx: Tx, *keys: str) -> float:
        """Seconds to wait before the next try under any of ``keys`` (0: go ahead)."""
        now = self.clock()
        waits = [0.0]
        for key in keys:
            row = tx.one("SELECT failures, last FROM throttle WHERE key = ?", key)
            if row is not None and int(row[0]) > self.free:
                waits.append(float(row[1]) + min(self.most, 2.0 ** (int(row[0]) - self.free - 1)) - now)
        return max(0.0, max(waits))

    def fail(self, tx: Tx, *keys: str) -> None:
        now = self.clock()
        for key in keys:
            tx.run("INSERT INTO throttle (key, failures, last) VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET"
                   " failures = throttle.failures + 1, last = excluded.last", key, now)
        tx.run("DELETE FROM throttle WHERE last < ?", now - 2 * 86400)

    def succeed(self, tx: Tx, key: str) -> None:
        tx.run("DELETE FROM throttle WHERE key = ?", key)
