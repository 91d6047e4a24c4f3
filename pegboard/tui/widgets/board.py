"""The cribbage board: a track of holes per side with two pegs that leapfrog (the front peg is the
score, the rear peg the score before the latest points), drawn to fit the space it has.

>>> lines = board_lines([Side("Ann", 7, 5), Side("Bob", 0, 0)], target=121, width=80, max_lines=4)
>>> len(lines), "●" in lines[0].plain, "○" in lines[0].plain
(4, True, True)
>>> distinct_labels(["Alexander", "Alexandra", "Bob"], 7)
['Alexa…r', 'Alexa…a', 'Bob']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events

from pegboard.tui.widgets.sketch import Sketch

__all__ = ["Side", "CribbageBoard", "board_lines", "distinct_labels", "SIDE_COLOURS", "NAME_WIDTH"]

SIDE_COLOURS = ("#5fd7ff", "#ff87d7", "#ffd75f", "#87ff87")
_HOLES = ("#7a7a7a", "#4f4f4f")  # alternate groups of five
NAME_WIDTH = 10
"""The widest name label on the board."""


def distinct_labels(names: Sequence[str], width: int) -> list[str]:
    """Names cut to ``width`` cells so that different names stay different: a name too long keeps
    its start and, if that is not enough, as much of its end as tells it apart (``Alexa…r``)."""
    def cut(name: str, tail: int) -> str:
        if len(name) <= width:
            return name
        if tail == 0:
            return name[:width]
        return name[: max(1, width - 1 - tail)] + "…" + name[-tail:]

    labels = [cut(name, 0) for name in names]
    for tail in range(1, width - 1):
        clashes = {label for label in labels if sum(other == label for other in labels) > 1}
        if not clashes:
            break
        labels = [cut(name, tail) if label in clashes and len(name) > width else label
                  for name, label in zip(names, labels)]
    return labels


@dataclass(frozen=True)
class Side:
    """One side on the board: its name, score (front peg) and previous score (rear peg)."""

    name: str
    score: int
    previous: int
    dealer: bool = False


def _chars(holes: int) -> int:
    """Width of a row of ``holes`` holes with a space after every thirty (a street)."""
    return holes + max(0, holes - 1) // 30


def _layout(holes: int, room: int, sides: int, max_lines: int) -> tuple[int, int, int]:
    """(points per hole, holes per row, rows per side) so the board fits ``room`` x ``max_lines``."""
    for scale in range(1, 13):
        count = math.ceil(holes / scale)
        widest = room
        while widest > 5 and _chars(widest) > room:
            widest -= 1
        rows = math.ceil(count / max(widest, 1))
        per_row = math.ceil(count / rows)
        if rows * sides <= max_lines or scale == 12:
            return scale, per_row, rows
    raise AssertionError("unreachable")


def _name_parts(name: str) -> list[str]:
    """A side's name as label lines: partners' names one a line (``Ann``, ``+Cat``)."""
    first, *others = name.split("+")
    return [first, *(f"+{other}" for other in others)]


def board_lines(sides: Sequence[Side], target: int, width: int, max_lines: int) -> list[Text]:
    """The board as lines of text: each side's label, then its holes and pegs."""
    parts = [_name_parts(side.name) for side in sides]
    name_width = min(NAME_WIDTH, max((len(part) for names in parts for part in names), default=4))
    flat = distinct_labels([part for names in parts for part in names], name_width)
    parts = [[flat.pop(0) for _ in names] for names in parts]
    label_width = name_width + 6
    room = max(10, width - label_width - 4)
    holes = max(1, target - 1)  # the last point is the game hole, drawn apart
    name_lines = max(len(names) for names in parts)  # partners: a name a line
    scale, per_row, rows = _layout(holes, room, len(sides), max(max_lines, len(sides) * name_lines))
    count = math.ceil(holes / scale)
    if rows < name_lines:
        rows = name_lines
        per_row = math.ceil(count / rows)
    labels = parts
    lines: list[Text] = []
    for number, side in enumerate(sides):
        colour = SIDE_COLOURS[number % len(SIDE_COLOURS)]

        def hole_of(points: int) -> int:
            return 0 if points <= 0 else count + 1 if points >= target else math.ceil(points / scale)

        front, rear = hole_of(side.score), hole_of(side.previous)
        for row in range(rows):
            line = Text()
            label = labels[number][row] if row < len(labels[number]) else ""
            if row == 0:
                line.append("▸" if side.dealer else " ", style="bold")
                line.append(label[:name_width].ljust(name_width), style=f"bold {colour}")
                line.append(f" {side.score:>3} ", style="bold")
                start = "●" if front == 0 else "○" if rear == 0 else "·"
                line.append(start + " ", style=colour if start != "·" else _HOLES[1])
            else:
                line.append(" " + label[:name_width].ljust(name_width), style=f"bold {colour}")
                line.append(" " * (label_width + 1 - name_width))
            first = row * per_row + 1
            for hole in range(first, min(count, first + per_row - 1) + 1):
                if hole > first and (hole - first) % 30 == 0:
                    line.append(" ")
                if hole == front:
                    line.append("●", style=f"bold {colour}")
                elif hole == rear:
                    line.append("○", style=colour)
                else:
                    line.append("·", style=_HOLES[((hole - 1) // 5) % 2])
            if row == rows - 1:
                line.append(" ")
                line.append("●" if front == count + 1 else "◎", style=f"bold {colour}" if front == count + 1 else "")
            lines.append(line)
    if scale > 1:  # the scale where it fits whole: never a lone "×2" wrapped onto a line of its own
        for note in (f"  (a hole is {scale} points)", f" ×{scale}"):
            fitting = [line for line in reversed(lines) if line.cell_len + len(note) <= width]
            if fitting:
                fitting[0].append(note, style="dim")
                break
    return lines


class CribbageBoard(Sketch):
    """The board widget; :meth:`show` sets the sides, and it redraws to fit when resized."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.sides: tuple[Side, ...] = ()
        self.target = 121
        self.max_lines = 8

    def show(self, sides: Sequence[Side], target: int, max_lines: int | None = None) -> None:
        self.sides = tuple(sides)
        self.target = target
        if max_lines is not None:
            self.max_lines = max_lines
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.sides:
            width = self.content_region.width or 78
            self.paint(Text("\n").join(board_lines(self.sides, self.target, width, self.max_lines)))
