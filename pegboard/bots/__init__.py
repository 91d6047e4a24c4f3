"""Computer players: every bot chooses from a player's view (see :mod:`pegboard.bots.base`)."""

from __future__ import annotations

from pegboard.bots.base import (
    BOTS,
    BaseBot,
    Bot,
    RandomBot,
    make_bot,
    register_bot,
    split_objective,
)

__all__ = ["BOTS", "BaseBot", "Bot", "RandomBot", "make_bot", "register_bot", "split_objective"]
