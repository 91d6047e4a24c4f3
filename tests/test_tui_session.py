"""Issue 25 in the terminal app: resuming exactly, honest muggins (no hint while counting), the score
history and the last show again, the game's summary, undo, hot-seat names and hiding, the computer's
pace, the hold that waits for its key, no stale "thinking" line."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pegboard.errors import PegboardError
from pegboard.records import record_of
from pegboard.session import Session
from pegboard.tui.app import PegboardApp
from pegboard.tui.controller import Controller, Setup
from pegboard.tui.flow import Stage
from pegboard.tui.screens.game import GameScreen
from pegboard.tui.screens.summary import HistoryScreen, SummaryScreen
from pegboard.tui.store import Store
from tests.tui.driver import SIZE, keys_for, make_app, screen_text, settle, tap


def person_moves(ctl: Controller, stop_at: int) -> None:
    """Play until ``stop_at`` actions: the person's choices seeded by the moment, the rest by the session."""
    while not ctl.game.finished and sum(len(log.moves) for log in ctl.game.deal_logs) < stop_at:
        seat = ctl.game.to_act()[0]
        if ctl.is_human(seat):
            moment = len(ctl.game.events)
            ctl.apply(random.Random(moment).choice(ctl.game.legal_actions(seat)))
        else:
            ctl.apply(ctl.decide(seat))


@pytest.mark.parametrize("game, opponent", [("cribbage-3", "random"), ("five-card", "expert"),
                                            ("snailspace", "greedy")])
def test_a_game_saved_and_resumed_at_random_points_goes_on_exactly_as_it_would_have(
        tmp_path: Path, game: str, opponent: str) -> None:
    setup = Setup(game, opponent, names=("Ann",), seed=25, muggins=game == "cribbage-3", target=61
                  if game != "snailspace" else None)
    whole = Controller.start(setup)
    person_moves(whole, 140)
    store = Store(tmp_path)
    ctl = Controller.start(setup)
    assert isinstance(ctl, Session)  # the terminal's driver is the shared session
    for stop in sorted(random.Random(7).sample(range(5, 140), 4)) + [140]:
        person_moves(ctl, stop)
        path = store.save_game(ctl)
        ctl = store.read_save(path).controller()  # interrupted: saved, quit, resumed
    assert record_of(ctl.game) == record_of(whole.game)
    assert ctl.game.events == whole.game.events


def test_muggins_no_hint_while_counting_and_the_claims_come_after_every_count() -> None:
    ctl = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=9, muggins=True))
    while ctl.mode(0) != "count":
        seat = ctl.game.to_act()[0]
        ctl.apply(ctl.decide(seat) if not ctl.is_human(seat) else ctl.game.legal_actions(seat)[0])
    assert ctl.hint_refusal(0) is not None and "give the count away" in (ctl.hint_refusal(0) or "")
    from pegboard.engine.cribbage import honest_claim

    ctl.apply(honest_claim(ctl.game.view(0), ctl.game.rules))  # a right count: the computer is asked all the same
    assert ctl.game.phase == "muggins" and ctl.game.to_act() == (1,)
    assert ctl.decide(1).verb == "pass"  # and answers honestly: nothing was missed


