"""The ceiling benchmark's oracle: the expert searching the opponent's real hand, built by the harness
(its numbers live in the README, not here)."""

from __future__ import annotations

from typing import cast

from benchmarks import ceiling
from pegboard.engine import new_game
from pegboard.engine.views import CribbageView
from pegboard.sim import MatchConfig


def test_the_oracle_searches_the_one_real_hand() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], seed=5, first_dealer=0)
    oracle = ceiling.OracleExpert(game.rules, 1, seed=1)
    oracle.truth = lambda other: cast(CribbageView, game.view(other)).hand
    while game.legal_actions(game.to_act()[0])[0].verb != "play":  # both discard, the starter is turned
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    positions, samples = oracle._sample_positions(cast(CribbageView, game.view(1)))
    assert len(positions) == 1  # one position: the opponent's (seat 0's) hand as it is
    assert sorted(samples[0][0]) == sorted(card.code for card in cast(CribbageView, game.view(0)).hand)


def test_a_game_of_each_match_is_played_on_the_same_deals() -> None:
    config = MatchConfig("cribbage", ("expert", "greedy"), games=2, seed=3, duplicate=True)
    plain, seen = ceiling._play((config, 0, False)), ceiling._play((config, 0, True))
    assert plain.deals[0][0]["role"] == seen.deals[0][0]["role"]
    assert plain.winner is not None and seen.winner is not None
