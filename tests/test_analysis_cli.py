"""``pegboard review`` and ``pegboard analyse`` as a user runs them, and the short text form of a
position (docs/review.md)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pegboard.analysis.position import build_position, parse_position
from pegboard.errors import PositionError

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).resolve().parent.parent
DOCS = (ROOT / "docs" / "review.md").read_text(encoding="utf-8")


def pegboard(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pegboard", *args], input=stdin, capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


@pytest.mark.slow
def test_review_prints_the_players_table_and_their_costliest_decisions() -> None:
    done = pegboard("review", str(GOLDEN / "five-card.record.json"))
    assert done.returncode == 0, done.stderr
    assert "Accuracy" in done.stdout and "the costliest decisions" in done.stdout
    assert done.stderr == ""  # the progress bar only on a terminal


@pytest.mark.slow
def test_review_json_from_standard_input_and_for_one_player() -> None:
    record = (GOLDEN / "five-card.record.json").read_text()
    done = pegboard("review", "-", "--json", "--player", "Bob", stdin=record)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data["players"]) == {"Bob"} and {d["player"] for d in data["decisions"]} == {"Bob"}


@pytest.mark.slow
def test_review_draws_the_chart(tmp_path: Path) -> None:
    chart = tmp_path / "review.png"
    done = pegboard("review", str(GOLDEN / "cribbage.record.json"), "--plot", str(chart), "--json")
    assert done.returncode == 0, done.stderr
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("args", "message"), [
    (["review", "missing.json"], "missing.json: cannot read the record"),
    (["review", str(GOLDEN / "five-card.record.json"), "--player", "Zed"], "--player 'Zed': not a player"),
    (["review", str(GOLDEN / "five-card.record.json"), "--plot", "chart.txt"], "plot file 'chart.txt'"),
    (["analyse", "dealer", "you", "hand", "5X"], "hand: invalid card '5X'"),
    (["analyse", "hand", "5H", "5C", "6D", "7S", "JH", "KD"], "dealer: missing"),
    (["analyse", "dealer", "them", "hand", "5H", "6D", "JH", "KD", "thrown", "2D", "3D", "starter", "2C", "play",
      "go"], "play: go (move 1): You can play 5H, 6D, JH, KD"),
])  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = pegboard(*args)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith("pegboard: error: ") and message in done.stderr and done.stderr.count("\n") == 1


def test_review_refuses_an_illegal_record_naming_the_action(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / "five-card.record.json").read_text())
    data["deals"][0]["actions"][0] = data["deals"][0]["actions"][0].rsplit(" ", 1)[0] + " 2X"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    done = pegboard("review", str(path))
    assert done.returncode == 2 and "deals[0].actions[0]" in done.stderr


def test_analyse_lists_every_discard_with_its_value_and_chance_to_win() -> None:
    done = pegboard("analyse", "scores", "100", "95", "dealer", "them", "hand", "5H", "5C", "6D", "7S", "JH", "KD",
                    "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["kind"] == "discard" and len(data["options"]) == 15
    assert all(option["win"] is not None and "hand" in option["parts"] for option in data["options"])
    assert data["best"] == data["options"][0]["action"]


@pytest.mark.slow
def test_analyse_a_play_with_a_playout() -> None:
    done = pegboard("analyse", "dealer", "you", "hand", "5H", "6D", "JH", "thrown", "KD", "QS", "starter", "2C",
                    "play", "4C", "7S", "9C", "--playout", "12", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {option["action"] for option in data["options"]} == {"play 5H", "play 6D", "play JH"}
    playout = data["playout"]
    assert playout["games"] == 12 and sum(playout["histogram"].values()) == 12
    assert sum(playout["first"].values()) == 12 and 0 <= playout["win"] <= 1


def test_analyse_a_record_position_of_a_grid_game() -> None:
    done = pegboard("analyse", str(GOLDEN / "solitaire.record.json"), "--at", "5", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["kind"] == "place" and len(data["options"]) > 5


def test_the_docs_examples_of_positions_all_build() -> None:
    examples = [line.split("pegboard analyse ", 1)[1].split("  #")[0].split(" --")[0]
                for line in DOCS.splitlines() if line.startswith("$ pegboard analyse ") and ".json" not in line]
    assert len(examples) >= 4
    for text in examples:
        game, seat = build_position(parse_position(text), random.Random(0))
        assert seat in game.to_act(), text


def test_who_played_each_card_follows_the_turn_order() -> None:
    game, _ = build_position(parse_position("dealer you hand 5H 6D thrown KD QS starter 2C play 4C JH 9C 7S go"),
                             random.Random(3))
    view = game.view(0)
    played = [(game.players[seat], str(card)) for seat, card in view.played]
    assert played == [("Opponent", "4C"), ("You", "JH"), ("Opponent", "9C"), ("You", "7S")]
    assert view.count == 30 and view.said_go == (1,) and [a.verb for a in view.legal_actions] == ["go"]
    thrown = next(move.cards for move in game.deal_logs[0].moves if move.seat == 1 and move.verb == "discard")
    held = [card for card in game.deal_logs[0].deal.hands[1]
            if card not in thrown and card not in (view.played[0][1], view.played[2][1])]
    assert len(held) == 2 and all(card.pips > 1 for card in held)  # the go: nothing of Opponent's fits


@pytest.mark.parametrize(("text", "message"), [
    ("dealer you hand 5H 5H 6D 7S JH KD", "card 5H is given twice"),
    ("dealer you hand 5H 6D 7S JH KD", "5 cards; you hold 6 before your discard"),
    ("dealer you hand 5H 6D 7S JH thrown KD", "1 cards; each player throws 2"),
    ("dealer you hand 5H 6D 7S JH thrown KD QD", "starter: missing"),
    ("dealer you hand 5H 6D 7S thrown KD QD starter AS play 4S JH", "it is Opponent's turn, not yours"),
    ("scores 121 0 dealer you hand 5H 5C 6D 7S JH KD", "below the target"),
    ("game snailspace dealer you hand 5H", "the text form describes cribbage games"),
    ("dealer left hand 5H 5C 6D 7S JH KD", "dealer left: expected you or them"),
    ("hand 5H 5C 6D 7S JH KD hand 2C", "hand: given twice"),
])  # fmt: skip
def test_impossible_positions_are_refused_naming_why(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        build_position(parse_position(text), random.Random(0))


@pytest.mark.slow
def test_the_docs_example_review_is_what_pegboard_prints() -> None:
    data = json.loads(pegboard("review", "examples/review-game.json", "--json").stdout)
    for name, player in data["players"].items():
        row = next(line for line in DOCS.splitlines() if line.startswith(f"│ {name} ") and "│" in line[3:])
        cells = [cell.strip() for cell in row.split("│")[1:-1]]
        assert cells[1] == f"{player['accuracy']:.1f}" and cells[2] == f"{player['points_lost']:.2f}"
