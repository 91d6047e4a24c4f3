"""What the person at the keyboard does at the table: number keys, arrows, Space and Enter, go and
pass, a typed move on the command line, and mouse clicks on cards and cells."""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

from pegboard.engine.actions import Action, small_number
from pegboard.engine.solitaire import CELL_NAMES, solitaire_view
from pegboard.errors import PegboardError
from pegboard.tui.controller import Controller
from pegboard.tui.widgets.cards import HandView
from pegboard.tui.widgets.grid import DISCARD, GridView

__all__ = ["TableControls", "LAST_CELL"]

OPENERS = set("atjqk")
"""Keys that start typing a card (ranks that are letters)."""
LAST_CELL = len(CELL_NAMES)  # the solitaire cursor's discard position


class TableControls(Screen[None]):
    """The keys, typing and clicks of a game screen; the game screen supplies the game."""

    AUTO_FOCUS = ""
    BINDINGS = [
        Binding("enter", "confirm", "Play"),
        Binding("g", "go", "Go"),
        Binding("h", "hint", "Hint"),
        Binding("h", "no_hint", show=False),  # where no hint is ever given (a duplicate set): h says why
        Binding("slash,tab,colon", "type", "Type"),
        Binding("question_mark", "help", "Help"),
        Binding("s", "stats", "Stats"),
        Binding("w", "save_record", "Record", show=False),
        Binding("n", "new_game", "New", show=False),
        Binding("p", "pass", "Pass", show=False),
        Binding("x", "discard", "Discard", show=False),
        Binding("space", "select", "Select", show=False),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("escape", "clear", show=False),
    ]

    def __init__(self, ctl: Controller) -> None:
        super().__init__()
        self.ctl = ctl
        self.picked: set[int] = set()
        self.cursor = 0
        self._typing = False

    # the game screen's part
    def human(self) -> int | None:
        raise NotImplementedError

    def act(self, action: Action) -> bool:
        raise NotImplementedError

    def say(self, text: str, kind: str = "info") -> None:
        raise NotImplementedError

    def refresh_table(self) -> None:
        raise NotImplementedError

    def prompt_now(self, seat: int | None) -> str:
        raise NotImplementedError

    def forget_hint(self) -> None:
        raise NotImplementedError

    def key_when_held(self) -> bool:
        """True if a key press only moves the game on (and is used up)."""
        return False

    def pick(self, index: int) -> None:
        """A card picked by number or click: played at once, or selected for the crib."""
        seat = self.human()
        mode = self.ctl.mode(seat)
        if seat is None or mode in ("wait", "count", "muggins", "place"):
            self.say(self.prompt_now(seat))
            return
        cards = self.ctl.hand(seat)
        if not 0 <= index < len(cards):
            self.say(f"There is no card {index + 1}: you hold {len(cards)}.", "error")
            return
        self.cursor = index
        if mode == "play":
            self.act(Action(seat, "play", (cards[index],)))
            return
        want = self.ctl.game.rules.discard_count
        if index in self.picked:
            self.picked.discard(index)
        elif want == 1:
            self.picked = {index}
        elif len(self.picked) < want:
            self.picked.add(index)
        else:
            self.say(f"{want} cards are picked: Enter throws them, or pick one again to put it back.", "error")
            return
        chosen = " ".join(cards[i].symbol for i in sorted(self.picked))
        self.say(f"Picked {chosen}: Enter throws {'it' if want == 1 else 'them'}." if len(self.picked) == want
                 else f"Picked {chosen or 'nothing'}: pick {want - len(self.picked)} more.")

    def action_confirm(self) -> None:
        seat = self.human()
        mode = self.ctl.mode(seat)
        if seat is None or mode == "wait":
            self.say(self.prompt_now(seat))
        elif mode == "discard":
            cards = self.ctl.hand(seat)
            if len(self.picked) != self.ctl.game.rules.discard_count:
                want = self.ctl.game.rules.discard_count
                self.say(f"Pick {'a card' if want == 1 else f'{want} cards'} to throw first (number keys or Space).",
                         "error")
                return
            self.act(Action(seat, "discard", tuple(cards[i] for i in sorted(self.picked))))
        elif mode == "play":
            legal = self.ctl.game.legal_actions(seat)
            if all(action.verb == "go" for action in legal):
                self.act(legal[0])
            else:
                self.pick(self.cursor)
        elif mode == "place":
            current = solitaire_view(self.ctl.game.view(seat)).current
            assert current is not None  # a card is turned whenever one is to be placed
            if self.cursor >= LAST_CELL:
                self.act(Action(seat, "discard", (current,)))
            else:
                self.act(Action(seat, "place", (current,), CELL_NAMES[self.cursor]))
        else:
            self.open_input("")

    def action_go(self) -> None:
        seat = self.human()
        if seat is None:
            self.say(self.prompt_now(seat))
        else:
            self.act(Action(seat, "go"))

    def action_pass(self) -> None:
        seat = self.human()
        if seat is None:
            self.say(self.prompt_now(seat))
        else:
            self.act(Action(seat, "pass"))

    def action_discard(self) -> None:
        seat = self.human()
        current = solitaire_view(self.ctl.game.view(seat)).current if seat is not None and \
            self.ctl.mode(seat) == "place" else None
        if seat is not None and current is not None:
            self.act(Action(seat, "discard", (current,)))
        else:
            self.say("x discards the card turned in solitaire; here, pick cards with their numbers.", "error")

    def action_select(self) -> None:
        if self.ctl.mode(self.human()) == "discard":
            self.pick(self.cursor)
        else:
            self.action_confirm()

    def action_move(self, dx: int, dy: int) -> None:
        seat = self.human()
        if self.ctl.mode(seat) == "place":
            self.cursor = min(LAST_CELL, max(0, self.cursor + dx + 4 * dy))
        else:
            cards = len(self.ctl.hand(self.ctl.viewer)) or 1
            self.cursor = (self.cursor + dx) % cards
        self.refresh_table()

    def action_clear(self) -> None:
        self._typing = False
        self.set_focus(None)
        self.picked.clear()
        self.forget_hint()
        self.refresh_table()

    def on_key(self, event: events.Key) -> None:
        if event.key != "ctrl+q" and self.key_when_held():
            event.stop()
            event.prevent_default()
            return
        if self._typing and event.key == "enter":  # typed faster than the line took the focus: submit it
            event.stop()
            event.prevent_default()
            box = self.query_one("#command", Input)
            text, box.value = box.value, ""
            self.submit(text)
            return
        char = event.character
        if char is None or not char.isprintable():
            return
        if self._typing:  # typed faster than the line took the focus: the key belongs to it
            event.stop()
            box = self.query_one("#command", Input)
            box.insert_text_at_cursor(char)
            self.set_focus(box)
            return
        if self.focused is not None:
            return
        seat = self.human()
        mode = self.ctl.mode(seat)
        if small_number(char) is not None:  # 0-9 (not ² or another script's digit)
            event.stop()
            if mode in ("count", "muggins") or (mode == "play" and len(self.ctl.hand(seat)) > 9):
                self.open_input(char)  # a count, or card 10 and up: the number is typed, then Enter
            elif char != "0":
                self.pick(int(char) - 1)
        elif char.lower() in OPENERS or (mode == "place" and char.lower() in "abcd"):
            event.stop()
            self.open_input(char)

    # ------------------------------------------------------------------ typing, mouse
    def open_input(self, text: str) -> None:
        """Start typing a move on the command line (with ``text`` typed already)."""
        self._typing = True
        box = self.query_one("#command", Input)
        box.value = text
        box.cursor_position = len(text)
        self.set_focus(box)  # at once: a key typed next must find the line focused

    def action_type(self) -> None:
        self.open_input("")

    def on_input_blurred(self, event: Input.Blurred) -> None:
        self._typing = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        event.input.value = ""
        self.submit(text)

    def submit(self, text: str) -> None:
        """A move typed on the command line."""
        self._typing = False
        self.set_focus(None)
        seat = self.human()
        if seat is None:
            self.say(self.prompt_now(seat))
            return
        try:
            action = self.ctl.interpret(text, seat)
        except PegboardError as error:
            self.say(str(error), "error")
            return
        self.act(action)

    def on_hand_view_picked(self, message: HandView.Picked) -> None:
        self.pick(message.index)

    def on_grid_view_picked(self, message: GridView.Picked) -> None:
        seat = self.human()
        if self.ctl.mode(seat) != "place" or seat is None:
            return
        self.cursor = LAST_CELL if message.index == DISCARD else message.index
        self.action_confirm()
