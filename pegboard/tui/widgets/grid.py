"""The grid of the grid games: Snailspace's 5x5 spiral (the next cell marked) and the solitaire
square's 4x4 cells with its discard spaces (a cursor to place the card turned; clicks too)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual import events
from textual.message import Message

from pegboard.cards import Card
from pegboard.tui.widgets.cards import chip
from pegboard.tui.widgets.sketch import Sketch

__all__ = ["GridSpec", "GridView", "grid_lines", "DISCARD"]

DISCARD = -1
"""The index a click on a discard space reports."""
MARK = "bold #ffffff on #2f7d32"
CURSOR = "bold #111111 on #5fd7ff"


@dataclass(frozen=True)
class GridSpec:
    """What to draw: cells row-major, labels, the marked cell (next cell or cursor), extras."""

    cells: tuple[Card | None, ...]
    columns: tuple[str, ...]
    rows: tuple[str, ...]
    marked: int | None = None
    mark_style: str = MARK
    hinted: int | None = None
    centre: int | None = None
    discards: tuple[Card, ...] = ()
    discard_spaces: int = 0
    discard_marked: bool = False
    row_notes: tuple[str, ...] = ()
    column_notes: tuple[str, ...] = ()
    footer: tuple[Text, ...] = field(default=())




def _cell(spec: GridSpec, index: int) -> Text:
    card = spec.cells[index]
    if index == spec.marked:
        return Text(" ◆◆ " if card is None else card.symbol.rjust(3) + " ", style=spec.mark_style)
    if index == spec.hinted and card is None:
        return Text(" ?? ", style="bold #111111 on #f7d154")
    if card is None:
        return Text("  · ", style="#6c6c6c")
    text = chip(card)
    if index == spec.centre:
        text.stylize("underline")
    return text


def grid_lines(spec: GridSpec) -> tuple[Text, list[tuple[int, int, int, int]]]:
    """The grid as text, and where each cell and discard space is: (line, left, right, index)."""
    width = len(spec.columns)
    lines: list[Text] = []
    spots: list[tuple[int, int, int, int]] = []
    header = Text("   ")
    for label in spec.columns:
        header.append(label.center(5), style="#9aa0a6")
    lines.append(header)
    for row, row_label in enumerate(spec.rows):
        line = Text(f"{row_label:>2} ", style="#9aa0a6")
        for col in range(width):
            index = row * width + col
            spots.append((len(lines), 3 + col * 5, 3 + col * 5 + 4, index))
            line.append_text(_cell(spec, index))
            line.append(" ")
        if row < len(spec.row_notes):
            line.append(f" {spec.row_notes[row]}", style="bold")
        lines.append(line)
    if spec.column_notes:
        notes = Text("   ")
        for note in spec.column_notes:
            notes.append(note.center(5), style="bold")
        lines.append(notes)
    if spec.discard_spaces:
        line = Text("Discards: ", style="#9aa0a6")
        for space in range(spec.discard_spaces):
            left = line.cell_len
            if space < len(spec.discards):
                line.append_text(chip(spec.discards[space]))
            else:
                marked = spec.discard_marked and space == len(spec.discards)
                line.append(" ·· " if marked else "  · ", style=CURSOR if marked else "#6c6c6c")
            spots.append((len(lines), left, left + 4, DISCARD))
            line.append(" ")
        lines.append(line)
    lines.extend(spec.footer)
    return Text("\n").join(lines), spots


class GridView(Sketch):
    """Draws a :class:`GridSpec`; clicking a cell posts :class:`GridView.Picked`."""

    class Picked(Message):
        """A cell (row-major index) or a discard space (:data:`DISCARD`) was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spots: list[tuple[int, int, int, int]] = []  # (line, left, right, index)

    def show(self, spec: GridSpec) -> None:
        text, self._spots = grid_lines(spec)
        self.paint(text)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for line, left, right, index in self._spots:
            if offset.y == line and left <= offset.x < right:
                self.post_message(self.Picked(index))
                return
