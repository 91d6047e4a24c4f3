"""The ``pegboard`` command line (needs the ``cli`` extra: Click and Rich)."""

from __future__ import annotations

import sys

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``pegboard`` console script."""
    try:
        from pegboard.cli.app import run
    except ImportError as error:  # pragma: no cover - only without the extra
        print(f"pegboard: the command line needs the 'cli' extra ({error.name} is missing): "
              "pip install 'pegboard[cli]'", file=sys.stderr)
        return 2
    return run(argv)
