"""Win probability from the board: the chance of winning a two-player game from any pair of scores.

The table is built offline by :mod:`pegboard.tables.board` (``python -m pegboard.tables.board``)
and shipped as ``pegboard/data/board.json``.

>>> table = BoardTable.load()
>>> 0.5 < table.win_probability(10, 60, dealing=True) <= 1.0
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["BoardTable", "DealPoints", "BOARD_FILE"]

BOARD_FILE = Path(__file__).resolve().parent.parent / "data" / "board.json"
Array = npt.NDArray[np.float64]


@dataclass
class DealPoints:
    """Histograms of one deal's points: the play (pone, dealer, jointly), the pone's hand, and the
    dealer's hand plus crib (heels go with the dealer's pegging)."""

    pegging: Array  # [pone points, dealer points]
    pone_hand: Array
    dealer_show: Array
    deals: int
    crib_mean: float = 4.8

    def to_json(self) -> dict[str, Any]:
        return {"deals": self.deals, "pegging": self.pegging.astype(int).tolist(),
                "pone_hand": self.pone_hand.astype(int).tolist(),
                "dealer_show": self.dealer_show.astype(int).tolist(), "crib_mean": round(self.crib_mean, 4)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> DealPoints:
        return DealPoints(np.asarray(data["pegging"], dtype=np.float64),
                          np.asarray(data["pone_hand"], dtype=np.float64),
                          np.asarray(data["dealer_show"], dtype=np.float64), int(data["deals"]),
                          float(data.get("crib_mean", 4.8)))


class BoardTable:
    """The shipped win-probability table (two-player, 121 points)."""

    def __init__(self, table: Array, target: int, deal_points: DealPoints | None = None) -> None:
        self.table = table
        self.target = target
        self.deal_points = deal_points

    @staticmethod
    @cache
    def load() -> BoardTable:
        data = json.loads(BOARD_FILE.read_text())
        points = DealPoints.from_json(data["deal_points"]) if "deal_points" in data else None
        return BoardTable(np.asarray(data["win"], dtype=np.float64), int(data["target"]), points)

    def win_probability(self, my_need: int, their_need: int, *, dealing: bool) -> float:
        """My chance to win when I need ``my_need`` more points and they need ``their_need``, at the
        start of a deal that I deal (or am pone of). Needs scale to the table's target."""
        if my_need <= 0:
            return 1.0
        if their_need <= 0:
            return 0.0
        top = self.target
        return float(self.table[int(dealing), min(my_need, top), min(their_need, top)])
