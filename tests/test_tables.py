"""The expert's data: crib tables (fixed point) and the board's win probabilities."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pegboard.bots.board import BoardTable, DealPoints
from pegboard.bots.discard import CribTables, key_count, throw_key
from pegboard.rules import Rules
from pegboard.tables.board import solve_board
from pegboard.tables.crib import ChunkTask, build_tables, simulate_chunk, write_table


def test_throw_keys() -> None:
    assert throw_key([16]) == 4  # a lone five
    assert throw_key([16, 17]) == 4 * 13 + 4  # 5C 5D
    assert throw_key([40, 48]) == 10 * 13 + 12 + 169  # JC KC suited
    assert key_count(1) == 13 and key_count(2) == 338


def test_chunks_are_reproducible_by_seed() -> None:
    task = ChunkTask("cribbage", tuple(tuple([0.0] * 338) for _ in range(2)), seed=5, deals=200)
    first, second = simulate_chunk(task), simulate_chunk(task)
    assert all(np.array_equal(a, b) for a, b in zip(first, second))


def test_a_small_build_runs_and_has_a_value_for_every_role() -> None:
    result = build_tables("cribbage-3", deals=400, iterations=2, chunk=200)
    assert np.asarray(result["crib_value"]).shape == (3, 13)


def test_shipped_tables_are_converged_and_sensible() -> None:
    tables = CribTables.load()
    for name in ("cribbage", "five-card", "cribbage-3", "cribbage-4", "cribbage-4-solo"):
        entry = tables.presets[name]
        assert entry["changes"][-1] < 0.2, name
    values = tables.values(Rules.preset("cribbage"))
    five_five, king_queen = throw_key([16, 17]), throw_key([44, 49])
    assert values[0][five_five] > 8 and values[0][king_queen] < 5  # a pair of fives is the best gift


def test_board_table_is_a_consistent_probability() -> None:
    board = BoardTable.load()
    table = board.table
    assert np.all((table >= 0) & (table <= 1))
    # my chance dealing (a, b) and theirs as pone (b, a) add up to one
    for a, b in [(1, 1), (20, 60), (121, 121), (90, 7)]:
        assert table[1, a, b] + table[0, b, a] == pytest.approx(1, abs=1e-4)
    assert 0.53 < board.win_probability(121, 121, dealing=True) < 0.58  # first dealer wins 55-56%
    assert board.win_probability(10, 100, dealing=False) > 0.95


def test_solve_board_on_a_toy_game() -> None:
    pegging = np.zeros((40, 40))
    pegging[1, 0] = 1  # the pone always pegs 1, the dealer nothing
    pone, show = np.zeros(30), np.zeros(60)
    pone[0] = 1
    show[0] = 1
    table = solve_board(DealPoints(pegging, pone, show, 1), target=5)
    assert table[0, 1, 5] == pytest.approx(1.0)  # pone needing 1 pegs it at once
    assert table[1, 5, 1] == pytest.approx(0.0)


@pytest.mark.slow
def test_stats_board_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "pegboard", "stats", "board", "--json", "--plot",
                           str(tmp_path / "board.png")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["role"] == "dealer" and len(data["win"]) == 121 and len(data["win"][0]) == 121
    assert 0.53 < data["win"][0][0] < 0.58
    assert (tmp_path / "board.png").read_bytes()[:4] == b"\x89PNG"


def test_a_built_table_is_written_compact_with_the_command_that_built_it(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    write_table(path, {"format": 1, "values": [1, 2]}, "pegboard.tables.pegging", ["--deals", "10"])
    text = path.read_text()
    assert text.endswith("}\n") and " " not in text.replace("python -m pegboard.tables.pegging --deals 10", "")
    assert json.loads(text) == {"format": 1, "values": [1, 2],
                                "generated_by": "python -m pegboard.tables.pegging --deals 10"}
