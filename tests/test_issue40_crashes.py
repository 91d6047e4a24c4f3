"""Issue 40 part C: four crash causes found by an independent fuzz, and the smaller rough edges. Every
refusal is one line naming the input and what was expected (exit 2), and changes nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from pegboard.analysis.mystats import PlayedGame
from pegboard.analysis.position import parse_position
from pegboard.bots import make_bot
from pegboard.bots.board import BoardTable
from pegboard.cli.app import run
from pegboard.engine import new_game
from pegboard.errors import ObjectiveError, PegboardError, PositionError, RecordError
from pegboard.objectives import GAME_POINTS, Objective
from pegboard.records import parse_record, record_of
from pegboard.rules import Rules

ZERO = "game-points:win=0,skunk=0,double=0"


def short_game(players: tuple[str, str] = ("Ann", "Bob"), seed: int = 4) -> dict[str, Any]:
    """A whole greedy game of cribbage to 31, as its record."""
    state = new_game("cribbage", list(players), seed=seed, target=31)
    bots = [make_bot("greedy", state.rules, seat, seat) for seat in range(2)]
    while not state.finished:
        for seat in state.to_act():
            state.apply(bots[seat].choose(state.view(seat)))
    return record_of(state)


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    return err


# ---------------------------------------------------------------- X1: superscript digits
@pytest.mark.parametrize("name", ["match:to=²", "match:to=¹²¹", "spread:cap=³", "game-points:win=²"])
def test_superscript_digits_in_an_objective_are_refused_not_a_crash(name: str) -> None:
    with pytest.raises(ObjectiveError, match="expected a whole number"):
        Objective.from_name(name)


@pytest.mark.parametrize("command", [["sim", "-n", "1"], ["stats", "board"], ["review", "x.json"],
                                     ["play"]])
def test_commands_refuse_a_superscript_objective_in_one_line(command: list[str],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert run([*command, "--objective", "match:to=²"]) == 2
    assert "match:to=²" in one_error_line(capsys)


def test_a_record_whose_objective_has_a_superscript_is_refused(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    record = short_game()
    record["objective"] = "match:to=²"
    with pytest.raises(RecordError, match="to=²"):
        parse_record(record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    for command in ("replay", "review"):
        assert run([command, str(path)]) == 2
        assert "to=²" in one_error_line(capsys)


@pytest.mark.parametrize("text, needle", [
    ("scores ² 0 dealer you hand 5H 5C 6D 7S JH KD", "scores ² 0"),
    ("target ² dealer you hand 5H 5C 6D 7S JH KD", "target ²"),
    ("dealer ² hand 5H 5C 6D 7S JH KD", "dealer ²"),
])
def test_a_position_with_superscript_digits_is_refused(text: str, needle: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(PositionError, match=needle):
        parse_position(text)
    assert run(["analyse", *text.split()]) == 2
    assert needle in one_error_line(capsys)


def test_a_saved_game_or_settings_with_a_superscript_objective_is_named_as_damaged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from pegboard.datadir import ENV_VAR
    from pegboard.tui.controller import Setup

    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    with pytest.raises(PegboardError, match="to=²"):
        Setup(objective="match:to=²").objective_value()
    settings = {"setup": {**Setup().to_json(), "objective": "match:to=²"}}
    from pegboard.tui.store import Store

    store = Store()
    store.save_settings(settings)
    assert run(["play", "--last"]) == 2  # not a terminal: named, and nothing is moved or started
    assert "to=²" in one_error_line(capsys)
    assert json.loads(store.settings_path.read_text()) == settings


# ---------------------------------------------------------------- X4: payoffs all equal
def test_an_objective_paying_every_outcome_alike_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ObjectiveError, match="every outcome pays 0"):
        Objective.from_name(ZERO)
    with pytest.raises(ObjectiveError, match="every outcome pays 0"):
        Objective("game-points", points=(0, 0, 0))
    assert Objective.from_name("game-points:win=0").points == (0, 3, 4)  # some outcome still pays
    for command in (["sim", "--players", "expert,greedy", "-n", "1"], ["review", "x.json"], ["stats", "board"]):
        assert run([*command, "--objective", ZERO]) == 2
        assert ZERO in one_error_line(capsys)


def test_the_board_models_utility_does_not_divide_by_a_zero_range() -> None:
    table = copy.copy(BoardTable.for_objective(GAME_POINTS))
    table.low = table.high = 0.0
    assert table.utility(0.0) == 0.0


# ---------------------------------------------------------------- X2, X3: plots
@pytest.mark.slow
@pytest.mark.parametrize("name", ["$x^$", "$$", r"$\undefined$"])
def test_player_names_are_printed_as_typed_in_a_review_plot(name: str, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(short_game((name, "Bob"))))
    assert run(["review", str(path), "--plot", str(tmp_path / "x.png")]) == 0
    assert (tmp_path / "x.png").stat().st_size > 0


def test_a_flat_board_map_is_drawn_without_contours(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from pegboard.plots import plot_board

    plot_board([[0.0] * 4 for _ in range(4)], tmp_path / "flat.png", role="dealer", objective="game-points",
               low=0.0, high=0.0)
    assert (tmp_path / "flat.png").exists()


def test_plots_leave_matplotlibs_mathtext_setting_as_it_was(tmp_path: Path) -> None:
    matplotlib = pytest.importorskip("matplotlib")
    from pegboard.plots import plot_board

    before = matplotlib.rcParams["text.parse_math"]
    plot_board([[0.5] * 4 for _ in range(4)], tmp_path / "b.png", role="dealer")
    assert matplotlib.rcParams["text.parse_math"] == before


# ---------------------------------------------------------------- smaller
def test_a_stored_accuracy_out_of_range_is_not_worked_out() -> None:
    record = short_game()
    assert PlayedGame(record, 0, accuracy=1e308).accuracy is None
    assert PlayedGame(record, 0, accuracy=float("nan")).accuracy is None
    assert PlayedGame(record, 0, accuracy=-1.0).accuracy is None
    assert PlayedGame(record, 0, accuracy=87.5).accuracy == 87.5


@pytest.mark.parametrize("spec, needle", [("expert@", "expected an objective after the @"),
                                          ("greedy@game-points", "greedy plays alike for every objective"),
                                          ("random@win", "random plays alike")])
def test_a_bot_with_an_empty_or_useless_objective_is_refused(spec: str, needle: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ObjectiveError, match=needle):
        make_bot(spec, Rules.preset("cribbage"), 0)
    assert run(["sim", "--players", f"{spec},greedy", "-n", "1"]) == 2
    assert spec in one_error_line(capsys)


def test_a_plot_that_cannot_be_written_is_refused_before_the_review(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import importlib

    from pegboard.plots import check_plot_path

    module = importlib.import_module("pegboard.analysis.review")  # the package's name is the function

    def no_review(*args: object, **kwargs: object) -> None:
        raise AssertionError("the review ran before the plot file was tried")

    with pytest.raises(PegboardError, match="cannot write it"):
        check_plot_path(Path("/proc/x.png"))
    assert not Path("/proc/x.png").exists()
    check_plot_path(tmp_path / "fine.png")
    assert not (tmp_path / "fine.png").exists()  # the probe leaves nothing behind
    path = tmp_path / "game.json"
    path.write_text(json.dumps(short_game()))
    monkeypatch.setattr(module, "review", no_review)
    assert run(["review", str(path), "--plot", "/proc/x.png"]) == 2
    assert "/proc/x.png" in one_error_line(capsys)


@pytest.mark.parametrize("name", ["match:to=0", "match:to=x", "match:to=1000", "spread:cap=0", "spread:cap=x",
                                  "match:win=0", "match:win=x"])
def test_the_objective_range_messages_agree(name: str) -> None:
    with pytest.raises(ObjectiveError, match="from 1 to 999"):
        Objective.from_name(name)


@pytest.mark.parametrize("name", ["game-points:win=x", "game-points:win=1000", "match:to=7,mine=x"])
def test_ranges_that_start_at_0_say_so(name: str) -> None:
    with pytest.raises(ObjectiveError, match="from 0 to"):
        Objective.from_name(name)


def test_a_duplicate_set_with_an_objective_names_the_duplicate_not_a_target(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from pegboard.datadir import ENV_VAR

    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert run(["play", "--duplicate", "2", "--objective", "game-points"]) == 2
    err = one_error_line(capsys)
    assert "--objective game-points" in err and "duplicate" in err and "999" not in err


class FailingBot:
    """A bot whose every decision fails, as the expert's did on an objective paying every outcome alike."""

    def __init__(self, rules: Rules, seat: int, seed: int | None = None) -> None:
        self.seat = seat

    def choose(self, view: object) -> object:
        raise ZeroDivisionError("float division by zero")


