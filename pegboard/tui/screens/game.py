"""The game screen: the board, the table, your hand or the grid, the log; keys, clicks and typed
moves for the person at the keyboard, and the moves the app makes itself (the computer's, and a
person's forced ones) off the UI thread.

Nothing waits for a key that carries no choice: a forced move is made for the person (with the
option on). After the play's last card the table is held until a key; a deal's counts stay on the
table, above the next hand, until the person's next move. Where the screen is in all this is one
explicit state, :class:`pegboard.tui.flow.Flow`.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Header, Input, Static

from pegboard.engine import GameState
from pegboard.engine.actions import Action
from pegboard.engine.gameview import GridView as GridGameView
from pegboard.engine.snailspace import SnailspaceView
from pegboard.engine.solitaire import solitaire_view
from pegboard.engine.views import CribbageView, cribbage_view
from pegboard.errors import PegboardError
from pegboard.present import board_length
from pegboard.records import parse_record, record_of
from pegboard.tui.controller import GAME_OVER, Controller, describe_action, objective_line, refusal, title_of
from pegboard.tui.explain import deal_counts, deal_line, discard_review
from pegboard.tui.flow import Flow, Stage
from pegboard.tui.history import game_summary, score_history, sources
from pegboard.tui.moments import end_of_play, ends_the_play, latest_moves
from pegboard.tui.screens.controls import LAST_CELL
from pegboard.tui.screens.duplicate import HalfTimeScreen, SetScreen
from pegboard.tui.screens.modals import HandoverScreen, counts_renderable
from pegboard.tui.screens.summary import HistoryScreen, SummaryScreen
from pegboard.tui.screens.tools import GameTools
from pegboard.tui.store import Store
from pegboard.tui.widgets.board import CribbageBoard
from pegboard.tui.widgets.cards import HandView
from pegboard.tui.widgets.grid import GridView, grid_lines
from pegboard.tui.widgets.sketch import Sketch
from pegboard.tui.widgets.table import GameLog
from pegboard.tui.widgets.view import board_sides, finished_grid, grid_spec, table_text

if TYPE_CHECKING:
    from pegboard.analysis.review import Review

__all__ = ["GameScreen", "GAME_CSS", "HOLD"]

SHORT = 26
"""Terminals this short (80x24...) get the compact layout: one-line hands, no gaps, a thin board."""
HOLD = True
"""The table is held after the play's last card until a key (with a pace: a game without pauses has
no hold either)."""

GAME_CSS = """
#board { height: auto; background: $boost; padding: 0 1; }
#main { height: 1fr; }
#play { width: 2fr; min-width: 36; padding: 0 1; }
#log { width: 1fr; min-width: 22; border-left: vkey $primary 40%; padding: 0 1; scrollbar-size-vertical: 1; }
#play { scrollbar-size-vertical: 1; }
#table, #grid, #hand, #message, #counts-body { height: auto; }
#grid, #hand { margin-top: 1; }
#counts { height: auto; max-height: 14; border: round $accent; border-title-color: $accent; border-title-style: bold;
          padding: 0 1; scrollbar-size-vertical: 1; }
#command { height: 1; border: none; padding: 0 1; background: $boost; }
#command:focus { background: $primary 25%; }
"""


class PlayArea(VerticalScroll, can_focus=False):
    """The left column; it scrolls if the terminal is too small, but never takes the keys."""


class CountsPanel(VerticalScroll, can_focus=False):
    """A finished deal's counts, over the next hand; ↑ ↓ scroll it."""


