"""pegboard benchmarks: ``python -m benchmarks.run [--only NAME ...]`` prints a table.

Targets live here, never in timed unit tests. Each benchmark returns rows of
(measure, value, unit, target) and the table marks whether each target is met.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator

from benchmarks import bots, cluster, rl, scoring, strength, web_load

Row = tuple[str, float, str, str]
BENCHMARKS: dict[str, Callable[[], Iterator[Row]]] = {
    "scoring": scoring.run,
    "bots": bots.run,
    "cluster": cluster.run,
    "web": web_load.run,
    "rl": rl.run,
    "strength": strength.run,
}

OPT_IN = ("strength",)
"""Benchmarks run only when named with --only: the strength table plays matches for minutes."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", nargs="*", choices=sorted(BENCHMARKS), help="benchmarks to run")
    args = parser.parse_args(argv)
    names = args.only or [name for name in BENCHMARKS if name not in OPT_IN]
    from rich.console import Console
    from rich.table import Table

    table = Table(title="pegboard benchmarks", title_justify="left")
    for column in ("benchmark", "measure", "value", "unit", "target", "met"):
        table.add_column(column, justify="right" if column in ("value",) else "left")
    console = Console(width=max(Console().width, 120))
    for name in names:
        with console.status(f"running {name}..."):
            for measure, value, unit, target in BENCHMARKS[name]():
                met = _met(value, target)
                table.add_row(name, measure, f"{value:,.3f}" if value < 100 else f"{value:,.0f}", unit,
                              target, "" if met is None else ("yes" if met else "[red]NO[/red]"))
    console.print(table)
    return 0


def _met(value: float, target: str) -> bool | None:
    if target.startswith(">= "):
        return value >= float(target[3:].replace(",", ""))
    if target.startswith("< "):
        return value < float(target[2:].replace(",", ""))
    return None


if __name__ == "__main__":
    sys.exit(main())
