"""Records (``pegboard/1``): golden games, malformed records, and ``pegboard replay``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pegboard import RecordError
from pegboard.records import load_record, parse_record, read_record, replay, replay_summary

from .golden.regenerate import golden_game, golden_texts

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_NAMES = sorted(path.name.removesuffix(".record.json") for path in GOLDEN.glob("*.record.json"))


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_games_replay_to_their_checked_in_events_and_scores(name: str) -> None:
    game = replay(load_record(GOLDEN / f"{name}.record.json"))
    expected = json.loads((GOLDEN / f"{name}.summary.json").read_text())
    assert replay_summary(game) == expected
    assert game.finished and expected["winner"] is not None


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_regenerating_a_golden_reproduces_it(name: str) -> None:
    """The regenerator reproduces every stored golden, so a diff after regenerating is a real change
    (of a rule, the deal source or the order of legal actions), never noise."""
    record, summary = golden_texts(golden_game(name))
    assert record == (GOLDEN / f"{name}.record.json").read_text()
    assert summary == (GOLDEN / f"{name}.summary.json").read_text()


def test_goldens_cover_every_cribbage_preset() -> None:
    games = {json.loads((GOLDEN / f"{name}.record.json").read_text())["game"] for name in GOLDEN_NAMES}
    assert {"cribbage", "cribbage-3", "cribbage-4", "cribbage-4-solo", "five-card"} <= games


def pegboard(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pegboard", *args], capture_output=True, text=True, timeout=60)


def test_replay_json_matches_the_spec_shape() -> None:
    done = pegboard("replay", str(GOLDEN / "cribbage.record.json"), "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert {"game", "scores", "winner", "finished", "deals", "events"} <= set(result)
    assert result["game"] == "cribbage" and set(result["scores"]) == {"Ann", "Bob"}
    assert all(set(deal["scores"]) == {"Ann", "Bob"} for deal in result["deals"])
    assert {"deal", "phase", "player", "kind", "points", "cards"} == set(result["events"][0])
    assert sum(e["points"] for e in result["events"]) == sum(result["scores"].values())


def test_replay_human_table() -> None:
    done = pegboard("replay", str(GOLDEN / "cribbage-4.record.json"))
    assert done.returncode == 0 and "wins" in done.stdout and "Ann+Cat" in done.stdout


def test_partner_scores_are_keyed_by_joined_names() -> None:
    result = replay_summary(replay(load_record(GOLDEN / "cribbage-4.record.json")))
    assert set(result["scores"]) == {"Ann+Cat", "Bob+Dan"}


def golden_record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / "cribbage.record.json").read_text())
    return data


def broken(change: Any) -> dict[str, Any]:
    record = golden_record()
    change(record)
    return record


BAD_RECORDS = {
    "illegal action": (lambda r: r["deals"][0]["actions"].__setitem__(2, "Ann play 2H"),
                       r'deals\[0\]\.actions\[2\] "Ann play 2H": '),
    "unknown player": (lambda r: r["deals"][0]["actions"].__setitem__(0, "Zed go"), r"unknown player 'Zed'"),
    "bad card": (lambda r: r["deals"][0]["hands"].__setitem__("Ann", ["5X"] * 6),
                 r"deals\[0\]\.hands\.Ann: invalid card '5X'"),
    "card dealt twice": (lambda r: r["deals"][0].__setitem__("starter", r["deals"][0]["hands"]["Bob"][0]),
                         "dealt twice"),
    "wrong hand size": (lambda r: r["deals"][0]["hands"]["Ann"].pop(), "hand 1 has 5 cards: expected 6"),
    "unknown game": (lambda r: r.__setitem__("game", "bridge"), "unknown game 'bridge'"),
    "wrong format": (lambda r: r.__setitem__("format", "pegboard/9"), "format"),
    "actions cut short": (lambda r: r["deals"][0]["actions"].pop(), r"deals\[1\]\.actions\[0\] .*deal 0 is not over"),
    "bad option": (lambda r: r.__setitem__("options", {"target": "lots"}), "target"),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_bad_records_raise_record_errors_naming_the_place(name: str) -> None:
    change, message = BAD_RECORDS[name]
    with pytest.raises(RecordError, match=message):
        replay(parse_record(broken(change)))


@pytest.mark.parametrize("name", ["illegal action", "bad card", "actions cut short"])
def test_replay_of_a_bad_record_exits_2_with_one_line(name: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken(BAD_RECORDS[name][0])))
    done = pegboard("replay", str(path), "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_replay_of_a_missing_or_non_json_file(tmp_path: Path) -> None:
    assert "cannot read" in pegboard("replay", str(tmp_path / "nope.json")).stderr
    (tmp_path / "x.json").write_text("{not json")
    done = pegboard("replay", str(tmp_path / "x.json"))
    assert done.returncode == 2 and "not JSON" in done.stderr


def test_a_record_may_stop_anywhere() -> None:
    record = golden_record()
    record["deals"] = record["deals"][:2]
    record["deals"][1]["actions"] = record["deals"][1]["actions"][:5]
    result = replay_summary(replay(parse_record(record)))
    assert result["finished"] is False and result["winner"] is None and len(result["deals"]) == 2


def test_deals_without_cards_come_from_the_seed() -> None:
    record = {"format": "pegboard/1", "game": "cribbage", "players": ["Ann", "Bob"], "seed": 7, "deals": []}
    first = replay(parse_record(record))
    again = replay(parse_record(record))
    assert first.view(0) == again.view(0) and len(first.view(0).hand) == 6


@pytest.mark.parametrize("name", ["cribbage", "snailspace"])
def test_replay_json_lists_exactly_the_deals_the_record_holds(name: str, tmp_path: Path) -> None:
    """A one-deal record of an unfinished game: the engine has begun deal 2, the record has not."""
    record = json.loads((GOLDEN / f"{name}.record.json").read_text())
    record["deals"] = record["deals"][:1]
    path = tmp_path / "one-deal.json"
    path.write_text(json.dumps(record))
    done = pegboard("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["finished"] is False
    assert len(result["deals"]) == 1 and result["deals"][0]["scores"] == result["scores"]
    table = pegboard("replay", str(path))
    assert table.returncode == 0 and "│    2 │" not in table.stdout


@pytest.mark.parametrize(("content", "needle"), [(b"\xff\xfe{}", "not UTF-8 text (byte 0xff at offset 0)"),
                                                  (b"[" * 100_000, "nested too deeply")])
def test_replay_of_a_file_that_is_not_utf8_json_exits_2_with_one_line(content: bytes, needle: str,
                                                                      tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(content)
    done = pegboard("replay", str(path), "--json")
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"pegboard: error: {path}: ") and needle in lines[0]


def test_a_record_with_a_byte_order_mark_reads() -> None:
    data = b"\xef\xbb\xbf" + (GOLDEN / "cribbage.record.json").read_bytes()
    assert replay(read_record(data)).finished


@pytest.mark.parametrize(("action", "reason"), [
    ("Ann play 2H", "Ann does not hold 2H"),
    ("Zed go", "unknown player 'Zed'; players are Ann, Bob"),
    ("Ann fly 2H", "unknown verb 'fly': expected a verb"),
    ("Ann play 5X", "invalid card '5X'"),
])  # fmt: skip
def test_an_illegal_record_action_is_named_once_then_why(action: str, reason: str) -> None:
    record = golden_record()
    record["deals"][0]["actions"][2] = action
    with pytest.raises(RecordError) as raised:
        replay(parse_record(record))
    message = str(raised.value)
    assert message.startswith(f'deals[0].actions[2] "{action}": {reason}')
    assert message.count(action) == 1
