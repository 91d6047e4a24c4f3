"""The game server's core, free of any web framework: live tables, their connections, actions checked,
stored, applied and broadcast, computer moves and hints off the event loop.

Every action goes through :meth:`Hub._commit` under its table's lock: it is stored (and durable)
first, then applied, then every connection at the table gets a frame built from its own seat's view.
"""

from __future__ import annotations

import asyncio
import gc
import hmac
import logging
import re
import time
from collections.abc import Awaitable
from typing import Any

from pegboard.cards import CARD_IN_TEXT, Card
from pegboard.engine.actions import Action
from pegboard.errors import IllegalActionError, PegboardError
from pegboard.web import accounts
from pegboard.web.accounts import Account, Passwords, Throttle
from pegboard.web.analyses import Analyses
from pegboard.web.connections import Conn
from pegboard.web.errors import HubError
from pegboard.web.frames import error_frame, hint_frame, state_frame
from pegboard.web.journal import Journal
from pegboard.web.names import name_key
from pegboard.web.rated import Rated
from pegboard.web.settings import Settings
from pegboard.web.sharing import MovedOn, Sharing, lease_of, unique_violation
from pegboard.web.store import ActionRow, FinishRow, InviteRow, ResultRow, SeatRow, Store
from pegboard.web.tables import SetupError, Table, hash_token, new_secret
from pegboard.web.thinking import Thinker

__all__ = ["Hub", "Conn", "Settings", "HubError"]

log = logging.getLogger("pegboard.web")
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{6,32}$")
THAW_EVERY = 60
"""Garbage-collector freezes between two full collections (see :meth:`Hub._collector`)."""
CARD_TOKEN = re.compile(CARD_IN_TEXT, re.IGNORECASE)


