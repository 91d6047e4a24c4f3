"""``pegboard sim``: reproducible whatever the number of processes, records, statistics."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from pegboard import PegboardError
from pegboard.records import load_record, parse_record, record_of, replay
from pegboard.sim import GameSummary, MatchConfig, play_batch, play_game, run_match, wilson_interval
from pegboard.sim.backends import LocalBackend, window_size
from pegboard.sim.runner import Fold
from pegboard.sim.stats import ratio_interval


def without_timing(data: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in data.items() if key not in ("games_per_second", "seconds")}


@pytest.mark.slow
def test_same_seed_same_results_whatever_the_number_of_jobs() -> None:
    config = MatchConfig("cribbage", ("greedy", "random"), games=60, seed=7)
    one = run_match(config, jobs=1).to_json()
    two = run_match(config, jobs=2).to_json()
    assert without_timing(one) == without_timing(two)
    other = run_match(MatchConfig("cribbage", ("greedy", "random"), games=60, seed=8)).to_json()
    assert without_timing(other) != without_timing(one)


def test_statistics_shape_and_seat_rotation() -> None:
    stats = run_match(MatchConfig("cribbage", ("greedy", "greedy"), games=40, seed=1)).to_json()
    assert stats["players"] == ["greedy#1", "greedy#2"]
    assert sum(stats["wins"].values()) + stats["draws"] == 40
    assert set(stats["points_per_deal"]["greedy#1"]) == {"dealer", "pone"}
    assert {"pegging", "hand", "crib"} <= set(stats["points_per_deal"]["greedy#1"]["dealer"])
    assert 0 <= stats["first_dealer_win_rate"] <= 1


def test_teams_and_three_players() -> None:
    teams = run_match(MatchConfig("cribbage-4", ("greedy", "random"), games=6, seed=2)).to_json()
    assert set(teams["wins"]) == {"greedy", "random"}
    three = run_match(MatchConfig("cribbage-3", ("greedy", "random", "random"), games=6, seed=2)).to_json()
    assert "greedy > random#1" in three["ahead_of"]
    with pytest.raises(PegboardError, match="one bot per team"):
        MatchConfig("cribbage-4", ("greedy", "random", "random", "random"), 2).check()


def _cards_by_deal(game_index: int, config: MatchConfig) -> list[list[list[str]]]:
    """Each complete deal's hands, in seat order, and its starter."""
    record = record_of(play_game(config, game_index)[1])
    return [[*deal["hands"].values(), [deal["starter"]]] for deal in record["deals"]]


def test_duplicate_games_share_their_deals_with_seats_swapped() -> None:
    config = MatchConfig("cribbage", ("greedy", "random"), games=4, seed=3, duplicate=True)
    first, second, third = (_cards_by_deal(index, config) for index in range(3))
    assert play_game(config, 0)[0].entrant_of_seat == [0, 1]
    assert play_game(config, 1)[0].entrant_of_seat == [1, 0]  # greedy's cards go to random, and back
    shared = min(len(first), len(second))
    assert shared >= 3 and first[:shared] == second[:shared]
    assert third[0] != first[0]  # the next pair has deals of its own
    plain = MatchConfig("cribbage", ("greedy", "random"), games=4, seed=3)
    assert _cards_by_deal(1, plain)[0] != first[0]  # without --duplicate every game is dealt afresh


def test_duplicate_statistics_and_net_points() -> None:
    stats = run_match(MatchConfig("cribbage", ("greedy", "random"), games=40, seed=5, duplicate=True)).to_json()
    assert stats["duplicate"] is True
    low, high = stats["ci95_duplicate"]["greedy"]
    assert low <= stats["win_rate"]["greedy"] <= high
    net = stats["net_per_deal"]
    assert net["entrant"] == "greedy" and net["ci95"][0] < net["mean"] < net["ci95"][1]
    assert net["mean"] > 0  # greedy outscores random
    with pytest.raises(PegboardError, match="multiple of 2"):
        MatchConfig("cribbage", ("greedy", "random"), games=5, duplicate=True).check()


