"""One :class:`GameKind` per family of games: what the family is, in one place (issue 41).

A kind names its engine and view classes (loaded when first asked for, so the rules never import
the engine), states the family's facts that interfaces lay out by (a crib, a board, a grid...), and
owns every table that used to be keyed by the family's name: its record options and their checks,
its presets, the kinds of decision a review reports, the options a web table may set. Interfaces
register their renderers into it (:meth:`GameKind.register_renderer`) and look them up by kind, so
nothing outside a family's own modules asks which family a game is.

The built-in kinds are defined in :mod:`pegboard.families` (one module a family) and registered by
:mod:`pegboard.rules`; a new family is one module and one :func:`pegboard.rules.register_kind` call.

>>> from pegboard.rules import Rules
>>> kind = Rules.preset("snailspace").kind
>>> kind.family, kind.grid_side, kind.holds_hand, kind.decisions
('snailspace', 5, True, ('place',))
>>> kind.state_class().__name__
'SnailspaceState'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from pegboard.errors import PegboardError, RulesError

__all__ = ["GameKind", "kind_named", "kinds", "add_kind", "MAX_TARGET", "MAX_DEALS"]

MAX_TARGET: Final = 999
"""The highest target any game may be played to (a game to it still ends in a few hundred deals)."""
MAX_DEALS: Final = 100
"""The most deals a cribbage game of a set number of deals may have."""



def _load(path: str) -> Any:
    module_name, _, name = path.partition(":")
    return getattr(importlib.import_module(module_name), name)


@dataclass(frozen=True, kw_only=True, eq=False)
class GameKind:
    """One family of games: its classes, its facts and its tables (see the module's docstring)."""

    family: str
    """The family's name, as ``Rules.family`` holds it."""
    state: str | type
    """The engine class (a ``GameState`` subclass), or where it lives as ``module:Class``."""
    view: str | type
    """The class of its seats' views, or ``module:Class``."""
    presets: Mapping[str, Mapping[str, Any]]
    """Each preset's rules fields (those that differ from the common defaults; ``family`` is added)."""
    aliases: Mapping[str, str] = field(default_factory=dict)
    """Other names of the presets."""
    titles: Mapping[str, str] = field(default_factory=dict)
    """Each preset's name for people ("Five-card cribbage")."""
    crib: bool = False
    """Players throw to a crib, play with a running count (go, 31) and show their hands."""
    pegging: bool = False
    """Scores are pegged on a cribbage board to a target (and a game may start from given scores)."""
    grid_side: int = 0
    """The side of the grid cards are placed on (0: no grid)."""
    cells_in_order: bool = False
    """Cards go on the grid's cells in a fixed order: the player chooses the card, not the cell."""
    holds_hand: bool = True
    """Each player holds a hand of cards (not a stock turned one card at a time)."""
    fixed_deals: bool = False
    """A fixed number of deals whose totals decide, not a race to a target."""
    options: tuple[str, ...] = ()
    """The option names records and the command line may use (docs/record-format.md)."""
    option_fields: Mapping[str, str] = field(default_factory=dict)
    """Record option names that name a rules field by another name (``discards``: ``discard_spaces``)."""
    own_fields: tuple[str, ...] = ()
    """Rules fields that apply to this family (and to no family that does not list them)."""
    check: Callable[[Any], None] | None = None
    """The family's checks of a rules object (raises :class:`~pegboard.errors.RulesError`)."""
    decisions: tuple[str, ...] = ()
    """The kinds of decision a review reports, in order."""
    grid_samples: int = 0
    """Deals sampled to value a grid placement (the analysis; 0: not a grid game)."""
    table_options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    """Options a web table may set: (type, bounds or allowed values)."""
    renderers: dict[str, Any] = field(default_factory=dict, repr=False)
    """What interfaces registered for this kind, by role (see :meth:`register_renderer`)."""

    def state_class(self) -> type[Any]:
        """The engine class that plays this family."""
        if isinstance(self.state, str):
            try:
                cls: type[Any] = _load(self.state)
            except ModuleNotFoundError:
                raise PegboardError(f"game family {self.family!r} has no engine yet") from None
            object.__setattr__(self, "state", cls)
            return cls
        return self.state

    def view_class(self) -> type[Any]:
        """The class of this family's views."""
        if isinstance(self.view, str):
            object.__setattr__(self, "view", _load(self.view))
        assert isinstance(self.view, type)
        return self.view

    def register_renderer(self, role: str, renderer: Any) -> None:
        """Register what an interface draws or encodes this kind's views with (``role``: ``"text"``,
        ``"observation"``, ``"actions"``...); a later registration replaces an earlier one."""
        self.renderers[role] = renderer

    def renderer(self, role: str) -> Any:
        """The renderer registered for ``role``, or a :class:`~pegboard.errors.PegboardError` naming
        the family and the role.

        >>> kind_named("solitaire").renderer("no such role")
        Traceback (most recent call last):
        ...
        pegboard.errors.PegboardError: game family 'solitaire' has no 'no such role' renderer registered
        """
        found = self.renderers.get(role)
        if found is None:
            raise PegboardError(f"game family {self.family!r} has no {role!r} renderer registered")
        return found


_KINDS: dict[str, GameKind] = {}


def add_kind(kind: GameKind) -> None:
    """Put ``kind`` in the registry (see :func:`pegboard.rules.register_kind`, which also makes its
    presets); a family already registered is refused unless it is the same object."""
    known = _KINDS.get(kind.family)
    if known is not None and known is not kind:
        raise RulesError(f"game family {kind.family!r} is registered already")
    _KINDS[kind.family] = kind


def kind_named(family: str) -> GameKind:
    """The kind of a family, by name.

    >>> kind_named("cribbage").crib
    True
    """
    found = _KINDS.get(family)
    if found is None:
        raise RulesError(f"unknown game family {family!r}: expected one of {', '.join(_KINDS)}")
    return found


def kinds() -> tuple[GameKind, ...]:
    """Every registered kind, built-ins first.

    >>> [kind.family for kind in kinds()][:3]
    ['cribbage', 'snailspace', 'solitaire']
    """
    return tuple(_KINDS.values())
