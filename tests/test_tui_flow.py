"""The app plays like a card table (issue 14): no key press without a choice, forced moves made for
the person, the computer's play easy to follow, honest muggins, and the smaller things a player
notices (hints, cursors, wrapping, labels, statistics, discard advice)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot

from pegboard.bots import make_bot
from pegboard.engine.actions import Action
from pegboard.engine.cribbage import honest_claim
from pegboard.tui.app import PegboardApp
from pegboard.tui.controller import Controller, Setup
from pegboard.tui.moments import latest_moves
from pegboard.tui.screens.game import GameScreen
from pegboard.tui.screens.summary import SummaryScreen
from pegboard.tui.store import Store
from pegboard.tui.widgets.board import Side, board_lines
from pegboard.tui.widgets.cards import HandView
from pegboard.tui.widgets.table import GameLog
from tests.tui.driver import SIZE, keys_for, make_app, play_out, screen_text, settle, tap

pytestmark = pytest.mark.asyncio


def game_screen(app: PegboardApp) -> GameScreen:
    screen = app.game_screen
    assert screen is not None
    return screen


async def until(pilot: Pilot[None], app: PegboardApp, stop: object, rng: random.Random) -> GameScreen:
    """Play random legal moves through the keys until ``stop(screen)``; never a key without a choice."""
    for _ in range(3000):
        await settle(pilot)
        screen = game_screen(app)
        if stop(screen):  # type: ignore[operator]
            return screen
        assert app.screen is screen, app.screen
        seat = screen.human()
        assert seat is not None, f"the app waits with nobody to choose: {screen.prompt_now(seat)}"
        action = rng.choice(screen.ctl.game.legal_actions(seat))
        before = len(screen.ctl.game.events)
        await tap(pilot, *keys_for(screen, action))
        for _ in range(20):
            if len(screen.ctl.game.events) > before:
                break
            await pilot.pause(0)
    raise AssertionError("never reached")


def expert_choice(screen: GameScreen, legal: tuple[Action, ...]) -> Action:
    seat = legal[0].seat
    bot = make_bot("greedy", screen.ctl.game.rules, seat, seed=len(screen.ctl.game.events))
    return bot.choose(screen.ctl.game.view(seat))


# ---------------------------------------------------------------------- 1: no key without a choice
@pytest.mark.slow
async def test_a_whole_game_against_the_expert_needs_no_key_press_without_a_choice(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", opponent="expert", seed=31)
    presses: list[tuple[str, int]] = []
    async with app.run_test(size=SIZE) as pilot:
        end = await play_out(pilot, random.Random(1), choose=expert_choice, presses=presses)
        assert isinstance(end, SummaryScreen)
        game = game_screen(app).ctl.game
        assert game.finished and game.deal_number >= 4
        gos = sum(1 for event in game.events if event.type == "go" and event.seat == 0)
        assert gos > 0, "the person said go, without a key"
    assert presses and all(choices >= 2 for _, choices in presses), [p for p in presses if p[1] < 2]


@pytest.mark.slow
async def test_hot_seat_hands_the_keyboard_over_only_for_a_choice(tmp_path: Path) -> None:
    app = make_app(tmp_path, "five-card", opponent="human", seed=4, names=("Ann", "Bob"), target=31)
    presses: list[tuple[str, int]] = []
    async with app.run_test(size=SIZE) as pilot:
        await play_out(pilot, random.Random(2), presses=presses)
        game = game_screen(app).ctl.game
        assert any(event.type == "go" for event in game.events)
    assert ("enter", 0) not in presses and all(choices >= 2 for _, choices in presses)


async def test_forced_moves_wait_for_the_key_with_auto_off(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", opponent="random", seed=7, auto=False)
    async with app.run_test(size=SIZE) as pilot:
        def forced(screen: GameScreen) -> bool:
            seat = screen.human()
            return seat is not None and len(screen.ctl.game.legal_actions(seat)) == 1

        screen = await until(pilot, app, forced, random.Random(3))
        assert screen.ctl.forced(0) is not None and not screen.busy
        before = len(screen.ctl.game.events)
        await settle(pilot)
        assert len(screen.ctl.game.events) == before  # it waits for the person


async def test_a_forced_go_is_said_for_the_person_with_a_note_on_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", opponent="random", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        def said_go_since_my_last_choice(screen: GameScreen) -> bool:
            return any(event.type == "go" and event.seat == 0 for event in screen.ctl.game.events[screen.since:])

        screen = await until(pilot, app, said_go_since_my_last_choice, random.Random(3))
        game = screen.ctl.game
        moves = [words for _, words in latest_moves(game.events, screen.since, game.players, 0, limit=99)]
        assert "You: go" in moves  # said after the person's last key, so by the app
        table = screen.query_one("#table").text.plain
        assert "Latest  " in table and any(move in table for move in moves[-2:])


# ---------------------------------------------------------------------- 2: the computer's play in view
@pytest.mark.slow
async def test_the_table_is_held_after_the_last_card_then_the_show(tmp_path: Path) -> None:
    app = PegboardApp(Controller.start(Setup("cribbage", "greedy", names=("Ann",), seed=12)), Store(tmp_path),
                      pace=0.001, hold=60)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        rng = random.Random(5)
        for _ in range(300):  # the driver's settle would wait for the hold to end: wait for the moves only
            await app.workers.wait_for_complete()
            await pilot.pause(0)
            if screen.held is not None:
                break
            seat = screen.human()
            if seat is not None and not screen.busy:
                await tap(pilot, *keys_for(screen, rng.choice(screen.ctl.game.legal_actions(seat))))
        held = screen.held
        assert held is not None and screen.counts_deal is None and screen.ctl.game.deal_number == 1
        last = held.series[-1][1] if held.series else None
        table = screen.query_one("#table").text.plain
        assert last is not None and last.symbol in table.splitlines()[3]  # the play row holds the last card
        assert "The play is over" in (await screen_text(pilot))
        await tap(pilot, "x")  # any key goes on
        await settle(pilot)
        assert screen.held is None and screen.counts_deal == 0
        assert "Deal 1: the show" in (await screen_text(pilot))


@pytest.mark.slow
async def test_the_play_row_says_who_played_each_card_and_lights_the_computers_latest(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", opponent="random", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        def others_card_on_top(screen: GameScreen) -> bool:
            view = screen.ctl.game.view(0)
            return screen.human() == 0 and bool(view.series) and view.series[-1][0] == 1 and len(view.series) >= 2

        screen = await until(pilot, app, others_card_on_top, random.Random(1))
        table = screen.query_one("#table").text
        lines = table.plain.splitlines()
        play = next(index for index, line in enumerate(lines) if line.startswith("Play"))
        assert "Ada" in lines[play + 1] and "you" in lines[play + 1]  # who played each card
        card = screen.ctl.game.view(0).series[-1][1].symbol
        assert lines[play].rstrip().endswith(card) or card in lines[play]
        lit = [span for span in table.spans if "on #ff87d7" in str(span.style)]  # Ada's colour on the board
        assert lit and card in table.plain[lit[-1].start:lit[-1].end]
        assert "Ada plays" in lines[play + 2]  # the latest moves in words


# ---------------------------------------------------------------------- 3: muggins
@pytest.mark.slow
async def test_ruling_16_an_over_count_in_the_app_is_taken_back_and_shown(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", opponent="greedy", seed=9, muggins=True)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "muggins on" in app.title
        screen = await until(pilot, app, lambda s: s.human() == 0 and s.ctl.mode(0) == "count", random.Random(4))
        assert "count your hand" in (await screen_text(pilot)).lower()
        game = screen.ctl.game
        total = honest_claim(game.view(0), game.rules).target
        assert isinstance(total, int)
        start = len(game.events)
        await tap(pilot, *str(total + 3), "enter")
        await settle(pilot)
        scored = [(e.seat, e.kind, e.points) for e in game.events[start:] if e.type == "score" and e.phase == "show"]
        assert (1, "over-claim", 3) in scored
        await until(pilot, app, lambda s: s.counts_deal is not None, random.Random(1))
        shown = " ".join((await screen_text(pilot)).split())
        assert f"(counted {total + 3}, 3" in shown and "Ada takes 3 points Ann counted over in Ann's hand" in shown


# ---------------------------------------------------------------------- 4: smaller things
async def test_a_hint_says_it_replaced_the_cards_picked(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("5", "6", "h")
        await settle(pilot)
        hinted = screen.hinted
        assert hinted is not None
        hand = screen.ctl.hand(0)
        assert {hand[i] for i in screen.picked} == set(hinted.cards)
        assert set(hinted.cards) != {hand[4], hand[5]}  # the expert throws other cards
        assert f"Your picks ({hand[4].symbol} {hand[5].symbol}) are replaced by the hint's" in screen.note.plain  # type: ignore[union-attr]


async def test_the_solitaire_cursor_moves_off_the_cell_just_filled(tmp_path: Path) -> None:
    app = make_app(tmp_path, "solitaire", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("enter")  # a1
        assert screen.ctl.game.view(0).grid[0] is not None and screen.cursor == 1
        await pilot.press("enter")  # b1
        assert screen.cursor == 2


async def test_the_log_wraps_again_when_the_terminal_is_resized(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=7)
    async with app.run_test(size=(140, 40)) as pilot:
        log = game_screen(app).query_one(GameLog)
        await pilot.pause(0.05)
        wide = max(len(line.text) for line in log.lines)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.05)
        assert max(len(line.text.rstrip()) for line in log.lines) <= log.scrollable_content_region.width < wide


@pytest.mark.filterwarnings("ignore::pytest.PytestWarning")
def test_board_labels_keep_names_apart() -> None:
    lines = board_lines([Side("Alexander+Player2", 5, 0), Side("Alexandra+Player1", 7, 0)], 121, 78, 4)
    labels = [line.plain[1:11].strip() for line in lines]
    assert labels == ["Alexander", "+Player2", "Alexandra", "+Player1"]
    narrow = board_lines([Side("Christopher", 5, 0), Side("Christophine", 7, 0)], 121, 60, 4)
    assert narrow[0].plain.split()[0] != narrow[2].plain.split()[0]


async def test_snailspace_says_fifteens_do_not_score_and_numbers_every_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, "snailspace", seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        shown = await screen_text(pilot)
        assert "fifteens do not score" in shown
        assert screen.check_action("go", ()) is False and " Go " not in shown.splitlines()[-1]
        hand = screen.ctl.hand(0)
        assert len(hand) >= 12 and "12" in screen.query_one(HandView).text.plain
        await tap(pilot, "1", "2", "enter")  # card 12, typed
        await settle(pilot)
        assert hand[11] not in screen.ctl.hand(0)


@pytest.mark.slow
async def test_after_a_deal_the_discard_is_set_against_the_advisors(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", opponent="greedy", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, app, lambda s: s.counts_deal is not None, random.Random(2))
        shown = await screen_text(pilot)
        assert "Your throw" in shown and "expected" in shown
    app = make_app(tmp_path, "cribbage", opponent="greedy", seed=3, advice=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, app, lambda s: s.counts_deal is not None, random.Random(2))
        assert "Your throw" not in (await screen_text(pilot))
