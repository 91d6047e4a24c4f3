"""The cribbage family: six-card two-player, three- and four-player, partners and five-card (rulings 1-21).

>>> CRIBBAGE.crib, CRIBBAGE.titles["five-card"]
(True, 'Five-card cribbage')
"""

from __future__ import annotations

from typing import Any

from pegboard.errors import RulesError
from pegboard.kinds import MAX_DEALS, MAX_TARGET, GameKind

__all__ = ["CRIBBAGE"]


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise RulesError(message)


def check(rules: Any) -> None:
    """A cribbage game's rules: 2-4 players, a crib of four, a target (ruling 15), deals (duplicate)."""
    _check(rules.players in (2, 3, 4), f"players={rules.players}: cribbage needs 2, 3 or 4")
    _check(not rules.partners or rules.players == 4, "partners need exactly 4 players")
    _check(rules.kept_size in (3, 4), f"deal_size {rules.deal_size} - discard_count "
           f"{rules.discard_count} must keep 3 or 4 cards")
    _check(rules.discard_count >= 1, "each player must discard at least one card to the crib")
    _check(rules.crib_size == 4, f"the crib must hold 4 cards, these rules give {rules.crib_size}")
    _check(rules.players * rules.deal_size + rules.crib_from_pack < 52, "not enough cards to deal")
    _check(rules.target is not None and 1 <= rules.target <= MAX_TARGET,
           f"target must be a whole number from 1 to {MAX_TARGET}, not {rules.target!r}")
    for name in ("skunk", "double_skunk"):
        line = getattr(rules, name)
        _check(line is None or 0 <= line < rules.target,
               f"{name} line {line} must be from 0 to below the target {rules.target}")
    if rules.skunk is not None and rules.double_skunk is not None:
        _check(rules.double_skunk < rules.skunk, "double_skunk must be below skunk")
    _check(rules.pone_bonus >= 0 and rules.heels_points >= 0, "bonus points must be >= 0")
    _check(0 <= rules.deals <= MAX_DEALS, f"deals={rules.deals!r}: expected 0 (play to the target) to "
           f"{MAX_DEALS}")


_SIX_CARD: dict[str, Any] = dict(target=121, skunk=90, double_skunk=60, deals=0)

CRIBBAGE = GameKind(
    family="cribbage",
    state="pegboard.engine.cribbage:CribbageState",
    view="pegboard.engine.views:CribbageView",
    presets={
        "cribbage": _SIX_CARD | dict(players=2, deal_size=6, discard_count=2),
        "cribbage-3": _SIX_CARD | dict(players=3, deal_size=5, discard_count=1, crib_from_pack=1),
        "cribbage-4": _SIX_CARD | dict(players=4, partners=True, deal_size=5, discard_count=1),
        "cribbage-4-solo": _SIX_CARD | dict(players=4, deal_size=5, discard_count=1),
        "five-card": dict(players=2, deal_size=5, discard_count=2, target=61, skunk=30, single_series=True,
                          pone_bonus=3, deals=0),
    },
    aliases={
        "six-card": "cribbage", "cribbage-2": "cribbage", "2-player": "cribbage", "two-player": "cribbage",
        "3-player": "cribbage-3", "three-player": "cribbage-3",
        "4-player": "cribbage-4", "four-player": "cribbage-4", "cribbage-4-partners": "cribbage-4",
        "partners": "cribbage-4", "teams": "cribbage-4",
        "4-solo": "cribbage-4-solo", "cribbage-4-individual": "cribbage-4-solo",
        "five-card-cribbage": "five-card", "fivecard": "five-card", "5-card": "five-card", "crib5": "five-card",
    },
    titles={"cribbage": "Cribbage", "cribbage-3": "Three-player cribbage", "cribbage-4": "Partnership cribbage",
            "cribbage-4-solo": "Four-player cribbage", "five-card": "Five-card cribbage"},
    crib=True,
    pegging=True,
    options=("target", "muggins", "crib_four_flush", "skunk", "double_skunk", "deals"),
    own_fields=("muggins", "play_continues_after_go", "single_series", "pone_bonus", "crib_four_flush", "partners",
                "deals"),
    check=check,
    decisions=("discard", "play", "count"),
    table_options={"target": (int, 5, 999), "muggins": (bool,), "crib_four_flush": (bool,)},
)  # fmt: skip
"""The cribbage family's kind."""
