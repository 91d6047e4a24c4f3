"""Game records in the ``pegboard/1`` JSON format (``docs/record-format.md`` in the repository).

Write one from any game (:func:`record_of`), read one (:func:`parse_record`), replay it
(:func:`replay`) and summarise the result (:func:`replay_summary`, the ``pegboard replay --json``
output). Malformed or illegal records raise :class:`~pegboard.errors.RecordError` naming the field,
or the action by its index and text, and why.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", ["Ann", "Bob"], seed=5, first_dealer=1)
>>> _ = game.apply_text(f"Ann {game.legal_actions(0)[0]}")
>>> record = record_of(game)
>>> record["format"], record["first_dealer"], record["deals"][0]["actions"][0].split()[:2]
('pegboard/1', 'Bob', ['Ann', 'discard'])
>>> replay(parse_record(record)).scores() == game.scores()
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pegboard.cards import Card
from pegboard.engine import Deal, GameState, new_game
from pegboard.errors import CardError, IllegalActionError, PegboardError, RecordError
from pegboard.rules import PRESET_NAMES, Rules

__all__ = ["FORMAT", "GameRecord", "DealRecord", "record_of", "parse_record", "load_record", "read_record",
           "dump_record",
           "replay", "replay_summary"]

FORMAT = "pegboard/1"


@dataclass(frozen=True)
class DealRecord:
    """One deal of a record: its cards (any may be missing) and its actions' text."""

    deal: Deal
    actions: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameRecord:
    """A parsed record."""

    rules: Rules
    players: tuple[str, ...]
    first_dealer: int | None = None
    seed: int | None = None
    deals: tuple[DealRecord, ...] = field(default=())
    start_scores: tuple[int, ...] | None = None


# ---------------------------------------------------------------------------- writing
def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def record_of(game: GameState) -> dict[str, Any]:
    """The ``pegboard/1`` record of a game so far (every deal's cards and actions)."""
    rules = game.rules
    record: dict[str, Any] = {"format": FORMAT, "game": rules.name}
    options = rules.options()
    if options:
        record["options"] = options
    record["players"] = list(game.players)
    first_dealer = getattr(game, "first_dealer", None)
    if first_dealer is not None and rules.family != "solitaire":
        record["first_dealer"] = game.players[first_dealer]
    seed = getattr(game, "seed", None)
    if seed is not None:
        record["seed"] = seed
    start = getattr(game, "start_scores", None)
    if start is not None:
        record["start_scores"] = dict(zip(game.side_names, start))  # an extra field of pegboard's
    deals = []
    for number, log in enumerate(game.deal_logs):
        deal = log.deal
        entry: dict[str, Any] = {}
        if rules.family == "solitaire":
            entry["stock"] = _cards(deal.stock)
        else:
            entry["hands"] = {name: _cards(hand) for name, hand in zip(game.players, deal.hands)}
            entry["crib"] = _cards(deal.crib)
            entry["starter"] = str(deal.starter) if deal.starter else None
        entry["actions"] = game.deal_actions(number)
        deals.append(entry)
    record["deals"] = deals
    return record


def dump_record(game: GameState, path: str | Path) -> None:
    """Write the record of ``game`` to ``path`` as JSON."""
    Path(path).write_text(json.dumps(record_of(game), indent=1) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------- reading
def _fail(where: str, message: str) -> RecordError:
    return RecordError(f"{where}: {message}")


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _fail(where, f"expected a list of cards, got {json.dumps(value)}")
    try:
        return tuple(Card.parse(token) for token in value)
    except CardError as error:
        raise _fail(where, str(error)) from None


def parse_record(data: Any) -> GameRecord:
    """Check and parse record data (a dict, as from ``json.load``)."""
    if not isinstance(data, dict):
        raise RecordError("record: expected a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {json.dumps(data.get('format'))}")
    game = data.get("game")
    if not isinstance(game, str):
        raise _fail("game", f"expected a preset name ({', '.join(PRESET_NAMES)})")
    options = data.get("options", {}) or {}
    if not isinstance(options, dict):
        raise _fail("options", "expected an object of option names and values")
    try:
        rules = Rules.preset(game, **options)
    except PegboardError as error:
        raise _fail("game/options", str(error)) from None
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise _fail("players", "expected a list of player names")
    if len(players) != rules.players:
        raise _fail("players", f"{len(players)} names: {rules.name} needs {rules.players}")
    first_dealer = data.get("first_dealer")
    dealer_seat = None
    if first_dealer is not None:
        if first_dealer not in players:
            raise _fail("first_dealer", f"{json.dumps(first_dealer)} is not one of the players")
        dealer_seat = players.index(first_dealer)
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise _fail("seed", f"expected an integer, got {json.dumps(seed)}")
    deals_data = data.get("deals", [])
    if not isinstance(deals_data, list):
        raise _fail("deals", "expected a list of deals")
    deals = tuple(_parse_deal(entry, rules, players, f"deals[{i}]") for i, entry in enumerate(deals_data))
    start = data.get("start_scores")
    start_scores = None
    if start is not None:
        if not isinstance(start, dict) or not all(isinstance(v, int) for v in start.values()):
            raise _fail("start_scores", "expected an object of side names and scores")
        start_scores = tuple(start.values())
    return GameRecord(rules, tuple(players), dealer_seat, seed, deals, start_scores)


def _parse_deal(entry: Any, rules: Rules, players: list[str], where: str) -> DealRecord:
    if not isinstance(entry, dict):
        raise _fail(where, "expected an object with the deal's cards and actions")
    actions = entry.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(text, str) for text in actions):
        raise _fail(f"{where}.actions", "expected a list of action strings")
    if rules.family == "solitaire":
        stock = _card_list(entry["stock"], f"{where}.stock") if entry.get("stock") is not None else ()
        return DealRecord(Deal(stock=stock), tuple(actions))
    hands: tuple[tuple[Card, ...], ...] = ()
    if entry.get("hands") is not None:
        given = entry["hands"]
        if not isinstance(given, dict):
            raise _fail(f"{where}.hands", "expected an object mapping player names to cards")
        unknown = [name for name in given if name not in players]
        if unknown:
            raise _fail(f"{where}.hands", f"unknown player {unknown[0]!r}")
        missing = [name for name in players if name not in given]
        if missing:
            raise _fail(f"{where}.hands", f"no hand for {missing[0]!r}")
        hands = tuple(_card_list(given[name], f"{where}.hands.{name}") for name in players)
    crib = _card_list(entry.get("crib") or [], f"{where}.crib")
    starter = None
    if entry.get("starter") is not None:
        try:
            starter = Card.parse(entry["starter"])
        except CardError as error:
            raise _fail(f"{where}.starter", str(error)) from None
    return DealRecord(Deal(hands=hands, crib=crib, starter=starter), tuple(actions))


