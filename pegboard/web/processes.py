"""``pegboard serve --processes N``: N server processes behind one address, on one PostgreSQL database.

The supervisor (the ``pegboard serve`` process) opens the listening socket and starts N workers, each
a whole server (:func:`pegboard.web.app.create_app` under uvicorn) accepting on that same socket: the
kernel hands each new connection to one of them. A worker that dies (``kill -9`` included) is started
again within a second; its players' pages reconnect by themselves and land on a live worker. Workers
die with the supervisor (:mod:`pegboard.web.lifeline`), and their own worker pools with them.

What the workers share goes through the database: every move is stored under a unique (table, move
number) and announced with NOTIFY; the computer moves and clocks of a table run where its lease is
held (:mod:`pegboard.web.postgres`). See docs/online.md, "Several processes".
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import socket
import subprocess
import sys
import time
from typing import Any

__all__ = ["supervise", "worker_main", "listen_socket"]


def listen_socket(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port``, inheritable by the workers."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _worker_command(fd: int, db: str, settings: dict[str, Any], access_log: bool, number: int) -> list[str]:
    return [sys.executable, "-m", "pegboard.web.processes", "--fd", str(fd), "--db", db,
            "--settings", json.dumps(settings), "--number", str(number), "--parent", str(os.getpid()),
            *(["--access-log"] if access_log else [])]


def supervise(db: str, host: str, port: int, processes: int, settings: Any, access_log: bool = False,
              announce: Any = print) -> None:
    """Run ``processes`` workers on ``host:port`` until interrupted; restart any that dies."""
    sock = listen_socket(host, port)
    fields = dataclasses.asdict(settings)
    workers: dict[int, subprocess.Popen[bytes]] = {}
    stopping = False

    def stop(*_: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def start(number: int) -> None:
        workers[number] = subprocess.Popen(_worker_command(sock.fileno(), db, fields, access_log, number),
                                           pass_fds=(sock.fileno(),))

    for number in range(processes):
        start(number)
    announce(f"pegboard: {processes} server processes: {', '.join(str(w.pid) for w in workers.values())}")
    try:
        while not stopping:
            time.sleep(0.2)
            for number, worker in list(workers.items()):
                code = worker.poll()
                if code is not None and not stopping:
                    announce(f"pegboard: server process {worker.pid} ended ({code}); starting another")
                    start(number)
    finally:
        for worker in workers.values():
            if worker.poll() is None:
                worker.terminate()
        deadline = time.monotonic() + 5
        for worker in workers.values():
            try:
                worker.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                worker.kill()
        sock.close()


def worker_main(argv: list[str] | None = None) -> None:
    """One worker: serve on the inherited socket until told to stop."""
    parser = argparse.ArgumentParser(prog="pegboard-worker")
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--settings", required=True)
    parser.add_argument("--number", type=int, default=0)
    parser.add_argument("--parent", type=int)
    parser.add_argument("--access-log", action="store_true")
    args = parser.parse_args(argv)

    from pegboard.web.lifeline import die_with_parent

    die_with_parent(args.parent)
    import uvicorn

    from pegboard.web.app import create_app
    from pegboard.web.hub import Settings
    from pegboard.web.logs import log_config

    raw = json.loads(args.settings)
    for key, value in raw.items():
        if isinstance(value, list):
            raw[key] = tuple(value)
    app = create_app(args.db, Settings(**raw))
    sock = socket.socket(fileno=args.fd)
    config = uvicorn.Config(app, log_config=log_config(args.access_log), log_level=None, access_log=args.access_log,
                            ws_max_size=65536, ws_per_message_deflate=False, proxy_headers=False,
                            timeout_graceful_shutdown=3)
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    worker_main()
