"""Whole games of every preset against the random computer, played through the app's keys."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pegboard.bots import make_bot
from pegboard.engine.actions import Action
from pegboard.tui.screens.game import GameScreen
from pegboard.tui.store import Store
from tests.tui.driver import SIZE, make_app, play_out

pytestmark = pytest.mark.asyncio


@pytest.mark.slow
@pytest.mark.parametrize("game, seed, options", [
    ("cribbage", 8, {}),
    ("cribbage-3", 48, {}),
    ("cribbage-4", 53, {}),
    ("cribbage-4-solo", 53, {}),
    ("five-card", 30, {}),
    ("snailspace", 11, {}),
    ("snailspace", 11, {"count_at_end": True, "deals": 4}),
    ("solitaire", 11, {}),
    ("solitaire", 12, {"discards": 0}),
])  # fmt: skip
async def test_whole_game_through_the_keys(tmp_path: Path, game: str, seed: int, options: dict[str, object]) -> None:
    """The seeds are fixed (and the cribbage ones give games of 4 to 10 deals, to keep the suite quick)."""
    app = make_app(tmp_path, game, seed=seed, **options)
    rng = random.Random(3)

    def choose(screen: GameScreen, legal: tuple[Action, ...]) -> Action:
        """Cribbage: mostly what the greedy bot would do (quicker games); else anything legal."""
        rules = screen.ctl.game.rules
        if rules.family != "cribbage" or rng.random() < 0.2:
            return rng.choice(legal)
        seat = legal[0].seat
        return make_bot("greedy", rules, seat, seed=rng.randrange(99)).choose(screen.ctl.game.view(seat))

    async with app.run_test(size=SIZE) as pilot:
        end = await play_out(pilot, rng, choose=choose)
        assert app.game_screen is not None
        ctl = app.game_screen.ctl
        assert ctl.game.finished
        assert ctl.game.winner is not None or ctl.game.rules.family != "cribbage"
        rows = Store(tmp_path).summary()
        assert [(row.game, row.played) for row in rows] == [(game, 1)]
        assert end.result
