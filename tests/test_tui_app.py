"""The app through its keys and clicks: illegal input, hints, muggins, hot seat, save and resume,
records, statistics, help, resizing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pegboard.engine.cribbage import honest_claim
from pegboard.records import load_record, record_of, replay
from pegboard.tui.app import PegboardApp
from pegboard.tui.screens.game import GameScreen
from pegboard.tui.screens.modals import HandoverScreen, HelpScreen, StatsScreen
from pegboard.tui.screens.summary import SummaryScreen
from pegboard.tui.store import Store
from pegboard.tui.widgets.board import CribbageBoard
from pegboard.tui.widgets.cards import HandView
from pegboard.tui.widgets.grid import GridView
from pegboard.tui.widgets.table import GameLog
from tests.tui.driver import SIZE, keys_for, make_app, play_out, screen_text, settle, tap

pytestmark = pytest.mark.asyncio


def game_screen(app: PegboardApp) -> GameScreen:
    screen = app.game_screen
    assert screen is not None
    return screen


async def until(pilot: object, app: PegboardApp, stop: object, rng: random.Random) -> GameScreen:
    """Play random legal moves through the keys until ``stop(screen)``."""
    for _ in range(3000):
        await settle(pilot)  # type: ignore[arg-type]
        screen = game_screen(app)
        if app.screen is not screen:
            await tap(pilot, "enter")  # type: ignore[arg-type]
            continue
        if stop(screen):  # type: ignore[operator]
            return screen
        seat = screen.human()
        assert seat is not None
        action = random.Random(rng.random()).choice(screen.ctl.game.legal_actions(seat))
        before = len(screen.ctl.game.events)
        await tap(pilot, *keys_for(screen, action))  # type: ignore[arg-type]
        for _ in range(20):
            if len(screen.ctl.game.events) > before:
                break
            await pilot.pause(0)  # type: ignore[attr-defined]
    raise AssertionError("never reached")


def in_play_with_a_card_that_fits(screen: GameScreen) -> bool:
    seat = screen.human()
    return seat is not None and screen.ctl.mode(seat) == "play" and \
        any(action.verb == "play" for action in screen.ctl.game.legal_actions(seat))


async def test_illegal_input_shows_why_and_changes_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        events = len(screen.ctl.game.events)
        await pilot.press("enter")  # nothing picked yet
        assert "Pick 2 cards" in screen.note.plain  # type: ignore[union-attr]
        await pilot.press("1", "2", "3")  # a third card is one too many
        assert "2 cards are picked" in screen.note.plain  # type: ignore[union-attr]
        await pilot.press("slash", *"zz", "enter")
        assert "invalid card 'zz'" in screen.note.plain  # type: ignore[union-attr]
        await pilot.press("9")
        assert "There is no card 9" in screen.note.plain  # type: ignore[union-attr]
        assert len(screen.ctl.game.events) == events
        screen = await until(pilot, app, in_play_with_a_card_that_fits, random.Random(1))
        events = len(screen.ctl.game.events)
        await pilot.press("g")  # go, though a card fits
        assert "a player who can play must" in screen.note.plain  # type: ignore[union-attr]
        await pilot.press("p")
        assert "must play or go" in screen.note.plain  # type: ignore[union-attr]
        seat = screen.human()
        assert seat is not None
        held = {str(card) for card in screen.ctl.hand(seat)}
        stranger = next(card for card in ("AS", "2S", "3S", "4S", "5S", "6S") if card not in held)
        await pilot.press("slash", *stranger.lower(), "enter")
        assert "does not hold" in screen.note.plain  # type: ignore[union-attr]
        assert len(screen.ctl.game.events) == events
        assert app.is_running


async def test_hint_says_why_and_enter_follows_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("h")
        await settle(pilot)
        note = screen.note.plain  # type: ignore[union-attr]
        assert note.startswith("Hint: throw") and "expected in hand" in note and "Best throws" in note
        hinted = screen.hinted
        assert hinted is not None and len(screen.picked) == 2
        await pilot.press("enter")
        await settle(pilot)
        assert screen.ctl.game.view(0).discarded == hinted.cards


async def test_muggins_short_count_and_the_computer_takes_the_rest(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=9, muggins=True)
    async with app.run_test(size=SIZE) as pilot:
        def counting(screen: GameScreen) -> bool:
            seat = screen.human()
            if seat is None or screen.ctl.mode(seat) != "count":
                return False
            total = honest_claim(screen.ctl.game.view(seat), screen.ctl.game.rules).target
            return isinstance(total, int) and total >= 2

        screen = await until(pilot, app, counting, random.Random(4))
        game = screen.ctl.game
        total = honest_claim(game.view(0), game.rules).target
        assert isinstance(total, int) and total >= 2
        scores = game.score_list
        await pilot.press("3", "0", "enter")  # no hand holds 30: refused, and the true count is not given away
        assert "from 0 to 29" in screen.note.plain and str(total) not in screen.note.plain  # type: ignore[union-attr]
        start = len(game.events)
        await pilot.press(*str(total - 2), "enter")  # two points short
        await settle(pilot)
        claims = [event for event in game.events[start:] if event.type == "claim"]
        assert [(event.seat, event.kind, event.points) for event in claims[:2]] == [(0, "count", total - 2),
                                                                                    (1, "muggins", 2)]
        scored = [(event.seat, event.kind, event.points) for event in game.events[start:] if event.type == "score"]
        assert scored[:2] == [(0, "count", total - 2), (1, "muggins", 2)]
        assert game.score_list[1] >= scores[1] + 2
        if not game.finished:  # the computer counts in turn, and Ann is asked whether it missed anything
            assert screen.human() == 0 and screen.ctl.mode(0) == "muggins"
            assert "Any points missed?" in screen.ctl.prompt(0)
            best = honest_claim(game.view(0), game.rules)
            await pilot.press(*(["p"] if best.verb == "pass" else [*str(best.target), "enter"]))
            mine = ("claim", 0, best.verb if best.verb == "muggins" else "pass", best.target or 0)
            assert any((e.type, e.seat, e.kind, e.points) == mine for e in game.events[start:])


async def test_hot_seat_hides_each_hand_until_its_owner_takes_the_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", opponent="human", seed=3, names=("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Ann"
        screen = game_screen(app)
        hand = screen.query_one(HandView)
        assert hand.cards == () and "hidden" in hand.caption
        ann = {card.symbol for card in screen.ctl.game.view(0).hand}
        await pilot.press("enter")
        assert {card.symbol for card in hand.cards} == ann
        await pilot.press("1", "2", "enter")
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        assert hand.cards == ()
        await pilot.press("enter")
        bob = screen.ctl.game.view(1).hand
        assert set(hand.cards) == set(bob)
        log = "\n".join(line.text for line in screen.query_one(GameLog).lines)
        assert "Ann is dealt 6 cards" in log and not any(symbol in log for symbol in ann - {c.symbol for c in bob})


@pytest.mark.slow
async def test_quit_saves_and_resume_continues_exactly(tmp_path: Path) -> None:
    app = make_app(tmp_path, "five-card", opponent="greedy", seed=12)
    async with app.run_test(size=SIZE) as pilot:
        screen = await until(pilot, app, lambda s: s.ctl.game.deal_number >= 1 and s.ctl.mode(0) == "play",
                             random.Random(2))
        before = record_of(screen.ctl.game)
        view = screen.ctl.game.view(0)
        await pilot.press("ctrl+q")
    assert app.saved is not None and app.saved.parent == tmp_path / "saves" and app.saved.name.startswith("five-card-")
    saved = Store(tmp_path).load_game()
    assert saved is not None
    resumed = PegboardApp(saved.controller(), Store(tmp_path), pace=0)
    async with resumed.run_test(size=SIZE) as pilot:
        screen = game_screen(resumed)
        assert record_of(screen.ctl.game) == before and screen.ctl.game.view(0) == view
        assert screen.query_one(HandView).cards == tuple(sorted(view.hand))
        end = await play_out(pilot, random.Random(6))
        assert isinstance(end, SummaryScreen)
        assert Store(tmp_path).load_game() is None  # a finished game leaves no save
        await pilot.press("w")  # and it can be saved as a record
        (path,) = (tmp_path / "records").glob("five-card-*.json")
        assert replay(load_record(path)).scores() == screen.ctl.game.scores()
        assert json.loads(path.read_text())["format"] == "pegboard/1"
        await pilot.press("escape", "s")
        assert isinstance(resumed.screen, StatsScreen)
        (row,) = Store(tmp_path).summary()
        assert (row.game, row.opponent, row.played) == ("five-card", "greedy", 1)
        await pilot.press("enter", "n")  # a new game after the end
        assert game_screen(resumed) is not screen and not game_screen(resumed).ctl.game.finished


async def test_mouse_clicks_pick_cards_and_cells(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        cards = screen.ctl.hand(0)
        await pilot.click(HandView, offset=(1, 3))  # the first card's face, under its caption and number
        await pilot.click(HandView, offset=(7, 3))  # the second card's
        assert screen.picked == {0, 1}
        await pilot.press("enter")
        await settle(pilot)
        assert screen.ctl.game.view(0).discarded == cards[:2]
    app = make_app(tmp_path, "solitaire", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        current = screen.ctl.game.view(0).current
        await pilot.click(GridView, offset=(3 + 5 * 2, 1 + 1))  # column c, row 2
        assert screen.ctl.game.view(0).grid[6] == current


@pytest.mark.slow
async def test_help_and_resizing(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage-3", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        screen = game_screen(app)
        assert app.screen is screen
        board = screen.query_one(CribbageBoard)
        moved = len(screen.ctl.game.events)
        widths = []
        for size in ((140, 50), (60, 20), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.press("1", "enter")
            await settle(pilot)
            widths.append(max(len(line) for line in board.text.plain.splitlines()))
        assert widths[0] > widths[2] > widths[1]
        assert app.is_running and len(screen.ctl.game.events) > moved


async def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    from pegboard.bots import make_bot
    from pegboard.engine import new_game
    from pegboard.records import parse_record
    from pegboard.tui.replay import ReplayApp, ReplayScreen

    game = new_game("cribbage", ["Ann", "Bob"], seed=4)
    bots = [make_bot("random", game.rules, seat, seed=seat) for seat in (0, 1)]
    while not game.finished:
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game.view(seat)))
    record = parse_record(record_of(game))
    moves = sum(len(deal.actions) for deal in record.deals)
    app = ReplayApp(record, "game.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.step == 0
        await pilot.press("right", "right", "right")
        assert screen.step == 3 and len(screen.game.deal_logs[0].moves) == 3
        await pilot.press("left")
        assert screen.step == 2
        await pilot.press("down")
        assert screen.step == len(record.deals[0].actions) and screen.game.deal_number == 1
        await pilot.press("end")
        assert screen.step == moves and screen.game.finished and screen.game.scores() == game.scores()
        await pilot.press("home")
        assert screen.step == 0 and screen.game.score_list == (0, 0)


async def test_typing_cards_on_the_command_line(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        hand = screen.ctl.hand(0)
        await pilot.press("tab", *f"{hand[0]} {hand[1]}".lower(), "enter")  # e.g. "as 2c"
        await settle(pilot)
        assert screen.ctl.game.view(0).discarded == hand[:2]
        await pilot.press("q")  # a card letter starts the line
        assert app.focused is screen.query_one("#command") and screen.query_one("#command").value == "q"
        await pilot.press("escape")
        assert app.focused is None


@pytest.mark.slow
async def test_a_new_game_never_replaces_a_save_and_the_next_start_offers_them(tmp_path: Path) -> None:
    from pegboard.tui.controller import Controller, Setup
    from pegboard.tui.screens.modals import ResumeScreen

    first = make_app(tmp_path, "cribbage", opponent="greedy", seed=21)
    async with first.run_test(size=SIZE) as pilot:
        await pilot.press("1", "2", "enter")
        await settle(pilot)
        await pilot.press("ctrl+q")
    second = make_app(tmp_path, "cribbage", opponent="greedy", seed=22)
    async with second.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
    assert first.saved is not None and second.saved is not None and first.saved != second.saved
    store = Store(tmp_path)
    saves = store.saved_games()
    assert [saved.path for saved in saves] == [second.saved, first.saved]  # the latest first, both kept
    assert "cribbage vs greedy" in saves[1].describe()
    third = PegboardApp(Controller.start(Setup("five-card", "random", names=("Ann",), seed=3)), store, pace=0,
                        saves=saves)
    async with third.run_test(size=SIZE) as pilot:
        assert isinstance(third.screen, ResumeScreen)
        await pilot.press("2")  # the older one
        screen = game_screen(third)
        assert record_of(screen.ctl.game)["seed"] == 21 and screen.ctl.save_path == first.saved
        assert len(screen.ctl.game.view(0).discarded) == 2
        await pilot.press("ctrl+q")
    assert third.saved == first.saved and len(store.saved_games()) == 2
    fourth = PegboardApp(Controller.start(Setup("five-card", "random", names=("Ann",), seed=3)), store, pace=0,
                         saves=store.saved_games())
    async with fourth.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # the new game; the saves stay
        assert game_screen(fourth).ctl.game.game == "five-card"
    assert len(store.saved_games()) == 2


async def test_a_record_saved_mid_deal_holds_only_what_the_player_has_seen(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", opponent="greedy", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("w")
        assert "Nothing to save yet" in screen.note.plain  # type: ignore[union-attr]
        assert not (tmp_path / "records").exists()
        screen = await until(pilot, app, lambda s: s.ctl.game.deal_number == 1 and s.human() is not None,
                             random.Random(3))
        await pilot.press("w")
        (path,) = (tmp_path / "records").glob("*.json")
        assert "left out until it is over" in screen.note.plain  # type: ignore[union-attr]
        data = json.loads(path.read_text())
        assert len(data["deals"]) == 1 and "seed" not in data  # no hand of the deal in play, no way to deal it
        dealt = [[str(card) for card in log.deal.hands[0]] for log in screen.ctl.game.deal_logs]
        assert data["deals"][0]["hands"]["Ann"] == dealt[0]
        assert dealt[1] not in [d["hands"]["Ann"] for d in data["deals"]]
        assert replay(load_record(path)).deal_number == 1


async def test_the_muggins_prompt_is_shown_whole(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", seed=9, muggins=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await until(pilot, app, lambda s: s.human() == 0 and s.ctl.mode(0) == "count", random.Random(4))
        area = screen.query_one("#play").region
        left = " ".join(line[area.x:area.right] for line in (await screen_text(pilot)).splitlines())
        assert "type the points and Enter (muggins: misses can be taken)." in " ".join(left.split())
        assert "muggins on" in app.title


@pytest.mark.slow
async def test_names_with_markup_characters_are_shown_literally_to_the_end_of_a_game(tmp_path: Path) -> None:
    """Issue 24: '[/]' crashed the markup parser, '[bold]' turned into formatting."""
    app = make_app(tmp_path, "five-card", opponent="human", seed=5, names=("[/]", "[bold]Bo"), target=15)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)
        assert "Pass the keyboard to [/]" in await screen_text(pilot)
        end = await play_out(pilot, random.Random(3))
        assert isinstance(end, SummaryScreen)
        text = await screen_text(pilot)
        assert f"{game_screen(app).ctl.game.winner} wins!" in text


async def test_a_save_that_cannot_be_written_is_said_and_quit_asks_again(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    app = make_app(blocker, "cribbage", opponent="random", seed=2)  # the data folder is a file
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        assert app.is_running and app.saved is None  # the game would be lost: not quit yet
        await pilot.press("ctrl+q")
    assert blocker.read_text() == "not a folder"


async def test_a_superscript_digit_key_is_no_card_number_and_no_crash(tmp_path: Path) -> None:
    """'²' (a key of French keyboards) says isdigit() but is no number int() reads."""
    app = make_app(tmp_path, "cribbage", opponent="random", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        before = len(screen.ctl.game.events)
        await tap(pilot, "\u00b2", "\u00b2")
        await settle(pilot)
        assert app.is_running and not screen.picked and len(screen.ctl.game.events) == before
