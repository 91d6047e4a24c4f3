"""The strength benchmark's plumbing, on a tiny table (its numbers live in benchmarks/, not here)."""

from __future__ import annotations

import pytest

from benchmarks import strength


def test_a_pairing_is_a_duplicate_match_with_intervals() -> None:
    result = strength.play_pairing("greedy", "random", games=5, seed=1, jobs=1)
    assert result.games == 6  # rounded up: every sequence of deals is played from both seats
    assert 0 <= result.low <= result.win_rate <= result.high <= 1
    assert result.net > 0
    assert result.adjusted is not None and result.adjusted_low is not None and result.adjusted_high is not None
    assert result.adjusted_low <= result.adjusted <= result.adjusted_high  # issue 38: duplicate and luck combine


@pytest.mark.slow
def test_decision_times_cover_discards_and_plays() -> None:
    timing = strength.decision_times(games=1, opponent="greedy")
    assert timing.moves > 0 and timing.mean > 0 and timing.p95 >= 0
    assert timing.discard_mean > 0 and timing.play_mean > 0


def test_markdown_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert strength.main(["--games", "2", "--only", "greedy", "random", "--jobs", "1", "--timing-games", "0",
                          "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| greedy | random | 2 |" in out and "seed 13" in out and "luck-adjusted (95%)" in out


def test_every_pairing_names_bots_that_exist() -> None:
    from pegboard.bots import BOTS

    for pair in strength.PAIRINGS:
        assert all(name in BOTS or name in strength.ALIASES for name in pair)
    assert set(strength.TARGETS) <= set(strength.PAIRINGS)
