"""The family folders: one module a family of games, each defining its :class:`~pegboard.kinds.GameKind`
(its presets, facts, option checks and tables; its engine stays in :mod:`pegboard.engine`, which the
accelerator compiles). :mod:`pegboard.rules` registers :data:`BUILT_IN`.

>>> [kind.family for kind in BUILT_IN]
['cribbage', 'snailspace', 'solitaire']
"""

from __future__ import annotations

from pegboard.families.cribbage import CRIBBAGE
from pegboard.families.snailspace import SNAILSPACE
from pegboard.families.solitaire import SOLITAIRE

__all__ = ["BUILT_IN"]

BUILT_IN = (CRIBBAGE, SNAILSPACE, SOLITAIRE)
"""The families pegboard plays, in the order of their presets."""
