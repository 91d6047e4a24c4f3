"""Snailspace (Cribbage Square for two, rulings 22-25): 13 cards each on a 5x5 spiral.

>>> SNAILSPACE.fixed_deals, SNAILSPACE.cells_in_order
(True, True)
"""

from __future__ import annotations

from typing import Any

from pegboard.errors import RulesError
from pegboard.kinds import GameKind

__all__ = ["SNAILSPACE"]


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise RulesError(message)


def check(rules: Any) -> None:
    """Snailspace's rules: two players, 13 cards each, 2 or 4 deals and no target (ruling 24)."""
    _check(rules.players == 2, "snailspace is a two-player game")
    _check(rules.deal_size == 13, "snailspace deals 13 cards to each player")
    _check(rules.deals in (2, 4), f"deals={rules.deals!r}: snailspace is 2 or 4 deals (ruling 24)")
    _check(rules.target is None, "snailspace has no target: totals decide (ruling 24)")


SNAILSPACE = GameKind(
    family="snailspace",
    state="pegboard.engine.snailspace:SnailspaceState",
    view="pegboard.engine.snailspace:SnailspaceView",
    presets={"snailspace": dict(players=2, deal_size=13, discard_count=0, target=None, heels_points=0)},
    aliases={"cribbage-square": "snailspace", "snail": "snailspace", "spiral": "snailspace"},
    titles={"snailspace": "Snailspace"},
    grid_side=5,
    cells_in_order=True,
    fixed_deals=True,
    options=("target", "deals", "count_at_end", "fifteens"),
    own_fields=("deals", "count_at_end", "fifteens"),
    check=check,
    decisions=("place",),
    grid_samples=96,
    table_options={"deals": (int, 2, 4), "count_at_end": (bool,), "fifteens": (bool,)},
)
"""Snailspace's kind. ``options`` lists ``target`` only to refuse it with the reason (ruling 24)."""