def test_net_points_are_summed_as_games_arrive_and_match_the_interval_over_kept_units() -> None:
    """The net-points interval keeps running sums (a long match holds no list of its games), and
    equals the interval computed from every group of games kept in a list."""
    config = MatchConfig("cribbage", ("greedy", "random"), games=12, seed=4, duplicate=True)
    summaries = play_batch(config, 0, 12)
    units: dict[int, list[float]] = {}
    for game in summaries:
        unit = units.setdefault(game.index // 2, [0.0, 0.0])
        unit[0] += sum((1 if game.entrant_of_seat[seat] == 0 else -1) * sum(
            points[source] for source in ("pegging", "hand", "crib", "heels", "bonus"))
            for deal in game.deals for seat, points in enumerate(deal))
        unit[1] += len(game.deals)
    expected = ratio_interval([(net, deals) for net, deals in units.values()])
    stats = run_match(config)
    assert not any(isinstance(value, (list, dict)) and len(value) >= 6 for value in vars(stats).values()
                   if value is not stats.sources)
    assert stats.to_json()["net_per_deal"]["ci95"] == [round(expected[1], 4), round(expected[2], 4)]


def test_ratio_interval_by_hand() -> None:
    ratio, low, high = ratio_interval([(4, 2), (2, 2), (0, 2), (2, 2)])
    assert ratio == 1.0 and low < 1.0 < high
    assert ratio_interval([(4, 2)])[1] != ratio_interval([(4, 2)])[1]  # nan: one unit has no spread


def test_wilson_interval() -> None:
    low, high = wilson_interval(6000, 10000)
    assert low < 0.6 < high and high - low < 0.02


@pytest.mark.slow
def test_sim_command_json_and_records(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pegboard", "sim", "--game", "five-card", "--players",
                           "greedy,random", "--games", "6", "--seed", "3", "--json", "--records", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {"game", "games", "players", "wins", "win_rate", "ci95", "games_per_second"} <= set(data)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    game = replay(load_record(files[0]))
    assert game.finished


@pytest.mark.slow
def test_records_in_one_jsonl_file_are_the_games_in_order_and_the_same_whatever_the_jobs(tmp_path: Path) -> None:
    lines = {}
    for jobs in (1, 2):
        path = tmp_path / f"jobs{jobs}.jsonl"
        stats = run_match(MatchConfig("cribbage", ("greedy", "random"), games=60, seed=5, records=str(path)),
                          jobs=jobs)
        assert stats.games == 60
        lines[jobs] = path.read_text().splitlines()
    assert lines[1] == lines[2] and len(lines[1]) == 60
    folder = tmp_path / "folder"
    folder.mkdir()
    run_match(MatchConfig("cribbage", ("greedy", "random"), games=60, seed=5, records=str(folder)))
    assert [json.loads(line) for line in lines[1]] == \
        [json.loads(path.read_text()) for path in sorted(folder.glob("game-*.json"))]
    assert replay(parse_record(json.loads(lines[1][-1]))).finished


def test_a_jsonl_records_file_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pegboard", "sim", "--games", "2", "--records",
                           str(tmp_path / "missing" / "games.jsonl")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "cannot write the file" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("args, needle", [
    (["--backend", "cloud"], "'cloud'"),
    (["--address", "10.0.0.1:6379"], "--address is for --backend ray"),
    (["--players", "expert"], "1 bots given"),
    (["--duplicate", "--games", "3"], "multiple of 2"),
    (["--players", "pegboard.bots:BaseBot,greedy"], "BaseBot has no choose(view) method of its own"),
    (["--option", "target=99999999999999999999"], "target must be a whole number from 1 to 999"),
    (["--option", "target=" + "9" * 5000], "a number of 5000 digits"),
    (["--option", "target=\u00b2"], "option 'target' must be an integer"),
    (["--option", "deal_size=7"], "unknown option 'deal_size' for cribbage"),
    (["--option", "name=five-card"], "unknown option 'name' for cribbage"),
    (["--seed", "9" * 30], "'--seed' / '-s'"),
    (["--jobs", "100000"], "'--jobs' / '-j': 100000 is not in the range 1<=x<=256"),
    (["--backend", "ray", "--address", "999.999.999.999:1"], "--address '999.999.999.999:1': no such host"),
    (["--backend", "ray", "--address", "head"], "--address 'head': expected auto or HOST:PORT"),
])  # fmt: skip
def test_sim_bad_arguments(args: list[str], needle: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pegboard", "sim", "--games", "2", *args],  # a later --games wins
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and needle in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


class Enough(Exception):
    """Raised by a test's batch to stop a match once it has seen what it needs."""


def test_a_match_of_any_length_starts_without_making_all_its_batches() -> None:
    """``sim --games 99999999999999999999`` must not build every batch before the first game."""
    calls: list[tuple[int, int]] = []

    def first_batch_only(config: MatchConfig, start: int, stop: int) -> list[GameSummary]:
        calls.append((start, stop))
        raise Enough

    tracemalloc.start()
    try:
        with pytest.raises(Enough):
            run_match(MatchConfig("cribbage", ("random", "random"), games=10**7), batch=first_batch_only)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert calls == [(0, 25)] and peak < 2_000_000


def test_a_process_pool_pulls_tasks_only_a_window_ahead() -> None:
    pulled = []

    def tasks() -> Iterator[tuple[int, int]]:
        for number in range(10_000):
            pulled.append(number)
            yield (number, 2)

    results = LocalBackend(2).map_unordered(pow, tasks())
    first = [next(results) for _ in range(3)]
    results.close()  # type: ignore[attr-defined]
    assert len(first) == 3 and len(pulled) <= window_size(2) + 3


def test_folding_counts_each_game_once_in_game_order_and_names_a_missing_game() -> None:
    config = MatchConfig("five-card", ("greedy", "random"), games=6, seed=3)
    late, early, last = play_batch(config, 0, 2), play_batch(config, 2, 4), play_batch(config, 4, 6)
    folding = Fold(config)
    for summaries in (early, last, early, late, late):  # out of order, and delivered twice
        folding.add(summaries)
    assert folding.result(0.0).to_json(timing=False) == run_match(config).to_json(timing=False)
    partial = Fold(config)
    partial.add(early)
    with pytest.raises(PegboardError, match="4 games never came back \\(first: game 1\\)"):
        partial.result(0.0)
