"""The book's answers in the pegging search, and the reading of the opponent's plays, written to
compile with mypyc.

:meth:`pegboard.bots.inference.BookPlayModel.reply_chances` -- how likely a book player (hoyle's lead and
answer scores) is to play each rank it can -- is asked at every node of the search where the opponent
has a choice, and for every hand the expert's samples are weighed by. :func:`book_chances` is its body,
here so that it runs compiled; :class:`BookReplies` is the model as the search calls it (the search
hands it the series' id, which it already holds, instead of the series). :func:`read_play` and
:func:`read_book_play` are the loops over the hands of the play models' likelihoods
(:class:`pegboard.bots.inference.PlayModel`, :class:`pegboard.bots.inference.BookPlayModel`).

>>> replies = BookReplies(0.3)
>>> four, ten = replies((1 << 9) + (1 << 27), (5,), 5, (4, 10))  # 4 and 10 held, on a 5: the ten makes fifteen
>>> ten > 0.99 > four
True
"""

from __future__ import annotations

import math
from typing import Final

from pegboard.bots.programplay import program_rank, quiet_index
from pegboard.bots.series import MOVES, POINTS_MASK, RANKS, SERIES, intern, step

__all__ = ["BookReplies", "StyleReplies", "book_chances", "program_chances", "program_choice", "lead_score_packed",
           "read_play", "read_book_play", "read_program_play", "PIP"]

