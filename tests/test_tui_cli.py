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
    store.release_all()  # the terminals that played them are closed (a save is locked while its game is open)
    assert run(["play"]) == 0
    assert [saved.game for saved in launched[-1].saves] == ["five-card", "cribbage"]  # type: ignore[attr-defined]
    assert run(["play", "--resume", "--game", "crib5"]) == 0
    resumed = launched[-1].first  # type: ignore[attr-defined]
    assert resumed.game.game == "five-card" and resumed.save_path is not None and not launched[-1].saves  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- issue 24: damaged files
def saved_files(data: Path) -> tuple[Path, Path]:
    """Two saves, settings and statistics in the data folder; the two save paths."""
    from pegboard.tui.controller import Controller, Setup

    store = Store(data)
    first = store.save_game(Controller.start(Setup("cribbage", "greedy", seed=1)))
    second = store.save_game(Controller.start(Setup("five-card", "greedy", seed=2)))
    store.save_settings({"setup": Setup("cribbage", "greedy").to_json()})
    store.record_result("cribbage", "expert", Outcome("won", 121, 70, None, "skunk"))
    return first, second


def damage_save(path: Path, how: str) -> None:
    data = json.loads(path.read_text())
    if how == "bad generator state":
        data["rng_state"][1][3] = "x"
    elif how == "short generator state":
        data["rng_state"][1] = data["rng_state"][1][:10]
    elif how == "wrong types":
        data["setup"]["muggins"] = "yes"
    elif how == "viewer out of range":
        data["viewer"] = 7
    elif how == "illegal record":
        data["record"]["deals"][0]["actions"] = ["Ann play 2H"]
    elif how in SETUP_DAMAGES:  # issue 40 C: values of the right type that name nothing playable
        key, value = SETUP_DAMAGES[how]
        data["setup"][key] = value
    text = json.dumps(data)
    if how == "huge number":
        text = text.replace('"bot_seed": 1', '"bot_seed": 1' + "0" * 5000)
    path.write_text(text)


SETUP_DAMAGES = {"no such game": ("game", "nosuch"), "negative target": ("target", -5),
                 "negative duplicate": ("duplicate", -3), "no such opponent": ("opponent", "god")}
DAMAGES = ["bad generator state", "short generator state", "huge number", "wrong types", "viewer out of range",
           "illegal record", *SETUP_DAMAGES]


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_save_is_named_with_what_is_wrong_and_play_exits_2_in_one_line(
        data: Path, capsys: pytest.CaptureFixture[str], how: str) -> None:
    first, second = saved_files(data)
    damage_save(first, how)
    before = {path: path.read_bytes() for path in (first, second)}
    assert run(["play"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert f"pegboard: error: {first}: " in err and "move it away to start fresh" in err
    assert {path: path.read_bytes() for path in (first, second)} == before  # nothing changed or lost
    assert run(["play", "--resume", "--game", "cribbage"]) == 2


@pytest.fixture
def answers(launched: list[object], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the person types at prompts (a terminal's standard input)."""
    import io
    import sys

    typed: list[str] = []

    class Keyboard(io.StringIO):
        def isatty(self) -> bool:
            return True

        def readline(self, *args: object) -> str:
            return typed.pop(0) + "\n" if typed else ""

    from pegboard.cli import play_cmd

    monkeypatch.setattr(sys, "stdin", Keyboard())
    monkeypatch.setattr(play_cmd, "_is_terminal", lambda: True)
    return typed


@pytest.mark.parametrize("how", DAMAGES)
def test_play_offers_to_start_fresh_without_a_damaged_save_and_keeps_every_other_file(
        capsys: pytest.CaptureFixture[str], data: Path, launched: list[object], answers: list[str], how: str) -> None:
    first, second = saved_files(data)
    damage_save(first, how)
    damaged = first.read_bytes()
    others = {path: path.read_bytes() for path in (second, data / "stats.sqlite3")}
    answers.append("y")
    assert run(["play"]) == 0
    err = capsys.readouterr().err
    assert f"pegboard: {first}: " in err and "Start fresh without it?" in err
    assert not first.exists() and (first.parent / (first.name + ".damaged")).read_bytes() == damaged
    assert {path: path.read_bytes() for path in others} == others
    assert [saved.path for saved in launched[-1].saves] == [second]  # type: ignore[attr-defined]


def test_refusing_a_fresh_start_changes_nothing(capsys: pytest.CaptureFixture[str], data: Path,
                                                launched: list[object], answers: list[str]) -> None:
    first, _ = saved_files(data)
    damage_save(first, "bad generator state")
    damaged = first.read_bytes()
    answers.append("n")
    assert run(["play"]) == 2
    assert f"{first}: left as it is, and nothing started" in capsys.readouterr().err
    assert first.read_bytes() == damaged and not launched


@pytest.mark.parametrize("how", ["garbage", "folder", "other database", "wrong types"])
def test_a_damaged_statistics_database_is_named_and_offered_a_fresh_start(
        capsys: pytest.CaptureFixture[str], data: Path, launched: list[object], answers: list[str], how: str) -> None:
    import sqlite3

    first, second = saved_files(data)
    stats = data / "stats.sqlite3"
    stats.unlink()
    if how == "garbage":
        stats.write_bytes(b"\x00garbage" * 300)
    elif how == "folder":
        stats.mkdir()
        (stats / "inside").write_text("kept")
    else:
        with sqlite3.connect(stats) as connection:
            if how == "other database":
                connection.execute("CREATE TABLE results (who TEXT, what TEXT)")
            else:
                Store(data).record_result("cribbage", "expert", Outcome("won", 121, 70))
                connection.execute("UPDATE results SET score = 'lots'")
        connection.close()
    assert run(["play", "--stats"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert f"{stats}: not pegboard's statistics database" in err and "start fresh statistics" in err
    answers.append("y")
    assert run(["play"]) == 0 and launched
    assert (data / "stats.sqlite3.damaged").exists() and not stats.exists()
    assert first.exists() and second.exists() and (data / "settings.json").exists()
    if how == "folder":
        assert (data / "stats.sqlite3.damaged" / "inside").read_text() == "kept"
    assert run(["play", "--stats"]) == 0


@pytest.mark.parametrize("settings", ['{"setup": {"game": 5}}', '{"setup": {"humans": true}}', "[1, 2]",
                                      '{"setup": {"seed": ' + "9" * 5000 + "}}", "\x00\x01", '{"setup": "x"}',
                                      '{"setup": {"game": "cribbage", "target": 100000}}'])
def test_damaged_settings_are_named_and_offered_a_fresh_start(
        capsys: pytest.CaptureFixture[str], data: Path, launched: list[object], answers: list[str],
        settings: str) -> None:
    first, second = saved_files(data)
    (data / "settings.json").write_text(settings)
    answers.append("n")
    assert run(["play", "--last"]) == 2
    err = capsys.readouterr().err
    assert f"pegboard: {data / 'settings.json'}: " in err and "Start fresh without it?" in err and not launched
    assert (data / "settings.json").read_text() == settings
    answers.append("y")
    assert run(["play", "--last"]) == 0 and launched
    assert (data / "settings.json.damaged").read_text() == settings
    assert first.exists() and second.exists()


def test_a_data_folder_that_is_a_file_is_an_error_not_moved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "data"
    path.write_text("mine")
    monkeypatch.setenv(ENV_VAR, str(path))
    assert run(["play"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and f"{path}: not a folder" in err
    assert path.read_text() == "mine"
