"""The game screen: the board, the table, your hand or the grid, the log; keys, clicks and typed
moves for the person at the keyboard, and the computer's moves off the UI thread."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Header, Input, Static

from pegboard.engine.actions import Action
from pegboard.engine.solitaire import CELL_NAMES
from pegboard.errors import PegboardError
from pegboard.present import Hint, hint
from pegboard.tui.controller import Controller, describe_action, refusal
from pegboard.tui.explain import deal_counts, deal_summary
from pegboard.tui.screens.controls import LAST_CELL, TableControls
from pegboard.tui.screens.modals import EndScreen, HandoverScreen, HelpScreen, StatsScreen, counts_renderable
from pegboard.tui.store import Store
from pegboard.tui.widgets.board import CribbageBoard
from pegboard.tui.widgets.cards import HandView
from pegboard.tui.widgets.grid import GridView
from pegboard.tui.widgets.sketch import Sketch
from pegboard.tui.widgets.table import GameLog
from pegboard.tui.widgets.view import board_sides, board_target, finished_grid, grid_spec, table_text

__all__ = ["GameScreen", "GAME_CSS"]

GAME_CSS = """
#board { height: auto; background: $boost; padding: 0 1; }
#main { height: 1fr; }
#play { width: 2fr; min-width: 36; padding: 0 1; }
#log { width: 1fr; min-width: 22; border-left: vkey $primary 40%; padding: 0 1; scrollbar-size-vertical: 1; }
#play { scrollbar-size-vertical: 1; }
#table, #grid, #hand, #message, #counts { height: auto; }
#grid, #hand, #counts { margin-top: 1; }
#counts { border: round $accent; border-title-color: $accent; border-title-style: bold; padding: 0 1; }
#command { height: 1; border: none; padding: 0 1; background: $boost; }
#command:focus { background: $primary 25%; }
"""


class PlayArea(VerticalScroll, can_focus=False):
    """The left column; it scrolls if the terminal is too small, but never takes the keys."""


class GameScreen(TableControls):
    """One game in play."""

    def __init__(self, ctl: Controller, store: Store, *, pace: float = 0.6) -> None:
        super().__init__(ctl)
        self.store = store
        self.pace = pace
        self.note: Text | None = None
        self.hinted: Action | None = None
        self._thinking = False
        self._hinting = False
        self._modal = False
        self._summarized = ctl.game.deal_number
        self.counts_deal: int | None = None  # the deal whose counts are on the table
        self._ended = False

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        yield CribbageBoard(id="board")
        with Horizontal(id="main"):
            with PlayArea(id="play"):
                yield Sketch(id="table")
                yield GridView(id="grid")
                yield Static(id="counts")
                yield HandView(id="hand")
                yield Sketch(id="message")
            yield GameLog(id="log")
        yield Input(id="command", select_on_focus=False,
                    placeholder="/ or Tab to type a move: 5h · 10s · 1 4 · go · 12 · a1  (? help)")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#counts").display = False
        self._show_parts()
        self.advance()

    def _show_parts(self) -> None:
        family = self.ctl.game.rules.family
        self.query_one("#grid").display = family != "cribbage"
        self.query_one("#hand").display = family != "solitaire" and self.counts_deal is None
        self.query_one("#table").display = self.counts_deal is None

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_table()

    @property
    def busy(self) -> bool:
        """The computer (or a hint) is thinking."""
        return self._thinking or self._hinting

    def human(self) -> int | None:
        """The person at the keyboard if they may act now."""
        if self.counts_deal is not None or self.ctl.needs_handover():
            return None
        return self.ctl.human_to_act()

    # ------------------------------------------------------------------ drawing
    def refresh_table(self) -> None:
        """Redraw everything from the game."""
        ctl = self.ctl
        game = ctl.game
        view = ctl.view()
        seat = self.human()
        mode = ctl.mode(seat)
        labels = [ctl.label(s) for s in range(game.rules.players)]
        max_lines = max(2, min(8, self.size.height - 18)) if self.size.height else 6
        self.query_one(CribbageBoard).show(board_sides(view, game), board_target(game.rules), max_lines)
        table = self.query_one("#table", Sketch)
        table.paint(table_text(view, labels, width=table.content_region.width or 60))
        if game.rules.family != "cribbage":
            finished = self.counts_deal is not None and game.rules.family == "snailspace"
            spec = finished_grid(game.events, self.counts_deal or 0) if finished else \
                grid_spec(view, self.cursor if mode == "place" else None)
            self.query_one(GridView).show(spec)
        if game.rules.family != "solitaire":
            self._draw_hand(view, seat, mode)
        lines = [Text(self.prompt_now(seat), style="bold")]
        if self.note is not None:
            lines.append(self.note)
        self.query_one("#message", Sketch).paint(Text("\n").join(lines))
        self.query_one(GameLog).follow(view.events, view.seat, game.players, game.rules)
        self.sub_title = self._scores_line()

    def _draw_hand(self, view: Any, seat: int | None, mode: str) -> None:
        hand = self.query_one(HandView)
        if view.seat is None:
            hand.show((), caption="Hand hidden until its owner takes the keyboard")
            return
        cards = self.ctl.hand(view.seat)
        name = "Your" if not self.ctl.hot_seat else f"{view.players[view.seat]}'s"
        caption = f"{name} hand"
        if not cards and self.ctl.game.rules.family == "cribbage":
            cards = tuple(sorted(view.kept))
            caption = f"{name} hand for the show"
            if view.counting == (view.seat, "crib") and view.crib:
                cards = tuple(sorted(view.crib))
                caption = f"{name} crib, to count with the starter"
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        playable = None
        if mode == "play" and self.ctl.game.rules.family == "cribbage":
            playable = [i for i, card in enumerate(cards) if card.pips <= 31 - view.count]
        hand.show(cards, picked=self.picked, cursor=self.cursor if seat is not None else None, playable=playable,
                  caption=caption)

    def prompt_now(self, seat: int | None) -> str:
        ctl = self.ctl
        if self.counts_deal is not None:
            return f"Deal {self.counts_deal + 1} is over: Enter for the next deal (↑ ↓ scroll the counts)."
        if seat is None and not ctl.game.finished:
            thinking = ctl.computer_to_act()
            if thinking is not None and ctl.human_to_act() is None:
                return f"{ctl.game.players[thinking]} is thinking…"
        return ctl.prompt(seat)

    def _scores_line(self) -> str:
        game = self.ctl.game
        scores = " · ".join(f"{name} {score}" for name, score in game.scores().items())
        return f"{game.rules.name}: {scores}"

    def forget_hint(self) -> None:
        self.hinted = None
        self.note = None

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message under the prompt: ``error`` (red), ``hint`` (green) or ``info``."""
        style = {"error": "bold #ff5f5f", "hint": "#87d787"}.get(kind, "#d7d7d7")
        self.note = Text(text, style=style)
        self.refresh_table()

    # ------------------------------------------------------------------ the flow of the game
    def advance(self) -> None:
        """Redraw, then whatever comes next: a deal's counts, the end, the computer, a handover."""
        self.refresh_table()
        if self._modal or self.counts_deal is not None or not self.is_current:
            return
        game = self.ctl.game
        if not game.finished and self._summarized < game.deal_number:
            self._show_deal(self._summarized)
            return
        if game.finished:
            if not self._ended:
                self._ended = True
                self._finish()
            return
        if self.ctl.computer_to_act() is not None and not self._thinking:
            self._thinking = True
            self.run_worker(self._computer_turns(), group="computer", exclusive=True)
        if self.ctl.needs_handover():
            name = game.players[self.ctl.human_to_act() or 0]
            self._open(HandoverScreen(name), lambda _: self.ctl.take_keyboard())

    async def _computer_turns(self) -> None:
        ctl = self.ctl
        try:
            while not self._modal and self.counts_deal is None and (seat := ctl.computer_to_act()) is not None:
                if self.pace and ctl.mode(seat) not in ("discard", "count", "muggins"):
                    await asyncio.sleep(self.pace)
                    if self._modal or seat not in ctl.game.to_act():
                        continue
                view = ctl.game.view(seat)
                if ctl.kinds[seat] == "expert":  # 10-100 ms: think off the UI thread
                    action = await asyncio.to_thread(ctl.choose_for, seat, view)
                else:  # the quick levels decide in well under a millisecond
                    action = ctl.choose_for(seat, view)
                if action not in ctl.game.legal_actions(seat):
                    continue
                ctl.apply(action)
                if self.pace:  # let the person see each move
                    self.refresh_table()
                if ctl.game.finished or self._summarized < ctl.game.deal_number:
                    break
        except PegboardError as error:  # a bot must never take the app down
            self.note = Text(f"The computer could not move: {error}", style="bold #ff5f5f")
        finally:
            self._thinking = False
        self.advance()

    def _open(self, screen: Any, then: Any = None) -> None:
        self._modal = True

        def closed(result: str | None) -> None:
            self._modal = False
            if then is not None:
                then(result)
            self.advance()

        self.app.push_screen(screen, closed)

    def _show_deal(self, deal: int) -> None:
        """Lay a finished deal's counts on the table, item by item and aloud, until Enter."""
        game = self.ctl.game
        self._summarized = deal + 1
        if not game.finished:
            self.store.save_game(self.ctl)  # a deal done: keep the game safe even without a clean quit
        self.counts_deal = deal
        counts = deal_counts(game.events, deal, game.rules, game.players)
        summary = Text("\n".join(deal_summary(game, deal)))
        what = "the show" if game.rules.family == "cribbage" else "over"
        panel = self.query_one("#counts", Static)
        panel.border_title = f"Deal {deal + 1}: {what} · Enter: next deal"
        panel.update(Group(summary, Text(""), counts_renderable(counts, game.players)))
        panel.display = True
        self._show_parts()
        self.refresh_table()
        self.query_one(PlayArea).scroll_home(animate=False)

    def close_counts(self) -> None:
        """Back to the table for the next deal."""
        self.counts_deal = None
        self.query_one("#counts").display = False
        self._show_parts()
        self.advance()

    def action_confirm(self) -> None:
        if self.counts_deal is not None:
            self.close_counts()
        else:
            super().action_confirm()

    def action_select(self) -> None:
        if self.counts_deal is not None:
            self.close_counts()
        else:
            super().action_select()

    def action_move(self, dx: int, dy: int) -> None:
        if self.counts_deal is not None:
            self.query_one(PlayArea).scroll_relative(y=3 * dy, animate=False)
        else:
            super().action_move(dx, dy)

    def _finish(self) -> None:
        ctl = self.ctl
        game = ctl.game
        self.store.drop_save(game.game)
        me = ctl.humans[0]
        outcome = ctl.outcome(me)
        opponent = "solo" if game.rules.family == "solitaire" else ctl.setup.opponent
        self.store.record_result(game.game, opponent, outcome)
        scores = game.scores()
        if game.rules.family == "solitaire":
            result = f"{outcome.score} points: " + ("a win!" if outcome.result == "won" else
                                                    f"{game.rules.target} were needed")
        elif ctl.hot_seat:
            result = f"{game.winner} wins!" if game.winner else "A draw!"
        else:
            result = {"won": "You win!", "lost": f"{game.winner} wins.", "draw": "A draw."}[outcome.result]
        details = ["Final scores: " + " · ".join(f"{side} {score}" for side, score in scores.items())]
        details.extend(f"{side} is {mark}ed." for side, mark in game.losers_marks().items())
        details.append("Statistics updated: press s at the table to see them.")
        counts = deal_counts(game.events, game.deal_number, game.rules, game.players)

        def chosen(choice: str | None) -> None:
            if choice == "new":
                self.action_new_game()
            elif choice == "quit":
                self.app.exit()

        self._open(EndScreen(result, details, counts, game.players, lambda: self.store.save_record(game)), chosen)

    # ------------------------------------------------------------------ acting
    def act(self, action: Action) -> bool:
        """Apply the person's action; an illegal one only shows why."""
        try:
            self.ctl.apply(action)
        except PegboardError as error:
            self.say(refusal(str(error), self.ctl.game.players), "error")
            return False
        self.picked.clear()
        self.hinted = None
        self.note = None
        self.advance()
        return True

    # ------------------------------------------------------------------ help, hints, tools
    def action_help(self) -> None:
        self._open(HelpScreen())

    def action_stats(self) -> None:
        self._open(StatsScreen(self.store.summary(), self.store.stats_path))

    def action_save_record(self) -> None:
        path = self.store.save_record(self.ctl.game)
        self.say(f"Record saved: {path} (pegboard replay {path})")

    def action_new_game(self) -> None:
        if not self.ctl.game.finished:
            self.say("This game is not over: Ctrl+Q saves it and quits (pegboard play --resume continues).")
            return
        fresh = Controller.start(replace(self.ctl.setup, seed=None))
        self.app.switch_screen(GameScreen(fresh, self.store, pace=self.pace))

    def action_hint(self) -> None:
        seat = self.human()
        if seat is None:
            self.say("No hint now: " + self.prompt_now(seat))
            return
        if not self._hinting:
            self._hinting = True
            self.say("Thinking about a hint…", "hint")
            self.run_worker(self._hint(seat), group="hint", exclusive=True)

    async def _hint(self, seat: int) -> None:
        moment = len(self.ctl.game.events)
        try:
            advice = await asyncio.to_thread(hint, self.ctl.game.clone(), seat)
        except (PegboardError, ValueError) as error:
            self.say(f"No hint: {error}", "error")
            return
        finally:
            self._hinting = False
        if len(self.ctl.game.events) == moment and self.human() == seat:
            self.show_hint(advice, seat)

    def show_hint(self, advice: Hint, seat: int) -> None:
        """Put the hinted move under the cursor (Enter does it) and say why."""
        action = advice.action
        cards = self.ctl.hand(seat)
        self.hinted = action
        if action.verb == "discard" and self.ctl.game.rules.family == "cribbage":
            self.picked = {cards.index(card) for card in action.cards}
        elif action.verb == "play":
            self.cursor = cards.index(action.cards[0])
        elif action.verb == "place" and isinstance(action.target, str):
            self.cursor = CELL_NAMES.index(action.target)
        elif action.verb == "discard":
            self.cursor = LAST_CELL
        lines = [f"Hint: {describe_action(action)}: {advice.reason}."]
        if advice.ranking:
            lines.append("Best throws (expected points):")
            lines.extend(f"  {line}" for line in advice.ranking)
        lines.append("Enter does it." if action.verb not in ("count", "muggins") else "Enter submits it.")
        self.say("\n".join(lines), "hint")
        if action.verb in ("count", "muggins"):
            self.open_input(str(action.target))
