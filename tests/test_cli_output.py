"""What the commands print, as a user reads it: piped tables whole, help that reads as plain text,
JSON with numbers as numbers, one format per column."""

from __future__ import annotations

import re
import subprocess
import sys

import click
import pytest

from pegboard.cli.app import cli


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
