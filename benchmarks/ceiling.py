"""How much the expert's play could still gain from reading the opponent's hand better.

``python -m benchmarks.ceiling --games N --jobs 2 [--opponent classic]`` plays two duplicate matches
on the same deals and seats: the expert against the opponent, and an *oracle* expert against the
same opponent. The oracle is the expert with one change: in the play it searches the opponent's real
hand instead of its samples of the hands the opponent may hold (it discards, counts and plays to the
board exactly as the expert does). No player may do that; the difference between the two matches
is an upper bound on what any better reading of the opponent's hand (inference, more samples) can
add to the expert's play, in win rate and in points a deal.

The oracle is built here, by the harness, which reads the opponent's hand from the game state: never
a bot of the package (bots see only their own view).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from collections.abc import Callable, Sequence
from typing import Any

from pegboard.bots import Bot
from pegboard.bots.expert import ExpertBot
from pegboard.bots.pegging import PlayPosition
from pegboard.bots.solver import positions_of
from pegboard.cards import Card
from pegboard.engine import GameState
from pegboard.engine.views import CribbageView
from pegboard.sim import GameSummary, MatchConfig
from pegboard.sim.match import finish_game, seat_game
from pegboard.sim.stats import MatchStats


class OracleExpert(ExpertBot):
    """The expert searching the opponent's real hand in the play (set by the harness: ``truth``)."""

    name = "expert-oracle"
    truth: Callable[[int], Sequence[Card]] | None = None

    def _sample_positions(self, view: CribbageView) -> tuple[list[PlayPosition], list[dict[int, tuple[int, ...]]]]:
        assert self.truth is not None and self.rules.players == 2
        opponent = 1 - self.seat
        hand = tuple(card.code for card in self.truth(opponent))
        series = tuple(card.rank for _, card in view.series)
        last = view.series[-1][0] if view.series else -1
        go_mask = sum(1 << seat for seat in view.said_go)
        mine = tuple(sorted(card.rank for card in view.hand))
        positions = positions_of([(hand,)], [opponent], self.seat, mine, series, view.count, go_mask, last,
                                 self.rules.single_series, self.rules.play_continues_after_go)
        return positions, [{opponent: hand}]


def seat(config: MatchConfig, index: int, oracle: bool) -> tuple[GameState, list[int], list[Bot]]:
    """Game ``index`` of the match seated as the simulator seats it; with ``oracle``, entrant 0's expert
    replaced by the oracle, seeded as the expert it replaces."""
    game, seating, bots = seat_game(config, index)
    if oracle:
        where = seating.index(0)
        seer = OracleExpert(game.rules, where)
        seer.rng.setstate(bots[where].rng.getstate())  # type: ignore[attr-defined]  # the expert's draws
        seer.truth = lambda other: game.view(other).hand  # type: ignore[attr-defined]  # a cribbage view
        bots[where] = seer
    return game, seating, bots


def _play(job: tuple[MatchConfig, int, bool]) -> GameSummary:
    """What a worker runs: one game's summary (the game stays in the worker)."""
    config, index, oracle = job
    return finish_game(config, index, *seat(config, index, oracle))[0]


def measure(opponent: str, games: int, jobs: int, seed: int, oracle: bool) -> dict[str, Any]:
    config = MatchConfig("cribbage", ("expert", opponent), games=games, seed=seed, duplicate=True)
    stats = MatchStats(config)
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for summary in pool.imap(_play, [(config, index, oracle) for index in range(games)], chunksize=10):
            stats.add(summary)
    stats.seconds = time.perf_counter() - started
    data = stats.to_json()
    return {"entrant": "oracle" if oracle else "expert", "opponent": opponent, "games": games,
            "win_rate": data["win_rate"]["expert"], "ci95_duplicate": data["ci95_duplicate"]["expert"],
            "net_per_deal": data["net_per_deal"], "points_per_deal": data["points_per_deal"],
            "seconds": round(stats.seconds, 1)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--opponent", default="classic")
    parser.add_argument("--only", choices=("expert", "oracle"))
    arguments = parser.parse_args(argv)
    for oracle in (False, True):
        if arguments.only and arguments.only != ("oracle" if oracle else "expert"):
            continue
        print(json.dumps(measure(arguments.opponent, arguments.games, arguments.jobs, arguments.seed, oracle)),
              flush=True)


if __name__ == "__main__":
    main()
