"""Rated play on the server: the queues and their matches, the shuffle's commitment and contributions,
the computer offered after a wait, rematches, blocks, and the referee of every rated table (clocks,
running out, the grace period of a player who left, the rating change at the end).

Free of any web framework (:mod:`pegboard.web.rated_routes` puts it on HTTP). A match is made in
memory by the one server process; what it leads to (the table, its actions, ratings) is stored.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pegboard.fairness import check_contribution, commitment, game_seed, new_server_seed
from pegboard.web import rating_store
from pegboard.web.accounts import Account
from pegboard.web.clocks import TIMEOUT_LEVEL, clock_named
from pegboard.web.errors import HubError
from pegboard.web.matchmaking import Waiting, groups, window
from pegboard.web.rating_store import Player
from pegboard.web.ratings import KINDS, RATED_LEVELS, RatedKind, kind_of, level_rating
from pegboard.web.store import Tx
from pegboard.web.tables import Table

if TYPE_CHECKING:
    from pegboard.web.hub import Hub

__all__ = ["Rated", "Match", "ranks_of"]


@dataclass
class Match:
    """Players brought together for a rated game, waiting for every person's part of the shuffle."""

    id: str
    kind: RatedKind
    clock: str
    names: list[str]
    accounts: list[int | None]  # None: a computer seat
    levels: list[str | None]
    server_seed: str
    commitment: str
    created: float
    contributions: dict[int, str] = field(default_factory=dict)  # by seat
    table: str | None = None
    waited: dict[int, Waiting] = field(default_factory=dict)  # queue entries by seat, to put people back

    def people(self) -> list[int]:
        return [seat for seat, account in enumerate(self.accounts) if account is not None]

    def public(self, account: int) -> dict[str, Any]:
        seat = self.accounts.index(account)
        return {"state": "started" if self.table else "matched", "match": self.id, "kind": self.kind.name,
                "clock": self.clock, "players": self.names, "seat": seat, "commitment": self.commitment,
                "contributed": seat in self.contributions, "table": self.table}


def ranks_of(table: Table) -> list[int]:
    """Each side's place at the end (0: first): the winner first, a player who lost on time or left
    last, the others by score."""
    game = table.game
    sides = game.side_names
    winner = table.winner
    loser = None if table.outcome is None else table.outcome.get("loser")
    loser_side = None if loser is None else int(loser) % len(sides)

    def key(side: int) -> tuple[int, int]:
        first = 0 if sides[side] == winner else 2 if side == loser_side else 1
        return first, -game.score_list[side]

    order = sorted(range(len(sides)), key=key)
    ranks = [0] * len(sides)
    for place, side in enumerate(order):
        ranks[side] = place
    return ranks


