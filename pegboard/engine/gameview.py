"""``GameView``: the view of a game of any family, as a union mypy can narrow (see
:mod:`pegboard.engine.views`). A function that reads only the fields every view has takes a
:class:`~pegboard.engine.views.SeatView`; one that reads a family's own fields takes that family's view.

>>> [kind.__name__ for kind in GameView.__args__]
['CribbageView', 'SnailspaceView', 'SolitaireView']
"""

from __future__ import annotations

from typing import TypeAlias

from pegboard.engine.snailspace import SnailspaceView
from pegboard.engine.solitaire import SolitaireView
from pegboard.engine.views import CribbageView

__all__ = ["GameView", "GridView"]

GameView: TypeAlias = CribbageView | SnailspaceView | SolitaireView
"""The view of any game: what ``GameState.view`` returns, one class per family."""

GridView: TypeAlias = SnailspaceView | SolitaireView
"""The view of a grid game (Snailspace, solitaire)."""
