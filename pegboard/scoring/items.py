"""Scored combinations: :class:`ScoreItem` (one combination) and :class:`Score` (an itemised total).
:func:`pegboard.scoring.spoken.spoken_count` says a score aloud.

>>> from pegboard.cards import parse_cards
>>> five, ten = parse_cards("5H TC")
>>> score = Score((ScoreItem("fifteen", (five, ten), 2),))
>>> score.total, score.to_json()
(2, {'total': 2, 'items': [{'kind': 'fifteen', 'cards': ['5H', 'TC'], 'points': 2}]})
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from pegboard.cards import Card

__all__ = ["ScoreItem", "Score"]


class ScoreItem(NamedTuple):
    """One scoring combination: its kind, the cards forming it, and its points.

    Kinds: ``fifteen``, ``pair``, ``run``, ``flush``, ``nobs``, ``heels`` (show and grid lines);
    ``thirty-one``, ``go``, ``last`` (the play).
    """

    kind: str
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(card) for card in self.cards], "points": self.points}


class Score:
    """An itemised score; :attr:`total` is the sum of the items' points. Immutable."""

    __slots__ = ("items", "total")
    items: tuple[ScoreItem, ...]
    total: int

    def __init__(self, items: tuple[ScoreItem, ...] = ()) -> None:
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "total", sum(item.points for item in items))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Score is immutable")

    def __iter__(self) -> Iterator[ScoreItem]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self.items == other.items

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"Score({self.items!r})"

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "items": [item.to_json() for item in self.items]}
