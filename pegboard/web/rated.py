"""Rated play on the server: the queues and their matches, the shuffle's commitment and contributions,
the computer offered after a wait, rematches, blocks, and the referee of every rated table (clocks,
running out, the grace period of a player who left, the rating change at the end).

Free of any web framework (:mod:`pegboard.web.rated_routes` puts it on HTTP). The queue, the matches
and the rematch requests live in the database, so any server process answers any player; one process
at a time (the matchmaker's lease) makes the matches, and a match becomes a table exactly once (a
conditional update in the same transaction as the table's row).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import TYPE_CHECKING, Any, Protocol

from pegboard.fairness import check_contribution, commitment, game_seed, new_server_seed
from pegboard.web import rating_store
from pegboard.web.accounts import Account
from pegboard.web.clocks import TIMEOUT_LEVEL, clock_named
from pegboard.web.errors import HubError
from pegboard.web.matchmaking import Waiting, groups, window
from pegboard.web.rating_store import Player
from pegboard.web.ratings import KINDS, RATED_LEVELS, RatedKind, kind_of, level_rating
from pegboard.web.settings import Settings
from pegboard.web.store import Tx, _apply
from pegboard.web.tables import Table

if TYPE_CHECKING:
    from pegboard.web.journal import Journal
    from pegboard.web.thinking import Thinker


class RatedHub(Protocol):
    """What rated play needs of the server's hub (:class:`pegboard.web.hub.Hub`)."""

    settings: Settings
    journal: Journal
    leases: Any
    multi: bool
    thinker: Thinker
    closing: bool

    def _spawn(self, work: Any) -> asyncio.Task[Any]: ...

    async def _commit(self, table: Table, action: Any, ack: Any, how: str | None = None) -> bool: ...

    async def adopt(self, table: Table) -> None: ...

    async def forfeit(self, table: Table, seat: int, reason: str) -> None: ...

__all__ = ["Rated", "ranks_of", "MATCHMAKER"]

