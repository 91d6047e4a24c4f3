"""The app's words as the books say them (issue 25, C): a pair royal and a double pair royal in the
latest moves, his heels, a muggins line that says who took how many points for what, and cards in
the usual notation when a record is replayed, and "1 card", not "1 cards"."""

from __future__ import annotations

import dataclasses

from pegboard.cards import parse_cards
from pegboard.engine import new_game
from pegboard.engine.events import make_event
from pegboard.engine.snailspace import snailspace_view
from pegboard.scoring.items import Score
from pegboard.tui.controller import card_symbols
from pegboard.tui.explain import ShowCount
from pegboard.tui.moments import latest_moves
from pegboard.tui.screens.modals import claim_words
from pegboard.tui.widgets.table import snailspace_table

PLAYERS = ["Ann", "Ada"]


def test_the_latest_moves_say_pair_royal_double_pair_royal_and_his_heels() -> None:
    events = [
        make_event("deal", 0, 0, phase="deal"),
        make_event("score", 0, 1, parse_cards("JH"), 2, "heels", "starter"),
        make_event("score", 0, 1, parse_cards("4H 4C 4D"), 6, "pair", "play"),
        make_event("score", 0, 0, parse_cards("4H 4C 4D 4S"), 12, "pair", "play"),
        make_event("score", 0, 1, parse_cards("9H 9C"), 2, "pair", "play"),
    ]
    said = [words for _, words in latest_moves(events, 0, PLAYERS, you=0, limit=10)]
    assert said == ["Ada pegs 2 for his heels", "Ada pegs 6 for a pair royal", "You peg 12 for a double pair royal",
                    "Ada pegs 2 for a pair"]


def test_a_muggins_line_says_who_took_how_many_points_for_what() -> None:
    count = ShowCount(0, "Ann's hand", (), None, Score(()), declared=6)
    assert claim_words(count, 1, "muggins", 1, PLAYERS) == "Ada takes 1 point Ann missed in Ann's hand"
    assert claim_words(count, 1, "over-claim", 3, PLAYERS) == "Ada takes 3 points Ann counted over in Ann's hand"


def test_a_replayed_move_shows_its_cards_as_players_write_them() -> None:
    assert card_symbols("Ann discard TS 5H") == "Ann discard 10♠ 5♥"


def test_one_card_is_one_card() -> None:
    view = snailspace_view(new_game("snailspace", PLAYERS, seed=1).view(0))
    for size, words in ((1, "1 card in hand"), (2, "2 cards in hand")):
        text = snailspace_table(dataclasses.replace(view, hand_sizes=(13, size)), PLAYERS).plain
        assert words in text and "1 cards" not in text
