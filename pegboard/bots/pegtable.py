"""The pegging table: what a kept hand is worth in the play, for the dealer and for the pone.

Discards by hand and crib alone ignore the play, yet a kept hand pegs differently from another with
the same count: low cards and pairs peg, a pone's lone five gives fifteens away. For two-player
cribbage the table holds, for each of the 1,820 multisets of four ranks a player may keep and each
role, the expected pegging points of the deal (the holder's minus the opponent's, the go and the
last card included) against the hands the opponent keeps.

It is built offline by :mod:`pegboard.tables.pegging` (``python -m pegboard.tables.pegging``) and
shipped as ``pegboard/data/peg_tables.json``.

>>> table = PegTable.load()
>>> table.value(1, (4, 4, 11, 12)) > table.value(1, (5, 11, 12, 13))  # the pone pegs better with 4-4
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.scoring.tables import RANK_WEIGHTS, rank_multisets

__all__ = ["PEG_FILE", "KEPT", "kept_index", "PegTable"]

PEG_FILE = Path(__file__).resolve().parent.parent / "data" / "peg_tables.json"
Array = npt.NDArray[Any]

KEPT: npt.NDArray[np.int64] = rank_multisets(4)
"""Every kept hand as sorted rank indices (0 = ace .. 12 = king): 1,820 rows, in table order."""
_KEY_TO_INDEX: dict[int, int] = {int(key): index for index, key in
                                 enumerate(np.asarray(RANK_WEIGHTS, dtype=np.int64)[KEPT].sum(axis=1))}


def kept_index(ranks: Sequence[int]) -> int:
    """The table row of four ranks (1 = ace .. 13 = king, any order).

    >>> kept_index((1, 1, 1, 1)), kept_index((13, 13, 13, 13))
    (0, 1819)
    """
    return _KEY_TO_INDEX[sum(RANK_WEIGHTS[rank - 1] for rank in ranks)]


class PegTable:
    """The shipped table: expected pegging differential by role (0 dealer, 1 pone) and kept ranks."""

    def __init__(self, values: Array) -> None:
        self.values = np.asarray(values, dtype=np.float64)

    @staticmethod
    @cache
    def load() -> PegTable:
        """The table shipped with pegboard (all zero, so discards ignore the play, if it is missing)."""
        try:
            return PegTable(json.loads(PEG_FILE.read_text())["cribbage"]["pegging"])
        except FileNotFoundError:  # pragma: no cover - only in a broken install
            return PegTable(np.zeros((2, len(KEPT))))

    def value(self, role: int, ranks: Sequence[int]) -> float:
        """Expected pegging points, mine minus the opponent's, keeping ``ranks`` (1-13) in ``role``."""
        return float(self.values[role, kept_index(ranks)])
