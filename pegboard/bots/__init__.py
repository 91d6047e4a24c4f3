"""Computer players: every bot chooses from a player's view (see :mod:`pegboard.bots.base`)."""

from __future__ import annotations

from pegboard.bots.base import (
    BOTS,
    BaseBot,
    Bot,
    RandomBot,
    default_objective,
    make_bot,
    register_bot,
    split_objective,
    use_objective,
)

__all__ = ["BOTS", "BaseBot", "Bot", "RandomBot", "make_bot", "register_bot", "default_objective", "use_objective",
           "split_objective"]