def load_record(path: str | Path) -> GameRecord:
    """Read and parse a record file."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RecordError(f"{path}: cannot read the record ({error.strerror})") from None
    return read_record(data, str(path))


def read_record(data: bytes | str, source: str = "record") -> GameRecord:
    """Parse a record's JSON text (UTF-8 bytes or a string); ``source`` names it in errors.

    >>> read_record(b"\\xff{}", "game.json")
    Traceback (most recent call last):
    ...
    pegboard.errors.RecordError: game.json: not UTF-8 text (byte 0xff at offset 0); a record is UTF-8 JSON
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")  # a byte-order mark, as some editors write, is harmless
        except UnicodeDecodeError as error:
            bad = data[error.start]
            raise RecordError(f"{source}: not UTF-8 text (byte {bad:#04x} at offset {error.start}); "
                              "a record is UTF-8 JSON") from None
    if not data.strip():
        raise RecordError(f"{source}: empty: expected a {FORMAT} record (a JSON object)")
    try:
        parsed = json.loads(data)
    except json.JSONDecodeError as error:
        what = error.msg.removesuffix(" at")  # "Unterminated string starting at": the place follows
        raise RecordError(f"{source}: not JSON ({what} at line {error.lineno} column {error.colno})") from None
    except RecursionError:
        raise RecordError(f"{source}: not a record (JSON nested too deeply)") from None
    return parse_record(parsed)


# ---------------------------------------------------------------------------- replaying
def start_game(record: GameRecord) -> GameState:
    """A new game set up as the record says, before any action."""
    try:
        return new_game(record.rules, record.players, seed=record.seed, first_dealer=record.first_dealer,
                        dealt=[deal.deal for deal in record.deals], start_scores=record.start_scores)
    except RecordError:
        raise
    except PegboardError as error:
        raise RecordError(str(error)) from None


def replay(record: GameRecord) -> GameState:
    """Play a record's actions through the engine; the game state reached.

    Every action must belong to the deal the game is in and be legal there.
    """
    game = start_game(record)
    for index, deal in enumerate(record.deals):
        for number, text in enumerate(deal.actions):
            where = f"deals[{index}].actions[{number}] {json.dumps(text)}"
            if game.finished:
                raise RecordError(f"{where}: the game is already over")
            if game.deal_number > index:
                raise RecordError(f"{where}: deal {index} is already over")
            if game.deal_number < index:
                raise RecordError(f"{where}: deal {game.deal_number} is not over yet; its actions stop early")
            try:
                game.apply_text(text)
            except IllegalActionError as error:  # ``where`` names the action: say only why
                raise RecordError(f"{where}: {error.reason}") from None
            except PegboardError as error:
                raise RecordError(f"{where}: {error}") from None
    return game


def replay_summary(game: GameState, deals: int | None = None) -> dict[str, Any]:
    """The ``pegboard replay --json`` object: scores, winner, per-deal running totals, every score.

    ``deals`` is how many deals the record holds: a game whose deal is over has already started
    the next one, which the record does not hold and the summary must not list. Default: every
    deal the game has begun.

    >>> from pegboard.engine import new_game
    >>> game = new_game("snailspace", ["Ann", "Bob"], seed=2)
    >>> while game.deal_number == 0:
    ...     seat = game.to_act()[0]
    ...     _ = game.apply(game.legal_actions(seat)[0])
    >>> len(replay_summary(game)["deals"]), len(replay_summary(game, deals=1)["deals"])
    (2, 1)
    """
    sides = game.side_names
    players = game.players
    running = dict.fromkeys(sides, 0)
    totals: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for event in game.events:
        if event.type == "deal":  # every deal opens with one; seat is its dealer (None in solitaire)
            dealer = players[event.seat] if event.seat is not None else None
            totals.append({"dealer": dealer, "points": dict.fromkeys(sides, 0), "scores": dict(running)})
        if event.type != "score":
            continue
        assert event.seat is not None
        side = sides[game.side_of(event.seat)]
        running[side] += event.points
        totals[event.deal]["points"][side] += event.points
        totals[event.deal]["scores"] = dict(running)
        events.append({"deal": event.deal, "phase": event.phase, "player": players[event.seat],
                       "kind": event.kind, "points": event.points, "cards": [str(c) for c in event.cards]})
    if deals is not None:
        del totals[deals:]
    return {
        "game": game.game,
        "players": list(players),
        "scores": game.scores(),
        "winner": game.winner,
        "finished": game.finished,
        "skunks": game.losers_marks(),
        "deals": totals,
        "events": events,
    }
