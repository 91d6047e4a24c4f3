"""Rulings 3-7 and 20: counting a hand or crib with the starter."""

from __future__ import annotations

from collections import Counter

import pytest

from pegboard import DuplicateCardError, HandSizeError, parse_cards, score_show
from pegboard.scoring.items import Score
from pegboard.scoring.spoken import number_words, spoken_count


def count(cards: str, *, crib: bool = False) -> Score:
    *hand, starter = parse_cards(cards)
    return score_show(hand, starter, crib=crib)


def kinds(score: Score) -> Counter[str]:
    result: Counter[str] = Counter()
    for item in score:
        result[item.kind] += item.points
    return result


def test_ruling_3_every_subset_totalling_fifteen_scores_two() -> None:
    score = count("5H 5C TD KS 2C")  # 5+T, 5+K, 5+T, 5+K
    assert kinds(score) == {"fifteen": 8, "pair": 2}
    assert all(sum(card.pips for card in item.cards) == 15 for item in score if item.kind == "fifteen")


def test_ruling_3_pairs_royal_and_double_royal() -> None:
    assert kinds(count("9H 9C 2D 4S KC"))["pair"] == 2
    assert kinds(count("9H 9C 9D 4S KC"))["pair"] == 6
    assert kinds(count("9H 9C 9D 9S KC"))["pair"] == 12


def test_ruling_3_runs_counted_per_combination() -> None:
    assert kinds(count("3H 4C 5D KS QC")) == {"run": 3, "fifteen": 4}
    double = count("3H 4C 4D 5S KC")  # double run of three = 2 x 3 + pair 2 = 8, plus fifteens
    assert kinds(double)["run"] == 6 and kinds(double)["pair"] == 2
    assert [len(item.cards) for item in double if item.kind == "run"] == [3, 3]
    assert kinds(count("3H 4C 4D 4S 5C"))["run"] == 9  # triple run
    assert kinds(count("3H 3C 4D 4S 5C"))["run"] == 12  # double double run
    assert kinds(count("AH 2C 3D 4S 5C"))["run"] == 5  # a run of five, not its parts
    assert kinds(count("AH 2C 3D 5S 6C")).get("run", 0) == 3  # only the maximal run


def test_ruling_4_hand_flush_four_plus_one_with_the_starter() -> None:
    assert kinds(count("2H 4H 6H 8H TC"))["flush"] == 4
    assert kinds(count("2H 4H 6H 8H TH"))["flush"] == 5


def test_ruling_4_crib_flush_only_with_all_five() -> None:
    assert kinds(count("2H 4H 6H 8H TC", crib=True)).get("flush", 0) == 0
    assert kinds(count("2H 4H 6H 8H TH", crib=True))["flush"] == 5
    *crib, starter = parse_cards("2H 4H 6H 8H TC")
    assert kinds(score_show(crib, starter, crib=True, crib_four_flush=True))["flush"] == 4


def test_ruling_4_flush_never_uses_the_starter_without_every_hand_card() -> None:
    assert "flush" not in kinds(count("2H 4H 6H 8C TH"))


def test_ruling_5_nobs_is_a_hand_jack_of_the_starters_suit() -> None:
    assert kinds(count("JH 2C 4D 6S 8H"))["nobs"] == 1
    assert "nobs" not in kinds(count("JH 2C 4D 6S 8C"))
    assert "nobs" not in kinds(count("2C 4D 6S 8C JC"))  # a jack starter is heels, not nobs


def test_ruling_6_heels_is_not_part_of_the_show() -> None:
    assert "heels" not in kinds(count("2C 4D 6S 8C JC"))


def test_ruling_7_twenty_nine_hand() -> None:
    score = count("5C 5D 5H JS 5S")
    assert score.total == 29
    assert kinds(score) == {"fifteen": 16, "pair": 12, "nobs": 1}
    assert spoken_count(score).endswith("and nobs is twenty-nine")


def test_ruling_20_five_card_three_card_hand() -> None:
    assert kinds(count("2H 4H 6H TC"))["flush"] == 3
    assert kinds(count("2H 4H 6H TH"))["flush"] == 4
    assert kinds(count("JH 2C 4D 8H"))["nobs"] == 1
    assert count("5H 5C 5D 5S").total == 20  # four fives: four fifteens of three and 12 for pairs
    assert kinds(count("AH 2C 3D 4S 5C", crib=True))["run"] == 5


def test_show_rejects_wrong_sizes_and_duplicates() -> None:
    with pytest.raises(HandSizeError, match="5 cards"):
        count("2H 4H 6H 8H TC 9S")
    with pytest.raises(HandSizeError):
        count("2H 4H 6H TC", crib=True)
    with pytest.raises(DuplicateCardError, match="2H"):
        *hand, _ = parse_cards("2H 4H 6H 8H")
        score_show(hand, hand[0])


@pytest.mark.parametrize("cards, spoken", [
    ("5H TC 9S 9D 2C", "fifteen two and a pair is four"),
    ("7H 8C 4D 4S KC", "fifteen two, fifteen four, and a pair is six"),
    ("3H 4C 5D 9S KC", "fifteen two and a run of three is five"),
    ("3H 4C 4D 5S KC", "fifteen two and a double run of three is ten"),
    ("6H 7C 8D 8S 9C", "fifteen two, fifteen four, fifteen six, and a double run of four is sixteen"),
    ("2C 4D 6S 8C QH", "nineteen (nothing)"),
    ("JH 4H 7H KH 2H", "a flush of five is five and nobs is six"),
])  # fmt: skip
def test_spoken_count_reads_like_players_count(cards: str, spoken: str) -> None:
    assert spoken_count(count(cards)) == spoken


def test_spoken_count_always_ends_on_the_total() -> None:
    for cards in ("5C 5D 5H JS 5S", "3H 3C 4D 4S 5C", "AH 2C 3D 4S 5C", "9H 9C 9D 4S KC"):
        score = count(cards)
        assert spoken_count(score).endswith(number_words(score.total))
