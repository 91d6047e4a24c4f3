"""Bot and engine speed (issue 20): self-play per core for every game kind, compiled and pure Python in
the same run, ``--jobs 2`` against ``--jobs 1`` with the memory of a worker, the expert's 10,000-game
match projected from a 2-process run, the discard advisor's latency, and a game's clone for search
(against ``copy.deepcopy``).

Every rate is measured in this run, so the ratios hold on a noisy machine even when the absolute
figures move. ``PEGBOARD_BENCH_EXPERT_GAMES`` sets the expert match's length (default 600: a worker's search tables
grow for a few hundred games before they reach their bounds, so a shorter match understates its memory),
``PEGBOARD_BENCH_EXPERT_SPEED_GAMES`` the games whose expert decisions are timed (default 40).
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator

from benchmarks import expert_speed

Row = tuple[str, float, str, str]

SELF_PLAY = (
    ("cribbage", ("greedy", "greedy"), 3000),
    ("cribbage-3", ("greedy", "greedy", "greedy"), 1500),
    ("cribbage-4", ("greedy", "greedy"), 1500),
    ("cribbage-4-solo", ("greedy", "greedy", "greedy", "greedy"), 1000),
    ("five-card", ("greedy", "greedy"), 3000),
    ("snailspace", ("greedy", "greedy"), 1500),
    ("solitaire", ("greedy",), 3000),
)
"""Greedy self-play of each game kind: preset, bots, games."""

_RATE_SCRIPT = """
import json, sys, time
from pegboard.accelerator import accelerator_status
from pegboard.sim import MatchConfig, run_match
game, bots, games = sys.argv[1], tuple(sys.argv[2].split(",")), int(sys.argv[3])
run_match(MatchConfig(game, bots, games=max(20, games // 20), seed=99))  # warm up tables and caches
stats = run_match(MatchConfig(game, bots, games=games, seed=1))
print(json.dumps({"rate": stats.games / stats.seconds, "mode": accelerator_status()["mode"]}))
"""


def self_play_rate(game: str, bots: tuple[str, ...], games: int, *, pure: bool = False) -> tuple[float, str]:
    """Games per second of a one-process match in a fresh interpreter (pure Python if asked), and the
    accelerator mode it ran in."""
    env = {**os.environ, "PEGBOARD_PURE": "1" if pure else "0"}
    result = subprocess.run([sys.executable, "-c", _RATE_SCRIPT, game, ",".join(bots), str(games)], env=env,
                            capture_output=True, text=True, check=True)
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return float(data["rate"]), str(data["mode"])


_SIM_SCRIPT = """
import resource, subprocess, sys
done = subprocess.run([sys.executable, "-m", "pegboard", "sim", "--json", *sys.argv[1:]], capture_output=True,
                      text=True, check=True)
print(done.stdout.strip().splitlines()[-1])
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)  # KiB on Linux: the largest process
"""


def sim_cli(arguments: list[str]) -> tuple[dict[str, object], float]:
    """``pegboard sim --json`` with ``arguments`` in a fresh process: its JSON and the peak memory (MB) of
    the largest process it ran (the command or one of its workers)."""
    result = subprocess.run([sys.executable, "-c", _SIM_SCRIPT, *arguments], capture_output=True, text=True,
                            check=True)
    *_, data, peak = result.stdout.strip().splitlines()
    return json.loads(data), float(peak)


def clone_times(moves: int = 50, seed: int = 11) -> tuple[float, float]:
    """Seconds for ``GameState.clone()`` and for ``copy.deepcopy`` of a two-player cribbage game
    ``moves`` greedy moves in (its event log read, as a bot's view reads it), best of five runs."""
    from pegboard.bots import make_bot
    from pegboard.engine import new_game

    game = new_game("cribbage", ["Ann", "Bob"], seed=seed, first_dealer=0)
    bots = [make_bot("greedy", game.rules, seat, seed=seat) for seat in range(2)]
    for _ in range(moves):
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game.view(seat)))
    len(game.events)

    def best(copy_once: Callable[[], object], times: int) -> float:
        runs = []
        for _ in range(5):
            started = time.perf_counter()
            for _ in range(times):
                copy_once()
            runs.append((time.perf_counter() - started) / times)
        return min(runs)

    return best(game.clone, 2000), best(lambda: copy.deepcopy(game), 50)


def run() -> Iterator[Row]:
    from pegboard.accelerator import accelerator_status
    from pegboard.bots.discard import rank_discards
    from pegboard.cards import parse_cards
    from pegboard.rules import Rules
    from pegboard.sim import MatchConfig, run_match

    mode = accelerator_status()["mode"]
    game, bots, games = SELF_PLAY[0]
    fast, _ = self_play_rate(game, bots, games)
    pure, _ = self_play_rate(game, bots, games, pure=True)
    yield (f"greedy self-play, cribbage, 1 process ({mode})", fast, "games/s", ">= 2,000")
    yield ("greedy self-play, cribbage, 1 process (pure Python)", pure, "games/s", "")
    yield ("compiled / pure Python", fast / pure, "x", "")
    for game, bots, games in SELF_PLAY[1:]:
        rate, _ = self_play_rate(game, bots, games)
        yield (f"greedy self-play, {game}, 1 process ({mode})", rate, "games/s", "")

    # --jobs 2 against --jobs 1: the same match, in this process and on two worker processes
    config = MatchConfig("cribbage", ("greedy", "greedy"), games=8000, seed=5)
    one = run_match(config, jobs=1)
    two = run_match(config, jobs=2)
    yield ("sim --jobs 1 (8,000 greedy games)", one.games / one.seconds, "games/s", "")
    yield ("sim --jobs 2 (the same games)", two.games / two.seconds, "games/s", "")
    yield ("sim --jobs 2 / --jobs 1", one.seconds / two.seconds, "x", ">= 1.7")

    games = int(os.environ.get("PEGBOARD_BENCH_EXPERT_GAMES", "600"))
    # The expert's match as a user runs it: `pegboard sim --jobs 2` in a fresh process (its workers do not
    # inherit this benchmark's heap). Starting the worker processes (imports, tables) is paid once per
    # match: time it with a 2-game match, so that the projection is start-up plus 10,000 games at the
    # steady rate.
    start_up = sim_cli(["--players", "expert,greedy", "--games", "2", "--seed", "3", "--jobs", "2"])[0]["seconds"]
    expert, worker_peak = sim_cli(["--players", "expert,greedy", "--games", str(games), "--seed", "2", "--jobs", "2"])
    rate = expert["games"] / max(expert["seconds"] - start_up, 1e-9)
    yield (f"expert vs greedy, 2 processes ({games} games, after start-up)", rate, "games/s", "")
    yield ("projected 10,000-game expert-vs-greedy match", (start_up + 10_000 / rate) / 60, "minutes", "< 10")
    yield ("expert win rate vs greedy (this run)", 100 * expert["win_rate"]["expert"], "%", "")
    yield ("peak memory of a worker process (that match)", worker_peak, "MB", "< 200")
    yield from expert_speed.decision_rows(int(os.environ.get("PEGBOARD_BENCH_EXPERT_SPEED_GAMES", "40")))

    rules = Rules.preset("cribbage")
    hands = ["5H 5C 6D 7S JH KD", "2C 3D 4S 9H TC QD", "AH 2H 3H 4H 5H 6H", "7C 7D 8S 8H 9C KD"]
    rank_discards(parse_cards(hands[0]), rules, 0, method="exact")
    started = time.perf_counter()
    for text in hands:
        for role in (0, 1):
            rank_discards(parse_cards(text), rules, role, method="exact")
    yield ("discard advisor, exact (one hand)", (time.perf_counter() - started) / 8 * 1000, "ms", "< 100")

    clone, deep = clone_times()
    yield ("GameState.clone(), cribbage after 50 moves", clone * 1e6, "us", "< 200")
    yield ("copy.deepcopy of the same game", deep * 1e6, "us", "")
