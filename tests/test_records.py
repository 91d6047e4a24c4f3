"""Records (``pegboard/1``): golden games, malformed records, and ``pegboard replay``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pegboard import RecordError
from pegboard.engine import new_game
from pegboard.records import load_record, parse_record, read_record, record_of, replay, replay_summary

from .golden.regenerate import SCRIPTED, golden_game, golden_texts

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


# ---------------------------------------------------------------------------- issue 24: bad input
def replay_file(tmp_path: Path, text: str | bytes) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "record.json"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return pegboard("replay", str(path), "--json")


def assert_one_line_exit_2(done: subprocess.CompletedProcess[str], needle: str) -> None:
    assert done.returncode == 2 and done.stdout == "", done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr and needle in lines[0], done.stderr


@pytest.mark.parametrize("where", ["seed", "options", "start_scores", "count"])
def test_an_integer_of_thousands_of_digits_is_refused_in_one_line(where: str, tmp_path: Path) -> None:
    record = golden_record()
    placeholder = 123454321
    record[where if where != "count" else "seed"] = {
        "seed": placeholder, "options": {"target": placeholder}, "start_scores": {"Ann": placeholder, "Bob": 0},
        "count": 2026}[where]
    if where == "count":
        record["deals"][0]["actions"][0] = f"Ann count {placeholder}"
    text = json.dumps(record).replace(str(placeholder), "9" * 4500)
    needle = "expected 'count N' with N a number of points" if where == "count" else "a number of 4500 digits"
    assert_one_line_exit_2(replay_file(tmp_path, text), needle)


@pytest.mark.parametrize("name", ["snailspace", "solitaire"])
def test_start_scores_in_a_grid_game_record_are_refused(name: str) -> None:
    record = json.loads((GOLDEN / f"{name}.record.json").read_text())
    record["start_scores"] = dict.fromkeys(record["players"], 3)
    with pytest.raises(RecordError, match=f"start_scores: only cribbage games start from given scores, not {name}"):
        replay(parse_record(record))


def test_an_option_named_name_is_an_unknown_option_not_a_crash() -> None:
    record = golden_record()
    record["options"] = {"name": "cribbage"}
    with pytest.raises(RecordError, match="unknown option 'name' for cribbage: expected target, muggins"):
        parse_record(record)


def test_start_scores_are_matched_to_sides_by_name() -> None:
    record = golden_record()
    record["deals"] = record["deals"][:1]
    record["start_scores"] = {"Bob": 50, "Ann": 7}  # not in seat order
    game = replay(parse_record(record))
    scores = game.scores()
    plain = replay_summary(replay(parse_record({**record, "start_scores": None})))["scores"]
    assert scores == {"Ann": 7 + plain["Ann"], "Bob": 50 + plain["Bob"]}
    assert parse_record(json.loads(json.dumps(record_of(game)))).start_scores == (7, 50)


@pytest.mark.parametrize("start", [{"Ann": 3, "Zed": 5}, {"Ann": True, "Bob": 5}, {"Ann": 3}, [3, 5],
                                   {"Ann": 3, "Bob": 5.5}, {"Ann": 3, "Bob": 200}])
def test_start_scores_with_unknown_names_booleans_or_out_of_range_are_refused(start: Any) -> None:
    record = golden_record()
    record["start_scores"] = start
    with pytest.raises(RecordError, match="start"):
        replay(parse_record(record))


def test_partners_start_scores_are_keyed_by_joined_names() -> None:
    record = json.loads((GOLDEN / "cribbage-4.record.json").read_text())
    record["deals"] = record["deals"][:1]
    record["start_scores"] = {"Bob+Dan": 40, "Ann+Cat": 4}
    assert parse_record(record).start_scores == (4, 40)


@pytest.mark.parametrize("after", ["the end of the game", "a deal that stopped mid-play"])
@pytest.mark.parametrize("hands", [(["AS"], ["2S", "3S", "4S"]), (["AS"] * 6, ["AS"] * 6)])
def test_deals_after_the_end_or_after_an_unfinished_deal_are_refused(after: str, hands: tuple[list[str], ...]) -> None:
    record = golden_record()
    if after == "a deal that stopped mid-play":
        record["deals"] = record["deals"][:2]
        record["deals"][0]["actions"] = record["deals"][0]["actions"][:6]
        record["deals"][1]["actions"] = []
        expected = r"deals\[1\]: deal 0 is not over yet; its actions stop early, so no deal may follow it"
    else:
        last = len(record["deals"]) - 1
        expected = rf"deals\[{last + 1}\]: the game ended in deal {last}, so no deal may follow it"
    record["deals"].append({"hands": {"Ann": hands[0], "Bob": hands[1]}, "crib": [], "starter": "AS", "actions": []})
    if after == "a deal that stopped mid-play":
        record["deals"].pop(1)
    with pytest.raises(RecordError, match=expected):
        replay(parse_record(record))


def test_a_record_that_stops_between_deals_still_replays() -> None:
    """record_of writes the deal just dealt (cards, no action yet) after a finished deal: that is reached."""
    record = golden_record()
    record["deals"] = record["deals"][:2]
    record["deals"][1]["actions"] = []
    assert replay(parse_record(record)).deal_number == 1


def renamed(text: str, name: str) -> str:
    """A record's text with Ann renamed everywhere (players, first dealer, hands, actions)."""
    return text.replace("Ann", json.dumps(name)[1:-1])


