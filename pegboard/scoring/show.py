"""The explaining show scorer: every combination of a hand or crib with the starter, itemised.

This is the reference implementation of rulings 3-5, 20 and 27; the fast table-driven scorers in
:mod:`pegboard.scoring.fast` and :mod:`pegboard.scoring.batch` are tested against it.

>>> from pegboard.cards import parse_cards
>>> *hand, starter = parse_cards("5C 5D 5H JS 5S")
>>> score = score_show(hand, starter)
>>> score.total, [item.kind for item in score.items].count("fifteen")
(29, 8)
>>> *crib, starter = parse_cards("2H 4H 6H 8H TS")
>>> score_show(crib, starter, crib=True).total  # a four-card crib flush does not count
0
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from pegboard.cards import Card
from pegboard.errors import DuplicateCardError, HandSizeError
from pegboard.scoring.items import Score, ScoreItem

__all__ = ["score_show", "fifteens", "pairs", "runs"]

JACK = 11


def fifteens(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every distinct subset of ``cards`` whose pips total 15 scores 2 (ruling 3)."""
    items = []
    for size in range(2, len(cards) + 1):
        for combo in combinations(cards, size):
            if sum(card.pips for card in combo) == 15:
                items.append(ScoreItem("fifteen", combo, 2))
    return items


def pairs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every pair of equal rank scores 2 (ruling 3: three of a kind is 3 pairs, 6)."""
    return [ScoreItem("pair", (a, b), 2) for a, b in combinations(cards, 2) if a.rank == b.rank]


def runs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Each maximal run of 3+ consecutive ranks, once per combination of cards (ruling 3)."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    items = []
    rank = 1
    while rank <= 13:
        if rank not in by_rank:
            rank += 1
            continue
        end = rank
        while end + 1 in by_rank:
            end += 1
        length = end - rank + 1
        if length >= 3:
            for combo in product(*(by_rank[r] for r in range(rank, end + 1))):
                items.append(ScoreItem("run", combo, length))
        rank = end + 1
    return items


def _check_cards(hand: Sequence[Card], starter: Card | None, sizes: tuple[int, ...]) -> None:
    if len(hand) not in sizes:
        expected = " or ".join(str(size) for size in sizes)
        raise HandSizeError(f"a hand of {len(hand)} cards: expected {expected} cards")
    seen: set[Card] = set()
    for card in (*hand, *([starter] if starter is not None else [])):
        if not isinstance(card, Card):
            raise TypeError(f"expected Card objects, got {card!r}")
        if card in seen:
            raise DuplicateCardError(f"duplicate card {str(card)!r} in hand and starter")
        seen.add(card)


def score_show(
    hand: Sequence[Card],
    starter: Card,
    *,
    crib: bool = False,
    crib_four_flush: bool = False,
) -> Score:
    """Score a hand (3 or 4 cards) or a crib (4 cards) with the starter, itemised.

    Hand flush (rulings 4, 20): all hand cards of one suit score their number, +1 if the starter
    matches. Crib flush: all five cards, 5 (``crib_four_flush``: the house rule where four crib
    cards of one suit score 4). Nobs (ruling 5): a jack in hand of the starter's suit scores 1.

    >>> from pegboard.cards import parse_cards
    >>> *hand, starter = parse_cards("4H 5H 6H 9H 9C")
    >>> [(item.kind, item.points) for item in score_show(hand, starter)]
    [('fifteen', 2), ('fifteen', 2), ('fifteen', 2), ('pair', 2), ('run', 3), ('flush', 4)]
    """
    _check_cards(hand, starter, (4,) if crib else (3, 4))
    cards = (*hand, starter)
    items = fifteens(cards) + pairs(cards) + runs(cards)
    suit = hand[0].suit
    if all(card.suit == suit for card in hand):
        if starter.suit == suit:
            items.append(ScoreItem("flush", cards, len(cards)))
        elif not crib or crib_four_flush:
            items.append(ScoreItem("flush", tuple(hand), len(hand)))
    for card in hand:
        if card.rank == JACK and card.suit == starter.suit:
            items.append(ScoreItem("nobs", (card,), 1))
    return Score(tuple(items))
