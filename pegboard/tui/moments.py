"""Moments of the play that the table shows (UI-free): the table as the play's last card left it
(held a moment before the show covers it), and the latest moves in words.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=3, first_dealer=1)
>>> while game.phase != "play":
...     _ = game.apply(game.legal_actions()[0])
>>> start = len(game.events)
>>> _ = game.apply(game.legal_actions()[0])
>>> [words for _, words in latest_moves(game.events, start, game.players, you=1)]
['Ann plays 10♦ (10)']
"""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.engine.events import Event
from pegboard.engine.views import CribbageView

__all__ = ["end_of_play", "latest_moves", "ends_the_play"]

_POINTS = {"fifteen": "fifteen", "thirty-one": "thirty-one", "pair": "a pair", "run": "a run", "go": "the go",
           "last": "last card", "flush": "a flush", "heels": "his heels"}  # fmt: skip
_SETS = {3: "a pair royal", 4: "a double pair royal"}


def ends_the_play(before: CribbageView, after: CribbageView) -> bool:
    """Whether the move between two views of one seat ended the play (or the game, mid-play)."""
    return before.phase == "play" and (after.phase != "play" or after.deal != before.deal)


def end_of_play(before: CribbageView, events: Sequence[Event], side_of_seat: Sequence[int]) -> CribbageView:
    """``before``, a view just before the play's last card, with that card and its points put on the
    table: what the table looked like for a moment, before the show (the engine moves on at once)."""
    series, played = list(before.series), list(before.played)
    sizes, hand = list(before.hand_sizes), list(before.hand)
    scores, previous = list(before.scores), list(before.previous_scores)
    count = before.count
    moved: set[int] = set()
    for event in events:
        if event.type == "play" and event.seat is not None and event.cards:
            card = event.cards[0]
            series.append((event.seat, card))
            played.append((event.seat, card))
            sizes[event.seat] = max(0, sizes[event.seat] - 1)
            if event.seat == before.seat and card in hand:
                hand.remove(card)
            count = event.count if event.count is not None else count
        elif event.type == "score" and event.phase == "play" and event.seat is not None:
            side = side_of_seat[event.seat]
            if side not in moved:
                previous[side] = scores[side]
                moved.add(side)
            scores[side] += event.points
        elif event.type in ("reset", "show", "claim", "deal", "end"):
            break
    return before._replace(series=tuple(series), played=tuple(played), hand_sizes=tuple(sizes), hand=tuple(hand),
                           count=count, scores=tuple(scores), previous_scores=tuple(previous), to_act=(),
                           legal_actions=())


def latest_moves(events: Sequence[Event], since: int, players: Sequence[str], you: int | None,
                 limit: int = 4, until: int | None = None) -> list[tuple[int | None, str]]:
    """The moves of the play from event ``since`` (to ``until``) in words, each with its seat: cards
    played, go's and the points pegged (``Ada pegs 6 for a pair royal``, ``Ada pegs 2 for his heels``); the
    last ``limit`` of them."""
    moves: list[tuple[int | None, str]] = []
    for index in range(max(0, since), len(events) if until is None else min(until, len(events))):
        event = events[index]
        seat = event.seat
        if event.type == "deal":
            moves.clear()
            continue
        if seat is None or event.phase not in ("play", "starter"):
            continue
        mine = seat == you
        who = "You" if mine else players[seat]
        if event.type == "play" and event.cards:
            moves.append((seat, f"{who} {'play' if mine else 'plays'} {event.cards[0].symbol} ({event.count})"))
        elif event.type == "go":
            moves.append((seat, f"{who}: go"))
        elif event.type == "score":
            what = _SETS.get(len(event.cards), "a pair") if event.kind == "pair" else \
                _POINTS.get(event.kind, event.kind.replace("-", " "))
            moves.append((seat, f"{who} {'peg' if mine else 'pegs'} {event.points} for {what}"))
    return moves[-limit:]
