"""Boxes about the game as a whole: the score history (any time, key v) and the game's summary at the
end (winner, skunk, points by source, the best deal, time played; play again or review)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from pegboard.errors import PegboardError
from pegboard.tui.explain import ShowCount
from pegboard.tui.history import DealRow, GameSummary
from pegboard.tui.screens.modals import BoxScreen, counts_renderable

__all__ = ["HistoryScreen", "SummaryScreen", "history_table"]

SHORT = {"pegging": "peg", "hand": "hand", "crib": "crib", "other": "other", "placing": "place", "lines": "lines"}


def history_table(rows: Sequence[DealRow], sides: Sequence[str], columns: Sequence[str]) -> Table:
    """One row per deal: per side, each source's points and the deal's total; a running total last."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    table.add_column("deal", justify="right")
    for name in sides:
        for source in columns:
            table.add_column(f"{name[:8]} {SHORT[source]}" if source == columns[0] else SHORT[source],
                             justify="right")
        table.add_column("=", justify="right", style="bold")
    running = [0] * len(sides)
    for row in rows:
        cells = [str(row.deal + 1)]
        for side in range(len(sides)):
            cells.extend(str(row.points[side].get(source, 0) or "·") for source in columns)
            cells.append(str(row.total(side)))
            running[side] += row.total(side)
        table.add_row(*cells)
    table.add_section()
    total = ["all"]
    for side in range(len(sides)):
        total.extend(str(sum(row.points[side].get(source, 0) for row in rows)) for source in columns)
        total.append(str(running[side]))
    table.add_row(*total, style="bold")
    return table


class HistoryScreen(BoxScreen):
    """The score history, deal by deal (t or Esc closes it)."""

    BINDINGS = [Binding("escape,enter,v,q", "close", "Close")]

    def __init__(self, rows: Sequence[DealRow], sides: Sequence[str], columns: Sequence[str]) -> None:
        super().__init__()
        self.rows, self.sides, self.columns = rows, sides, columns

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Score history", classes="title")
            with VerticalScroll():
                yield Static(history_table(self.rows, self.sides, self.columns), id="history")
            yield Static("v or Esc: back to the table · l at the table: the last deal's counts again", classes="keys")


class SummaryScreen(ModalScreen[str]):
    """The game is over: its summary, the last counts; play again, review, save the record, or quit."""

    BINDINGS = [Binding("n,a", "choose('new')", "Play again"), Binding("r", "review", "Review"),
                Binding("w", "record", "Save record"), Binding("v", "choose('history')", "Scores"),
                Binding("q", "choose('quit')", "Quit"), Binding("escape,enter", "choose('look')", "Look")]

    def __init__(self, result: str, summary: GameSummary, counts: Sequence[ShowCount], players: Sequence[str],
                 save_record: Callable[[], Path], review: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.result = result
        self.summary = summary
        self.counts = counts
        self.players = players
        self.save_record = save_record
        self.review = review

    def compose(self) -> ComposeResult:
        parts: list[RenderableType] = [Text("\n".join(self.summary.lines) + "\n")]
        if self.counts:
            parts.append(counts_renderable(self.counts, self.players))
        with Vertical():
            yield Static(Text(self.result), classes="title", id="result")
            with VerticalScroll():
                yield Static(Group(*parts), id="summary")
            yield Static("", id="saved")
            yield Static("n play again · r review · v score history · w save the record · q quit · Esc the table",
                         classes="keys")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_review(self) -> None:
        """The Review screen for the game: every decision set against the best (Esc comes back here)."""
        if self.review is None:
            self.query_one("#saved", Static).update(Text("No review here: save the record (w) and review it with "
                                                         "pegboard review FILE."))
            return
        self.review()

    def action_record(self) -> None:
        try:
            path = self.save_record()
        except PegboardError as error:
            self.query_one("#saved", Static).update(Text(f"Not saved: {error}", style="bold #ff5f5f"))
            return
        self.query_one("#saved", Static).update(Text(f"Saved: {path}\nReplay it with: pegboard replay {path}"))
