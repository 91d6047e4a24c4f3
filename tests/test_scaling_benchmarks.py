"""Smoke tests of the scaling benchmarks (issue 37) at tiny sizes: benchmarks.web_soak (soak with a
kill -9, scale, reviews against live play) and benchmarks.web_startup. The PostgreSQL ones skip where
no PostgreSQL can be had, saying why."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("psycopg")

from benchmarks import web_soak  # noqa: E402
from pegboard.web.pgtest import find_postgres  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BIN, WHY = find_postgres()
needs_postgres = pytest.mark.skipif(BIN is None, reason=WHY)
pytestmark = [pytest.mark.xdist_group("postgres"), pytest.mark.slow]


@needs_postgres
def test_a_short_soak_with_a_kill_loses_and_doubles_no_move(capsys: pytest.CaptureFixture[str]) -> None:
    result = web_soak.soak(processes=2, tables=4, minutes=0.3, kill_every=7, think=0.05, seed=3, rated_pairs=1)
    database = result["database"]
    assert database["lost"] == database["duplicated"] == database["misnumbered_tables"] == 0
    assert database["wrong_text"] == 0
    figures = result["figures"]
    assert figures.kills >= 1 and result["restarted"] >= 1
    assert not [error for error in figures.errors if error.startswith("rated")]  # the rated pair found its seats
    assert result["actions_per_second"] > 0 and len(figures.acks) <= database["stored_moves"]
    web_soak.print_soak(result, 2, 4, 0.3, 0.05)
    assert "lost moves" in capsys.readouterr().out


@needs_postgres
def test_the_scale_mode_measures_each_count_of_processes(capsys: pytest.CaptureFixture[str]) -> None:
    rows = web_soak.scale([1, 2], tables=2, seconds=3, think=0.05, seed=1)
    assert [row["processes"] for row in rows] == [1, 2]
    assert all(row["actions_per_second"] > 0 for row in rows)
    web_soak.print_scale(rows, 2, 3, 0.05)
    assert "actions/s" in capsys.readouterr().out


@needs_postgres
def test_reviews_are_answered_while_live_play_is_timed(capsys: pytest.CaptureFixture[str]) -> None:
    result = web_soak.reviews(processes=1, count=2, tables=2, think=0.05, seconds=3, seed=1)
    assert [status for status, _ in result["answers"]] == [200, 200]
    assert result["before"]["replies"]
    web_soak.print_reviews(result, 0.05)
    assert "p99 during / before" in capsys.readouterr().out


def test_start_up_is_timed_against_stored_tables_in_sqlite() -> None:
    """Run as the command a person runs, in a process of its own: in CI, run inside the test process,
    something in it closed pytest's capture of the standard error mid-test, twice (tests/capture_guard.py
    caught the second time and named this test)."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.web_startup", "--tables", "8", "--rated", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "ratio full / empty" in done.stdout and "first GET /api/tables/" in done.stdout
