"""What the grid games share: the cards a deal leaves out.

>>> from pegboard.cards import full_deck
>>> len(cards_left_out(full_deck()[:27]))
25
"""

from __future__ import annotations

from collections.abc import Iterable

from pegboard.cards import Card, full_deck

__all__ = ["cards_left_out"]


def cards_left_out(named: Iterable[Card]) -> tuple[Card, ...]:
    """Every card not in ``named``, in deck order (the dead cards, or the cards not in a stock).

    >>> len(cards_left_out(full_deck()[:27]))
    25
    """
    used = set(named)
    return tuple(card for card in full_deck() if card not in used)
