"""``pegboard accounts``: the server's accounts from its command line (there is no e-mail): list them,
print a one-time link that sets a new password, ban or unban."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pegboard.errors import PegboardError

if TYPE_CHECKING:
    from pegboard.web.accounts import Account
    from pegboard.web.store import SQLiteStore

__all__ = ["accounts_command"]

DB_OPTION = click.option("--db", type=click.Path(dir_okay=False, path_type=Path),
                         help="The server's database [default: tables.db in the data folder, as pegboard serve].")


def _store(db: Path | None) -> SQLiteStore:
    from pegboard.cli.serve_cmd import default_db
    from pegboard.web.store import SQLiteStore

    path = db or default_db()
    if not path.exists():
        raise PegboardError(f"--db {path}: no such database (start pegboard serve on it first)")
    return SQLiteStore(str(path))


def _account(store: SQLiteStore, name: str) -> Account:
    from pegboard.web import accounts

    found = store.read(lambda tx: accounts.by_name(tx, name))
    if found is None:
        raise PegboardError(f"no account named {name!r}: 'pegboard accounts list' shows them")
    return found


@click.group("accounts", short_help="List accounts, reset a password, ban (the server's database).")
def accounts_command() -> None:
    """The accounts of a pegboard server's database (run it beside the server)."""


@accounts_command.command("list", short_help="List the accounts.")
@DB_OPTION
def list_accounts(db: Path | None) -> None:
    """Every account: name, created, and whether it is deleted, banned or private."""
    from pegboard.web import accounts

    store = _store(db)
    for account in store.read(accounts.listing):
        flags = [word for word, on in (("deleted", account.deleted), ("banned", account.banned),
                                       ("private", account.private)) if on]
        when = datetime.fromtimestamp(account.created).isoformat(timespec="minutes")
        click.echo(f"{account.name:<16}  {when}  {' '.join(flags)}".rstrip())


@accounts_command.command("reset", short_help="Print a one-time link to set a new password.")
@click.argument("name")
@click.option("--url", default="http://127.0.0.1:8000", show_default=True, help="The server's address for the link.")
@DB_OPTION
def reset(name: str, url: str, db: Path | None) -> None:
    """Print a one-time link (valid a day) with which NAME sets a new password."""
    from pegboard.web import accounts

    store = _store(db)
    account = _account(store, name)
    if account.deleted:
        raise PegboardError(f"{account.name!r} is a deleted account")
    token = store.transact(lambda tx: accounts.new_reset(tx, account.id, time.time()))
    click.echo(f"{url.rstrip('/')}/reset#{token}")


@accounts_command.command("ban", short_help="Ban an account (or --unban).")
@click.argument("name")
@click.option("--unban", is_flag=True, help="Lift a ban instead.")
@DB_OPTION
def ban(name: str, unban: bool, db: Path | None) -> None:
    """Ban NAME (signed out everywhere, cannot sign in), or with --unban lift it."""
    from pegboard.web import accounts

    store = _store(db)
    account = _account(store, name)
    store.transact(lambda tx: accounts.ban(tx, account.id, not unban))
    click.echo(f"{account.name}: {'unbanned' if unban else 'banned'}")