def test_a_failing_computer_decision_is_logged_and_a_lower_level_decides(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from pegboard.bots import greedy
    from pegboard.session import Session, computer_move

    game = new_game("cribbage", ["Ann", "Bob"], seed=2)
    with caplog.at_level("ERROR", logger="pegboard.session"):
        move = computer_move(game.view(1), game.rules, f"{__name__}:FailingBot", 5)
    assert move in game.legal_actions(1)
    assert "FailingBot bot failed" in caplog.text and "ZeroDivisionError" in caplog.text
    monkeypatch.setattr(greedy.GreedyBot, "choose", FailingBot.choose)
    session = Session(game, ("human", "expert"), seed=3)
    monkeypatch.setattr("pegboard.bots.expert.ExpertBot.choose", FailingBot.choose)
    while not game.finished and game.deal_number == 0:  # expert and greedy fail: random plays the deal
        seat = game.to_act()[-1]
        game.apply(session.decide(seat) if seat == 1 else game.legal_actions(seat)[0])
    assert "the greedy bot failed" in caplog.text and "the random bot decides instead" in caplog.text


@pytest.mark.parametrize("objective", ["match:to=²", ZERO])
def test_the_web_refuses_such_an_objective_with_a_400_not_a_500(objective: str, tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    import urllib.error
    import urllib.request

    from pegboard.web.hub import Settings
    from pegboard.web.testing import ServerThread

    body = json.dumps({"game": "cribbage", "objective": objective}).encode()
    with ServerThread(str(tmp_path / "t.db"), Settings(pace=0)) as server:
        request = urllib.request.Request(f"{server.url}/api/tables", data=body, method="POST",
                                         headers={"content-type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=20)
    assert refused.value.code == 400
    assert objective in json.load(refused.value)["error"]


@pytest.mark.parametrize("where", ["setup", "record"])
def test_a_save_with_a_superscript_objective_is_named_not_a_traceback(
        where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from pegboard.datadir import ENV_VAR
    from pegboard.tui.controller import Controller, Setup
    from pegboard.tui.store import Store

    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    store = Store()
    path = store.save_game(Controller.start(Setup(objective="game-points", names=("Ann",))))
    data = json.loads(path.read_text())
    data[where]["objective"] = "match:to=²"
    path.write_text(json.dumps(data))
    assert [problem.path for problem in store.problems()] == [path]
    assert run(["play", "--resume"]) == 2  # not a terminal: named, and the file is left as it is
    assert "to=²" in one_error_line(capsys)
    assert json.loads(path.read_text()) == data
