"""The NumPy batch scorer: arrays of hands scored at once, tens of millions per second.

Same tables as the scalar scorer (:mod:`pegboard.scoring.tables`), applied column-wise in
cache-sized chunks. Results equal :func:`pegboard.scoring.show.score_show` exactly.

>>> import numpy as np
>>> from pegboard.cards import parse_cards
>>> codes = np.array([[c.code for c in parse_cards("5C 5D 5H JS 5S")],
...                   [c.code for c in parse_cards("2H 4H 6H 8H TS")]], dtype=np.uint8)
>>> score_hands(codes[:, :4], codes[:, 4]).tolist()
[29, 4]
>>> score_hands(codes[:, :4], codes[:, 4], crib=True).tolist()
[29, 0]
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pegboard.errors import HandSizeError
from pegboard.scoring.tables import CARD_WEIGHTS, points_table

__all__ = ["score_hands", "CHUNK"]

CHUNK: Final = 1 << 15
"""Rows scored per pass: small enough that the temporaries stay in the CPU cache."""
_CARD_WEIGHTS: Final = np.asarray(CARD_WEIGHTS, dtype=np.int32)


def score_hands(
    hands: npt.ArrayLike,
    starters: npt.ArrayLike,
    *,
    crib: bool = False,
    crib_four_flush: bool = False,
    out: npt.NDArray[np.uint8] | None = None,
) -> npt.NDArray[np.uint8]:
    """Score ``hands`` (shape (N, 4) or (N, 3), card codes) with ``starters`` (shape (N,)).

    Returns a uint8 array of N totals. ``crib=True`` scores 4-card cribs (5-card flush only,
    or 4 with ``crib_four_flush``). Codes are trusted to be distinct and in 0-51.
    """
    hands = np.asarray(hands)
    starters = np.asarray(starters)
    if hands.ndim != 2 or hands.shape[1] not in (3, 4) or (crib and hands.shape[1] != 4):
        raise HandSizeError(f"hands of shape {hands.shape}: expected (N, 4), or (N, 3) for "
                            f"five-card hands")
    if starters.shape != (hands.shape[0],):
        raise HandSizeError(f"starters of shape {starters.shape}: expected ({hands.shape[0]},)")
    count = hands.shape[0]
    if out is None:
        out = np.empty(count, dtype=np.uint8)
    table = points_table(hands.shape[1] + 1)
    columns = np.ascontiguousarray(hands.T, dtype=np.uint8)
    starters = starters.astype(np.uint8, copy=False)
    for start in range(0, count, CHUNK):
        stop = min(start + CHUNK, count)
        _score_chunk(columns[:, start:stop], starters[start:stop], table, crib, crib_four_flush,
                     out[start:stop])
    return out


def _score_chunk(
    columns: npt.NDArray[np.uint8],
    starter: npt.NDArray[np.uint8],
    table: npt.NDArray[np.uint8],
    crib: bool,
    crib_four_flush: bool,
    out: npt.NDArray[np.uint8],
) -> None:
    weights = _CARD_WEIGHTS
    key = weights[starter]
    for column in columns:
        key += weights[column]
    np.take(table, key, out=out)

    first_suit = columns[0] & 3
    same_suit = np.ones(len(starter), dtype=bool)
    for column in columns[1:]:
        same_suit &= (column & 3) == first_suit
    starter_suit = starter & 3
    with_starter = same_suit & (starter_suit == first_suit)
    size = columns.shape[0]
    if crib:
        out += with_starter.view(np.uint8) * np.uint8(5)
        if crib_four_flush:
            out += (same_suit & ~with_starter).view(np.uint8) * np.uint8(4)
    else:
        out += same_suit.view(np.uint8) * np.uint8(size)
        out += with_starter.view(np.uint8)

    nob = starter_suit + np.uint8(40)
    has_nob = columns[0] == nob
    for column in columns[1:]:
        has_nob |= column == nob
    out += has_nob.view(np.uint8)