@pytest.mark.asyncio
async def test_the_hint_key_says_no_while_counting_under_muggins(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=9, muggins=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_mode(pilot, app, "count")
        await tap(pilot, "h")
        await settle(pilot)
        assert screen.note is not None and screen.note.plain.startswith("No hint: no hints while counting")
        assert screen.hinted is None


@pytest.mark.asyncio
async def to_mode(pilot: Any, app: PegboardApp, mode: str, rng: random.Random | None = None) -> GameScreen:
    rng = rng or random.Random(3)
    for _ in range(3000):
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        if app.screen is not screen:
            await tap(pilot, "enter")
            continue
        seat = screen.human()
        if seat is not None and screen.ctl.mode(seat) == mode:
            return screen
        assert seat is not None
        action = random.Random(rng.random()).choice(screen.ctl.game.legal_actions(seat))
        await tap(pilot, *keys_for(screen, action))
    raise AssertionError("never reached")


@pytest.mark.slow
@pytest.mark.asyncio
async def test_score_history_any_time_and_the_last_show_again(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await tap(pilot, "v")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await tap(pilot, "escape")
        rng = random.Random(2)
        screen = app.game_screen
        assert screen is not None
        while screen.ctl.game.deal_number < 1:
            screen = await to_mode(pilot, app, "discard" if screen.ctl.game.deal_number else "play", rng)
            if screen.ctl.game.deal_number >= 1:
                break
            seat = screen.human()
            assert seat is not None
            await tap(pilot, *keys_for(screen, screen.ctl.game.legal_actions(seat)[0]))
            await settle(pilot)
        await settle(pilot)
        screen.close_counts()
        await tap(pilot, "l")
        assert screen.counts_deal == 0, "l lays the last deal's counts on the table again"
        await tap(pilot, "v")
        await settle(pilot)
        text = " ".join((await screen_text(pilot)).split())
        assert "Score history" in text and "peg" in text and "hand" in text and "crib" in text


@pytest.mark.asyncio
async def test_the_games_summary_at_the_end(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=4, target=15)
    async with app.run_test(size=SIZE) as pilot:
        rng = random.Random(2)
        for _ in range(2000):
            await settle(pilot)
            if isinstance(app.screen, SummaryScreen):
                break
            screen = app.game_screen
            assert screen is not None
            if app.screen is not screen:
                await tap(pilot, "enter")
                continue
            seat = screen.human()
            if seat is None:
                await tap(pilot, "enter")
                continue
            await tap(pilot, *keys_for(screen, random.Random(rng.random()).choice(screen.ctl.game.legal_actions(seat))))
        assert isinstance(app.screen, SummaryScreen)
        text = " ".join((await screen_text(pilot)).split())
        for words in ("Final scores", "pegging", "hand", "crib", "The deal with the most points", "Time played",
                      "n play again", "r review"):
            assert words in text, words
        await tap(pilot, "r")  # the review hook answers
        assert "Review" in " ".join((await screen_text(pilot)).split())


@pytest.mark.asyncio
async def test_undo_takes_back_your_last_decision_against_the_computer(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", opponent="greedy", seed=6)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_mode(pilot, app, "play")
        before = screen.ctl.game.view(0)
        seat = screen.human()
        assert seat == 0
        play = next(action for action in screen.ctl.game.legal_actions(0) if action.verb == "play")
        await tap(pilot, *keys_for(screen, play))
        await settle(pilot)
        assert play.cards[0] not in screen.ctl.game.view(0).hand
        await tap(pilot, "u")
        await settle(pilot)
        after = screen.ctl.game.view(0)
        assert after.hand == before.hand and after.played == before.played and screen.human() == 0
        assert screen.note is not None and screen.note.plain.startswith("Undone")


def test_undo_is_off_under_muggins_at_a_hot_seat_and_before_any_decision() -> None:
    muggins = Controller.start(Setup("cribbage", "greedy", names=("Ann",), seed=1, muggins=True))
    assert muggins.undo_refusal(0) == "no undo under muggins"
    hot = Controller.start(Setup("cribbage", "human", seed=1))
    assert hot.undo_refusal(0) == "undo is for one person against the computer"
    fresh = Controller.start(Setup("cribbage", "greedy", names=("Ann",), seed=1))
    assert fresh.undo_refusal(0) == "nothing of yours to undo yet"
    assert fresh.undo_refusal(0, rated=True) == "no undo in a rated or duplicate game"
    with pytest.raises(PegboardError, match="cannot undo"):
        fresh.take_back()


def test_hot_seat_prompts_name_the_player_and_hands_hide_between_players() -> None:
    ctl = Controller.start(Setup("cribbage-3", "greedy", humans=2, names=("Ann", "Bob"), seed=2))
    ctl.take_keyboard()
    seat = ctl.human_to_act()
    assert seat is not None
    assert ctl.prompt(seat).startswith(f"{ctl.game.players[seat]}: ")
    while ctl.computer_to_act() is None or ctl.human_to_act() is not None:
        acting = ctl.human_to_act()
        assert acting is not None
        ctl.viewer = acting
        ctl.apply(ctl.game.legal_actions(acting)[0])
    assert ctl.view().seat is None, "while the computer plays, no person's hand is on screen"


@pytest.mark.asyncio
async def test_the_pace_key_and_skipping_ahead(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        await tap(pilot, "plus")
        assert screen.pace == 1.2 and "slow" in (screen.note.plain if screen.note else "")
        assert Store(tmp_path).load_settings()["pace"] == "slow"
        await tap(pilot, "f")
        assert screen.flow.skipping


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_table_held_after_the_play_waits_for_a_key_and_no_stale_thinking_line(tmp_path: Path) -> None:
    setup = Setup("cribbage", "random", names=("Ann",), seed=5)
    app = PegboardApp(Controller.start(setup), Store(tmp_path), pace=0.001, hold=True)
    async with app.run_test(size=SIZE) as pilot:
        rng = random.Random(1)
        for _ in range(400):
            screen = app.game_screen
            assert screen is not None
            for _ in range(2000):  # settle, but a held table is what we wait for
                if screen.flow.stage is Stage.HELD or not screen.busy:
                    break
                await app.workers.wait_for_complete()
                await pilot.pause(0)
            if screen.flow.stage is Stage.HELD:
                break
            if app.screen is not screen:
                await tap(pilot, "enter")
                continue
            seat = screen.human()
            assert seat is not None
            assert "thinking" not in screen.prompt_now(seat), "the computer is done: no stale thinking line"
            await tap(pilot, *keys_for(screen, random.Random(rng.random()).choice(screen.ctl.game.legal_actions(seat))))
        assert screen.flow.stage is Stage.HELD and "any key" in screen.prompt_now(None)
        await pilot.pause(1.5)  # the old hold gave way by itself after 1.2 s
        assert screen.flow.stage is Stage.HELD and screen.held is not None
        await tap(pilot, "space")
        await settle(pilot)
        assert screen.held is None


def test_undo_is_refused_past_a_starter_seen_since_the_decision() -> None:
    """Issue 40 F: a throw taken back after the starter was turned would be thrown again knowing it."""
    from pegboard.session import stock_seen

    ctl = Controller.start(Setup("cribbage", "greedy", names=("Ann",), seed=6))
    while ctl.mode(0) != "play" or ctl.game.view(0).starter is None:
        seat = ctl.game.to_act()[0]
        ctl.apply(ctl.decide(seat) if not ctl.is_human(seat) else ctl.game.legal_actions(seat)[0])
    starter = ctl.game.view(0).starter
    assert starter in stock_seen(ctl.game, 0)
    if ctl.human_to_act() == 0 and ctl.forced(0) is None and ctl.undo_refusal(0) is None:
        ctl.apply(next(a for a in ctl.game.legal_actions(0) if a.verb == "play"))  # a play may be taken back
        assert ctl.undo_refusal(0) is None
        ctl.take_back()
    # the last decision now is the throw, made before the starter was seen
    problem = ctl.undo_refusal(0)
    assert problem is not None and starter.symbol in problem and "knowing" in problem
    with pytest.raises(PegboardError, match="cannot undo"):
        ctl.take_back()
