"""From a player's view to what the widgets draw: board sides, the table text, the grid."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from rich.text import Text

from pegboard.cards import Card
from pegboard.engine import GameState
from pegboard.engine.gameview import GridView
from pegboard.engine.snailspace import SnailspaceView
from pegboard.engine.solitaire import SolitaireView
from pegboard.engine.views import SeatView
from pegboard.kinds import kind_named
from pegboard.rules import Rules
from pegboard.tui.widgets.board import Side
from pegboard.tui.widgets.grid import CURSOR, GridSpec
from pegboard.tui.widgets.table import cribbage_table, snailspace_table, solitaire_table

__all__ = ["board_sides", "table_text", "grid_spec", "finished_grid", "TERMINAL_TABLE"]

TERMINAL_TABLE = "terminal table"
"""The role under which a kind registers the terminal app's table: ``(view, labels, hands, width, rules,
recent) -> Text`` (:meth:`~pegboard.kinds.GameKind.renderer`)."""

SNAIL_SIZE = 5
SQUARE_SIZE = 4


def board_sides(view: SeatView, game: GameState) -> list[Side]:
    """Each side's pegs, and which side deals."""
    dealer = getattr(view, "dealer", None)
    dealer_side = None if dealer is None else game.side_of(dealer)
    return [Side(name, score, previous, side == dealer_side)
            for side, (name, score, previous) in enumerate(zip(game.side_names, view.scores, view.previous_scores))]


def table_text(view: SeatView, labels: Sequence[str], hands: Mapping[int, Sequence[Card]] | None = None,
               width: int = 80, *, rules: Rules | None = None,
               recent: Sequence[tuple[int | None, str]] = ()) -> Text:
    """The table for any game's view, ``width`` cells wide; ``recent``: the latest moves in words (drawn
    by the renderer its kind registered, :data:`TERMINAL_TABLE`)."""
    kind = (rules or Rules.preset(view.game)).kind
    draw: Callable[..., Text] = kind.renderer(TERMINAL_TABLE)
    return draw(view, labels, hands, width, rules, recent)


def _line_totals(view: SeatView) -> dict[str, int]:
    totals: dict[str, int] = {}
    for event in view.events:
        if event.type == "score" and event.phase == "show":
            totals[event.where] = totals.get(event.where, 0) + event.points
    return totals


def grid_spec(view: GridView, cursor: int | None = None) -> GridSpec:
    """The grid of a Snailspace or solitaire view; ``cursor`` is the solitaire cursor (16: discard)."""
    if Rules.preset(view.game).cells_in_order:
        cell = cast(SnailspaceView, view).next_cell
        return GridSpec(view.grid, tuple("01234"), tuple("01234"),
                        marked=None if cell is None else cell[0] * SNAIL_SIZE + cell[1], centre=12)
    square = cast(SolitaireView, view)
    totals = _line_totals(view) if view.finished else {}
    cells = SQUARE_SIZE * SQUARE_SIZE
    return GridSpec(
        view.grid, tuple("abcd"), tuple("1234"),
        marked=cursor if cursor is not None and cursor < cells else None, mark_style=CURSOR,
        discards=square.discards, discard_spaces=square.discard_spaces, discard_marked=cursor == cells,
        row_notes=tuple(f"= {totals.get(f'row {row}', 0)}" for row in "1234") if totals else (),
        column_notes=tuple(f"{totals.get(f'column {col}', 0)}" for col in "abcd") if totals else (),
    )


def finished_grid(events: Sequence[Any], deal: int) -> GridSpec:
    """The Snailspace grid as ``deal`` left it (from its starter and place events), with each
    line's points at the end of the deal (count at the end) beside it."""
    cells: list[Card | None] = [None] * (SNAIL_SIZE * SNAIL_SIZE)
    totals: dict[str, int] = {}
    for event in events:
        if event.deal != deal:
            continue
        if event.type in ("starter", "place") and event.where.startswith("("):
            row, col = (int(part) for part in event.where.strip("()").split(","))
            cells[row * SNAIL_SIZE + col] = event.cards[0]
        elif event.type == "score" and event.phase == "show":
            totals[event.where] = totals.get(event.where, 0) + event.points
    digits = tuple("01234")
    return GridSpec(tuple(cells), digits, digits, centre=12,
                    row_notes=tuple(f"= {totals.get(f'row {row}', 0)}" for row in digits) if totals else (),
                    column_notes=tuple(str(totals.get(f"column {col}", 0)) for col in digits) if totals else ())


kind_named("cribbage").register_renderer(
    TERMINAL_TABLE, lambda view, labels, hands, width, rules, recent: cribbage_table(
        view, labels, hands, width, recent))
kind_named("snailspace").register_renderer(
    TERMINAL_TABLE, lambda view, labels, hands, width, rules, recent: snailspace_table(
        view, labels, hands, fifteens=bool(rules and rules.fifteens)))
kind_named("solitaire").register_renderer(
    TERMINAL_TABLE, lambda view, labels, hands, width, rules, recent: solitaire_table(view))
