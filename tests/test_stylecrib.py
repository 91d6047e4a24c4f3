"""The crib against a known style of discarding (pegboard.bots.stylecrib) and the expert's use of it."""

from __future__ import annotations

import numpy as np
import pytest

from pegboard.bots.discard import CribTables, throw_key
from pegboard.bots.expert import ExpertBot, ExpertSettings
from pegboard.bots.stylecrib import StyleCribs
from pegboard.cards import parse_cards
from pegboard.engine import new_game
from pegboard.rules import Rules
from pegboard.tables.stylecrib import style_shifts


def key(text: str) -> int:
    return throw_key([card.code for card in parse_cards(text)])


def test_book_pone_fills_the_dealers_crib_with_balking_cards() -> None:
    shifts = StyleCribs.load().shifts["book"]
    # I deal: the book pone throws wide cards, kings and aces and never a five, so my fives find fewer
    # tens to make fifteens with, and my low cards more aces
    assert shifts[0, key("5H 5C")] < -0.3
    assert shifts[0, key("AH 2C")] > 0.2
    assert shifts[0, key("5H 5C")] < shifts[0, key("AH 2C")]


def test_program_discards_much_as_the_tables_assume() -> None:
    shifts = StyleCribs.load().shifts
    assert np.abs(shifts["program"]).std() < np.abs(shifts["book"]).std()


@pytest.mark.slow
def test_the_shipped_shifts_are_what_the_builder_makes() -> None:
    shipped = StyleCribs.load().shifts["book"]
    built = style_shifts("book", 3000, 2026, Rules.preset("cribbage"))
    assert np.corrcoef(shipped.ravel(), built.ravel())[0, 1] > 0.95  # fewer hands: the same shape


def test_expert_moves_the_crib_by_the_chance_the_opponent_throws_by_the_book() -> None:
    game = new_game("cribbage", seed=5)
    view = game.view(0)
    expert = ExpertBot(game.rules, 0, seed=1)
    generic = expert.tables.values(game.rules)
    expert._styles = lambda view, opponent: (1.0, 0.0)  # type: ignore[method-assign]
    moved = expert._crib_tables(view).values(game.rules)
    assert np.allclose(moved - generic, StyleCribs.load().shifts["book"])
    expert._styles = lambda view, opponent: (0.01, 0.0)  # type: ignore[method-assign]
    assert expert._crib_tables(view) is expert.tables  # a share below MIN_SHARE: left out
    plain = ExpertBot(game.rules, 0, seed=1, settings=ExpertSettings(style_cribs=False))
    plain._styles = lambda view, opponent: (1.0, 0.0)  # type: ignore[method-assign]
    assert plain._crib_tables(view) is plain.tables


def test_shifted_tables_leave_the_others_alone() -> None:
    tables = CribTables.load()
    cribbage, three = Rules.preset("cribbage"), Rules.preset("cribbage-3")
    moved = tables.shifted(cribbage, np.full((2, 338), 0.5))
    assert np.allclose(moved.values(cribbage) - tables.values(cribbage), 0.5)
    assert moved.values(three) is tables.values(three)
    assert np.allclose(tables.values(cribbage), CribTables.load().values(cribbage))  # the original unchanged
