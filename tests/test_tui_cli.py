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
