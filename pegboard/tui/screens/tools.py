"""The game screen's tools, apart from the flow of play: hints, help, statistics, the record, the score
history and the last counts, undo, the computer's pace and skipping ahead, a new game."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.binding import Binding

from pegboard.engine.actions import Action
from pegboard.engine.solitaire import CELL_NAMES
from pegboard.errors import PegboardError
from pegboard.present import Hint, hint
from pegboard.tui.controller import describe_action
from pegboard.tui.flow import PACES, Flow, Stage
from pegboard.tui.history import score_history, sources
from pegboard.tui.screens.controls import LAST_CELL, TableControls
from pegboard.tui.screens.modals import HelpScreen, StatsScreen
from pegboard.tui.screens.summary import HistoryScreen
from pegboard.tui.store import Store

__all__ = ["GameTools", "next_pace"]


def next_pace(pace: float) -> tuple[str, float]:
    """The pace setting after ``pace`` (slow, normal, fast, instant, round again).

    >>> next_pace(0.6), next_pace(0.0)
    (('fast', 0.25), ('slow', 1.2))
    """
    names = list(PACES)
    now = min(names, key=lambda name: abs(PACES[name] - pace))
    after = names[(names.index(now) + 1) % len(names)]
    return after, PACES[after]


class GameTools(TableControls):
    """Keys that are not moves. The game screen supplies the flow, the store and the drawing."""

    BINDINGS = [
        Binding("v", "history", "Scores"),
        Binding("r", "review", "Review", show=False),
        Binding("l", "last_counts", "Last show", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("f", "skip", "Skip ahead", show=False),
        Binding("plus,equals_sign", "pace", "Pace", show=False),
    ]

    flow: Flow
    store: Store
    pace: float
    hinted: Action | None

    def open_box(self, screen: Any, then: Any = None) -> None:
        raise NotImplementedError

    def show_deal(self, deal: int) -> None:
        raise NotImplementedError

    def advance(self) -> None:
        raise NotImplementedError

    def start_new_game(self) -> None:
        raise NotImplementedError

    def action_review(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ boxes
    def action_help(self) -> None:
        self.open_box(HelpScreen())

    def action_stats(self) -> None:
        try:
            rows = self.store.summary()
        except PegboardError as error:
            self.say(str(error), "error")
            return
        self.open_box(StatsScreen(rows, self.store.stats_path, self.store))

    def action_history(self) -> None:
        """The score history, deal by deal, at any time."""
        game = self.ctl.game
        self.open_box(HistoryScreen(score_history(game), game.side_names, sources(game.rules)))

    def action_last_counts(self) -> None:
        """The last finished deal's counts, laid over the table again."""
        deal = self.ctl.game.deal_number - 1 if not self.ctl.game.finished else self.ctl.game.deal_number
        if deal < 0:
            self.say("No deal has been counted yet.")
            return
        self.show_deal(deal)

    def action_save_record(self) -> None:
        game = self.ctl.game
        try:
            path, deals = self.store.save_record_so_far(game, self.ctl.objective)
        except PegboardError as error:
            self.say(f"The record could not be saved: {error}", "error")
            return
        if path is None:
            self.say("Nothing to save yet: until the game is over, the record holds only finished deals, so it "
                     "shows no card you have not seen. Press w again after this deal.")
        elif game.finished:
            self.say(f"Record saved: {path} (pegboard replay {path})")
        else:
            self.say(f"Record of deal{'s' if deals > 1 else ''} 1{f'-{deals}' if deals > 1 else ''} saved: {path} "
                     f"(pegboard replay {path}). The deal in play is left out until it is over: it would show "
                     f"cards you have not seen.")

    def action_new_game(self) -> None:
        if not self.ctl.game.finished:
            self.say("This game is not over: Ctrl+Q saves it and quits (pegboard play --resume continues).")
            return
        self.start_new_game()

    # ------------------------------------------------------------------ undo, pace
    def action_undo(self) -> None:
        """Take back your last decision (casual games against the computer)."""
        if self.flow.busy:
            self.say("Wait for the computer's move, then undo.")
            return
        seat = self.ctl.viewer if self.ctl.viewer is not None else 0
        problem = self.ctl.undo_refusal(seat)
        if problem is not None:
            self.say(f"No undo: {problem}.", "error")
            return
        taken = self.ctl.take_back()
        self.picked.clear()
        self.forget_hint()
        self.since = len(self.ctl.game.events)
        self.say(f"Undone: {taken} move{'s' if taken != 1 else ''} taken back. Your move again.")
        self.advance()

    since: int

    def action_pace(self) -> None:
        """How fast the computer plays: slow, normal, fast, instant (kept for the next games)."""
        name, self.pace = next_pace(self.pace)
        try:
            self.store.update_settings({"pace": name})
        except PegboardError:
            pass  # the pace still changes for this game
        self.say(f"The computer plays {name}{'' if name == 'instant' else f' ({self.pace:g} s a move)'}: "
                 f"+ changes it, f skips ahead.")

    def action_skip(self) -> None:
        """The computer's moves up to your next decision, without pauses."""
        self.flow.skipping = True
        if self.flow.stage is Stage.HELD:
            self.key_when_held()

    # ------------------------------------------------------------------ hints
    def action_hint(self) -> None:
        seat = self.human()
        if seat is None or self.flow.stage is not Stage.READY:
            self.say("No hint now: " + self.prompt_now(seat))
            return
        problem = self.ctl.hint_refusal(seat)
        if problem is not None:
            self.say(f"No hint: {problem}.", "error")
            return
        self.flow.start_hint()
        self.say("Thinking about a hint…", "hint")
        self.run_worker(self._hint(seat), group="hint", exclusive=True)

    def action_no_hint(self) -> None:
        """h where the footer offers no hint: say why."""
        self.action_hint()

    async def _hint(self, seat: int) -> None:
        moment = len(self.ctl.game.events)
        try:
            advice = await asyncio.to_thread(hint, self.ctl.game.clone(), seat, self.ctl.objective)
        except (PegboardError, ValueError) as error:
            self.say(f"No hint: {error}", "error")
            return
        finally:
            self.flow.end_hint()
        if len(self.ctl.game.events) == moment and self.human() == seat:
            self.show_hint(advice, seat)

    def show_hint(self, advice: Hint, seat: int) -> None:
        """Put the hinted move under the cursor (Enter does it) and say why."""
        action = advice.action
        cards = self.ctl.hand(seat)
        self.hinted = action
        lines = [f"Hint: {describe_action(action)}: {advice.reason}."]
        if action.verb == "discard" and self.ctl.game.rules.crib:
            hinted = {cards.index(card) for card in action.cards}
            if self.picked and self.picked != hinted:
                mine = " ".join(cards[i].symbol for i in sorted(self.picked))
                lines.append(f"Your picks ({mine}) are replaced by the hint's; Esc clears them.")
            self.picked = hinted
        elif action.verb == "play":
            self.cursor = cards.index(action.cards[0])
        elif action.verb == "place" and isinstance(action.target, str):
            self.cursor = CELL_NAMES.index(action.target)
        elif action.verb == "discard":
            self.cursor = LAST_CELL
        if advice.ranking:
            lines.append("Best throws (expected points):")
            lines.extend(f"  {line}" for line in advice.ranking)
        lines.append("Enter does it." if action.verb not in ("count", "muggins") else "Enter submits it.")
        self.say("\n".join(lines), "hint")
        if action.verb in ("count", "muggins"):
            self.open_input(str(action.target))
