"""Game engines: one small API for every game (see :class:`pegboard.engine.base.GameState`).

>>> game = new_game("five-card", ["Ann", "Bob"], seed=3, first_dealer=1)
>>> game.scores()  # the pone's 3 for last (ruling 18)
{'Ann': 3, 'Bob': 0}
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pegboard.engine.actions import Action
from pegboard.engine.base import GameState
from pegboard.engine.deals import Deal
from pegboard.engine.events import Event
from pegboard.engine.views import SeatView
from pegboard.errors import PegboardError
from pegboard.kinds import GameKind
from pegboard.rules import Rules

__all__ = ["Action", "Deal", "Event", "GameKind", "GameState", "SeatView", "new_game", "state_class"]


def state_class(rules: Rules) -> type[GameState]:
    """The engine class that plays ``rules``' family (its :class:`~pegboard.kinds.GameKind`'s).

    >>> state_class(Rules.preset("five-card")).__name__
    'CribbageState'
    """
    cls: type[GameState] = rules.kind.state_class()
    return cls


def new_game(
    game: str | Rules,
    players: Sequence[str] | None = None,
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    first_dealer: int | None = None,
    dealt: Sequence[Deal | None] = (),
    start_scores: Sequence[int] | None = None,
    **options: Any,
) -> GameState:
    """Start a game of a preset (or rules object), dealt from ``seed``/``rng`` or from ``dealt``, a list of
    explicit deals (one per deal, parts may be missing; the rest comes from the seed).

    ``first_dealer`` is a seat; without it the first dealer is decided by a cut (ruling 13).
    Options (``target=61``, ``muggins=True``...) override the preset's rules. ``start_scores`` (cribbage
    games) starts each side on a given score, for analysis and puzzles.
    """
    rules = game if isinstance(game, Rules) else Rules.preset(game)
    if options:
        rules = rules.with_options(**options)
    cls: Any = state_class(rules)
    if start_scores is not None:
        if not rules.pegging:
            raise PegboardError(f"start scores: only cribbage games start from given scores, not {rules.name}")
        if any(isinstance(score, bool) for score in start_scores):
            raise PegboardError(f"start scores {list(start_scores)}: expected whole numbers, not true or false")
    extra = {} if start_scores is None else {"start_scores": start_scores}
    return cls(rules, players, rng=rng, seed=seed, first_dealer=first_dealer, dealt=dealt, **extra)  # type: ignore[no-any-return]
