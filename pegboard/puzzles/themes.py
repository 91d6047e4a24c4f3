"""A puzzle's theme, derived by rules from the position and the answer (docs/train.md lists them).

>>> from pegboard.puzzles.positions import analyse_position
>>> game, seat, found = analyse_position("dealer them hand 5H 9C 6D 7S JH KD")
>>> theme_of(game, seat, found, found.best.action)
"don't throw a five to the opponent's crib"
"""

from __future__ import annotations

from typing import cast

from pegboard.analysis.evaluate import Assessment
from pegboard.engine import Action, GameState
from pegboard.engine.views import CribbageView

__all__ = ["theme_of", "THEMES", "points_now"]

THEMES = {
    "discard": ("near the end: throw to win", "don't throw a five to the opponent's crib",
                "salt your own crib", "keep the run together", "keep the fifteens", "keep the best hand"),
    "play": ("peg out first", "near the end: play to win", "lead from a pair", "lead low", "take the points",
             "play for the go", "don't open a pair or fifteen"),
    "count": ("count the hand", "count the crib", "muggins: claim what they missed", "muggins: nothing missed"),
    "cell": ("Snailspace: take the points", "Snailspace: deny the next cell"),
    "place": ("solitaire: use a discard space", "solitaire: build the lines"),
}
"""Every theme by kind, in the order the rules try them."""


def points_now(game: GameState, action: Action) -> tuple[int, ...]:
    """Every side's points scored by ``action`` alone (on a copy of ``game``).

    >>> from pegboard.engine import new_game
    >>> game = new_game("cribbage", ["Ann", "Bob"], seed=3)
    >>> points_now(game, game.legal_actions(0)[0])
    (0, 0)
    """
    after = game.clone()
    before = after.score_list
    after.apply(action)
    return tuple(b - a for a, b in zip(before, after.score_list))


def _run(ranks: list[int]) -> bool:
    distinct = sorted(set(ranks))
    return any(distinct[i + 2] - distinct[i] == 2 for i in range(len(distinct) - 2))


def _fifteens(values: list[int]) -> bool:
    from itertools import combinations

    return any(sum(combo) == 15 for size in (2, 3, 4) for combo in combinations(values, size))


def theme_of(game: GameState, seat: int, found: Assessment, answer: Action) -> str:
    """The theme of the decision ``found`` of ``seat`` in ``game``, whose best choice is ``answer``."""
    view = game.view(seat)
    kind = found.kind
    if not game.rules.crib:
        if game.rules.cells_in_order:
            mine = points_now(game, answer)[game.side_of(seat)]
            return THEMES["cell"][0] if mine > 0 else THEMES["cell"][1]
        return THEMES["place"][0] if answer.verb == "discard" else THEMES["place"][1]
    if kind == "count":
        if answer.verb == "count":
            counting = getattr(view, "counting", None)
            return THEMES["count"][1] if counting and counting[1] == "crib" else THEMES["count"][0]
        return THEMES["count"][3] if answer.verb == "pass" else THEMES["count"][2]
    if kind == "discard":
        return _discard_theme(cast(CribbageView, view), found, answer)  # a discard: a game with a crib
    return _play_theme(game, cast(CribbageView, view), seat, found, answer)


def _discard_theme(view: CribbageView, found: Assessment, answer: Action) -> str:
    names = THEMES["discard"]
    if found.by_win:
        return names[0]
    seat = view.seat if view.seat is not None else view.dealer  # a player's view: its seat is set
    own = view.side_of_seat[view.dealer] == view.side_of_seat[seat]
    thrown = list(answer.cards)
    kept = [card for card in view.hand if card not in thrown]
    fives_elsewhere = any(any(card.rank == 5 for card in option.action.cards) for option in found.options)
    if not own and fives_elsewhere and not any(card.rank == 5 for card in thrown):
        return names[1]
    if own and (any(card.rank == 5 for card in thrown) or
                len(thrown) == 2 and (thrown[0].rank == thrown[1].rank or
                                      sum(min(card.rank, 10) for card in thrown) == 15)):
        return names[2]
    if _run([card.rank for card in kept]):
        return names[3]
    if _fifteens([min(card.rank, 10) for card in kept]):
        return names[4]
    return names[5]


def _play_theme(game: GameState, view: CribbageView, seat: int, found: Assessment, answer: Action) -> str:
    names = THEMES["play"]
    side = game.side_of(seat)
    scored = points_now(game, answer) if answer.verb == "play" else (0,) * game.rules.sides
    target = view.target or 0
    if target and scored[side] and view.scores[side] + scored[side] >= target:
        return names[0]
    if found.by_win:
        return names[1]
    if answer.verb != "play" or not answer.cards:
        return names[5]
    card = answer.cards[0]
    if not view.series:
        if sum(1 for held in view.hand if held.rank == card.rank) >= 2:
            return names[2]
        if min(card.rank, 10) < 5:
            return names[3]
    if scored[side] > 0:
        return names[4]
    count = view.count + min(card.rank, 10)
    if count >= 25 or view.said_go:
        return names[5]
    return names[6]
