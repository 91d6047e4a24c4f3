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
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from pegboard.cards import Card
from pegboard.engine import Deal, GameState, new_game
from pegboard.errors import CardError, IllegalActionError, PegboardError, RecordError
from pegboard.files import JSONProblem, decode_json, read_limited, read_stream
from pegboard.objectives import WIN, Objective
from pegboard.rules import PRESET_NAMES, Rules

__all__ = ["FORMAT", "MAX_RECORD_BYTES", "GameRecord", "DealRecord", "record_of", "parse_record", "load_record",
           "read_record", "read_record_stream", "dump_record", "start_game", "replay", "replay_summary"]

FORMAT = "pegboard/1"
MAX_RECORD_BYTES = 8 * 2**20
"""The largest record read (a game to the highest target is far smaller): ``/dev/zero`` is refused."""
WHAT = f"a {FORMAT} record"


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
    cut_for_deal: bool = False
    """The first dealer was decided by the cut for deal drawn from ``seed`` (pegboard's extra field):
    replay draws it again, so the deals that follow come from the seed as they did."""
    objective: Objective = WIN
    """What the game was played for (pegboard's extra field, :mod:`pegboard.objectives`): a review judges
    its decisions near the end by it."""
    fair: Mapping[str, Any] | None = field(default=None, hash=False)
    """The shuffle's fairness data (pegboard's extra field ``fair``: commitment, contributions and the
    revealed server seed), as written; :mod:`pegboard.fairness` reads and checks it."""


