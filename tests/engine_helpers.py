"""Helpers for engine tests: random play, explicit deals, relabelling hidden cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pegboard.cards import Card, parse_cards
from pegboard.engine import Deal, GameState


def deal(*hands: str, starter: str, crib: str = "") -> Deal:
    """An explicit deal from card text."""
    return Deal(hands=tuple(parse_cards(hand) for hand in hands), crib=parse_cards(crib),
                starter=Card.parse(starter))


def play_with_bots(game: GameState, bots: Sequence[Any]) -> list[str]:
    """Play ``game`` to the end, each seat's bot choosing from its view; returns the moves as text."""
    moves = []
    while not game.finished:
        for seat in game.to_act():
            action = bots[seat].choose(game.view(seat))
            game.apply(action)
            moves.append(str(action))
    return moves


def play_randomly(game: GameState, rng: random.Random, max_actions: int = 5000) -> int:
    """Play random legal actions to the end; returns how many were applied."""
    for applied in range(max_actions):
        if game.finished:
            return applied
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"game did not end within {max_actions} actions")


def view_json(game: GameState, seat: int | None) -> dict[str, Any]:
    result: dict[str, Any] = game.view(seat).to_json()
    return result
