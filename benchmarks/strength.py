"""Strength: every bot against every other, win rates with 95% intervals, and the expert's
decision time per move.

``python -m benchmarks.strength`` plays a short table (a few minutes on two cores);
``--full`` plays 1,000 games a pairing (the table of docs/strength.md), ``--games N`` any other size;
``--markdown`` prints the table as docs/strength.md shows it. ``python -m benchmarks.run --only strength``
runs the short table with the issue's targets.

Every pairing is a duplicate match (:class:`pegboard.sim.MatchConfig` ``duplicate=True``): each
sequence of deals is played twice with the seats swapped, so the luck of the cards largely cancels.
The interval on the win rate is Wilson's over the games (conservative: it ignores the pairing);
the net points per deal and its interval count each pair of games on the same deals as one sample.
Duplicate deals and the luck adjustment combine: the luck-adjusted net per deal (:mod:`pegboard.sim.luck`)
takes the cards' luck out of each pair of games too (what the same cards did not cancel, as the two
games part), with its own interval, beside the raw one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

Row = tuple[str, float, str, str]

ALIASES = {"expert-baseline": "pegboard.bots.expert:BaselineExpert"}
"""Bots of the table that are not in :data:`pegboard.bots.BOTS` (the expert before issue 13)."""

PAIRINGS: tuple[tuple[str, str], ...] = (
    ("expert", "classic"), ("expert", "hoyle"), ("expert", "greedy"), ("expert", "expert-baseline"),
    ("expert", "random"), ("classic", "hoyle"), ("classic", "greedy"), ("hoyle", "greedy"), ("greedy", "random"),
)
"""Who plays whom: the expert against everyone, and the others against each other where it tells
something (random only against the expert and greedy)."""

TARGETS = {("expert", "classic"): ">= 58", ("expert", "hoyle"): ">= 64", ("expert", "greedy"): ">= 66"}
"""Issue 13's goals for the expert's win rate (percent), over at least 1,000 games."""

SHORT_GAMES = {"expert": 100}
"""Games per pairing in the short table: pairings with the expert (slow), others."""
SHORT_OTHER = 200
FULL_GAMES = 1000


@dataclass
class Result:
    """One pairing's outcome, for the first bot."""

    first: str
    second: str
    games: int
    win_rate: float
    low: float
    high: float
    net: float
    net_low: float | None
    net_high: float | None
    seconds: float
    adjusted: float | None = None
    adjusted_low: float | None = None
    adjusted_high: float | None = None


def play_pairing(first: str, second: str, games: int, seed: int, jobs: int) -> Result:
    """A duplicate match of ``games`` games (rounded up to an even number) between two bots."""
    from pegboard.sim import MatchConfig, run_match

    games += games % 2
    config = MatchConfig("cribbage", (ALIASES.get(first, first), ALIASES.get(second, second)), games, seed,
                         duplicate=True, luck=True)
    data = run_match(config, jobs=jobs).to_json()
    name = data["players"][0]
    low, high = data["ci95"][name]
    net = data["raw"]
    adjusted = data.get("luck_adjusted") or {"mean": None, "ci95": [None, None]}
    return Result(first, second, games, data["win_rate"][name], low, high, net["mean"], net["ci95"][0],
                  net["ci95"][1], data["seconds"], adjusted["mean"], adjusted["ci95"][0], adjusted["ci95"][1])


def _interval(mean: float | None, low: float | None, high: float | None) -> str:
    if mean is None:
        return ""
    return f"{mean:+.2f}" + (f" ({low:+.2f} to {high:+.2f})" if low is not None and high is not None else "")


@dataclass
class Timing:
    """The expert's decision time per move (moves with more than one legal choice), in ms."""

    moves: int
    mean: float
    p95: float
    discard_mean: float
    play_mean: float


def decision_times(games: int = 20, opponent: str = "greedy", seed: int = 5) -> Timing:
    """Time every expert decision over ``games`` games in this process (one core)."""
    from pegboard.bots import make_bot
    from pegboard.engine import new_game

    times: dict[str, list[float]] = {"discard": [], "play": []}
    for index in range(games):
        game = new_game("cribbage", seed=seed * 1000 + index, first_dealer=index % 2)
        bots = [make_bot("expert", game.rules, 0, index), make_bot(ALIASES.get(opponent, opponent), game.rules, 1,
                                                                    index + 1)]
        while not game.finished:
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                if len(legal) == 1:
                    game.apply(legal[0])
                    continue
                view = game.view(seat)
                started = time.perf_counter()
                action = bots[seat].choose(view)
                elapsed = 1000 * (time.perf_counter() - started)
                if seat == 0 and action.verb in times:
                    times[action.verb].append(elapsed)
                game.apply(action)
    every = sorted(times["discard"] + times["play"])
    return Timing(len(every), statistics.fmean(every), every[min(len(every) - 1, int(0.95 * len(every)))],
                  statistics.fmean(times["discard"]), statistics.fmean(times["play"]))


