"""The Review screen: a game's decisions set against the best, in the terminal.

Reached from a replay (``pegboard replay FILE``, key ``r``) and from ``pegboard review FILE --app``. It
reviews the record in a worker thread (:func:`pegboard.analysis.review.review`), then shows each
player's accuracy and points lost, a chart of the game (the first side's chance to win, or the score
difference, with the mistakes marked), and the decisions: ↑ ↓ (or j k) step through them, and the
panel shows the table as that player saw it with the value of every choice; ``m`` shows every
decision or only the costly ones.

>>> from pegboard.analysis.review import review
>>> from pegboard.records import load_record
>>> from pathlib import Path
>>> found = review(load_record(Path(__file__).parents[2] / "tests" / "golden" / "five-card.record.json"))
>>> len(chart_text(found, 40, 6).plain.splitlines())
7
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, ProgressBar, Static

from pegboard.analysis.review import Decision, Review, review
from pegboard.cards import Card
from pegboard.engine import GameState
from pegboard.engine.actions import Action
from pegboard.engine.gameview import GridView
from pegboard.engine.views import cribbage_view
from pegboard.records import GameRecord, start_game
from pegboard.tui.widgets.cards import chips, colour_cards

__all__ = ["ReviewScreen", "ReviewApp", "REVIEW_CSS", "chart_text", "summary_table", "decision_text", "choice_words"]

SIDE_STYLES = ("bold #ff5f5f", "bold #5fafff", "bold #5fd787", "bold #ffd75f")
KIND_TITLES = {"discard": "discards", "play": "play", "count": "counting", "place": "placing"}

REVIEW_CSS = """
ReviewScreen #review-top { height: auto; }
ReviewScreen #review-main { height: 1fr; }
ReviewScreen #review-list { width: 42; scrollbar-size-vertical: 1; }
ReviewScreen #review-detail { width: 1fr; border-left: solid $accent; padding: 0 1; }
ReviewScreen #review-progress { margin: 1 2; }
"""
SHORT = 30
"""Terminals this short (80x24...) show the chart only on c: the decisions and the table get the room."""
KIND_COLUMNS = {"discard": "discard", "play": "play", "count": "count", "place": "place"}


def summary_table(found: Review) -> Table:
    """Every player's accuracy, points lost in all and by kind, decisions and mistakes: one line a
    player under one line of headers, whole in 80 columns."""
    table = Table(title="Accuracy (100: no measurable loss) · points lost, in all and by kind", title_justify="left",
                  expand=False, box=None, padding=(0, 1), header_style="bold", title_style="bold")
    table.add_column("Player", no_wrap=True, max_width=12)
    table.add_column("Accuracy", justify="right", no_wrap=True)
    table.add_column("Lost", justify="right", no_wrap=True)
    for kind in found.kinds:
        table.add_column(KIND_COLUMNS[kind], justify="right", no_wrap=True)
    table.add_column("Decisions", justify="right", no_wrap=True)
    table.add_column("Mistakes", justify="right", no_wrap=True)
    for name, player in found.players.items():
        side = found.sides.index(player.side) if player.side in found.sides else 0
        table.add_row(Text(name, style=SIDE_STYLES[side % 4]), Text(f"{player.accuracy:.1f}", style="bold"),
                      f"{player.points_lost:.2f}", *(f"{player.lost[kind]:.2f}" for kind in found.kinds),
                      str(player.decisions), str(player.mistakes))
    if found.luck_line:
        table.caption, table.caption_justify = found.luck_line, "left"
    return table


def choice_words(action: Action) -> str:
    """A choice in a few columns, for the list of decisions: ``2♦ 8♦``, ``7♠``, ``go``, ``count 12``,
    ``5♥ a1``.

    >>> choice_words(Action.parse("discard 2D 8D", 0)), choice_words(Action.parse("count 12", 0))
    ('2♦ 8♦', 'count 12')
    """
    cards = " ".join(card.symbol for card in action.cards)
    if action.verb in ("discard", "play") and cards:
        return cards if action.target is None else f"{cards} {action.target}"
    if action.verb == "place":
        return f"{cards} {action.target}"
    return " ".join(str(part) for part in (action.verb, cards, action.target) if part not in (None, ""))


def chart_text(found: Review, width: int, height: int) -> Text:
    """The game as a text chart, ``width`` columns by ``height`` rows plus a caption: with a board table
    (two players to 121, five-card), the first side's chance to win at each deal's start; otherwise the
    first side's lead in points.
    Each decision that cost something is a ● in its player's colour where it was made."""
    width, height = max(10, width), max(3, height)
    moves = max(1, found.actions)
    marks = [mark for mark in found.marks if mark.win is not None]
    by_win = bool(marks)
    points: list[tuple[int, float]]
    if by_win:
        points = [(mark.index, mark.win[0]) for mark in marks if mark.win is not None]
        low, high = 0.0, 1.0
    else:
        points = [(mark.index, float(mark.scores[0] - max(mark.scores[1:], default=0))) for mark in found.marks]
        points += [(decision.index, float(decision.scores[0] - max(decision.scores[1:], default=0)))
                   for decision in found.decisions]
        points.sort()
        values = [value for _, value in points] or [0.0]
        low, high = min(min(values), -1.0), max(max(values), 1.0)
    grid = [[" "] * width for _ in range(height)]
    styles: dict[tuple[int, int], str] = {}

    def row_of(value: float) -> int:
        return max(0, min(height - 1, round((high - value) / (high - low) * (height - 1))))

    def column_of(index: int) -> int:
        return max(0, min(width - 1, index * (width - 1) // moves))

    middle = row_of(0.5 if by_win else 0.0)
    for column in range(width):
        grid[middle][column] = "·"
    for column in range(width):
        at = column * moves / (width - 1)
        value = _height_at(points, at)
        grid[row_of(value)][column] = "─"
    side_of = {name: (found.sides.index(player.side) if player.side in found.sides else 0)
               for name, player in found.players.items()}
    for decision in found.decisions:
        if decision.loss <= 0:
            continue
        column = column_of(decision.index)
        row = row_of(_height_at(points, decision.index))
        grid[row][column] = "●"
        styles[(row, column)] = SIDE_STYLES[side_of.get(decision.player, 0) % 4]
    text = Text()
    for row in range(height):
        for column, char in enumerate(grid[row]):
            text.append(char, style=styles.get((row, column), "#87afaf" if char == "─" else "dim"))
        text.append("\n")
    first = found.sides[0]
    caption = f"{first}'s chance to win (middle: 50%)" if by_win else f"{first}'s lead in points (middle: level)"
    text.append(f"{caption}; ● a costly decision, in its player's colour", style="dim")
    return text


def _height_at(points: list[tuple[int, float]], at: float) -> float:
    """The line through ``points`` (sorted by index) at ``at``, flat beyond its ends."""
    if not points:
        return 0.0
    if at <= points[0][0]:
        return points[0][1]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if x0 <= at <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (at - x0) / (x1 - x0)
    return points[-1][1]


def decision_text(found: Review, decision: Decision, game: GameState) -> Text:
    """One decision: the verdict, the table as the player saw it just before, and every choice's value.
    ``game`` is the game just before the decision."""
    view = game.view(decision.seat)
    text = Text()
    text.append(f"Deal {decision.deal + 1}: {decision.player} to {decision.kind}\n", style="bold")
    lost = f"Lost {decision.loss:.2f} points" if decision.loss > 0 else "No measurable loss"
    if decision.win_loss:
        lost += f" (chance to win -{100 * decision.win_loss:.1f}%)"
    text.append(lost + "\n", style="bold #ff5f5f" if decision.loss >= 1 else "bold")
    sides = getattr(view, "sides", None) or game.side_names
    text.append("Scores: " + ", ".join(f"{side} {score}" for side, score in zip(sides, decision.scores)) + "\n")
    if game.rules.crib:
        view = cribbage_view(view)
        text.append(f"Dealer: {game.players[view.dealer]}\n")
        _cards_line(text, "Hand", view.hand)
        if view.starter is not None:
            _cards_line(text, "Starter", (view.starter,))
        if view.discarded:
            _cards_line(text, "Thrown", view.discarded)
        if view.series:
            _cards_line(text, f"The play (count {view.count})", tuple(card for _, card in view.series))
    else:
        _grid_lines(text, cast(GridView, view))
    text.append("\n")
    text.append_text(colour_cards(decision.reason[:1].upper() + decision.reason[1:]))
    text.append(".\n" if not decision.reason.endswith(".") else "\n")
    text.append("\nEvery choice (points; chance to win):\n", style="bold")
    for option in decision.assessment.distinct():
        mark = "▶ " if option.action == decision.choice else "  "
        star = " ★" if option.action == decision.best else ""
        win = "" if option.win is None else f"  {100 * option.win:.1f}%"
        style = "bold" if option.action == decision.choice else ""
        text.append(f"{mark}{choice_words(option.action):<9} {option.points:+6.2f}{win}{star}\n", style=style)
    return text


def _cards_line(text: Text, label: str, cards: tuple[Card, ...]) -> None:
    text.append(f"{label}: ")
    text.append_text(chips(cards))
    text.append("\n")


def _grid_lines(text: Text, view: GridView) -> None:
    grid = view.grid
    size = 5 if len(grid) == 25 else 4
    for row in range(size):
        for card in grid[row * size:(row + 1) * size]:
            text.append_text(chips((card,)) if card is not None else Text(" ·  ", style="dim"))
        text.append("\n")
    hand = getattr(view, "hand", ())
    if hand:
        _cards_line(text, "Hand", hand)
    current = getattr(view, "current", None)
    if current is not None:
        _cards_line(text, "Turned", (current,))


class ReviewScreen(Screen[None]):
    """The review of one record (see the module)."""

    AUTO_FOCUS = "#review-list"
    BINDINGS = [
        Binding("m", "mistakes", "Costly only / all"),
        Binding("c", "chart", "Chart"),
        Binding("j", "step(1)", "Next", show=False),
        Binding("k", "step(-1)", "Back", show=False),
        Binding("q,escape", "close", "Close"),
    ]

    def __init__(self, record: GameRecord, on_reviewed: Callable[[Review], None] | None = None,
                 title: str | None = None) -> None:
        super().__init__()
        self.record = record
        self.title = title
        """The header's title (None: the app's); a duplicate set's halves say which half is reviewed."""
        self.on_reviewed = on_reviewed
        """Told the review once it is done (the app keeps the person's accuracy with it)."""
        self.found: Review | None = None
        self.only_costly = True
        self.shown: list[Decision] = []
        self._texts = [text for deal in record.deals for text in deal.actions]

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="review-top"):
            yield Static("Reviewing every decision of every player…", id="review-status")
            yield ProgressBar(id="review-progress", show_eta=False)
            yield Static(id="review-summary")
            yield Static(id="review-chart")
        with Horizontal(id="review-main"):
            yield DataTable(id="review-list", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="review-detail"):
                yield Static(id="review-decision")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "review"
        self.run_review()

    @work(thread=True, exclusive=True)
    def run_review(self) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, done, total)

        found = review(self.record, progress=progress)
        self.app.call_from_thread(self._show, found)

    def _progress(self, done: int, total: int) -> None:
        # Closed while the review runs (even half way: Esc unmounts the bar before the screen), nothing to
        # show it on.
        for bar in self.query(ProgressBar) if self.is_attached else ():
            bar.update(total=total, progress=done)

    def _show(self, found: Review) -> None:
        self.found = found
        if not self.is_attached:
            if self.on_reviewed is not None:
                self.on_reviewed(found)
            return
        if self.on_reviewed is not None:
            self.on_reviewed(found)
        self.query_one(ProgressBar).display = False
        verdict = (f"{found.winner} won" if found.winner else "a draw") if found.finished else "unfinished"
        self.query_one("#review-status", Static).update(
            Text(f"{found.game}, {verdict}: {len(found.decisions)} decisions reviewed in {found.seconds:.1f} s"
                 + (f". {found.judged}" if found.judged else ""), style="bold"))
        self.query_one("#review-summary", Static).update(summary_table(found))
        width = max(20, (self.size.width or 80) - 4)
        self.query_one("#review-chart", Static).update(chart_text(found, width, 6))
        self.query_one("#review-chart").display = bool(self.size.height) and self.size.height > SHORT
        self._fill()

    def action_chart(self) -> None:
        """Show or hide the chart of the game (hidden at first on a short terminal)."""
        chart = self.query_one("#review-chart")
        chart.display = not chart.display

    def _fill(self) -> None:
        found = self.found
        if found is None:
            return
        table = self.query_one(DataTable)
        table.clear(columns=True)
        self.shown = [d for d in found.decisions if d.loss > 0 or not self.only_costly]
        names = max((len(d.player) for d in self.shown), default=6)
        table.add_column("Deal", width=4)
        table.add_column("Player", width=min(8, max(6, names)))
        table.add_column("Choice", width=8)
        table.add_column("Best", width=8)
        table.add_column(Text("Lost", justify="right"), width=5)
        for decision in self.shown:
            table.add_row(str(decision.deal + 1), decision.player[:8], choice_words(decision.choice),
                          choice_words(decision.best),
                          Text(f"{decision.loss:.2f}" if decision.loss < 99.995 else f"{decision.loss:.0f}",
                               justify="right"))
        if self.shown:
            table.move_cursor(row=0)
            self._detail(0)
        else:
            self.query_one("#review-decision", Static).update("No decision cost anything measurable (m: show all).")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._detail(event.cursor_row)

    def _detail(self, row: int) -> None:
        if self.found is None or not 0 <= row < len(self.shown):
            return
        decision = self.shown[row]
        game = start_game(self.record)
        for text in self._texts[:decision.index]:
            game.apply_text(text)
        self.query_one("#review-decision", Static).update(decision_text(self.found, decision, game))

    def action_mistakes(self) -> None:
        self.only_costly = not self.only_costly
        self._fill()

    def action_step(self, delta: int) -> None:
        table = self.query_one(DataTable)
        if self.shown:
            table.move_cursor(row=max(0, min(len(self.shown) - 1, table.cursor_row + delta)))

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()


class ReviewApp(App[None]):
    """``pegboard review FILE --app``: the Review screen on its own."""

    TITLE = "pegboard review"
    ENABLE_COMMAND_PALETTE = False
    CSS = REVIEW_CSS

    def __init__(self, record: GameRecord, source: str = "") -> None:
        super().__init__()
        self.record = record
        if source:
            self.title = f"pegboard review · {source}"

    def on_mount(self) -> None:
        self.push_screen(ReviewScreen(self.record))
