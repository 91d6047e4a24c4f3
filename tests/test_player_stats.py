"""The player's own statistics (issue 21, part 4): one UI-free computation from logged records, the
terminal app's log, ``pegboard stats me``, and the app's statistics box and review key."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from pegboard.analysis.mystats import EXPERT, PlayedGame, game_accuracy, player_stats, with_accuracy
from pegboard.analysis.review import review
from pegboard.cli.app import run
from pegboard.engine import GameState, new_game
from pegboard.engine.tally import SOURCES, deal_sources
from pegboard.errors import StoreError
from pegboard.records import parse_record, record_of
from pegboard.session import Session
from pegboard.tui.review import ReviewScreen
from pegboard.tui.screens.modals import StatsScreen
from pegboard.tui.screens.summary import SummaryScreen
from pegboard.tui.store import ENV_VAR, Store
from tests.tui.driver import SIZE, make_app, play_out, screen_text, tap


def finished(game_name: str = "cribbage", seed: int = 1, levels: tuple[str, ...] = ("greedy", "random"),
             **options: Any) -> GameState:
    game = new_game(game_name, ["Ann", "Ada", "Cat", "Dan"][:len(levels)], seed=seed, **options)
    session = Session(game, levels, seed=seed)
    while not game.finished:
        game.apply(session.decide(game.to_act()[0]))
    return game


def test_points_per_deal_are_the_engine_tally_of_the_player_seat_by_role() -> None:
    games = [finished(seed=seed) for seed in (1, 2)]
    stats = player_stats([PlayedGame(record_of(game), seat=1, opponent="greedy") for game in games])
    (kind,) = stats.figures
    sums: dict[tuple[str, str], list[int]] = {}
    for game in games:
        for deal in deal_sources(game):
            role = "dealer" if deal[1]["role"] == 0 else "pone"
            for source in (*SOURCES, "all"):
                value = sum(deal[1][s] for s in SOURCES) if source == "all" else deal[1][source]
                sums.setdefault((role, source), [0, 0])
                sums[(role, source)][0] += value
                sums[(role, source)][1] += 1
    for figure in kind.figures:
        points, deals = sums[(figure.role, figure.source)]
        assert (figure.points, figure.deals) == (points, deals)
        assert figure.expert == EXPERT.get((figure.role, figure.source))
    assert kind.deals["dealer"] + kind.deals["pone"] == sum(len(deal_sources(game)) for game in games)
    assert {(figure.role, figure.source) for figure in kind.figures} >= set(EXPERT)


def test_the_expert_averages_stand_beside_two_player_six_card_cribbage_only() -> None:
    games = [finished("five-card", levels=("greedy", "random")), finished("cribbage-3", levels=("greedy",) * 3),
             finished("solitaire", levels=("greedy",))]
    stats = player_stats([PlayedGame(record_of(game), seat=0, opponent="greedy") for game in games])
    assert [kind.game for kind in stats.figures] == ["five-card", "cribbage-3"]  # solitaire has no crib
    assert all(figure.expert is None for kind in stats.figures for figure in kind.figures)
    assert sorted(row.game for row in stats.results) == ["cribbage-3", "five-card", "solitaire"]


@pytest.mark.slow
def test_won_lost_and_skunks_from_the_players_side() -> None:
    games = [finished(seed=seed, levels=("expert", "random")) for seed in range(3)]
    played = [PlayedGame(record_of(game), seat=seat, opponent="x") for game in games for seat in (0, 1)]
    (row,) = player_stats(played).results
    assert row.played == 6 and row.won == row.lost == 3 and row.drawn == 0
    marks = [mark for game in games for mark in game.losers_marks().values()]
    assert row.skunked + row.double_skunked == row.skunks + row.double_skunks == len(marks)
    assert row.double_skunks == marks.count("double-skunk")


def test_unreadable_records_are_left_out_and_counted() -> None:
    good = PlayedGame(record_of(finished()), seat=0, opponent="greedy")
    broken = PlayedGame({"format": "pegboard/1", "game": "chess"}, seat=0)
    unfinished = PlayedGame(record_of(new_game("cribbage", ["Ann", "Ada"], seed=1)), seat=0)
    stats = player_stats([good, broken, unfinished])
    assert stats.unreadable == 2 and len(stats.games) == 1 and stats.to_json()["unreadable"] == 2


@pytest.mark.slow
def test_accuracy_is_the_review_s_and_is_worked_out_once_and_kept() -> None:
    game = finished("five-card")
    record = record_of(game)
    assert game_accuracy(record, 1) == review(parse_record(record)).players["Ada"].accuracy
    kept: dict[object, float] = {}
    games = [PlayedGame(record, seat=1, key="a"), PlayedGame(record, seat=0, accuracy=50.0, key="b")]
    done = with_accuracy(games, keep=kept.__setitem__)
    assert kept == {"a": done[0].accuracy} and done[1].accuracy == 50.0
    stats = player_stats(done)
    assert stats.pending == 0 and stats.accuracy == round((done[0].accuracy + 50.0) / 2, 1)  # type: ignore[operator]
    assert player_stats(games).pending == 1


def test_the_app_log_keeps_records_seats_sets_and_accuracy(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.played() == []
    game = finished()
    first = store.log_game(game, 1, "greedy")
    store.log_game(game, 0, "greedy", ("77", 1))
    store.keep_accuracy(first, 42.5)
    logged = store.played()
    assert [(g.seat, g.opponent, g.duplicate, g.accuracy, g.key) for g in logged] == [
        (1, "greedy", None, 42.5, first), (0, "greedy", ("77", 1), None, first + 1)]
    assert logged[0].record == record_of(game)


def test_a_damaged_log_is_named_with_what_is_wrong(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.log_game(finished(), 0, "greedy")
    with sqlite3.connect(store.stats_path) as connection:
        connection.execute("ALTER TABLE played ADD COLUMN extra TEXT")
    with pytest.raises(StoreError, match="its played table has the columns"):
        store.played()
    assert [problem.path for problem in store.problems()] == [store.stats_path]


@pytest.mark.slow
def test_stats_me_prints_the_tables_and_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert run(["stats", "me"]) == 0
    assert "No finished games yet" in capsys.readouterr().out
    store = Store(tmp_path)
    store.log_game(finished("five-card", seed=3), 0, "expert")
    store.log_game(finished(seed=4), 0, "expert")
    assert run(["stats", "me", "--no-review"]) == 0
    out = capsys.readouterr().out
    assert "Points per deal: cribbage" in out and "Points per deal: five-card" in out and "experts" in out
    assert "still to review" in out and store.played()[0].accuracy is None
    assert run(["stats", "me", "--json"]) == 0  # reviews the games, and keeps their accuracy
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "pegboard-player-stats/1" and data["pending"] == 0
    assert all(line["accuracy"] is not None for line in data["games"])
    assert all(game.accuracy is not None for game in store.played())
    (cribbage,) = [kind for kind in data["figures"] if kind["game"] == "cribbage"]
    assert {(f["role"], f["source"]): f["expert"] for f in cribbage["figures"]}[("dealer", "crib")] == [4.7, 5.0]


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_finished_game_is_logged_and_r_opens_its_review(tmp_path: Path) -> None:
    app = make_app(tmp_path, "five-card", "greedy", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        end = await play_out(pilot, random.Random(3))
        assert isinstance(end, SummaryScreen)
        (logged,) = Store(tmp_path).played()
        assert logged.seat == 0 and logged.opponent == "greedy" and logged.accuracy is None
        await tap(pilot, "r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        for _ in range(600):
            if screen.found is not None:
                break
            await pilot.pause(0.05)
        assert screen.found is not None
        assert Store(tmp_path).played()[0].accuracy == screen.found.players["Ann"].accuracy  # kept for the stats
        await tap(pilot, "escape")
        await pilot.pause(0.05)
        assert app.screen is end
        await tap(pilot, "escape", "s")
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        text = ""
        for _ in range(100):  # drawn once the log is read (at once), and again as reviews come
            text = await screen_text(pilot)
            if "Points per deal: five-card" in text:
                break
            await pilot.pause(0.05)
        assert "Your games against the computer" in text and "Points per deal: five-card" in text, text
