"""``pegboard sim``: bot-vs-bot matches."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import click

from pegboard.cli.options import GAME, OBJECTIVE, SEED
from pegboard.cluster.choice import make_backend
from pegboard.errors import PegboardError
from pegboard.files import MAX_DIGITS
from pegboard.objectives import Objective
from pegboard.rules import Rules
from pegboard.sim.collector import own_process
from pegboard.sim.match import MatchConfig
from pegboard.sim.runner import run_match
from pegboard.sim.stats import MatchStats

__all__ = ["sim"]


MAX_JOBS = 256
"""The most worker processes a local match starts."""


def _option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``: true/false a boolean, digits (0-9, at most 100) a whole number, else text."""
    key, sep, value = text.partition("=")
    if not sep:
        raise PegboardError(f"--option {text!r}: expected NAME=VALUE, e.g. target=61")
    parsed: Any = value
    if value.lower() in ("true", "false"):
        parsed = value.lower() == "true"
    elif re.fullmatch(r"-?[0-9]+", value):
        if len(value.lstrip("-")) > MAX_DIGITS:
            raise PegboardError(f"--option {key}={value[:20]}...: a number of {len(value.lstrip('-'))} digits; "
                                "no option takes one that large")
        parsed = int(value)
    return key, parsed


@click.command(short_help="Play bots against each other: wins, skunks, points.")
@click.option("--game", "-g", type=GAME, default="cribbage", show_default=True,
              help="Game to play: a preset name or alias (cribbage, five-card, snailspace, solitaire...).")
@click.option("--players", "-p", default="expert,greedy", show_default=True,
              help="Bots by name (random, greedy, expert, classic, hoyle or module:Class), one per player or team.")
@click.option("--games", "-n", default=100, show_default=True, type=click.IntRange(min=1), help="Number of games.")
@click.option("--seed", "-s", default=0, show_default=True, type=SEED, help="Match seed: same seed, same results.")
@click.option("--jobs", "-j", default=1, show_default=True, type=click.IntRange(1, MAX_JOBS),
              help="Worker processes (local); with --backend ray and no --address, the CPUs of the local Ray.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="Where games run: local processes, or a Ray cluster (needs the 'cluster' extra).")
@click.option("--address", help="Ray cluster address (e.g. 10.0.0.5:6379 or auto); none: a local Ray instance.")
@click.option("--option", "options", multiple=True, help="Rules option NAME=VALUE (e.g. target=61); repeatable.")
@click.option("--records", type=click.Path(path_type=Path),
              help="Save every game's record: a folder (a file a game), or FILE.jsonl (a line a game, in game "
                   "order, the same file whatever --jobs; much faster for many games).")
@click.option("--duplicate", is_flag=True,
              help="Play each sequence of deals once per seating (the same cards with seats swapped): the luck "
                   "of the cards largely cancels out. --games must be a multiple of the number of sides.")
@click.option("--objective", type=OBJECTIVE,
              help="What the games are played for: win, game-points, spread or match (e.g. spread:cap=31, "
                   "match:to=7; docs/objectives.md). The expert plays for it (unless named expert@OBJECTIVE) "
                   "and each player's mean of it is reported with its 95% interval.")
@click.option("--luck/--no-luck", default=True, show_default=True,
              help="Reckon each game's luck of the cards (two-player games with a crib) and report the margin per "
                   "deal luck-adjusted beside the raw one: the same precision in fewer games. --no-luck plays "
                   "cheap bots (greedy, random) several times faster (docs/strength.md).")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as one JSON object.")
def sim(game: str, players: str, games: int, seed: int, jobs: int, backend: str, address: str | None,
        options: tuple[str, ...], records: Path | None, duplicate: bool, objective: Objective | None,
        luck: bool, as_json: bool) -> None:
    """Play bots against each other and report wins with 95% intervals, skunks, points per deal.

    Options are the record option names (target, muggins, deals, count_at_end, fifteens, discards,
    heels...; docs/record-format.md); target is at most 999. A bot may name its own objective:
    --players expert@game-points,expert@win.
    """
    pairs = tuple(_option(text) for text in options)
    try:
        Rules.from_options(game, dict(pairs))
    except PegboardError as error:
        raise PegboardError(f"--option: {error}") from None
    config = MatchConfig(game, tuple(name.strip() for name in players.split(",") if name.strip()), games, seed,
                         pairs, str(records) if records else None, duplicate,
                         objective.name if objective is not None else None, luck=luck)
    own_process()  # this command's process only plays games: its tables may leave the collector's passes
    config.check()
    if records is not None and not config.records_in_one_file:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise PegboardError(f"--records {records}: cannot make the folder ({error.strerror})") from None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    runner = make_backend(backend, jobs=jobs, address=address)
    errors = Console(stderr=True)
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True, console=errors, disable=not errors.is_terminal) as bar:
        task = bar.add_task(f"{config.rules.name}: {' vs '.join(config.names)}", total=games)
        stats = run_match(config, backend=runner, progress=lambda n: bar.advance(task, n))
    if as_json:
        click.echo(json.dumps(stats.to_json()))
    else:
        _print(stats)


