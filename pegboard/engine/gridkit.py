"""Small pieces the grid games share: a cheap clone of a game state.

:meth:`GameState.clone` deep-copies; bots clone a great deal, and a grid game's state is a few
flat lists of immutable cards and events, so copying those lists is enough.

>>> from pegboard.engine import new_game
>>> game = new_game("snailspace", ["Ann", "Bob"], seed=2, first_dealer=0)
>>> twin = game.clone()
>>> _ = twin.apply(twin.legal_actions()[0])
>>> len(twin.deal_logs[0].actions), len(game.deal_logs[0].actions)
(1, 0)
"""

from __future__ import annotations

import copy
import random
from typing import TypeVar

from pegboard.engine.base import DealLog, GameState

__all__ = ["shallow_clone", "clone_rng"]

S = TypeVar("S", bound=GameState)


def shallow_clone(state: S) -> S:
    """A copy of ``state`` sharing only immutable parts; the base class's lists are copied.

    The subclass copies its own mutable attributes afterwards.
    """
    new = copy.copy(state)
    new._scores = list(state._scores)
    new._previous = list(state._previous)
    new._events = list(state._events)
    new._seat_logs = {seat: list(log) for seat, log in state._seat_logs.items()}
    new._deal_logs = [DealLog(log.deal, list(log.actions)) for log in state._deal_logs]
    new._legal = dict(state._legal)
    return new


def clone_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as ``rng``."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin
