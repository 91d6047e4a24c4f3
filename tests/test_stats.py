"""Ruling 7 and the exhaustive facts: every (hand, starter) deal, counted."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pegboard.stats import hand_distribution


@pytest.mark.xdist_group("exhaustive")
def test_ruling_7_hand_distribution_over_all_12994800_deals() -> None:
    dist = hand_distribution()
    assert dist.deals == 12_994_800
    assert dist.mean == Fraction(60759, 12740)
    assert dist.counts[29] == 4 and dist.counts[28] == 76
    assert dist.never == (19, 25, 26, 27)
    assert len(dist.counts) == 30


@pytest.mark.xdist_group("exhaustive")
def test_crib_distribution_over_all_deals() -> None:
    dist = hand_distribution(crib=True)
    assert dist.deals == 12_994_800
    assert dist.counts[0] == 1_022_208
    assert dist.counts[29] == 4


def test_five_card_three_card_hands() -> None:
    dist = hand_distribution(kept_size=3)
    assert dist.deals == 1_082_900
    assert len(dist.counts) - 1 == 20  # 5-5-5 with the fourth 5: 8 + 12
    payload = dist.to_json()
    assert payload["deals"] == 1_082_900 and payload["mean_exact"] == "701814/270725"
    assert payload["mean"] == 701814 / 270725 and isinstance(payload["variance"], float)
