"""Command-line options mean something or are refused: every game alias everywhere, no counts that
mean nothing, no two options that contradict each other."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import click
import pytest

from pegboard.cli.app import cli, run
from pegboard.cli.options import GameType
from pegboard.rules import ALIASES, PRESET_NAMES


def commands_with_a_game_option() -> list[tuple[str, click.Option]]:
    found = []
    for name, command in cli.commands.items():
        subcommands = command.commands if isinstance(command, click.Group) else {"": command}
        for sub, leaf in subcommands.items():
            for param in leaf.params:
                if isinstance(param, click.Option) and param.name == "game":
                    found.append((f"{name} {sub}".strip(), param))
    return found


GAME_OPTIONS = commands_with_a_game_option()


@pytest.mark.parametrize(("command", "option"), GAME_OPTIONS, ids=[command for command, _ in GAME_OPTIONS])
def test_every_command_takes_every_alias_of_the_games_it_plays(command: str, option: click.Option) -> None:
    assert isinstance(option.type, GameType)
    context = click.Context(cli.commands[command.split()[0]])
    for alias, preset in [*ALIASES.items(), *((name, name) for name in PRESET_NAMES)]:
        if preset not in option.type.allowed():  # a command of the cribbage games only (GameType(crib=True))
            continue
        assert option.type.convert(alias.upper(), option, context) == preset


@pytest.mark.parametrize("args", [
    ["score", "5H", "5C", "5D", "JS", "5S", "--game", "six-card", "--json"],
    ["score", "2H", "4H", "6H", "TH", "--game", "crib5", "--json"],
    ["discard", "5H", "5C", "6D", "7S", "JH", "KD", "--dealer", "--game", "2-player", "--top", "1", "--json"],
    ["sim", "--game", "cribbage-square", "--players", "random,random", "--games", "1", "--json"],
])  # fmt: skip
def test_aliases_work_end_to_end(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data.get("game", "five-card") in PRESET_NAMES


@pytest.mark.parametrize(("args", "needle"), [
    (["sim", "--jobs", "0"], "'--jobs' / '-j': 0 is not in the range 1<=x<=256"),
    (["sim", "--jobs", "-1"], "'--jobs' / '-j': -1 is not in the range 1<=x<=256"),
    (["sim", "--games", "0"], "'--games' / '-n': 0 is not in the range x>=1"),
    (["discard", "5H", "5C", "6D", "7S", "JH", "KD", "--dealer", "--pone"], "--dealer and --pone together"),
    (["discard", "5H", "5C", "6D", "7S", "JH", "KD", "--pone", "--seat", "1"], "--pone and --seat 1 together"),
    (["discard", "5H", "5C", "6D", "7S", "JH", "KD"], "say whose crib it is"),
    (["discard", "5H", "5C", "6D", "7S", "JH", "KD", "--dealer", "--top", "0"], "'--top': 0 is not in the range"),
    (["discard", "5H", "5C", "6D", "7S", "JH", "KD", "--dealer", "--top", "-3"], "'--top': -3 is not in the range"),
    (["stats", "board", "--step", "0"], "'--step': 0 is not in the range x>=1"),
    (["stats", "board", "--step", "-10"], "'--step': -10 is not in the range x>=1"),
    (["score", "5H", "5C", "5D", "JS", "5S", "--game", "snail"], "game 'snail' (snailspace): expected a cribbage"),
    (["sim", "--game", "bridge"], "unknown game 'bridge'"),
    (["sim", "--records", "/etc/passwd/games"], "--records /etc/passwd/games: cannot make the folder"),
    (["serve", "--pace", "nan"], "'--pace': 'nan' is not a number of seconds from 0 to 10"),
    (["serve", "--pace", "inf"], "'--pace': 'inf' is not a number of seconds from 0 to 10"),
    (["serve", "--host", "999.999.999.999"], "--host '999.999.999.999': not an address to listen on"),
    (["play", "--pace", "nan"], "'--pace': 'nan' is not a number of seconds"),
    (["play", "--seed", "9" * 30], "'--seed' / '-s'"),
    (["play", "--to", "100000"], "'--to': 100000 is not in the range 0<=x<=999"),
])  # fmt: skip
def test_options_that_mean_nothing_are_refused_in_one_line(args: list[str], needle: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert run(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and needle in err and len(err.strip().splitlines()) == 1


def test_serve_refuses_a_port_in_use_in_one_line_before_starting(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert run(["serve", "--port", str(port), "--db", str(tmp_path / "t.db")]) == 2
    err = capsys.readouterr().err
    assert f"--host 127.0.0.1 --port {port}: cannot listen there" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "t.db").exists()


def test_serve_keeps_its_tables_in_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from pegboard.cli.serve_cmd import default_db

    monkeypatch.setenv("PEGBOARD_DATA_DIR", str(tmp_path / "data"))
    assert default_db() == tmp_path / "data" / "tables.db"
