"""Option types shared by the commands, so every command reads the same input the same way.

:class:`GameType` (and its instance :data:`GAME`) takes a game by any preset name or alias, as
:meth:`Rules.preset <pegboard.rules.Rules.preset>` does, and hands the command the canonical preset
name: ``--game six-card`` means ``cribbage`` to every command. :data:`SEED` bounds a seed (so every
record written with it can be read back), :class:`Seconds` a pause (``nan`` and ``inf`` are not one),
:data:`OBJECTIVE` what a game is played for (:mod:`pegboard.objectives`, by name).

>>> GAME.convert("Six-Card", None, None)
'cribbage'
>>> GameType(crib=True).convert("snail", None, None)
Traceback (most recent call last):
...
click.exceptions.BadParameter: game 'snail' (snailspace): expected a cribbage game: cribbage, cribbage-3, \
cribbage-4, cribbage-4-solo, five-card
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, TypeAlias

import click
from click.shell_completion import CompletionItem

from pegboard.errors import ObjectiveError, RulesError
from pegboard.objectives import KINDS, Objective
from pegboard.rules import ALIASES, PRESET_NAMES, Rules

__all__ = ["GameType", "GAME", "SEED", "Seconds", "ObjectiveType", "OBJECTIVE"]

if TYPE_CHECKING:  # generic in Click's newest stubs only; plain at run time for every Click >= 8.2
    _StrParam: TypeAlias = click.ParamType[str]
else:
    _StrParam = click.ParamType


class GameType(_StrParam):
    """A game preset by its name or any alias, case-insensitive; converts to the canonical preset name.

    ``crib`` limits the games to the cribbage games (``Rules.crib``: a crib, a play and a show), for the
    hand counter and the discard advice.
    """

    name = "game"

    def __init__(self, crib: bool = False) -> None:
        self.crib = crib

    def _takes(self, rules: Rules) -> bool:
        return rules.crib or not self.crib

    def allowed(self) -> tuple[str, ...]:
        """The canonical preset names this type accepts."""
        return tuple(name for name in PRESET_NAMES if self._takes(Rules.preset(name)))

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            rules = Rules.preset(str(value))
        except RulesError as error:
            self.fail(str(error), param, ctx)
        if not self._takes(rules):
            named = f"game {value!r}" + (f" ({rules.name})" if rules.name != value else "")
            self.fail(f"{named}: expected a cribbage game: {', '.join(self.allowed())}", param, ctx)
        return rules.name

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        names = [*self.allowed(), *(alias for alias, name in ALIASES.items() if name in self.allowed())]
        return [CompletionItem(name) for name in names if name.startswith(incomplete.lower())]

    def __repr__(self) -> str:
        return f"GameType(crib={self.crib!r})"


GAME = GameType()
"""Any game, by preset name or alias."""


SEED = click.IntRange(-(2**63), 2**63 - 1)
"""A seed: any 64-bit integer (records hold numbers of at most 100 digits)."""


class Seconds(click.FloatRange):
    """A pause in seconds from ``low`` to ``high``; ``nan`` and ``inf`` are refused (a range check
    alone lets ``nan`` through: it is neither below nor above anything).

    >>> Seconds(0, 10).convert("nan", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: 'nan' is not a number of seconds from 0 to 10.
    """

    name = "seconds"
    """What the value is called in Click's own messages (``'x' is not a valid seconds``)."""

    def __init__(self, low: float, high: float) -> None:
        super().__init__(low, high)
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        wanted = f"{value!r} is not a number of seconds from {self.low:g} to {self.high:g}."
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(wanted, param, ctx)
        if not math.isfinite(number):
            self.fail(wanted, param, ctx)
        return super().convert(number, param, ctx)


if TYPE_CHECKING:  # as _StrParam above
    _ObjectiveParam: TypeAlias = click.ParamType[Objective]
else:
    _ObjectiveParam = click.ParamType


class ObjectiveType(_ObjectiveParam):
    """An objective by name (``win``, ``game-points``, ``spread:cap=31``, ``match:to=7``...), converted
    to an :class:`~pegboard.objectives.Objective`; a bad name is refused with what was expected.

    >>> OBJECTIVE.convert("spread:cap=31", None, None).cap
    31
    >>> OBJECTIVE.convert("points", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: objective 'points': expected win, game-points, spread or match (e.g. \
game-points, spread:cap=31, match:to=7)
    """

    name = "objective"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Objective:
        if isinstance(value, Objective):
            return value
        try:
            return Objective.from_name(str(value))
        except ObjectiveError as error:
            self.fail(str(error), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        return [CompletionItem(kind) for kind in KINDS if kind.startswith(incomplete.lower())]


OBJECTIVE = ObjectiveType()
"""What a game is played for, by name."""
