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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import ceil, log
from typing import Any, TypeVar

__all__ = ["sample", "samples", "choice"]

T = TypeVar("T")


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
