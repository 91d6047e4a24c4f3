"""A table: a game, its seats (human with an invite and a secret token, or computer with a level),
and how it is set up from a request or rebuilt from storage.

A table's setup (preset, options, player names, a secret 128-bit seed, seats, what the computer seats
play for) plus its actions in order are all there is: :meth:`Table.restore` replays them into exactly
the same game.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from pegboard.duplicate import can_duplicate, duplicate_rules
from pegboard.engine import GameState, new_game
from pegboard.engine.actions import Action
from pegboard.errors import DuplicateError, IllegalActionError, PegboardError
from pegboard.kinds import GameKind, kinds
from pegboard.objectives import KINDS, MATCH, WIN, Objective
from pegboard.present import board_length
from pegboard.rules import ALIASES, PRESET_NAMES, Rules
from pegboard.session import HUMAN, Session, check_computer_objective
from pegboard.web.clocks import Clock, SeatClock, clock_named
from pegboard.web.store import SeatRow, StoredTable, TableRow, Write

__all__ = ["Table", "Seat", "SetupError", "LEVELS", "OPTIONS", "games_catalogue", "hash_token", "new_secret"]

LEVELS = ("random", "greedy", "expert")
"""Computer levels a table may ask for (never a ``module:Class`` from the network)."""
OPTIONS: dict[str, dict[str, Any]] = {kind.family: dict(kind.table_options) for kind in kinds()}
"""Options a table may set, per built-in family: (type, bounds or allowed values); each kind's
:attr:`~pegboard.kinds.GameKind.table_options`."""
NAME = re.compile(r"[\w.'-]{1,16}")
"""A player name, matched whole (``fullmatch``: ``$`` would let a trailing newline through)."""
DEFAULT_NAMES = ("Ann", "Bob", "Cat", "Dan")
SETUP_VERSION = 1
SECOND_HALF = "-2"
"""The id of a duplicate set's second table: the first's with this after it."""


class SetupError(PegboardError):
    """A table request that cannot be set up; the message says why."""


def new_secret() -> str:
    """A fresh unguessable secret (seat tokens, invites, table ids use 16+ random bytes)."""
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    """What is stored of a seat token: its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


def objectives_for(rules: Rules) -> list[str]:
    """The objectives (by kind) the computer seats may play for under ``rules``
    (:func:`pegboard.session.check_computer_objective`): ``win`` always; game points, spread and a
    match where the expert has a board model of the game (two players or partners to 121, five-card to
    61; a match is not modelled for partners).

    >>> objectives_for(Rules.preset("cribbage")), objectives_for(Rules.preset("cribbage-4"))
    (['win', 'game-points', 'spread', 'match'], ['win', 'game-points', 'spread'])
    >>> objectives_for(Rules.preset("solitaire"))
    ['win']
    """
    kinds = []
    for kind in KINDS:
        try:
            check_computer_objective(rules, MATCH if kind == "match" else Objective(kind))
        except PegboardError:
            continue
        kinds.append(kind)
    return kinds


def games_catalogue() -> list[dict[str, Any]]:
    """Every preset with its player count, settable options and the objectives its computer seats may
    play for (for the page's form)."""
    games = []
    for name in PRESET_NAMES:
        rules = Rules.preset(name)
        kind = rules.kind
        options = {key: {"type": spec[0].__name__, "choices": list(spec[1:]),
                         "default": getattr(rules, kind.option_fields.get(key, key))}
                   for key, spec in kind.table_options.items()}
        aliases = sorted(alias for alias, target in ALIASES.items() if target == name)
        games.append({"game": name, "family": rules.family, "players": rules.players,
                      "partners": rules.partners, "options": options, "aliases": aliases,
                      "duplicate": can_duplicate(rules), "objectives": objectives_for(rules)})
    return games


@dataclass
class Seat:
    """One seat: a human (with an invite until joined, then a token hash) or a computer."""

    name: str
    kind: str
    level: str | None = None
    invite: str | None = None
    token_hash: str | None = None
    online: int = 0
    account: int | None = None  # the signed-in account sitting here (None: a guest, or nobody yet)
    away_since: float | None = None  # monotonic time its last connection went (None: here, or never came)
    gone_at: float | None = None  # rated tables: wall-clock time the player left (their grace runs from it)

    def public(self, grace: float | None = None) -> dict[str, Any]:
        """What anyone at the table sees of the seat; at a rated table (``grace`` seconds) how long an
        absent player has left before the game is lost."""
        public: dict[str, Any] = {"name": self.name, "kind": self.kind, "level": self.level,
                                  "joined": self.kind == "computer" or self.token_hash is not None,
                                  "online": self.online > 0, "account": self.account is not None}
        if grace is not None and self.kind == "human" and self.online == 0 and self.gone_at is not None:
            public["grace_left"] = round(max(0.0, self.gone_at + grace - time.time()), 1)
        return public


