"""``pegboard replay FILE`` in a terminal: step through a ``pegboard/1`` record on the same table,
every hand face up (left/right: one action; up/down: one deal; Home/End; r: the Review screen)."""

from __future__ import annotations

from typing import Any, cast

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from pegboard.engine import GameState
from pegboard.engine.gameview import GridView as GridGameView
from pegboard.present import board_length, describe_event
from pegboard.records import GameRecord, start_game
from pegboard.tui.controller import card_symbols, hand_order
from pegboard.tui.review import REVIEW_CSS
from pegboard.tui.screens.game import GAME_CSS, PlayArea
from pegboard.tui.widgets.board import CribbageBoard
from pegboard.tui.widgets.cards import colour_cards
from pegboard.tui.widgets.grid import GridView
from pegboard.tui.widgets.table import GameLog
from pegboard.tui.widgets.view import board_sides, grid_spec, table_text

__all__ = ["ReplayApp", "ReplayScreen"]


class ReplayScreen(Screen[None]):
    """A record, one action at a time."""

    AUTO_FOCUS = ""
    BINDINGS = [
        Binding("right,l,space", "step(1)", "Next"),
        Binding("left,h", "step(-1)", "Back"),
        Binding("down,pagedown", "deal(1)", "Next deal"),
        Binding("up,pageup", "deal(-1)", "Deal back"),
        Binding("home", "jump(0)", "Start"),
        Binding("end", "jump(-1)", "End"),
        Binding("r", "review", "Review"),
        Binding("q,escape", "app.quit", "Quit"),
    ]

    def __init__(self, record: GameRecord) -> None:
        super().__init__()
        self.record = record
        self.actions = [text for deal in record.deals for text in deal.actions]
        starts, total = [], 0
        for deal in record.deals:
            starts.append(total)
            total += len(deal.actions)
        self.deal_starts = starts
        self.step = 0
        self.game: GameState = start_game(record)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        yield CribbageBoard(id="board")
        with Horizontal(id="main"):
            with PlayArea(id="play"):
                yield Static(id="status")
                yield Static(id="table")
                yield GridView(id="grid")
            yield GameLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#grid").display = bool(self.game.rules.grid_side)
        self.show()

    def go_to(self, step: int) -> None:
        """Show the game after ``step`` actions (0: before any)."""
        step = max(0, min(len(self.actions), step))
        if step < self.step:
            self.game, self.step = start_game(self.record), 0
        while self.step < step:
            self.game.apply_text(self.actions[self.step])
            self.step += 1
        self.show()

    def action_step(self, delta: int) -> None:
        self.go_to(self.step + delta)

    def action_deal(self, delta: int) -> None:
        if delta > 0:
            later = [start for start in self.deal_starts if start > self.step]
            self.go_to(later[0] if later else len(self.actions))
        else:
            earlier = [start for start in self.deal_starts if start < self.step]
            self.go_to(earlier[-1] if earlier else 0)

    def action_jump(self, where: int) -> None:
        self.go_to(len(self.actions) if where < 0 else where)

    def action_review(self) -> None:
        from pegboard.tui.review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.record))

    def _hands(self) -> dict[int, Any]:
        hands = {}
        for seat in range(self.game.rules.players):
            view = self.game.view(seat)
            hands[seat] = hand_order(getattr(view, "hand", ()) or getattr(view, "kept", ()))
        return hands

    def show(self) -> None:
        game = self.game
        solitaire = not game.rules.holds_hand
        view = game.view(0 if solitaire else None)
        budget = max(2, min(8, (self.size.height or 24) - 20))
        self.query_one(CribbageBoard).show(board_sides(view, game), board_length(game.rules), budget)
        labels = list(game.players)
        table = self.query_one("#table", Static)
        table.update(table_text(view, labels, None if solitaire else self._hands(), table.content_region.width or 60,
                                rules=game.rules))
        if game.rules.grid_side:
            self.query_one(GridView).show(grid_spec(cast(GridGameView, view)))
        status = Text(f"Move {self.step} of {len(self.actions)}", style="bold")
        if self.step:
            status.append(f"  ·  {card_symbols(self.actions[self.step - 1])}", style="#5fd7ff")
        last = next((event for event in reversed(game.events) if event.type not in ("score", "dealt")), None)
        if last is not None:
            status.append("\n")
            status.append_text(colour_cards(describe_event(last, game.players)))
        if self.step == len(self.actions):
            status.append("\nEnd of the record." if not game.finished else f"\nGame over: {game.winner or 'a draw'}.",
                          style="bold #ffd75f")
        self.query_one("#status", Static).update(status)
        self.query_one(GameLog).follow(game.events, -1, game.players, game.rules)
        self.sub_title = " · ".join(f"{side} {score}" for side, score in game.scores().items())


class ReplayApp(App[None]):
    """The replay viewer."""

    TITLE = "pegboard replay"
    ENABLE_COMMAND_PALETTE = False
    CSS = GAME_CSS + "#status { height: auto; margin-bottom: 1; }" + REVIEW_CSS

    def __init__(self, record: GameRecord, source: str = "") -> None:
        super().__init__()
        self.record = record
        if source:
            self.title = f"pegboard replay · {source}"

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.record))
