"""Opening the server's database by its name: a file (SQLite) or a ``postgresql://`` URL."""

from __future__ import annotations

from pegboard.web.store import SQLiteStore, Store, is_postgres_url

__all__ = ["open_store"]


def open_store(url: str) -> Store:
    """A store for ``url``: ``postgresql://...`` opens PostgreSQL (:mod:`pegboard.web.postgres`), a file
    path (or ``sqlite:PATH``) SQLite."""
    if is_postgres_url(url):
        from pegboard.web.postgres import PostgresStore

        return PostgresStore(url)
    scheme, colon, rest = url.partition(":")
    if colon and scheme == "sqlite":
        return SQLiteStore(rest)
    if colon and "://" in url and len(scheme) > 1:
        raise ValueError(f"storage {url!r}: a file path, sqlite:PATH or postgresql://...")
    return SQLiteStore(url)
