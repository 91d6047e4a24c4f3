"""Clocks of rated games: a few seconds free for every decision plus a reserve, and what running out costs.

A seat's clock runs while it has a decision to make (forced moves are made at once by the server and
cost nothing; counting is automatic at rated tables). A decision's first :attr:`Clock.per` seconds are
free; beyond them the reserve drains. When both are gone the server makes the move (at the computer
level :data:`TIMEOUT_LEVEL`); after :attr:`Clock.timeouts` such moves, the next one loses the game.

>>> clock = CLOCKS["15+120"]
>>> clock.charge(120.0, 10.0), clock.charge(120.0, 40.0), clock.charge(5.0, 40.0)
(120.0, 95.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Clock", "CLOCKS", "TIMEOUT_LEVEL", "clock_named", "SeatClock"]

TIMEOUT_LEVEL = "greedy"
"""The computer level that moves for a player who ran out of time."""


@dataclass(frozen=True)
class Clock:
    """``per`` seconds free a decision, a ``reserve`` of seconds, ``timeouts`` moves made for a player
    who ran out before the next running out loses."""

    name: str
    per: float
    reserve: float
    timeouts: int = 2

    def charge(self, reserve: float, used: float) -> float:
        """The reserve left after a decision that took ``used`` seconds."""
        return max(0.0, reserve - max(0.0, used - self.per))

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "per": self.per, "reserve": self.reserve, "timeouts": self.timeouts}


CLOCKS: dict[str, Clock] = {
    "15+120": Clock("15+120", 15.0, 120.0),
    "30+300": Clock("30+300", 30.0, 300.0),
}
"""The clocks a rated game may be played under (the queue's choice)."""
TEST_CLOCKS: dict[str, Clock] = {"test": Clock("test", 1.0, 1.0)}
"""A fast clock that only tests may use (a server started with ``test_clocks``)."""


def clock_named(name: object, test: bool = False) -> Clock:
    """The clock called ``name``; a :class:`ValueError` naming the choices otherwise.

    >>> clock_named("30+300").per
    30.0
    """
    choices = {**CLOCKS, **(TEST_CLOCKS if test else {})}
    if not isinstance(name, str) or name not in choices:
        raise ValueError(f"clock {str(name)[:20]!r}: choose one of {', '.join(CLOCKS)}")
    return choices[name]


@dataclass
class SeatClock:
    """One seat's clock: the reserve left, the moves made for it on time, and since when it has been
    running (wall-clock seconds; None while it is not this seat's decision)."""

    reserve: float
    timeouts: int = 0
    since: float | None = None

    def deadline(self, clock: Clock) -> float | None:
        """When this seat runs out (None while its clock is stopped)."""
        return None if self.since is None else self.since + clock.per + self.reserve

    def to_json(self, clock: Clock, now: float) -> dict[str, object]:
        """What the page shows: the reserve, and while running the seconds left in all."""
        left = None if self.since is None else max(0.0, self.since + clock.per + self.reserve - now)
        return {"reserve": round(self.reserve, 1), "running": self.since is not None,
                "left": None if left is None else round(left, 1), "timeouts": self.timeouts}
