"""Bots for the grid games: the code-level placement scorer, and both bots on both games."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pegboard.bots import make_bot
from pegboard.bots.gridsearch import _line_end_points, placement_points
from pegboard.engine import new_game
from pegboard.scoring.lines import score_line_at_end, score_placement

from .engine_helpers import play_with_bots
from .strategies import distinct_cards


@given(distinct_cards(5), st.lists(st.booleans(), min_size=5, max_size=5), st.integers(0, 4), st.booleans())
def test_placement_points_equals_ruling_23_scorer(cards, present, index, fifteens) -> None:  # type: ignore[no-untyped-def]
    line = [card if keep or i == index else None for i, (card, keep) in enumerate(zip(cards, present))]
    expected = score_placement(line, index, with_fifteens=fifteens).total
    assert placement_points([c.code if c else None for c in line], index, fifteens) == expected


@given(distinct_cards(5))
def test_line_end_points_equals_ruling_25_scorer(cards) -> None:  # type: ignore[no-untyped-def]
    assert _line_end_points([card.code for card in cards]) == score_line_at_end(cards).total


@pytest.mark.parametrize("game_name, options", [("snailspace", {}), ("snailspace", {"count_at_end": True}),
                                                ("solitaire", {}), ("solitaire", {"discards": 0})])
@pytest.mark.parametrize("bot_name", ["greedy", "expert"])
def test_grid_bots_play_whole_games_reproducibly(game_name: str, options: dict[str, object], bot_name: str) -> None:
    runs = []
    for _ in range(2):
        game = new_game(game_name, seed=4, **options)
        bots = [make_bot(bot_name, game.rules, seat, seed=9) for seat in range(game.rules.players)]
        runs.append(play_with_bots(game, bots))
    assert runs[0] == runs[1]


def _solitaire_mean(bot_name: str, deals: int) -> float:
    total = 0
    for seed in range(deals):
        game = new_game("solitaire", seed=1000 + seed)
        bot = make_bot(bot_name, game.rules, 0, seed=seed)
        while not game.finished:
            game.apply(bot.choose(game.view(0)))
        total += game.score_list[0]
    return total / deals


@pytest.mark.slow
def test_solitaire_expert_outscores_greedy_on_fixed_deals() -> None:
    assert _solitaire_mean("expert", 12) > _solitaire_mean("greedy", 12) + 5


@pytest.mark.slow
def test_snailspace_expert_beats_greedy_on_fixed_deals() -> None:
    wins = 0
    for seed in range(6):
        game = new_game("snailspace", seed=seed, first_dealer=seed % 2)
        bots = [make_bot("expert" if seat == seed % 2 else "greedy", game.rules, seat, seed) for seat in range(2)]
        while not game.finished:
            for seat in game.to_act():
                game.apply(bots[seat].choose(game.view(seat)))
        wins += game.winner == game.players[seed % 2]
    assert wins >= 4
