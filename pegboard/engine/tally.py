"""Where each seat's points came from, deal by deal: the tally the simulator's statistics, a player's
own statistics and duplicate play all read (cribbage games only: the grid games score lines).

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=3, first_dealer=0, deals=1, target=999)
>>> while not game.finished:
...     seat = game.to_act()[0]
...     _ = game.apply(game.legal_actions(seat)[0])
>>> [deal] = deal_sources(game)
>>> [seat["role"] for seat in deal], sum(sum(seat[s] for s in SOURCES) for seat in deal) == sum(game.score_list)
([0, 1], True)
"""

from __future__ import annotations

from typing import Any

from pegboard.engine.base import GameState

__all__ = ["SOURCES", "deal_sources"]

SOURCES = ("pegging", "hand", "crib", "heels", "bonus")
"""Where a seat's points in a deal come from: the play, its hand, its crib, his heels (a jack turned),
and a bonus before the first deal (five-card's three for last). Muggins claims count with the hand or
crib they were claimed on."""


def deal_sources(game: GameState) -> list[list[dict[str, Any]]]:
    """Per complete deal (its crib counted), per seat: its ``role`` (0 the dealer, 1 the pone, on round
    the table) and its points by source (:data:`SOURCES`). Empty for a game without a crib."""
    if not game.rules.crib:
        return []
    seats = game.rules.players
    deals: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] | None = None
    dealer = 0
    showing = "hand"
    complete = False
    for event in game.unit_events():  # each scoring unit's total: nothing is itemised
        if event.type == "deal":
            if current is not None and complete:
                deals.append(current)
            dealer = event.seat or 0
            current = [{"role": (seat - dealer) % seats, **dict.fromkeys(SOURCES, 0)} for seat in range(seats)]
            complete = False
        elif event.type == "show":
            showing = event.kind
            complete = event.kind == "crib"
        elif event.type == "score" and current is not None and event.seat is not None:
            source = {"play": "pegging", "starter": "heels", "deal": "bonus"}.get(event.phase, showing)
            current[event.seat][source] += event.points
    if current is not None and complete:
        deals.append(current)
    return deals
