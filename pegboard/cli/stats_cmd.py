"""``pegboard stats``: exact statistics."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from pegboard.cli.options import OBJECTIVE, GameType
from pegboard.objectives import Objective
from pegboard.plots import check_plot_path
from pegboard.rules import Rules
from pegboard.stats import Distribution, hand_distribution

__all__ = ["stats"]


@click.group()
def stats() -> None:
    """Exact statistics of the games, and your own (stats me)."""


@stats.command(short_help="Your own statistics: the games you finished in pegboard play.")
@click.option("--json", "as_json", is_flag=True, help="Print them as JSON (docs/review.md has its shape).")
@click.option("--no-review", is_flag=True, help="Do not review the games whose accuracy is not worked out yet "
              "(about 2 s a game, done once: it is kept).")
@click.option("--games", "most", default=10, show_default=True, type=click.IntRange(1, 10_000),
              help="How many of the latest games (and duplicate sets) to list.")
def me(as_json: bool, no_review: bool, most: int) -> None:
    """Your games against the computer in the terminal app: won, lost and skunks, points per deal by
    source as dealer and as pone beside the published expert averages, accuracy per game and duplicate
    sets. Kept in the data folder (statistics file); pegboard play --stats has the results alone.
    """
    from pegboard.analysis.mystats import player_stats, with_accuracy
    from pegboard.cli.render import console, progress_bar
    from pegboard.tui.mystats import stats_renderable
    from pegboard.tui.store import Store

    store = Store()
    played = store.played()
    if not no_review and any(game.accuracy is None for game in played):
        with progress_bar("reviewing your games for their accuracy") as progress:
            played = with_accuracy(played, keep=store.keep_accuracy, progress=progress)
    found = player_stats(played)
    if as_json:
        click.echo(json.dumps(found.to_json()))
        return
    out = console()
    out.print(stats_renderable(found, most))
    out.print(f"[dim]Kept in {store.stats_path}.[/dim]")


@stats.command()
@click.option("--game", "-g", type=GameType(crib=True), default="cribbage", show_default=True,
              help="cribbage (four-card hands) or five-card (three-card hands); any alias.")
@click.option("--crib", is_flag=True, help="Crib counts (four cards, five-card flush only).")
@click.option("--json", "as_json", is_flag=True, help="Print the distribution as JSON.")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a bar chart to this PNG file (needs the 'plot' extra).")
def hands(game: str, crib: bool, as_json: bool, plot: Path | None) -> None:
    """The exact distribution of show scores over every possible deal.

    Every hand (or crib) with every starter is counted, never sampled: 12,994,800 deals for
    four cards, 1,082,900 for five-card's three.
    """
    rules = Rules.preset(game)
    if plot is not None:
        check_plot_path(plot)
    started = time.perf_counter()
    dist = hand_distribution(4 if crib else rules.kept_size, crib=crib,
                             crib_four_flush=rules.crib_four_flush)
    seconds = time.perf_counter() - started
    what = f"{rules.name} {'crib' if crib else 'hand'}"
    if plot is not None:
        from pegboard.plots import plot_distribution

        plot_distribution(dist, plot, title=f"Show scores of every {what} deal")
    if as_json:
        click.echo(json.dumps({"game": rules.name, "crib": crib, **dist.to_json(),
                               "seconds": round(seconds, 3)}))
        return
    _print_distribution(dist, what, seconds, plot)


def percent(part: int, whole: int) -> str:
    """A share in one fixed format, four decimals; a share too small to show is ``<0.0001%``, never 0.

    >>> percent(1_009_008, 12_994_800), percent(76, 12_994_800), percent(4, 12_994_800), percent(0, 1)
    ('7.7647%', '0.0006%', '<0.0001%', '0.0000%')
    """
    share = 100 * part / whole
    return "<0.0001%" if 0 < share < 0.00005 else f"{share:.4f}%"


def _print_distribution(dist: Distribution, what: str, seconds: float, plot: Path | None) -> None:
    from rich.table import Table

    from pegboard.cli.render import console

    table = Table(title=f"Every {what} deal: {dist.deals:,} deals", title_justify="left")
    table.add_column("Score", justify="right")
    table.add_column("Deals", justify="right")
    table.add_column("Share", justify="right")
    table.add_column("At least", justify="right")
    table.add_column("")
    peak = max(dist.counts)
    remaining = dist.deals
    for score, count in enumerate(dist.counts):
        bar = "█" * round(30 * count / peak) if count else ""
        table.add_row(str(score), f"{count:,}", percent(count, dist.deals), percent(remaining, dist.deals),
                      f"[cyan]{bar}[/cyan]")
        remaining -= count
    out = console()
    out.print(table)
    mean = dist.mean
    out.print(f"Mean [bold]{mean.numerator}/{mean.denominator}[/bold] = {float(mean):.6f}   "
              f"standard deviation {dist.stdev:.6f}   median {dist.median}")
    if dist.never:
        out.print(f"Never scored: {', '.join(map(str, dist.never))}")
    out.print(f"[dim]Counted exactly in {seconds:.2f} s.[/dim]")
    if plot is not None:
        out.print(f"Chart written to {plot}")




@stats.command(short_help="The chance of winning (or any objective) from every pair of scores.")
@click.option("--game", "-g", type=GameType(crib=True), default="cribbage", show_default=True,
              help="cribbage (two players to 121), five-card (to 61) or cribbage-4 (partners to 121); any alias.")
@click.option("--pone", is_flag=True, help="For the player who is pone in the next deal (default: the dealer).")
@click.option("--objective", type=OBJECTIVE, default="win", show_default=True,
              help="What the game is played for: win, game-points, spread or match (e.g. spread:cap=31, "
                   "match:to=7; docs/objectives.md).")
@click.option("--step", default=10, show_default=True, type=click.IntRange(min=1),
              help="Score step of the printed grid.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole table as JSON.")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a heat map to this PNG file (needs the 'plot' extra).")
def board(game: str, pone: bool, objective: Objective, step: int, as_json: bool, plot: Path | None) -> None:
    """The chance of winning a two-player 121-point game from every pair of scores, or the expected
    value of another objective (game points, spread, a match); five-card to 61 and partners (your
    side, theirs) to 121 too.

    Expert against expert, at the start of a deal; computed exactly by dynamic programming from the
    expert's own per-deal points (python -m pegboard.tables.board rebuilds them).
    """
    from pegboard.bots.board import BoardTable
    from pegboard.errors import ObjectiveError

    if plot is not None:
        check_plot_path(plot)
    rules = Rules.preset(game)
    objective.check(rules)
    started = time.perf_counter()
    found = BoardTable.for_rules(rules, objective)
    if found is None:
        raise ObjectiveError(f"game {game!r}: no board table (cribbage, five-card or cribbage-4)")
    table = found
    seconds = time.perf_counter() - started
    dealing = not pone
    scores = range(0, table.target)
    grid = [[table.value(table.target - mine, table.target - theirs, dealing=dealing) for theirs in scores]
            for mine in scores]
    role = "pone" if pone else "dealer"
    chance = objective.kind in ("win", "match")
    if plot is not None:
        from pegboard.plots import plot_board

        low, high = table.low, table.high
        if objective.kind == "spread":  # the colours over the values that occur, not the whole range
            high = max(abs(value) for row in grid for value in row)
            low = -high
        plot_board(grid, plot, role=role, objective=objective.name, low=low, high=high,
                   lines=tuple(line for line in (rules.skunk, rules.double_skunk) if line is not None)
                   if objective.kind in ("game-points", "match") else ())
    if as_json:
        data = {"target": table.target, "role": role, "objective": objective.name,
                "index": "[your score][their score]", "values": [[round(p, 5) for p in row] for row in grid]}
        if objective.kind == "win":
            data["win"] = data["values"]
        click.echo(json.dumps(data))
        return
    from rich.table import Table

    from pegboard.cli.render import console

    points = list(range(0, table.target, step))
    out = console()
    what = "Chance the" if objective.kind == "win" else f"{objective.name}: expected value for the"
    what += f" {role}" + (" wins" if objective.kind == "win" else "")
    view = Table(title=f"{what}, at the start of a deal (rows: your score, columns: theirs)", title_justify="left")
    view.add_column("you \\ them", justify="right")
    for theirs in points:
        view.add_column(str(theirs), justify="right")
    middle = (table.low + table.high) / 2
    spread = (table.high - table.low) / 10
    for mine in points:
        cells = []
        for theirs in points:
            value = grid[mine][theirs]
            colour = "green" if value >= middle + spread else "red" if value <= middle - spread else "white"
            text = f"{100 * value:.0f}" if chance else f"{value:+.2f}" if objective.kind == "game-points" \
                else f"{value:+.0f}"
            cells.append(f"[{colour}]{text}[/{colour}]")
        view.add_row(str(mine), *cells)
    out.print(view)
    if objective.kind == "win":
        out.print(f"From 0-0 the {role} of the first deal wins {100 * grid[0][0]:.1f}% of games.")
    elif chance:
        out.print(f"From 0-0 the {role} of the first deal wins the match {100 * grid[0][0]:.1f}% of the time.")
    else:
        out.print(f"From 0-0 the {role} of the first deal expects {grid[0][0]:+.3f} ({objective.name}).")
    out.print(f"[dim]Solved in {seconds:.2f} s from the shipped per-deal histograms.[/dim]")
    if plot is not None:
        out.print(f"Heat map written to {plot}")
