"""Issue 40, part F: the terminal app's rough edges, each with the test that found it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pegboard.analysis.evaluate import Option
from pegboard.analysis.reasons import _count_reason
from pegboard.engine.actions import Action
from pegboard.engine.events import make_event
from pegboard.present import describe_event
from tests.tui.driver import SIZE, make_app, screen_text, settle, tap

PLAYERS = ("Player", "Ada")


# ---------------------------------------------------------------------------- wording
def test_a_false_muggins_claim_does_not_say_the_claimant_takes_the_points() -> None:
    claim = make_event("claim", 0, 0, (), 2, "muggins", "show")
    over = make_event("score", 0, 1, (), 2, "over-claim", "show")
    said = [describe_event(claim, PLAYERS), describe_event(over, PLAYERS)]
    assert said[0] == "Player calls muggins for 2." and "takes" not in said[0]
    assert said[1].startswith("Ada scores 2 points")


def test_an_over_counted_crib_is_called_a_crib() -> None:
    class Counting:
        counting = (0, "crib")

    said = Option(Action(0, "count", (), 6), 0.0)
    right = Option(Action(0, "count", (), 2), 0.0)
    assert _count_reason(said, right, Counting()) == "counted 6, but the crib holds 2: 4.0 points given away"
    assert "the hand holds 2" in _count_reason(said, right, None)


@pytest.mark.asyncio
async def test_u_says_why_there_is_no_undo_under_muggins_and_at_a_hot_seat(tmp_path: Path) -> None:
    for options in ({"muggins": True}, {"opponent": "human"}):
        opponent = str(options.pop("opponent", "random"))
        app = make_app(tmp_path, "cribbage", opponent, seed=2, **options)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = app.game_screen
            assert screen is not None
            if app.screen is not screen:  # the hot seat's handover first
                await tap(pilot, "enter")
                await pilot.pause(0.05)
            await tap(pilot, "u")
            await pilot.pause(0.05)
            assert screen.note is not None and screen.note.plain.startswith("No undo:"), options


@pytest.mark.asyncio
async def test_the_duplicate_footer_offers_no_hint_and_h_says_why(tmp_path: Path) -> None:
    app = make_app(tmp_path, "cribbage", "greedy", seed=3, duplicate=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = (await screen_text(pilot)).splitlines()[-1]
        assert "Hint" not in footer and "Stats" in footer
        await tap(pilot, "h")
        await pilot.pause(0.05)
        screen = app.game_screen
        assert screen is not None and screen.note is not None and "no hints in a duplicate set" in screen.note.plain


# ---------------------------------------------------------------------------- install
ROOT = Path(__file__).resolve().parents[1]


def test_the_install_says_in_one_line_that_it_compiles_and_how_to_skip_it(tmp_path: Path) -> None:
    import io

    from pegboard.accelerator import announce, compile_notice

    line = compile_notice(12)
    assert "minutes" in line and "PEGBOARD_PURE_BUILD=1" in line and "\n" not in line
    stream, tty = io.StringIO(), tmp_path / "tty"
    tty.write_text("")
    announce(line, stream, str(tty))  # pip captures the build's stderr: the terminal is told too
    assert stream.getvalue() == tty.read_text() == line + "\n"
    announce(line, io.StringIO(), str(tmp_path / "missing" / "tty"))  # no terminal: no error
    assert "ACCELERATOR.announce(ACCELERATOR.compile_notice(" in (ROOT / "setup.py").read_text()
    readme = (ROOT / "README.md").read_text()
    install = readme[readme.index("## Set up on a fresh machine"):readme.index("## Play in the terminal")]
    assert "PEGBOARD_PURE_BUILD=1" in install and "minutes" in install


# ---------------------------------------------------------------------------- after the game
async def shown(pilot: object, app: object, wanted: object) -> object:
    """The app's screen once it is ``wanted`` (a class, or the very screen), waiting up to a few seconds."""
    for _ in range(200):
        screen = app.screen  # type: ignore[attr-defined]
        if screen is wanted or (isinstance(wanted, type) and isinstance(screen, wanted)):
            return screen
        await pilot.pause(0.02)  # type: ignore[attr-defined]
    raise AssertionError(f"{wanted} never shown: {app.screen}")  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.asyncio
async def test_after_the_game_v_esc_r_and_enter_come_back_to_the_summary(tmp_path: Path) -> None:
    import random

    from pegboard.tui.controller import GAME_OVER
    from pegboard.tui.review import ReviewScreen
    from pegboard.tui.screens.summary import HistoryScreen, SummaryScreen
    from tests.tui.driver import play_out

    app = make_app(tmp_path, "five-card", seed=4, target=15)
    async with app.run_test(size=SIZE) as pilot:
        summary = await play_out(pilot, random.Random(3))
        screen = app.game_screen
        assert screen is not None and isinstance(summary, SummaryScreen)
        await tap(pilot, "v")
        await shown(pilot, app, HistoryScreen)
        await tap(pilot, "escape")  # back to the summary, not the table
        await shown(pilot, app, SummaryScreen)
        await tap(pilot, "escape")  # a look at the table
        await shown(pilot, app, screen)
        for key in ("1", "g", "p"):  # keys that are no move: the game-over line is not printed again
            await tap(pilot, key)
            await pilot.pause(0.02)
            assert screen.note is None or GAME_OVER not in screen.note.plain, key
        assert (await screen_text(pilot)).count("The game is over") == 1
        await tap(pilot, "r")  # r reviews the game from the table too
        await shown(pilot, app, ReviewScreen)
        await tap(pilot, "escape")  # closed while the review runs: it took the app down (NoMatches)
        await shown(pilot, app, screen)
        await tap(pilot, "enter")  # Enter: the summary again
        await shown(pilot, app, SummaryScreen)