def _print(stats: MatchStats) -> None:
    from rich.table import Table

    from pegboard.cli.render import console

    data = stats.to_json()
    out = console()
    if "mean_score" in data:
        low, high = data["ci95_mean"]
        out.print(f"[bold]{data['game']}[/bold], {data['games']} deals by {data['players'][0]}: mean score "
                  f"[bold]{data['mean_score']:.2f}[/bold] (95% {low:.2f}-{high:.2f}); reached "
                  f"{stats.config.rules.target}: {100 * data['win_rate']:.1f}%")
    else:
        table = Table(title=f"{data['game']}: {data['games']} games, seed {data['seed']}", title_justify="left")
        for column in ("", "wins", "win rate", "95% interval", "skunked", "double-skunked"):
            table.add_column(column, justify="left" if not column else "right")
        for name in data["players"]:
            low, high = data["ci95"][name]
            table.add_row(name, str(data["wins"][name]), f"{100 * data['win_rate'][name]:.1f}%",
                          f"{100 * low:.1f}-{100 * high:.1f}%", str(data["skunked"][name]),
                          str(data["double_skunked"][name]))
        out.print(table)
        if data["draws"]:
            out.print(f"Draws: {data['draws']}")
        if "ci95_duplicate" in data:
            name = data["players"][0]
            low, high = data["ci95_duplicate"][name]
            if low is not None:
                out.print(f"Duplicate deals: {name} wins {100 * data['win_rate'][name]:.1f}% "
                          f"(95% {100 * low:.1f}-{100 * high:.1f}%, each group of games on the same deals one sample)")
        if "objective_mean" in data:
            for name, entry in data["objective_mean"].items():
                low, high = entry["ci95"]
                interval = f" (95% {low:+.3f} to {high:+.3f})" if low is not None else ""
                out.print(f"{name}: {data['objective']} [bold]{entry['mean']:+.3f}[/bold] a game{interval}")
        if "net_per_deal" in data and data["net_per_deal"]["ci95"][0] is not None:
            net = data["net_per_deal"]
            out.print(f"{net['entrant']} nets {net['mean']:+.3f} points per deal "
                      f"(95% {net['ci95'][0]:+.3f} to {net['ci95'][1]:+.3f})")
            adjusted = data.get("luck_adjusted")
            if adjusted is not None and adjusted["ci95"][0] is not None:
                out.print(f"{net['entrant']} nets {adjusted['mean']:+.3f} points per deal luck-adjusted "
                          f"(95% {adjusted['ci95'][0]:+.3f} to {adjusted['ci95'][1]:+.3f}; the cards' luck taken out)")
        for pair, share in data.get("ahead_of", {}).items():
            out.print(f"{pair}: {100 * share:.1f}% of games")
        if "points_per_deal" in data:
            points = Table(title="Points per complete deal, by source", title_justify="left")
            for column in ("", "role", "pegging", "hand", "crib", "heels", "bonus"):
                points.add_column(column, justify="left" if column in ("", "role") else "right")
            for name, roles in data["points_per_deal"].items():
                for role, sources in roles.items():
                    points.add_row(name, role, *(f"{sources[s]:.2f}" if s in sources else "" for s in
                                                 ("pegging", "hand", "crib", "heels", "bonus")))
            out.print(points)
        out.print(f"First dealer won {100 * data['first_dealer_win_rate']:.1f}% of decided games.")
    out.print(f"[dim]{data['games_per_second']} games/s ({data['seconds']} s).[/dim]")