def _check_option(game_kind: GameKind, key: str, value: Any) -> None:
    spec = game_kind.table_options.get(key)
    if spec is None:
        raise SetupError(f"option {key!r} is not available for this game; choose from "
                         f"{', '.join(game_kind.table_options)}")
    kind = spec[0]
    if kind is bool and not isinstance(value, bool):
        raise SetupError(f"option {key!r} must be true or false")
    if kind is int and (not isinstance(value, int) or isinstance(value, bool) or not spec[1] <= value <= spec[2]):
        raise SetupError(f"option {key!r} must be a whole number from {spec[1]} to {spec[2]}")
    if kind is str and value not in spec[1:]:
        raise SetupError(f"option {key!r} must be one of {', '.join(spec[1:])}")


def _parse_seats(data: Any, count: int) -> list[Seat]:
    if data is None:
        data = [{"kind": "human"}] + [{"kind": "computer", "level": "greedy"}] * (count - 1)
    if not isinstance(data, list) or len(data) != count:
        raise SetupError(f"seats: this game needs a list of {count} seat{'s' if count > 1 else ''}")
    seats = []
    for number, entry in enumerate(data):
        if not isinstance(entry, dict):
            raise SetupError(f"seat {number + 1}: expected an object with 'kind' and 'name'")
        kind = entry.get("kind", "human")
        name = entry.get("name") or DEFAULT_NAMES[number]
        if kind not in ("human", "computer"):
            raise SetupError(f"seat {number + 1}: kind must be 'human' or 'computer'")
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise SetupError(f"seat {number + 1}: a name is 1-16 letters, digits or . ' - (no spaces)")
        level = entry.get("level", "greedy") if kind == "computer" else None
        if kind == "computer" and level not in LEVELS:
            raise SetupError(f"seat {number + 1}: level must be one of {', '.join(LEVELS)}")
        seats.append(Seat(name, kind, level, new_secret() if kind == "human" else None))
    if len({seat.name.lower() for seat in seats}) != len(seats):
        raise SetupError("seats: every player needs a different name")
    if all(seat.kind == "computer" for seat in seats):
        raise SetupError("seats: at least one seat must be a person's (a table of computers would play "
                         "itself with nobody watching)")
    return seats


