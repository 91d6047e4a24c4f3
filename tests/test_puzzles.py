"""Puzzles (issue 39): mining's contract, the trainer's plain data, the spaced queue, Glicko, the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pegboard.cli.app import cli
from pegboard.errors import PuzzleError
from pegboard.puzzles.positions import analyse_position
from pegboard.puzzles.puzzle import KINDS, Puzzle, normalise_choice
from pegboard.puzzles.queue import INTERVALS, Queue
from pegboard.puzzles.rating import START, Rating, attempt, initial_rating
from pegboard.puzzles.trainer import Trainer

EXPERT, RANDOM = "expert-1", "random-2"


def _record(game: str = "five-card", deals: int = 3, seed: int = 4) -> dict[str, Any]:
    """A record of the expert against random (its first ``deals`` deals: mining is quick)."""
    from pegboard.records import record_of
    from pegboard.sim import MatchConfig, play_game

    _, played = play_game(MatchConfig(game, ("expert", "random"), games=1, seed=seed), 0)
    record = record_of(played)
    record["deals"] = record["deals"][:deals]
    return record


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("puzzles") / "game.json"
    path.write_text(json.dumps(_record()))
    return path


@pytest.fixture(scope="module")
def mined(record_file: Path) -> list[dict[str, Any]]:
    result = CliRunner().invoke(cli, ["puzzles", "--from", str(record_file), "--json"])
    assert result.exit_code == 0, result.output
    return list(json.loads(result.stdout))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``pegboard ARGS``: exit status, stdout and stderr (the group returns its status, as ``main`` does)."""
    result = CliRunner().invoke(cli, list(args), input=stdin)
    status = result.return_value if result.exit_code == 0 and isinstance(result.return_value, int) else result.exit_code
    return status, result.stdout, result.stderr


def _puzzle(answer: str = "play 5H", rating: float = 1500.0, pid: str = "p1", **extra: Any) -> Puzzle:
    return Puzzle(pid, "play", "cribbage", "dealer you hand 5H", answer, (("play 5H", 1.0), ("play 9C", 0.2)),
                  "take the points", rating, 0.8, "5H makes fifteen", **extra)


