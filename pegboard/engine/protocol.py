"""The typed view every game's ``view(seat)`` returns: what any seat sees in any game.

Each game's view (:class:`~pegboard.engine.views.CribbageView`,
:class:`~pegboard.engine.snailspace.SnailspaceView`, :class:`~pegboard.engine.solitaire.SolitaireView`)
has these fields and more; a bot or an interface that needs a game's own fields (the hand, the
count, the grid) narrows to that game's view with :func:`cribbage_view` and friends.

>>> from pegboard.engine import new_game
>>> view: SeatView = new_game("cribbage", ["Ann", "Bob"], seed=1).view(0)
>>> view.seat, view.phase, len(view.legal_actions), cribbage_view(view).crib_size
(0, 'discard', 15, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from pegboard.engine.actions import Action
from pegboard.engine.events import Event

if TYPE_CHECKING:
    from pegboard.engine.snailspace import SnailspaceView
    from pegboard.engine.solitaire import SolitaireView
    from pegboard.engine.views import CribbageView

__all__ = ["SeatView", "cribbage_view", "grid_view", "solitaire_view"]


class SeatView(Protocol):
    """The fields every game's view has (read-only)."""

    @property
    def game(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def previous_scores(self) -> tuple[int, ...]: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def events(self) -> Sequence[Event]: ...


def cribbage_view(view: SeatView) -> CribbageView:
    """``view`` as a cribbage view (a :class:`TypeError` if it is another game's)."""
    from pegboard.engine.views import CribbageView

    if not isinstance(view, CribbageView):
        raise TypeError(f"a view of {view.game}, not of a cribbage game")
    return view


def grid_view(view: SeatView) -> SnailspaceView:
    """``view`` as a Snailspace view (a :class:`TypeError` if it is another game's)."""
    from pegboard.engine.snailspace import SnailspaceView

    if not isinstance(view, SnailspaceView):
        raise TypeError(f"a view of {view.game}, not of Snailspace")
    return view


def solitaire_view(view: SeatView) -> SolitaireView:
    """``view`` as a solitaire view (a :class:`TypeError` if it is another game's)."""
    from pegboard.engine.solitaire import SolitaireView

    if not isinstance(view, SolitaireView):
        raise TypeError(f"a view of {view.game}, not of solitaire")
    return view
