"""The grid bots' arithmetic on card codes, as plain functions (compiled by the optional accelerator):
what a card scores where it is placed (Snailspace, ruling 23), the worth of lines, and each bot's
choice. The bot classes in :mod:`pegboard.bots.grid` hold the settings and the generator.

>>> placement_points([20, 21, None, None, None], 1)  # a pair of sixes (codes 20 and 21)
2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from pegboard.cards import Card, full_deck
from pegboard.engine.actions import Action
from pegboard.engine.chance import sample
from pegboard.engine.snailspace import SPIRAL, SnailspaceView
from pegboard.engine.solitaire import SolitaireView
from pegboard.scoring.fast import hand_score4
from pegboard.scoring.show import PIPS
from pegboard.scoring.tables import CARD_WEIGHTS, points_bytes

__all__ = ["placement_points", "snailspace_greedy", "snailspace_expert", "snailspace_values", "solitaire_greedy",
           "solitaire_expert", "solitaire_values"]


_PAIRS = (0, 0, 2, 6, 12)


def placement_points(line: Sequence[int | None], index: int, fifteens: bool = False) -> int:
    """Ruling 23, on card codes: what the card at ``line[index]`` scores in that line."""
    new = line[index]
    assert new is not None
    rank = new >> 2
    counts = [0] * 15
    present = []
    for code in line:
        if code is not None:
            counts[(code >> 2) + 1] += 1
            present.append(code)
    points = _PAIRS[counts[rank + 1]]
    low = high = rank + 1
    while counts[low - 1]:
        low -= 1
    while counts[high + 1]:
        high += 1
    if high - low >= 2:
        combinations = 1
        for r in range(low, high + 1):
            combinations *= counts[r]
        points += (high - low + 1) * combinations
    suit = new & 3
    start = stop = index
    while start > 0 and line[start - 1] is not None and line[start - 1] & 3 == suit:  # type: ignore[operator]
        start -= 1
    while stop < len(line) - 1 and line[stop + 1] is not None and line[stop + 1] & 3 == suit:  # type: ignore[operator]
        stop += 1
    if stop - start >= 2:
        points += stop - start + 1
    if fifteens:
        others = [PIPS[code] for code in present if code != new]
        target = 15 - PIPS[new]
        sums = {0: 1}
        for pips in others:
            for total, ways in list(sums.items()):
                if total + pips <= target:
                    sums[total + pips] = sums.get(total + pips, 0) + ways
        points += 2 * sums.get(target, 0) if target > 0 else 0
    return points


def _line_end_points(line: Sequence[int]) -> int:
    """Ruling 25 on codes: a full line as a five-card hand (pairs, runs, touching flushes; no fifteens)."""
    points = points_bytes(5)[sum(CARD_WEIGHTS[code] for code in line)]
    points -= _fifteens_only(line)
    run = 1
    for index in range(1, len(line) + 1):
        if index < len(line) and line[index] & 3 == line[index - 1] & 3:
            run += 1
        else:
            if run >= 3:
                points += run
            run = 1
    return points


def _fifteens_only(line: Sequence[int]) -> int:
    pips = [PIPS[code] for code in line]
    sums = {0: 1}
    for value in pips:
        for total, ways in list(sums.items()):
            if total + value <= 15:
                sums[total + value] = sums.get(total + value, 0) + ways
    return 2 * sums.get(15, 0)


def _snail_lines(grid: Sequence[Card | None], row: int, col: int) -> tuple[list[int | None], list[int | None]]:
    codes = [card.code if card is not None else None for card in grid]
    return codes[row * 5:(row + 1) * 5], codes[col::5]


def snailspace_greedy(view: SnailspaceView, fifteens: bool, rng: random.Random) -> Action:
    """The card that scores most at the next cell now; ties at random."""
    actions: tuple[Action, ...] = view.legal_actions
    assert view.next_cell is not None  # a card is to be placed
    row, col = view.next_cell
    line_row, line_col = _snail_lines(view.grid, row, col)
    scored: list[tuple[int, Action]] = []
    for action in actions:
        code = action.cards[0].code
        line_row[col] = line_col[row] = code
        scored.append((placement_points(line_row, col, fifteens) + placement_points(line_col, row, fifteens), action))
    top = max(value for value, _ in scored)
    return rng.choice([action for value, action in scored if value == top])


def snailspace_expert(view: SnailspaceView, seat: int, fifteens: bool, samples_wanted: int,
                      rng: random.Random) -> Action:
    """Sampled expectimax: my points now, the opponent's best reply, my best follow-up."""
    values = snailspace_values(view, seat, fifteens, samples_wanted, rng)
    top = max(values.values())
    return rng.choice([action for action, value in values.items() if value >= top - 1e-9])


