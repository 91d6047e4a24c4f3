"""Scored combinations: :class:`ScoreItem` (one combination) and :class:`Score` (an itemised total).

>>> from pegboard.cards import parse_cards
>>> five, ten = parse_cards("5H TC")
>>> score = Score((ScoreItem("fifteen", (five, ten), 2),))
>>> score.total, score.to_json()
(2, {'total': 2, 'items': [{'kind': 'fifteen', 'cards': ['5H', 'TC'], 'points': 2}]})
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pegboard.cards import Card

__all__ = ["ScoreItem", "Score"]


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the cards forming it, and its points.

    Kinds: ``fifteen``, ``pair``, ``run``, ``flush``, ``nobs``, ``heels`` (show and grid lines);
    ``thirty-one``, ``go``, ``last`` (the play).
    """

    kind: str
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(card) for card in self.cards], "points": self.points}


@dataclass(frozen=True, slots=True)
class Score:
    """An itemised score; :attr:`total` is the sum of the items' points."""

    items: tuple[ScoreItem, ...] = ()

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    def __iter__(self) -> Iterator[ScoreItem]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def spoken(self) -> str:
        """The count as players say it aloud (see :func:`pegboard.scoring.spoken.spoken_count`)."""
        from pegboard.scoring.spoken import spoken_count

        return spoken_count(self.items)

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "items": [item.to_json() for item in self.items]}
