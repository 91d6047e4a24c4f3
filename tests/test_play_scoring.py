"""Rulings 8-9: what a card laid in the play scores."""

from __future__ import annotations

import pytest

from pegboard import PegboardError, parse_cards, score_play
from pegboard.scoring.spoken import spoken_play


def points(series: str) -> dict[str, int]:
    return {item.kind: item.points for item in score_play(parse_cards(series))}


def test_ruling_8_fifteen_and_thirty_one() -> None:
    assert points("7H 8C") == {"fifteen": 2}
    assert points("KH QC AD") == {}
    assert points("KH QC 9D 2S") == {"thirty-one": 2}


def test_ruling_8_pairs_in_succession() -> None:
    assert points("9H 9C") == {"pair": 2}
    assert points("4H 4C 4D") == {"pair": 6}
    assert points("2H 2C 2D 2S") == {"pair": 12}
    assert points("9H 8C 9D") == {}  # not in succession


def test_ruling_8_runs_in_any_order_longest_wins() -> None:
    assert points("4H 6C 5D") == {"fifteen": 2, "run": 3}
    assert points("AH 3C 2D 5S 4C") == {"fifteen": 2, "run": 5}
    assert points("2H 3C 4D 4S") == {"pair": 2}  # 3-4-4 is no run
    assert points("7C 8D 7S 6C") == {"run": 3}  # 8-7-6 at the end; 7-8-7-6 is no run of four
    assert points("3H 2C 4D 2S") == {}  # 4-2 duplicates break the run ending at the last card


def test_ruling_8_play_count_never_passes_31() -> None:
    with pytest.raises(PegboardError, match="passes 31"):
        score_play(parse_cards("KH QC 9D 3S"))


def test_ruling_9_pairs_and_runs_do_not_reach_back_across_a_reset() -> None:
    # After "KH QC 9D 2S" makes 31 the count resets: the next series starts with 2C alone.
    assert points("2C") == {}
    assert points("2C 3H 4D") == {"run": 3}


def test_spoken_play() -> None:
    assert spoken_play(31, score_play(parse_cards("KH QC 9D 2S")).items) == "thirty-one for two"
    assert spoken_play(12, score_play(parse_cards("4H 4C 4D")).items) == "twelve for six (a pair royal)"
