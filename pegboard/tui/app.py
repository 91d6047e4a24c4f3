"""The ``pegboard play`` app: one game screen at a time; quitting mid-game saves the game.

Headless use (tests)::

    app = PegboardApp(Controller.start(Setup("cribbage", "random", seed=1)), Store(tmp), pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        ...
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from pegboard.tui.controller import Controller
from pegboard.tui.screens.game import GAME_CSS, GameScreen
from pegboard.tui.screens.modals import MODAL_CSS
from pegboard.tui.store import Store

__all__ = ["PegboardApp", "GAME_TITLES"]

GAME_TITLES = {
    "cribbage": "Cribbage", "cribbage-3": "Three-player cribbage", "cribbage-4": "Partnership cribbage",
    "cribbage-4-solo": "Four-player cribbage", "five-card": "Five-card cribbage", "snailspace": "Snailspace",
    "solitaire": "Cribbage Square Solitaire",
}  # fmt: skip


class PegboardApp(App[None]):
    """The terminal app for one table (and the games that follow it)."""

    TITLE = "pegboard"
    CSS = GAME_CSS + MODAL_CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Save & quit", priority=True)]

    def __init__(self, ctl: Controller, store: Store, *, pace: float = 0.6) -> None:
        super().__init__()
        self.first = ctl
        self.store = store
        self.pace = pace
        self.saved: Path | None = None
        rules = ctl.game.rules
        target = f" to {rules.target}" if rules.target and rules.family == "cribbage" else ""
        people = " · hot seat" if ctl.hot_seat else ""
        self.title = f"pegboard · {GAME_TITLES.get(rules.name, rules.name)}{target}{people}"

    def on_mount(self) -> None:
        self.push_screen(GameScreen(self.first, self.store, pace=self.pace))

    @property
    def game_screen(self) -> GameScreen | None:
        """The game screen under any boxes on top of it."""
        return next((screen for screen in reversed(self.screen_stack) if isinstance(screen, GameScreen)), None)

    def save_unfinished(self) -> Path | None:
        """Save the game in play if it is not over; the path, or None."""
        screen = self.game_screen
        if screen is None or screen.ctl.game.finished:
            return None
        self.saved = self.store.save_game(screen.ctl)
        return self.saved

    async def action_quit(self) -> None:
        """Save an unfinished game, then quit."""
        self.save_unfinished()
        self.exit()
