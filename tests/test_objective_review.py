"""A game's record says what it was played for, and its review judges by that (issue 23).

pegboard writes the extra field ``objective`` in a record of a game played for game points, the spread
or a match (both faces, through :meth:`pegboard.session.Session.record`, and ``pegboard sim``); a review
(``pegboard review``, the terminal app's and the web's Review) judges the decisions near the end by it,
as the expert playing for it decides there, unless told another (``--objective``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.analysis.review import review
from pegboard.cards import Card, parse_cards
from pegboard.cli.app import cli as main
from pegboard.cli.app import run
from pegboard.engine import GameState, new_game
from pegboard.errors import ObjectiveError, RecordError
from pegboard.objectives import GAME_POINTS, WIN, Objective
from pegboard.records import parse_record, record_of
from pegboard.session import Session
from pegboard.tui.store import Store

SEED, SCORES = 706509, [110, 84]
"""Ann deals at 110 to Bob's 84: Bob all but loses whatever he throws (his chance to win is under 0.1%
by every throw), but not the skunk: for game points he throws 8D 9D (worth 0.46 game points more than
AD TH), by his chance to win AD TH."""
GAME_POINTS_THROW, WIN_THROW = parse_cards("8D 9D"), parse_cards("AD TH")


def bob_throws(thrown: tuple[Card, ...] = GAME_POINTS_THROW) -> GameState:
    """The deal near the end, both discards made: Bob throws ``thrown``."""
    game = new_game("cribbage", ["Ann", "Bob"], seed=SEED, first_dealer=0, start_scores=SCORES)
    game.apply(game.legal_actions(0)[0])
    game.apply(next(action for action in game.legal_actions(1) if set(action.cards) == set(thrown)))
    return game


def test_a_record_carries_the_objective_it_was_played_for_and_reads_it_back() -> None:
    game = bob_throws()
    record = record_of(game, GAME_POINTS)
    assert record["objective"] == "game-points"
    assert parse_record(record).objective == GAME_POINTS
    spread = parse_record(record_of(game, Objective.from_name("spread:cap=31")))
    assert spread.objective == Objective("spread", cap=31)
    plain = record_of(game)
    assert "objective" not in plain and parse_record(plain).objective == WIN  # win is the default, unwritten
    assert Session(game, ("human", "expert"), objective=GAME_POINTS).record() == record


@pytest.mark.parametrize(("given", "message"), [
    ("points", "objective 'points': expected win, game-points, spread or match"),
    (7, "objective: expected a name such as win or game-points, got 7"),
    ("spread:cap=0", "objective 'spread:cap=0': cap 0"),
    ("match:to=0", "objective 'match:to=0': to=0: expected a whole number from 1"),
])
def test_a_records_bad_objective_is_refused_naming_it(given: Any, message: str) -> None:
    game = new_game("five-card", ["Ann", "Bob"], seed=3, first_dealer=0)
    record = record_of(game)
    record["objective"] = given
    with pytest.raises(RecordError, match="objective") as raised:
        parse_record(record)
    assert message in str(raised.value)


def test_a_three_player_record_cannot_be_played_for_game_points() -> None:
    record = record_of(new_game("cribbage-3", ["Ann", "Bob", "Cat"], seed=3, first_dealer=0))
    record["objective"] = "game-points"
    with pytest.raises(RecordError, match="objectives are for two-sided cribbage games"):
        parse_record(record)


def test_the_review_judges_the_discard_near_the_end_by_the_records_objective() -> None:
    # Bob throws to win (a hopeless cause) at a table played for game points: he gave up his hand, and
    # with it his best chance of escaping the skunk
    record = parse_record(record_of(bob_throws(WIN_THROW), GAME_POINTS))
    for_points = review(record, seats=[1])
    (throw,) = for_points.decisions
    assert for_points.objective == GAME_POINTS and throw.assessment.by_worth
    assert throw.loss > 1 and set(throw.best.cards) == set(GAME_POINTS_THROW)
    assert throw.worth_loss is not None and throw.worth_loss > 0.12  # beyond the noise: 3% of 4 game points
    assert "game points expected against" in throw.reason
    assert "judged for game points" in for_points.judged
    data = for_points.to_json()
    assert data["objective"] == "game-points" and data["decisions"][0]["worth_loss"] == round(throw.worth_loss, 4)

    to_win = review(record, seats=[1], objective=WIN)  # the same throw, judged by the chance to win: no loss
    (same,) = to_win.decisions
    assert to_win.objective == WIN and to_win.judged == "" and not same.assessment.by_worth
    assert same.loss == 0 and same.worth_loss is None and "chance to win" in same.reason
    assert "worth_loss" not in to_win.to_json()["decisions"][0]

    kept = review(parse_record(record_of(bob_throws(GAME_POINTS_THROW), GAME_POINTS)), seats=[1]).decisions[0]
    assert kept.loss == 0 and kept.worth_loss == 0 and kept.best == kept.choice
    assert "the best from here for game-points" in kept.reason


def test_the_review_refuses_an_objective_the_game_cannot_have() -> None:
    record = parse_record(record_of(new_game("cribbage-3", ["Ann", "Bob", "Cat"], seed=3, first_dealer=0)))
    with pytest.raises(ObjectiveError, match="not cribbage-3"):
        review(record, objective=GAME_POINTS)


def test_pegboard_review_judges_by_the_records_objective_unless_told_another(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "near-the-end.json"
    path.write_text(json.dumps(record_of(bob_throws(WIN_THROW), GAME_POINTS)))
    runner = CliRunner()
    by_record = runner.invoke(main, ["review", str(path), "--player", "Bob", "--json"])
    assert by_record.exit_code == 0, by_record.output
    data = json.loads(by_record.output)
    assert data["objective"] == "game-points" and data["decisions"][0]["loss"] > 1
    told = runner.invoke(main, ["review", str(path), "--player", "Bob", "--json", "--objective", "win"])
    assert told.exit_code == 0, told.output
    assert json.loads(told.output)["decisions"][0]["loss"] == 0
    shown = runner.invoke(main, ["review", str(path), "--player", "Bob"])
    assert "judged for game points" in " ".join(shown.output.split())
    capsys.readouterr()
    assert run(["review", str(path), "--objective", "points"]) == 2
    assert "Invalid value for '--objective': objective 'points': expected win" in capsys.readouterr().err
    three = tmp_path / "three.json"
    three.write_text(json.dumps(record_of(new_game("cribbage-3", ["Ann", "Bob", "Cat"], seed=3, first_dealer=0))))
    assert run(["review", str(three), "--objective", "spread"]) == 2
    assert "objectives are for two-sided cribbage games" in capsys.readouterr().err


def test_the_terminal_apps_records_say_what_the_game_was_played_for(tmp_path: Path) -> None:
    from tests.test_tui_objective import near_the_end

    ctl = near_the_end("game-points")
    ctl.apply(ctl.game.legal_actions(0)[0])
    store = Store(tmp_path)
    saved = json.loads(store.save_game(ctl).read_text())
    assert saved["record"]["objective"] == "game-points"
    written = json.loads(store.save_record(ctl.game, objective=ctl.objective).read_text())
    assert written["objective"] == "game-points"


def test_a_simulated_match_for_game_points_writes_it_in_every_record(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    assert run(["sim", "--players", "greedy,greedy", "--games", "2", "--objective", "game-points",
                "--records", str(out), "--seed", "3", "--json"]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 2 and all(parse_record(record).objective == GAME_POINTS for record in records)


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["win", "game-points", "spread", "match"]), cap=st.integers(1, 999),
       to=st.integers(1, 15), game=st.sampled_from(["cribbage", "five-card", "cribbage-4"]), data=st.data())
def test_every_objective_a_game_can_have_round_trips_through_its_record(kind: str, cap: int, to: int, game: str,
                                                                       data: st.DataObject) -> None:
    if kind == "spread":
        objective = Objective("spread", cap=cap)
    elif kind == "match":
        objective = Objective("match", to=to, mine=data.draw(st.integers(0, to - 1)),
                              theirs=data.draw(st.integers(0, to - 1)))
    else:
        objective = Objective(kind)
    players = ["Ann", "Bob", "Cat", "Dan"][:4 if game == "cribbage-4" else 2]
    played = new_game(game, players, seed=1, first_dealer=0)
    try:
        objective.check(played.rules)
    except ObjectiveError:
        assert kind == "match" and game == "cribbage-4"
        return
    record = json.loads(json.dumps(record_of(played, objective)))
    assert parse_record(record).objective == objective


def test_the_web_review_of_a_game_played_for_game_points_judges_by_them() -> None:
    from pegboard.web.review import review_json

    game = bob_throws(WIN_THROW)
    session = Session(game, ("human", "expert"), objective=GAME_POINTS)  # the web table's seat driver
    found = review_json(session.record())  # what GET /api/tables/{id}/review answers, from the table's record
    assert found["objective"] == "game-points" and "judged for game points" in found["judged"]
    bob = next(decision for decision in found["decisions"] if decision["player"] == "Bob")
    assert bob["loss"] > 1 and bob["worth_loss"] > 0.12


@pytest.mark.asyncio
async def test_the_terminal_apps_review_says_it_judged_by_the_games_objective() -> None:
    from pegboard.tui.review import ReviewApp, ReviewScreen
    from tests.test_tui_review import reviewed
    from tests.tui.driver import SIZE

    app = ReviewApp(parse_record(record_of(bob_throws(WIN_THROW), GAME_POINTS)), "near-the-end.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await reviewed(pilot, screen)
        status = str(screen.query_one("#review-status").render())
        assert "judged for game points" in " ".join(status.split())
        assert "game points expected against" in " ".join(str(screen.query_one("#review-decision").render()).split())
        await pilot.press("q")
