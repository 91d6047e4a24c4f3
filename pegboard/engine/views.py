"""Per-player views: everything one seat may see, and nothing it may not.

Views are frozen values built by the engine from the state; no hidden card is ever put in one, nor
anywhere in what it refers to (its events come from the seat's censored copy of the journal, never the
journal: tests/test_view_graph.py walks every view's object graph), so serialising a view
(``to_json``) is safe to send to that player, and a bot reading its private attributes learns nothing
more. Verbs, event types and phases are ``Literal`` types (:data:`~pegboard.engine.actions.Verb`,
:data:`~pegboard.engine.events.EventType`, :data:`~pegboard.engine.events.Phase`). Every game's view has the fields
of :class:`SeatView`, which is what ``GameState.view`` returns and what bots receive; a bot or an
interface that needs a game's own fields (the hand, the count, the grid) narrows it to that game's
view: :class:`CribbageView` here, ``SnailspaceView`` and ``SolitaireView`` beside their engines.

>>> from pegboard.engine import new_game
>>> view: SeatView = new_game("cribbage", ["Ann", "Bob"], seed=1).view(0)
>>> view.seat, view.phase, len(view.legal_actions), cribbage_view(view).crib_size
(0, 'discard', 15, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from typing import Any, NamedTuple, Protocol

from pegboard.cards import Card, full_deck
from pegboard.engine.actions import Action
from pegboard.engine.eventlog import EventLog
from pegboard.engine.events import Event, Phase

__all__ = ["SeatView", "CribbageView", "cribbage_view", "view_to_json", "json_value"]


class SeatView(Protocol):
    """The fields every game's view has (read-only): what any seat of any game sees."""

    @property
    def game(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def previous_scores(self) -> tuple[int, ...]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def events(self) -> Sequence[Event]: ...
    @property
    def my_turn(self) -> bool: ...
    def to_json(self) -> dict[str, Any]: ...


_SCALARS = frozenset({int, str, bool, float, type(None)})
_CARD_TEXT = {card: str(card) for card in full_deck()}


def json_value(value: Any, players: tuple[str, ...] = (), actions_as_text: bool = False) -> Any:
    """A view's value as JSON-ready data: cards as text, actions as ``{seat, text}`` (or their text alone),
    events as dicts naming ``players``, tuples and logs as lists. Written once for the views' ``to_json``
    and the web frames (a hot path: exact types are tested first).

    >>> from pegboard.cards import parse_cards
    >>> json_value((parse_cards("5H")[0], Action(1, "go"))), json_value(Action(1, "go"), actions_as_text=True)
    (['5H', {'seat': 1, 'text': 'go'}], 'go')
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is Card:
        return _CARD_TEXT[value]
    if kind is tuple or kind is list:
        return [json_value(item, players, actions_as_text) for item in value]
    if kind is Action:
        return value.text() if actions_as_text else {"seat": value.seat, "text": value.text()}
    if kind is Event:
        return value.to_json(players)
    if isinstance(value, dict):
        return {str(key): json_value(item, players, actions_as_text) for key, item in value.items()}
    if isinstance(value, (tuple, list, EventLog)):
        return [json_value(item, players, actions_as_text) for item in value]
    return value


def view_to_json(view: SeatView, *, leave_out: tuple[str, ...] = (), actions_as_text: bool = False) -> dict[str, Any]:
    """A view as JSON-ready data (:func:`json_value` of each field but those left out)."""
    players: tuple[str, ...] = view.players
    names: tuple[str, ...] = tuple(field.name for field in fields(view)) if is_dataclass(view) else \
        type(view)._fields  # type: ignore[attr-defined]  # the named tuples' fields
    return {name: json_value(getattr(view, name), players, actions_as_text) for name in names if name not in leave_out}


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
    phase: Phase
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


def cribbage_view(view: SeatView) -> CribbageView:
    """``view`` as a cribbage view (a :class:`TypeError` if it is another game's)."""
    if not isinstance(view, CribbageView):
        raise TypeError(f"a view of {view.game}, not of a cribbage game")
    return view
