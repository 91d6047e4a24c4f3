"""``pegboard play``: the full-screen terminal app (Textual is imported only when it runs).

With no options it is what the README says: cribbage to 121 against the expert. ``--last`` plays
the set-up of the last game started again; saved games are offered before a new game starts (none
is ever replaced: each game started saves to its own file). A damaged file in the data folder (a
save, the settings, the statistics) is named with what is wrong with it, and in a terminal the
player is offered a fresh start without it: it is moved aside, never deleted, and no other file is
touched.

``--objective`` makes the computer play for game points, spread or a match rather than to win. It is
part of the set-up (:class:`pegboard.tui.controller.Setup`): saved with the game, kept by ``--last``,
and handed by the seat driver (:mod:`pegboard.session`) to every computer decision.
"""

from __future__ import annotations

import getpass
import sys
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import click

from pegboard.cli.options import GAME, OBJECTIVE, SEED, Seconds
from pegboard.duplicate import DEALS
from pegboard.errors import DuplicateError, PegboardError, RulesError
from pegboard.kinds import GameKind, kinds
from pegboard.objectives import WIN, Objective
from pegboard.rules import MAX_TARGET, PRESET_NAMES, Rules

if TYPE_CHECKING:
    from pegboard.tui.store import Store

__all__ = ["play"]

FAMILY_OPTIONS = {"--muggins": "muggins", "--count-at-end": "count_at_end", "--deals": "deals",
                  "--discards": "discards"}
"""Options that belong to some families of games only, and the record option each sets."""


def _takes(kind: GameKind, option: str) -> bool:
    """Whether ``play`` offers a record option for a kind's games (``deals``: only where totals decide)."""
    return option in kind.options and (option != "deals" or kind.fixed_deals)


def _games_taking(option: str) -> str:
    """The presets whose games take a record option, in words.

    >>> _games_taking("count_at_end"), _games_taking("muggins")
    ('snailspace', 'cribbage, cribbage-3, cribbage-4, cribbage-4-solo and five-card')
    """
    names = [name for kind in kinds() if _takes(kind, option) for name in kind.presets]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _login_name() -> str:
    """The user's login name as a player name if it makes one (``Ann``), else ``Player``."""
    try:
        name = getpass.getuser()
    except Exception:  # no login name at all (some containers)
        return "Player"
    return name.capitalize() if name.isalnum() and len(name) <= 12 and name != "root" else "Player"


def _check_family(game: str, given: Mapping[str, object]) -> None:
    """An option of another family of games is an error that says which games take it."""
    kind = Rules.preset(game).kind
    for option, value in given.items():
        wanted = FAMILY_OPTIONS[option]
        if value is not None and value is not False and not _takes(kind, wanted):
            raise RulesError(f"{option} applies to {_games_taking(wanted)}, not to {game}")


def _is_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _offer_fresh_start(store: Store) -> None:
    """Every damaged file of the data folder, named with what is wrong. In a terminal each is offered
    a fresh start (moved aside as ``<name>.damaged``); otherwise, or if refused, one line and exit 2."""
    problems = store.problems()
    for problem in problems:
        more = len(problems) - 1
        if not problem.fixable or not _is_terminal():
            also = f" (and {more} more damaged file{'s' if more > 1 else ''})" if more else ""
            hint = "; move it away to start fresh" if problem.fixable else ""
            raise PegboardError(f"{problem.path}: {problem.why}{hint}{also}")
        click.echo(f"pegboard: {problem.path}: {problem.why}", err=True)
        if not click.confirm(f"Start fresh without it? It is kept as {problem.path.name}.damaged", default=True,
                             err=True):
            raise PegboardError(f"{problem.path}: left as it is, and nothing started")
        aside = store.set_aside(problem.path)
        click.echo(f"pegboard: moved aside to {aside}", err=True)


def _print_stats(store: Store) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from pegboard.cli.render import console
    from pegboard.tui.screens.modals import widest_win

    try:
        rows = store.summary()
    except PegboardError as error:
        raise PegboardError(f"{error}; move it away to start fresh statistics") from None
    out = console()
    if not rows:
        out.print(f"No finished games yet (statistics live in {store.stats_path}).")
        return
    table = Table(title="pegboard statistics", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True,
                  caption="best win: your widest winning margin (solitaire: points over the target)",
                  caption_justify="left")
    for column in ("game", "vs", "played", "won", "lost", "drawn", "skunked", "skunks", "best win"):
        table.add_column(column, justify="left" if column in ("game", "vs") else "right", no_wrap=True)
    for row in rows:
        table.add_row(Text(row.game), Text(row.opponent), *(str(value) for value in (
            row.played, row.won, row.lost, row.drawn, row.skunked, row.gave)), widest_win(row))
    out.print(table)


@click.command(short_help="Play any game in the terminal, against the computer or friends.")
@click.option("--game", "-g", type=GAME, help=f"Game to play: {', '.join(PRESET_NAMES)}, or an alias "
              "such as six-card (default: cribbage).")
@click.option("--opponent", "-o", type=click.Choice(["expert", "greedy", "random", "human"]),
              help="Computer level of the other seats, or 'human' for everyone at one keyboard (default: expert).")
@click.option("--humans", type=int, help="People at this keyboard (hot seat); they take the first seats "
              "(with partners, the first side).")
@click.option("--names", help="Player names in seat order, comma-separated (no spaces): Ann,Bob.")
@click.option("--seed", "-s", type=SEED, help="Seed of the deals: same seed, same cards.")
@click.option("--to", "target", type=click.IntRange(0, MAX_TARGET),
              help=f"Points to win, up to {MAX_TARGET} (cribbage games; solitaire: the win line).")
