"""Small pieces the grid games share: a cheap clone of a game state, the cards a deal leaves out.

:meth:`GameState.clone` deep-copies; bots clone a great deal, and a grid game's state is a few
lists and dicts of immutable things (cards, events, actions, tuples), so copying the containers is
enough: everything else is shared.

>>> from pegboard.engine import new_game
>>> from pegboard.records import record_of
>>> game = new_game("snailspace", ["Ann", "Bob"], seed=2, first_dealer=0)
>>> twin = game.clone()
>>> _ = twin.apply(twin.legal_actions()[0])
>>> len(record_of(twin)["deals"][0]["actions"]), len(record_of(game)["deals"][0]["actions"])
(1, 0)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable
from typing import Any, TypeVar

from pegboard.cards import Card, full_deck
from pegboard.engine.base import DealLog, GameState
from pegboard.engine.eventlog import Journal

__all__ = ["shallow_clone", "clone_rng", "cards_left_out"]

S = TypeVar("S", bound=GameState)


def _copy_containers(value: Any) -> Any:
    """Lists, dicts, deal logs and event journals copied all the way down; anything else is shared.

    A list's items are all of one kind in these states, so its first item says whether to recurse.
    """
    if isinstance(value, list):
        if value and isinstance(value[0], (list, dict, DealLog)):
            return [_copy_containers(item) for item in value]
        return value.copy()
    if isinstance(value, dict):
        return {key: _copy_containers(item) for key, item in value.items()}
    if isinstance(value, Journal):
        return value.copy()
    if isinstance(value, DealLog):
        twin = copy.copy(value)
        for name, item in vars(value).items():
            setattr(twin, name, _copy_containers(item))
        return twin
    return value


def shallow_clone(state: S) -> S:
    """A copy of ``state`` whose lists, dicts and deal logs are its own; immutable parts are shared.

    Objects with state of their own (a random generator) are shared too: the caller replaces them.
    """
    new = copy.copy(state)
    for name, value in vars(state).items():
        setattr(new, name, _copy_containers(value))
    return new


def clone_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as ``rng``."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def cards_left_out(named: Iterable[Card]) -> tuple[Card, ...]:
    """Every card not in ``named``, in deck order (the dead cards, or the cards not in a stock).

    >>> len(cards_left_out(full_deck()[:27]))
    25
    """
    used = set(named)
    return tuple(card for card in full_deck() if card not in used)
