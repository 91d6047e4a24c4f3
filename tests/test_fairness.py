"""A shuffle anyone can check (issue 36 part 6, docs/fairness.md): the commit-reveal protocol, the
record's ``fair`` field and ``pegboard verify``."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.cards import full_deck
from pegboard.cli.app import cli
from pegboard.engine import new_game
from pegboard.errors import FairnessError, PegboardError, RecordError, VerifyError
from pegboard.fairness import (
    DOMAIN,
    Fairness,
    check_contribution,
    commitment,
    game_seed,
    new_server_seed,
    verify_record,
)
from pegboard.records import parse_record, record_of, replay


class SeededTokens:
    """A stand-in for :mod:`secrets`, seeded, for tests."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def token_bytes(self, nbytes: int) -> bytes:
        return self.rng.randbytes(nbytes)


def fair_record(game: str = "cribbage", seed: int = 1, **options: Any) -> dict[str, Any]:
    """A whole game played by seeded random players, dealt from a committed server seed and one
    contribution per seat, with the seed revealed at the end: what a rated table writes."""
    tokens = SeededTokens(seed)
    server = new_server_seed(tokens)
    players = ["Ann", "Bob", "Cat", "Dan"][:new_game(game, seed=0).rules.players]
    fair = Fairness(commitment(server), tuple(tokens.token_bytes(16 + 8 * seat).hex() for seat in range(len(players))))
    state = new_game(game, players, seed=game_seed(server, fair.contributions), **options)
    moves = random.Random(seed)
    while not state.finished:
        seat = state.to_act()[0]
        state.apply(moves.choice(state.legal_actions(seat)))
    return record_of(state, fair=fair.revealed(server).to_json())


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return fair_record()


def reason(data: dict[str, Any]) -> str:
    with pytest.raises(VerifyError) as caught:
        verify_record(data)
    message = str(caught.value)
    assert "\n" not in message
    return message


def other_card(deal: dict[str, Any]) -> str:
    """A card the deal does not name."""
    named = {card for hand in deal["hands"].values() for card in hand} | set(deal["crib"]) | {deal["starter"]}
    return next(str(card) for card in full_deck() if str(card) not in named)


# ---------------------------------------------------------------------------- the protocol
def test_server_seeds_are_32_random_bytes_and_seeded_sources_repeat() -> None:
    seed = new_server_seed()
    assert len(seed) == 64 and bytes.fromhex(seed).hex() == seed
    assert new_server_seed(SeededTokens(3)) == new_server_seed(SeededTokens(3)) != new_server_seed(SeededTokens(4))


def test_the_commitment_is_sha256_of_the_seed_text() -> None:
    seed = new_server_seed(SeededTokens(1))
    assert commitment(seed) == "sha256:" + hashlib.sha256(seed.encode("ascii")).hexdigest()


@pytest.mark.parametrize("value", ["ab" * 15, "ab" * 65, "AB" * 16, "abc" * 11, "zz" * 16, 12, None, ["ab" * 16], ""])
def test_a_bad_contribution_is_refused_naming_it(value: object) -> None:
    with pytest.raises(FairnessError, match="contribution .*expected 16-64 random bytes") as caught:
        check_contribution(value)
    assert isinstance(caught.value, PegboardError) and isinstance(caught.value, ValueError)


def test_a_long_bad_contribution_is_named_cut_short() -> None:
    with pytest.raises(FairnessError) as caught:
        check_contribution("g" * 10_000)
    assert len(str(caught.value)) < 120


@pytest.mark.parametrize("size", [16, 40, 64])
def test_contributions_of_16_to_64_bytes_are_taken(size: int) -> None:
    value = bytes(range(size)).hex()
    assert check_contribution(value) == value


def test_the_game_seed_follows_the_documented_byte_recipe() -> None:
    server, contributions = "7f" * 32, ["01" * 16, "a0" * 40]
    message = DOMAIN + (2).to_bytes(4, "big")
    for part in (server, *contributions):
        raw = bytes.fromhex(part)
        message += len(raw).to_bytes(4, "big") + raw
    assert game_seed(server, contributions) == int.from_bytes(hashlib.sha256(message).digest()[:16], "big")
    assert DOMAIN == b"pegboard/fair/1\x00"


