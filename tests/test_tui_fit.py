"""Everything fits a terminal of 80x24 in every game kind (issue 25): the title line with every score,
the left column without scrolling (the prompt always in sight), the show panel with room to read,
the board's scale never wrapped onto a line of its own, and the boxes over the table whole."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pegboard.tui.app import PegboardApp
from pegboard.tui.screens.game import CountsPanel, GameScreen, PlayArea
from pegboard.tui.screens.summary import HistoryScreen, SummaryScreen
from tests.tui.driver import SIZE, keys_for, make_app, screen_text, settle, tap

pytestmark = pytest.mark.asyncio

KINDS: list[tuple[str, dict[str, Any]]] = [
    ("cribbage", {}), ("cribbage-3", {"muggins": True}), ("cribbage-4", {}), ("cribbage-4-solo", {}),
    ("five-card", {}), ("snailspace", {}), ("solitaire", {}),
]


async def problems(pilot: Any, app: PegboardApp, when: str) -> list[str]:
    """What is cut on the screen now, in words (nothing: an empty list)."""
    found = []
    text = await screen_text(pilot)
    lines = text.splitlines()
    screen = app.game_screen
    assert screen is not None
    if app.screen is screen:
        if "…" in lines[0]:
            found.append(f"{when}: the title line is cut: {lines[0].strip()!r}")
        scores = [str(score) for score in screen.ctl.game.score_list]
        if not all(score in lines[0] for score in scores):
            found.append(f"{when}: the title line lacks a score: {lines[0].strip()!r}")
        play = screen.query_one(PlayArea)
        if play.max_scroll_y > 0:
            found.append(f"{when}: the left column needs scrolling ({play.max_scroll_y} lines below)")
        board = screen.query_one("#board")
        for line in lines[1:1 + board.size.height]:
            if line.strip().startswith("×"):
                found.append(f"{when}: the board's scale wrapped alone: {line!r}")
        if screen.counts_deal is not None:
            panel = screen.query_one(CountsPanel)
            inner = panel.size.height
            if inner < min(9, panel.virtual_size.height):
                found.append(f"{when}: the show panel shows {inner} rows of {panel.virtual_size.height}")
    else:  # a box over the table: its keys line is in sight
        keys = app.screen.query(".keys")
        if keys and keys.first().region.bottom > SIZE[1]:
            found.append(f"{when}: the box's keys are off screen")
    return found


async def play_until(pilot: Any, app: PegboardApp, stop: Any, rng: random.Random) -> GameScreen:
    for _ in range(3000):
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        if stop(screen, app):
            return screen
        if app.screen is not screen:
            await tap(pilot, "escape" if isinstance(app.screen, SummaryScreen) else "enter")
            continue
        seat = screen.human()
        if seat is None:
            await tap(pilot, "enter")  # a held table
            continue
        action = random.Random(rng.random()).choice(screen.ctl.game.legal_actions(seat))
        await tap(pilot, *keys_for(screen, action))
    raise AssertionError("never reached")


@pytest.mark.slow
@pytest.mark.parametrize("game, options", KINDS, ids=[kind for kind, _ in KINDS])
async def test_every_screen_fits_80_by_24(tmp_path: Path, game: str, options: dict[str, Any]) -> None:
    app = make_app(tmp_path, game, seed=11, names=("Annabelle",), **options)
    found: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        rng = random.Random(5)
        await settle(pilot)
        found += await problems(pilot, app, "at the start")
        await play_until(pilot, app, lambda screen, app: len(screen.ctl.game.events) > 25 or screen.ctl.game.finished,
                         rng)
        found += await problems(pilot, app, "in play")
        await play_until(pilot, app, lambda screen, app: screen.counts_deal is not None
                                  and app.screen is screen or screen.ctl.game.finished, rng)
        found += await problems(pilot, app, "the first counts")
        await tap(pilot, "v")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        found += await problems(pilot, app, "the history")
        await tap(pilot, "escape")
        await settle(pilot)
    assert not found, "\n".join(found)