def snailspace_values(view: SnailspaceView, seat: int, fifteens: bool, samples_wanted: int, rng: random.Random
                      ) -> dict[Action, float]:
    """What :func:`snailspace_expert` thinks each legal card is worth: the points it scores now, less
    the opponent's best reply at the next cell, plus my best follow-up after it, averaged over
    ``samples_wanted`` hands the opponent may hold (count at the end: the expected worth of my lines
    less theirs)."""
    actions: tuple[Action, ...] = view.legal_actions
    step = SPIRAL.index(view.next_cell)
    grid: list[int | None] = [card.code if card is not None else None for card in view.grid]
    hand = [card.code for card in view.hand]
    known = set(hand) | {code for code in grid if code is not None}
    unseen = [card.code for card in full_deck() if card.code not in known]
    opponent = 1 - seat
    their_size = view.hand_sizes[opponent]
    i_am_pone = view.dealer != seat
    samples = [sample(rng, unseen, their_size) for _ in range(samples_wanted)]
    values: dict[Action, float] = {}
    for action in actions:
        code = action.cards[0].code
        grid[step_index(SPIRAL[step])] = code
        if view.count_at_end:
            value = _line_potential(grid, rows=i_am_pone, rng=rng) - _line_potential(grid, rows=not i_am_pone, rng=rng)
        else:
            value = float(_placed_points(grid, SPIRAL[step], fifteens))
            if step + 1 < len(SPIRAL):
                rest = [c for c in hand if c != code]
                reply_total = 0.0
                for their_hand in samples:
                    reply, their_code = _best_placement(grid, SPIRAL[step + 1], their_hand, fifteens)
                    reply_total += reply
                    if step + 2 < len(SPIRAL) and rest:
                        grid[step_index(SPIRAL[step + 1])] = their_code
                        mine, _ = _best_placement(grid, SPIRAL[step + 2], rest, fifteens)
                        reply_total -= mine
                        grid[step_index(SPIRAL[step + 1])] = None
                value -= reply_total / len(samples)
        grid[step_index(SPIRAL[step])] = None
        values[action] = value
    return values


def step_index(cell: tuple[int, int]) -> int:
    return cell[0] * 5 + cell[1]


def _placed_points(grid: list[int | None], cell: tuple[int, int], fifteens: bool) -> int:
    row, col = cell
    return placement_points(grid[row * 5:(row + 1) * 5], col, fifteens) + placement_points(grid[col::5], row,
                                                                                              fifteens)


def _best_placement(grid: list[int | None], cell: tuple[int, int], hand: Sequence[int], fifteens: bool
                    ) -> tuple[int, int]:
    index = step_index(cell)
    best, best_code = -1, hand[0]
    for code in hand:
        grid[index] = code
        points = _placed_points(grid, cell, fifteens)
        if points > best:
            best, best_code = points, code
    grid[index] = None
    return best, best_code


def _line_potential(grid: list[int | None], rows: bool, rng: random.Random) -> float:
    """Count-at-end: a quick worth of the lines I score, full lines exactly, partial ones by their
    pairs and runs so far."""
    total = 0.0
    for line_index in range(5):
        line = grid[line_index * 5:(line_index + 1) * 5] if rows else grid[line_index::5]
        cards = [code for code in line if code is not None]
        if len(cards) == 5:
            total += _line_end_points(cards)  # type: ignore[arg-type]
        elif len(cards) >= 2:
            table = points_bytes(len(cards) + 1) if len(cards) < 5 else points_bytes(5)
            total += 0.6 * _partial_worth(cards, table)
    return total


def _partial_worth(cards: list[int], table: bytes) -> float:
    ranks = sorted(code >> 2 for code in cards)
    pairs = sum(ranks.count(r) * (ranks.count(r) - 1) for r in set(ranks))
    runs = sum(1 for a, b in zip(ranks, ranks[1:]) if b - a == 1)
    return pairs + runs * 1.5


def solitaire_greedy(view: SolitaireView) -> Action:
    """Place the card where its row and column gain most now; discard it only if it gains nothing anywhere."""
    actions: tuple[Action, ...] = view.legal_actions
    grid = [card.code if card is not None else None for card in view.grid]
    assert view.current is not None  # a card is turned
    code = view.current.code
    best_value, best = -1.0, actions[0]
    for action in actions:
        if action.verb != "place":
            continue
        cell = _cell(action)
        value = 0.0
        for line in _lines_of(cell):
            value += _partial_points(_with(grid, line, cell, code)) - _partial_points(_line_codes(grid, line))
        if value > best_value:
            best_value, best = value, action
    if best_value <= 0:
        discard = next((a for a in actions if a.verb == "discard"), None)
        if discard is not None:
            return discard
    return best


