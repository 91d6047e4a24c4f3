"""``pegboard play``: the full-screen terminal app (Textual is imported only when it runs)."""

from __future__ import annotations

import getpass
import sys
from dataclasses import replace
from typing import Any

import click

from pegboard.errors import PegboardError
from pegboard.rules import PRESET_NAMES

__all__ = ["play"]


def _login_name() -> str:
    """The user's login name as a player name if it makes one (``Ann``), else ``Player``."""
    try:
        name = getpass.getuser()
    except Exception:  # no login name at all (some containers)
        return "Player"
    return name.capitalize() if name.isalnum() and len(name) <= 12 and name != "root" else "Player"


def _print_stats() -> None:
    from rich.table import Table

    from pegboard.cli.render import console
    from pegboard.tui.store import Store

    store = Store()
    rows = store.summary()
    out = console()
    if not rows:
        out.print(f"No finished games yet (statistics live in {store.stats_path}).")
        return
    table = Table(title="pegboard statistics", title_justify="left")
    for column in ("game", "opponent", "played", "won", "lost", "drawn", "skunked", "skunks given", "best"):
        table.add_column(column, justify="left" if column in ("game", "opponent") else "right")
    for row in rows:
        table.add_row(row.game, row.opponent, *(str(value) for value in (
            row.played, row.won, row.lost, row.drawn, row.skunked, row.gave, row.best)))
    out.print(table)


@click.command()
@click.option("--game", "-g", type=click.Choice(PRESET_NAMES), help="Game to play (default: the last one played, "
              "else cribbage).")
@click.option("--opponent", "-o", type=click.Choice(["expert", "greedy", "random", "human"]),
              help="Computer level of the other seats, or 'human' for everyone at one keyboard (default: expert).")
@click.option("--humans", type=int, help="People at this keyboard (hot seat); they take the first seats "
              "(with partners, the first side).")
@click.option("--names", help="Player names in seat order, comma-separated (no spaces), e.g. Ann,Bob.")
@click.option("--seed", "-s", type=int, help="Seed of the deals: same seed, same cards.")
@click.option("--to", "target", type=int, help="Points to win (cribbage games; solitaire: the win line).")
@click.option("--muggins/--no-muggins", default=None, help="Count your own hands; the others take what you miss.")
@click.option("--count-at-end/--no-count-at-end", default=None, help="Snailspace: score rows and columns at the end.")
@click.option("--deals", type=click.Choice(["2", "4"]), help="Snailspace: deals in a game.")
@click.option("--discards", type=click.IntRange(0, 4), help="Solitaire: discard spaces (0-4).")
@click.option("--resume", is_flag=True, help="Continue the saved game (of --game, else the latest).")
@click.option("--stats", "show_stats", is_flag=True, help="Print the statistics and exit.")
@click.option("--pace", type=float, default=0.6, show_default=True, hidden=True,
              help="Seconds the computer waits before each card it plays.")
def play(game: str | None, opponent: str | None, humans: int | None, names: str | None, seed: int | None,
         target: int | None, muggins: bool | None, count_at_end: bool | None, deals: str | None,
         discards: int | None, resume: bool, show_stats: bool, pace: float) -> None:
    """Play any pegboard game in a full-screen terminal app, against the computer or at one keyboard.

    Quitting (Ctrl+Q) saves an unfinished game; 'pegboard play --resume' continues it. Press ? in the
    app for the keys.
    """
    if show_stats:
        _print_stats()
        return
    from pegboard.tui.controller import Controller, Setup
    from pegboard.tui.store import Store

    store = Store()
    if resume:
        saved = store.load_game(game)
        if saved is None:
            raise PegboardError(f"no saved {game or ''} game to resume in {store.root / 'saves'}".replace("  ", " "))
        ctl = saved.controller()
    else:
        last = store.load_settings().get("setup")
        base = Setup.from_json(last) if isinstance(last, dict) else Setup()
        if game is not None and game != base.game:
            base = Setup(game=game, opponent=base.opponent)
        setup = replace(base, seed=seed, names=tuple(names.split(",")) if names else ())
        changes: dict[str, Any] = {"opponent": opponent, "humans": humans, "target": target, "muggins": muggins,
                   "count_at_end": count_at_end, "deals": int(deals) if deals else None, "discards": discards}
        setup = replace(setup, **{key: value for key, value in changes.items() if value is not None})
        if humans is None and opponent is not None and opponent != "human":
            setup = replace(setup, humans=1)
        if not setup.names and setup.opponent != "human" and setup.humans == 1:
            setup = replace(setup, names=(_login_name(),))
        ctl = Controller.start(setup)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise PegboardError("pegboard play needs a terminal (stdin and stdout must be a TTY)")
    if not resume:
        store.save_settings({"setup": replace(ctl.setup, seed=None, names=()).to_json()})
    from pegboard.tui.app import PegboardApp

    app = PegboardApp(ctl, store, pace=max(0.0, pace))
    app.run()
    if app.saved is not None:
        click.echo(f"Game saved ({app.saved}). Continue with: pegboard play --resume")
