"""Whole games of every preset against the random computer, played through the app's keys."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pegboard.tui.store import Store
from tests.tui.driver import SIZE, make_app, play_out

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("game, options", [
    ("cribbage", {}),
    ("cribbage-3", {}),
    ("cribbage-4", {}),
    ("cribbage-4-solo", {}),
    ("five-card", {}),
    ("snailspace", {}),
    ("snailspace", {"count_at_end": True, "deals": 4}),
    ("solitaire", {}),
    ("solitaire", {"discards": 0}),
])  # fmt: skip
async def test_whole_game_through_the_keys(tmp_path: Path, game: str, options: dict[str, object]) -> None:
    app = make_app(tmp_path, game, seed=11, **options)
    async with app.run_test(size=SIZE) as pilot:
        end = await play_out(pilot, random.Random(3))
        assert app.game_screen is not None
        ctl = app.game_screen.ctl
        assert ctl.game.finished
        assert ctl.game.winner is not None or ctl.game.rules.family != "cribbage"
        rows = Store(tmp_path).summary()
        assert [(row.game, row.played) for row in rows] == [(game, 1)]
        assert end.result