# ---------------------------------------------------------------------------- the contract
@pytest.mark.slow
def test_puzzles_json_has_the_contract_fields_and_answers_are_analyses_best(mined: list[dict[str, Any]]) -> None:
    assert mined, "an expert-against-random game yields puzzles"
    runner = CliRunner()
    for item in mined:
        assert {"kind", "position", "answer", "options", "theme", "rating"} <= set(item)
        assert item["kind"] in KINDS and item["options"][0]["choice"] == item["answer"]
        assert all(set(option) >= {"choice", "value"} for option in item["options"])
        result = runner.invoke(cli, ["analyse", item["position"], "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["best"] == item["answer"]


@pytest.mark.slow
def test_by_default_the_puzzles_come_from_the_random_players_mistakes(mined: list[dict[str, Any]]) -> None:
    assert {item["player"] for item in mined} == {RANDOM}
    assert all(item["choice"] != item["answer"] and item["loss"] >= 0.5 for item in mined)


@pytest.mark.slow
def test_player_names_whose_decisions(record_file: Path, mined: list[dict[str, Any]]) -> None:
    runner = CliRunner()
    named = json.loads(runner.invoke(cli, ["puzzles", "--from", str(record_file), "--player", RANDOM,
                                           "--json"]).stdout)
    assert named == mined
    expert = json.loads(runner.invoke(cli, ["puzzles", "--from", str(record_file), "--player", EXPERT,
                                            "--json"]).stdout)
    assert all(item["player"] == EXPERT for item in expert)
    status, _, error = run("puzzles", "--from", str(record_file), "--player", "Zed", "--json")
    assert status == 2 and "Zed" in error


@pytest.mark.slow
def test_mining_is_deterministic(record_file: Path) -> None:
    from pegboard.puzzles.mining import mine
    from pegboard.records import load_record

    record = load_record(record_file)
    first = [p.to_json() for p in mine(record, mistakes=False, min_margin=0.3, limit=2)]
    again = [p.to_json() for p in mine(record, mistakes=False, min_margin=0.3, limit=2)]
    assert first == again and first
    assert all(p["margin"] >= 0.3 or p["measure"] == "win" for p in first)


# ---------------------------------------------------------------------------- positions
def test_a_record_position_is_accepted_by_analyse() -> None:
    from pegboard.engine import new_game
    from pegboard.puzzles.positions import position_text

    game = new_game("snailspace", ["Ann", "Bob"], seed=3)
    for _ in range(3):
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    text = position_text(game, game.to_act()[0], game.score_list)
    assert text.startswith("{")
    result = CliRunner().invoke(cli, ["analyse", text, "--json"])
    assert result.exit_code == 0, result.output
    _, _, found = analyse_position(text)
    assert json.loads(result.stdout)["best"] == found.best.action.text()


# ---------------------------------------------------------------------------- answers, ratings, queue, trainer
def test_answers_are_read_in_any_reasonable_form() -> None:
    options = ["discard 9C QS", "discard 5H 5C", "play 7D"]
    assert normalise_choice("qs 9c", options) == "discard 9C QS"
    assert normalise_choice("discard 5c 5h", options) == "discard 5H 5C"
    assert normalise_choice("7H", options) == "play 7D"  # a card of the same rank plays alike
    with pytest.raises(PuzzleError, match="'1X'.*invalid card"):
        normalise_choice("1X", options)
    with pytest.raises(PuzzleError, match="'KS': not among"):
        normalise_choice("KS", options)


def test_glicko_moves_ratings_the_right_way() -> None:
    puzzle = Rating(1500.0, 80.0, 0.06, 5)
    won, beaten = attempt(START, puzzle, solved=True)
    lost, held = attempt(START, puzzle, solved=False)
    assert won.rating > START.rating > lost.rating
    assert beaten.rating < puzzle.rating < held.rating
    assert won.deviation < START.deviation
    easy, hard = initial_rating([4.0, 0.0]), initial_rating([1.0, 0.95, 0.9, 0.9, 0.85])
    assert easy[0] < hard[0]


def test_the_queue_spaces_right_answers_later_and_wrong_ones_sooner() -> None:
    queue = Queue()
    queue.add(_puzzle(pid="a", loss=1.0), seen=0)
    queue.add(_puzzle(pid="b", loss=3.0), seen=0)
    assert [entry.puzzle.id for entry in queue.due(0)] == ["b", "a"]  # the costliest first
    right = queue.answered("b", True, seen=1)
    assert right is not None and right.box == 2 and right.due == 1 + INTERVALS[1]
    assert [entry.puzzle.id for entry in queue.due(1)] == ["a"]
    wrong = queue.answered("b", False, seen=2)
    assert wrong is not None and wrong.box == 1 and wrong.due == 2 + INTERVALS[0]
    for seen in range(3, 3 + len(INTERVALS)):
        queue.answered("a", True, seen)
    assert "a" not in queue  # right in the last box: it leaves


def test_the_trainer_is_plain_data_and_answers_move_it() -> None:
    bank = [_puzzle(pid=f"p{i}", rating=1000 + 100 * i) for i in range(10)]
    trainer = Trainer()
    puzzle = trainer.next_puzzle(random.Random(3), bank)
    assert puzzle is not None and trainer.pending == puzzle.id
    before = trainer.to_json()
    with pytest.raises(PuzzleError):
        trainer.answer(puzzle, "9Z")
    assert trainer.to_json() == before  # a bad answer changes nothing
    verdict = trainer.answer(puzzle, "9C")
    assert not verdict.right and verdict.best == "play 5H" and verdict.change < 0 and trainer.streak == 0
    assert puzzle.id in trainer.queue  # a missed puzzle comes back
    data = json.loads(json.dumps(trainer.to_json()))
    assert Trainer.from_json(data) == trainer and len(json.dumps(data)) < 4000
    with pytest.raises(PuzzleError):
        Trainer.from_json({"format": "other"})
    mistakes = [_puzzle(pid=f"m{i}", choice="play 9C", loss=float(i)) for i in range(8)]
    assert trainer.add_mistakes(mistakes) == 5
    assert trainer.next_puzzle(random.Random(1), bank, mistakes=True).id == "m7"  # type: ignore[union-attr]


def test_next_puzzle_is_near_the_players_rating() -> None:
    bank = [_puzzle(pid=f"p{i}", rating=500 + 50 * i) for i in range(40)]
    trainer = Trainer(rating=Rating(1800.0, 60.0))
    picks = {trainer.next_puzzle(random.Random(seed), bank).rating for seed in range(20)}  # type: ignore[union-attr]
    assert all(abs(rating - 1800) <= 300 for rating in picks)


# ---------------------------------------------------------------------------- pegboard train
@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PEGBOARD_DATA_DIR", str(tmp_path))
    return tmp_path


def test_train_help_exists() -> None:
    result = CliRunner().invoke(cli, ["train", "--help"])
    assert result.exit_code == 0 and "--theme" in result.output and "--mistakes" in result.output


def test_train_scripted_in_the_terminal(data_dir: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["train", "--seed", "1", "--count", "2"], input="XX\nq\n")
    assert result.exit_code == 0, result.output
    assert "Your answer" in result.output and "invalid card" in result.stderr
    first = json.loads(runner.invoke(cli, ["train", "--json", "--seed", "2"]).stdout)
    assert "answer" not in first and first["options"] == sorted(first["options"])
    assert first["table"] and first["question"] and first["player_rating"] == 1500
    result = runner.invoke(cli, ["train", "--seed", "2"], input=first["options"][0] + "\n")
    assert result.exit_code == 0 and "Rating" in result.output and "streak" in result.output
    state = json.loads((data_dir / "train.json").read_text())
    assert state["seen"] == 1 and len(state["history"]) == 1


def test_train_json_then_answer_and_bad_input(data_dir: Path) -> None:
    status, _, error = run("train", "--answer", "5H")
    assert status == 2 and "no puzzle is waiting" in error
    status, out, _ = run("train", "--json", "--seed", "5")
    shown = json.loads(out)
    saved = (data_dir / "train.json").read_text()
    status, _, error = run("train", "--answer", "1X")
    assert status == 2 and "'1X'" in error and len(error.strip().splitlines()) == 1
    status, _, error = run("train", "--answer", "count 99")
    assert status == 2 and "not among this puzzle's choices" in error
    assert (data_dir / "train.json").read_text() == saved  # state unchanged
    status, out, _ = run("train", "--answer", shown["options"][0])
    verdict = json.loads(out)
    assert status == 0 and {"right", "best", "options", "explanation", "rating_after", "streak"} <= set(verdict)
    status, _, error = run("train", "--mistakes") if not verdict["right"] else (2, "", "no mistakes queued")
    assert status == 0 or "no mistakes queued" in error


@pytest.mark.slow
def test_train_add_queues_the_players_mistakes(data_dir: Path, record_file: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["train", "--add", str(record_file), "--player", RANDOM])
    assert result.exit_code == 0, result.output
    state = json.loads((data_dir / "train.json").read_text())
    assert state["queue"] and all(entry["puzzle"]["player"] == RANDOM for entry in state["queue"])
    shown = json.loads(runner.invoke(cli, ["train", "--mistakes", "--json"]).stdout)
    assert shown["id"] in {entry["puzzle"]["id"] for entry in state["queue"]}


# ---------------------------------------------------------------------------- the bank
def test_the_bank_is_small_ordered_and_covers_every_kind() -> None:
    from importlib import resources

    from pegboard.puzzles.bank import load_bank, order_bank

    bank = load_bank()
    size = len(resources.files("pegboard").joinpath("data/puzzles.json").read_bytes())
    assert size < 1_100_000 and len(bank) >= 100
    assert bank == order_bank(bank)
    assert {p.kind for p in bank} == set(KINDS)
    assert len({p.id for p in bank}) == len(bank)


@pytest.mark.slow
def test_every_bank_answer_is_analyses_best() -> None:
    from pegboard.puzzles.bank import load_bank

    for puzzle in load_bank():
        _, _, found = analyse_position(puzzle.position)
        assert found.distinct()[0].action.text() == puzzle.answer, puzzle.id


@pytest.mark.slow
def test_the_experts_own_slips_are_not_puzzles() -> None:
    """In this five-card game the review finds the expert's discard near the end 1.4 points worse than
    its best (two models of the endgame disagree): the expert plays it, so it is no puzzle."""
    from pegboard.puzzles.mining import mine
    from pegboard.records import parse_record, record_of
    from pegboard.sim import MatchConfig, play_game

    _, game = play_game(MatchConfig("five-card", ("expert", "random"), games=3, seed=7), 0)
    found = mine(parse_record(record_of(game)))
    assert found and {puzzle.player for puzzle in found} == {RANDOM}


def test_puzzles_lists_readably_and_needs_a_record(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import pegboard.puzzles.mining as mining

    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record(deals=1)))
    monkeypatch.setattr(mining, "mine", lambda *args, **kwargs: [_puzzle(choice="play 9C", loss=0.8, player="Ann",
                                                                          deal=0)])
    status, out, _ = run("puzzles", "--from", str(path))
    assert status == 0 and "answer: play 5H" in out and "Ann chose play 9C" in out
    status, out, _ = run("puzzles", "--from", str(path), "--json")
    assert json.loads(out)[0]["answer"] == "play 5H"
    status, _, error = run("puzzles")
    assert status == 2 and "--from RECORD" in error


def test_a_five_card_position_keeps_its_scores() -> None:
    """A game started from given scores gives the pone three for last again: the position's scores leave
    it out, so the rebuilt position has the game's scores (before, it fell back to a record that did not
    replay)."""
    from pegboard.bots import make_bot
    from pegboard.engine import new_game
    from pegboard.puzzles.positions import load_position, position_text

    game = new_game("five-card", ["Ann", "Bob"], seed=11, first_dealer=0)
    bots = [make_bot("greedy", game.rules, seat, seat) for seat in (0, 1)]
    start = game.score_list
    while game.deal_number < 2 or game.view(game.to_act()[0]).phase != "discard":
        if game.view(game.to_act()[0]).phase == "discard" and game.deal_number < 2:
            start = game.score_list
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game.view(seat)))
    start = game.score_list
    seat = game.to_act()[0]
    text = position_text(game, seat, start)
    rebuilt, mine = load_position(text, random.Random(0))
    assert not text.startswith("{")
    assert rebuilt.score_list[0] == game.score_list[game.side_of(seat)]
    assert rebuilt.score_list[1] == game.score_list[1 - game.side_of(seat)]
