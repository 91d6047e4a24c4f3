"""Every message the server sends about a game, built from one seat's view and nothing else.

:func:`state_frame` takes a :class:`~pegboard.engine.base.GameState` only to ask it for
``view(seat)`` (None: a spectator), whose fields and censored event log are all it reads; the
explanations it adds (events in words, counts spoken aloud) are computed from cards in that view.
So a frame can hold no card the seat may not see: the engine guarantees that of its views.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from pegboard.cards import Card
from pegboard.counts import line_counts, show_score
from pegboard.engine.actions import Action
from pegboard.engine.base import GameState
from pegboard.engine.events import Event
from pegboard.engine.views import CribbageView, SeatView, json_value, view_to_json
from pegboard.present import Hint, describe_event
from pegboard.rules import Rules
from pegboard.scoring.items import ScoreItem
from pegboard.scoring.spoken import spoken_count, spoken_play

__all__ = ["state_frame", "hint_frame", "error_frame", "plain", "legal_texts", "log_start"]

HIDDEN_COUNT_VERBS = ("count", "muggins")
"""Verbs whose legal points are not sent: the range would give away the true count (muggins)."""


def plain(value: Any) -> Any:
    """A view field as JSON-ready data: cards and actions as text, tuples as lists (a hot path;
    :func:`pegboard.engine.views.json_value`, which the views' ``to_json`` uses too)."""
    return json_value(value, (), True)


def legal_texts(actions: Sequence[Action]) -> list[str]:
    """Legal actions as text; a count or muggins claim is offered as its verb alone (you say the points)."""
    texts: list[str] = []
    for action in actions:
        text = action.verb if action.verb in HIDDEN_COUNT_VERBS else action.text()
        if text not in texts:
            texts.append(text)
    return texts


def _view_fields(view: SeatView) -> dict[str, Any]:
    return view_to_json(view, leave_out=("events", "legal_actions"), actions_as_text=True)


def log_start(events: Sequence[Event], deal: int) -> int:
    """Index of the first event of the deal before ``deal`` (where a newcomer's log begins)."""
    index = len(events)
    while index > 0 and events[index - 1].deal >= deal - 1:
        index -= 1
    return index


def _starter_before(events: Sequence[Event], index: int, deal: int) -> Card | None:
    while index >= 0:
        event = events[index]
        if event.deal != deal:
            return None
        if event.type == "starter" and event.cards:
            return event.cards[0]
        index -= 1
    return None


def _explain(cards: tuple[Card, ...], starter: Card | None, crib: bool, rules: Rules) -> dict[str, Any]:
    """A show's total and its count aloud (:func:`pegboard.counts.show_score`, as the terminal app counts it)."""
    if starter is None or not cards:
        return {}
    score = show_score(cards, starter, crib, rules)
    return {"total": score.total, "say": spoken_count(score.items)}


def _entry(events: Sequence[Event], index: int, game: GameState) -> dict[str, Any]:
    event = events[index]
    entry: dict[str, Any] = {"i": index, **event.to_json(), "text": describe_event(event, game.players)}
    if event.type == "play" and event.count is not None:
        items = []
        for later in range(index + 1, len(events)):
            follow = events[later]
            if follow.type != "score" or follow.phase != "play":
                break
            items.append(ScoreItem(follow.kind, follow.cards, follow.points))
        entry["say"] = spoken_play(event.count, items)
    elif event.type == "show" and not game.rules.muggins:
        starter = _starter_before(events, index, event.deal)
        entry.update(_explain(event.cards, starter, event.kind == "crib", game.rules))
    return entry


def _cached_entry(events: Sequence[Event], index: int, game: GameState, cache: dict[Any, Any] | None) -> dict[str, Any]:
    """A log entry; public events read the same for every seat, so theirs are made once per table."""
    if cache is None or events[index].private_to is not None:
        return _entry(events, index, game)
    key = ("entry", index)
    if key not in cache:
        cache[key] = _entry(events, index, game)
    entry: dict[str, Any] = cache[key]
    return entry


def _shows(view: CribbageView, game: GameState) -> list[dict[str, Any]]:
    """The hands and crib shown so far this deal, each counted aloud (muggins: once settled)."""
    shows = []
    for number, (seat, what, cards) in enumerate(view.shown):
        show: dict[str, Any] = {"seat": seat, "what": what, "cards": [str(card) for card in cards]}
        unsettled = view.muggins and number == len(view.shown) - 1 and view.phase == "muggins"
        if not unsettled:
            show.update(_explain(cards, view.starter, what == "crib", game.rules))
        shows.append(show)
    return shows


def _lines(events: Sequence[Event], deal: int) -> list[dict[str, Any]]:
    """Grid games: the lines counted at the end of this deal, each counted aloud (:func:`pegboard.counts.line_counts`,
    as the terminal app counts them), by line."""
    return [{"where": where, "seat": seat, "total": score.total, "say": spoken_count(score.items)}
            for seat, where, score in sorted(line_counts(events, deal), key=lambda line: line[1])]


def _last_deal(events: Sequence[Event], deal: int, game: GameState) -> dict[str, Any] | None:
    """What was shown in the previous deal (hands, crib, starter; the grid in Snailspace)."""
    if deal < 1:
        return None
    index = len(events) - 1
    while index >= 0 and events[index].deal >= deal:
        index -= 1
    picked: list[Event] = []
    while index >= 0 and events[index].deal == deal - 1:
        picked.append(events[index])
        index -= 1
    picked.reverse()
    starter = next((event.cards[0] for event in picked if event.type == "starter" and event.cards), None)
    result: dict[str, Any] = {"deal": deal - 1, "starter": str(starter) if starter else None, "shows": []}
    for event in picked:
        if event.type == "show":
            show = {"seat": event.seat, "what": event.kind, "cards": [str(card) for card in event.cards]}
            show.update(_explain(event.cards, starter, event.kind == "crib", game.rules))
            result["shows"].append(show)
        elif event.type == "place" and event.cards:
            result.setdefault("cells", {})[event.where] = str(event.cards[0])
        elif event.type == "score":
            points = result.setdefault("points", [0] * len(game.side_names))
            if event.seat is not None:
                points[game.side_of(event.seat)] += event.points
    if starter is not None and game.rules.cells_in_order:  # Snailspace: the starter is the centre cell
        result.setdefault("cells", {})["(2,2)"] = str(starter)
    return result


def state_frame(game: GameState, seat: int | None, since: int, table: dict[str, Any],
                last: tuple[int, int], cache: dict[Any, Any] | None = None) -> tuple[dict[str, Any], int]:
    """The state message for ``seat``, with the log from event ``since`` on (-1: a newcomer's window).

    ``table`` is the public table data (id, seats, action number); ``last`` the range of events the
    latest action caused. Returns the frame and the log position the next frame starts from.
    """
    view = game.view(seat)
    events = view.events
    deal = getattr(view, "deal", 0)
    if since < 0:
        since = log_start(events, deal)
    frame: dict[str, Any] = {"type": "state", "seat": seat, "deal": deal, **table,
                             "view": _view_fields(view),
                             "legal": [] if table.get("finished") else legal_texts(view.legal_actions),
                             "log": [_cached_entry(events, index, game, cache) for index in range(since, len(events))],
                             "last": list(last)}
    if game.rules.crib:
        frame["shows"] = _shows(cast(CribbageView, view), game)  # a game with a crib is a cribbage game
    else:
        frame["lines"] = _lines(events, deal)
    key = ("last_deal", seat, deal)
    if cache is not None and key in cache:
        frame["last_deal"] = cache[key]
    else:
        frame["last_deal"] = _last_deal(events, deal, game)
        if cache is not None:
            cache[key] = frame["last_deal"]
    return frame, len(events)


def hint_frame(hint: Hint, deal: int, request: Any) -> dict[str, Any]:
    """A hint for the seat that asked (built by :func:`pegboard.present.hint` from its view)."""
    return {"type": "hint", "id": request, "deal": deal, "action": hint.action.text(), "reason": hint.reason,
            "ranking": list(hint.ranking)}


def error_frame(code: str, message: str, request: Any = None) -> dict[str, Any]:
    """An error: ``code`` for programs (``bad-token``, ``not-your-turn``, ``illegal``...), ``message`` for people."""
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if request is not None:
        frame["id"] = request
    return frame
