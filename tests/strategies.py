"""Hypothesis strategies shared by the tests."""

from __future__ import annotations

from hypothesis import strategies as st

from pegboard.cards import Card, full_deck

cards = st.sampled_from(full_deck())


def distinct_cards(count: int) -> st.SearchStrategy[list[Card]]:
    """``count`` distinct cards."""
    return st.lists(cards, min_size=count, max_size=count, unique=True)


def card_texts() -> st.SearchStrategy[str]:
    """Card text in every accepted spelling: case, 10/T, suit letters and symbols, padding."""
    ranks = st.sampled_from(["A", "a", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "t",
                             "J", "j", "Q", "q", "K", "k"])
    suits = st.sampled_from(list("CDHScdhs♣♦♥♠♧♢♡♤"))
    return st.builds(lambda r, s, pad: f"{pad}{r}{s}{pad}", ranks, suits, st.sampled_from(["", " "]))