class Rated:
    """The rated side of a :class:`~pegboard.web.hub.Hub`."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.queues: dict[tuple[str, str], dict[int, Waiting]] = {}
        self.matches: dict[str, Match] = {}
        self.match_of: dict[int, str] = {}
        self.rematches: dict[str, set[int]] = {}
        self.referees: dict[str, asyncio.Task[Any]] = {}

    # ------------------------------------------------------------------ storage helpers
    async def _read(self, work: Any) -> Any:
        store = self.hub.journal.store
        return await self.hub.journal.call(lambda: store.read(work))

    async def _transact(self, work: Any) -> Any:
        store = self.hub.journal.store
        return await self.hub.journal.call(lambda: store.transact(work))

    # ------------------------------------------------------------------ queue
    def _check(self, kind: Any, clock: Any) -> tuple[RatedKind, str]:
        try:
            return kind_of(kind), clock_named(clock, self.hub.settings.test_clocks).name
        except ValueError as error:
            raise HubError(400, str(error)) from None

    async def join(self, account: Account, kind_name: Any, clock_name: Any) -> dict[str, Any]:
        """Put ``account`` in the queue of ``kind`` and ``clock`` (leaving any other queue)."""
        kind, clock = self._check(kind_name, clock_name)
        if account.id in self.match_of and self.matches[self.match_of[account.id]].table is None:
            raise HubError(409, "you have been matched already: add your part of the shuffle first")
        now = time.time()
        rating = await self._read(lambda tx: rating_store.current(tx, account.id, kind.name, now))
        self.leave(account)
        self.match_of.pop(account.id, None)
        self.queues.setdefault((kind.name, clock), {})[account.id] = Waiting(account.id, account.name,
                                                                             rating.rating, time.monotonic())
        return self.status(account)

    def leave(self, account: Account) -> None:
        for queue in self.queues.values():
            queue.pop(account.id, None)

    def waiting(self, account: Account) -> tuple[str, str, Waiting] | None:
        for (kind, clock), queue in self.queues.items():
            if account.id in queue:
                return kind, clock, queue[account.id]
        return None

    def status(self, account: Account) -> dict[str, Any]:
        """Where ``account`` stands: idle, waiting (with the window and whether the computer is offered),
        matched (add your part of the shuffle) or started (the table)."""
        match_id = self.match_of.get(account.id)
        if match_id is not None and match_id in self.matches:
            return self.matches[match_id].public(account.id)
        found = self.waiting(account)
        if found is None:
            return {"state": "idle"}
        kind, clock, entry = found
        waited = time.monotonic() - entry.since
        return {"state": "waiting", "kind": kind, "clock": clock, "waited": round(waited, 1),
                "window": round(window(waited)), "rating": round(entry.rating),
                "computer": KINDS[kind].against_computer and waited >= self.hub.settings.offer_computer_after,
                "computer_after": self.hub.settings.offer_computer_after}

    async def tick(self) -> None:
        """One round of matchmaking: groups in every queue, and matches whose shuffle timed out."""
        now = time.monotonic()
        blocked = set(await self._read(lambda tx: [(int(a), int(b)) for a, b in tx.all(
            "SELECT account, blocked FROM blocks")]))
        for (kind_name, clock), queue in list(self.queues.items()):
            kind = KINDS[kind_name]
            for group in groups(list(queue.values()), kind.players, now, blocked):
                for member in group:
                    queue.pop(member.account, None)
                order = list(group)
                secrets.SystemRandom().shuffle(order)  # who sits where is chance, like the cut
                self._new_match(kind, clock, [m.name for m in order], [m.account for m in order],
                                [None] * len(order), dict(enumerate(order)))
        for match in list(self.matches.values()):
            if match.table is None and now - match.created > self.hub.settings.contribute_within:
                self._expire(match)
            elif match.table is not None and now - match.created > 3600:
                self._forget(match)

    def _new_match(self, kind: RatedKind, clock: str, names: list[str], accounts: list[int | None],
                   levels: list[str | None], waited: dict[int, Waiting]) -> Match:
        seed = new_server_seed()
        match = Match(secrets.token_urlsafe(9), kind, clock, names, accounts, levels, seed, commitment(seed),
                      time.monotonic(), waited=waited)
        self.matches[match.id] = match
        for account in accounts:
            if account is not None:
                self.match_of[account] = match.id
        return match

    def _expire(self, match: Match) -> None:
        """A match some browser never added its part to: those who did go back to their queue."""
        queue = self.queues.setdefault((match.kind.name, match.clock), {})
        self._forget(match)
        for seat, entry in match.waited.items():
            if seat in match.contributions:
                queue[entry.account] = entry  # back in the queue, keeping their time waited

    def _forget(self, match: Match) -> None:
        self.matches.pop(match.id, None)
        for account in match.accounts:
            if account is not None and self.match_of.get(account) == match.id:
                self.match_of.pop(account, None)

    async def computer(self, account: Account, kind_name: Any, clock_name: Any, level: Any = None) -> dict[str, Any]:
        """A rated game against the computer level nearest ``account``'s rating (or ``level``)."""
        kind, clock = self._check(kind_name, clock_name)
        if not kind.against_computer:
            raise HubError(400, f"{kind.name} is rated among people only: the computer levels are rated at "
                                "two-player games")
        now = time.time()
        rating = await self._read(lambda tx: rating_store.current(tx, account.id, kind.name, now))
        if level is None:
            level = min(RATED_LEVELS, key=lambda name: abs(level_rating(kind.name, name).rating - rating.rating))
        elif level not in RATED_LEVELS:
            raise HubError(400, f"level {str(level)[:20]!r}: choose one of {', '.join(RATED_LEVELS)}")
        self.leave(account)
        names = [account.name, level]
        accounts: list[int | None] = [account.id, None]
        levels: list[str | None] = [None, level]
        if secrets.randbelow(2):
            names, accounts, levels = names[::-1], accounts[::-1], levels[::-1]
        self._new_match(kind, clock, names, accounts, levels, {})
        return self.status(account)

    async def contribute(self, account: Account, match_id: str, value: Any) -> dict[str, Any]:
        """``account``'s browser adds its random part to the shuffle; the last part starts the table."""
        match = self.matches.get(match_id)
        if match is None or account.id not in match.accounts:
            raise HubError(404, f"no match {match_id[:20]!r} of yours: it may have timed out (join the queue again)")
        try:
            part = check_contribution(value)
        except ValueError as error:
            raise HubError(400, str(error)) from None
        seat = match.accounts.index(account.id)
        if match.table is None:
            match.contributions.setdefault(seat, part)
            if len(match.contributions) == len(match.people()):
                await self._start(match)
        return match.public(account.id)

    async def _start(self, match: Match) -> Table:
        parts = [match.contributions[seat] for seat in sorted(match.contributions)]
        seed = game_seed(match.server_seed, parts)
        fair = {"commitment": match.commitment, "contributions": parts, "server_seed": match.server_seed}
        table = Table.rated_new(match.kind.game, match.kind.name, match.clock, match.names, match.accounts,
                                match.levels, seed, fair)
        await self.hub.open(table)
        match.table = table.id
        return table

    # ------------------------------------------------------------------ rematch and blocks
    async def rematch(self, account: Account, table: Table) -> dict[str, Any]:
        """Ask for a rematch at a finished rated table; when every person asked, a new match with the
        seats turned (the computer always accepts)."""
        rated = table.rated
        if rated is None or not table.over:
            raise HubError(409, "a rematch is offered at a finished rated game")
        seats = [seat.account for seat in table.seats]
        if account.id not in seats:
            raise HubError(403, "only the players may ask for a rematch")
        asked = self.rematches.setdefault(table.id, set())
        asked.add(account.id)
        people = {a for a in seats if a is not None}
        if asked >= people and not any(self.match_of.get(a) in self.matches and
                                       self.matches[self.match_of[a]].table is None for a in people):
            order = list(range(1, len(seats))) + [0]
            self._new_match(KINDS[rated["kind"]], rated["clock"], [table.seats[n].name for n in order],
                            [table.seats[n].account for n in order], [table.seats[n].level for n in order], {})
            self.rematches.pop(table.id, None)
            return self.status(account)
        return {"state": "rematch", "asked": sorted(table.seats[seats.index(a)].name for a in asked)}

    # ------------------------------------------------------------------ the referee
    def watch(self, table: Table) -> None:
        """Start refereeing a rated table (once)."""
        if table.rated is None or table.over or table.id in self.referees:
            return
        task = self.hub._spawn(self._referee(table))
        self.referees[table.id] = task
        task.add_done_callback(lambda _: self.referees.pop(table.id, None))

    async def _referee(self, table: Table) -> None:
        """Clocks and grace periods: wake at the nearest deadline, or when the table changes."""
        hub = self.hub
        while not hub.closing and not table.over:
            now = time.time()
            due = self._deadlines(table, now)
            wait = max(0.0, min(due) - now) if due else 3600.0
            table.changed.clear()
            try:
                await asyncio.wait_for(table.changed.wait(), timeout=min(wait, 3600.0))
                continue
            except TimeoutError:
                pass
            await self._settle(table)

    def _deadlines(self, table: Table, now: float) -> list[float]:
        due = []
        assert table.clock is not None
        for number, seat in enumerate(table.seats):
            if seat.kind != "human":
                continue
            deadline = table.clocks[number].deadline(table.clock)
            if deadline is not None:
                due.append(deadline)
            if seat.online == 0 and seat.gone_at is not None:
                due.append(seat.gone_at + self.hub.settings.grace)
        return due

    async def _settle(self, table: Table) -> None:
        """Whatever is due now: a player away past the grace period loses; a clock run out is a move made
        for its player, or past the allowed timeouts a loss."""
        now = time.time()
        assert table.clock is not None
        for number, seat in enumerate(table.seats):
            if table.over:
                return
            if seat.kind == "human" and seat.online == 0 and seat.gone_at is not None \
                    and now >= seat.gone_at + self.hub.settings.grace:
                await self.hub.forfeit(table, number, "abandoned")
                return
        for number in list(table.game.to_act()):
            clock = table.clocks[number]
            deadline = clock.deadline(table.clock)
            if deadline is None or now < deadline or table.over:
                continue
            if clock.timeouts >= table.clock.timeouts:
                await self.hub.forfeit(table, number, "time")
                return
            moment = table.n
            action = await self.hub.thinker.decide(table.game, number, TIMEOUT_LEVEL, table.session.bot_seed,
                                                   table.objective)
            async with table.lock:
                if table.n != moment or table.over or number not in table.game.to_act():
                    continue
                clock.timeouts += 1
                await self.hub._commit(table, action, None, how="timeout")

    async def rate(self, table: Table) -> None:
        """Rate a finished rated table (once; the changes are kept and shown at the table)."""
        rated = table.rated
        if rated is None:
            return
        players = [Player(seat.account, seat.level if seat.kind == "computer" else None) for seat in table.seats]
        if any(player.account is None and player.level is None for player in players):
            return  # a seat nobody took: not rated
        ranks = ranks_of(table)
        if rated["kind"] != "cribbage-4":
            ranks = [ranks[number % len(ranks)] for number in range(len(table.seats))]
        now = time.time()
        changes = await self._transact(lambda tx: _rate(tx, table.id, rated["kind"], players, ranks, now))
        table.rating_changes = {str(seat): change for seat, change in changes.items()}


def _rate(tx: Tx, table: str, kind: str, players: list[Player], ranks: list[int],
          now: float) -> dict[int, dict[str, Any]]:
    return rating_store.rate_game(tx, table, kind, players, ranks, now)
