"""What the computer plays for, in the terminal app (issue 23): part of the new game's set-up
(``pegboard play --objective``, kept by ``--last`` and in a save), handed by the one seat driver
(pegboard.session) to every computer decision, shown in the title and paid out in the summary."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pegboard.cards import parse_cards
from pegboard.cli.app import run
from pegboard.engine import new_game
from pegboard.errors import ObjectiveError
from pegboard.objectives import GAME_POINTS, SPREAD, WIN, Objective
from pegboard.session import Session, computer_move
from pegboard.tui.app import PegboardApp
from pegboard.tui.controller import Controller, Setup, objective_line, title_of
from pegboard.tui.screens.summary import SummaryScreen
from pegboard.tui.store import ENV_VAR, Store
from tests.tui.driver import SIZE, play_out

SEED, SCORES = 169781, [110, 87]
"""A deal near the end where the expert's throw as the pone depends on what it plays for: Bob (87, a
skunk if Ann goes out) keeps his hand for game points, and throws 9C QC to win."""
THROWS = {WIN: parse_cards("9C QC"), GAME_POINTS: parse_cards("2S 7S")}


def near_the_end(objective: str) -> Controller:
    """Ann (a person, dealing) against Bob (the expert), 110 to 87, playing for ``objective``."""
    game = new_game("cribbage", ["Ann", "Bob"], seed=SEED, first_dealer=0, start_scores=SCORES)
    return Controller(game, ("human", "expert"), setup=Setup("cribbage", "expert", names=("Ann", "Bob"), seed=SEED,
                                                             objective=objective), bot_seed=SEED)


@pytest.mark.parametrize("objective", [WIN, GAME_POINTS])
def test_the_computer_seat_decides_by_the_games_objective(objective: Objective) -> None:
    ctl = near_the_end(objective.name)
    assert ctl.objective == objective
    action = ctl.decide(1)
    assert set(action.cards) == set(THROWS[objective])
    # the one driver: the terminal app's decision is the session's, as the web server makes it
    assert action == computer_move(ctl.game.view(1), ctl.game.rules, "expert", SEED, objective)
    assert action == Session(ctl.game, ctl.kinds, seed=SEED, objective=objective).decide(1)


def test_the_objective_is_part_of_the_setup_and_refused_where_it_cannot_apply() -> None:
    setup = Setup("cribbage", "expert", objective="spread:cap=31")
    assert Setup.from_json(setup.to_json()) == setup and setup.objective_value() == Objective("spread", cap=31)
    assert Setup.from_json({"game": "cribbage"}).objective == "win"  # set-ups saved before objectives
    assert Controller.start(Setup("five-card", "greedy", objective="game-points")).objective == GAME_POINTS
    with pytest.raises(ObjectiveError, match="objectives are for two-sided cribbage games"):
        Controller.start(Setup("cribbage-3", "greedy", objective="game-points"))
    with pytest.raises(ObjectiveError, match="a match is modelled for two players to 121"):
        Controller.start(Setup("cribbage", "greedy", target=61, objective="match"))
    assert Controller.start(Setup("cribbage-4", "expert", objective="game-points")).objective == GAME_POINTS  # partners
    with pytest.raises(ObjectiveError, match="the computer plays for it only where it has a board model"):
        Controller.start(Setup("cribbage-4", "expert", target=61, objective="game-points"))  # as on the web
    with pytest.raises(ObjectiveError, match="not cribbage to 61"):
        Controller.start(Setup("cribbage", "expert", target=61, objective="spread"))
    with pytest.raises(ObjectiveError, match="objective 'tournament'"):
        Controller.start(Setup("cribbage", "greedy", objective="tournament"))


def test_a_saved_game_resumes_playing_for_its_objective(tmp_path: Path) -> None:
    ctl = near_the_end("game-points")
    ctl.apply(ctl.game.legal_actions(0)[0])  # Ann throws; Bob has not yet
    store = Store(tmp_path)
    store.save_game(ctl)
    saved = store.load_game()
    assert saved is not None
    resumed = saved.controller()
    assert resumed.objective == GAME_POINTS and set(resumed.decide(1).cards) == set(THROWS[GAME_POINTS])


@pytest.fixture
def launched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[PegboardApp]:
    """``pegboard play`` as if in a terminal: the apps it would run, not run."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    monkeypatch.setattr("pegboard.cli.play_cmd._is_terminal", lambda: True)
    apps: list[PegboardApp] = []
    monkeypatch.setattr(PegboardApp, "run", lambda self, *args, **kwargs: apps.append(self))
    return apps


def test_play_objective_sets_up_the_game_and_last_keeps_it(launched: list[PegboardApp],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["play", "--objective", "game-points"]) == 0
    first = launched[-1].first
    assert first.objective == GAME_POINTS and first.setup.objective == "game-points"
    assert run(["play", "--last"]) == 0
    assert launched[-1].first.objective == GAME_POINTS  # the settings keep it
    assert run(["play", "--last", "--objective", "spread"]) == 0
    assert launched[-1].first.objective == SPREAD
    assert run(["play"]) == 0
    assert launched[-1].first.objective == WIN  # with no options: to win, as the README says
    assert run(["play", "--game", "cribbage-3", "--objective", "spread"]) == 2
    err = capsys.readouterr().err
    assert "objectives are for two-sided cribbage games (cribbage, five-card, cribbage-4), not cribbage-3" in err
    assert len(err.strip().splitlines()) == 1


def test_resume_refuses_another_objective(launched: list[PegboardApp], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    Store(tmp_path).save_game(Controller.start(Setup("cribbage", "greedy", seed=1, objective="game-points")))
    assert run(["play", "--resume", "--objective", "win"]) == 2
    assert "the saved game plays for game-points" in capsys.readouterr().err
    assert run(["play", "--resume"]) == 0 and launched[-1].first.objective == GAME_POINTS



@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_app_shows_the_objective_and_the_summary_pays_it(tmp_path: Path) -> None:
    ctl = near_the_end("game-points")
    assert "game-points" in title_of(ctl) and "game-points" not in title_of(near_the_end("win"))
    app = PegboardApp(ctl, Store(tmp_path), pace=0)
    async with app.run_test(size=SIZE) as pilot:
        assert "game-points" in app.title
        end = await play_out(pilot, random.Random(3))
        assert isinstance(end, SummaryScreen)
        game = ctl.game
        bob = next(event for event in game.events if event.type == "discard" and event.seat == 1)
        assert set(bob.cards) == set(THROWS[GAME_POINTS])
        line = objective_line(ctl, 0)
        assert line is not None and line.startswith("Played for game points") and line in end.summary.lines
        paid = GAME_POINTS.value(game.score_list[0], game.score_list[1], game.rules)
        assert line.endswith(f"Ann {paid:+g}.")
