"""A static widget that redraws only when its text changes, and lays out only when its height does."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

__all__ = ["Sketch"]


class Sketch(Static):
    """:meth:`paint` it with a Rich ``Text``; repeated paints of the same text cost nothing."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._painted: Text | None = None

    @property
    def text(self) -> Text:
        """What is painted now."""
        return self._painted if self._painted is not None else Text()

    def _height(self, text: Text) -> int | None:
        """Lines ``text`` takes at the widget's width, wrapped (None before the widget has a width)."""
        width = self.content_region.width
        if not width or not self.is_mounted:
            return None
        return len(text.wrap(self.app.console, width))

    def paint(self, text: Text) -> None:
        last = self._painted
        if last is not None and last == text:
            return
        height = self._height(text)
        layout = last is None or height is None or height != self._height(last)
        self._painted = text
        self.update(text, layout=layout)
