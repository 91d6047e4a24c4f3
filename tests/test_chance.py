"""The engine's fast draws are the generator's own: the same values and the same bits consumed as
``random.Random.sample`` and ``.choice`` (so a seed's games never change, compiled or not)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pegboard.engine import chance


@given(seed=st.integers(0, 2**32), n=st.integers(1, 120), share=st.floats(0, 1))
def test_sample_draws_what_random_sample_draws(seed: int, n: int, share: float) -> None:
    k = round(share * n)
    ours, theirs = random.Random(seed), random.Random(seed)
    population = list(range(n))
    assert chance.sample(ours, population, k) == theirs.sample(population, k)
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**32), n=st.integers(1, 300))
def test_choice_draws_what_random_choice_draws(seed: int, n: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    items = list(range(n))
    assert [chance.choice(ours, items) for _ in range(5)] == [theirs.choice(items) for _ in range(5)]
    assert ours.getstate() == theirs.getstate()


def test_a_generator_of_another_class_is_asked_itself() -> None:
    class Fixed(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def, override]
            return seq[-1]

        def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def, override]
            return list(population)[:k]

    assert chance.choice(Fixed(), [1, 2, 3]) == 3
    assert chance.sample(Fixed(), [1, 2, 3], 2) == [1, 2]
    with pytest.raises(IndexError):
        chance.choice(random.Random(1), [])
