"""Cards on screen: coloured chips and faces (red suits red), card backs, and the hand widget
(numbered cards, a cursor, picked cards, mouse clicks)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.text import Text
from textual import events
from textual.message import Message

from pegboard.cards import Card
from pegboard.tui.widgets.sketch import Sketch

__all__ = ["HandView", "chip", "chips", "backs", "colour_cards", "card_colour"]

RED_SUITS = (1, 2)  # diamonds, hearts
FACE = "on #f4f1e8"
PICKED = "on #f7d154"
DIMMED = "#8a8a8a on #3a3a3a"
BACK = "#c9d6ff on #2b4c9b"
_CARD_TEXT = re.compile(r"(10|[2-9AJQK])[♣♦♥♠]")


def card_colour(card: Card) -> str:
    """The ink of a card: red for hearts and diamonds, black for clubs and spades."""
    return "#c0171c" if card.suit in RED_SUITS else "#111111"


def chip(card: Card, *, picked: bool = False, dim: bool = False) -> Text:
    """A card as a one-line chip, four cells wide: `` 5♥ `` or ``10♠ ``."""
    label = card.symbol.rjust(3) + " "
    if dim:
        return Text(label, style=DIMMED)
    return Text(label, style=f"bold {card_colour(card)} {PICKED if picked else FACE}")


def chips(cards: Iterable[Card], gap: str = " ") -> Text:
    """Cards as chips separated by ``gap``."""
    return Text(gap).join(chip(card) for card in cards)


def backs(count: int) -> Text:
    """``count`` face-down cards."""
    return Text(" ").join(Text("▒▒", style=BACK) for _ in range(count))


def colour_cards(line: str, style: str = "") -> Text:
    """Plain text with the card symbols in it coloured (``describe_event`` output, spoken counts)."""
    text = Text(line, style=style)
    for match in _CARD_TEXT.finditer(line):
        red = match.group(0)[-1] in "♦♥"
        text.stylize("bold #ff5f5f" if red else "bold", match.start(), match.end())
    return text


def _face_lines(card: Card, style: str) -> list[Text]:
    symbol = card.symbol
    return [Text(symbol.ljust(5), style=style), Text(f"  {symbol[-1]}  ", style=style),
            Text(symbol.rjust(5), style=style)]


class HandView(Sketch):
    """A row (or rows) of numbered cards; number keys, arrows and clicks pick them.

    Cards that fit on one row are drawn as 5x3 faces, else as one-line chips that wrap.
    """

    class Picked(Message):
        """A card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.short = False  # one line a row of cards (a short terminal): ``1 5♥  2 10♠ ...``
        self.cards: tuple[Card, ...] = ()
        self.picked: frozenset[int] = frozenset()
        self.cursor: int | None = None
        self.playable: frozenset[int] | None = None
        self.caption = ""
        self.hidden = 0
        self._spots: list[tuple[int, int, int, int, int]] = []  # (top, bottom, left, right, index)

    def show(self, cards: Sequence[Card], *, picked: Iterable[int] = (), cursor: int | None = None,
             playable: Iterable[int] | None = None, caption: str = "", hidden: int = 0) -> None:
        """Show ``cards`` (or ``hidden`` face-down cards) with a caption line."""
        self.cards = tuple(cards)
        self.picked = frozenset(picked)
        self.cursor = cursor
        self.playable = None if playable is None else frozenset(playable)
        self.caption = caption
        self.hidden = hidden
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        width = self.content_region.width or 60
        lines: list[Text] = [Text(self.caption, style="bold")] if self.caption else []
        self._spots = []
        if self.hidden and not self.cards:
            lines.append(backs(self.hidden))
        elif self.cards and self.short:
            lines.extend(self._line(len(lines), width))
        elif self.cards:
            tall = len(self.cards) * 6 - 1 <= width
            lines.extend(self._tall(len(lines)) if tall else self._compact(len(lines), width))
        self.paint(Text("\n").join(lines))

    def _style(self, index: int) -> tuple[str, bool]:
        card = self.cards[index]
        dim = self.playable is not None and index not in self.playable
        if dim:
            return DIMMED, True
        return f"bold {card_colour(card)} {PICKED if index in self.picked else FACE}", False

    def _label(self, index: int, width: int) -> Text:
        picked = index in self.picked
        number = str(index + 1)
        label = f"[{number}]" if picked else number
        return Text(label.center(width), style="bold #f7d154" if picked else "#9aa0a6")

    def _marker(self, index: int, width: int) -> Text:
        return Text(("▀" * (width - 1)).ljust(width) if index == self.cursor else " " * width, style="bold #5fd7ff")

    def _tall(self, top: int) -> list[Text]:
        rows = [Text() for _ in range(5)]
        for index, card in enumerate(self.cards):
            style, _ = self._style(index)
            gap = " " if index else ""
            rows[0].append(gap)
            rows[0].append(self._label(index, 5))
            for line, face in zip(rows[1:4], _face_lines(card, style)):
                line.append(gap)
                line.append(face)
            rows[4].append(gap)
            rows[4].append(self._marker(index, 5))
            left = index * 6
            self._spots.append((top, top + 5, left, left + 5, index))
        return rows

    def _compact(self, top: int, width: int) -> list[Text]:
        per_row = max(1, (width + 1) // 5)
        lines: list[Text] = []
        for start in range(0, len(self.cards), per_row):
            labels, faces, markers = Text(), Text(), Text()
            for column, index in enumerate(range(start, min(start + per_row, len(self.cards)))):
                style, _ = self._style(index)
                gap = " " if column else ""
                labels.append(gap)
                labels.append(self._label(index, 4))
                faces.append(gap)
                faces.append(Text(self.cards[index].symbol.rjust(3) + " ", style=style))
                markers.append(gap)
                markers.append(self._marker(index, 4))
                row_top = top + len(lines)
                self._spots.append((row_top, row_top + 3, column * 5, column * 5 + 4, index))
            lines.extend((labels, faces, markers))
        return lines

    def _line(self, top: int, width: int) -> list[Text]:
        """Each card as its number and face on one line (the cursor's underlined, picked ones in brackets)."""
        per_row = max(1, (width + 1) // 8)
        lines: list[Text] = []
        for start in range(0, len(self.cards), per_row):
            line = Text()
            for column, index in enumerate(range(start, min(start + per_row, len(self.cards)))):
                style, _ = self._style(index)
                picked = index in self.picked
                line.append(" " if column else "")
                line.append(f"{index + 1:>2}", style="bold #f7d154" if picked else "#9aa0a6")
                face = self.cards[index].symbol
                face = f"[{face}]" if picked else f" {face} "
                line.append(face.ljust(5), style=style + (" underline" if index == self.cursor else ""))
                self._spots.append((top + len(lines), top + len(lines) + 1, column * 8, column * 8 + 7, index))
            lines.append(line)
        return lines

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for top, bottom, left, right, index in self._spots:
            if top <= offset.y < bottom and left <= offset.x < right:
                self.post_message(self.Picked(index))
                return