@dataclass
class Table:
    """A live table: the game, its seats and connections, and a lock that orders its actions."""

    id: str
    setup: dict[str, Any]
    game: GameState
    seats: list[Seat]
    created: float
    n: int = 0
    last: tuple[int, int] = (0, 0)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Any] = field(default_factory=set)
    cache: dict[Any, Any] = field(default_factory=dict)
    busy: bool = False  # a computer move is being made
    second_open: bool = False  # a duplicate set's first half: the second half's table is there
    idle_since: float = field(default_factory=time.monotonic)  # nobody connected, nothing to do: since when
    outcome: dict[str, Any] | None = None  # how a game ended that its actions do not end (time, abandonment)
    rating_changes: dict[str, Any] | None = None  # a finished rated game's changes, by seat
    notices: list[str] = field(default_factory=list)  # what everyone at the table is told (a seat taken over)
    reissued: set[str] = field(default_factory=set)  # invites the creator made anew (in memory: for notices)
    grace: float | None = None  # rated tables: the server's grace period for a player who left
    changed: asyncio.Event = field(default_factory=asyncio.Event)  # set at every change a referee may care for
    session: Session = field(init=False)
    clock: Clock | None = field(init=False)
    clocks: list[SeatClock] = field(init=False)

    def __post_init__(self) -> None:
        kinds = [HUMAN if entry["kind"] == "human" else entry.get("level") or "greedy" for entry in self.setup["seats"]]
        objective = Objective.from_name(self.setup.get("objective", WIN.name))  # tables set up before objectives: win
        self.session = Session(self.game, kinds, seed=self.setup["seed"], objective=objective,
                               duplicate=self.half is not None, rated=self.rated is not None)
        rated = self.rated
        self.clock = None if rated is None else clock_named(rated["clock"], test=True)
        self.clocks = [SeatClock(self.clock.reserve if self.clock else 0.0) for _ in self.seats]

    def apply(self, action: Action, at: float, how: str | None) -> None:
        """Apply a stored action made at ``at`` (``how``: None, or ``forced``/``timeout`` when the server
        made it): the game, the move count, the events it added (:attr:`last`) and the clocks."""
        game = self.game
        start = len(game.events)
        game.apply(action)
        self.n += 1
        self.last = (start, len(game.events))
        self.time_action(action.seat, at, how)

    def time_action(self, seat: int, at: float, how: str | None) -> None:
        """Charge ``seat``'s clock for a move made at ``at`` (nothing for one the server made: forced, or
        for a player out of time), then start the clocks of the people now to decide."""
        if self.clock is None:
            return
        clock = self.clocks[seat]
        if clock.since is not None and how is None:
            clock.reserve = self.clock.charge(clock.reserve, at - clock.since)
        if how == "timeout":
            clock.reserve = 0.0
        clock.since = None
        self.start_clocks(at)

    def start_clocks(self, at: float) -> None:
        """Run the clock of every person with a decision to make now (and stop the others)."""
        if self.clock is None:
            return
        acting = set() if self.over else set(self.game.to_act())
        for number, clock in enumerate(self.clocks):
            deciding = number in acting and self.seats[number].kind == "human" and self.session.forced(number) is None
            if not deciding:
                clock.since = None
            elif clock.since is None:
                clock.since = at

    @property
    def over(self) -> bool:
        """The game is over: played out, or ended by an :attr:`outcome` (lost on time, abandoned)."""
        return self.game.finished or self.outcome is not None

    @property
    def winner(self) -> str | None:
        """The winning side's name (the outcome's, if the game was ended by one), None while playing."""
        if self.outcome is not None:
            return str(self.outcome["winner"])
        return self.game.winner

    @property
    def rated(self) -> dict[str, Any] | None:
        """A rated table's terms (``kind``, ``clock``), None for a casual table."""
        rated = self.setup.get("rated")
        return rated if isinstance(rated, dict) else None

    @property
    def objective(self) -> Objective:
        """What the table's computer seats play for (:mod:`pegboard.objectives`)."""
        return self.session.objective

    @property
    def half(self) -> int | None:
        """Which half of a duplicate set the table plays (1 or 2), None for an ordinary table."""
        duplicate = self.setup.get("duplicate")
        return duplicate["half"] if isinstance(duplicate, dict) else None

    @property
    def first_half(self) -> str:
        """The id of the table of the set's first half (this one, in the first half)."""
        return str(self.setup["duplicate"].get("first", self.id))

    @property
    def second_half(self) -> str:
        """The id of the table of the set's second half: made when the first is over."""
        return f"{self.first_half}{SECOND_HALF}"

    @property
    def creator_seat(self) -> int:
        """The seat of whoever set the table up (its first person's seat): only they hand out invites."""
        return next(number for number, seat in enumerate(self.seats) if seat.kind == "human")

    @classmethod
    def new(cls, data: Any) -> Table:
        """A new table from a request: ``{"game", "options", "seats": [{"kind", "name", "level"}], "objective"}``
        (the objective by name, :mod:`pegboard.objectives`: ``win`` if not given)."""
        if not isinstance(data, dict):
            raise SetupError("expected a JSON object with 'game', 'options' and 'seats'")
        name = data.get("game", "cribbage")
        options = data.get("options") or {}
        if not isinstance(name, str) or not isinstance(options, dict):
            raise SetupError("'game' must be a preset name and 'options' an object")
        try:
            rules = Rules.preset(name)
        except PegboardError as error:
            raise SetupError(str(error)) from None
        for key, value in options.items():
            _check_option(rules.kind, key, value)
        try:
            rules = rules.with_options(**options)
        except PegboardError as error:
            raise SetupError(str(error)) from None
        seats = _parse_seats(data.get("seats"), rules.players)
        duplicate = data.get("duplicate")
        if duplicate is not None:
            rules = _duplicate(rules, duplicate, options, seats)
        objective = _parse_objective(data.get("objective"), rules)
        setup = {"version": SETUP_VERSION, "game": rules.name, "options": rules.options(),
                 "players": [seat.name for seat in seats], "seed": secrets.randbits(128),
                 "seats": [{"kind": s.kind, "level": s.level, "invite": s.invite} for s in seats],
                 "objective": objective.name}
        if duplicate is not None:
            setup["duplicate"] = {"deals": rules.deals, "half": 1}
        try:
            game = _start(setup)
        except PegboardError as error:  # any refusal of the engine's is the request's fault: a 4xx
            raise SetupError(str(error)) from None
        return cls(secrets.token_urlsafe(9), setup, game, seats, time.time())

    @classmethod
    def rated_new(cls, game: str, kind: str, clock: str, names: list[str], accounts: list[int | None],
                  levels: list[str | None], seed: int, fair: dict[str, Any]) -> Table:
        """A rated table of a match: people's seats kept for their accounts (taken with a claim, no
        invites), the computer's at its level, the deals from the fair ``seed``."""
        rules = Rules.preset(game)
        seats = [Seat(name, "human" if account is not None else "computer", level, None, None, account=account)
                 for name, account, level in zip(names, accounts, levels)]
        setup = {"version": SETUP_VERSION, "game": rules.name, "options": rules.options(), "players": names,
                 "seed": seed, "seats": [{"kind": s.kind, "level": s.level, "invite": None} for s in seats],
                 "objective": WIN.name, "rated": {"kind": kind, "clock": clock, "accounts": accounts},
                 "fair": fair}
        table = cls(secrets.token_urlsafe(9), setup, _start(setup), seats, time.time())
        table.start_clocks(table.created)
        return table

    def record(self) -> dict[str, Any]:
        """The game's record; a rated game's carries the shuffle's commitment and contributions, and once
        it is over the revealed server seed (``pegboard verify`` checks every deal from them)."""
        record = self.session.record()
        fair = self.setup.get("fair")
        if isinstance(fair, dict):
            record["fair"] = {"commitment": fair["commitment"], "contributions": list(fair["contributions"]),
                              "server_seed": fair["server_seed"] if self.over else None}
        if self.rated is not None:
            record["rated"] = {"kind": self.rated["kind"], "clock": self.rated["clock"]}
        if self.outcome is not None:
            record["outcome"] = self.outcome
        return record

    @classmethod
    def restore(cls, stored: StoredTable) -> Table:
        """The table as stored: its setup replayed through every stored action."""
        setup = stored.row.setup
        game = _start(setup)
        for number, text in enumerate(stored.actions):
            try:
                game.apply_text(text)
            except PegboardError as error:
                why = error.reason if isinstance(error, IllegalActionError) else error
                raise RuntimeError(f"table {stored.row.table}: stored action {number} {text!r}: {why}") from None
        kept = (setup.get("rated") or {}).get("accounts") or []  # a rated table's seats, kept before any claim
        seats = [Seat(name, entry["kind"], entry.get("level"), stored.invites.get(number, entry.get("invite")),
                      stored.seats.get(number),
                      account=stored.accounts.get(number, kept[number] if number < len(kept) else None))
                 for number, (name, entry) in enumerate(zip(setup["players"], setup["seats"]))]
        table = cls(stored.row.table, setup, game, seats, stored.row.created, n=len(stored.actions),
                    outcome=stored.outcome)
        table.last = (len(game.events), len(game.events))
        if table.clock is not None:
            table._replay_clocks(stored)
        return table

    def _replay_clocks(self, stored: StoredTable) -> None:
        """A rated table's clocks from its actions' times: each seat's reserve and timeouts as they were.
        The clocks running now restart at the restore (a restart does not cost anyone their time)."""
        game = _start(self.setup)
        replay = Table.__new__(Table)
        replay.clock, replay.seats, replay.game, replay.outcome = self.clock, self.seats, game, None
        replay.session = Session(game, self.session.kinds, seed=self.setup["seed"], rated=True)
        replay.clocks = self.clocks
        replay.start_clocks(self.created)
        for text, (at, how) in zip(stored.actions, stored.times):
            action = game.parse_action(text)
            game.apply(action)
            when = at if at is not None else self.created
            if how == "timeout":
                self.clocks[action.seat].timeouts += 1
            replay.time_action(action.seat, when, how)
        now = time.time()
        for clock in self.clocks:
            if clock.since is not None:
                clock.since = now
        self.start_clocks(now)

    def second(self) -> Table:
        """The table of a duplicate set's second half, once this first half is over: the same seed (so
        the same cards, the same first dealer), the seats swapped, and the person's seat token good for
        their new seat."""
        if self.half != 1:
            raise SetupError("only the first half of a duplicate set has a second")
        person, computer = self.seats
        setup = {**self.setup, "players": [computer.name, person.name],
                 "seats": [self.setup["seats"][1], {"kind": "human", "level": None, "invite": new_secret()}],
                 "duplicate": {**self.setup["duplicate"], "half": 2, "first": self.id}}
        seats = [Seat(computer.name, "computer", computer.level),
                 Seat(person.name, "human", None, setup["seats"][1]["invite"], person.token_hash,
                      account=person.account)]
        return Table(self.second_half, setup, _start(setup), seats, time.time())

    def writes(self) -> list[Write]:
        """What to store of a new table: its row, and the seats already taken (a second half's)."""
        return [self.row(), *(SeatRow(self.id, number, seat.token_hash, seat.account)
                              for number, seat in enumerate(self.seats) if seat.token_hash is not None)]

    def row(self) -> TableRow:
        return TableRow(self.id, self.setup, self.created)

    def public(self) -> dict[str, Any]:
        """What anyone at the table may know about it (never tokens, invites or the seed)."""
        public: dict[str, Any] = {
                  "table": self.id, "n": self.n, "game": self.game.rules.name, "family": self.game.rules.family,
                  "creator": self.creator_seat, "layout": layout(self.game.rules),
                  "options": self.setup["options"], "seats": [seat.public() for seat in self.seats],
                  "objective": self.objective.name, "playing_for": self.objective.words,
                  "finished": self.over, "winner": self.winner, "outcome": self.outcome,
                  "notices": self.notices[-3:]}
        if self.rated is not None and self.clock is not None:
            now = time.time()
            public["rated"] = {"kind": self.rated["kind"], "clock": self.clock.to_json(), "grace": self.grace,
                               "clocks": [clock.to_json(self.clock, now) for clock in self.clocks],
                               "changes": self.rating_changes,
                               "commitment": self.setup["fair"]["commitment"]}
            public["seats"] = [seat.public(self.grace) for seat in self.seats]
        if self.half is not None:
            public["duplicate"] = {"deals": self.game.rules.deals, "half": self.half, "first": self.first_half,
                                   "second": self.second_half if self.half == 2 or self.second_open else None}
        return public

    def seat_for_token(self, token: Any) -> int | None:
        """The seat a token belongs to, compared in constant time; None for a wrong token."""
        if not isinstance(token, str) or not token or len(token) > 100:
            return None
        digest = hash_token(token)
        found = None
        for number, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = number
        return found

    def computer_to_act(self) -> int | None:
        """A seat the server moves for now, if any: a computer's, and at a rated table a person's forced
        move (see :class:`pegboard.session.Session`)."""
        if self.over:
            return None
        return self.session.next_auto(auto=self.rated is not None)


