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
from functools import lru_cache
from itertools import combinations, product

from pegboard.cards import Card
from pegboard.errors import DuplicateCardError, HandSizeError
from pegboard.scoring.items import Score, ScoreItem

__all__ = ["score_show", "show_items", "fifteens", "pairs", "runs"]

JACK = 11
PIPS = tuple(min((code >> 2) + 1, 10) for code in range(52))
"""Pip value of each card code (ruling 1)."""


def _subsets_in_order(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(bitmask, indices) of every subset of 2+ of ``size`` positions, smallest first."""
    return tuple((sum(1 << i for i in combo), combo)
                 for length in range(2, size + 1) for combo in combinations(range(size), length))


_SUBSETS = {size: _subsets_in_order(size) for size in range(7)}


@lru_cache(maxsize=1 << 16)
def _fifteen_positions(pips: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Positions of every subset of these pip values totalling 15 (cached: hands repeat a lot)."""
    count = len(pips)
    sums = [0] * (1 << count)
    for mask in range(1, 1 << count):  # each subset's total from a smaller one: 2^n additions
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + pips[low.bit_length() - 1]
    subsets = _SUBSETS[count] if count in _SUBSETS else _subsets_in_order(count)
    return tuple(combo for mask, combo in subsets if sums[mask] == 15)


def fifteens(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every distinct subset of ``cards`` whose pips total 15 scores 2 (ruling 3)."""
    positions = _fifteen_positions(tuple([PIPS[card.code] for card in cards]))
    return [ScoreItem("fifteen", tuple([cards[i] for i in combo]), 2) for combo in positions]


def pairs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every pair of equal rank scores 2 (ruling 3: three of a kind is 3 pairs, 6)."""
    return [ScoreItem("pair", (a, b), 2) for a, b in combinations(cards, 2) if a.code >> 2 == b.code >> 2]


@lru_cache(maxsize=1 << 16)
def _run_positions(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Positions of each combination of cards forming a maximal run of 3+ (cached per rank tuple)."""
    by_rank: dict[int, list[int]] = {}
    for position, rank in enumerate(ranks):
        by_rank.setdefault(rank, []).append(position)
    found: list[tuple[int, ...]] = []
    rank = 1
    while rank <= 13:
        if rank not in by_rank:
            rank += 1
            continue
        end = rank
        while end + 1 in by_rank:
            end += 1
        if end - rank >= 2:
            found.extend(product(*(by_rank[r] for r in range(rank, end + 1))))
        rank = end + 1
    return tuple(found)


def runs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Each maximal run of 3+ consecutive ranks, once per combination of cards (ruling 3)."""
    positions = _run_positions(tuple([(card.code >> 2) + 1 for card in cards]))
    return [ScoreItem("run", tuple([cards[i] for i in combo]), len(combo)) for combo in positions]


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
    return show_items(hand, starter, crib, crib_four_flush)


def show_items(hand: Sequence[Card], starter: Card, crib: bool = False, crib_four_flush: bool = False) -> Score:
    """:func:`score_show` without checking its input (the engine's trusted hot path)."""
    cards = (*hand, starter)
    items = fifteens(cards) + pairs(cards) + runs(cards)
    suit = hand[0].code & 3
    if all(card.code & 3 == suit for card in hand):
        if starter.code & 3 == suit:
            items.append(ScoreItem("flush", cards, len(cards)))
        elif not crib or crib_four_flush:
            items.append(ScoreItem("flush", tuple(hand), len(hand)))
    nob = 40 + (starter.code & 3)  # the code of the jack of the starter's suit
    for card in hand:
        if card.code == nob:
            items.append(ScoreItem("nobs", (card,), 1))
    return Score(tuple(items))
