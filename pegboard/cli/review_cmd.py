"""``pegboard review``: every decision of a recorded game against the best the analysis knows."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pegboard.cli.options import OBJECTIVE
from pegboard.errors import PegboardError
from pegboard.objectives import Objective
from pegboard.plots import check_plot_path
from pegboard.records import GameRecord, load_record, read_record_stream

if TYPE_CHECKING:
    from rich.console import Console

    from pegboard.analysis.review import Review

__all__ = ["review_command"]

_KIND_TITLES = {"discard": "discards", "play": "play", "count": "counting", "place": "placing"}


@click.command("review", short_help="Review a game: accuracy, mistakes and their cost, per player.")
@click.argument("record_file", type=click.Path(allow_dash=True, path_type=Path))
@click.option("--player", "players", multiple=True, metavar="NAME",
              help="Review only this player's decisions (again for more); default: every player.")
@click.option("--all", "show_all", is_flag=True, help="List every decision that cost something, not only the "
                                                      "costliest of each player.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON (the shape of docs/review.md).")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path),
              help="Draw the score race and the chance to win, mistakes marked, to this .png, .svg or .pdf.")
@click.option("--objective", type=OBJECTIVE, default=None,
              help="Judge the decisions near the end by this objective (win, game-points, spread, match:to=N) instead "
                   "of the one the record says the game was played for (win if it says none).")
@click.option("--app", "in_app", is_flag=True, help="Step through the decisions in the terminal app (the Review "
                                                    "screen; also key r in pegboard replay).")
def review_command(record_file: Path, players: tuple[str, ...], show_all: bool, as_json: bool,
                   plot: Path | None, objective: Objective | None, in_app: bool) -> None:
    """Review every decision of a game record: the choice made, the best choice, what it cost.

    \b
    Example:
      pegboard review game.json
      pegboard review game.json --player Ann --plot ann.png

    Each player gets an accuracy figure (100: no measurable loss; docs/review.md defines it), the
    expected points lost in discards, in the play and in counting, and their costliest decisions,
    each with a reason. RECORD_FILE '-' reads the record from standard input. Only what each player
    could see at each moment is used. Near the end decisions are judged by what the game was played
    for: the record's objective (pegboard writes it for a game played for game points, the spread or a
    match), or --objective.
    """
    from pegboard.analysis.review import review

    if plot is not None:
        check_plot_path(plot)
    from_stdin = str(record_file) == "-"
    record = read_record_stream(sys.stdin.buffer, "stdin") if from_stdin else load_record(record_file)
    seats = _seats(record, players)
    if objective is not None:
        objective.check(record.rules)
        record = replace(record, objective=objective)
    if in_app:
        if not sys.stdout.isatty() or from_stdin:
            raise PegboardError("--app needs a terminal (and the record in a file, not on standard input)")
        from pegboard.records import replay

        replay(record)  # a bad record is refused here, in one line, not in the app
        from pegboard.tui.review import ReviewApp

        ReviewApp(record, str(record_file)).run()
        return
    from pegboard.cli.render import progress_bar

    with progress_bar(f"reviewing {record_file}") as progress:
        result = review(record, seats=seats, progress=progress)
    if plot is not None:
        from pegboard.plots import plot_review

        plot_review(result, plot)
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    _print(result, show_all, plot)


def _seats(record: GameRecord, names: tuple[str, ...]) -> list[int] | None:
    if not names:
        return None
    seats = []
    for name in names:
        if name not in record.players:
            raise PegboardError(f"--player {name!r}: not a player of this game ({', '.join(record.players)})")
        seats.append(record.players.index(name))
    return seats


def _print(result: Review, show_all: bool, plot: Path | None) -> None:
    from rich.table import Table
    from rich.text import Text

    from pegboard.cli.render import console

    out = console()
    kinds = result.kinds
    # Names are the players' own text: always Text, never markup.
    summary = Table(title=Text(f"{result.game}: review of {result.actions} moves"), title_justify="left")
    summary.add_column("Player")
    summary.add_column("Accuracy", justify="right")
    summary.add_column("Points lost", justify="right")
    for kind in kinds:
        summary.add_column(f"in {_KIND_TITLES[kind]}", justify="right")
    summary.add_column("Decisions", justify="right")
    summary.add_column("Mistakes", justify="right")
    for name, player in result.players.items():
        summary.add_row(Text(name), Text(f"{player.accuracy:.1f}", style="bold"), f"{player.points_lost:.2f}",
                        *(f"{player.lost[kind]:.2f}" for kind in kinds), str(player.decisions),
                        str(player.mistakes))
    out.print(summary)
    if result.luck_line:
        out.print(Text(result.luck_line))
    if show_all:
        listed = [(decision.player, index) for index, decision in enumerate(result.decisions) if decision.loss > 0]
        _decisions(out, result, [index for _, index in listed], "Every decision that cost something")
    else:
        for name, player in result.players.items():
            if player.costliest:
                _decisions(out, result, list(player.costliest), f"{name}: the costliest decisions")
    verdict = "Game over: " + (f"{result.winner} won." if result.winner else "a draw.") if result.finished \
        else "The record stops before the end of the game."
    out.print(Text(verdict))
    if result.judged:
        out.print(Text(result.judged))
    plotted = f" Chart: {plot}." if plot is not None else ""
    out.print(f"[dim]Reviewed in {result.seconds:.1f} s.{plotted} Accuracy: 100 = no measurable loss "
              f"(docs/review.md).[/dim]")


def _decisions(out: Console, result: Review, indices: list[int], title: str) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(title), title_justify="left")
    for column in ("Deal", "Player", "Choice", "Best", "Lost", "Win", "Why"):
        table.add_column(column, justify="right" if column in ("Deal", "Lost", "Win") else "left",
                         overflow="fold")
    for index in indices:
        decision = result.decisions[index]
        win = "" if decision.win_loss is None else f"-{100 * decision.win_loss:.1f}%"
        table.add_row(str(decision.deal + 1), Text(decision.player), decision.choice.text(), decision.best.text(),
                      f"{decision.loss:.2f}", win, Text(decision.reason))
    out.print(table)
