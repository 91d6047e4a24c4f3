"""``pegboard discard``: the discard advisor."""

from __future__ import annotations

import json
import time

import click

from pegboard.bots.discard import CribTables, describe_throw_key, rank_discards
from pegboard.cards import parse_cards
from pegboard.cli.options import GameType
from pegboard.errors import PegboardError
from pegboard.rules import Rules

__all__ = ["discard"]


@click.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--dealer", is_flag=True, help="You deal: the crib is yours.")
@click.option("--pone", is_flag=True, help="You are the pone: the crib is your opponent's.")
@click.option("--seat", type=click.IntRange(min=0), help="3-4 players: your place after the dealer (0 = dealer).")
@click.option("--game", "-g", type=GameType(crib=True), default="cribbage", show_default=True,
              help="cribbage, five-card, cribbage-3, cribbage-4, cribbage-4-solo; any alias.")
@click.option("--method", type=click.Choice(["exact", "table"]), default=None,
              help="Crib expectation: exact enumeration (two players, the default) or the expert's tables.")
@click.option("--top", type=click.IntRange(min=1), help="Show only the best N discards [default: every one].")
@click.option("--json", "as_json", is_flag=True, help="Print the ranking as JSON.")
def discard(cards: tuple[str, ...], dealer: bool, pone: bool, seat: int | None, game: str, method: str | None,
            top: int | None, as_json: bool) -> None:
    """Rank every discard of a dealt hand by the points it should bring.

    \b
    Example:
      pegboard discard 5H 5C 6D 7S JH KD --dealer

    Expected hand: exact, over every starter you cannot see. Expected crib: every pair of cards the
    opponent could throw (weighted by how often pegboard's expert throws that kind of pair) with
    every starter left, or the expert's crib tables in games of three or four.
    """
    rules = Rules.preset(game)
    role = _role(dealer, pone, seat)
    hand = parse_cards(cards)
    chosen = method or ("exact" if rules.players == 2 else "table")
    started = time.perf_counter()
    options = rank_discards(hand, rules, role, method="exact" if chosen == "exact" else "table")
    seconds = time.perf_counter() - started
    assumption = _assumption(rules, role, chosen)
    shown = options[:top] if top is not None else options
    if as_json:
        click.echo(json.dumps({"game": rules.name, "hand": [str(c) for c in hand], "role": _role_name(rules, role),
                               "method": chosen, "opponent_assumption": assumption,
                               "options": [option.to_json() for option in shown], "seconds": round(seconds, 4)}))
        return
    from rich.table import Table

    from pegboard.cli.render import cards_text, console

    table = Table(title=f"{rules.name}, {_role_name(rules, role)}: every discard", title_justify="left")
    for column in ("#", "keep", "discard", "hand", "crib", "net"):
        table.add_column(column, justify="right" if column in ("#", "hand", "crib", "net") else "left")
    for rank, option in enumerate(shown, start=1):
        crib = f"{'+' if option.own_crib else '-'}{option.expected_crib:.2f}"
        table.add_row(str(rank), cards_text(option.kept), cards_text(option.thrown), f"{option.expected_hand:.2f}",
                      crib, f"[bold]{option.net:.2f}[/bold]" if rank == 1 else f"{option.net:.2f}")
    out = console()
    out.print(table)
    out.print(f"[dim]Assumed: {assumption} Computed in {1000 * seconds:.0f} ms.[/dim]")


def _role(dealer: bool, pone: bool, seat: int | None) -> int:
    """The seat after the dealer from exactly one of --dealer, --pone and --seat N."""
    given = [name for name, on in (("--dealer", dealer), ("--pone", pone), (f"--seat {seat}", seat is not None)) if on]
    if len(given) != 1:
        told = f"{' and '.join(given)} together: " if given else ""
        raise click.UsageError(f"{told}say whose crib it is once: --dealer or --pone (or --seat N with 3-4 players)")
    return 0 if dealer else 1 if pone else seat or 0


def _role_name(rules: Rules, role: int) -> str:
    if not 0 <= role < rules.players:
        raise PegboardError(f"--seat {role}: expected 0 (dealer) to {rules.players - 1}")
    if role == 0:
        return "dealer"
    if rules.players == 2:
        return "pone"
    return "dealer's left" if role == 1 else f"{role} seats after the dealer"


def _assumption(rules: Rules, role: int, method: str) -> str:
    if method != "exact" or rules.players != 2:
        return ("the other players discard as pegboard's expert does (its crib tables, built by iterating the "
                "expert's discards to a fixed point).")
    chosen = CribTables.load().chosen(rules)[1 - role]
    total = chosen.sum()
    top = sorted(range(len(chosen)), key=lambda key: -chosen[key])[:4]
    favourites = ", ".join(f"{describe_throw_key(key, 2)} {100 * chosen[key] / total:.1f}%" for key in top)
    opponent = "pone" if role == 0 else "dealer"
    return (f"the opponent ({opponent}) throws like pegboard's expert: each kind of pair as often as the expert "
            f"chooses it (most often {favourites}), over every pair they could hold; every starter left.")
