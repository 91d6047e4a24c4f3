"""The table (everything but your hand, the grid and the board) and the game log in plain words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from pegboard.cards import Card
from pegboard.engine.events import Event
from pegboard.engine.snailspace import SnailspaceView
from pegboard.engine.solitaire import SolitaireView
from pegboard.engine.views import CribbageView
from pegboard.present import describe_event
from pegboard.rules import Rules
from pegboard.tui.explain import show_count
from pegboard.tui.widgets.board import SIDE_COLOURS, distinct_labels
from pegboard.tui.widgets.cards import backs, card_colour, chip, chips, colour_cards

__all__ = ["cribbage_table", "snailspace_table", "solitaire_table", "seat_colour", "GameLog"]


def _seat_line(label: str, cards: Text, notes: Sequence[str], acting: bool) -> Text:
    line = Text("▶ " if acting else "  ", style="bold #5fd7ff")
    line.append(f"{label:<18}", style="bold" if acting else "")
    line.append_text(cards)
    if notes:
        line.append("  " + " · ".join(notes), style="italic #9aa0a6")
    return line


def cribbage_table(view: CribbageView, labels: Sequence[str], hands: Mapping[int, Sequence[Card]] | None = None,
                   width: int = 80, recent: Sequence[tuple[int | None, str]] = ()) -> Text:
    """The table of a cribbage game: the other seats, the starter, the play and running count (each
    card with who played it, in their side's colour on the board; the latest card of another player
    lit up), the latest moves in words, the crib and the hands shown. ``hands`` reveals seats'
    cards (replays)."""
    players: tuple[str, ...] = view.players
    dealer = view.dealer
    partners = len(view.sides) == 2 and len(players) == 4
    lines = [Text(f"Deal {view.deal + 1} · {players[dealer]} deals: the crib is "
                  f"{'yours' if dealer == view.seat else players[dealer] + chr(39) + 's'}", style="bold")]
    for seat in range(len(players)):
        if seat == view.seat and not hands:
            continue
        notes = []
        if seat == dealer:
            notes.append("dealer")
        if partners and view.seat is not None and seat != view.seat and seat % 2 == view.seat % 2:
            notes.append("your partner")
        if seat in view.said_go:
            notes.append("go")
        if view.phase == "discard" and not view.has_discarded[seat]:
            notes.append("discarding")
        shown = hands[seat] if hands and seat in hands else None
        held = chips(shown) if shown else backs(view.hand_sizes[seat])
        if not view.hand_sizes[seat] and not shown:
            held = Text("no cards", style="#6c6c6c")
        lines.append(_seat_line(labels[seat], held, notes, seat in view.to_act))
    starter = Text("Starter ", style="#9aa0a6")
    starter.append_text(chip(view.starter) if view.starter else backs(1))
    starter.append("    Count ", style="#9aa0a6")
    starter.append(f"{view.count:>2}", style="bold #ffd75f")
    crib = chips(view.crib) if view.crib else backs(view.crib_size)
    starter.append("    Crib ", style="#9aa0a6")
    starter.append_text(crib if view.crib_size or view.crib else Text("empty", style="#6c6c6c"))
    lines.append(starter)
    lines.extend(_play_rows(view, width))
    if recent:
        line = Text("Latest  ", style="#9aa0a6")
        for number, (mover, words) in enumerate(recent):
            if number:
                line.append(" — ", style="#6c6c6c")
            mine = mover == view.seat
            line.append_text(colour_cards(words, "" if mine or mover is None else f"bold {seat_colour(view, mover)}"))
        lines.append(line)
    declared = {(event.seat, event.kind): event.points for event in view.events
                if event.type == "show" and event.deal == view.deal}
    for seat, what, cards in view.shown:
        line = Text(f"{players[seat]}'s {what}: ", style="#9aa0a6")
        line.append_text(chips(cards))
        line.append(f"  counted {declared.get((seat, what), '?')}", style="bold")
        lines.append(line)
    return Text("\n").join(lines)


def seat_colour(view: CribbageView, seat: int) -> str:
    """The colour of ``seat``'s side on the board."""
    return SIDE_COLOURS[view.side_of_seat[seat] % len(SIDE_COLOURS)]


def _play_rows(view: CribbageView, width: int) -> list[Text]:
    """The cards of the play so far (this series, then the earlier ones dimmed), with a row under
    them that says who played each."""
    players: tuple[str, ...] = view.players
    short = distinct_labels(["you" if seat == view.seat else name for seat, name in enumerate(players)], 4)
    cards = Text("Play    ", style="#9aa0a6")
    who = Text("        ")
    if not view.series:
        cards.append("—", style="#6c6c6c")
    latest = next((index for index in range(len(view.series) - 1, -1, -1)
                   if view.series[index][0] != view.seat), None)
    for index, (seat, card) in enumerate(view.series):
        face = chip(card)
        if index == latest:
            face.stylize(f"bold {card_colour(card)} on {seat_colour(view, seat)}")
        cards.append_text(face)
        cards.append(" ")
        who.append(short[seat].center(4)[:4] + " ", style=seat_colour(view, seat) if seat != view.seat else "#9aa0a6")
    earlier = [card for _, card in view.played[: len(view.played) - len(view.series)]]
    if earlier:
        cards.append("  before: " + " ".join(card.symbol for card in earlier), style="#7a7a7a")
    cards.truncate(width, overflow="ellipsis")
    return [cards, who] if view.series else [cards]


