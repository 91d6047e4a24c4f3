"""The objectives on the command line: ``sim --objective``, ``stats board --objective`` (``play --objective``:
tests/test_tui_objective.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pegboard.cli.app import run
from pegboard.objectives import Objective
from pegboard.sim.match import MatchConfig
from pegboard.sim.runner import run_match


def test_sim_reports_each_players_mean_objective_with_an_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["sim", "--players", "greedy,random", "--games", "12", "--seed", "3", "--objective", "game-points",
                "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["objective"] == "game-points"
    means = data["objective_mean"]
    greedy, other = means["greedy"], means["random"]
    assert greedy["mean"] == pytest.approx(-other["mean"])  # zero-sum: my game points less theirs
    assert greedy["ci95"][0] <= greedy["mean"] <= greedy["ci95"][1]
    # the mean is the games' own value: 2, 3 or 4 a win by the loser's score
    wins, skunks, doubles = data["wins"]["greedy"], data["skunked"]["random"], data["double_skunked"]["random"]
    losses = data["wins"]["random"]
    assert losses == 0 or data["skunked"]["greedy"] + data["double_skunked"]["greedy"] >= 0
    total = 2 * (wins - skunks - doubles) + 3 * skunks + 4 * doubles - 2 * (
        losses - data["skunked"]["greedy"] - data["double_skunked"]["greedy"]) - \
        3 * data["skunked"]["greedy"] - 4 * data["double_skunked"]["greedy"]
    assert greedy["mean"] == pytest.approx(total / 12, abs=1e-4)
    assert run(["sim", "--players", "greedy,random", "--games", "4", "--objective", "spread:cap=31"]) == 0
    out = capsys.readouterr().out
    assert "greedy: spread:cap=31" in out and "a game" in out


def test_without_an_objective_the_statistics_are_as_before() -> None:
    data = run_match(MatchConfig("cribbage", ("greedy", "random"), games=6, seed=1)).to_json(timing=False)
    assert "objective" not in data and "objective_mean" not in data


def test_bots_in_a_match_play_for_the_matchs_objective_unless_named_otherwise() -> None:
    from pegboard.sim.match import play_game

    config = MatchConfig("cribbage", ("expert@win", "expert"), games=1, seed=2, objective="game-points",
                         options=(("target", 31),))
    config.check()
    assert config.names == ("expert@win", "expert")
    summary, game = play_game(config, 0)
    assert game.finished and summary.winner in (0, 1)


@pytest.mark.parametrize("args, needle", [
    (["sim", "--objective", "tournament"], "objective 'tournament': expected win, game-points, spread or match"),
    (["sim", "--objective", "spread:cap=0"], "cap 0"),
    (["sim", "--game", "cribbage-3", "--players", "greedy,greedy,greedy", "--objective", "game-points"],
     "objectives are for two-sided cribbage games"),
    (["sim", "--players", "greedy,greedy", "--option", "target=61", "--objective", "match"],
     "a match is modelled for two players to 121 or five-card to 61 only, not cribbage to 61"),
    (["sim", "--players", "expert@spread:cap=x,greedy"], "bot 'expert@spread:cap=x'"),
    (["stats", "board", "--objective", "points"], "objective 'points'"),
    (["stats", "board", "--game", "cribbage-3"], "game 'cribbage-3': no board table"),
    (["stats", "board", "--game", "partners", "--objective", "match"], "a match is modelled for two players"),
])  # fmt: skip
def test_bad_objectives_are_one_line_errors(capsys: pytest.CaptureFixture[str], args: list[str], needle: str) -> None:
    assert run(args) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) <= 2


@pytest.mark.slow
@pytest.mark.parametrize("objective", ["game-points", "spread", "match:to=5"])
def test_stats_board_draws_every_objective(tmp_path: Path, objective: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pegboard", "stats", "board", "--objective", objective, "--json",
                           "--plot", str(tmp_path / "board.png")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["objective"] == objective and len(data["values"]) == 121 and "win" not in data
    low, high = Objective.from_name(objective).bounds(121)
    assert all(low <= value <= high for row in data["values"] for value in row)
    assert (tmp_path / "board.png").read_bytes()[:4] == b"\x89PNG"


def test_stats_board_reads_partners_and_five_card_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["stats", "board", "--game", "partners", "--objective", "game-points", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["target"] == 121 and len(data["values"]) == 121 and data["values"][0][0] > 0  # the first dealers
    assert run(["stats", "board", "--game", "five-card", "--json"]) == 0
    five = json.loads(capsys.readouterr().out)
    assert five["target"] == 61 and 0.5 < five["win"][0][0] < 0.6


def test_stats_board_prints_the_objective(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["stats", "board", "--objective", "game-points", "--step", "30"]) == 0
    out = capsys.readouterr().out
    assert "game-points" in out and "expects +0.286" in out
