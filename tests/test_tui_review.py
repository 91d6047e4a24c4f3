"""The Review screen of the terminal app (issue 21): reached from a replay with r, or on its own with
``pegboard review FILE --app``; steps through the decisions with the table as each player saw it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from pegboard.records import load_record
from pegboard.tui.replay import ReplayApp, ReplayScreen
from pegboard.tui.review import ReviewApp, ReviewScreen, chart_text
from tests.tui.driver import SIZE

GOLDEN = Path(__file__).parent / "golden"


async def reviewed(pilot: object, screen: ReviewScreen) -> None:
    for _ in range(600):
        if screen.found is not None:
            break
        await asyncio.sleep(0.05)
    await pilot.pause()  # type: ignore[attr-defined]
    assert screen.found is not None


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
        assert "Every choice" in str(detail) and costly[0].choice.text() in str(detail)
        await pilot.press("j")
        await pilot.pause()
        assert costly[1].choice.text() in str(screen.query_one("#review-decision").render())
        await pilot.press("m")
        await pilot.pause()
        assert len(screen.shown) == len(screen.found.decisions)
        await pilot.press("q")
    assert not app.is_running


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


def test_the_chart_marks_the_costly_decisions() -> None:
    from pegboard.analysis.review import review

    found = review(load_record(GOLDEN / "cribbage.record.json"))
    text = chart_text(found, 60, 8)
    assert text.plain.count("●") >= 1 and "chance to win" in text.plain
    assert all(len(line) == 60 for line in text.plain.splitlines()[:8])
