"""``pegboard engine``: the engine protocol on standard input and output (docs/engine-protocol.md)."""

from __future__ import annotations

import click

__all__ = ["engine"]


@click.command(short_help="Speak the engine protocol on stdin/stdout, for other programs.")
@click.option("--seed", type=int, default=None, help="Seed of the engine's own choices (deals, bots, samples).")
def engine(seed: int | None) -> None:
    """Answer the engine protocol (identify, setoption, newgame, position, move, view, go, quit) one line at a
    time: see docs/engine-protocol.md."""
    from pegboard.rl.protocol import serve

    serve(seed=seed)
