"""A view handed to a bot holds no card its seat may not see, anywhere in its object graph (issue 41).

Not the view's JSON (tests/test_invariants.py checks that): every object a view reaches - attributes,
``__dict__`` and ``__slots__``, a compiled class's attributes, tuples, lists, dicts, sets, dataclass
fields, named tuples' items, closures, and whatever else the garbage collector says an object refers
to - is walked at every step of seeded games of every kind, for every seat and a spectator. A user's bot
reading private attributes (``view.events._journal`` once held the raw log) must find nothing hidden.

Cards are values, and earlier deals and the cut for first deal were other shuffles: an object stamped
with an earlier deal (an event, a deferred score) is about that deal, so its cards are not compared
with this deal's hidden cards; every event in the graph, of any deal, must be as censored for the
seat as the seat's own event log shows it.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

from pegboard.cards import Card
from pegboard.engine import GameState, new_game
from pegboard.engine.events import Event

KINDS: dict[str, tuple[str, dict[str, Any]]] = {
    "cribbage": ("cribbage", {}),
    "cribbage-muggins": ("cribbage", {"muggins": True}),
    "cribbage-3": ("cribbage-3", {}),
    "cribbage-4": ("cribbage-4", {}),
    "cribbage-4-solo": ("cribbage-4-solo", {}),
    "five-card": ("five-card", {}),
    "snailspace": ("snailspace", {}),
    "snailspace-count-at-end": ("snailspace", {"count_at_end": True, "deals": 4}),
    "solitaire": ("solitaire", {}),
    "solitaire-discards": ("solitaire", {"discard_spaces": 1}),
}
"""Every game kind (and the options that change what is shown when)."""

_LEAVES = (str, bytes, int, float, complex, bool, type(None), range, types.BuiltinFunctionType)


def _module_namespaces() -> set[int]:
    return {id(vars(module)) for module in list(sys.modules.values()) if module is not None}


def _children(value: object) -> Iterator[tuple[str, object]]:
    """Everything ``value`` refers to, named for the message: by every route a reader could take."""
    if isinstance(value, types.FunctionType):  # its closure and defaults, not its module's globals
        for index, cell in enumerate(value.__closure__ or ()):
            yield f"<closure {index}>", cell.cell_contents
        yield "<defaults>", value.__defaults__
        yield "<kwdefaults>", value.__kwdefaults__
        return
    if isinstance(value, types.MethodType):
        yield "__self__", value.__self__
        yield "__func__", value.__func__
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"[{key!r}]", item
            yield "<key>", key
        return
    if isinstance(value, (tuple, list, set, frozenset)):
        names = getattr(type(value), "_fields", None)  # a named tuple: its items by name
        for index, item in enumerate(value):
            yield f".{names[index]}" if names and index < len(names) else f"[{index}]", item
        return
    if dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield f".{field.name}", getattr(value, field.name, None)
    slots = [name for klass in type(value).__mro__ for name in getattr(klass, "__slots__", ())]
    for name in (*slots, *getattr(type(value), "__mypyc_attrs__", ())):
        if isinstance(name, str) and name not in ("__dict__", "__weakref__"):
            try:
                yield f".{name}", getattr(value, name)
            except AttributeError:
                continue
    if hasattr(value, "__dict__") and not isinstance(value, type):
        yield ".__dict__", vars(value)
    for index, other in enumerate(gc.get_referents(value)):  # anything the routes above missed
        yield f"<referent {index}>", other


def reachable(root: object, deal: int | None = None) -> Iterator[tuple[str, object, bool]]:
    """Every object reachable from ``root``, with a path to it and whether it was reached only through
    an object stamped with a deal before ``deal`` (an event or score of an earlier deal, or the cut);
    classes and modules, and what only they hold, are not the view's."""
    skip = _module_namespaces()
    seen: set[tuple[int, bool]] = set()
    stack: list[tuple[str, object, bool]] = [("view", root, False)]
    while stack:
        path, value, earlier = stack.pop()
        if (id(value), earlier) in seen or isinstance(value, (type, types.ModuleType)) or id(value) in skip:
            continue
        seen.add((id(value), earlier))
        if deal is not None and not earlier and not isinstance(value, (*_LEAVES, Card)):
            stamp = getattr(value, "deal", None)
            earlier = isinstance(stamp, int) and not isinstance(stamp, bool) and stamp < deal
        yield path, value, earlier
        if isinstance(value, (*_LEAVES, Card)):
            continue
        stack.extend(reversed([(path + name, child, earlier) for name, child in _children(value)]))


