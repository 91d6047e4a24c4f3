"""The ``pegboard play`` app: one game screen at a time; quitting mid-game saves the game.

Headless use (tests)::

    app = PegboardApp(Controller.start(Setup("cribbage", "random", seed=1)), Store(tmp), pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        ...
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from pegboard.engine.actions import small_number
from pegboard.errors import PegboardError
from pegboard.tui.controller import Controller, title_of
from pegboard.tui.review import REVIEW_CSS
from pegboard.tui.screens.game import GAME_CSS, GameScreen
from pegboard.tui.screens.modals import MODAL_CSS, ResumeScreen
from pegboard.tui.store import SavedGame, Store

__all__ = ["PegboardApp"]


class PegboardApp(App[None]):
    """The terminal app for one table (and the games that follow it).

    ``saves``: saved games to offer before the new game ``ctl`` starts (resume one, or start anew;
    no save is ever dropped but by finishing its game).
    """

    TITLE = "pegboard"
    CSS = GAME_CSS + MODAL_CSS + REVIEW_CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Save & quit", priority=True)]

    def __init__(self, ctl: Controller, store: Store, *, pace: float = 0.6, hold: bool | None = None,
                 saves: Sequence[SavedGame] = ()) -> None:
        super().__init__()
        self.first = ctl
        self.store = store
        self.pace = pace
        self.hold = hold
        self.saves = list(saves)
        self.saved: Path | None = None
        self.unsaved_warned = False
        self.title = title_of(ctl)

    def on_mount(self) -> None:
        if not self.saves:
            self._play(self.first)
            return
        offer = ResumeScreen([saved.describe() for saved in self.saves], self.first.setup.game)
        self.push_screen(offer, self._chosen)

    def _chosen(self, choice: str | None) -> None:
        number = small_number(choice or "")
        if number is not None and number < len(self.saves):
            try:
                self._play(self.saves[number].controller())
                return
            except PegboardError as error:
                self.notify(f"That save cannot be resumed: {error}", severity="error", markup=False)
        self._play(self.first)

    def _play(self, ctl: Controller) -> None:
        if ctl.save_path is not None:  # a resumed game: no other terminal may open it meanwhile
            self.store.claim(ctl.save_path)
        self.title = title_of(ctl)
        self.push_screen(GameScreen(ctl, self.store, pace=self.pace, hold=self.hold))

    def on_unmount(self) -> None:
        """The app is closing: its saves are free for another terminal."""
        self.store.release_all()

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
        """Save an unfinished game, then quit. If it cannot be saved, say why and quit only when asked
        again (the game would be lost)."""
        try:
            self.save_unfinished()
        except PegboardError as error:
            if not self.unsaved_warned:
                self.unsaved_warned = True
                self.notify(f"The game could not be saved: {error}. Ctrl+Q again quits without saving.",
                            severity="error", timeout=10, markup=False)
                return
        self.exit()