# ---------------------------------------------------------------------------- writing
def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def record_of(game: GameState, objective: Objective = WIN, fair: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``pegboard/1`` record of a game so far (every deal's cards and actions), played for
    ``objective`` (written only when it is not ``win``), with the shuffle's ``fair`` data if given
    (``Fairness.to_json()`` of :mod:`pegboard.fairness`)."""
    rules = game.rules
    record: dict[str, Any] = {"format": FORMAT, "game": rules.name}
    options = rules.options()
    if options:
        record["options"] = options
    record["players"] = list(game.players)
    first_dealer = getattr(game, "first_dealer", None)
    if first_dealer is not None and not rules.solo:
        record["first_dealer"] = game.players[first_dealer]
    seed = getattr(game, "seed", None)
    if seed is not None:
        record["seed"] = seed
        if game.first_dealer_cut:
            record["cut_for_deal"] = True  # an extra field of pegboard's: the seed alone rebuilds the game
    if fair is not None:
        record["fair"] = dict(fair)  # an extra field of pegboard's: how anyone checks the seed (docs/fairness.md)
    start = getattr(game, "start_scores", None)
    if start is not None:
        record["start_scores"] = dict(zip(game.side_names, start))  # an extra field of pegboard's
    if objective != WIN:
        record["objective"] = objective.name  # an extra field of pegboard's
    deals = []
    for number, log in enumerate(game.deal_logs):
        deal = log.deal
        entry: dict[str, Any] = {}
        if not rules.holds_hand:
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


def _shown(value: Any) -> str:
    """A value as JSON for a message, cut short if long."""
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _fail(where, f"expected a list of cards, got {_shown(value)}")
    try:
        return tuple(Card.parse(token) for token in value)
    except CardError as error:
        raise _fail(where, str(error)) from None


def parse_record(data: Any) -> GameRecord:
    """Check and parse record data (a dict, as from ``json.load``).

    Options are read by their documented names only; ``start_scores`` by side name; a record
    without a seed must give every deal's cards and the first dealer (nothing is drawn at random).
    """
    if not isinstance(data, dict):
        raise RecordError("record: expected a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {_shown(data.get('format'))}")
    game = data.get("game")
    if not isinstance(game, str):
        raise _fail("game", f"expected a preset name ({', '.join(PRESET_NAMES)})")
    options = data.get("options", {}) or {}
    if not isinstance(options, dict):
        raise _fail("options", "expected an object of option names and values")
    try:
        rules = Rules.from_options(game, options)
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
            raise _fail("first_dealer", f"{_shown(first_dealer)} is not one of the players")
        dealer_seat = players.index(first_dealer)
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise _fail("seed", f"expected an integer, got {_shown(seed)}")
    cut = data.get("cut_for_deal", False)
    if not isinstance(cut, bool):
        raise _fail("cut_for_deal", f"expected true or false, got {_shown(cut)}")
    if cut and seed is None:
        raise _fail("cut_for_deal", "true, but the record has no seed to draw the cut from")
    if seed is None and dealer_seat is None and not rules.solo:
        raise _fail("first_dealer", "missing, and the record has no seed to draw the cut for deal from")
    deals_data = data.get("deals", [])
    if not isinstance(deals_data, list):
        raise _fail("deals", "expected a list of deals")
    deals = tuple(_parse_deal(entry, rules, players, f"deals[{i}]") for i, entry in enumerate(deals_data))
    if seed is None:
        for index, deal in enumerate(deals):
            _check_complete(deal.deal, rules, f"deals[{index}]")
    start_scores = _start_scores(data.get("start_scores"), rules, players)
    objective = _objective(data.get("objective", WIN.name), rules)
    fair = data.get("fair")
    if fair is not None:
        if not isinstance(fair, dict):
            raise _fail("fair", f"expected an object of commitment, contributions and server_seed, got {_shown(fair)}")
    return GameRecord(rules, tuple(players), dealer_seat, seed, deals, start_scores, cut, objective, fair)


def _objective(given: Any, rules: Rules) -> Objective:
    """pegboard's extra ``objective``: what the game was played for, by name (``win`` if missing)."""
    if not isinstance(given, str):
        raise _fail("objective", f"expected a name such as win or game-points, got {_shown(given)}")
    try:
        objective = Objective.from_name(given)
        objective.check(rules)
    except PegboardError as error:
        raise RecordError(str(error)) from None  # it names the field, the name given and what was expected
    return objective


def _start_scores(given: Any, rules: Rules, players: list[str]) -> tuple[int, ...] | None:
    """pegboard's extra ``start_scores``: each side's score by side name (cribbage games only)."""
    if given is None:
        return None
    if not rules.pegging:
        raise _fail("start_scores", f"only cribbage games start from given scores, not {rules.name}")
    sides = rules.side_names(players)
    if not isinstance(given, dict) or set(given) != set(sides):
        raise _fail("start_scores", f"expected an object of a score for each side ({', '.join(sides)}), "
                                    f"got {_shown(given)}")
    scores = tuple(given[side] for side in sides)
    if not all(isinstance(score, int) and not isinstance(score, bool) for score in scores):
        raise _fail("start_scores", f"expected whole numbers, got {_shown(given)}")
    return scores


def _check_complete(deal: Deal, rules: Rules, where: str) -> None:
    """Without a seed nothing may be drawn at random: every card of the deal must be given."""
    if not rules.holds_hand:
        missing = [] if deal.stock else ["stock"]
    else:
        missing = [part for part, given in (("hands", deal.hands), ("crib", deal.crib or not rules.crib_from_pack),
                                            ("starter", deal.starter)) if not given]
    if missing:
        raise _fail(where, f"no {' or '.join(missing)}: a record without a seed must give every card dealt")


def _parse_deal(entry: Any, rules: Rules, players: list[str], where: str) -> DealRecord:
    if not isinstance(entry, dict):
        raise _fail(where, "expected an object with the deal's cards and actions")
    actions = entry.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(text, str) for text in actions):
        raise _fail(f"{where}.actions", "expected a list of action strings")
    if not rules.holds_hand:
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
    """Read and parse a record file (at most :data:`MAX_RECORD_BYTES`)."""
    try:
        data = read_limited(path, MAX_RECORD_BYTES, WHAT)
    except OSError as error:
        raise RecordError(f"{path}: cannot read the record ({error.strerror or error})") from None
    except JSONProblem as error:
        raise RecordError(f"{path}: {error}") from None
    return read_record(data, str(path))


def read_record_stream(stream: IO[bytes], source: str = "stdin") -> GameRecord:
    """Read and parse a record from a byte stream (standard input), at most :data:`MAX_RECORD_BYTES`."""
    try:
        data = read_stream(stream, MAX_RECORD_BYTES, WHAT)
    except JSONProblem as error:
        raise RecordError(f"{source}: {error}") from None
    return read_record(data, source)


def read_record(data: bytes | str, source: str = "record") -> GameRecord:
    """Parse a record's JSON text (UTF-8 bytes or a string); ``source`` names it in errors.

    >>> read_record(b"\\xff{}", "game.json")
    Traceback (most recent call last):
    ...
    pegboard.errors.RecordError: game.json: not UTF-8 text (byte 0xff at offset 0); a pegboard/1 record is UTF-8 JSON
    """
    try:
        parsed = decode_json(data, WHAT)
    except JSONProblem as error:
        raise RecordError(f"{source}: {error}") from None
    return parse_record(parsed)


# ---------------------------------------------------------------------------- replaying
def start_game(record: GameRecord, rng: random.Random | None = None) -> GameState:
    """A new game set up as the record says, before any action (``rng``: the generator to deal the
    deals the record leaves out from, seeded with the record's seed; default: a new one)."""
    first_dealer = None if record.cut_for_deal else record.first_dealer
    try:
        game = new_game(record.rules, record.players, seed=record.seed, rng=rng, first_dealer=first_dealer,
                        dealt=[deal.deal for deal in record.deals], start_scores=record.start_scores)
    except RecordError:
        raise
    except PegboardError as error:
        raise RecordError(str(error)) from None
    cut = getattr(game, "first_dealer", None)
    if record.cut_for_deal and record.first_dealer is not None and cut != record.first_dealer:
        raise _fail("first_dealer", f"{record.players[record.first_dealer]!r}, but the cut for deal drawn from "
                                    f"seed {record.seed} makes {record.players[cut or 0]!r} deal first")
    return game


def replay(record: GameRecord, before_deal: Callable[[int, GameState], None] | None = None) -> GameState:
    """Play a record's actions through the engine; the game state reached.

    Every action must belong to the deal the game is in and be legal there, and every deal of the
    record must be reached: no deal may follow the end of the game or a deal whose actions stop early.
    ``before_deal(index, game)`` is called as the game reaches each deal the record holds, before its
    actions (``pegboard verify`` compares the cards dealt there).
    """
    game = start_game(record)
    for index, deal in enumerate(record.deals):
        if before_deal is not None and game.deal_number == index and index < len(game.deal_logs):
            before_deal(index, game)
        for number, text in enumerate(deal.actions):
            where = f"deals[{index}].actions[{number}] {_shown(text)}"
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
    reached = game.deal_number
    if len(record.deals) > reached + 1:
        why = (f"the game ended in deal {reached}" if game.finished
               else f"deal {reached} is not over yet; its actions stop early")
        raise RecordError(f"deals[{reached + 1}]: {why}, so no deal may follow it")
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