def test_the_game_seed_depends_on_every_part_and_its_order() -> None:
    server, a, b = "11" * 32, "22" * 16, "33" * 17
    seeds = {game_seed(server, [a, b]), game_seed(server, [b, a]), game_seed(server, [a]), game_seed("12" * 32, [a, b]),
             game_seed(server, [a + b[:2], b[2:]])}  # moving bytes between contributions: the lengths frame them
    assert len(seeds) == 5
    assert all(0 <= seed < 2**128 for seed in seeds)


def test_a_game_seed_needs_a_contribution() -> None:
    with pytest.raises(FairnessError, match="at least one"):
        game_seed("11" * 32, [])


def test_fairness_round_trips_and_refuses_a_wrong_reveal() -> None:
    server = new_server_seed(SeededTokens(5))
    hidden = Fairness(commitment(server), ("ab" * 16, "cd" * 32))
    assert hidden.to_json() == {"commitment": commitment(server), "contributions": ["ab" * 16, "cd" * 32],
                                "server_seed": None}
    shown = hidden.revealed(server)
    assert Fairness.from_json(shown.to_json()) == shown and Fairness.from_json(hidden.to_json()) == hidden
    assert shown.seed() == game_seed(server, ["ab" * 16, "cd" * 32])
    with pytest.raises(FairnessError, match="does not match"):
        hidden.revealed(new_server_seed(SeededTokens(6)))
    with pytest.raises(FairnessError, match="not revealed"):
        hidden.seed()
    with pytest.raises(FairnessError, match="commitment"):
        Fairness("md5:00", ("ab" * 16,))


# ---------------------------------------------------------------------------- records
def test_the_record_reader_round_trips_the_fair_field(record: dict[str, Any]) -> None:
    parsed = parse_record(record)
    assert parsed.fair == record["fair"]
    again = record_of(replay(parsed), fair=parsed.fair)
    assert again == record


def test_records_without_the_fair_field_are_unchanged() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], seed=4)
    data = record_of(game)
    assert "fair" not in data and parse_record(data).fair is None


def test_a_fair_field_that_is_not_an_object_is_a_record_error(record: dict[str, Any]) -> None:
    data = dict(record, fair=["nope"])
    with pytest.raises(RecordError, match="fair: expected an object"):
        parse_record(data)


# ---------------------------------------------------------------------------- verify
def test_an_untouched_fair_record_verifies(record: dict[str, Any]) -> None:
    summary = verify_record(record)
    assert summary.startswith(f"ok: {len(record['deals'])} deals checked") and "\n" not in summary


@pytest.mark.parametrize("game", ["cribbage-3", "cribbage-4", "five-card", "cribbage-4-solo", "snailspace",
                                  "solitaire"])
def test_every_game_kinds_fair_record_verifies(game: str) -> None:
    data = fair_record(game, seed=7)
    assert verify_record(data).startswith(f"ok: {len(data['deals'])} deal")
    if "hands" in data["deals"][0]:
        changed = copy.deepcopy(data)
        name = changed["players"][-1]
        changed["deals"][0]["hands"][name][0] = other_card(changed["deals"][0])
        assert f"deal 1 (deals[0]): {name}'s hand" in reason(changed)


def test_a_three_player_records_dealt_crib_card_is_checked() -> None:
    data = fair_record("cribbage-3", seed=2)
    data["deals"][0]["crib"] = [other_card(data["deals"][0])]
    assert "the crib's dealt cards" in reason(data)