@pytest.mark.parametrize("name", ["[/]", "[bold]Ann[/bold]", "Ann\x1b[31m", "Ann\x00", "Ann\ud800", "An\u202en",
                                  "Ann\u200b", "Ann\u00a0"])
def test_player_names_must_be_printable(name: str) -> None:
    text = renamed((GOLDEN / "cribbage.record.json").read_text(), name)
    if name.isprintable():
        assert replay(read_record(text)).players[0] == name
    else:
        with pytest.raises(RecordError, match="player name .*: expected a non-empty name of printable characters"):
            replay(read_record(text))


@pytest.mark.parametrize("name", ["[/]", "[bold]Ann[/bold]", "[red]"])
def test_replay_prints_names_with_markup_characters_literally(name: str, tmp_path: Path) -> None:
    path = tmp_path / "markup.json"
    path.write_text(renamed((GOLDEN / "cribbage.record.json").read_text(), name))
    done = pegboard("replay", str(path))  # a pipe, as in `pegboard replay FILE | cat`
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(name) >= 3  # the title, a column, the dealers
    assert "\x1b" not in done.stdout


def test_a_record_with_a_name_that_is_a_lone_surrogate_exits_2_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "surrogate.json"
    path.write_text(renamed((GOLDEN / "cribbage.record.json").read_text(), "\ud800"))
    assert_one_line_exit_2(pegboard("replay", str(path)), "printable characters")


def stripped(record: dict[str, Any]) -> dict[str, Any]:
    """The record with every card taken out: only the seed can say what was dealt."""
    for deal in record["deals"]:
        for part in ("hands", "crib", "starter", "stock"):
            deal.pop(part, None)
    return record


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_the_seed_alone_rebuilds_every_golden_record(name: str) -> None:
    if name in SCRIPTED:
        pytest.skip("a scripted golden: its deals were given, not dealt from the seed")
    record = json.loads((GOLDEN / f"{name}.record.json").read_text())
    rebuilt = record_of(replay(parse_record(stripped(json.loads(json.dumps(record))))))
    assert rebuilt == record


@pytest.mark.parametrize("name", ["cribbage", "five-card", "cribbage-3", "snailspace"])
def test_a_game_whose_first_dealer_was_cut_is_rebuilt_from_its_seed(name: str) -> None:
    for seed in range(6):
        game = new_game(name, seed=seed)
        while not game.finished and game.deal_number < 2:
            game.apply(game.legal_actions()[-1])
        record = record_of(game)
        assert record["cut_for_deal"] is True and "first_dealer" in record and record["seed"] == seed
        assert record_of(replay(parse_record(stripped(json.loads(json.dumps(record)))))) == record


def test_a_game_with_a_given_first_dealer_holds_no_cut_and_is_rebuilt_from_its_seed() -> None:
    for dealer in (0, 1):
        game = new_game("cribbage", ["Ann", "Bob"], seed=11, first_dealer=dealer)
        while game.deal_number < 1:
            game.apply(game.legal_actions()[0])
        record = record_of(game)
        assert "cut_for_deal" not in record
        assert record_of(replay(parse_record(stripped(json.loads(json.dumps(record)))))) == record


