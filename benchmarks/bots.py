"""Bot speed: greedy self-play per core, expert-vs-greedy throughput and the projected 10,000-game
match on two processes, and the discard advisor's latency."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

Row = tuple[str, float, str, str]


def run() -> Iterator[Row]:
    from pegboard.bots.discard import rank_discards
    from pegboard.cards import parse_cards
    from pegboard.rules import Rules
    from pegboard.sim import MatchConfig, run_match

    run_match(MatchConfig("cribbage", ("greedy", "greedy"), games=20, seed=99))  # warm up tables and caches
    greedy = run_match(MatchConfig("cribbage", ("greedy", "greedy"), games=600, seed=1))
    yield ("greedy self-play, 1 process", greedy.games / greedy.seconds, "games/s", ">= 500")

    games = int(os.environ.get("PEGBOARD_BENCH_EXPERT_GAMES", "400"))
    # Starting the worker processes (imports, tables) is paid once per match: time it with a 2-game
    # match, so that the projection is start-up plus 10,000 games at the steady rate.
    start_up = run_match(MatchConfig("cribbage", ("expert", "greedy"), games=2, seed=3), jobs=2).seconds
    expert = run_match(MatchConfig("cribbage", ("expert", "greedy"), games=games, seed=2), jobs=2)
    rate = expert.games / max(expert.seconds - start_up, 1e-9)
    yield (f"expert vs greedy, 2 processes ({games} games, after start-up)", rate, "games/s", "")
    yield ("projected 10,000-game expert-vs-greedy match", (start_up + 10_000 / rate) / 60, "minutes", "< 10")
    yield ("expert win rate vs greedy (this run)", 100 * expert.wins[0] / expert.games, "%", "")

    rules = Rules.preset("cribbage")
    hands = ["5H 5C 6D 7S JH KD", "2C 3D 4S 9H TC QD", "AH 2H 3H 4H 5H 6H", "7C 7D 8S 8H 9C KD"]
    rank_discards(parse_cards(hands[0]), rules, 0, method="exact")
    started = time.perf_counter()
    for text in hands:
        for role in (0, 1):
            rank_discards(parse_cards(text), rules, role, method="exact")
    yield ("discard advisor, exact (one hand)", (time.perf_counter() - started) / 8 * 1000, "ms", "< 100")
