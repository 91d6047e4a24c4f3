"""``pegboard replay``: replay a ``pegboard/1`` record and report the result."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from pegboard.records import load_record, read_record_stream, replay, replay_summary

__all__ = ["replay_command"]


@click.command("replay", short_help="Replay a game record: scores, deals and winner.")
@click.argument("record_file", type=click.Path(allow_dash=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (the pegboard/1 replay format).")
def replay_command(record_file: Path, as_json: bool) -> None:
    """Replay a game record and print the scores, per-deal totals and winner.

    RECORD_FILE '-' reads the record from standard input. An illegal or malformed record exits 2
    with one line naming the action (its index and text) and why. In a terminal (without --json)
    it steps through the record in the pegboard app.
    """
    from_stdin = str(record_file) == "-"
    record = read_record_stream(sys.stdin.buffer, "stdin") if from_stdin else load_record(record_file)
    game = replay(record)
    if not as_json and not from_stdin and sys.stdout.isatty() and sys.stdin.isatty():
        try:
            from pegboard.tui.replay import ReplayApp
        except ImportError:  # no 'tui' extra: print the table
            pass
        else:
            ReplayApp(record, str(record_file)).run()
            return
    summary = replay_summary(game, deals=len(record.deals))
    if as_json:
        click.echo(json.dumps(summary))
        return
    from rich.table import Table
    from rich.text import Text

    from pegboard.cli.render import console

    # Names are the players' own text: always Text, never markup ("[bold]" in a name is printed as it is).
    sides = list(summary["scores"])
    table = Table(title=Text(f"{summary['game']}: {', '.join(summary['players'])}"), title_justify="left")
    table.add_column("Deal", justify="right")
    table.add_column("Dealer")
    for side in sides:
        table.add_column(Text(side), justify="right")
    for number, deal in enumerate(summary["deals"], start=1):
        cells = [f"+{deal['points'][side]} = {deal['scores'][side]}" for side in sides]
        table.add_row(str(number), Text(deal["dealer"] or ""), *cells)
    out = console()
    out.print(table)
    if summary["finished"]:
        result = Text(f"{summary['winner']} wins" if summary["winner"] else "A draw", style="bold")
        marks = ", ".join(f"{side} {mark}" for side, mark in summary["skunks"].items())
        out.print(Text.assemble(result, f" ({marks})." if marks else "."))
    else:
        out.print("The record stops before the end of the game.")
