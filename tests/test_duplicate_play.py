"""Duplicate play against the computer (issue 21, part 5): a set of deals played from one seat, then the
same deals from the other, the result the point difference; and the engine's games of a set number of
deals it is made of."""

from __future__ import annotations

import pytest

from pegboard.engine import GameState, new_game
from pegboard.engine.tally import SOURCES, deal_sources
from pegboard.records import parse_record, record_of, replay


def play_out(game: GameState) -> GameState:
    while not game.finished:
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[-1])
    return game


@pytest.mark.parametrize("game_name", ["cribbage", "five-card", "cribbage-3"])
def test_a_cribbage_game_of_a_set_number_of_deals_ends_after_the_last(game_name: str) -> None:
    game = play_out(new_game(game_name, seed=5, deals=3, target=999))
    assert game.finished and game.deal_number == 2 and len(deal_sources(game)) == 3
    best = max(game.score_list)
    leaders = [name for name, score in game.scores().items() if score == best]
    assert game.winner == (leaders[0] if len(leaders) == 1 else None)
    assert game.losers_marks() == {}  # nobody reached the target: no skunks
    record = record_of(game)
    assert record["options"] == {"target": 999, "deals": 3}
    again = replay(parse_record(record))
    assert again.finished and again.scores() == game.scores()


def test_the_target_still_ends_a_game_of_a_set_number_of_deals_first() -> None:
    game = play_out(new_game("cribbage", seed=2, deals=100, target=31))
    assert game.finished and game.deal_number < 99 and max(game.score_list) >= 31


def test_the_tally_adds_up_to_the_scores() -> None:
    game = play_out(new_game("cribbage", seed=9, deals=4, target=999))
    tally = deal_sources(game)
    for seat in (0, 1):
        assert sum(deal[seat][source] for deal in tally for source in SOURCES) == game.score_list[seat]
    assert [deal[game.first_dealer]["role"] for deal in tally] == [0, 1, 0, 1]  # type: ignore[attr-defined]
