"""Presentation shared by the interfaces: every event in words, hints for every kind of decision."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pegboard.engine import new_game
from pegboard.present import describe_event, hint
from pegboard.records import load_record, replay

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.record.json")), ids=lambda p: p.name.split(".")[0])
def test_every_event_of_every_golden_game_reads_as_a_sentence(path: Path) -> None:
    game = replay(load_record(path))
    for seat in (None, *range(game.rules.players)):
        for event in game.events_for(seat):
            text = describe_event(event, game.players)
            assert text and text[0].isupper() and text.endswith((".", "!")), (event, text)
            assert "None" not in text


def test_hidden_cards_never_appear_in_the_words() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], seed=2)
    hidden = {card.symbol for card in game.hidden_cards(0)}
    for event in game.events_for(0):
        text = describe_event(event, game.players)
        assert not any(symbol in text.split() for symbol in hidden), text


@pytest.mark.slow
@pytest.mark.parametrize("name", ["cribbage", "cribbage-3", "five-card", "snailspace", "solitaire"])
def test_hints_are_legal_and_give_a_reason_at_every_kind_of_decision(name: str) -> None:
    game = new_game(name, seed=5, **({"muggins": True} if name == "cribbage" else {}))
    rng = random.Random(5)
    verbs = set()
    while not game.finished and len(verbs) < 5:
        seat = game.to_act()[0]
        advice = hint(game, seat)
        assert advice.action in game.legal_actions(seat) and advice.reason
        verbs.add(advice.action.verb)
        game.apply(advice.action if rng.random() < 0.5 else rng.choice(game.legal_actions(seat)))
    if name == "cribbage":
        assert {"discard", "play"} <= verbs


def test_discard_hint_ranks_options() -> None:
    game = new_game("cribbage", ["Ann", "Bob"], seed=8, first_dealer=1)
    advice = hint(game, 0)
    assert advice.action.verb == "discard" and len(advice.ranking) == 5
    assert "crib" in advice.reason and "keep" in advice.reason