def games_for(pairing: tuple[str, str], games: int | None, full: bool) -> int:
    if games:
        return games
    if full:
        return FULL_GAMES
    return SHORT_GAMES["expert"] if "expert" in pairing else SHORT_OTHER


def table(pairings: Sequence[tuple[str, str]], games: int | None, full: bool, seed: int, jobs: int,
          progress: bool = True) -> list[Result]:
    results = []
    for first, second in pairings:
        result = play_pairing(first, second, games_for((first, second), games, full), seed, jobs)
        if progress:
            print(f"  {first} vs {second}: {result.games} games, {100 * result.win_rate:.1f}% "
                  f"[{100 * result.low:.1f}, {100 * result.high:.1f}], net {result.net:+.2f}/deal, luck-adjusted "
                  f"{_interval(result.adjusted, result.adjusted_low, result.adjusted_high)} "
                  f"({result.seconds:.0f} s)", flush=True)
        results.append(result)
    return results


def markdown(results: Sequence[Result], timing: Timing | None, seed: int) -> str:
    lines = ["| bot | against | games | win rate | 95% interval | net points per deal (95%) | luck-adjusted (95%) |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in results:
        net = _interval(r.net, r.net_low, r.net_high)
        adjusted = _interval(r.adjusted, r.adjusted_low, r.adjusted_high)
        lines.append(f"| {r.first} | {r.second} | {r.games:,} | {100 * r.win_rate:.1f}% | "
                     f"{100 * r.low:.1f}-{100 * r.high:.1f}% | {net} | {adjusted} |")
    text = "\n".join(lines) + ("\n\nDuplicate matches (each deal sequence played with the seats both ways), "
                                f"seed {seed}.")
    if timing:
        text += (f" The expert's decision time per move: mean {timing.mean:.1f} ms, p95 {timing.p95:.1f} ms "
                 f"({timing.moves} decisions on one core; discards {timing.discard_mean:.1f} ms, plays "
                 f"{timing.play_mean:.1f} ms).")
    return text


def run() -> Iterator[Row]:
    """For ``python -m benchmarks.run``: the short table, with the issue's targets on the expert's rows."""
    games = int(os.environ.get("PEGBOARD_BENCH_STRENGTH_GAMES", "0")) or None
    for result in table(PAIRINGS, games, False, seed=13, jobs=2, progress=False):
        pairing = (result.first, result.second)
        yield (f"{result.first} vs {result.second} ({result.games} games, 95% "
               f"{100 * result.low:.0f}-{100 * result.high:.0f}%)", 100 * result.win_rate, "% won",
               TARGETS.get(pairing, ""))
    timing = decision_times(games=10, opponent="classic")
    yield ("expert decision time per move, mean", timing.mean, "ms", "< 50")
    yield ("expert decision time per move, p95", timing.p95, "ms", "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--full", action="store_true", help=f"{FULL_GAMES:,} games a pairing")
    parser.add_argument("--games", type=int, help="games a pairing (overrides the defaults)")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--only", nargs="*", metavar="BOT", help="only the pairings of these bots")
    parser.add_argument("--timing-games", type=int, default=20, help="games to time the expert's decisions over")
    parser.add_argument("--markdown", action="store_true", help="print the table as markdown (docs/strength.md's)")
    args = parser.parse_args(argv)
    pairings = [pair for pair in PAIRINGS if not args.only or set(pair) <= set(args.only)]
    print(f"Strength table: {len(pairings)} pairings, seed {args.seed}", flush=True)
    results = table(pairings, args.games, args.full, args.seed, args.jobs)
    timing = decision_times(args.timing_games, "classic") if args.timing_games else None
    if args.markdown:
        print(markdown(results, timing, args.seed))
        return 0
    from rich.console import Console
    from rich.table import Table

    out = Table(title=f"Strength (duplicate matches, seed {args.seed})", title_justify="left")
    for column in ("bot", "against", "games", "win rate", "95% interval", "net/deal", "95% interval ",
                   "luck-adjusted (95%)", "target"):
        out.add_column(column, justify="left" if column in ("bot", "against") else "right")
    for r in results:
        target = TARGETS.get((r.first, r.second), "")
        out.add_row(r.first, r.second, f"{r.games:,}", f"{100 * r.win_rate:.1f}%",
                    f"{100 * r.low:.1f}-{100 * r.high:.1f}%", f"{r.net:+.2f}",
                    "" if r.net_low is None else f"{r.net_low:+.2f} to {r.net_high:+.2f}",
                    _interval(r.adjusted, r.adjusted_low, r.adjusted_high), f"{target}%" if target else "")
    console = Console()
    console.print(out)
    if timing:
        console.print(f"Expert decision time per move: mean {timing.mean:.1f} ms, p95 {timing.p95:.1f} ms over "
                      f"{timing.moves} decisions (discards {timing.discard_mean:.1f} ms, plays "
                      f"{timing.play_mean:.1f} ms; one core, against classic).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