def snailspace_table(view: SnailspaceView, labels: Sequence[str], hands: Mapping[int, Sequence[Card]] | None = None, *,
                     fifteens: bool = False) -> Text:
    """Snailspace: the deal, who deals, the other player's hand size, the scoring variant."""
    players: tuple[str, ...] = view.players
    when = "at the end: rows to the non-dealer, columns to the dealer" if view.count_at_end else \
        "as each card is placed, in its row and column"
    what = "pairs, runs, flushes and fifteens (2)" if fifteens else "pairs, runs, flushes; fifteens do not score"
    lines = [Text(f"Deal {view.deal + 1} of {view.deals} · {players[view.dealer]} deals", style="bold"),
             Text(f"Scoring {when}: {what}", style="#9aa0a6")]
    for seat in range(len(players)):
        if seat == view.seat and not hands:
            continue
        shown = hands[seat] if hands and seat in hands else None
        size = view.hand_sizes[seat]
        cards = chips(shown) if shown else Text(f"{size} card{'s' if size != 1 else ''} in hand ", style="#9aa0a6")
        notes = ["dealer"] if seat == view.dealer else []
        lines.append(_seat_line(labels[seat], cards, notes, seat in view.to_act))
    return Text("\n").join(lines)


def solitaire_table(view: SolitaireView) -> Text:
    """Solitaire: the card turned, the stock and the score against the target."""
    line = Text("Card turned ", style="#9aa0a6")
    if view.current is not None:
        line.append_text(chip(view.current))
    else:
        line.append("—")
    line.append(f"    Stock {view.stock_left}", style="#9aa0a6")
    if view.starter is not None:
        line.append("    Starter ", style="#9aa0a6")
        line.append_text(chip(view.starter))
    line.append(f"    Score {view.score} ({view.target} wins)", style="bold")
    return line


class GameLog(RichLog):
    """Every event in plain words, with each show counted aloud; it follows one seat's event log."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=10)
        self.can_focus = False
        self._source: tuple[int | None, int] = (None, -1)
        self._written = 0
        self._followed: tuple[Sequence[Event], int | None, tuple[str, ...], Rules] | None = None
        self._wrapped_at = 0  # the width the lines were wrapped to

    def follow(self, events: Sequence[Event], seat: int | None, players: tuple[str, ...], rules: Rules) -> None:
        """Bring the log up to date with ``events`` as ``seat`` sees them (rewritten for a new seat)."""
        self._followed = (events, seat, players, rules)
        if self._source != (seat, id(rules)) or len(events) < self._written:
            self._restart()
            self._source = (seat, id(rules))
        lines = [line for index in range(self._written, len(events))
                 for line in self.lines_for(events[index], events, players, rules)]
        if lines:  # one write: each write lays the log out again
            self.write(Text("\n").join(lines))
            self._wrapped_at = self.scrollable_content_region.width
        self._written = len(events)

    def _restart(self) -> None:
        self.clear()
        self._written = 0

    def on_resize(self, event: Resize) -> None:
        """Wrap every line again to the new width (a log keeps the wrap it was written with)."""
        width = self.scrollable_content_region.width
        if not self._wrapped_at:  # the first size: lines written before it are wrapped to it
            self._wrapped_at = width
        elif self._followed is not None and self._written and width != self._wrapped_at:
            self._restart()
            self.follow(*self._followed)

    @staticmethod
    def lines_for(event: Event, events: Sequence[Event], players: tuple[str, ...], rules: Rules) -> list[Text]:
        """The log lines of one event."""
        if event.type == "deal":
            who = f": {players[event.seat]} deals" if event.seat is not None else ""
            return [Text(f"── Deal {event.deal + 1}{who} ──", style="bold #5fd7ff")]
        if event.type == "dealt" and event.kind == "turned":
            return []
        style = {"score": "#87d787", "end": "bold #ffd75f", "claim": "#ffaf5f"}.get(event.type, "")
        lines = [colour_cards(("  " if event.type == "score" else "") + describe_event(event, players), style)]
        if event.type == "show" and rules.crib and not rules.muggins:  # muggins: no spoilers
            counted = show_count(event, events, rules, players)
            lines.append(colour_cards(f"  “{counted.spoken}”", "italic #d7d7af"))
        return lines
