"""``pegboard puzzles``: the puzzles a game record yields, and ``pegboard puzzles mine``: build a bank."""

from __future__ import annotations

import json
import sys
from collections import Counter

import click

from pegboard.cli.options import SEED

__all__ = ["puzzles"]


@click.group("puzzles", invoke_without_command=True,
             short_help="List the puzzles a game record yields (or mine a bank of them).")
@click.option("--from", "source", metavar="RECORD", help="A pegboard/1 record file ('-': standard input).")
@click.option("--player", metavar="NAME", help="Only this player's decisions.")
@click.option("--all", "every", is_flag=True,
              help="Every decision with a clear best, not only those where a mistake was made.")
@click.option("--min-loss", type=click.FloatRange(min=0.0), default=0.5, show_default=True,
              help="A mistake: a choice that lost at least this many points in the review.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of puzzles.")
@click.pass_context
def puzzles(ctx: click.Context, source: str | None, player: str | None, every: bool, min_loss: float,
            as_json: bool) -> None:
    """List the puzzles in a game: positions where the best choice beats the next by a clear margin.

    \b
    By default the puzzles come from the decisions where a player made a mistake (the review's loss
    of at least --min-loss points), the position as that player saw it; --all takes every decision
    with a clear best. Each puzzle's answer is the best choice 'pegboard analyse POSITION' gives.
    Examples:
      pegboard puzzles --from game.json
      pegboard puzzles --from game.json --player Ann --json
      pegboard puzzles mine --games 40 --seed 1 --out bank.json
    """
    if ctx.invoked_subcommand is not None:
        return
    if source is None:
        raise click.UsageError("give a record: --from RECORD (or a subcommand: mine)")
    from pegboard.cli.render import progress_bar
    from pegboard.puzzles.mining import mine
    from pegboard.records import load_record, read_record_stream

    record = read_record_stream(sys.stdin.buffer, "stdin") if source == "-" else load_record(source)
    with progress_bar("Mining") as progress:
        found = mine(record, player, mistakes=not every, min_loss=min_loss, progress=progress)
    if as_json:
        click.echo(json.dumps([puzzle.to_json() for puzzle in found]))
        return
    if not found:
        click.echo("No puzzles: no decision here had a clear best" + ("" if every else " that a player missed") + ".")
        return
    for number, puzzle in enumerate(found, start=1):
        took = f"; {puzzle.player} chose {puzzle.choice} (lost {puzzle.loss:.2f})" if puzzle.choice else ""
        click.echo(f"{number}. [{puzzle.kind}, {puzzle.theme}, rating {puzzle.rating:.0f}] {puzzle.player}, "
                   f"deal {(puzzle.deal or 0) + 1}{took}")
        click.echo(f"   position: {puzzle.position if len(puzzle.position) < 200 else '(a record: see --json)'}")
        click.echo(f"   answer: {puzzle.answer} (by {puzzle.margin:.2f} "
                   f"{'points' if puzzle.measure == 'points' else 'of the chance to win'}) - {puzzle.why}")


@puzzles.command("mine", short_help="Mine a bank of puzzles from the expert's games.")
@click.option("--games", type=click.IntRange(min=1, max=100_000), default=8, show_default=True,
              help="How many games to play and mine (the sources in turn: docs/train.md).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the games.")
@click.option("--out", type=click.Path(dir_okay=False), required=True, help="The bank file to write (JSON).")
@click.option("--jobs", type=click.IntRange(min=1, max=64), default=1, show_default=True,
              help="Processes to mine in (the bank is the same).")
def mine_command(games: int, seed: int, out: str, jobs: int) -> None:
    """Play GAMES games of the expert (against itself, classic, hoyle, greedy; Snailspace, solitaire,
    muggins) and write the puzzles they yield as a bank."""
    from pegboard.puzzles.bank import mine_bank, write_bank

    def progress(done: int, total: int, count: int) -> None:
        click.echo(f"game {done}/{total}: {count} puzzles", err=True)

    about = {"command": f"pegboard puzzles mine --games {games} --seed {seed} --out {out}", "games": games,
             "seed": seed}
    found, figures = mine_bank(games, seed, progress, lambda so_far: write_bank(so_far, out, about | {"partial": True}),
                               jobs)
    write_bank(found, out, about | {"seconds": round(figures["seconds"], 1), "jobs": jobs,
                                    "seconds_per_game": round(figures["per_game"], 1)})
    themes = Counter((puzzle.kind, puzzle.theme) for puzzle in found)
    click.echo(f"{len(found)} puzzles from {games} games in {figures['seconds']:.0f} s "
               f"({figures['per_game']:.1f} s a game in one process) -> {out}")
    for (kind, theme), count in sorted(themes.items()):
        click.echo(f"  {kind:8} {theme:45} {count}")
