"""The boxes of a duplicate set (``pegboard play --duplicate N``): half-time, when the first half is
over (Enter plays the same deals from the other seat), and the set's result, deal by deal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from pegboard.duplicate import DuplicateResult
from pegboard.engine import GameState
from pegboard.errors import PegboardError
from pegboard.tui.mystats import set_renderable
from pegboard.tui.screens.modals import BoxScreen

__all__ = ["HalfTimeScreen", "SetScreen", "half_time_words"]


def half_time_words(first: GameState, saved: str) -> str:
    """What the first half came to, and what comes next."""
    person, computer = first.players
    scores = first.scores()
    deals = f"{first.rules.deals} deal{'s' if first.rules.deals != 1 else ''}"
    return (f"{person} {scores[person]}, {computer} {scores[computer]} after {deals}.\n\n"
            f"Now the same {deals} again from the other seat: you hold the cards "
            f"{computer} held, and {computer} yours, with the same dealer each deal. The set's result is the "
            f"difference between what you and {computer} made of the same cards.\n\n{saved}")


class HalfTimeScreen(BoxScreen, inherit_bindings=False):
    """The first half is over: Enter plays the second (result ``next``), q quits (``quit``)."""

    BINDINGS = [Binding("enter,space,n", "choose('next')", "Second half"), Binding("q", "choose('quit')", "Quit")]

    def __init__(self, first: GameState, saved: str) -> None:
        super().__init__()
        self.first = first
        self.saved = saved

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Duplicate set: the first half is over", classes="title")
            yield Static(Text(half_time_words(self.first, self.saved)), id="half-time")
            yield Static("Enter: play the second half · q: quit (the second half is saved: pegboard play --resume)",
                         classes="keys")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class SetScreen(BoxScreen, inherit_bindings=False):
    """The set is over: its result deal by deal; n another set, 1 or 2 reviews a half, w saves both
    halves' records, q quits, Esc looks at the table."""

    BINDINGS = [Binding("n", "choose('new')", "Another set"), Binding("1", "review(0)", "Review half 1"),
                Binding("2", "review(1)", "Review half 2"), Binding("w", "records", "Save the records"),
                Binding("q", "choose('quit')", "Quit"), Binding("escape,enter", "choose('look')", "Look")]

    def __init__(self, result: DuplicateResult, kept: str, review: Callable[[int], None],
                 save_records: Callable[[], tuple[Path, Path]]) -> None:
        super().__init__()
        self.result = result
        self.kept = kept
        self.review = review
        self.save_records = save_records

    def compose(self) -> ComposeResult:
        body: RenderableType = set_renderable(self.result)
        with Vertical():
            yield Static("Duplicate set: the result", classes="title", id="result")
            with VerticalScroll():
                yield Static(body, id="set")
            yield Static(Text(self.kept), id="saved")
            yield Static("n another set · 1 / 2 review a half · w save the records · q quit · Esc the table",
                         classes="keys")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_review(self, half: int) -> None:
        self.review(half)

    def action_records(self) -> None:
        try:
            first, second = self.save_records()
        except PegboardError as error:
            self.query_one("#saved", Static).update(Text(f"Not saved: {error}", style="bold #ff5f5f"))
            return
        self.query_one("#saved", Static).update(Text(f"Saved: {first}\nand {second}"))
