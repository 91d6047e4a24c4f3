"""``pegboard analyse``: every legal choice of a position, with its expected value and chance to win."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from pegboard.cli.options import OBJECTIVE, SEED
from pegboard.errors import PegboardError, PositionError
from pegboard.objectives import Objective

if TYPE_CHECKING:
    from pegboard.analysis.evaluate import Assessment
    from pegboard.analysis.playout import Playout
    from pegboard.engine import GameState
    from pegboard.records import GameRecord

__all__ = ["analyse"]


@click.command("analyse", short_help="Analyse a position: every choice with its value and chance to win.")
@click.argument("position", nargs=-1, required=True)
@click.option("--at", "at", type=click.IntRange(min=0), metavar="N",
              help="A record: the position after its first N moves [default: where it stops].")
@click.option("--player", metavar="NAME", help="A record: whose decision (when several may act, as in discards).")
@click.option("--playout", type=click.IntRange(min=1, max=10_000), metavar="N",
              help="Also play the position out N times, the expert on every seat, and report the distribution.")
@click.option("--move", "first", metavar="MOVE", help="With --playout: make this move first (default: the expert's).")
@click.option("--to-end", is_flag=True, help="With --playout: play to the end of the game, not of the deal.")
@click.option("--objective", type=OBJECTIVE, default="win", show_default=True,
              help="Also value each choice by this objective (game-points, spread, match:to=N; two players to 121, "
                   "five-card to 61), and rank by it near the end, as the expert playing for it does.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the unseen cards' deals and samples.")
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
def analyse(position: tuple[str, ...], at: int | None, player: str | None, playout: int | None, first: str | None,
            to_end: bool, objective: Objective, seed: int, as_json: bool) -> None:
    """Analyse one position: every legal choice with its expected points and chance to win.

    \b
    Examples:
      pegboard analyse scores 100 95 dealer them hand 5H 5C 6D 7S JH KD
      pegboard analyse dealer you hand 5H 6D JH thrown KD QS starter 2C play 4C 7S 9C
      pegboard analyse game.json --at 14 --playout 200
      pegboard analyse scores 110 84 dealer you hand 5H 5C 6D 7S JH KD --objective game-points

    POSITION is the short text form of docs/review.md (game, target, scores, dealer, hand, thrown,
    starter, play), or a pegboard/1 record file ('-': standard input) or one on the command line
    (a JSON object, as a puzzle's position), whose position is where it stops (or after --at N
    moves). Only what the deciding player can see is used.
    """
    from pegboard.analysis.evaluate import Assessor
    from pegboard.analysis.playout import play_out

    rng = random.Random(seed)
    game, seat, source = _position(position, at, player, rng)
    started = time.perf_counter()
    objective.check(game.rules)
    found = Assessor(game.rules, objective).assess(game.view(seat), random.Random(rng.getrandbits(64)),
                                                   every_chance=True)
    result = None
    if playout is not None:
        move = None
        if first is not None:
            try:
                move = game.parse_action(f"{game.players[seat]} {first}")
            except PegboardError as error:
                raise PositionError(f"--move {first}: {error}") from None
        result = play_out(game, seat, playout, random.Random(rng.getrandbits(64)), first=move, to_end=to_end)
    elif first is not None or to_end:
        raise click.UsageError("--move and --to-end go with --playout N")
    seconds = time.perf_counter() - started
    if as_json:
        click.echo(json.dumps(_json(game, seat, source, found, result, seconds)))
        return
    _print(game, seat, source, found, result, seconds, to_end)


def _position(words: tuple[str, ...], at: int | None, player: str | None, rng: random.Random
              ) -> tuple[GameState, int, str]:
    """The game and the deciding seat, from a record file or the text form."""
    from pegboard.analysis.position import build_position, parse_position

    first = words[0]
    if first.lstrip().startswith("{"):  # a record on one line (a puzzle's position: docs/train.md)
        from pegboard.records import read_record

        return _from_record("position", at, player, read_record(" ".join(words), "position"))
    if len(words) == 1 and (first == "-" or first.lower().endswith(".json") or Path(first).is_file()):
        return _from_record(first, at, player)
    if at is not None or player is not None:
        raise click.UsageError("--at and --player go with a record file")
    game, seat = build_position(parse_position(" ".join(words)), rng)
    return game, seat, " ".join(words)


def _from_record(path: str, at: int | None, player: str | None, given: GameRecord | None = None
                 ) -> tuple[GameState, int, str]:
    from pegboard.records import GameRecord, load_record, read_record_stream, replay

    if given is not None:
        record = given
    else:
        record = read_record_stream(sys.stdin.buffer, "stdin") if path == "-" else load_record(path)
    if at is not None:
        total = sum(len(deal.actions) for deal in record.deals)
        if at > total:
            raise PositionError(f"--at {at}: the record holds {total} moves")
        deals, left = [], at
        for deal in record.deals:
            if left < 0:
                break
            deals.append(type(deal)(deal.deal, deal.actions[:left]))
            left -= len(deal.actions)
        record = GameRecord(record.rules, record.players, record.first_dealer, record.seed, tuple(deals),
                            record.start_scores, record.cut_for_deal)
    game = replay(record)
    acting = game.to_act()
    if not acting:
        raise PositionError(f"{path}: nobody has a decision to make where it stops (the game is over)")
    if player is not None:
        if player not in game.players:
            raise PositionError(f"--player {player!r}: not a player of this game ({', '.join(game.players)})")
        seat = game.players.index(player)
        if seat not in acting:
            raise PositionError(f"--player {player}: has nothing to decide here; "
                                f"{' or '.join(game.players[s] for s in acting)} has")
    else:
        seat = acting[0]
    return game, seat, path + (f" after {at} moves" if at is not None else "")


def _json(game: GameState, seat: int, source: str, found: Assessment, result: Playout | None, seconds: float
          ) -> dict[str, Any]:
    data: dict[str, Any] = {"game": game.rules.name, "position": source, "player": game.players[seat],
                            "kind": found.kind, "scores": dict(zip(game.side_names, game.score_list)),
                            "by_win": found.by_win, "objective": found.objective.name, "by_worth": found.by_worth,
                            "best": found.best.action.text(),
                            "options": [option.to_json() for option in found.distinct()]}
    if result is not None:
        data["playout"] = result.to_json()
    return data | {"seconds": round(seconds, 3)}


def _print(game: GameState, seat: int, source: str, found: Assessment, result: Playout | None, seconds: float,
           to_end: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    from pegboard.cli.render import console

    out = console()
    view = game.view(seat)
    scores = ", ".join(f"{side} {score}" for side, score in zip(game.side_names, game.score_list))
    where = f"count {getattr(view, 'count', 0)}" if getattr(view, "phase", "") == "play" else getattr(view, "phase", "")
    out.print(Text(f"{game.rules.name}: {game.players[seat]} to {found.kind} ({where}; {scores})", style="bold"))
    table = Table()
    options = found.distinct()
    has_parts = any(option.parts for option in options)
    has_win = any(option.win is not None for option in options)
    has_worth = any(option.worth is not None for option in options)
    columns = ["#", "choice", "points"] + (["hand", "crib", "pegging"] if has_parts else []) + \
        (["win"] if has_win else []) + ([found.objective.kind] if has_worth else [])
    for column in columns:
        table.add_column(column, justify="left" if column == "choice" else "right")
    for rank, option in enumerate(options, start=1):
        row = [str(rank), option.action.text(), f"{option.points:+.2f}"]
        if has_parts:
            row += [f"{option.parts.get('hand', 0):.2f}", f"{option.parts.get('crib', 0):+.2f}",
                    f"{option.parts['pegging']:+.2f}" if "pegging" in option.parts else ""]
        if has_win:
            row.append("" if option.win is None else f"{100 * option.win:.1f}%")
        if has_worth:
            row.append("" if option.worth is None else found.objective.amount(option.worth))
        table.add_row(*row, style="bold" if rank == 1 else None)
    out.print(table)
    judged = "the chance to win (near the end)" if found.by_win else "expected points"
    if found.by_worth:
        judged = f"the objective, {found.objective.name} (near the end)"
    elif has_worth:
        judged += f"; the expert playing for {found.objective.name} ranks by it only near the end"
    out.print(Text(f"Best by {judged}: {found.best.action.text()}. Points: your side's less the others', "
                   f"to the end of the {'play' if found.kind == 'play' else 'deal'} (docs/review.md)."))
    if result is not None:
        low, high = result.interval()
        span = "game" if to_end else "deal"
        out.print(Text(f"Played out {result.games} times to the end of the {span}: net {result.mean:+.2f} points "
                       f"(95% {low:+.2f} to {high:+.2f}, sd {result.stdev:.2f})"
                       + (f", won {100 * sum(result.wins) / len(result.wins):.1f}%" if result.wins else "") + "."))
        bars = Table(title="Net points per playout", title_justify="left")
        bars.add_column("net", justify="right")
        bars.add_column("playouts", justify="right")
        bars.add_column("")
        histogram = result.histogram()
        peak = max(histogram.values(), default=1)
        for value, count in histogram.items():
            bars.add_row(f"{value:+d}", str(count), "█" * max(1, round(30 * count / peak)))
        out.print(bars)
        moves = ", ".join(f"{move} {count}" for move, count in result.first.most_common(5))
        out.print(Text(f"First moves: {moves}."))
    out.print(Text(f"{source} · {seconds:.1f} s", style="dim"))
