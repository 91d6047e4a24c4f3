"""Cribbage Square Solitaire (rulings 26-27): one player, a 4x4 grid filled from a stock.

>>> SOLITAIRE.holds_hand, SOLITAIRE.option_fields["discards"]
(False, 'discard_spaces')
"""

from __future__ import annotations

from typing import Any

from pegboard.errors import RulesError
from pegboard.kinds import MAX_TARGET, GameKind

__all__ = ["SOLITAIRE"]


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise RulesError(message)


def check(rules: Any) -> None:
    """Solitaire's rules: one player, 0-4 discard spaces, heels per hand or once, a win line."""
    _check(rules.players == 1, "solitaire has one player")
    _check(0 <= rules.discard_spaces <= 4, f"discards={rules.discard_spaces!r}: expected 0 to 4")
    _check(rules.heels in ("per_hand", "once"), f"heels={rules.heels!r}: expected 'per_hand' or 'once'")
    _check(rules.target is not None and 0 <= rules.target <= MAX_TARGET,
           f"target must be a whole number from 0 to {MAX_TARGET} (the win line), not {rules.target!r}")


SOLITAIRE = GameKind(
    family="solitaire",
    state="pegboard.engine.solitaire:SolitaireState",
    view="pegboard.engine.solitaire:SolitaireView",
    presets={"solitaire": dict(players=1, deal_size=0, discard_count=0, target=60)},
    aliases={"cribbage-square-solitaire": "solitaire", "square-solitaire": "solitaire"},
    titles={"solitaire": "Cribbage Square Solitaire"},
    grid_side=4,
    holds_hand=False,
    options=("target", "discards", "heels"),
    option_fields={"discards": "discard_spaces"},
    own_fields=("discard_spaces", "heels"),
    check=check,
    decisions=("place",),
    grid_samples=192,
    table_options={"target": (int, 0, 200), "discards": (int, 0, 4), "heels": (str, "per_hand", "once")},
)
"""Solitaire's kind."""
