"""The game screen's flow as one explicit state, UI-free: is the app moving for someone, is the table
held after the play, is a hint being worked out, is a box open over the table, is the game over.

>>> flow = Flow()
>>> flow.start_moving(); flow.stage.value, flow.busy
('moving', True)
>>> flow.moves_done(); flow.settle(); flow.stage.value
'ready'
>>> flow.open_box(); flow.start_moving()
Traceback (most recent call last):
...
pegboard.tui.flow.FlowError: cannot start moving while box
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["Stage", "Flow", "FlowError", "PACES"]

PACES = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
"""How fast the computer plays (seconds before each of its moves), by the setting's name."""


class Stage(Enum):
    READY = "ready"  # the person may act (or wait for nothing)
    MOVING = "moving"  # the app is making moves: the computer's, a person's forced ones
    SETTLING = "settling"  # the moves are made; what comes next is about to be looked at
    HELD = "held"  # the table is held as the play's last card left it, until a key
    HINTING = "hinting"  # a hint is being worked out
    BOX = "box"  # a box is open over the table (help, handover, history...)
    OVER = "over"  # the game is over and its end has been shown


class FlowError(RuntimeError):
    """A step the flow does not take from where it is (a bug in the screen, never the player's)."""


@dataclass
class Flow:
    """Where the game screen is; every change goes through a method that says which step it is."""

    stage: Stage = Stage.READY
    skipping: bool = False  # the person asked to skip ahead: the computer's moves come without pauses

    @property
    def busy(self) -> bool:
        """The person must wait (the app moves, the table is held, a hint is coming)."""
        return self.stage in (Stage.MOVING, Stage.SETTLING, Stage.HELD, Stage.HINTING)

    def _step(self, allowed: tuple[Stage, ...], to: Stage, what: str) -> None:
        if self.stage not in allowed:
            raise FlowError(f"cannot {what} while {self.stage.value}")
        self.stage = to

    def start_moving(self) -> None:
        self._step((Stage.READY, Stage.SETTLING), Stage.MOVING, "start moving")

    def moves_done(self) -> None:
        """The app's moves stopped (none left, the table held, a box opened): look at what is next."""
        if self.stage is Stage.MOVING:
            self.stage = Stage.SETTLING

    def settle(self) -> None:
        if self.stage is Stage.SETTLING:
            self.stage = Stage.READY
            self.skipping = False

    def hold(self) -> None:
        self._step((Stage.READY, Stage.MOVING, Stage.SETTLING), Stage.HELD, "hold the table")

    def release(self) -> None:
        self._step((Stage.HELD,), Stage.READY, "release the table")

    def start_hint(self) -> None:
        self._step((Stage.READY,), Stage.HINTING, "work out a hint")

    def end_hint(self) -> None:
        if self.stage is Stage.HINTING:
            self.stage = Stage.READY

    def open_box(self) -> None:
        """A box over the table: the app's moves pause until it closes."""
        self._step((Stage.READY, Stage.SETTLING, Stage.MOVING, Stage.HINTING, Stage.OVER), Stage.BOX,
                   "open a box")

    def close_box(self, over: bool = False) -> None:
        self._step((Stage.BOX,), Stage.OVER if over else Stage.READY, "close a box")

    def finish(self) -> None:
        self.stage = Stage.OVER