PIP: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Pip value by rank (index 1-13)."""

ANY_OF_RANK: Final = sum(1 << 3 * rank - 3 for rank in range(1, 14))
"""Bit 3r - 3 of every rank r: ``(packed | packed >> 1 | packed >> 2) & ANY_OF_RANK`` has the ranks held."""
NEAR: Final = [sum(1 << 3 * other - 3 for other in range(max(1, rank - 2), min(13, rank + 2) + 1)
                   if other != rank and other != last) if 1 <= rank <= 13 else 0
               for rank in range(14) for last in range(14)]
"""``NEAR[rank * 14 + last]``: the bits (3r - 3) of the ranks within two of ``rank``, other than it and ``last``."""
HUNDREDTHS: Final = [pips / 100 for pips in PIP]
_LIMIT: Final = 1 << 16
"""Book answers kept before the table is emptied (each ~150 bytes; a worker meets them for its whole life)."""


def lead_score_packed(packed: int, rank: int) -> float:
    """:func:`pegboard.bots.hoyle.lead_score` of ``rank`` from a packed hand (which holds it).

    >>> lead_score_packed(1 << 9, 4), lead_score_packed(1 << 36, 13)
    (34.0, 1.0)
    """
    pips = PIP[rank]
    paired = (packed >> 3 * rank - 3 & 7) > 1
    if rank == 5:
        return -10.0
    if pips <= 4:
        return 30.0 + pips + (5 if paired else 0)
    if paired:
        return 20.0 + (0 if pips < 10 else -1)
    if rank == 6 or rank == 9:
        return 10.0
    if rank == 7 or rank == 8:
        return 9.0 if (packed | packed >> 1 | packed >> 2) & NEAR[rank * 14] else 0.0
    return 1.0  # a ten-card from nothing


def book_chances(replies: dict[int, tuple[float, ...]], temperature: float, packed: int, series: tuple[int, ...],
                 base: int, count: int, playable: tuple[int, ...]) -> tuple[float, ...]:
    """The chance that a book player holding ``packed`` (one seat's ranks, 3 bits each) plays each
    rank of ``playable`` (two or more) on ``series`` (interned as ``base``; 0 when empty) at ``count``,
    kept in ``replies``.

    The answer depends on the series only through its last rank, how many of that rank it holds and
    the pair and run points of each playable rank on it: keyed by those, answers recur across the many
    series the search meets."""
    last = 0
    fixed = count << 39 | packed  # the fixed-width part, low: hand, count, last, its repeats, options
    if series:
        last = series[-1]
        fixed |= (last << 3 | series.count(last)) << 44
    options = 0  # each playable rank and its pair and run points, eight bits each
    for rank in playable:
        points = 0
        if series:
            entry = MOVES[base * RANKS + rank]
            if entry < 0:
                entry = step(base, rank)
            points = entry & POINTS_MASK
        options = options << 8 | rank << 4 | points
    key = (options << 4 | len(playable)) << 51 | fixed
    known = replies.get(key)
    if known is not None:
        return known
    values: list[float] = []
    if series:
        present = (packed | packed >> 1 | packed >> 2) & ANY_OF_RANK  # bit 3r-3: holds rank r
        for rank in playable:
            held = packed >> 3 * rank - 3 & 7
            new_count = count + PIP[rank]
            # play_points((*series, rank), new_count), from the search's series tables:
            points = (MOVES[base * RANKS + rank] & POINTS_MASK) + (2 if new_count == 15 or new_count == 31 else 0)
            value = float(points)  # as hoyle.answer_score, lead 0
            if new_count == 5 or new_count == 21:
                value -= 2
            if last == rank:
                if held > 1:
                    value += 1
                elif new_count + PIP[rank] <= 31 and held + series.count(rank) < 4:
                    value -= 2.5
            elif abs(last - rank) <= 2:
                if present & NEAR[rank * 14 + last]:
                    value += 0.5
                else:
                    value -= 1
            values.append(value + HUNDREDTHS[rank])
    else:
        for rank in playable:
            values.append(lead_score_packed(packed, rank))
    top = max(values)
    weights = [math.exp((value - top) / temperature) for value in values]
    total = 0.0  # summed left to right, as sum() does
    for weight in weights:
        total += weight
    chances = tuple([weight / total for weight in weights])
    if len(replies) >= _LIMIT:
        replies.clear()
    replies[key] = chances
    return chances


class BookReplies:
    """The book's answers as a reply model of the pegging search (:data:`pegboard.bots.solver.ReplyModel`),
    for hands of two or more playable ranks; the search calls :meth:`by_id` with the series' id."""

    def __init__(self, temperature: float) -> None:
        self.temperature = temperature
        self.replies: dict[int, tuple[float, ...]] = {}  # by all an answer depends on (see book_chances)

    def __call__(self, packed: int, series: tuple[int, ...], count: int, playable: tuple[int, ...]
                 ) -> tuple[float, ...]:
        return book_chances(self.replies, self.temperature, packed, series, intern(series) if series else 0, count,
                            playable)

    def by_id(self, packed: int, series_id: int, count: int, playable: tuple[int, ...]) -> tuple[float, ...]:
        """:meth:`__call__` of the interned series ``series_id``."""
        return book_chances(self.replies, self.temperature, packed, SERIES[series_id], series_id, count, playable)


def program_chances(slip: float, chosen: int, playable: tuple[int, ...]) -> list[float]:
    """The chance that a player of the BSD program's rules whose card is ``chosen``
    (:func:`pegboard.bots.programplay.program_rank`) plays each rank of ``playable`` (two or more):
    ``chosen`` but for ``slip``, shared by the others.

    >>> program_chances(0.1, 10, (4, 10))
    [0.1, 0.9]
    """
    other = slip / (len(playable) - 1)
    return [1 - slip if rank == chosen else other for rank in playable]


def program_choice(packed: int, series: tuple[int, ...], base: int, count: int) -> int:
    """:func:`pegboard.bots.programplay.program_rank` with the pair and run points read from the
    search's series tables (``base``: the series' id; 0 when it is empty), as the search asks it.

    >>> program_choice((1 << 9) + (1 << 36), (5,), intern((5,)), 5)  # a 4 and a king on a 5: fifteen
    13
    """
    ranks: list[int] = []
    best = 0
    best_points = 0
    for rank in range(1, 14):
        held = packed >> 3 * rank - 3 & 7
        if not held:
            continue
        for _ in range(held):
            ranks.append(rank)
        new_count = count + PIP[rank]
        if new_count > 31:
            continue
        points = 2 if new_count == 15 or new_count == 31 else 0
        if series:
            entry = MOVES[base * RANKS + rank]
            if entry < 0:
                entry = step(base, rank)
            points += entry & POINTS_MASK
        if points > best_points:
            best, best_points = rank, points
    if best:
        return best
    return ranks[quiet_index([PIP[rank] for rank in ranks], count)]


class StyleReplies:
    """The answers of an opponent who plays either by the book (share ``book_part``,
    :class:`BookReplies`) or by the BSD program's rules (the rest, :func:`program_chances`), as a
    reply model of the pegging search; the search calls :meth:`by_id`. One object per mixture: the
    search keeps answers by model.

    >>> replies = StyleReplies(BookReplies(0.3), 0.0, 0.1)
    >>> replies((1 << 9) + (1 << 27), (5,), 5, (4, 10))
    (0.1, 0.9)
    """

    def __init__(self, book: BookReplies, book_part: float, slip: float) -> None:
        self.book = book
        self.book_part = book_part
        self.slip = slip

    def __call__(self, packed: int, series: tuple[int, ...], count: int, playable: tuple[int, ...]
                 ) -> tuple[float, ...]:
        return self.by_id(packed, intern(series) if series else 0, count, playable)

    def by_id(self, packed: int, series_id: int, count: int, playable: tuple[int, ...]) -> tuple[float, ...]:
        """:meth:`__call__` of the interned series ``series_id``."""
        chances = program_chances(self.slip, program_choice(packed, SERIES[series_id], series_id, count), playable)
        part = self.book_part
        if part <= 0:
            return tuple(chances)
        book = self.book.by_id(packed, series_id, count, playable)
        return tuple([part * book[index] + (1 - part) * chances[index] for index in range(len(chances))])


def read_play(result: list[float], chance: list[float], running: int, rank: int, later: tuple[int, ...],
              ranks: list[int], width: int) -> None:
    """One play of :meth:`pegboard.bots.inference.PlayModel.likelihood`: multiplies each hand's entry
    of ``result`` by the chance (``chance``: each rank's weight) of playing ``rank`` at ``running``
    from the ranks it could play then (the hand and ``later``), summed in the order of the set of them
    (as the model does). The hands are ``ranks`` cut in rows of ``width`` (one list: no list per hand;
    0 pads a shorter hand).

    >>> result = [1.0, 1.0]
    >>> read_play(result, [0.0] + [1.0] * 13, 0, 5, (5,), [9, 0, 9, 10], 2)  # (9) and (9, 10)
    >>> result
    [0.5, 0.3333333333333333]
    """
    chosen = chance[rank]
    room = 31 - running
    for index in range(len(result)):
        options: set[int] = set()  # filled in the model's order (the hand, then later): the same set
        for place in range(index * width, index * width + width):
            card = ranks[place]
            if card and PIP[card] <= room:  # 0: no card (a shorter hand's padding)
                options.add(card)
        for card in later:
            if PIP[card] <= room:
                options.add(card)
        if len(options) > 1:
            total = 0.0  # summed left to right, as sum() does
            for card in options:
                total += chance[card]
            result[index] *= chosen / total


def read_book_play(book: BookReplies, known: dict[int, float], result: list[float],
                   series: tuple[int, ...], running: int, rank: int, later: tuple[int, ...],
                   ranks: list[int], width: int) -> None:
    """One play of :meth:`pegboard.bots.inference.BookPlayModel.likelihood`: multiplies each hand's
    entry of ``result`` by the chance that a book player holding it and ``later`` plays ``rank`` on
    ``series`` at ``running`` (1 when it has no other choice), kept in ``known`` by the ranks held
    (packed, 3 bits of count per rank: no tuple made per hand). The hands are ``ranks`` cut in rows
    of ``width``.

    >>> result = [1.0, 1.0]
    >>> read_book_play(BookReplies(0.3), {}, result, (), 0, 13, (13,), [10, 11, 12, 2, 0, 0], 3)
    >>> result[0] > 0.2 > 0.001 > result[1]
    True
    """
    _read_plays(book, 0.0, known, result, series, running, rank, later, ranks, width)


def read_program_play(slip: float, known: dict[int, float], result: list[float], series: tuple[int, ...],
                      running: int, rank: int, later: tuple[int, ...], ranks: list[int], width: int) -> None:
    """One play of :meth:`pegboard.bots.inference.ProgramPlayModel.likelihood`: multiplies each hand's
    entry of ``result`` by the chance (:func:`program_chances`) that a player of the BSD program's
    rules holding it and ``later`` plays ``rank`` on ``series`` at ``running`` (1 when it has no other
    choice), kept in ``known`` by the ranks held (packed). The hands are ``ranks`` cut in rows of ``width``.

    >>> result = [1.0, 1.0]
    >>> read_program_play(0.1, {}, result, (), 0, 9, (9,), [2, 13, 4, 13], 2)  # a 9 led: not from a hand with a 4
    >>> result
    [0.9, 0.05]
    """
    _read_plays(None, slip, known, result, series, running, rank, later, ranks, width)


def _read_plays(book: BookReplies | None, slip: float, known: dict[int, float], result: list[float],
                series: tuple[int, ...], running: int, rank: int, later: tuple[int, ...], ranks: list[int],
                width: int) -> None:
    """The loop of :func:`read_book_play` (``book`` given) and :func:`read_program_play` (``book``
    None: the program's rules with ``slip``): each hand packed with ``later``, its chance kept in
    ``known``, 1 when it can play one rank only."""
    room = 31 - running
    base = 0
    for card in later:
        base += 1 << 3 * card - 3
    series_id = -1
    for index in range(len(result)):
        packed = base
        for place in range(index * width, index * width + width):
            card = ranks[place]
            if card:
                packed += 1 << 3 * card - 3
        chance = known.get(packed)
        if chance is None:
            options: list[int] = []  # the distinct ranks it can play, lowest first (solver.playable)
            for card in range(1, 14):
                if PIP[card] > room:
                    break  # pips never fall as ranks rise
                if packed >> 3 * card - 3 & 7:
                    options.append(card)
            playable = tuple(options)
            if len(options) <= 1:
                chance = 1.0
            elif book is not None:
                if series_id < 0:
                    series_id = intern(series) if series else 0
                chance = book_chances(book.replies, book.temperature, packed, series, series_id, running,
                                      playable)[playable.index(rank)]
            else:
                chance = program_chances(slip, program_rank(packed, series, running), playable)[playable.index(rank)]
            known[packed] = chance
        result[index] *= chance
