"""The Gymnasium spaces of a game (needs the ``rl`` extra): one definition for PettingZoo and Gymnasium.

>>> from pegboard.rl.table import Table
>>> space = observation_space(Table("solitaire"))
>>> space["observation"].shape, space["action_mask"].shape
((434,), (17,))
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from pegboard.rl.table import Table

__all__ = ["observation_space", "action_space"]


def observation_space(table: Table) -> spaces.Dict:
    """The observation vector (floats in [0, 1]) and the action mask (int8) of a table's game."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (table.encoder.size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (table.codec.size,), dtype=np.int8),
    })


def action_space(table: Table) -> spaces.Discrete:
    """One id per action of the game's fixed action space (:mod:`pegboard.rl.actions`)."""
    return spaces.Discrete(table.codec.size)
