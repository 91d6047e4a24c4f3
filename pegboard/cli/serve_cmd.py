"""``pegboard serve``: the game server and its browser page (needs the ``web`` extra)."""

from __future__ import annotations

import socket
from pathlib import Path

import click

from pegboard.cli.options import Seconds
from pegboard.datadir import data_dir
from pegboard.errors import PegboardError
from pegboard.web.logs import log_config

__all__ = ["serve", "default_db", "check_listen", "log_config", "LOOPBACK_NAMES"]

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")


def default_db() -> Path:
    """Where tables are kept unless ``--db`` says otherwise: ``tables.db`` in the data folder
    (``$PEGBOARD_DATA_DIR``, else the platform's, as ``pegboard play`` uses)."""
    return data_dir() / "tables.db"


def check_listen(host: str, port: int) -> None:
    """A clear error now, rather than the web server's own later, if ``host:port`` cannot be listened
    on (not an address of this machine, a port in use, a port that needs privileges)."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as error:
        reason = error.strerror if isinstance(error, socket.gaierror) else str(error)
        raise PegboardError(f"--host {host!r}: not an address to listen on ({reason})") from None
    family, kind, protocol, _, address = found[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            probe.bind(address)
        except OSError as error:
            raise PegboardError(f"--host {host} --port {port}: cannot listen there ({error.strerror or error})") \
                from None


@click.command(short_help="Serve games in the browser, with friends or bots.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--db", metavar="FILE|URL",
              help="Where every table, move, account and rating is kept: an SQLite file [default: tables.db in the "
                   "data folder: $PEGBOARD_DATA_DIR, else ~/.local/share/pegboard], or a PostgreSQL database URL "
                   "(postgresql://USER@HOST/DB, or postgresql://USER@/DB?host=SOCKETDIR).")
@click.option("--processes", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Server processes sharing the address (more than 1 needs --db postgresql://...).")
@click.option("--pace", default=0.7, show_default=True, type=Seconds(0, 10),
              help="Seconds a computer player waits before each move, so people can follow.")
@click.option("--access-log/--no-access-log", default=False, show_default=True, help="Log every HTTP request.")
@click.option("--trusted-proxy", "trusted_proxies", multiple=True, metavar="ADDRESS",
              help="A reverse proxy's address whose X-Forwarded-For names the client (for the sign-in throttle "
                   "and rate limits); repeat for several. Without it the peer's address is used.")
@click.option("--allowed-host", "allowed_hosts", multiple=True, metavar="NAME",
              help="A host name the server answers to (its Host header); repeat for several. Default: the loopback "
                   "names when listening on loopback (against DNS rebinding), else any.")
@click.option("--grace", default=60.0, show_default=True, type=Seconds(5, 3600),
              help="Seconds a rated game waits for a player who left before they lose it.")
@click.option("--puzzles", metavar="FILE", default=None, type=click.Path(exists=True, dir_okay=False),
              help="The bank of puzzles the /train page serves (made by 'pegboard puzzles mine'). Default: the "
                   "shipped bank.")
def serve(host: str, port: int, db: str | None, processes: int, pace: float, access_log: bool,
          trusted_proxies: tuple[str, ...], allowed_hosts: tuple[str, ...], grace: float,
          puzzles: str | None = None) -> None:
    """Serve games in the browser: tables for any game, friends by invite link, computer players,
    accounts, rated games with matchmaking and clocks (see docs/online.md).

    Every table and move is saved to the database before it is acknowledged; stop the server any
    way you like and start it again on the same database to carry on exactly where you were.
    """
    try:
        import uvicorn

        from pegboard.web.app import create_app
        from pegboard.web.hub import Settings
    except ImportError as error:
        raise PegboardError(f"pegboard serve needs the 'web' extra ({error.name} is missing): "
                            "pip install 'pegboard[web]'") from None
    check_listen(host, port)
    from pegboard.web.store import is_postgres_url

    if not allowed_hosts:
        allowed_hosts = LOOPBACK_NAMES if host in ("127.0.0.1", "localhost", "::1") else ("*",)
    settings = Settings(pace=pace, gc_freeze=10, trusted_proxies=trusted_proxies, grace=grace,
                        allowed_hosts=allowed_hosts, puzzles=str(Path(puzzles).resolve()) if puzzles else "")
    if db is not None and is_postgres_url(db):
        from pegboard.web.database import open_store
        from pegboard.web.postgres import redact_url

        open_store(db).close()  # a clear error now if it cannot be reached; migrated once, before the workers
        where = redact_url(db)
    else:
        if processes > 1:
            raise PegboardError(f"--processes {processes}: several processes share a PostgreSQL database "
                                "(--db postgresql://...); SQLite is one process")
        path = Path(db) if db else default_db()
        if path.parent.exists() and not path.parent.is_dir():
            raise PegboardError(f"--db {path}: {str(path.parent)!r} is not a folder")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise PegboardError(f"--db {path}: cannot make its folder {str(path.parent)!r} ({error.strerror})") \
                from None
        db = where = str(path)
    shown = f"[{host}]" if ":" in host else host
    if processes > 1:
        from pegboard.web.processes import supervise

        click.echo(f"pegboard: serving on http://{shown}:{port}/ with {processes} processes (database {where}); "
                   "Ctrl+C stops", err=True)
        supervise(db, host, port, processes, settings, access_log, lambda line: click.echo(line, err=True))
        return
    app = create_app(db, settings)
    click.echo(f"pegboard: serving on http://{shown}:{port}/ (database {where}); Ctrl+C stops", err=True)
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo("pegboard: note: plain HTTP; put a TLS proxy in front to play over the internet", err=True)
    uvicorn.run(app, host=host, port=port, log_config=log_config(access_log), log_level=None, access_log=access_log,
                ws_max_size=65536, proxy_headers=False,
                ws_per_message_deflate=False, timeout_graceful_shutdown=3)
