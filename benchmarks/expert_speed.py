"""Expert speed: the time of each expert decision on a fixed set of seeded games (mean, p95 and max, all
and by kind: discards, plays, and the plays with all eight cards still out -- the opening lead, the
costliest search), and expert-vs-greedy games per second on one process (by the clock, and by the
process's CPU time, which another busy process on the machine does not move).

Decision times are CPU seconds of the deciding process (``time.process_time``): on a shared machine
they do not count the time another process held the core. The first games warm the process's tables
and caches, as a long match would have them, and the collector is then settled
(:func:`pegboard.sim.collector.settle`), as in the simulator's workers and the web server's thinking
workers. ``python -m benchmarks.expert_speed`` prints the rows;
``PEGBOARD_BENCH_EXPERT_SPEED_GAMES`` sets the number of timed games (default 20; the match plays
twice as many).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Sequence

Row = tuple[str, float, str, str]


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def decision_times(games: int, seed: int = 11) -> dict[str, list[float]]:
    """CPU seconds of every expert decision with a choice, by kind (``discard``, ``play``, ``lead``:
    a play with eight cards still in hands), over ``games`` expert-vs-greedy games, the expert seated
    first and second in turn."""
    from pegboard.bots import make_bot
    from pegboard.engine import new_game
    from pegboard.rules import Rules

    rules = Rules.preset("cribbage")
    times: dict[str, list[float]] = {"discard": [], "play": [], "lead": []}
    for index in range(games):
        game = new_game(rules, seed=seed * 1000 + index, first_dealer=index % 2)
        expert_seat = index % 2
        bots = [make_bot("expert" if seat == expert_seat else "greedy", rules, seat, seed * 1000 + 16 * index + seat)
                for seat in range(2)]
        while not game.finished:
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                if len(legal) == 1:
                    game.apply(legal[0])
                    continue
                view = game.view(seat)
                started = time.process_time()
                action = bots[seat].choose(view)
                spent = time.process_time() - started
                if seat == expert_seat and legal[0].verb in ("discard", "play"):
                    kind = legal[0].verb
                    times[kind].append(spent)
                    if kind == "play" and sum(view.hand_sizes) == 8:
                        times["lead"].append(spent)
                game.apply(action)
    return times


def decision_rows(games: int) -> Iterator[Row]:
    """The expert's decision times (mean, p95, max; all, discards, plays, leads) over ``games`` games."""
    from pegboard.sim import MatchConfig, run_match
    from pegboard.sim.collector import settle

    run_match(MatchConfig("cribbage", ("expert", "greedy"), games=4, seed=99))  # warm up tables and caches
    settle()  # as the processes that think for a living do (sim workers, the web server's thinking workers)
    times = decision_times(games)
    every = times["discard"] + times["play"]
    for label, values, targets in (("expert decision", every, ("", "< 25", "< 100")),
                                   ("expert discard", times["discard"], ("", "", "")),
                                   ("expert play", times["play"], ("", "", "")),
                                   ("expert play, 8 cards out (leads)", times["lead"], ("", "", ""))):
        yield (f"{label}: mean ({len(values)} decisions, CPU)", 1000 * sum(values) / max(1, len(values)), "ms",
               targets[0])
        yield (f"{label}: p95", 1000 * _percentile(values, 0.95), "ms", targets[1])
        yield (f"{label}: max", 1000 * max(values, default=0.0), "ms", targets[2])


def run() -> Iterator[Row]:
    from pegboard.sim import MatchConfig, run_match

    games = int(os.environ.get("PEGBOARD_BENCH_EXPERT_SPEED_GAMES", "20"))
    yield from decision_rows(games)
    started = time.process_time()
    match = run_match(MatchConfig("cribbage", ("expert", "greedy"), games=2 * games, seed=5))  # in this process
    cpu = time.process_time() - started
    yield (f"expert vs greedy, 1 process ({2 * games} games)", match.games / match.seconds, "games/s", ">= 9")
    yield (f"expert vs greedy, 1 process ({2 * games} games), by CPU time", match.games / cpu, "games/s", ">= 9")


def main() -> int:
    for measure, value, unit, target in run():
        print(f"{measure:60s} {value:10.2f} {unit:8s} {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
