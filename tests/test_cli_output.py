"""What the commands print, as a user reads it: piped tables whole, help that reads as plain text,
JSON with numbers as numbers, one format per column."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from pegboard.cli.app import cli

GOLDEN = Path(__file__).parent / "golden"

def pegboard(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pegboard", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def test_piped_tables_are_whole_not_cut_at_80_columns() -> None:
    done = pegboard("stats", "board")  # stdout is a pipe, as in `pegboard stats board | cat`
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Chance the dealer wins") and lines[0].rstrip().endswith("columns: theirs)")
    header = next(line for line in lines if "you \\ them" in line)
    assert re.findall(r"\d+", header) == [str(score) for score in range(0, 121, 10)]
    assert "…" not in done.stdout and max(len(line) for line in lines) > 80


@pytest.mark.slow
def test_replay_dash_reads_the_record_from_standard_input() -> None:
    record = (GOLDEN / "cribbage.record.json").read_text()
    done = pegboard("replay", "-", "--json", stdin=record)
    assert done.returncode == 0, done.stderr
    assert done.stdout == pegboard("replay", str(GOLDEN / "cribbage.record.json"), "--json").stdout
    table = pegboard("replay", "-", stdin=record)
    assert table.returncode == 0 and "wins" in table.stdout


@pytest.mark.parametrize(("text", "message"), [
    ('{"format": "pegboard/1', "stdin: not JSON (Unterminated string starting at line 1 column 12)"),
    ('{"a": "\\x"}', "stdin: not JSON (Invalid \\escape at line 1 column 8)"),
    ("", "stdin: empty: expected a pegboard/1 record (a JSON object)"),
])  # fmt: skip
def test_json_errors_say_where_once(text: str, message: str) -> None:
    done = pegboard("replay", "-", stdin=text)
    assert done.returncode == 2 and done.stderr == f"pegboard: error: {message}\n"


def every_command() -> list[tuple[str, click.Command]]:
    found: list[tuple[str, click.Command]] = [("", cli)]
    for name, command in cli.commands.items():
        found.append((name, command))
        if isinstance(command, click.Group):
            found += [(f"{name} {sub}", leaf) for sub, leaf in command.commands.items()]
    return found


@pytest.mark.parametrize(("name", "command"), every_command(), ids=[name or "pegboard" for name, _ in every_command()])
def test_help_reads_as_plain_text_and_summaries_are_whole(name: str, command: click.Command) -> None:
    help_text = command.get_help(click.Context(command, info_name=f"pegboard {name}".strip()))
    assert "``" not in help_text and ":class:" not in help_text
    if not name:
        return  # the root's summary is never listed
    parent = cli if " " not in name else cli.commands[name.split()[0]]
    assert isinstance(parent, click.Group)
    limit = 80 - 6 - max(len(sibling) for sibling in parent.commands)  # as Click lists them in 80 columns
    summary = command.get_short_help_str(limit=limit)
    assert not summary.endswith(("e.g.", "i.e.", "...")), summary


def test_stats_hands_shares_have_one_format() -> None:
    done = pegboard("stats", "hands", "--game", "five-card")
    assert done.returncode == 0, done.stderr
    rows = [line.split("│")[1:5] for line in done.stdout.splitlines() if re.match(r"│\s+\d+ │", line)]
    assert len(rows) == 21
    for score, _deals, share, at_least in rows:
        assert re.fullmatch(r"<0\.0001%|\d{1,3}\.\d{4}%", share.strip()), (score, share)
        assert re.fullmatch(r"<0\.0001%|\d{1,3}\.\d{4}%", at_least.strip()), (score, at_least)
    assert [row[2].strip() for row in rows][-1] == "0.0004%"


def test_stats_json_gives_the_mean_as_a_number_and_as_an_exact_fraction() -> None:
    data = json.loads(pegboard("stats", "hands", "--game", "five-card", "--json").stdout)
    assert data["mean"] == 701814 / 270725 and data["mean_exact"] == "701814/270725"
    assert isinstance(data["variance"], float) and data["variance_exact"].count("/") == 1


def test_sim_writes_nothing_to_a_stderr_that_is_not_a_terminal() -> None:
    done = pegboard("sim", "--players", "random,random", "--games", "2", "--json")
    assert done.returncode == 0 and done.stderr == "" and json.loads(done.stdout)["games"] == 2