# ---------------------------------------------------------------------------- no key without a choice
def test_cards_of_one_rank_in_the_play_are_no_choice() -> None:
    import random

    from pegboard.engine import new_game
    from pegboard.session import forced_move

    game, rng = new_game("cribbage", ["A", "B"], seed=0), random.Random(0)
    while True:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if seat == 0 and len(legal) > 1 and all(a.verb == "play" for a in legal) and \
                len({a.cards[0].rank for a in legal}) == 1:
            break
        game.apply(rng.choice(legal))
    assert forced_move(game, 0) == legal[0]


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_app_asks_no_key_to_choose_between_suits_in_the_play(tmp_path: Path) -> None:
    import random

    from tests.tui.driver import play_out

    asked: list[int] = []

    def choose(screen: object, legal: tuple[Action, ...]) -> Action:
        if legal[0].verb == "play":
            asked.append(len({action.cards[0].rank for action in legal if action.cards}))
        return random.Random(len(asked)).choice(legal)

    app = make_app(tmp_path, "cribbage", seed=5, target=61)  # seed 5: one-rank plays come up
    async with app.run_test(size=SIZE) as pilot:
        await play_out(pilot, random.Random(0), choose=choose)
    assert asked and min(asked) > 1, asked


# ---------------------------------------------------------------------------- saved games
def test_the_saved_game_list_says_muggins_and_the_target_and_hides_a_game_open_elsewhere(tmp_path: Path) -> None:
    from pegboard.errors import StoreError
    from pegboard.tui.controller import Controller, Setup
    from pegboard.tui.store import Store

    here, there = Store(tmp_path), Store(tmp_path)  # two terminals on one data folder
    ctl = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=1, target=61, muggins=True))
    path = here.save_game(ctl)
    (saved,) = here.saved_games()  # this terminal's own game is listed here
    line = saved.describe()
    assert line.startswith("cribbage to 61 · muggins vs random"), line
    assert there.saved_games() == [], "open in another terminal: not offered there"
    with pytest.raises(StoreError, match="open in another terminal"):
        there.claim(path)
    here.release(path)  # the first terminal closed it
    assert [s.path for s in there.saved_games()] == [path]
    there.claim(path)
    assert here.saved_games() == []
    plain = Controller.start(Setup("cribbage", "random", names=("Ann",), seed=1))
    assert "to 121" not in Store(tmp_path / "b").read_save(Store(tmp_path / "b").save_game(plain)).describe()


# ---------------------------------------------------------------------------- one verdict on a discard
@pytest.mark.slow
@pytest.mark.parametrize("seed", [15, 17, 21])
def test_the_hint_the_show_panel_the_review_and_analyse_give_one_verdict_on_a_throw(seed: int) -> None:
    """Issue 40 F: the hint counted the pegging and the exact crib, the panel neither, so a player who
    followed the hint was told "2nd best of 15" (these seeds did so)."""
    import json
    import random

    from pegboard.analysis.review import review
    from pegboard.engine import new_game
    from pegboard.present import hint
    from pegboard.records import parse_record, record_of
    from pegboard.tui.explain import discard_review
    from tests.test_analysis_cli import pegboard

    game = new_game("cribbage", ["Ann", "Ada"], seed=seed)
    hand = " ".join(str(card) for card in game.view(0).hand)
    dealer = "you" if game.view(0).dealer == 0 else "them"
    advice = hint(game, 0)
    game.apply(advice.action)
    rng = random.Random(seed)
    while game.deal_number == 0:
        seat = game.to_act()[0]
        game.apply(rng.choice(game.legal_actions(seat)))
    panel = discard_review(game, 0, 0)
    assert panel is not None and panel.rank == 1 and panel.words().endswith("the best throw."), panel.words()
    (reviewed,) = [d for d in review(parse_record(record_of(game)), seats=[0]).decisions if d.kind == "discard"
                   and d.deal == 0]
    assert reviewed.loss == 0 and reviewed.place == 1
    assert {card for card in reviewed.best.cards} == set(advice.action.cards)
    done = pegboard("analyse", "dealer", dealer, "hand", *hand.split(), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["best"] == advice.action.text()


def test_analyse_counts_the_pegging_in_the_chance_to_win() -> None:
    """Issue 40 F: the win column left the pegging out, so it ranked throws otherwise than the points.
    At 40-40 with this hand, 10♦ 10♥ is the most points (its pegging decides) and now the likeliest win."""
    import json

    from tests.test_analysis_cli import pegboard

    done = pegboard("analyse", "scores", "40", "40", "dealer", "you", "hand", "KD", "3D", "TD", "6H", "AH", "TH",
                    "--json")
    assert done.returncode == 0, done.stderr
    options = json.loads(done.stdout)["options"]
    most_points = max(options, key=lambda option: option["points"])
    likeliest = max(options, key=lambda option: option["win"])
    assert most_points["action"] == likeliest["action"] == "discard TD TH", (most_points, likeliest)
