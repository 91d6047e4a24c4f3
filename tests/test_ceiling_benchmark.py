"""The ceiling benchmark's oracle: the expert searching the opponent's real hand, built by the harness
(its numbers live in docs/strength.md, not here)."""

from __future__ import annotations

from typing import cast

from benchmarks import ceiling
from pegboard.engine import new_game
from pegboard.engine.views import CribbageView
from pegboard.records import record_of
from pegboard.sim import MatchConfig
from pegboard.sim.match import finish_game


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


def test_the_oracle_takes_the_experts_seat_on_the_same_cards() -> None:
    config = MatchConfig("cribbage", ("expert", "greedy"), games=2, seed=3, duplicate=True)
    plain, plain_game = finish_game(config, 1, *ceiling.seat(config, 1, False))
    seen, seen_game = finish_game(config, 1, *ceiling.seat(config, 1, True))
    assert plain.entrant_of_seat == seen.entrant_of_seat == [1, 0]  # game 1: the expert (entrant 0) in seat 2
    first_deal = record_of(plain_game)["deals"][0]
    assert {key: first_deal[key] for key in ("hands", "starter")} == \
        {key: record_of(seen_game)["deals"][0][key] for key in ("hands", "starter")}
    assert plain.winner is not None and seen.winner is not None
    _, seating, bots = ceiling.seat(config, 1, True)
    _, _, experts = ceiling.seat(config, 1, False)
    assert isinstance(bots[seating.index(0)], ceiling.OracleExpert)
    assert bots[seating.index(0)].rng.getstate() == experts[seating.index(0)].rng.getstate()  # type: ignore[attr-defined]
