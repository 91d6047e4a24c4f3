"""Learning environments and the engine protocol (the ``rl`` extra: PettingZoo, Gymnasium, OpenSpiel).

* :func:`pettingzoo_env` - PettingZoo AEC environments of every multi-player game (:mod:`pegboard.rl.zoo`);
* ``gymnasium.make("pegboard/Solitaire-v0")`` and ``"pegboard/Cribbage-v0"`` - registered when this
  package is imported with Gymnasium installed (:mod:`pegboard.rl.gym_envs`);
* ``import pegboard.rl.openspiel`` - every game as an OpenSpiel game (``python_pegboard_cribbage``...);
* :mod:`pegboard.rl.protocol` - the line protocol of ``pegboard engine`` (docs/engine-protocol.md).

Observations and action ids (:mod:`pegboard.rl.observation`, :mod:`pegboard.rl.actions`) need NumPy only.
docs/rl.md describes them field by field.

>>> env = pettingzoo_env("five-card")
>>> env.possible_agents
['player_0', 'player_1']
"""

from __future__ import annotations

import importlib.util
from typing import Any

__all__ = ["pettingzoo_env"]


def pettingzoo_env(game: Any = "cribbage", **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of a multi-player game: see :func:`pegboard.rl.zoo.pettingzoo_env`."""
    from pegboard.rl.zoo import pettingzoo_env as make

    return make(game, **kwargs)


if importlib.util.find_spec("gymnasium") is not None:
    import pegboard.rl.gym_envs  # noqa: F401  (registers pegboard/Solitaire-v0 and pegboard/Cribbage-v0)
