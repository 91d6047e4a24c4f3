"""The seeded generator's draws the engine and the simulator's bots make most, at compiled speed.

:func:`sample` and :func:`choice` return exactly what ``rng.sample(population, k)`` and
``rng.choice(seq)`` return, drawing the same bits from the generator (the algorithms of CPython's
``random.Random``, which a test compares draw for draw); they only skip the Python frames. A
generator of another class (one that overrides how it draws) is simply asked itself.

>>> import random
>>> sample(random.Random(5), range(52), 13) == random.Random(5).sample(range(52), 13)
True
>>> choice(random.Random(2), "abc") == random.Random(2).choice("abc")
True

:func:`deal_hidden` is the one sampler of hidden cards: it deals card codes to the seats that hold
cards another seat may not see, each seat's cards above its floor (a seat that said go at count c
holds nothing of 31 - c pips or fewer). :meth:`pegboard.engine.base.GameState.resample` deals a
whole game with it; the expert's pegging search (:func:`deals_hidden`) many hands at a time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import ceil, log
from typing import Any, TypeVar

__all__ = ["sample", "samples", "choice", "deal_hidden", "deals_hidden", "PIPS_BY_RANK"]

T = TypeVar("T")

PIPS_BY_RANK: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""A rank's pips (index 1-13): what the count adds, what a go's floor is compared with."""


def _below(rng: random.Random, n: int) -> int:
    """``rng._randbelow(n)`` for a plain ``random.Random``: k bits at a time until one is below n."""
    bits = n.bit_length()
    drawn: int = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``: ``k`` distinct members, in the order drawn."""
    if type(rng) is not random.Random:
        drawn: list[T] = rng.sample(population, k)
        return drawn
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    result: list[Any] = [None] * k
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            j = _below(rng, n - i)
            result[i] = pool[j]
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for i in range(k):
            j = _below(rng, n)
            while j in selected:
                j = _below(rng, n)
            selected.add(j)
            result[i] = population[j]
    return result


def samples(rng: random.Random, population: Sequence[T], k: int, times: int) -> list[tuple[T, ...]]:
    """``times`` draws of :func:`sample`, each as a tuple: ``[tuple(rng.sample(population, k)) for _ in
    range(times)]``, the same draws.

    >>> rng = random.Random(3)
    >>> samples(random.Random(3), range(10), 2, 3) == [tuple(rng.sample(range(10), 2)) for _ in range(3)]
    True
    """
    drawn: list[tuple[T, ...]] = []
    for _ in range(times):
        drawn.append(tuple(sample(rng, population, k)))
    return drawn


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: one member of a non-empty sequence."""
    if type(rng) is not random.Random:
        return rng.choice(seq)
    if not len(seq):
        raise IndexError("Cannot choose from an empty sequence")
    return seq[_below(rng, len(seq))]


def deal_hidden(rng: random.Random, unseen: Sequence[int], sizes: Sequence[int], floors: Sequence[int]
                ) -> tuple[tuple[int, ...], ...] | None:
    """Deal each seat ``sizes[i]`` of the ``unseen`` card codes, every one with more pips than
    ``floors[i]`` (0: any card); None when the cards left cannot fill a seat. With no floor it is one
    :func:`sample` of them all, cut in turn; else the most constrained seat draws first, each from
    the cards left that it may hold (the floors nest, so every deal consistent with them is equally
    likely).

    >>> hands = deal_hidden(random.Random(1), list(range(52)), [2, 3], [0, 9])
    >>> [len(hand) for hand in hands], all(PIPS_BY_RANK[(code >> 2) + 1] > 9 for code in hands[1])
    ([2, 3], True)
    >>> deal_hidden(random.Random(1), [0, 1, 40], [2], [9]) is None  # one card of more than 9 pips
    True
    """
    if not any(floors):
        drawn = sample(rng, unseen, sum(sizes))
        hands: list[tuple[int, ...]] = []
        start = 0
        for size in sizes:
            hands.append(tuple(drawn[start:start + size]))
            start += size
        return tuple(hands)
    pool = list(unseen)
    result: list[tuple[int, ...]] = []
    order = sorted(range(len(sizes)), key=lambda i: -floors[i])  # most constrained first (a stable sort)
    for index in order:
        size, floor = sizes[index], floors[index]
        allowed = [code for code in pool if PIPS_BY_RANK[(code >> 2) + 1] > floor]
        if len(allowed) < size:
            return None
        chosen = sample(rng, allowed, size)
        for code in chosen:
            pool.remove(code)
        result.append(tuple(chosen))
    in_order: list[tuple[int, ...]] = [()] * len(sizes)
    for position, index in enumerate(order):
        in_order[index] = result[position]
    return tuple(in_order)


def deals_hidden(rng: random.Random, unseen: Sequence[int], sizes: Sequence[int], floors: Sequence[int],
                 wanted: int) -> list[tuple[tuple[int, ...], ...]]:
    """Up to ``wanted`` deals of :func:`deal_hidden` (the pegging search's samples). One seat: every
    deal drawn from the same cards allowed (none if too few); several: up to ``3 * wanted`` tries,
    keeping those that fill every seat.

    >>> deals_hidden(random.Random(4), list(range(52)), [2], [0], 3) == [
    ...     (tuple(hand),) for hand in samples(random.Random(4), range(52), 2, 3)]
    True
    """
    if len(sizes) == 1:
        size, floor = sizes[0], floors[0]
        allowed = [code for code in unseen if PIPS_BY_RANK[(code >> 2) + 1] > floor] if floor else unseen
        if len(allowed) < size:
            return []
        return [(hand,) for hand in samples(rng, allowed, size, wanted)]
    drawn: list[tuple[tuple[int, ...], ...]] = []
    for _ in range(wanted * 3):
        dealt = deal_hidden(rng, unseen, sizes, floors)
        if dealt is not None:
            drawn.append(dealt)
            if len(drawn) == wanted:
                break
    return drawn
