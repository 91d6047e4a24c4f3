"""The Review screen of the terminal app (issue 21): reached from a replay with r, or on its own with
``pegboard review FILE --app``; steps through the decisions with the table as each player saw it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from pegboard.records import load_record
from pegboard.tui.replay import ReplayApp, ReplayScreen
from pegboard.tui.review import ReviewApp, ReviewScreen, chart_text, choice_words
from tests.tui.driver import SIZE

GOLDEN = Path(__file__).parent / "golden"


async def reviewed(pilot: object, screen: ReviewScreen) -> None:
    for _ in range(600):
        if screen.found is not None:
            break
        await asyncio.sleep(0.05)
    await pilot.pause()  # type: ignore[attr-defined]
    assert screen.found is not None


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_review_screen_steps_through_the_costly_decisions() -> None:
    record = load_record(GOLDEN / "five-card.record.json")
    app = ReviewApp(record, "five-card.record.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await reviewed(pilot, screen)
        assert screen.found is not None
        costly = [d for d in screen.found.decisions if d.loss > 0]
        assert len(screen.shown) == len(costly) > 1
        detail = screen.query_one("#review-decision").render()
        assert "Every choice" in str(detail) and choice_words(costly[0].choice) in str(detail)
        await pilot.press("j")
        await pilot.pause()
        assert choice_words(costly[1].choice) in str(screen.query_one("#review-decision").render())
        await pilot.press("m")
        await pilot.pause()
        assert len(screen.shown) == len(screen.found.decisions)
        await pilot.press("q")
    assert not app.is_running


@pytest.mark.slow
@pytest.mark.asyncio
async def test_r_in_a_replay_opens_the_review_and_escape_comes_back() -> None:
    record = load_record(GOLDEN / "snailspace.record.json")
    app = ReplayApp(record, "snailspace.record.json")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await reviewed(pilot, screen)
        assert screen.found is not None and screen.found.kinds == ("place",) and screen.shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.is_running


@pytest.mark.slow
def test_the_chart_marks_the_costly_decisions() -> None:
    from pegboard.analysis.review import review

    found = review(load_record(GOLDEN / "cribbage.record.json"))
    text = chart_text(found, 60, 8)
    assert text.plain.count("●") >= 1 and "chance to win" in text.plain
    assert all(len(line) == 60 for line in text.plain.splitlines()[:8])


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_review_screen_fits_80x24_with_every_column_readable() -> None:
    """Issue 40 F: at 80x24 the loss column was cut to one character (0.41 showed as "0"), the
    accuracy table's headers were cut, 3 decisions fitted, and the table as the player saw it was off
    screen."""
    from tests.tui.driver import screen_text

    record = load_record(GOLDEN / "five-card.record.json")
    app = ReviewApp(record, "five-card.record.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await reviewed(pilot, screen)
        assert screen.found is not None
        text = await screen_text(pilot)
        lines = text.splitlines()
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        header = next(line for line in lines if "Accuracy" in line and "Player" in line)
        for word in ("Player", "Accuracy", "Lost", "Decisions", "Mistakes", *screen.found.kinds):
            assert f" {word} " in f"{header} ", (word, header)
        listed = next(i for i, line in enumerate(lines) if "Choice" in line and "Best" in line)
        assert all(f" {word} " in lines[listed] for word in ("Deal", "Player", "Choice", "Best", "Lost"))
        rows = [line for line in lines[listed + 1:-1] if line.strip()]
        assert len(rows) >= 12, "a screenful of decisions"
        for decision, row in zip(screen.shown, rows):
            assert f" {decision.loss:.2f} " in row.split("│")[0] + " ", (decision.loss, row)
        detail = "\n".join(line.split("│", 1)[1] for line in lines[listed:] if "│" in line)
        assert "Scores:" in detail and ("Hand:" in detail or "·" in detail), detail


@pytest.mark.asyncio
async def test_progress_reaching_a_screen_whose_bar_is_already_gone_is_dropped() -> None:
    """Esc mid-review unmounts the progress bar a moment before the screen; a progress report arriving
    then raised NoMatches in the review's worker (seen under load in the full suite)."""
    from textual.widgets import ProgressBar

    record = load_record(GOLDEN / "five-card.record.json")
    app = ReviewApp(record, "five-card.record.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        for bar in screen.query(ProgressBar):
            await bar.remove()
        screen._progress(1, 8)  # nothing to show it on: no error
        await pilot.press("q")
