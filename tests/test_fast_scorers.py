"""Rulings 3-5, 20: the table-driven scalar and batch scorers agree exactly with the explaining one."""

from __future__ import annotations

from itertools import combinations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from pegboard import Card, score_show
from pegboard.scoring.batch import score_hands
from pegboard.scoring.fast import hand_score
from pegboard.scoring.show import fifteens, pairs, runs
from pegboard.scoring.tables import RANK_WEIGHTS, points_table, rank_multisets

from .strategies import distinct_cards


def test_rank_tables_match_the_explaining_scorer_for_every_rank_multiset() -> None:
    for size in (4, 5):
        table = points_table(size)
        for ranks in rank_multisets(size):
            cards, used = [], {}
            for rank in ranks:  # distinct suits for repeated ranks
                suit = used.get(rank, 0)
                used[rank] = suit + 1
                cards.append(Card(int(rank) + 1, suit))
            expected = sum(item.points for item in fifteens(cards) + pairs(cards) + runs(cards))
            key = sum(RANK_WEIGHTS[rank] for rank in ranks)
            assert table[key] == expected, [str(c) for c in cards]


def test_rank_weights_give_distinct_keys() -> None:
    for size in (4, 5):
        keys = np.asarray(RANK_WEIGHTS)[rank_multisets(size)].sum(axis=1)
        assert len(set(keys.tolist())) == len(keys)


@given(distinct_cards(5), st.booleans())
def test_scalar_batch_and_explaining_scorers_agree_on_four_card_hands(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    expected = score_show(hand, starter, crib=crib).total
    codes = [card.code for card in hand]
    assert hand_score(codes, starter.code, crib) == expected
    assert score_hands(np.array([codes]), np.array([starter.code]), crib=crib)[0] == expected
    four = score_show(hand, starter, crib=crib, crib_four_flush=True).total
    assert hand_score(codes, starter.code, crib, crib_four_flush=True) == four
    assert score_hands(np.array([codes]), np.array([starter.code]), crib=crib, crib_four_flush=True)[0] == four


@given(distinct_cards(4))
def test_scalar_batch_and_explaining_scorers_agree_on_three_card_hands(cards: list[Card]) -> None:
    *hand, starter = cards
    expected = score_show(hand, starter).total
    codes = [card.code for card in hand]
    assert hand_score(codes, starter.code) == expected
    assert score_hands(np.array([codes]), np.array([starter.code]))[0] == expected


def test_scalar_and_batch_agree_on_every_hand_with_one_starter() -> None:
    for starter in (Card.parse("5S"), Card.parse("JD")):
        others = [code for code in range(52) if code != starter.code]
        hands = np.array(list(combinations(others, 4)), dtype=np.uint8)
        batch = score_hands(hands, np.full(len(hands), starter.code), crib=False)
        crib = score_hands(hands, np.full(len(hands), starter.code), crib=True)
        scalar = [hand_score(row, starter.code) for row in hands.tolist()]
        scalar_crib = [hand_score(row, starter.code, True) for row in hands.tolist()]
        assert batch.tolist() == scalar
        assert crib.tolist() == scalar_crib


def test_every_flush_and_nobs_pattern_matches() -> None:
    """All 4^5 suit patterns of one rank pattern with a jack, hand and crib."""
    ranks = [11, 2, 6, 9, 4]
    for pattern in range(4**5):
        suits = [(pattern >> (2 * i)) & 3 for i in range(5)]
        cards = [Card(rank, suit) for rank, suit in zip(ranks, suits)]
        *hand, starter = cards
        codes = [card.code for card in hand]
        for crib in (False, True):
            assert hand_score(codes, starter.code, crib) == score_show(hand, starter, crib=crib).total
