"""Who plays whom: one queue per rated kind and clock, closest ratings first, a window that widens the
longer a player waits, and nobody matched with someone they blocked (or who blocked them).

A player waiting ``t`` seconds accepts an opponent within :func:`window` ``(t)`` = 100 + 10 t rating
points (at most 600); two players are paired when each is within the other's window. Groups of three
or four (cutthroat, partners) need every member within every member's window.

>>> now = 100.0
>>> ann, bob, cat = Waiting(1, "Ann", 1500, 0.0), Waiting(2, "Bob", 1580, 99.0), Waiting(3, "Cat", 1900, 100.0)
>>> [[w.name for w in group] for group in groups([ann, bob, cat], 2, now, set())]
[['Ann', 'Bob']]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

__all__ = ["Waiting", "window", "groups", "WINDOW_START", "WINDOW_GROWTH", "WINDOW_MOST"]

WINDOW_START = 100.0
WINDOW_GROWTH = 10.0  # rating points a second of waiting
WINDOW_MOST = 600.0


def window(waited: float) -> float:
    """The rating difference a player who waited ``waited`` seconds accepts.

    >>> window(0), window(30), window(3600)
    (100.0, 400.0, 600.0)
    """
    return min(WINDOW_MOST, WINDOW_START + WINDOW_GROWTH * max(0.0, waited))


@dataclass(frozen=True)
class Waiting:
    """A player in a queue: account, name, rating and since when (seconds)."""

    account: int
    name: str
    rating: float
    since: float


def _fits(group: Sequence[Waiting], now: float, blocked: set[tuple[int, int]]) -> bool:
    for a, b in combinations(group, 2):
        if (a.account, b.account) in blocked or (b.account, a.account) in blocked:
            return False
        gap = abs(a.rating - b.rating)
        if gap > window(now - a.since) or gap > window(now - b.since):
            return False
    return True


def groups(waiting: Sequence[Waiting], size: int, now: float, blocked: set[tuple[int, int]]) -> list[list[Waiting]]:
    """Groups of ``size`` to start now: the longest-waiting player first, with the closest ratings that
    fit everyone's window; ``blocked`` holds (who, whom) pairs that must never meet."""
    left = sorted(waiting, key=lambda w: (w.since, w.account))
    found = []
    while len(left) >= size:
        first = left[0]
        others = sorted(left[1:], key=lambda w: (abs(w.rating - first.rating), w.since))
        chosen = None
        for rest in combinations(others[:12], size - 1):
            if _fits([first, *rest], now, blocked):
                chosen = [first, *rest]
                break
        if chosen is None:
            left = left[1:]  # the first waits on; try the others among themselves
            continue
        found.append(chosen)
        left = [w for w in left if w not in chosen]
    return found
