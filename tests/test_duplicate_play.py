"""Duplicate play against the computer (issue 21, part 5): a set of deals played from one seat, then the
same deals from the other, the result the point difference; and the engine's games of a set number of
deals it is made of."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pegboard.analysis.mystats import player_stats
from pegboard.cli.app import run
from pegboard.duplicate import compare, duplicate_rules, seating
from pegboard.engine import GameState, new_game
from pegboard.engine.tally import SOURCES, deal_sources
from pegboard.errors import DuplicateError
from pegboard.records import parse_record, record_of, replay
from pegboard.rules import Rules
from pegboard.session import Session
from pegboard.tui.controller import Controller, Setup, title_of
from pegboard.tui.review import ReviewScreen
from pegboard.tui.screens.duplicate import HalfTimeScreen, SetScreen
from pegboard.tui.store import ENV_VAR, Store
from tests.tui.driver import SIZE, make_app, play_until, screen_text, settle, tap


def play_out(game: GameState) -> GameState:
    while not game.finished:
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[-1])
    return game


@pytest.mark.parametrize("game_name", ["cribbage", "five-card", "cribbage-3"])
def test_a_cribbage_game_of_a_set_number_of_deals_ends_after_the_last(game_name: str) -> None:
    game = play_out(new_game(game_name, seed=5, deals=3, target=999))
    assert game.finished and game.deal_number == 2 and len(deal_sources(game)) == 3
    best = max(game.score_list)
    leaders = [name for name, score in game.scores().items() if score == best]
    assert game.winner == (leaders[0] if len(leaders) == 1 else None)
    assert game.losers_marks() == {}  # nobody reached the target: no skunks
    record = record_of(game)
    assert record["options"] == {"target": 999, "deals": 3}
    again = replay(parse_record(record))
    assert again.finished and again.scores() == game.scores()


def test_the_target_still_ends_a_game_of_a_set_number_of_deals_first() -> None:
    game = play_out(new_game("cribbage", seed=2, deals=100, target=31))
    assert game.finished and game.deal_number < 99 and max(game.score_list) >= 31


def test_the_tally_adds_up_to_the_scores() -> None:
    game = play_out(new_game("cribbage", seed=9, deals=4, target=999))
    tally = deal_sources(game)
    for seat in (0, 1):
        assert sum(deal[seat][source] for deal in tally for source in SOURCES) == game.score_list[seat]
    assert [deal[game.first_dealer]["role"] for deal in tally] == [0, 1, 0, 1]  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- the set, UI-free
def halves(deals: int = 3, seed: int = 8, game_name: str = "cribbage") -> tuple[GameState, GameState]:
    """Both halves of a set, the person playing random-ish (the last legal move), the computer greedy."""
    rules = duplicate_rules(Rules.preset(game_name), deals)
    games = []
    for half in (1, 2):
        names, kinds = seating(half, "Ann", "Ada", "greedy")
        session = Session(new_game(rules, list(names), seed=seed), kinds, seed=seed, duplicate=True)
        game = session.game
        while not game.finished:
            seat = game.to_act()[0]
            game.apply(session.decide(seat) if kinds[seat] != "human" else game.legal_actions(seat)[-1])
        games.append(game)
    return games[0], games[1]


@pytest.mark.parametrize("game_name", ["cribbage", "five-card"])
def test_both_halves_deal_the_same_cards_to_the_same_seats_and_the_same_dealer(game_name: str) -> None:
    first, second = halves(game_name=game_name)
    assert first.players == ("Ann", "Ada") and second.players == ("Ada", "Ann")
    assert [log.deal for log in first.deal_logs] == [log.deal for log in second.deal_logs]
    assert first.first_dealer == second.first_dealer  # type: ignore[attr-defined]


def test_the_result_sets_what_each_made_of_the_same_cards_side_by_side() -> None:
    first, second = halves()
    result = compare(first, second)
    one, two = deal_sources(first), deal_sources(second)
    points = [[sum(seat[s] for s in SOURCES) for seat in deal] for deal in one], \
        [[sum(seat[s] for s in SOURCES) for seat in deal] for deal in two]
    for row in result.deals:
        assert row.first_cards == (points[0][row.deal][0], points[1][row.deal][0])  # Ann, then Ada, with seat 0's
        assert row.second_cards == (points[1][row.deal][1], points[0][row.deal][1])  # Ann, then Ada, with seat 1's
    assert result.person_total == first.score_list[0] + second.score_list[1]
    assert result.computer_total == first.score_list[1] + second.score_list[0]
    assert result.difference == sum(row.difference for row in result.deals) == sum(result.by_source.values())
    data = result.to_json()
    assert data["difference"] == result.difference and len(data["deals"]) == 3 and data["headline"]


def test_a_set_compared_half_way_counts_the_deals_both_halves_have_finished() -> None:
    first, _ = halves(deals=3)
    rules = first.rules
    second = new_game(rules, ["Ada", "Ann"], seed=8)
    assert compare(first, second).deals == ()


def test_halves_of_different_sets_are_refused() -> None:
    first, _ = halves(seed=8)
    other_first, other_second = halves(seed=9)
    with pytest.raises(DuplicateError, match="deal 1 was dealt other cards"):
        compare(first, other_second)
    with pytest.raises(DuplicateError, match="seats swapped"):
        compare(first, other_first)


@pytest.mark.parametrize("game_name, deals, message", [
    ("cribbage-3", 4, "two-player game with a crib"),
    ("snailspace", 2, "two-player game with a crib"),
    ("solitaire", 2, "two-player game with a crib"),
    ("cribbage", 0, "duplicate set of 0 deals"),
    ("cribbage", 31, "duplicate set of 31 deals"),
    ("cribbage", True, "duplicate set of True deals"),
])  # fmt: skip
def test_a_set_that_cannot_be_played_is_refused_naming_why(game_name: str, deals: int, message: str) -> None:
    with pytest.raises(DuplicateError, match=message):
        duplicate_rules(Rules.preset(game_name), deals)


def test_a_duplicate_session_gives_no_hints_and_no_undo() -> None:
    rules = duplicate_rules(Rules.preset("cribbage"), 2)
    session = Session(new_game(rules, ["Ann", "Ada"], seed=1), ("human", "greedy"), seed=1, duplicate=True)
    assert session.hint_refusal(0) == "no hints in a duplicate set: it sets your play against the computer's"
    session.game.apply(session.game.legal_actions(0)[0])
    assert session.undo_refusal(0) == "no undo in a rated or duplicate game"
    casual = Session(new_game("cribbage", ["Ann", "Ada"], seed=1), ("human", "greedy"), seed=1)
    assert casual.hint_refusal(0) is None


def test_the_second_half_of_the_app_sits_the_person_where_the_computer_sat() -> None:
    ctl = Controller.start(Setup("cribbage", "greedy", names=("Ann",), seed=4, duplicate=2))
    assert ctl.half == 1 and ctl.kinds == ("human", "greedy") and ctl.game.rules.deals == 2
    assert ctl.undo_refusal(0) is not None and "duplicate, 2 deals, half 1 of 2" in title_of(ctl)
    with pytest.raises(DuplicateError, match="when the first is over"):
        ctl.second_half()
    play_out(ctl.game)
    second = ctl.second_half()
    assert second.half == 2 and second.kinds == ("greedy", "human") and second.viewer == 1
    assert second.game.players == ("Ada", "Ann") and second.first_half is ctl.game
    assert second.game.deal_logs[0].deal == ctl.game.deal_logs[0].deal
    play_out(second.game)
    outcome = second.outcome(1)
    result = second.duplicate_result()
    assert (outcome.score, outcome.best_other) == (result.person_total, result.computer_total)


def test_a_saved_second_half_resumes_with_its_first(tmp_path: Path) -> None:
    ctl = Controller.start(Setup("five-card", "random", names=("Ann",), seed=6, duplicate=1))
    play_out(ctl.game)
    second = ctl.second_half()
    store = Store(tmp_path)
    store.save_game(second)
    saved = store.load_game()
    assert saved is not None and "duplicate, half 2" in saved.describe()
    resumed = saved.controller()
    assert resumed.half == 2 and resumed.first_half is not None
    assert record_of(resumed.first_half) == record_of(ctl.game)


@pytest.mark.parametrize("args, needle", [
    (["play", "--duplicate", "4", "--game", "cribbage-3"], "two-player game with a crib"),
    (["play", "--duplicate", "4", "--to", "61"], "--to 61 with --duplicate"),
    (["play", "--duplicate", "4", "--opponent", "human"], "one person against the computer"),
    (["play", "--duplicate", "31"], "31 is not in the range"),
])  # fmt: skip
def test_play_duplicate_refuses_what_it_cannot_play_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str], args: list[str],
                                                             needle: str) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert run(args) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------------------- the set in the terminal app
@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_duplicate_set_in_the_app_end_to_end(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", "greedy", seed=3, duplicate=2)
    async with app.run_test(size=SIZE) as pilot:
        await tap(pilot, "h")
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.note is not None and "no hints in a duplicate set" in screen.note.plain
        half_time = await play_until(pilot, random.Random(1), (HalfTimeScreen,))
        text = await screen_text(pilot)
        assert "the first half is over" in text and "from the other seat" in text
        saved = app.store.load_game()  # quitting now would resume at the second half (this terminal holds its lock)
        assert saved is not None and saved.first_half is not None
        await tap(pilot, "enter")
        for _ in range(50):
            if app.screen is not half_time and app.game_screen is not screen:
                break
            await pilot.pause(0.01)
        second = app.game_screen
        assert second is not None and second.ctl.half == 2 and second.ctl.viewer == 1
        end = await play_until(pilot, random.Random(2), (SetScreen,))
        assert isinstance(end, SetScreen)
        result = second.ctl.duplicate_result()
        assert end.result == result and len(result.deals) == 2
        text = await screen_text(pilot)
        assert result.headline()[:30] in text.replace("\n", " ") or "The same deals from both seats" in text
        await tap(pilot, "1")  # the first half's review, then back
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.record.players == ("Ann", "Ada")
        assert "half 1 of 2" in (await screen_text(pilot)).splitlines()[0]  # issue 40 F: not "half 2 of 2"
        await tap(pilot, "escape")
        await pilot.pause(0.05)
        assert app.screen is end
        await tap(pilot, "2")  # the second half's, titled so
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.record.players == ("Ada", "Ann")
        assert "half 2 of 2" in (await screen_text(pilot)).splitlines()[0]
        await tap(pilot, "escape")
        await pilot.pause(0.05)
        assert app.screen is end
    store = Store(tmp_path)
    assert store.load_game() is None  # the set is over: no save left
    (row,) = store.summary()
    assert (row.opponent, row.played) == ("greedy, duplicate", 1)
    logged = store.played()
    assert [(game.duplicate, game.seat) for game in logged] == [(("3", 1), 0), (("3", 2), 1)]
    (line,) = player_stats(logged).sets
    assert line.result == result
