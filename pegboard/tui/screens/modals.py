"""Screens over the table: help, the hot-seat handover, statistics, resuming; and counts item by item."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from pegboard.analysis.mystats import PlayedGame, player_stats, with_accuracy
from pegboard.engine.actions import small_number
from pegboard.errors import PegboardError
from pegboard.tui.explain import ShowCount, item_words
from pegboard.tui.mystats import stats_renderable
from pegboard.tui.store import StatsRow, Store
from pegboard.tui.widgets.cards import chip, chips, colour_cards

__all__ = ["MODAL_CSS", "HelpScreen", "HandoverScreen", "StatsScreen", "claim_words", "ResumeScreen",
           "counts_renderable", "widest_win"]

MODAL_CSS = """
BoxScreen, HandoverScreen, SummaryScreen, ResumeScreen { align: center middle; background: $background 100%; }
BoxScreen > Vertical, HandoverScreen > Vertical, SummaryScreen > Vertical, ResumeScreen > Vertical {
    width: 96%; max-width: 100; height: auto; max-height: 94%;
    border: round $accent; background: $surface; padding: 0 1; }
.title { text-style: bold; color: $accent; padding-bottom: 1; }
.keys { color: $text-muted; padding-top: 1; }
BoxScreen VerticalScroll, SummaryScreen VerticalScroll { height: auto; max-height: 100%; }
SummaryScreen > Vertical, HistoryScreen > Vertical, StatsScreen > Vertical, SetScreen > Vertical { height: 94%; }
SummaryScreen VerticalScroll, HistoryScreen VerticalScroll, StatsScreen VerticalScroll, SetScreen VerticalScroll {
    height: 1fr; max-height: 100%; }
"""

HELP = """\
[b]Playing[/b]
  1-9        pick a card by its number: play it, or pick it to throw
             (13 cards in Snailspace: type the number, then Enter)
  ← → ↑ ↓    move the cursor over your cards (or the solitaire cells)
  Space      pick the card under the cursor (throwing to the crib)
  Enter      play it · throw the cards picked · place on the cell
  g          say go (made for you when no card fits, unless --no-auto)
  p          pass: no muggins claim
  x          solitaire: discard the card turned
  / or Tab   type a move, then Enter: 5h · 10s · qd · 1 4 · go ·
             12 (a count) · a1 or 5h b3 (a cell). Typing a card
             letter (a t j q k) starts the line too; Esc leaves it.
  mouse      click a card to pick it, a cell or a discard space

