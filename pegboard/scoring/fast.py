"""The scalar fast scorer: one hand in about a microsecond, from card codes.

One table lookup gives fifteens + pairs + runs (:mod:`pegboard.scoring.tables`); flush and nobs are
a few integer comparisons. Results equal :func:`pegboard.scoring.show.score_show` exactly.

>>> from pegboard.cards import parse_cards
>>> codes = [card.code for card in parse_cards("5C 5D 5H JS 5S")]
>>> hand_score(codes[:4], codes[4])
29
>>> hand_score([0, 1, 2], 3)  # five-card: three aces with the fourth ace
12
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pegboard.errors import HandSizeError
from pegboard.scoring.tables import CARD_WEIGHTS, points_bytes

__all__ = ["hand_score", "hand_score4", "hand_score3"]

_W: Final = CARD_WEIGHTS
_T5: Final = points_bytes(5)
_T4: Final = points_bytes(4)
_NOBS: Final = tuple(40 + (code & 3) for code in range(52))
"""For each starter code, the code of the jack of its suit (jack rank index 10 -> code 40 + suit)."""


def hand_score4(a: int, b: int, c: int, d: int, starter: int, crib: bool = False,
                crib_four_flush: bool = False) -> int:
    """Score a four-card hand (or crib) with the starter; all arguments are card codes."""
    w = _W
    total = _T5[w[a] + w[b] + w[c] + w[d] + w[starter]]
    suit = a & 3
    if (b & 3) == suit and (c & 3) == suit and (d & 3) == suit:
        if (starter & 3) == suit:
            total += 5
        elif not crib or crib_four_flush:
            total += 4
    nob = _NOBS[starter]
    if a == nob or b == nob or c == nob or d == nob:
        total += 1
    return total


def hand_score3(a: int, b: int, c: int, starter: int) -> int:
    """Score a five-card game's three-card hand with the starter (ruling 20); card codes."""
    w = _W
    total = _T4[w[a] + w[b] + w[c] + w[starter]]
    suit = a & 3
    if (b & 3) == suit and (c & 3) == suit:
        total += 4 if (starter & 3) == suit else 3
    nob = _NOBS[starter]
    if a == nob or b == nob or c == nob:
        total += 1
    return total


def hand_score(hand: Sequence[int], starter: int, crib: bool = False,
               crib_four_flush: bool = False) -> int:
    """Score a hand of 3 or 4 card codes (or a 4-card crib) with the starter code.

    Codes are trusted (distinct, 0-51): this is the hot path; validate with the explaining scorer.
    """
    if len(hand) == 4:
        return hand_score4(hand[0], hand[1], hand[2], hand[3], starter, crib, crib_four_flush)
    if len(hand) == 3 and not crib:
        return hand_score3(hand[0], hand[1], hand[2], starter)
    raise HandSizeError(f"a {'crib' if crib else 'hand'} of {len(hand)} cards: expected "
                        f"{'4' if crib else '3 or 4'} cards")
