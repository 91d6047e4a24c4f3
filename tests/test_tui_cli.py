"""``pegboard play`` and ``pegboard replay`` on the command line, where no terminal is at hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pegboard.cli.app import run
from pegboard.engine import new_game
from pegboard.records import record_of
from pegboard.tui.controller import Outcome
from pegboard.tui.store import ENV_VAR, Store


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    return tmp_path


def test_play_stats_prints_the_statistics(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["play", "--stats"]) == 0
    assert "No finished games yet" in capsys.readouterr().out
    Store(data).record_result("cribbage", "expert", Outcome("won", 121, 70, None, "skunk"))
    assert run(["play", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "cribbage" in out and "expert" in out


@pytest.mark.parametrize("args, needle", [
    (["play"], "needs a terminal"),
    (["play", "--game", "chess"], "unknown game 'chess'"),
    (["play", "--game", "snailspace", "--muggins"], "muggins"),
    (["play", "--game", "cribbage", "--humans", "3"], "3 people at the keyboard"),
    (["play", "--resume"], "no saved game to resume"),
])  # fmt: skip
def test_play_reports_bad_input_in_one_line(data: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                                            needle: str) -> None:
    assert run(args) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


def test_replay_without_a_terminal_still_prints_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game("five-card", ["Ann", "Bob"], seed=2)
    while not game.finished:
        game.apply(game.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of(game)))
    assert run(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Deal" in out and "wins" in out


@pytest.fixture
def launched(data: Path, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """``pegboard play`` as if in a terminal: the apps it would run, not run."""
    import sys

    from pegboard.tui.app import PegboardApp

    apps: list[object] = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(PegboardApp, "run", lambda self, *args, **kwargs: apps.append(self))
    return apps


def test_play_takes_every_alias_of_a_game(launched: list[object]) -> None:
    for alias, preset in (("six-card", "cribbage"), ("partners", "cribbage-4"), ("cribbage-square", "snailspace")):
        assert run(["play", "--game", alias]) == 0
        assert launched[-1].first.game.game == preset  # type: ignore[attr-defined]


@pytest.mark.parametrize("args, needle", [
    (["--game", "cribbage", "--discards", "2"], "--discards applies to solitaire, not to cribbage"),
    (["--game", "snailspace", "--muggins"], "--muggins applies to cribbage, cribbage-3, cribbage-4"),
    (["--game", "solitaire", "--deals", "4"], "--deals applies to snailspace, not to solitaire"),
])  # fmt: skip
def test_play_says_which_games_an_option_belongs_to(launched: list[object], capsys: pytest.CaptureFixture[str],
                                                    args: list[str], needle: str) -> None:
    assert run(["play", *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1 and not launched


def test_play_with_no_options_is_cribbage_against_the_expert_and_last_repeats_the_last(
        launched: list[object]) -> None:
    assert run(["play", "--game", "snailspace", "--opponent", "greedy", "--count-at-end"]) == 0
    assert run(["play"]) == 0  # what the README says, whatever was played before
    setup = launched[-1].first.setup  # type: ignore[attr-defined]
    assert (setup.game, setup.opponent, setup.count_at_end, setup.auto, setup.advice) == \
        ("cribbage", "expert", False, True, True)
    assert run(["play", "--last"]) == 0
    setup = launched[-1].first.setup  # type: ignore[attr-defined]
    assert (setup.game, setup.opponent) == ("cribbage", "expert")  # the last game started was the plain one
    assert run(["play", "--game", "snailspace", "--opponent", "greedy", "--count-at-end"]) == 0
    assert run(["play", "--last", "--deals", "4"]) == 0
    setup = launched[-1].first.setup  # type: ignore[attr-defined]
    assert (setup.game, setup.opponent, setup.count_at_end, setup.deals) == ("snailspace", "greedy", True, 4)


def test_play_offers_the_saved_games(launched: list[object], data: Path) -> None:
    from pegboard.tui.controller import Controller, Setup

    store = Store(data)
    store.save_game(Controller.start(Setup("cribbage", "greedy", seed=1)))
    store.save_game(Controller.start(Setup("five-card", "expert", seed=2)))
    assert run(["play"]) == 0
    assert [saved.game for saved in launched[-1].saves] == ["five-card", "cribbage"]  # type: ignore[attr-defined]
    assert run(["play", "--resume", "--game", "crib5"]) == 0
    resumed = launched[-1].first  # type: ignore[attr-defined]
    assert resumed.game.game == "five-card" and resumed.save_path is not None and not launched[-1].saves  # type: ignore[attr-defined]
