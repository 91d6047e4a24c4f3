"""The web load benchmark's rated mode (issue 36): accounts sign up, are matched by the queue, add
their part of the shuffle, claim their seats and play on the clock; replies are timed, nothing fails."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from benchmarks.web_load import forced, measure  # noqa: E402


@pytest.mark.slow
def test_two_rated_tables_are_matched_and_played_without_errors() -> None:
    figures = measure(tables=2, seconds=2.5, think=0.01, warmup=0.5, workers=0, rated=True)
    assert figures["rated"] and figures["clock"] == "15+120"
    assert figures["actions"] > 0 and figures["p50"] > 0 and figures["errors"] == 0, figures["error_samples"]
    assert figures["cores"] >= 1 and len(figures["load_after"]) == 3


def test_forced_moves_are_left_to_the_server() -> None:
    assert forced(["go"]) and forced(["play 5H"])
    assert not forced(["play 5H", "go"]) and not forced(["count 4"]) and not forced([])


def test_a_rated_load_has_no_computer_opponent() -> None:
    with pytest.raises(ValueError, match="between two accounts"):
        measure(tables=1, rated=True, opponent="expert")