[b]Help and tools[/b]
  h          hint: what the expert would do, and why (then Enter)
  s          statistics: per game and opponent level, and yours
             (points per deal against the experts', accuracy, sets)
  w          save the game's record (pegboard replay FILE); until the
             game is over, only its finished deals
  n          a new game, once this one is over
  r · Enter  once the game is over: its review · its summary again
  ?          this help
  Ctrl+Q     save and quit: the next pegboard play offers to resume

[b]The table[/b]
  The board has two pegs a side: the front peg is the score, the
  rear peg the score before the latest points, so they leapfrog.
  ▸ marks the dealer. Under the play, who played each card, in
  their colour on the board; the other players' latest card is lit,
  and "Latest" tells the moves since your last one. Moves with no
  choice (a go, your last card) are made for you. After the last
  card the table stays a moment (any key goes on), then the deal's
  counts, item by item, with your throw against the best one; they
  stay above your next hand until you move (↑ ↓ scroll, Esc hides).
  With --muggins you count your own hands: any count from 0 to 29
  is taken; points missed can be claimed by the others, and points
  claimed over the true count go to them (ruling 16).
"""


class BoxScreen(ModalScreen[str]):
    """A box over the table, closed with Enter, Escape or Space (result ``close``)."""

    BINDINGS = [Binding("escape,enter,space", "close", "Close")]

    def action_close(self) -> None:
        self.dismiss("close")


class HelpScreen(BoxScreen):
    """The keys and what the table shows."""

    BINDINGS = [Binding("escape,enter,space,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("pegboard: help", classes="title")
            with VerticalScroll():
                yield Static(Text.from_markup(HELP))
            yield Static("Enter or Esc closes", classes="keys")


class HandoverScreen(ModalScreen[str]):
    """Hot seat: the table is hidden until the next person takes the keyboard."""

    BINDINGS = [Binding("enter", "ready", "Ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"Pass the keyboard to {self.player}"), classes="title")
            yield Static(Text(f"{self.player}: press Enter when you are ready. Everyone else, look away: "
                              "your hand is shown next."))

    def action_ready(self) -> None:
        self.dismiss("ready")


def counts_renderable(counts: Sequence[ShowCount], players: Sequence[str]) -> RenderableType:
    """Each count item by item, with a running total, and aloud."""
    parts: list[RenderableType] = []
    for count in counts:
        title = Text(count.title, style="bold")
        if count.cards:
            title.append("  ")
            title.append_text(chips(count.cards))
        if count.starter is not None:
            title.append("  starter ")
            title.append_text(chip(count.starter))
        title.append(f"   {count.score.total} point{'s' if count.score.total != 1 else ''}", style="bold #ffd75f")
        if count.declared is not None:
            wrong = f", {count.missed} missed" if count.missed else f", {count.over} over" if count.over else ""
            title.append(f" (counted {count.declared}{wrong})", style="#ffaf5f" if wrong else "#87d787")
        parts.append(title)
        for seat, kind, points in count.claims:
            parts.append(Text(f"  Muggins: {claim_words(count, seat, kind, points, players)}", style="bold #ffaf5f"))
        if count.score.items:
            table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
            running = 0
            for item in count.score.items:
                running += item.points
                table.add_row("  " + item_words(item), chips(item.cards) if item.cards else Text(""),
                              f"{item.points}", Text(f"{running}", style="#9aa0a6"))
            parts.append(table)
        parts.append(colour_cards(f"  “{count.spoken}”", "italic #d7d7af"))
        parts.append(Text(""))
    return Group(*parts)


def claim_words(count: ShowCount, seat: int, kind: str, points: int, players: Sequence[str]) -> str:
    """Who took how many points for what, over one count under muggins.

    >>> from pegboard.scoring.items import Score
    >>> count = ShowCount(0, "Ann's hand", (), None, Score(()), declared=6)
    >>> claim_words(count, 1, "muggins", 2, ["Ann", "Bob"])
    "Bob takes 2 points Ann missed in Ann's hand"
    >>> claim_words(count, 1, "over-claim", 1, ["Ann", "Bob"])
    "Bob takes 1 point Ann counted over in Ann's hand"
    """
    name = players[seat] if seat < len(players) else "?"
    owner = players[count.seat] if count.seat is not None and count.seat < len(players) else "the owner"
    plural = "s" if points != 1 else ""
    if kind == "muggins":
        return f"{name} takes {points} point{plural} {owner} missed in {count.title}"
    if seat == count.seat:
        return f"{name} takes {points} point{plural} claimed over what was missed in {count.title}"
    return f"{name} takes {points} point{plural} {owner} counted over in {count.title}"


def widest_win(row: StatsRow) -> str:
    """A statistics row's widest winning margin: ``+35``, or ``—`` without a win."""
    return "—" if row.best_win is None else f"+{row.best_win}"


class _Closed(Exception):
    """The statistics box was closed while its reviews went on."""


class StatsScreen(BoxScreen):
    """Games won, lost and skunked per game type and opponent level; then the person's own statistics
    (:mod:`pegboard.analysis.mystats`), whose missing accuracies are worked out here, in a thread, and
    kept (``store``: where the log is; None leaves them out)."""

    def __init__(self, rows: Sequence[StatsRow], where: Path, store: Store | None = None) -> None:
        super().__init__()
        self.rows = rows
        self.where = where
        self.store = store
        self.played: list[PlayedGame] = []
        self.closed = False

    def on_unmount(self) -> None:
        self.closed = True

    def compose(self) -> ComposeResult:
        table = Table(box=None, header_style="bold #5fd7ff", padding=(0, 1), pad_edge=False)
        for column in ("game", "vs", "games", "won", "lost", "drawn", "skunked", "skunks", "best win"):
            table.add_column(column, justify="left" if column in ("game", "vs") else "right", no_wrap=True)
        for row in self.rows:
            table.add_row(Text(row.game), Text(row.opponent), str(row.played), str(row.won), str(row.lost),
                          str(row.drawn), str(row.skunked), str(row.gave), widest_win(row))
        with Vertical():
            yield Static("Statistics", classes="title")
            with VerticalScroll():
                yield Static(table if self.rows else Text("No finished games yet."))
                yield Static(id="mine")
            yield Static(Text(f"skunked: times you were skunked; skunks: times you skunked the other side; best "
                              f"win: your widest winning margin (solitaire: over the target).\n"
                              f"Kept in {self.where}. Enter or Esc closes."), classes="keys")

    def on_mount(self) -> None:
        if self.store is None:
            return
        try:
            self.played = self.store.played()
        except PegboardError as error:
            self.query_one("#mine", Static).update(Text(f"\nYour own statistics cannot be read: {error}"))
            return
        self._show()
        if any(game.accuracy is None for game in self.played):
            self.work_out_accuracy()

    def _show(self, note: str = "") -> None:
        if self.closed:  # while the reviews went on
            return
        parts: list[RenderableType] = [Text("\nYour games against the computer", style="bold #5fd7ff")]
        if self.played:
            parts.append(stats_renderable(player_stats(self.played), results=False))
        else:
            parts.append(Text("None yet: games you finish alone against the computer are logged here."))
        if note:
            parts.append(Text(note, style="dim"))
        self.query_one("#mine", Static).update(Group(*parts))

    @work(thread=True, exclusive=True)
    def work_out_accuracy(self) -> None:
        """Review the logged games whose accuracy is missing, one after another, keeping each."""
        store = self.store
        assert store is not None

        def progress(done: int, total: int) -> None:
            if self.closed:
                raise _Closed  # the rest waits for the next time
            self.app.call_from_thread(self._show, f"Reviewing your games for their accuracy: {done} of {total}…")

        self.app.call_from_thread(self._show, "Reviewing your games for their accuracy…")
        try:
            played = with_accuracy(self.played, keep=store.keep_accuracy, progress=progress)
        except _Closed:
            return
        except PegboardError as error:
            self.app.call_from_thread(self._show, f"The accuracy could not be kept: {error}")
            return
        self.played = played
        self.app.call_from_thread(self._show)


class ResumeScreen(ModalScreen[str]):
    """Saved games are waiting: resume one (its number, or Enter for the latest) or start the new game
    (n); the saves not resumed are kept. The result: the index of the save, or ``new``."""

    BINDINGS = [Binding("enter", "choose('0')", "Resume the latest"), Binding("n,escape", "choose('new')", "New game")]

    def __init__(self, saves: Sequence[str], new_game: str) -> None:
        super().__init__()
        self.saves = list(saves)[:9]
        self.new_game = new_game

    def compose(self) -> ComposeResult:
        lines = [Text.assemble((f"{number}  ", "bold #f7d154"), line) for number, line in enumerate(self.saves, 1)]
        which = "Enter or 1 resumes it" if len(self.saves) == 1 else \
            f"Enter resumes the latest, 1-{len(self.saves)} the one of that number"
        with Vertical():
            yield Static("A saved game is waiting" if len(self.saves) == 1 else "Saved games are waiting",
                         classes="title")
            yield Static(Text("\n").join(lines))
            yield Static(f"{which} · n starts the new game ({self.new_game}); a save is kept until its game is "
                         f"over.", classes="keys")

    def on_key(self, event: Any) -> None:
        number = small_number(getattr(event, "character", None) or "")
        if number is not None and 1 <= number <= len(self.saves):
            event.stop()
            self.dismiss(str(number - 1))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