def leaks(game: GameState, seat: int | None) -> list[str]:
    """What ``seat``'s view holds that the seat may not see: hidden cards, and events not censored."""
    view = game.view(seat)
    hidden = game.hidden_cards(seat)
    found: list[str] = []
    for path, value, earlier in reachable(view, game.deal_number):
        if isinstance(value, Event) and value.cards and not value.visible_to(seat):
            found.append(f"{path}: an uncensored {value.type} event private to seat {value.private_to}")
        if isinstance(value, Card) and value in hidden and not earlier:
            found.append(f"{path}: {value}")
    return found


def play_checked(kind: str, seed: int, *, max_steps: int | None = None) -> int:
    """Play a seeded random game of ``kind``, checking every seat's view (and a spectator's) after every
    move; the number of views checked."""
    preset, options = KINDS[kind]
    rng = random.Random(seed)
    game = new_game(preset, seed=seed, first_dealer=None if seed % 2 else 0, **options)
    seats: list[int | None] = [*range(game.rules.players), None]
    checked = 0
    steps = 0
    while True:
        for seat in seats:
            found = leaks(game, seat)
            assert not found, f"{kind} seed {seed} step {steps}, seat {seat}: {found[:5]}"
            checked += 1
        if game.finished or (max_steps is not None and steps >= max_steps):
            return checked
        actor = rng.choice(game.to_act())
        game.apply(rng.choice(game.legal_actions(actor)))
        steps += 1


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_view_holds_a_hidden_card_anywhere_in_its_object_graph(kind: str) -> None:
    steps = 60 if kind.startswith(("cribbage", "five")) else 30
    assert play_checked(kind, seed=3, max_steps=steps) > steps


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_view_of_whole_games_holds_a_hidden_card(kind: str) -> None:
    assert play_checked(kind, seed=1) > 0  # an odd seed: the first dealer is cut for


def test_the_walk_finds_a_card_in_a_private_attribute() -> None:
    """The walk reaches what a reader of private attributes would: a closure, a slot, a set in a dict."""
    game = new_game("cribbage", seed=5, first_dealer=0)
    secret = game.hidden_cards(0)
    card = min(secret)

    class Holder:
        __slots__ = ("inside",)

        def __init__(self) -> None:
            self.inside = {"key": {card}}

    holder = Holder()
    hidden_fn = (lambda: holder)  # noqa: E731
    assert any(value is card for _, value, _ in reachable((hidden_fn,)))
    assert any(value is card for _, value, _ in reachable(holder))


def test_a_seats_views_share_their_events_and_a_clone_sees_the_same_log() -> None:
    """The censored log grows with the game: each event is made once for a seat (the expert's reader of
    the plays checks the first and last events it read by identity), and a clone's views read alike."""
    game = new_game("cribbage", seed=7, first_dealer=0)
    rng = random.Random(7)
    first = game.view(0).events
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions(game.to_act()[0])))
    later = game.view(0).events
    assert len(later) > len(first) and all(a is b for a, b in zip(first, later))
    twin = game.clone()
    assert list(twin.view(1).events) == list(game.view(1).events)
    twin.apply(rng.choice(twin.legal_actions(twin.to_act()[0])))
    assert len(twin.view(1).events) > len(game.view(1).events) == len(later)
    assert not leaks(twin, 1) and not leaks(game, 1)
