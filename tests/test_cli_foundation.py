"""``pegboard score`` and ``pegboard stats hands`` end to end, in a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def pegboard(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pegboard", *args], capture_output=True, text=True,
                          timeout=120)


def test_score_prints_itemised_and_spoken_count() -> None:
    done = pegboard("score", "5H", "5C", "5D", "JS", "--starter", "5S")
    assert done.returncode == 0, done.stderr
    assert "29" in done.stdout and "nobs" in done.stdout
    assert "Fifteen two, fifteen four" in done.stdout


def test_score_json() -> None:
    done = pegboard("score", "5H", "5C", "5D", "JS", "--starter", "5S", "--json")
    payload = json.loads(done.stdout)
    assert payload["total"] == 29
    assert payload["items"][0] == {"kind": "fifteen", "cards": ["5H", "JS"], "points": 2}
    assert sum(item["points"] for item in payload["items"]) == 29


def test_score_crib_and_five_card() -> None:
    crib = json.loads(pegboard("score", "2H", "4H", "6H", "8H", "-s", "TS", "--crib", "--json").stdout)
    assert crib["total"] == 0
    five = json.loads(pegboard("score", "2H", "4H", "6H", "TH", "--game", "five-card", "--json").stdout)
    assert five["total"] == 4  # the last card is the starter when --starter is left out


@pytest.mark.parametrize("args, needle", [
    (["score", "5H", "5C", "5X", "JS", "-s", "5S"], "'5X'"),
    (["score", "5H", "5C", "5h", "JS", "-s", "5S"], "duplicate card '5h'"),
    (["score", "5H", "5C", "JS", "-s", "5S"], "3 cards given"),
    (["score", "5H", "5C", "5D", "JS", "-s", "5S", "--game", "chess"], "unknown game 'chess'"),
    (["score", "5H", "--frobnicate"], "--frobnicate"),
    (["stats", "hands", "--game", "snailspace"], "snailspace"),
    (["stats", "hands", "--plot", "{missing}/x.png"], "no folder '{missing}'"),
    (["stats", "board", "--plot", "{missing}/x.png"], "no folder '{missing}'"),
    (["stats", "board", "--plot", "/etc/passwd/x.png"], "'/etc/passwd' is not a folder"),
])  # fmt: skip
def test_bad_input_exits_2_with_one_line(args: list[str], needle: str, tmp_path: Path) -> None:
    missing = str(tmp_path / "missing")  # certainly missing, whatever other processes have made
    args = [arg.replace("{missing}", missing) for arg in args]
    needle = needle.replace("{missing}", missing)
    done = pegboard(*args)
    assert done.returncode == 2
    assert needle in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.xdist_group("exhaustive")
def test_stats_hands_json_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "hands.png"
    done = pegboard("stats", "hands", "--json", "--plot", str(plot))
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["deals"] == 12_994_800 and payload["mean_exact"] == "60759/12740"
    assert payload["mean"] == 60759 / 12740 and "mean_decimal" not in payload
    assert payload["counts"]["29"] == 4 and payload["counts"]["19"] == 0
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_stats_five_card_table() -> None:
    done = pegboard("stats", "hands", "--game", "five-card")
    assert done.returncode == 0
    assert "1,082,900" in done.stdout and "701814/270725" in done.stdout


def test_bare_pegboard_prints_help() -> None:
    done = pegboard()
    assert done.returncode == 0 and "Commands:" in done.stdout and done.stderr == ""