def solitaire_expert(view: SolitaireView, samples: int, discard_worth: float, spare: int,
                     rng: random.Random) -> Action:
    """Place by the change in expected final score of the row and column (see :mod:`pegboard.bots.grid`)."""
    actions: tuple[Action, ...] = view.legal_actions
    values = solitaire_values(view, samples, discard_worth, spare, rng)
    best_gain, best = float("-inf"), actions[0]
    discard: Action | None = None
    for action in actions:
        if action.verb != "place":
            discard = action
        elif values[action] > best_gain:
            best_gain, best = values[action], action
    if discard is not None and best_gain < values[discard]:
        return discard
    return best


def solitaire_values(view: SolitaireView, samples: int, discard_worth: float, spare: int, rng: random.Random
                     ) -> dict[Action, float]:
    """What :func:`solitaire_expert` thinks each legal action is worth: a placement, the change in the
    expected final score of its row and column (over ``samples`` common completions); the discard,
    ``discard_worth`` (scaled down as the grid fills), the gain below which a discard space is spent."""
    actions: tuple[Action, ...] = view.legal_actions
    grid: list[int | None] = [card.code if card is not None else None for card in view.grid]
    assert view.current is not None  # a card is turned
    code = view.current.code
    known = {c for c in grid if c is not None} | {card.code for card in view.discards} | {code}
    unseen = [card.code for card in full_deck() if card.code not in known]
    size = min(len(unseen), 5 + spare)
    draws = [sample(rng, unseen, size) for _ in range(samples)]  # common completions + starter
    worth_now = {line: _expected(_line_codes(grid, line), draws, spare) for line in range(8)}
    empty = sum(1 for c in grid if c is None)
    values: dict[Action, float] = {}
    for action in actions:
        if action.verb != "place":
            values[action] = discard_worth * min(1.0, empty / 8)
            continue
        cell = _cell(action)
        gain = 0.0
        for line in _lines_of(cell):
            gain += _expected(_with(grid, line, cell, code), draws, spare) - worth_now[line]
        values[action] = gain
    return values


def _expected(cards: Sequence[int], draws: Sequence[Sequence[int]], spare: int) -> float:
    """Average final score of a line holding ``cards``, completed from each draw: the draw's last
    card is the starter, and the line takes the best of its other cards (``spare`` more than it
    needs), since later cards are placed where they fit, not at random."""
    missing = 4 - len(cards)
    if missing == 0:
        full = 0
        for draw in draws:
            full += hand_score4(cards[0], cards[1], cards[2], cards[3], draw[-1])
        return full / len(draws)
    total = 0
    for draw in draws:
        starter = draw[-1]
        pool = draw[:missing + spare]
        best = 0
        for fill in combinations(pool, missing):
            hand = (*cards, *fill)
            value = hand_score4(hand[0], hand[1], hand[2], hand[3], starter)
            if value > best:
                best = value
        total += best
    return total / len(draws)


_TABLE_BY_SIZE = {size: points_bytes(size) for size in (3, 4, 5)}


def _partial_points(cards: Sequence[int]) -> float:
    """Points already in a partial line (no starter): fifteens, pairs, runs; four of a suit count 4."""
    if len(cards) < 2:
        return 0.0
    if len(cards) == 2:
        a, b = cards
        return 2.0 * ((a >> 2) == (b >> 2)) + 2.0 * (PIPS[a] + PIPS[b] == 15)
    points = float(_TABLE_BY_SIZE[len(cards)][sum(CARD_WEIGHTS[code] for code in cards)])
    if len(cards) == 4 and len({code & 3 for code in cards}) == 1:
        points += 4
    return points


def _cell(action: Action) -> int:
    target = str(action.target)
    return (int(target[1]) - 1) * 4 + "abcd".index(target[0])


def _lines_of(cell: int) -> tuple[int, int]:
    return cell // 4, 4 + cell % 4


def _line_cells(line: int) -> tuple[int, ...]:
    return tuple(4 * line + c for c in range(4)) if line < 4 else tuple(4 * r + line - 4 for r in range(4))


def _line_codes(grid: Sequence[int | None], line: int) -> list[int]:
    return [code for cell in _line_cells(line) if (code := grid[cell]) is not None]


def _with(grid: Sequence[int | None], line: int, cell: int, code: int) -> list[int]:
    """The cards of ``line`` with ``code`` placed in ``cell``."""
    cards = []
    for index in _line_cells(line):
        value = code if index == cell else grid[index]
        if value is not None:
            cards.append(value)
    return cards