MATCHMAKER = "matchmaker"
"""The lease whose holder makes the matches."""
FORGET_AFTER = 3600.0
"""Seconds a started match still answers its players' status (after the table is finished, none)."""


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

    def __init__(self, hub: RatedHub) -> None:
        self.hub = hub
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

    def _pending(self, tx: Tx, account: int, now: float) -> tuple[Any, ...] | None:
        """``account``'s latest match still waiting for the shuffle's parts, or whose table is being
        played: (id, kind, clock, commitment, created, table_id)."""
        return tx.one("SELECT m.id, m.kind, m.clock, m.commitment, m.created, m.table_id FROM match_seats s"
                      " JOIN matches m ON m.id = s.match_id LEFT JOIN tables t ON t.id = m.table_id"
                      " WHERE s.account = ? AND ((m.table_id IS NULL AND m.created > ?) OR"
                      " (m.table_id IS NOT NULL AND t.finished = 0 AND m.created > ?))"
                      " ORDER BY m.created DESC LIMIT 1", account, now - self.hub.settings.contribute_within,
                      now - FORGET_AFTER)

    def _refuse_if_matched(self, tx: Tx, account: int, now: float) -> None:
        """409 while ``account`` has a match still waiting for its part of the shuffle."""
        pending = self._pending(tx, account, now)
        if pending is not None and pending[5] is None:
            raise HubError(409, "you have been matched already: your browser adds its part of the shuffle")

    async def join(self, account: Account, kind_name: Any, clock_name: Any) -> dict[str, Any]:
        """Put ``account`` in the queue of ``kind`` and ``clock`` (leaving any other queue)."""
        kind, clock = self._check(kind_name, clock_name)
        now = time.time()

        def work(tx: Tx) -> None:
            self._refuse_if_matched(tx, account.id, now)
            rating = rating_store.current(tx, account.id, kind.name, now)
            tx.run("DELETE FROM queue WHERE account = ?", account.id)
            tx.run("INSERT INTO queue (account, kind, clock, rating, since) VALUES (?, ?, ?, ?, ?)", account.id,
                   kind.name, clock, rating.rating, now)

        await self._transact(work)
        return await self.status(account)

    async def leave(self, account: Account) -> None:
        await self._transact(lambda tx: tx.run("DELETE FROM queue WHERE account = ?", account.id))

    async def status(self, account: Account) -> dict[str, Any]:
        """Where ``account`` stands: idle, waiting (with the window and whether the computer is offered),
        matched (add your part of the shuffle) or started (the table)."""
        now = time.time()

        def work(tx: Tx) -> dict[str, Any]:
            pending = self._pending(tx, account.id, now)
            if pending is not None:
                match_id, kind, clock, commitment, _, table = pending
                seats = tx.all("SELECT seat, account, name, contribution FROM match_seats WHERE match_id = ?"
                               " ORDER BY seat", match_id)
                seat = next(int(row[0]) for row in seats if row[1] == account.id)
                mine = next(row for row in seats if row[1] == account.id)
                return {"state": "started" if table else "matched", "match": match_id, "kind": kind, "clock": clock,
                        "players": [row[2] for row in seats], "seat": seat, "commitment": commitment,
                        "contributed": mine[3] is not None, "table": table}
            row = tx.one("SELECT kind, clock, rating, since FROM queue WHERE account = ?", account.id)
            if row is None:
                return {"state": "idle"}
            kind, clock, rating, since = row
            waited = max(0.0, now - float(since))
            return {"state": "waiting", "kind": kind, "clock": clock, "waited": round(waited, 1),
                    "window": round(window(waited)), "rating": round(float(rating)),
                    "computer": KINDS[kind].against_computer and waited >= self.hub.settings.offer_computer_after,
                    "computer_after": self.hub.settings.offer_computer_after}

        result: dict[str, Any] = await self._read(work)
        return result

    async def tick(self) -> None:
        """One round of matchmaking (by the matchmaker's lease holder only): groups in every queue, and
        matches whose shuffle timed out put back."""
        if not await asyncio.to_thread(self.hub.leases.take, MATCHMAKER):
            return
        now = time.time()

        def work(tx: Tx) -> int:
            made = 0
            blocked = {(int(a), int(b)) for a, b in tx.all("SELECT account, blocked FROM blocks")}
            waiting: dict[tuple[str, str], list[Waiting]] = {}
            for account, name, kind, clock, rating, since in tx.all(
                    "SELECT q.account, a.name, q.kind, q.clock, q.rating, q.since FROM queue q"
                    " JOIN accounts a ON a.id = q.account ORDER BY q.since"):
                waiting.setdefault((kind, clock), []).append(Waiting(int(account), name, float(rating), float(since)))
            for (kind_name, clock), entries in waiting.items():
                for group in groups(entries, KINDS[kind_name].players, now, blocked):
                    order = list(group)
                    secrets.SystemRandom().shuffle(order)  # who sits where is chance, like the cut
                    for member in order:
                        tx.run("DELETE FROM queue WHERE account = ?", member.account)
                    self._new_match(tx, KINDS[kind_name], clock, [(m.account, m.name, None, m.since, m.rating)
                                                                  for m in order], now)
                    made += 1
            for (match_id,) in tx.all("SELECT id FROM matches WHERE table_id IS NULL AND created <= ?",
                                      now - self.hub.settings.contribute_within):
                kind, clock = tx.one("SELECT kind, clock FROM matches WHERE id = ?", match_id)  # type: ignore[misc]
                for account, since, rating, part in tx.all(
                        "SELECT account, since, rating, contribution FROM match_seats WHERE match_id = ?", match_id):
                    if account is not None and part is not None and since is not None:  # back, keeping their wait
                        tx.run("INSERT INTO queue (account, kind, clock, rating, since) VALUES (?, ?, ?, ?, ?)"
                               " ON CONFLICT (account) DO NOTHING", account, kind, clock, rating, since)
                tx.run("DELETE FROM match_seats WHERE match_id = ?", match_id)
                tx.run("DELETE FROM matches WHERE id = ?", match_id)
            return made

        await self._transact(work)

    @staticmethod
    def _new_match(tx: Tx, kind: RatedKind, clock: str,
                   seats: list[tuple[int | None, str, str | None, float | None, float | None]], now: float) -> str:
        """A match of ``seats`` (account, name, computer level, queued since, rating), waiting for the
        people's parts of the shuffle."""
        seed = new_server_seed()
        match_id = secrets.token_urlsafe(9)
        tx.run("INSERT INTO matches (id, kind, clock, server_seed, commitment, created) VALUES (?, ?, ?, ?, ?, ?)",
               match_id, kind.name, clock, seed, commitment(seed), now)
        for seat, (account, name, level, since, rating) in enumerate(seats):
            tx.run("INSERT INTO match_seats (match_id, seat, account, name, level, since, rating) VALUES"
                   " (?, ?, ?, ?, ?, ?, ?)", match_id, seat, account, name, level, since, rating)
        return match_id

    async def computer(self, account: Account, kind_name: Any, clock_name: Any, level: Any = None) -> dict[str, Any]:
        """A rated game against the computer level nearest ``account``'s rating (or ``level``)."""
        kind, clock = self._check(kind_name, clock_name)
        if not kind.against_computer:
            raise HubError(400, f"{kind.name} is rated among people only: the computer levels are rated at "
                                "two-player games")
        if level is not None and level not in RATED_LEVELS:
            raise HubError(400, f"level {str(level)[:20]!r}: choose one of {', '.join(RATED_LEVELS)}")
        now = time.time()

        def work(tx: Tx) -> None:
            self._refuse_if_matched(tx, account.id, now)
            rating = rating_store.current(tx, account.id, kind.name, now)
            chosen = level or min(RATED_LEVELS, key=lambda name: abs(level_rating(kind.name, name).rating
                                                                      - rating.rating))
            tx.run("DELETE FROM queue WHERE account = ?", account.id)
            seats: list[tuple[int | None, str, str | None, float | None, float | None]] = [
                (account.id, account.name, None, None, None), (None, chosen, chosen, None, None)]
            if secrets.randbelow(2):
                seats.reverse()
            self._new_match(tx, kind, clock, seats, now)

        await self._transact(work)
        return await self.status(account)

    async def contribute(self, account: Account, match_id: str, value: Any) -> dict[str, Any]:
        """``account``'s browser adds its random part to the shuffle; the last part starts the table
        (exactly once, whichever process gets it)."""
        try:
            part = check_contribution(value)
        except ValueError as error:
            raise HubError(400, str(error)) from None
        now = time.time()

        def work(tx: Tx) -> Table | None:
            match = tx.one("SELECT kind, clock, server_seed, commitment, table_id, created FROM matches WHERE id = ?",
                           match_id)
            mine = tx.one("SELECT seat FROM match_seats WHERE match_id = ? AND account = ?", match_id, account.id)
            if match is None or mine is None:
                raise HubError(404, f"no match {match_id[:20]!r} of yours: it may have timed out (join the queue "
                                    "again)")
            kind, clock, server_seed, promised, table_id, created = match
            if table_id is not None:
                return None
            if float(created) <= now - self.hub.settings.contribute_within:
                raise HubError(409, "this match timed out waiting for the shuffle: join the queue again")
            tx.run("UPDATE match_seats SET contribution = ? WHERE match_id = ? AND account = ?"
                   " AND contribution IS NULL", part, match_id, account.id)
            seats = tx.all("SELECT seat, account, name, level, contribution FROM match_seats WHERE match_id = ?"
                           " ORDER BY seat", match_id)
            if any(row[1] is not None and row[4] is None for row in seats):
                return None
            parts = [str(row[4]) for row in seats if row[1] is not None]
            fair = {"commitment": promised, "contributions": parts, "server_seed": server_seed}
            rated_kind = KINDS[kind]
            table = Table.rated_new(rated_kind.game, kind, clock, [row[2] for row in seats],
                                    [None if row[1] is None else int(row[1]) for row in seats],
                                    [row[3] for row in seats], game_seed(server_seed, parts), fair)
            if tx.run("UPDATE matches SET table_id = ? WHERE id = ? AND table_id IS NULL", table.id, match_id) != 1:
                return None
            _apply(tx, table.writes())
            return table

        table = await self._transact(work)
        if table is not None:
            await self.hub.adopt(table)
        return await self.status(account)

    # ------------------------------------------------------------------ rematch
    async def rematch(self, account: Account, table: Table) -> dict[str, Any]:
        """Ask for a rematch at a finished rated table; when every person asked, a new match with the
        seats turned (the computer always accepts)."""
        rated = table.rated
        if rated is None or not table.over:
            raise HubError(409, "a rematch is offered at a finished rated game")
        people = {seat.account for seat in table.seats if seat.account is not None}
        if account.id not in people:
            raise HubError(403, "only the players may ask for a rematch")
        now = time.time()

        def work(tx: Tx) -> bool:
            tx.run("INSERT INTO rematches (table_id, account) VALUES (?, ?) ON CONFLICT DO NOTHING", table.id,
                   account.id)
            asked = {int(row[0]) for row in tx.all("SELECT account FROM rematches WHERE table_id = ?", table.id)}
            if asked < people:
                return False
            if tx.run("DELETE FROM rematches WHERE table_id = ?", table.id) != len(people):
                return False  # another process made it
            order = list(range(1, len(table.seats))) + [0]
            self._new_match(tx, KINDS[rated["kind"]], rated["clock"],
                            [(table.seats[n].account, table.seats[n].name, table.seats[n].level, None, None)
                             for n in order], now)
            return True

        if await self._transact(work):
            return await self.status(account)
        asked = await self._read(lambda tx: [row[0] for row in tx.all(
            "SELECT a.name FROM rematches r JOIN accounts a ON a.id = r.account WHERE r.table_id = ? ORDER BY a.name",
            table.id)])
        return {"state": "rematch", "asked": asked}

    # ------------------------------------------------------------------ the referee
    def watch(self, table: Table) -> None:
        """Start refereeing a rated table (once; in several processes, by the holder of its lease)."""
        if table.rated is None or table.over or table.id in self.referees:
            return
        if not self.hub.leases.take(f"table:{table.id}"):
            return
        task = self.hub._spawn(self._referee(table))
        self.referees[table.id] = task
        task.add_done_callback(lambda _: self.referees.pop(table.id, None))

    async def _referee(self, table: Table) -> None:
        """Clocks and grace periods: wake at the nearest deadline, or when the table changes."""
        hub = self.hub
        while not hub.closing and not table.over and hub.leases.held(f"table:{table.id}"):
            if hub.multi:
                await self._presence(table)
            now = time.time()
            due = self._deadlines(table, now)
            wait = max(0.0, min(due) - now) if due else 3600.0
            if hub.multi:
                wait = min(wait, hub.settings.caretaker_every)
            table.changed.clear()
            try:
                await asyncio.wait_for(table.changed.wait(), timeout=min(wait, 3600.0))
                continue
            except TimeoutError:
                pass
            await self._settle(table)

    async def _presence(self, table: Table) -> None:
        """Several processes: a seat connected to any process is present; one connected nowhere is gone
        since the first time this referee saw it so."""
        now = time.time()
        present = await self._read(lambda tx: {int(row[0]) for row in tx.all(
            "SELECT seat FROM presence WHERE table_id = ? AND until > ?", table.id, now)})
        for number, seat in enumerate(table.seats):
            if seat.kind != "human":
                continue
            if number in present or seat.online > 0:
                seat.gone_at = None
            elif seat.gone_at is None:
                seat.gone_at = now

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
                    and now >= seat.gone_at + self.hub.settings.grace and not await self._present(table, number):
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

    async def _present(self, table: Table, seat: int) -> bool:
        """Several processes: whether ``seat`` is connected to another process now."""
        if not self.hub.multi:
            return False
        now = time.time()
        row = await self._read(lambda tx: tx.one("SELECT 1 FROM presence WHERE table_id = ? AND seat = ? AND until > ?",
                                                 table.id, seat, now))
        return row is not None

    async def rate(self, table: Table) -> None:
        """Rate a finished rated table (once; the changes are kept and shown at the table)."""
        rated = table.rated
        if rated is None:
            return
        players = [Player(seat.account, seat.level if seat.kind == "computer" else None) for seat in table.seats]
        if any(player.account is None and player.level is None for player in players):
            return  # a seat nobody took: not rated
        ranks = ranks_of(table)
        if not kind_of(rated["kind"]).partners:
            ranks = [ranks[number % len(ranks)] for number in range(len(table.seats))]
        now = time.time()
        changes = await self._transact(lambda tx: _rate(tx, table.id, rated["kind"], players, ranks, now))
        table.rating_changes = {str(seat): change for seat, change in changes.items()}


def _rate(tx: Tx, table: str, kind: str, players: list[Player], ranks: list[int],
          now: float) -> dict[int, dict[str, Any]]:
    return rating_store.rate_game(tx, table, kind, players, ranks, now)