class GameScreen(GameTools):
    """One game in play."""

    def __init__(self, ctl: Controller, store: Store, *, pace: float = 0.6, hold: bool | None = None) -> None:
        super().__init__(ctl)
        self.store = store
        self.pace = pace
        self.hold = bool(pace) and HOLD if hold is None else bool(hold)
        self.flow = Flow()
        self.note: Text | None = None
        self.hinted: Action | None = None
        self.held: Any = None  # the table as the play's last card left it, until a key
        self._held_until = 0  # the events that led to it
        self.since = len(ctl.game.events)  # the latest moves shown are those since the person's last choice
        self._summarized = ctl.game.deal_number
        self.counts_deal: int | None = None  # the deal whose counts are on the table
        self.started = time.monotonic()
        self.logged: int | None = None  # the finished game's row in the person's log
        self.next_half: Controller | None = None  # a duplicate set's second half, once the first is over
        self.end_box: Any = None  # makes the box shown at the end (the summary, a set's result): Enter brings it back

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        yield CribbageBoard(id="board")
        with Horizontal(id="main"):
            with PlayArea(id="play"):
                with CountsPanel(id="counts"):
                    yield Static(id="counts-body")
                yield Sketch(id="table")
                yield GridView(id="grid")
                yield HandView(id="hand")
                yield Sketch(id="message")
            yield GameLog(id="log")
        yield Input(id="command", select_on_focus=False,
                    placeholder="/ or Tab to type a move: 5h · 10s · 1 4 · go · 12 · a1  (? help)")
        yield Footer()

    def on_mount(self) -> None:
        self._show_parts()
        self.advance()

    def _show_parts(self) -> None:
        rules = self.ctl.game.rules
        counting = self.counts_deal is not None
        short = bool(self.size.height) and self.size.height <= SHORT
        self.query_one("#counts").display = counting
        self.query_one("#grid").display = bool(rules.grid_side) and not counting  # the counts show the grid
        self.query_one("#hand").display = rules.holds_hand
        self.query_one("#table").display = not counting
        hand = self.query_one(HandView)
        hand.short = short and (counting or len(self.ctl.hand(self.ctl.viewer)) > 6)
        hand.styles.margin = (0 if short else 1, 0, 0, 0)
        self.query_one(GridView).styles.margin = (0 if short else 1, 0, 0, 0)

    def on_resize(self, event: events.Resize) -> None:
        self._show_parts()
        self.refresh_table()

    @property
    def busy(self) -> bool:
        """The app is moving or about to (the computer, a forced move, a hint) or holds the table: wait."""
        due = self.flow.stage is Stage.READY and not self.ctl.game.finished and \
            self.ctl.next_auto(self.ctl.setup.auto) is not None
        return self.flow.busy or due

    def human(self) -> int | None:
        """The person at the keyboard if they may choose now (a forced move is made for them)."""
        if self.flow.stage is Stage.HELD or self.ctl.needs_handover():
            return None
        seat = self.ctl.human_to_act()
        if seat is not None and self.ctl.setup.auto and self.ctl.forced(seat) is not None:
            return None
        return seat

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``g Go`` only in the games that have a go (the cribbage games); ``h Hint`` not in a duplicate
        set, where h says why there is none instead (as u says why there is no undo, wherever there is none)."""
        if action == "go":
            return self.ctl.game.rules.crib
        if action == "hint":
            return not self.ctl.duplicate
        if action == "no_hint":
            return self.ctl.duplicate
        return True

    # ------------------------------------------------------------------ drawing
    def refresh_table(self) -> None:
        """Redraw everything from the game (or from the table held after the play's last card)."""
        ctl = self.ctl
        game = ctl.game
        rules = game.rules
        view = self.held if self.held is not None else ctl.view()
        seat = self.human()
        mode = ctl.mode(seat)
        labels = [ctl.label(s) for s in range(rules.players)]
        # The board's lines: one a side on a 24-line terminal (the show needs the room), up to 8 on a tall one.
        max_lines = max(2, min(8, self.size.height - 22)) if self.size.height else 2
        self.query_one(CribbageBoard).show(board_sides(view, game), board_length(rules), max_lines)
        table = self.query_one("#table", Sketch)
        seen = game.events_for(view.seat)  # the person's own log: never a card they may not see
        upto = self._held_until if self.held is not None else len(seen)
        recent = latest_moves(seen, self.since, game.players, view.seat, until=upto)
        table.paint(table_text(view, labels, width=table.content_region.width or 60, rules=rules, recent=recent))
        if rules.grid_side:
            self.query_one(GridView).show(grid_spec(cast(GridGameView, view), self.cursor if mode == "place" else None))
        if rules.holds_hand:  # a cribbage game's or Snailspace's
            self._draw_hand(cast(CribbageView | SnailspaceView, view), seat, mode)
        lines = [Text(self.prompt_now(seat), style="bold")]
        if self.note is not None:
            lines.append(self.note)
        self.query_one("#message", Sketch).paint(Text("\n").join(lines))
        self.query_one(GameLog).follow(seen if self.held is None else seen[:upto], view.seat, game.players, rules)
        self.title, self.sub_title = header_texts(ctl, view.scores, self.size.width or 80)
        if self.counts_deal is not None:
            self.call_after_refresh(self._fit_counts)

    def _fit_counts(self) -> None:
        """Give the counts the room the next hand and the prompt leave."""
        if self.counts_deal is None or not self.is_mounted:
            return
        room = self.query_one(PlayArea).content_region.height
        used = sum(self.query_one(f"#{name}").outer_size.height for name in ("table", "grid", "hand", "message")
                   if self.query_one(f"#{name}").display)
        self.query_one("#counts").styles.max_height = max(8, room - used)

    def _next_empty_cell(self) -> None:
        """Solitaire: after a card is placed, the cursor moves on from its cell to the next empty one."""
        grid = solitaire_view(self.ctl.game.view(self.ctl.viewer)).grid
        if self.cursor >= LAST_CELL or grid[self.cursor] is None:
            return
        empty = [(index - self.cursor) % len(grid) for index in range(len(grid)) if grid[index] is None]
        if empty:
            self.cursor = (self.cursor + min(empty)) % len(grid)

    def _draw_hand(self, view: CribbageView | SnailspaceView, seat: int | None, mode: str) -> None:
        hand = self.query_one(HandView)
        if view.seat is None:
            caption = "Hand hidden until its owner takes the keyboard" if self.ctl.hot_seat else "No hand to show"
            hand.show((), caption=caption)
            return
        cards = tuple(sorted(view.hand))
        name = "Your" if not self.ctl.hot_seat else f"{view.players[view.seat]}'s"
        caption = f"{name} hand"
        crib = self.ctl.game.rules.crib
        cribbage = cast(CribbageView, view)  # read only in a game with a crib
        if not cards and crib:
            cards = tuple(sorted(cribbage.kept))
            caption = f"{name} hand for the show"
            if cribbage.counting == (view.seat, "crib") and cribbage.crib:
                cards = tuple(sorted(cribbage.crib))
                caption = f"{name} crib, to count with the starter"
        if len(cards) > 9 and mode == "play":
            caption += " · 10 and up: type the number, Enter"
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        playable = None
        if mode == "play" and crib:
            playable = [i for i, card in enumerate(cards) if card.pips <= 31 - cribbage.count]
        hand.show(cards, picked=self.picked, cursor=self.cursor if seat is not None else None, playable=playable,
                  caption=caption)

    def prompt_now(self, seat: int | None) -> str:
        ctl = self.ctl
        if self.held is not None:
            return "The play is over: any key shows the counts (f skips ahead)."
        person = ctl.human_to_act()
        forced = ctl.forced(person) if ctl.setup.auto and person is not None else None
        if forced is not None and not ctl.game.finished:
            who = "you" if not ctl.hot_seat else ctl.game.players[person or 0]
            return f"No choice: {describe_action(forced)}, done for {who}…"
        prompt = ctl.prompt(seat)
        if seat is None and not ctl.game.finished and person is None and self.flow.stage is Stage.MOVING:
            thinking = ctl.computer_to_act()  # only while the computer is really at it: never a stale line
            if thinking is not None:
                prompt = f"{ctl.game.players[thinking]} is thinking…"
        if self.counts_deal is not None and seat is not None:
            prompt = f"Deal {ctl.game.deal_number + 1}: {prompt}"
        return prompt

    def forget_hint(self) -> None:
        self.hinted = None
        self.note = None

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message under the prompt: ``error`` (red), ``hint`` (green) or ``info``; never the
        game-over prompt again under itself."""
        if text == GAME_OVER:
            self.note = None
            self.refresh_table()
            return
        style = {"error": "bold #ff5f5f", "hint": "#87d787"}.get(kind, "#d7d7d7")
        self.note = Text(text, style=style)
        self.refresh_table()

    # ------------------------------------------------------------------ the flow of the game
    def advance(self) -> None:
        """Redraw, then whatever comes next: a deal's counts, the end, the app's own moves, a handover."""
        flow = self.flow
        flow.settle()
        self.refresh_table()
        if flow.stage is not Stage.READY or not self.is_current:
            return
        game = self.ctl.game
        if not game.finished and self._summarized < game.deal_number:
            self._summarized = game.deal_number
            self.show_deal(game.deal_number - 1)
        if game.finished:
            flow.finish()
            self._finish()
            return
        if self.ctl.next_auto(self.ctl.setup.auto) is not None:
            flow.start_moving()
            self.refresh_table()
            self.run_worker(self._auto_turns(), group="computer", exclusive=True)
        elif self.ctl.needs_handover():
            name = self.ctl.game.players[self.ctl.human_to_act() or 0]
            self.open_box(HandoverScreen(name), lambda _: self.ctl.take_keyboard())
        elif self.human() is not None and self.counts_deal is None:
            self.call_after_refresh(self.query_one(PlayArea).scroll_end, animate=False)  # the prompt in view

    async def _auto_turns(self) -> None:
        ctl = self.ctl
        flow = self.flow
        try:
            while flow.stage is Stage.MOVING and (seat := ctl.next_auto(ctl.setup.auto)) is not None:
                if self.pace and not flow.skipping and ctl.mode(seat) not in ("discard", "count", "muggins"):
                    await asyncio.sleep(self.pace)
                    if flow.stage is not Stage.MOVING or seat not in ctl.game.to_act():
                        continue
                view = ctl.game.view(seat)
                if ctl.is_human(seat) or ctl.kinds[seat] != "expert":
                    action = ctl.decide(seat, view)  # the quick levels decide in well under a millisecond
                else:  # the expert: think off the UI thread
                    action = await asyncio.to_thread(ctl.decide, seat, view)
                if action not in ctl.game.legal_actions(seat) or flow.stage is not Stage.MOVING:
                    continue
                self._apply(action)
                if self.pace:  # let the person see each move
                    self.refresh_table()
                if ctl.game.finished or self._summarized < ctl.game.deal_number:
                    break
        except PegboardError as error:  # a bot must never take the app down
            self.note = Text(f"The computer could not move: {error}", style="bold #ff5f5f")
        finally:
            flow.moves_done()
        self.call_later(self.advance)  # once this worker is done: advance may start the next one

    def _apply(self, action: Action) -> None:
        """Apply a legal action; if it ended the play, hold the table as it left it until a key."""
        ctl = self.ctl
        before = cribbage_view(ctl.game.view(ctl.viewer)) if ctl.game.rules.crib else None
        start = len(before.events) if before is not None else 0
        ctl.apply(action)
        if before is None or not self.hold or self.flow.skipping or \
                not ends_the_play(before, cribbage_view(ctl.game.view(ctl.viewer))):
            return
        new = ctl.game.events_for(ctl.viewer)[start:]
        self._held_until = start + next((i for i, event in enumerate(new) if event.phase != "play"), len(new))
        self.held = end_of_play(before, new, cribbage_view(ctl.game.view(None)).side_of_seat)
        self.flow.hold()

    def release_hold(self) -> None:
        """The table held after the play's last card gives way to what comes next."""
        if self.held is not None:
            self.held = None
            self.flow.release()
            self.advance()

    def key_when_held(self) -> bool:
        """A key while the table is held goes on at once (and does nothing else)."""
        if self.held is None:
            return False
        self.release_hold()
        return True

    def open_box(self, screen: Any, then: Any = None) -> None:
        """A box over the table; the app's moves pause until it closes."""
        self.flow.open_box()

        def closed(result: str | None) -> None:
            self.flow.close_box(over=self.ctl.game.finished)
            if then is not None:
                then(result)
            if not self.ctl.game.finished:
                self.advance()

        self.app.push_screen(screen, closed)

    def show_deal(self, deal: int) -> None:
        """Lay a finished deal's counts on the table, item by item and aloud, above the next hand;
        they stay until the person's next move (↑ ↓ scroll them, Esc puts them away; l brings the
        last ones back)."""
        ctl = self.ctl
        game = ctl.game
        if not game.finished and deal == game.deal_number - 1:
            try:
                self.store.save_game(ctl)  # a deal done: keep the game safe even without a clean quit
            except PegboardError as error:
                self.say(f"The game could not be saved: {error}", "error")
        self.counts_deal = deal
        counts = deal_counts(game.events, deal, game.rules, game.players)
        parts: list[Any] = [Text(deal_line(game, deal))]
        me = ctl.viewer if ctl.viewer is not None else (ctl.humans[0] if ctl.humans else None)
        review = discard_review(game, deal, me, ctl.objective) if me is not None and ctl.setup.advice else None
        if review is not None:
            parts.append(Text(review.words(), style="#87d787" if review.rank == 1 else "#ffd75f"))
        if game.rules.cells_in_order:
            parts.append(Text(""))
            parts.append(grid_lines(finished_grid(game.events, deal))[0])
        parts.extend([Text(""), counts_renderable(counts, game.players)])
        what = "the show" if game.rules.crib else "over"
        panel = self.query_one(CountsPanel)
        panel.border_title = f"Deal {deal + 1}: {what} · ↑↓ scroll · Esc hides · l again"
        self.query_one("#counts-body", Static).update(Group(*parts))
        self._show_parts()
        panel.scroll_home(animate=False)
        self.query_one(PlayArea).scroll_home(animate=False)
        self.refresh_table()

    def close_counts(self) -> None:
        """Put the last deal's counts away: the table comes back."""
        if self.counts_deal is not None:
            self.counts_deal = None
            self._show_parts()
            self.refresh_table()

    def action_clear(self) -> None:
        self.close_counts()
        super().action_clear()

    def action_confirm(self) -> None:
        if self.ctl.game.finished and self.end_box is not None:
            self.show_end()  # Enter at the finished game's table: its summary again
        elif self.counts_deal is not None and not self.picked and self.ctl.mode(self.human()) == "discard":
            self.close_counts()  # Enter with nothing picked puts the counts away
        else:
            super().action_confirm()

    def action_move(self, dx: int, dy: int) -> None:
        if self.counts_deal is not None and dy and self.ctl.mode(self.human()) != "place":
            self.query_one(CountsPanel).scroll_relative(y=3 * dy, animate=False)
        else:
            super().action_move(dx, dy)

    def _finish(self) -> None:
        ctl = self.ctl
        game = ctl.game
        self.close_counts()
        me = ctl.humans[0]
        kept = self._keep(me)
        if ctl.half == 1:
            self._half_time(kept)
            return
        outcome = ctl.outcome(me)
        if ctl.half == 2:
            self._set_over(kept)
            return
        summary = game_summary(game, time.monotonic() - self.started)
        if game.rules.solo:
            result = f"{outcome.score} points: " + ("a win!" if outcome.result == "won" else
                                                    f"{game.rules.target} were needed")
        elif ctl.hot_seat:
            result = f"{game.winner} wins!" if game.winner else "A draw!"
        else:
            result = {"won": "You win!", "lost": f"{game.winner} wins.", "draw": "A draw."}[outcome.result]
        paid = objective_line(ctl, me)
        summary = replace(summary, lines=(*summary.lines, *([paid] if paid else []),
                                          *(["Undo used."] if ctl.undos else []), kept))
        counts = deal_counts(game.events, game.deal_number, game.rules, game.players)
        self.end_box = lambda: SummaryScreen(result, summary, counts, game.players,
                                             lambda: self.store.save_record(game, objective=ctl.objective),
                                             review=lambda: self.open_review(game))
        self.show_end()

    def show_end(self) -> None:
        """The box of the game's end (its summary, a set's result), again after a look at the table."""
        if self.end_box is not None:
            self.open_box(self.end_box(), self._after_the_end)

    def _after_the_end(self, choice: str | None) -> None:
        if choice == "new":
            self.start_new_game()
        elif choice == "history":  # the score history, then back to the summary
            game = self.ctl.game
            self.open_box(HistoryScreen(score_history(game), game.side_names, sources(game.rules)),
                          lambda _: self.show_end())
        elif choice == "quit":
            self.app.exit()

    def action_review(self) -> None:
        """r at the table: the Review of the game once it is over (a duplicate set: its result, which
        reviews either half)."""
        if not self.ctl.game.finished:
            self.say("r reviews the game once it is over (the record of the deals so far: w, then pegboard review).")
        elif self.ctl.half == 2:
            self.show_end()
        else:
            self.open_review(self.ctl.game)

    def _keep(self, me: int) -> str:
        """Keep the finished game: its save dropped (a duplicate set's first half: the second half saved in
        its place), its result in the statistics, and, one person at the table, the game in their log.
        What to tell them."""
        ctl = self.ctl
        game = ctl.game
        opponent = "solo" if game.rules.solo else ctl.setup.opponent
        try:
            if ctl.half == 1:
                self.next_half = ctl.second_half()
                self.store.save_game(self.next_half)
            else:
                self.store.drop_save(ctl)
            if ctl.half != 1:
                self.store.record_result(game.game, opponent if ctl.half is None else f"{opponent}, duplicate",
                                         ctl.outcome(me))
            if len(ctl.humans) == 1:
                half = (str(game.seed), ctl.half) if ctl.half is not None else None
                self.logged = self.store.log_game(game, me, opponent, half, ctl.objective)
        except PegboardError as error:
            return f"Statistics not updated: {error}"
        return "Statistics updated: press s at the table to see them."

    def open_review(self, game: GameState, half: int | None = None) -> None:
        """The Review screen of a finished game (``half``: which half of a duplicate set, named in its
        title); the person's accuracy is kept in their log once it is worked out (this screen's game
        only: it is the one logged)."""
        from pegboard.tui.review import ReviewScreen

        seat = self.ctl.humans[0]

        def reviewed(found: Review) -> None:
            name = game.players[seat]
            if game is self.ctl.game and self.logged is not None and name in found.players:
                try:
                    self.store.keep_accuracy(self.logged, found.players[name].accuracy)
                except PegboardError:
                    pass  # the review is shown all the same; the statistics work it out again

        title = None if half is None else title_of(self.ctl).replace(f"half {self.ctl.half} of 2", f"half {half} of 2")
        self.app.push_screen(ReviewScreen(parse_record(record_of(game, self.ctl.objective)), reviewed, title))

    def _half_time(self, kept: str) -> None:
        """The first half of a duplicate set is over: say how it went, then the second half."""
        def chosen(choice: str | None) -> None:
            if choice == "quit":
                self.app.exit()
            elif self.next_half is not None:
                self.app.title = title_of(self.next_half)
                self.app.switch_screen(GameScreen(self.next_half, self.store, pace=self.pace, hold=self.hold))

        if self.next_half is None:  # the second half could not be saved or made: say why, stop here
            self.say(kept, "error")
            return
        self.open_box(HalfTimeScreen(self.ctl.game, kept), chosen)

    def _set_over(self, kept: str) -> None:
        """The duplicate set is over: its result deal by deal."""
        ctl = self.ctl
        halves = (ctl.first_half or ctl.game, ctl.game)

        def save_records() -> tuple[Path, Path]:
            return (self.store.save_record(halves[0], objective=ctl.objective),
                    self.store.save_record(halves[1], objective=ctl.objective))

        self.end_box = lambda: SetScreen(ctl.duplicate_result(), kept,
                                         lambda half: self.open_review(halves[half], half + 1), save_records)
        self.show_end()

    def start_new_game(self) -> None:
        fresh = Controller.start(replace(self.ctl.setup, seed=None))
        self.app.switch_screen(GameScreen(fresh, self.store, pace=self.pace, hold=self.hold))

    # ------------------------------------------------------------------ acting
    def act(self, action: Action) -> bool:
        """Apply the person's action; an illegal one only shows why."""
        start = len(self.ctl.game.events_for(None))
        try:
            self._apply(action)
        except PegboardError as error:
            self.say(refusal(str(error), self.ctl.game.players), "error")
            return False
        self.since = start
        if action.verb == "place":
            self._next_empty_cell()
        self.picked.clear()
        self.hinted = None
        self.note = None
        self.close_counts()
        self.advance()
        return True


def score_title(sides: tuple[str, ...], scores: tuple[int, ...], room: int, shortest: int = 1) -> str | None:
    """The scores for the title line in ``room`` columns, names cut down (to no fewer than
    ``shortest`` letters) before any score is; None if they do not fit.

    >>> score_title(("Annabelle", "Bartholomew", "Cleo"), (100, 98, 97), 30)
    'Annab 100 · Barth 98 · Cleo 97'
    """
    for cut in (16, 10, 7, 5, 3, 2, 1):
        text = " · ".join(f"{side[:cut]} {score}" for side, score in zip(sides, scores))
        if cut >= shortest and len(text) <= room:
            return text
    return None


def header_texts(ctl: Controller, scores: tuple[int, ...], width: int) -> tuple[str, str]:
    """The title and the scores for the header line, whole in ``width`` columns: the title gets shorter
    (then shorter still) before the names are cut much, and no score is ever cut."""
    room = width - 24  # the header's icon and the room kept for its clock, and the " — " between title and scores
    titles = title_forms(ctl)
    sides = ctl.game.side_names
    for shortest in (5, 3, 1):
        for title in titles:
            text = score_title(sides, scores, room - len(title), shortest)
            if text is not None:
                return title, text
    return titles[-1], " · ".join(str(score) for score in scores)


def title_forms(ctl: Controller) -> list[str]:
    """The app's title, longest first: ``pegboard · Three-player cribbage to 121 · muggins on`` down to
    ``cribbage-3 · muggins``."""
    rules = ctl.game.rules
    marks = (" · muggins" if rules.muggins else "") + (" · hot seat" if ctl.hot_seat else "")
    if ctl.half is not None:
        marks = f" · duplicate {ctl.half}/2{marks}"
    return [title_of(ctl), title_of(ctl).removeprefix("pegboard · "), f"{rules.name}{marks}", rules.name]