@click.option("--muggins/--no-muggins", default=None, help="Cribbage games: count your own hands; the others "
              "take what you miss.")
@click.option("--count-at-end/--no-count-at-end", default=None, help="Snailspace: score rows and columns at the end.")
@click.option("--deals", type=click.Choice(["2", "4"]), help="Snailspace: deals in a game.")
@click.option("--discards", type=click.IntRange(0, 4), help="Solitaire: discard spaces (0-4).")
@click.option("--duplicate", type=click.IntRange(DEALS.start, DEALS.stop - 1), metavar="N",
              help="A duplicate set against the computer: N deals scored deal by deal, then the same N deals from "
                   "the other seat; the result is the point difference (two-player games with a crib).")
@click.option("--auto/--no-auto", default=None, help="Make forced moves for you: a go, the one card that can be "
              "played (default: on).")
@click.option("--advice/--no-advice", default=None, help="After each deal, set your discard against the "
              "advisor's, in expected points (default: on).")
@click.option("--last", "again", is_flag=True, help="Play the set-up of the last game started again (the "
              "options given change it).")
@click.option("--resume", is_flag=True, help="Continue the latest saved game (of --game, if given).")
@click.option("--objective", type=OBJECTIVE,
              help="What the computer plays for, two-sided cribbage games: win, game-points, spread or match "
                   "(e.g. spread:cap=31, match:to=7; docs/objectives.md; default: win).")
@click.option("--stats", "show_stats", is_flag=True, help="Print the statistics and exit.")
@click.option("--pace", type=Seconds(0, 10), default=0.6, show_default=True, hidden=True,
              help="Seconds the computer waits before each card it plays.")
def play(game: str | None, opponent: str | None, humans: int | None, names: str | None, seed: int | None,
         target: int | None, muggins: bool | None, count_at_end: bool | None, deals: str | None,
         discards: int | None, duplicate: int | None, auto: bool | None, advice: bool | None, again: bool,
         resume: bool, objective: Objective | None, show_stats: bool, pace: float) -> None:
    """Play any pegboard game in a full-screen terminal app, against the computer or at one keyboard.

    With no options: cribbage to 121 against the expert. Quitting (Ctrl+Q) saves an unfinished game;
    the next 'pegboard play' offers to resume it, and 'pegboard play --resume' continues it at once.
    With --duplicate N you play N deals, then the same N deals from the computer's seat, and see the
    difference between what you and the computer made of the same cards. Press ? in the app for the keys.
    """
    from pegboard.tui.controller import Controller, Setup
    from pegboard.tui.store import Store

    store = Store()
    if show_stats:
        _print_stats(store)
        return
    _offer_fresh_start(store)
    saves = []
    if resume:
        saved = store.load_game(game)
        if saved is None:
            raise PegboardError(f"no saved {game or ''} game to resume in {store.saves_folder}".replace("  ", " "))
        ctl = saved.controller()
        store.claim(saved.path)  # no other terminal opens it meanwhile
        if objective is not None and objective != ctl.objective:
            raise PegboardError(f"--objective {objective.name}: the saved game plays for {ctl.objective.name}, as "
                                "it was set up")
    else:
        last = store.load_settings().get("setup") if again else None
        base = Setup.from_json(last) if isinstance(last, dict) else Setup()
        if game is not None and game != base.game:
            base = Setup(game=game, opponent=base.opponent, auto=base.auto, advice=base.advice)
        family_options = {"--muggins": muggins, "--count-at-end": count_at_end, "--deals": deals,
                          "--discards": discards}
        _check_family(base.game, family_options)
        setup = replace(base, seed=seed, names=tuple(names.split(",")) if names else ())
        if duplicate is not None and target is not None:
            raise DuplicateError(f"--to {target} with --duplicate: a duplicate set is scored deal by deal, with no "
                                 f"target")
        changes: dict[str, Any] = {"opponent": opponent, "humans": humans, "target": target, "muggins": muggins,
                                   "count_at_end": count_at_end, "deals": int(deals) if deals else None,
                                   "discards": discards, "auto": auto, "advice": advice, "duplicate": duplicate,
                                   "objective": objective.name if objective is not None else None}
        setup = replace(setup, **{key: value for key, value in changes.items() if value is not None})
        if setup.duplicate is not None and Objective.from_name(setup.objective) != WIN:
            given = f"--objective {setup.objective}" if objective is not None else \
                f"the last set-up's objective, {setup.objective},"
            raise DuplicateError(f"{given} with a duplicate set: a set is scored deal by deal, by the point "
                                 "difference, with no game to play for (leave out --objective, or --duplicate)")
        if humans is None and opponent is not None and opponent != "human":
            setup = replace(setup, humans=1)
        if not setup.names and setup.opponent != "human" and setup.humans == 1:
            setup = replace(setup, names=(_login_name(),))
        ctl = Controller.start(setup)
        saves = store.saved_games()
    if not _is_terminal():
        raise PegboardError("pegboard play needs a terminal (stdin and stdout must be a TTY)")
    if not resume:
        store.save_settings({"setup": replace(ctl.setup, seed=None, names=()).to_json()})
    from pegboard.tui.app import PegboardApp

    app = PegboardApp(ctl, store, pace=max(0.0, pace), saves=saves)
    app.run()
    if app.saved is not None:
        click.echo(f"Game saved ({app.saved}). Continue with: pegboard play --resume")
