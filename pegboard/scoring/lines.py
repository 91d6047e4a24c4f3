"""Snailspace line scoring (rulings 23 and 25).

On placement (ruling 23), the row and, separately, the column of the new card are scored with the
cards already in them; every combination the new card joins scores its full value:

* same rank: 2, 3 or 4 of the new card's rank in the line score 2, 6 or 12 (one item);
* runs: the maximal run of 3+ consecutive ranks containing the new card's rank scores its length
  once per combination of cards forming it (6-7-8-8-8: three runs of three, 9);
* flush: the unbroken block of adjacent cells of the new card's suit, if 3+ long, its length;
* fifteens (option): 2 for each set of cards including the new one that totals 15.

At the end (ruling 25, count-at-end variant) a full line is scored as a five-card hand: all pairs,
runs, touching flushes of 3+, and fifteens with the option; no starter, no nobs.

>>> from pegboard.cards import parse_cards
>>> line = [*parse_cards("6H 7D 8C 8S"), None]
>>> line[4] = parse_cards("8D")[0]
>>> score = score_placement(line, 4)
>>> [(item.kind, item.points) for item in score]
[('pair', 6), ('run', 3), ('run', 3), ('run', 3)]
>>> score_line_at_end(line).total
15
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from pegboard.cards import Card
from pegboard.errors import PegboardError
from pegboard.scoring.items import Score, ScoreItem
from pegboard.scoring.play import PAIR_POINTS
from pegboard.scoring.show import fifteens, pairs, runs

__all__ = ["score_placement", "score_line_at_end", "flush_block"]


def flush_block(line: Sequence[Card | None], index: int) -> tuple[Card, ...]:
    """The unbroken block of adjacent cells around ``index`` holding cards of its card's suit."""
    card = line[index]
    if card is None:
        return ()
    start = index
    while start > 0 and (left := line[start - 1]) is not None and left.suit == card.suit:
        start -= 1
    stop = index + 1
    while stop < len(line) and (right := line[stop]) is not None and right.suit == card.suit:
        stop += 1
    return tuple(c for c in line[start:stop] if c is not None)


def score_placement(line: Sequence[Card | None], index: int, *, with_fifteens: bool = False) -> Score:
    """What the card just placed at ``line[index]`` scores in that line (ruling 23)."""
    new = line[index]
    if new is None:
        raise PegboardError(f"cell {index} of the line is empty: nothing was placed there")
    present = [card for card in line if card is not None]
    items: list[ScoreItem] = []
    if with_fifteens:
        others = [card for card in present if card is not new]
        for size in range(1, len(others) + 1):
            for combo in combinations(others, size):
                if new.pips + sum(card.pips for card in combo) == 15:
                    items.append(ScoreItem("fifteen", (*combo, new), 2))
    same = tuple(card for card in present if card.rank == new.rank)
    if len(same) >= 2:
        items.append(ScoreItem("pair", same, PAIR_POINTS[len(same)]))
    by_rank: dict[int, list[Card]] = {}
    for card in present:
        by_rank.setdefault(card.rank, []).append(card)
    low = high = new.rank
    while low - 1 in by_rank:
        low -= 1
    while high + 1 in by_rank:
        high += 1
    if high - low >= 2:
        for combo in product(*(by_rank[rank] for rank in range(low, high + 1))):
            items.append(ScoreItem("run", combo, high - low + 1))
    block = flush_block(line, index)
    if len(block) >= 3:
        items.append(ScoreItem("flush", block, len(block)))
    return Score(tuple(items))


def score_line_at_end(line: Sequence[Card], *, with_fifteens: bool = False) -> Score:
    """A full line scored as a five-card hand at the end of the deal (ruling 25)."""
    if len(line) != 5 or any(card is None for card in line):
        raise PegboardError(f"a line of {len(line)} cells with gaps: expected 5 cards")
    items = (fifteens(line) if with_fifteens else []) + pairs(line) + runs(line)
    index = 0
    while index < len(line):
        block = flush_block(line, index)
        if len(block) >= 3:
            items.append(ScoreItem("flush", block, len(block)))
        index += max(len(block), 1)
    return Score(tuple(items))
