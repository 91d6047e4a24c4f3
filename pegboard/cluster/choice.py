"""Which backend runs a batch, picked by name: ``local`` (:class:`pegboard.sim.backends.LocalBackend`)
or ``ray`` (:class:`pegboard.cluster.ray_backend.RayBackend`, loaded only when asked for), and the
``--jobs``, ``--backend`` and ``--address`` options of the commands that run batches.

>>> backend = make_backend("local", jobs=1)
>>> sorted(backend.map_unordered(pow, [(2, 3), (3, 2)]))
[8, 9]
"""

from __future__ import annotations

import argparse
import socket

from pegboard.errors import PegboardError
from pegboard.sim.backends import Backend, LocalBackend

__all__ = ["make_backend", "check_address", "add_backend_arguments", "backend_from_arguments"]


def make_backend(name: str, *, jobs: int = 1, address: str | None = None) -> Backend:
    """A backend by name: ``local`` (default) or ``ray`` (needs the ``cluster`` extra)."""
    if name == "local":
        if address:
            raise PegboardError("--address is for --backend ray")
        return LocalBackend(jobs)
    if name == "ray":
        if address:
            check_address(address)
        try:
            from pegboard.cluster.ray_backend import RayBackend
        except ImportError as error:
            raise PegboardError(f"--backend ray needs the 'cluster' extra ({error.name} is missing): "
                                "pip install 'pegboard[cluster]'") from None
        return RayBackend(address=address, workers=jobs)
    raise PegboardError(f"unknown backend {name!r}: expected 'local' or 'ray'")


def check_address(address: str) -> None:
    """A Ray cluster address is ``auto``, ``local`` or ``HOST:PORT`` (``ray://`` may lead) with a host that
    resolves: refused at once, rather than after Ray has tried to reach it for a minute.

    >>> check_address("999.999.999.999:6379")
    Traceback (most recent call last):
    ...
    pegboard.errors.PegboardError: --address '999.999.999.999:6379': no such host '999.999.999.999'
    """
    if address in ("auto", "local"):
        return
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not colon or not host or not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise PegboardError(f"--address {address!r}: expected auto or HOST:PORT, e.g. 10.0.0.5:6379")
    try:
        socket.getaddrinfo(host, int(port), type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise PegboardError(f"--address {address!r}: no such host {host!r}") from None


def add_backend_arguments(parser: argparse.ArgumentParser, jobs: int = 1) -> None:
    """The ``--jobs``, ``--backend`` and ``--address`` options of a table builder's command line.

    >>> parser = argparse.ArgumentParser()
    >>> add_backend_arguments(parser)
    >>> type(backend_from_arguments(parser.parse_args(["--jobs", "1"]))).__name__
    'LocalBackend'
    """
    parser.add_argument("--jobs", type=int, default=jobs, help="worker processes")
    parser.add_argument("--backend", choices=["local", "ray"], default="local")
    parser.add_argument("--address", help="Ray cluster address (with --backend ray)")


def backend_from_arguments(args: argparse.Namespace) -> Backend:
    """The backend that options added by :func:`add_backend_arguments` ask for."""
    return make_backend(args.backend, jobs=args.jobs, address=args.address)