class Hub:
    """Every live table, their storage and their connections."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.journal = Journal(store)
        self.tables: dict[str, Table] = {}
        self.thinker = Thinker(self.settings.workers)
        self.passwords = Passwords(fast=self.settings.fast_passwords)
        self.throttle = Throttle(self.settings.login_free, self.settings.login_most)
        self.sharing = Sharing(store)
        self.multi = self.sharing.multi  # other server processes share this database
        self.leases = self.sharing.leases
        self.rated = Rated(self)
        self.analyses = Analyses(self.settings.workers and 1, self.settings.reviews_at_once,
                                 self.settings.reviews_queued, self.settings.reviews_per_address)
        self.closing = False
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._set_locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Start serving. No table is loaded now (start-up does not grow with the tables stored): a table
        comes into memory when someone opens it; only the unfinished rated tables are taken up at once,
        because their clocks and grace periods run with nobody connected (in several processes, by
        whichever takes the table's lease)."""
        self.sharing.listen(self._heard)
        await self._take_up_rated()
        if self.settings.gc_freeze > 0:
            self._spawn(self._collector())
        self._spawn(self._reaper())
        self._spawn(self._matchmaker())
        if self.multi:
            self._spawn(self._caretaker())

    async def _take_up_rated(self) -> None:
        """Load the unfinished rated tables nobody referees (their lease is free)."""
        for table_id in await self.journal.call(self.journal.store.unfinished_rated):
            if table_id in self.tables:
                continue
            if await asyncio.to_thread(self.leases.take, lease_of(table_id)):
                await self.table(table_id)

    async def _caretaker(self) -> None:
        """Several processes: every few seconds take over what a dead process held (rated tables, the
        computer moves of tables loaded here), and tell the others which seats are connected here."""
        while not self.closing:
            await asyncio.sleep(self.settings.caretaker_every)
            try:
                await self._take_up_rated()
                for table in list(self.tables.values()):
                    if not table.over:
                        self.kick(table)
                        self.rated.watch(table)
                await self.sharing.heartbeat(self.journal, self.tables.values(), self.settings.caretaker_every)
            except Exception:
                log.exception("the caretaker's round failed")

    def _heard(self, table_id: str | None) -> None:
        """Another process changed ``table_id`` (None: maybe any table, after the listener reconnected)."""
        targets = list(self.tables.values()) if table_id is None else [self.tables[table_id]] \
            if table_id in self.tables else []
        for table in targets:
            self._spawn(self._refresh_locked(table))

    async def _refresh_locked(self, table: Table) -> None:
        async with table.lock:
            await self.refresh(table)

    async def refresh(self, table: Table) -> bool:
        """Several processes: bring ``table`` up to the database (actions, seats, the end) and tell this
        process's connections (caller holds the table's lock). True if anything changed."""
        if not self.multi:
            return False
        try:
            changed, revoked = await self.sharing.catch_up(self.journal, table)
        except Exception:
            log.warning("table %s: could not read it from the database", table.id, exc_info=True)
            return False
        for conn in [conn for conn in table.conns if conn.seat in revoked]:
            self.detach(table, conn)
        if changed:
            table.changed.set()
            if table.over:
                self._spawn(self._finished(table))
            self.broadcast(table)
            self.kick(table)
        return changed

    async def _matchmaker(self) -> None:
        """Rounds of matchmaking (:meth:`Rated.tick`) every :attr:`Settings.match_every` seconds."""
        while not self.closing:
            await asyncio.sleep(self.settings.match_every)
            try:
                await self.rated.tick()
            except Exception:
                log.exception("a round of matchmaking failed")

    async def _reaper(self) -> None:
        """Unload the tables nobody is at: see :meth:`unload_idle`."""
        every = max(0.05, min(self.settings.idle_unload, self.settings.finished_unload) / 4)
        while not self.closing:
            await asyncio.sleep(every)
            self.unload_idle()

    def unload_idle(self, now: float | None = None) -> list[str]:
        """Unload from memory every table with nobody connected and nothing to do (no computer about to
        move) for :attr:`Settings.idle_unload` seconds (:attr:`Settings.finished_unload` once its game
        is over). It stays in the database, and opening its link loads it again as it was."""
        now = time.monotonic() if now is None else now
        gone = []
        for table in list(self.tables.values()):
            if table.conns or table.busy or table.lock.locked() or (table.rated is not None and not table.over):
                table.idle_since = now
                continue
            limit = self.settings.finished_unload if table.over else self.settings.idle_unload
            if now - table.idle_since >= limit:
                self.tables.pop(table.id, None)
                self.leases.release([lease_of(table.id)])
                gone.append(table.id)
        return gone

    async def _collector(self) -> None:
        """Keep full garbage collections short. Game states are long-lived and many, and a full
        collection walks them all (a pause of 50-250 ms at a few hundred tables), so every
        ``gc_freeze`` seconds what is alive is frozen out of the collector's sight; every
        :data:`THAW_EVERY` times everything is unfrozen and collected once, so no cyclic garbage is
        kept for long."""
        rounds = 0
        while not self.closing:
            await asyncio.sleep(self.settings.gc_freeze)
            rounds += 1
            if rounds % THAW_EVERY == 0:
                gc.unfreeze()
                gc.collect()
            gc.freeze()

    async def stop(self) -> None:
        self.closing = True
        if self.settings.gc_freeze > 0:
            gc.unfreeze()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for table in self.tables.values():
            for conn in list(table.conns):
                conn.close()
        await asyncio.get_running_loop().run_in_executor(None, self.thinker.close)
        self.analyses.close()
        self.sharing.close()
        await asyncio.get_running_loop().run_in_executor(None, self.journal.close)

    def _spawn(self, work: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ------------------------------------------------------------------ tables
    async def table(self, table_id: str) -> Table | None:
        """The live table, loaded from storage on first use; None if there is no such table."""
        if not TABLE_ID.match(table_id):
            return None
        if table_id in self.tables:
            return self.tables[table_id]
        if table_id not in self._loading:
            self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
        try:
            return await asyncio.shield(self._loading[table_id])
        finally:
            self._loading.pop(table_id, None)

    async def _load(self, table_id: str) -> Table | None:
        store = self.journal.store
        stored = await self.journal.call(lambda: store.load(table_id))
        if stored is None:
            return None
        try:
            table = Table.restore(stored)
        except Exception:  # one damaged table must not take the others down
            log.exception("table %s cannot be restored from storage; it stays unavailable", table_id)
            return None
        self.tables[table_id] = table
        self._arrive(table)
        if table.over:
            self._spawn(self._finished(table))
        self.kick(table)
        return table

    def _arrive(self, table: Table) -> None:
        """A rated table comes into memory: its players' grace runs until they connect; its referee starts."""
        if table.rated is None:
            return
        table.grace = self.settings.grace
        now = time.time()
        for seat in table.seats:
            if seat.kind == "human" and seat.online == 0 and seat.gone_at is None:
                seat.gone_at = now
        self.rated.watch(table)

    async def adopt(self, table: Table) -> None:
        """Bring to life a table already stored (a rated match's, stored with its match)."""
        if table.id in self.tables:
            return
        self.tables[table.id] = table
        self._arrive(table)
        self.kick(table)

    async def forfeit(self, table: Table, seat: int, reason: str) -> None:
        """``seat`` loses a rated game it did not finish: ``time`` (ran out too often) or ``abandoned``
        (away past the grace period). The best-placed other side wins."""
        async with table.lock:
            if table.over:
                return
            game = table.game
            sides = game.side_names
            mine = seat % len(sides)
            winner = max((side for side in range(len(sides)) if side != mine), key=lambda side: game.score_list[side])
            table.outcome = {"reason": reason, "loser": seat, "winner": sides[winner]}
            table.start_clocks(time.time())
            table.changed.set()
            why = "ran out of time" if reason == "time" else "left the game"
            log.info("table %s: seat %d %s and loses", table.id, seat, why)
        self._spawn(self._finished(table))
        self.broadcast(table)

    async def _finished(self, table: Table) -> None:
        """A table's game is over: say so in storage (it is not loaded at start-up any more), log each
        person's game for their statistics (once), and open a duplicate set's second half."""
        now = time.time()
        await self.journal.write([FinishRow(table.id, table.outcome),
                                  *(ResultRow(table.id, number, seat.name, now, seat.account)
                                    for number, seat in enumerate(table.seats) if seat.kind == "human")])
        if table.rated is not None:
            try:
                await self.rated.rate(table)
            except Exception:
                log.exception("table %s: its ratings could not be written", table.id)
            self.broadcast(table)
        if table.half == 1:
            await self._open_second_half(table)

    async def _open_second_half(self, first: Table) -> None:
        """The table of a duplicate set's second half (made and stored once), then everyone at the first
        table is told where it is. One lock per set, not the table's: the first half's table may be unloaded
        and loaded again meanwhile (a second object), and must not make the second half twice."""
        async with self._set_locks.setdefault(first.id, asyncio.Lock()):
            if await self.table(first.second_half) is None:
                second = first.second()
                self.tables[second.id] = second  # before it is stored: its id is known, and it must load once
                try:
                    await self.journal.write(second.writes())
                except Exception:
                    self.tables.pop(second.id, None)
                    raise
                self.kick(second)
            first.second_open = True
        self.broadcast(first)

    async def check_set_over(self, table: Table) -> None:
        """Refuse (409) what would show a duplicate set's first half before the whole set is over: its
        record and review hold the cards the second half deals again, with the expert's ranking."""
        if table.half != 1:
            return
        second = await self.table(table.second_half)
        if second is None or not second.over:
            raise HubError(409, "this is the first half of a duplicate set: its record and review open when the "
                                "whole set is over (the second half deals the same cards)")

    async def create(self, data: Any, account: Account | None = None) -> Table:
        """A new table from a request, stored before it is announced. A seat may carry a registered
        player's name only if the creator is signed in (``account``): that seat is then kept for that
        account, which must sign in to take it; a guest may not use a registered name (or a look-alike)."""
        try:
            table = Table.new(data)
        except SetupError as error:
            raise HubError(400, str(error)) from None
        names = [seat.name for seat in table.seats if seat.kind == "human"]
        store = self.journal.store
        owners = await self.journal.call(lambda: store.read(
            lambda tx: [accounts.name_registered(tx, name) for name in names]))
        for name, owner in zip(names, owners):
            if owner is None:
                continue
            if account is None:
                raise HubError(409, f"the name {name!r} belongs to a registered player ({owner.name!r}): sign in "
                                    "as them or choose another name")
            if name_key(owner.name) != name_key(name):
                raise HubError(409, f"the name {name!r} looks like a registered player's ({owner.name!r}): choose "
                                    "another name")
        await self.journal.write(table.writes())
        self.tables[table.id] = table
        self.kick(table)
        return table

    async def join(self, table: Table, seat: Any, invite: Any, account: Account | None = None) -> str:
        """Take a human seat with its invite; returns the secret seat token (stored as a hash first). A
        seat named after a registered player is theirs alone (signed in); a signed-in player sitting
        under their own name plays the game for their account (statistics, reviews)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise HubError(400, f"seat must be a number from 0 to {len(table.seats) - 1}")
        place = table.seats[seat]
        store = self.journal.store
        owner = await self.journal.call(lambda: store.read(lambda tx: accounts.name_registered(tx, place.name)))
        async with table.lock:
            if place.kind != "human":
                raise HubError(400, f"seat {seat} is a computer player")
            if place.token_hash is not None:
                raise HubError(409, f"{place.name}'s seat is already taken; open your own link to play")
            if not isinstance(invite, str) or not place.invite or not hmac.compare_digest(place.invite, invite):
                raise HubError(403, "this invite is not valid for that seat")
            if owner is not None and (account is None or account.id != owner.id):
                raise HubError(403, f"this seat is kept for {owner.name}, a registered player: sign in as "
                                    f"{owner.name} to take it")
            mine = account if owner is not None else None
            if mine is not None and any(other.account == mine.id for other in table.seats):
                raise HubError(409, f"{mine.name} already has a seat at this table")
            token = new_secret()
            digest = hash_token(token)
            await self.journal.write([SeatRow(table.id, seat, digest, None if mine is None else mine.id)])
            if place.invite in table.reissued:
                table.notices.append(f"someone new took over {place.name}'s seat")
            place.token_hash = digest
            place.account = None if mine is None else mine.id
        self.send_seats(table)
        return token

    def _creator(self, table: Table, token: Any) -> None:
        """Refuse anyone but the table's creator (the token of its first person's seat)."""
        if table.seat_for_token(token) != table.creator_seat:
            raise HubError(403, f"only the table's creator ({table.seats[table.creator_seat].name}) may hand out "
                                "its invites")

    def invites(self, table: Table, token: Any) -> dict[int, str]:
        """Invites of the human seats nobody has taken yet, for the table's creator only: another player
        could take those seats and see more than one hand."""
        self._creator(table, token)
        return {number: seat.invite for number, seat in enumerate(table.seats)
                if seat.kind == "human" and seat.token_hash is None and seat.invite}

    async def reissue(self, table: Table, token: Any, seat: Any) -> str:
        """The creator revokes a seat's invite (and its token, if someone took it: they are put out) and
        gets a new invite for it."""
        self._creator(table, token)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise HubError(400, f"reissue: a seat number from 0 to {len(table.seats) - 1}")
        if table.seats[seat].kind != "human" or seat == table.creator_seat:
            raise HubError(400, f"reissue: seat {seat} is {'yours' if seat == table.creator_seat else 'a computer'}")
        place = table.seats[seat]
        if place.token_hash is not None and not table.over:
            away = None if place.away_since is None else time.monotonic() - place.away_since
            if place.online > 0 or away is None or away < self.settings.reissue_away:
                wait = self.settings.reissue_away - (away or 0.0)
                raise HubError(409, f"reissue: {place.name} has taken seat {seat} and is "
                                    f"{'at the table' if place.online > 0 else 'only just gone'}: a taken seat can be "
                                    f"given to someone else only after its player has been away "
                                    f"{self.settings.reissue_away:.0f} s (another {max(1, round(wait))} s)")
        async with table.lock:
            invite = new_secret()
            await self.journal.write([InviteRow(table.id, seat, invite)])
            table.reissued.add(invite)
            if place.token_hash is not None:
                table.notices.append(f"{table.seats[table.creator_seat].name} gave {place.name}'s seat to someone "
                                     "else: its player had been away")
            place.invite, place.token_hash, place.account = invite, None, None
            for conn in [conn for conn in table.conns if conn.seat == seat]:
                self.refuse(conn, "bad-token", "the table's creator gave this seat to someone else")
                self.detach(table, conn)
        self.send_seats(table)
        return invite

    # ------------------------------------------------------------------ connections
    def attach(self, table: Table, conn: Conn) -> None:
        """A connection joins the table: it gets the full current view at once."""
        conn.table = table
        table.conns.add(conn)
        if conn.seat is not None:
            table.seats[conn.seat].online += 1
            table.seats[conn.seat].away_since = None
            table.seats[conn.seat].gone_at = None
            table.changed.set()
        frame, conn.cursor = state_frame(table.game, conn.seat, -1, table.public(), table.last, table.cache)
        self._spare_forced(table, conn, frame)
        conn.push(frame)
        if conn.seat is not None:
            self.send_seats(table)

    def detach(self, table: Table, conn: Conn) -> None:
        if conn not in table.conns:
            return
        table.conns.discard(conn)
        conn.close()
        if conn.seat is not None:
            place = table.seats[conn.seat]
            place.online -= 1
            if place.online == 0:
                place.away_since = time.monotonic()
                if table.rated is not None and not table.over:
                    place.gone_at = time.time()
                    table.changed.set()
            self.send_seats(table)
        if not table.conns and table.over and not table.lock.locked():
            self.tables.pop(table.id, None)  # loaded again from storage if anyone comes back
            self.leases.release([lease_of(table.id)])

    def send_seats(self, table: Table) -> None:
        frame = {"type": "seats", "seats": [seat.public(table.grace) for seat in table.seats]}
        for conn in list(table.conns):
            conn.push(frame)

    @staticmethod
    def _spare_forced(table: Table, conn: Conn, frame: dict[str, Any]) -> None:
        """At a rated table the server makes a person's forced move: it is not offered as theirs to make."""
        if table.rated is not None and conn.seat is not None and table.session.forced(conn.seat) is not None:
            frame["legal"] = []

    def broadcast(self, table: Table, ack: tuple[Conn, Any] | None = None) -> None:
        """A state frame to every connection, each built from its own seat's view."""
        public = table.public()
        for conn in list(table.conns):
            frame, conn.cursor = state_frame(table.game, conn.seat, conn.cursor, public, table.last, table.cache)
            self._spare_forced(table, conn, frame)
            if ack is not None and ack[0] is conn:
                frame["ack"] = ack[1]
            conn.push(frame)

    # ------------------------------------------------------------------ messages
    def refuse(self, conn: Conn, code: str, message: str, request: Any = None) -> None:
        """An error for one connection, tagged with the deal it is about. Card names in it that the
        seat may not see (say, echoed from what the player typed) are blanked out."""
        table = conn.table
        if table is None:
            conn.push(error_frame(code, message, request))
            return
        hidden = table.game.hidden_cards(conn.seat)

        def blank(match: re.Match[str]) -> str:
            try:
                return "(a card you cannot see)" if Card.parse(match.group(0)) in hidden else match.group(0)
            except PegboardError:
                return match.group(0)

        frame = error_frame(code, CARD_TOKEN.sub(blank, message), request)
        frame["deal"] = table.game.deal_number
        conn.push(frame)

    async def handle(self, conn: Conn, message: dict[str, Any]) -> None:
        """Act on one checked client message (see :mod:`pegboard.web.protocol`)."""
        table = conn.table
        assert table is not None
        request = message.get("id")
        if message["type"] == "hello":
            self.refuse(conn, "malformed", "already said hello: send it once, first", request)
            return
        seat = table.seat_for_token(message["token"])
        if seat is None:
            self.refuse(conn, "bad-token", "that seat token is not valid at this table", request)
            return
        if seat != conn.seat:
            self.refuse(conn, "bad-token", "that token is for another seat than this connection's", request)
            return
        if message["type"] == "hint":
            await self._hint(table, conn, seat, request)
            return
        try:
            action = Action.parse(message["action"], seat)
        except IllegalActionError as error:
            self.refuse(conn, "malformed", str(error), request)
            return
        await asyncio.shield(self._spawn(self._act(table, conn, action, request)))

    async def _act(self, table: Table, conn: Conn, action: Action, request: Any) -> None:
        async with table.lock:
            for _ in range(3):  # several processes: another may have applied this move number first
                await self.refresh(table)
                problem = self._problem(table, action)
                if problem is not None:
                    self.refuse(conn, *problem, request)
                    return
                try:
                    await self._commit(table, action, (conn, request))
                    return
                except MovedOn:
                    continue
            self.refuse(conn, "storage", "the table is busy: try again", request)

    def _problem(self, table: Table, action: Action) -> tuple[str, str] | None:
        """Why ``action`` may not be applied now (code, message), or None. Changes nothing."""
        game = table.game
        seat = action.seat
        if table.over:
            return "finished", "the game is over"
        if seat not in game.to_act():
            waiting = " and ".join(game.players[other] for other in game.to_act())
            return "not-your-turn", f"it is not your turn: waiting for {waiting}"
        if game.normalize(action) in game.legal_actions(seat):
            return None
        if action.verb in ("count", "muggins") and action.target is None:
            return "illegal", f"say how many points: '{action.verb} N'"
        if set(action.cards) & game.hidden_cards(seat):
            return "illegal", f"{action.verb}: you do not hold that card"
        try:
            game.apply(action)  # not legal, so this raises with the reason and changes nothing
        except IllegalActionError as error:
            return "illegal", str(error)
        raise AssertionError(f"{action!r} applied although it was not among the legal actions")

    async def _commit(self, table: Table, action: Action, ack: tuple[Conn, Any] | None, how: str | None = None) -> bool:
        """Store, then apply, then broadcast one legal action (caller holds the table's lock); ``how``
        says if the server made it for a person (``forced``, ``timeout``).

        Returns False, having changed nothing, if the action could not be stored."""
        game = table.game
        action = game.normalize(action)
        now = time.time()
        try:
            await self.journal.write([ActionRow(table.id, table.n, game.record_text(action), now, how)])
        except Exception as error:
            if self.multi and unique_violation(error):
                raise MovedOn(table.id) from None
            log.exception("table %s: could not store action %d", table.id, table.n)
            if ack is not None:
                self.refuse(ack[0], "storage", f"the server could not save that move ({error}); try again", ack[1])
            return False
        table.apply(action, now, how)
        table.changed.set()
        if game.finished:
            self._spawn(self._finished(table))
        self.broadcast(table, ack)
        self.kick(table)
        return True

    async def _hint(self, table: Table, conn: Conn, seat: int, request: Any) -> None:
        if conn.hinting:
            self.refuse(conn, "busy", "a hint is already being worked out", request)
            return
        conn.hinting = True
        try:
            problem = table.session.hint_refusal(seat)
            if problem is not None:
                code = "not-your-turn" if seat not in table.game.to_act() else "no-hint"
                self.refuse(conn, code, problem, request)
                return
            deal = table.game.deal_number
            advice = await self.thinker.hint(table.game, seat, table.objective)
            conn.push(hint_frame(advice, deal, request))
        finally:
            conn.hinting = False

    # ------------------------------------------------------------------ computer players
    def kick(self, table: Table) -> None:
        """Start the table's computer players if one of them may act and none is already thinking (in
        several processes, only in the one holding the table's lease)."""
        if table.busy or self.closing or table.over or table.computer_to_act() is None:
            return
        if not self.leases.take(lease_of(table.id)):
            return
        table.busy = True
        self._spawn(self._computers(table))

    async def _computers(self, table: Table) -> None:
        """The table's computer moves, one after another. Each is worked out without the table's lock
        (a person's simultaneous discard is not held up) and applied only if the game has not moved on
        meanwhile; else it is worked out again for the new moment. A decision depends only on the game
        at its moment (:func:`pegboard.session.computer_move`), so the game goes the same however the
        moves interleave in time, and after a restart."""
        failed = False
        session = table.session
        try:
            while not self.closing:
                if self.settings.pace:
                    await asyncio.sleep(self.settings.pace)
                seat = table.computer_to_act()
                if seat is None:
                    return
                moment = table.n
                how = None
                if session.is_human(seat):  # a person's forced move, made by the server at a rated table
                    forced = session.forced(seat)
                    if forced is None:
                        return
                    action, how = forced, "forced"
                else:
                    action = await self.thinker.decide(table.game, seat, session.kinds[seat], session.bot_seed,
                                                       session.objective)
                async with table.lock:
                    if await self.refresh(table) or table.n != moment or seat not in table.game.to_act():
                        continue  # someone moved meanwhile: decide again, at the new moment
                    if table.game.normalize(action) not in table.game.legal_actions(seat):
                        log.error("table %s: computer chose illegal %r; playing its first legal move", table.id, action)
                        action = table.game.legal_actions(seat)[0]
                    try:
                        if not await self._commit(table, action, None, how):
                            failed = True
                            return
                    except MovedOn:
                        continue
        except asyncio.CancelledError:
            raise
        except Exception:
            failed = True
            log.exception("table %s: computer player failed", table.id)
        finally:
            table.busy = False
            if not failed:
                self.kick(table)
