"""Rulings 23, 25 (Snailspace lines) and 27 (Cribbage Square Solitaire)."""

from __future__ import annotations

import pytest

from pegboard import Card, HandSizeError, parse_cards
from pegboard.scoring.lines import score_line_at_end, score_placement
from pegboard.scoring.square import line_cells, score_square


def line(text: str) -> list[Card | None]:
    return [None if token == "." else Card.parse(token) for token in text.split()]


def placed(text: str, index: int, **options: bool) -> dict[str, int]:
    result: dict[str, int] = {}
    for item in score_placement(line(text), index, **options):
        result[item.kind] = result.get(item.kind, 0) + item.points
    return result


def test_ruling_23_same_rank_scores_2_6_12_for_the_line() -> None:
    assert placed("9H . 9C . .", 2) == {"pair": 2}
    assert placed("9H 9D 9C . .", 2) == {"pair": 6}
    assert placed("9H 9D 9C 9S .", 3) == {"pair": 12}


def test_ruling_23_runs_with_multiplicity_need_not_be_adjacent() -> None:
    assert placed("6H . 8C . 7D", 4) == {"run": 3}
    assert placed("6H 7D 8C 8S 8D", 4) == {"pair": 6, "run": 9}  # three runs of three
    assert placed("6H 7D . 9S 8D", 4) == {"run": 4}
    assert placed("6H 7D . 9S JD", 4) == {}  # the run must contain the new card


def test_ruling_23_flush_only_as_an_unbroken_block_of_three_or_more() -> None:
    assert placed("2H 5H 9H . .", 2) == {"flush": 3}
    assert placed("2H 5H . 9H .", 3) == {}  # an empty cell breaks the block
    assert placed("2H 5C 9H KH .", 3) == {}  # another suit breaks it
    assert placed("2H 5H 9H KH QH", 4) == {"flush": 5}


def test_ruling_23_fifteens_only_with_the_option() -> None:
    assert placed("5H . TC . .", 2) == {}
    assert placed("5H . TC . .", 2, with_fifteens=True) == {"fifteen": 2}
    assert placed("5H 5D 5C . .", 2, with_fifteens=True) == {"fifteen": 2, "pair": 6}


def test_ruling_25_a_full_line_counts_as_a_five_card_hand() -> None:
    full = [card for card in line("6H 7D 8C 8S 8D") if card]
    assert score_line_at_end(full).total == 6 + 9  # three pairs + three runs of three
    flush_line = [card for card in line("2H 5H 9H KC QH") if card]
    assert score_line_at_end(flush_line).total == 3
    fifteen_line = [card for card in line("5H TC 2D 8S KD") if card]
    assert score_line_at_end(fifteen_line).total == 0
    assert score_line_at_end(fifteen_line, with_fifteens=True).total == 6  # 5+T 5+K 5+2+8
    assert not any(item.kind == "nobs" for item in score_line_at_end(fifteen_line))


GRID = parse_cards("5C 5D 5H JS  AC 2C 3C 4D  6H 7H 8H 9H  TS QS KS 9S")


def test_ruling_27_eight_hands_with_the_starter() -> None:
    result = score_square(GRID, Card.parse("5S"))
    assert dict(result.lines) == {
        "row 1": 29, "row 2": 7, "row 3": 13, "row 4": 11,
        "column a": 6, "column b": 6, "column c": 6, "column d": 5,
    }  # fmt: skip
    assert result.total == 83


def test_ruling_27_flush_with_and_without_the_starter() -> None:
    without = score_square(GRID, Card.parse("AD"))
    with_starter = score_square(GRID, Card.parse("AS"))
    assert any(item.kind == "flush" and item.points == 4 for item in without.hands[2])  # 6H 7H 8H 9H
    assert any(item.kind == "flush" and item.points == 5 for item in with_starter.hands[3])  # TS QS KS 9S + AS


def test_ruling_27_jack_starter_heels_per_hand_or_once() -> None:
    grid = parse_cards("AC 2C 3C 4D  6H 7H 8H 9H  TS QS KS 9S  2D 3D 4H 6D")
    plain = score_square(grid, Card.parse("5S")).total
    assert score_square(grid, Card.parse("JC")).heels.total == 0
    per_hand = score_square(grid, Card.parse("JC"))
    once = score_square(grid, Card.parse("JC"), heels="once")
    assert per_hand.total - once.total == 14
    assert sum(item.points for hand in per_hand.hands for item in hand if item.kind == "heels") == 16
    assert plain != per_hand.total


def test_square_line_cells_and_sizes() -> None:
    assert line_cells(0) == (0, 1, 2, 3) and line_cells(4) == (0, 4, 8, 12) and line_cells(7) == (3, 7, 11, 15)
    with pytest.raises(HandSizeError):
        score_square(GRID[:15], Card.parse("5S"))