def _parse_objective(value: Any, rules: Rules) -> Objective:
    """The objective a request names (``win`` if none), refused as a :class:`SetupError` saying why."""
    if value is None:
        return WIN
    if not isinstance(value, str) or len(value) > 40:
        raise SetupError("'objective' must be a name: win, game-points, spread or match (e.g. match:to=7)")
    try:
        objective = Objective.from_name(value)
        check_computer_objective(rules, objective)
    except PegboardError as error:
        raise SetupError(str(error)) from None
    return objective


def layout(rules: Rules) -> dict[str, Any]:
    """What the page lays out for these rules (so that it tests no game's family by name): ``board`` is
    the length of the board's track, ``deals`` the number of deals of a game of set deals (0: none)."""
    return {"crib": rules.crib, "pegging": rules.pegging, "grid": rules.grid_side, "solo": rules.solo,
            "cells_in_order": rules.cells_in_order, "board": board_length(rules), "deals": rules.deals}


def _duplicate(rules: Rules, deals: Any, options: dict[str, Any], seats: list[Seat]) -> Rules:
    """The rules of a duplicate set's first half: one person (the first seat) against the computer."""
    try:
        duplicate = duplicate_rules(rules, deals)
    except DuplicateError as error:
        raise SetupError(str(error)) from None
    if "target" in options:
        raise SetupError("a duplicate set is scored deal by deal: it takes no target")
    if [seat.kind for seat in seats] != ["human", "computer"]:
        raise SetupError("a duplicate set is you (the first seat) against the computer (the second)")
    return duplicate


def _start(setup: dict[str, Any]) -> GameState:
    rules = Rules.preset(setup["game"], **setup["options"])
    return new_game(rules, setup["players"], seed=setup["seed"])
