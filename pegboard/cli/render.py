"""Rich helpers shared by the commands: coloured cards, score tables."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pegboard.cards import Card
from pegboard.scoring.items import Score

__all__ = ["card_text", "cards_text", "score_table", "console", "progress_bar"]

_RED_SUITS = (1, 2)  # diamonds, hearts
PIPED_WIDTH = 4096
"""Columns of output that goes to a pipe or a file: wide enough that no table is ever cut."""


def console(stderr: bool = False) -> Console:
    """Where a command prints. In a terminal, its width; piped or redirected (``pegboard stats board |
    cat``), lines are never wrapped or cut, unless ``COLUMNS`` says how wide to be."""
    out = Console(stderr=stderr, highlight=False)
    if not out.is_terminal and "COLUMNS" not in os.environ:
        out.width = PIPED_WIDTH
    return out


@contextmanager
def progress_bar(description: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on standard error while the block runs (none out of a terminal); the block is
    given ``progress(done, total)`` to move it."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    errors = Console(stderr=True)
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True, console=errors, disable=not errors.is_terminal) as bar:
        task = bar.add_task(description, total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield progress


def card_text(card: Card) -> Text:
    """A card as ``5♥`` in red or black-on-default."""
    return Text(card.symbol, style="bold red" if card.suit in _RED_SUITS else "bold")


def cards_text(cards: Iterable[Card]) -> Text:
    return Text(" ").join(card_text(card) for card in cards)


def score_table(score: Score, title: str | None = None) -> Table:
    """The itemised combinations of a score, with a running total."""
    table = Table(title=title, show_footer=True, title_justify="left")
    table.add_column("Combination", footer="Total")
    table.add_column("Cards")
    table.add_column("Points", justify="right", footer=str(score.total))
    table.add_column("Running", justify="right")
    running = 0
    for item in score.items:
        running += item.points
        table.add_row(item.kind, cards_text(item.cards), str(item.points), str(running))
    return table