def test_a_cut_for_deal_that_does_not_give_the_first_dealer_is_refused() -> None:
    record = golden_record()
    other = "Ann" if record["first_dealer"] == "Bob" else "Bob"
    with pytest.raises(RecordError, match=f"first_dealer: '{other}', but the cut for deal drawn from seed 2026"):
        replay(parse_record({**record, "first_dealer": other}))
    with pytest.raises(RecordError, match="cut_for_deal: true, but the record has no seed"):
        parse_record({key: value for key, value in record.items() if key != "seed"})
    with pytest.raises(RecordError, match="cut_for_deal: expected true or false"):
        parse_record({**record, "cut_for_deal": "yes"})


@pytest.mark.parametrize("part", ["hands", "starter", "crib", "stock", "first_dealer"])
def test_a_record_without_a_seed_must_give_every_card_and_the_first_dealer(part: str) -> None:
    name = {"crib": "cribbage-3", "stock": "solitaire"}.get(part, "cribbage")
    record = json.loads((GOLDEN / f"{name}.record.json").read_text())
    record.pop("seed", None)
    record.pop("cut_for_deal", None)
    replay(parse_record(json.loads(json.dumps(record))))  # whole: fine
    if part == "first_dealer":
        del record["first_dealer"]
        message = "first_dealer: missing, and the record has no seed"
    else:
        del record["deals"][1 if name != "solitaire" else 0][part]
        message = rf"deals\[{1 if name != 'solitaire' else 0}\]: no {part}: a record without a seed must give every"
    with pytest.raises(RecordError, match=message):
        parse_record(record)


@pytest.mark.parametrize("option", ["deal_size", "heels_points", "pone_bonus", "players", "discard_spaces",
                                    "single_series", "family"])
def test_internal_rule_fields_are_not_record_options(option: str) -> None:
    record = golden_record()
    record["options"] = {option: 1}
    with pytest.raises(RecordError, match=f"game/options: unknown option '{option}' for cribbage: expected target"):
        parse_record(record)


def test_every_documented_option_name_is_read() -> None:
    for game, options in [("cribbage", {"target": 61, "muggins": True, "crib_four_flush": True, "skunk": 20,
                                        "double_skunk": 10}),
                          ("snailspace", {"deals": 4, "count_at_end": True, "fifteens": True}),
                          ("solitaire", {"target": 70, "discards": 2, "heels": "once"})]:
        record = {"format": "pegboard/1", "game": game, "options": options, "seed": 1,
                  "players": ["Solo"] if game == "solitaire" else ["Ann", "Bob"]}
        rules = parse_record(record).rules
        assert rules.options() == options


def test_a_target_change_writes_no_skunk_lines_and_old_records_with_them_still_read() -> None:
    from pegboard.rules import Rules

    assert Rules.preset("cribbage", target=61).options() == {"target": 61}
    old = {**golden_record(), "options": {"target": 61, "skunk": 30, "double_skunk": 0}}
    assert parse_record(old).rules == Rules.preset("cribbage", target=61)


def test_replay_of_an_endless_file_is_refused_not_read_forever() -> None:
    done = subprocess.run([sys.executable, "-m", "pegboard", "replay", "/dev/zero", "--json"], capture_output=True,
                          text=True, timeout=60)
    assert_one_line_exit_2(done, "/dev/zero: larger than 8 MiB: a pegboard/1 record is never that large")


def test_replay_of_endless_standard_input_is_refused() -> None:
    with open("/dev/zero", "rb") as zeros:
        done = subprocess.run([sys.executable, "-m", "pegboard", "replay", "-", "--json"], stdin=zeros,
                              capture_output=True, text=True, timeout=60)
    assert_one_line_exit_2(done, "stdin: larger than 8 MiB")


@pytest.mark.parametrize(("text", "needle"), [('{"format": NaN}', "NaN is not a JSON number"),
                                               ('{"format": 1e999}', "too large")])
def test_json_that_python_would_read_but_json_forbids_is_refused(text: str, needle: str) -> None:
    with pytest.raises(RecordError, match=needle):
        read_record(text)


def test_replay_of_a_folder_exits_2_in_one_line(tmp_path: Path) -> None:
    assert_one_line_exit_2(pegboard("replay", str(tmp_path), "--json"), "cannot read the record")


def test_a_card_of_a_megabyte_is_named_cut_short_in_the_one_line() -> None:
    record = golden_record()
    record["deals"][0]["hands"]["Ann"][0] = "X" * 1_000_000
    with pytest.raises(RecordError, match=r"deals\[0\]\.hands\.Ann: invalid card 'XXX") as raised:
        parse_record(record)
    assert len(str(raised.value)) < 200
