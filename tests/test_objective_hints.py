"""Hints and analysis by the table's objective (issue 23): at a table played for game points, the
spread or a match, the hint (terminal app and web alike, :func:`pegboard.present.hint`) and
``pegboard analyse --objective`` value each choice in that objective and, near the end, rank by it, as
the expert playing for it decides. Elsewhere (``win``, games without its board table) nothing changes."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

from pegboard.analysis.evaluate import Assessor
from pegboard.bots.expert import ExpertBot
from pegboard.cards import parse_cards
from pegboard.cli.app import cli as main
from pegboard.engine import GameState, new_game
from pegboard.errors import PegboardError
from pegboard.objectives import GAME_POINTS, SPREAD, WIN, Objective
from pegboard.present import hint
from pegboard.web import thinking
from pegboard.web.thinking import Thinker

SEED, SCORES = 169781, [110, 87]
"""Ann deals at 110 to Bob's 87 (tests/test_tui_objective.py): Bob, a skunk if Ann goes out, keeps his
hand for game points and throws 9C QC to win."""
THROWS = {WIN: parse_cards("9C QC"), GAME_POINTS: parse_cards("2S 7S")}


def near_the_end() -> GameState:
    return new_game("cribbage", ["Ann", "Bob"], seed=SEED, first_dealer=0, start_scores=SCORES)


@pytest.mark.parametrize("objective", [WIN, GAME_POINTS])
def test_the_hint_advises_the_throw_the_expert_playing_for_the_objective_makes(objective: Objective) -> None:
    game = near_the_end()
    advice = hint(game, 1, objective)
    assert set(advice.action.cards) == set(THROWS[objective])
    assert set(ExpertBot(game.rules, 1, SEED, objective=objective).choose(game.view(1)).cards) == set(THROWS[objective])
    if objective == GAME_POINTS:
        assert "game points expected" in advice.reason and all("game-points" in line for line in advice.ranking)
    else:
        assert "to win" in advice.reason and not any("game-points" in line for line in advice.ranking)


def test_the_assessor_ranks_by_the_objective_near_the_end_and_shows_it_elsewhere() -> None:
    game = near_the_end()
    found = Assessor(game.rules, SPREAD).assess(game.view(1), random.Random(1))
    worths = [option.worth for option in found.options]
    assert found.by_worth and found.objective == SPREAD and None not in worths
    assert worths == sorted(worths, reverse=True)  # type: ignore[type-var]
    low, high = SPREAD.bounds(121)
    assert all(low <= worth <= high for worth in worths)  # type: ignore[operator]
    plain = Assessor(game.rules).assess(game.view(1), random.Random(1))
    assert not plain.by_worth and all(option.worth is None for option in plain.options)
    assert plain.options[0].to_json().keys() == {"action", "points", "win", "parts"}
    assert "worth" in found.options[0].to_json()
    fresh = new_game("cribbage", ["Ann", "Bob"], seed=3)
    early = Assessor(fresh.rules, GAME_POINTS).assess(fresh.view(0), random.Random(1))
    assert not early.by_worth and all(option.worth is not None for option in early.options)
    points = [option.points for option in early.options]
    assert points == sorted(points, reverse=True)  # far from the end: by points, as the expert plays


@pytest.mark.slow
def test_plays_near_the_end_are_searched_in_the_objective() -> None:
    game = near_the_end()
    game.apply(game.legal_actions(0)[0])
    game.apply(next(action for action in game.legal_actions(1) if set(action.cards) == set(THROWS[GAME_POINTS])))
    seat = game.to_act()[0]
    view = game.view(seat)
    expert = ExpertBot(game.rules, seat, seed=2)
    values = expert.evaluate(view, objective=GAME_POINTS)
    assert values and all(-4 <= value <= 4 for value in values.values())
    expert.rng = random.Random(5)
    by_win = expert.evaluate(view, objective=WIN)
    expert.rng = random.Random(5)
    assert by_win == expert.evaluate(view, to_win=True)
    found = Assessor(game.rules, GAME_POINTS).assess(view, random.Random(1))
    assert found.kind == "play" and found.by_worth and not found.by_win
    assert all(option.worth is not None and option.worth_halves is not None for option in found.options)


def test_without_the_objectives_board_table_nothing_changes() -> None:
    game = new_game("cribbage-4", seed=5)
    found = Assessor(game.rules, GAME_POINTS).assess(game.view(0), random.Random(1))
    plain = Assessor(game.rules).assess(game.view(0), random.Random(1))
    assert found.options == plain.options and not found.by_worth
    with pytest.raises(PegboardError, match="no board table"):
        ExpertBot(game.rules, 0, 1).evaluate(game.view(0), objective=GAME_POINTS)


def test_five_card_has_its_own_tables_to_61() -> None:
    game = new_game("five-card", ["Ann", "Bob"], seed=5, start_scores=[50, 52])
    found = Assessor(game.rules, GAME_POINTS).assess(game.view(0), random.Random(1))
    assert found.by_worth and all(-3 <= (option.worth or 0) <= 3 for option in found.options)  # a skunk pays 3
    values = ExpertBot(game.rules, 0, 1).evaluate(game.view(0), to_win=True)
    assert all(0 <= value <= 1 for value in values.values())


def test_the_web_servers_hint_is_given_for_the_tables_objective(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Any] = []

    def recording(game: GameState, seat: int, objective: Objective = WIN) -> Any:
        asked.append(objective)
        return hint(game, seat, objective)

    monkeypatch.setattr(thinking, "hint", recording)
    thinker = Thinker(workers=0)
    try:
        advice = asyncio.run(thinker.hint(near_the_end(), 1, GAME_POINTS))
    finally:
        thinker.close()
    assert asked == [GAME_POINTS] and set(advice.action.cards) == set(THROWS[GAME_POINTS])


@pytest.mark.slow
def test_analyse_takes_an_objective() -> None:
    position = ["scores", "112", "85", "dealer", "you", "hand", "5H", "6D", "JH", "4S", "thrown", "KD", "QS",
                "starter", "2C", "play", "3C"]
    result = CliRunner().invoke(main, ["analyse", *position, "--objective", "game-points", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["objective"] == "game-points" and data["by_worth"]
    worths = [option["worth"] for option in data["options"]]
    assert worths == sorted(worths, reverse=True) and data["best"] == data["options"][0]["action"]
    table = CliRunner().invoke(main, ["analyse", *position, "--objective", "game-points"])
    assert "game-points" in table.output and "Best by the objective" in table.output
    refused = CliRunner().invoke(main, ["analyse", "game", "cribbage-3", "dealer", "you", "hand", "5H", "6D", "JH",
                                        "4S", "KD", "--objective", "spread"])
    assert "error: objective 'spread': objectives are for two-sided cribbage games" in refused.output


def test_a_web_tables_hint_is_asked_for_the_objective_it_was_set_up_with(monkeypatch: pytest.MonkeyPatch,
                                                                          tmp_path: Any) -> None:
    pytest.importorskip("fastapi")
    from pegboard.web.hub import Settings
    from pegboard.web.testing import Client, ServerThread, open_table

    asked: list[Objective] = []

    def recording(game: GameState, seat: int, objective: Objective = WIN) -> Any:
        asked.append(objective)
        return hint(game, seat, objective)

    monkeypatch.setattr(thinking, "hint", recording)
    body = {"game": "cribbage", "objective": "game-points",
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}
    with ServerThread(str(tmp_path / "t.db"), Settings(pace=0, workers=0)) as server:
        created, tokens = open_table(server.url, body)
        answer = Client(server.ws_url, created["table"], tokens[0]).request({"type": "hint"})
    assert answer["type"] == "hint" and asked == [GAME_POINTS]