def test_a_changed_card_in_a_hand_is_found(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    deal = data["deals"][2]
    deal["hands"]["Bob"][3] = other_card(deal)
    assert reason(data).startswith("deal 3 (deals[2]): Bob's hand")


def test_a_card_changed_in_a_hand_and_in_the_actions_alike_is_found(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    deal = data["deals"][0]
    old, new = deal["hands"]["Ann"][0], other_card(deal)
    deal["hands"]["Ann"][0] = new
    deal["actions"] = [" ".join(new if word == old else word for word in text.split()) for text in deal["actions"]]
    replay(parse_record(data))  # a consistent record, as a record
    assert reason(data).startswith("deal 1 (deals[0]): Ann's hand")


def test_two_cards_swapped_between_hands_are_found(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    hands = data["deals"][1]["hands"]
    hands["Ann"][0], hands["Bob"][0] = hands["Bob"][0], hands["Ann"][0]
    assert reason(data).startswith("deal 2 (deals[1]): Ann's hand")


def test_a_changed_starter_is_found(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    last = len(data["deals"]) - 1
    data["deals"][last]["starter"] = other_card(data["deals"][last])
    assert reason(data).startswith(f"deal {last + 1} (deals[{last}]): the starter")


def test_a_changed_server_seed_is_found(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    data["fair"]["server_seed"] = new_server_seed(SeededTokens(99))
    assert "does not match the revealed server seed" in reason(data)


def test_a_changed_contribution_is_found(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    data["fair"]["contributions"][1] = "00" * 16
    assert "is not the one the commitment and contributions give" in reason(data)


def test_a_changed_seed_is_found(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    data["seed"] += 1
    assert "the record's seed" in reason(data)


def test_a_seed_and_commitment_both_replaced_still_need_the_players_contributions(record: dict[str, Any]) -> None:
    """A server that swaps its seed after seeing the contributions must publish a new commitment: the
    players saw the first one, and the new seed must still give the record's seed with their values."""
    data = copy.deepcopy(record)
    forged = new_server_seed(SeededTokens(42))
    data["fair"]["server_seed"], data["fair"]["commitment"] = forged, commitment(forged)
    assert "the record's seed" in reason(data)


def test_a_record_without_fairness_data_or_with_the_seed_hidden_is_refused(record: dict[str, Any]) -> None:
    plain = {key: value for key, value in record.items() if key != "fair"}
    assert reason(plain).startswith("no fairness data")
    hidden = copy.deepcopy(record)
    hidden["fair"]["server_seed"] = None
    assert reason(hidden).startswith("seed not revealed")


def test_malformed_fairness_data_is_a_verify_failure(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    data["fair"]["contributions"][0] = "not hex"
    assert reason(data).startswith("bad fairness data: contribution 'not hex'")


def test_a_changed_cut_for_the_first_dealer_is_found(record: dict[str, Any]) -> None:
    assert record.get("cut_for_deal") is True
    data = copy.deepcopy(record)
    data["first_dealer"] = "Bob" if record["first_dealer"] == "Ann" else "Ann"
    assert reason(data).startswith("first_dealer: the record says")


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_single_hex_digit_change_to_the_server_seed_or_a_contribution_is_found(data: st.DataObject) -> None:
    record = RECORD
    changed = copy.deepcopy(record)
    fair = changed["fair"]
    fields = ["server_seed", *(f"contribution {i}" for i in range(len(fair["contributions"])))]
    field = data.draw(st.sampled_from(fields))
    value = fair["server_seed"] if field == "server_seed" else fair["contributions"][int(field.split()[1])]
    where = data.draw(st.integers(0, len(value) - 1))
    digit = data.draw(st.sampled_from([d for d in "0123456789abcdef" if d != value[where]]))
    value = value[:where] + digit + value[where + 1:]
    if field == "server_seed":
        fair["server_seed"] = value
    else:
        fair["contributions"][int(field.split()[1])] = value
    assert reason(changed)


RECORD = fair_record("five-card", seed=11)


# ---------------------------------------------------------------------------- the command
def write(tmp_path: Path, data: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``pegboard ARGS``: exit status, stdout and stderr (the group returns its status, as ``main`` does)."""
    result = CliRunner().invoke(cli, list(args), input=stdin)
    status = result.return_value if result.exit_code == 0 and isinstance(result.return_value, int) else result.exit_code
    return status, result.stdout, result.stderr


def test_verify_exits_0_on_an_untouched_record(record: dict[str, Any], tmp_path: Path) -> None:
    status, out, _ = run("verify", str(write(tmp_path, record)))
    assert status == 0, out
    assert out.startswith("ok: ") and out.count("\n") == 1


def test_verify_exits_1_with_one_line_on_a_changed_card(record: dict[str, Any], tmp_path: Path) -> None:
    data = copy.deepcopy(record)
    data["deals"][0]["starter"] = other_card(data["deals"][0])
    status, out, _ = run("verify", str(write(tmp_path, data)))
    assert status == 1
    assert out.startswith("failed: deal 1 (deals[0]): the starter") and out.count("\n") == 1


def test_verify_json(record: dict[str, Any], tmp_path: Path) -> None:
    status, out, _ = run("verify", "--json", str(write(tmp_path, record)))
    answer = json.loads(out)
    assert status == 0 and answer["ok"] is True and answer["deals"] == len(record["deals"])
    data = copy.deepcopy(record)
    data["seed"] -= 1
    status, out, _ = run("verify", "--json", str(write(tmp_path, data, "bad.json")))
    answer = json.loads(out)
    assert status == 1 and answer["ok"] is False and "the record's seed" in answer["reason"]


@pytest.mark.parametrize("content, needle", [
    (None, "cannot read the record"),
    ("{not json", "JSON"),
    ({"hello": 1}, "format"),
    ([1, 2], "expected a JSON object"),
])
def test_verify_exits_2_with_one_line_on_a_file_that_is_not_a_record(content: Any, needle: str,
                                                                      tmp_path: Path) -> None:
    path = tmp_path / "missing.json" if content is None else write(tmp_path, content)
    status, out, err = run("verify", str(path))
    assert status == 2 and not out
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_verify_reads_standard_input(record: dict[str, Any]) -> None:
    status, out, _ = run("verify", "-", stdin=json.dumps(record))
    assert status == 0 and out.startswith("ok: ")


def test_the_installed_command_exits_0_1_and_2(record: dict[str, Any], tmp_path: Path) -> None:
    """The contract of issue 36: the real process's exit status."""
    bad = copy.deepcopy(record)
    bad["deals"][-1]["hands"]["Ann"][0] = other_card(bad["deals"][-1])
    script = ("import sys; from pegboard.cli import main; "
              "sys.exit(sum(10 ** i * main(['verify', p]) for i, p in enumerate(sys.argv[1:])))")
    done = subprocess.run([sys.executable, "-c", script, str(write(tmp_path, record)),
                           str(write(tmp_path, bad, "bad.json")), str(tmp_path / "none.json")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 + 10 * 1 + 100 * 2, done.stderr
    assert done.stdout.startswith("ok: ") and "failed: deal" in done.stdout


def test_the_docs_test_vector_and_by_hand_check_hold(record: dict[str, Any], tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "fairness.md").read_text(encoding="utf-8")
    server = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    contributions = ["aa" * 16, "0123456789abcdef" * 4]
    seed = game_seed(server, contributions)
    assert commitment(server) in text and str(seed) in text and f"{seed:032x}" in text
    by_hand = text.split("```python\n")[1].split("```")[0]
    path = write(tmp_path, record)
    exec(by_hand.replace('"game.json"', repr(str(path))), {})  # its asserts hold on a fair record


def test_a_record_without_its_seed_or_its_cards_is_refused_saying_so(record: dict[str, Any]) -> None:
    unseeded = {key: value for key, value in record.items() if key != "seed"}
    unseeded.pop("cut_for_deal")
    assert reason(unseeded).startswith("the record has no seed")
    bare = copy.deepcopy(record)
    del bare["deals"][0]["hands"], bare["deals"][0]["starter"]
    assert reason(bare) == ("deal 1 (deals[0]): the record gives no hand for Ann; "
                            "a checked record gives every card dealt")
    no_starter = copy.deepcopy(record)
    no_starter["deals"][1]["starter"] = None
    assert reason(no_starter).startswith("deal 2 (deals[1]): the record gives no starter")


def test_a_muggins_game_to_61_verifies() -> None:
    data = fair_record("cribbage", seed=5, muggins=True, target=61)
    assert data["options"]["muggins"] is True and any(" count " in text for text in data["deals"][0]["actions"])
    assert verify_record(data).startswith("ok: ")
