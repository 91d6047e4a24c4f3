"""Rulings 1-2: ranks, pips and card text."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given

from pegboard import Card, CardError, DuplicateCardError, parse_cards
from pegboard.cards import format_cards, full_deck

from .strategies import card_texts, cards


def test_ruling_1_ace_is_low_and_king_high() -> None:
    assert Card.parse("AS").rank == 1
    assert Card.parse("KS").rank == 13
    assert sorted(parse_cards("KH AH 7H"))[0] == Card.parse("AH")


def test_ruling_1_pip_values() -> None:
    pips = {str(card)[0]: card.pips for card in full_deck()}
    assert pips == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                    "T": 10, "J": 10, "Q": 10, "K": 10}


@pytest.mark.parametrize("text, canonical", [
    ("5h", "5H"), ("10s", "TS"), ("ts", "TS"), ("Jd", "JD"), ("ac", "AC"), ("Q♥", "QH"),
    ("k♠", "KS"), ("7♦", "7D"), ("2♣", "2C"), (" 9c ", "9C"), ("10♢", "TD"),
])  # fmt: skip
def test_ruling_2_card_text_is_case_insensitive_with_symbols(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("token", ["", "5", "H", "11H", "0S", "5X", "ZZ", "10", "5HH", "J♠♠", "1 0H"])
def test_ruling_2_malformed_card_names_the_token(token: str) -> None:
    with pytest.raises(CardError) as caught:
        Card.parse(token)
    assert repr(token) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_ruling_2_duplicate_card_names_the_token() -> None:
    with pytest.raises(DuplicateCardError, match="'5h'"):
        parse_cards("5H 6C 5h")


def test_ruling_2_output_is_canonical() -> None:
    assert format_cards(parse_cards("10h j♠ ac")) == "TH JS AC"


@given(card_texts())
def test_any_accepted_spelling_round_trips(text: str) -> None:
    card = Card.parse(text)
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol) is card


@given(cards)
def test_repr_pastes_back_and_code_round_trips(card: Card) -> None:
    assert eval(repr(card)) is card
    assert Card.from_code(card.code) is card
    assert Card(card.rank, card.suit) is card
    assert card.code >> 2 == card.rank - 1 and card.code & 3 == card.suit


def test_cards_are_immutable_singletons() -> None:
    card = Card.parse("5H")
    with pytest.raises(AttributeError):
        card.code = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
    assert len(set(full_deck())) == 52


def test_bad_codes_and_ranks_raise_card_errors() -> None:
    for bad in (-1, 52, "5"):
        with pytest.raises(CardError):
            Card.from_code(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Card(14, "H")
    with pytest.raises(CardError):
        Card(5, "X")
