"""Per-player views: everything one seat may see, and nothing it may not.

Views are frozen values built by the engine from the state; no hidden card is ever put in one,
so serialising a view (``to_json``) is safe to send to that player.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any, NamedTuple

from pegboard.cards import Card
from pegboard.engine.actions import Action
from pegboard.engine.eventlog import EventLog
from pegboard.engine.events import Event

__all__ = ["CribbageView", "view_to_json"]


def _json_value(value: Any, players: tuple[str, ...]) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Action):  # before tuples: actions and events are named tuples
        return {"seat": value.seat, "text": value.text()}
    if isinstance(value, Event):
        return value.to_json(players)
    if isinstance(value, (tuple, list, EventLog)):
        return [_json_value(item, players) for item in value]
    if isinstance(value, dict):
        return {str(key): _json_value(item, players) for key, item in value.items()}
    return value


def view_to_json(view: Any) -> dict[str, Any]:
    """A view as JSON-ready data: cards as text, actions as {seat, text}, events as dicts."""
    players: tuple[str, ...] = view.players
    names = [field.name for field in fields(view)] if is_dataclass(view) else list(view._fields)
    return {name: _json_value(getattr(view, name), players) for name in names}


class CribbageView(NamedTuple):
    """What one seat of a cribbage game (any preset of the family) may see.

    ``seat`` is None for a spectator, who sees only what is public. A frozen value (a named tuple:
    made in a microsecond, as bots ask for one per decision).
    """

    game: str
    players: tuple[str, ...]
    seat: int | None
    sides: tuple[str, ...]
    side_of_seat: tuple[int, ...]
    scores: tuple[int, ...]
    previous_scores: tuple[int, ...]
    target: int
    deal: int
    dealer: int
    phase: str
    to_act: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    hand: tuple[Card, ...]
    kept: tuple[Card, ...]
    discarded: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    has_discarded: tuple[bool, ...]
    crib_size: int
    crib: tuple[Card, ...]
    starter: Card | None
    count: int  # type: ignore[assignment]  # the running count; shadows tuple.count
    series: tuple[tuple[int, Card], ...]
    played: tuple[tuple[int, Card], ...]
    said_go: tuple[int, ...]
    shown: tuple[tuple[int, str, tuple[Card, ...]], ...]
    counting: tuple[int, str] | None
    claim: tuple[int, int] | None
    muggins: bool
    finished: bool
    winner: str | None
    events: EventLog

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act

    def to_json(self) -> dict[str, Any]:
        return view_to_json(self)
