"""The hub without a network: slow connections are dropped, a damaged stored table does not stop the
others, and a move that cannot be stored is refused and not applied."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from pegboard.web.hub import Conn, Hub, Settings  # noqa: E402
from pegboard.web.store import ActionRow, SQLiteStore  # noqa: E402
from pegboard.web.tables import Table  # noqa: E402

TWO = {"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "human"}]}


def test_a_connection_too_slow_to_keep_up_is_closed_and_hung_up() -> None:
    async def main() -> list[str]:
        events: list[str] = []
        stuck = asyncio.Event()

        async def send(text: str) -> None:
            await stuck.wait()  # the network never takes it

        async def hang_up(reason: str) -> None:
            events.append(f"hung up: {reason}")

        conn = Conn(send, Settings(queue_limit=3), hang_up)
        pump = asyncio.ensure_future(conn.pump())
        for number in range(5):
            conn.push({"type": "state", "n": number})
        events.append(f"closed {conn.closed}")
        stuck.set()
        await asyncio.wait_for(pump, 5)
        return events

    assert asyncio.run(main()) == ["closed True", "hung up: too slow to keep up: reconnect for a fresh view"]


def test_a_table_that_cannot_be_restored_stays_unavailable_and_the_others_load(tmp_path: Path) -> None:
    store = SQLiteStore(str(tmp_path / "t.db"))
    good, bad = Table.new(TWO), Table.new(TWO)
    store.write([good.row(), bad.row(), ActionRow(bad.id, 0, "Ann play 5H")])  # not legal in the discard

    async def main() -> tuple[Any, Any]:
        hub = Hub(store)
        await hub.start()
        found = await hub.table(good.id), await hub.table(bad.id)
        await hub.stop()
        return found

    loaded_good, loaded_bad = asyncio.run(main())
    assert loaded_good is not None and loaded_good.game.view(None) == good.game.view(None)
    assert loaded_bad is None


class FailingStore(SQLiteStore):
    fail = False

    def write(self, writes: Any) -> None:
        if self.fail and any(isinstance(item, ActionRow) for item in writes):
            raise OSError("disk full")
        super().write(writes)


def test_a_move_that_cannot_be_stored_is_refused_and_not_applied(tmp_path: Path) -> None:
    store = FailingStore(str(tmp_path / "t.db"))

    async def main() -> tuple[list[dict[str, Any]], int, int]:
        hub = Hub(store)
        await hub.start()
        table = await hub.create(TWO)
        token = await hub.join(table, 0, table.seats[0].invite)
        sent: list[dict[str, Any]] = []

        async def send(text: str) -> None:
            sent.append(json.loads(text))

        conn = Conn(send, hub.settings)
        conn.seat = 0
        pump = asyncio.ensure_future(conn.pump())
        hub.attach(table, conn)
        store.fail = True
        events = len(table.game.events)
        await hub.handle(conn, {"type": "act", "token": token, "action": table.game.legal_actions(0)[0].text(),
                                "id": 1})
        changed = table.n, len(table.game.events) - events
        conn.close()
        await pump
        await hub.stop()
        return sent, *changed

    sent, n, new_events = asyncio.run(main())
    errors = [frame for frame in sent if frame["type"] == "error"]
    assert errors and errors[0]["code"] == "storage" and errors[0]["id"] == 1
    assert n == 0 and new_events == 0, "nothing was applied"
    assert not [frame for frame in sent if frame.get("ack") == 1]


def test_the_collector_freezes_live_objects_and_thaws_them_on_stop(tmp_path: Path) -> None:
    import gc

    async def main() -> tuple[int, int]:
        hub = Hub(SQLiteStore(str(tmp_path / "t.db")), Settings(gc_freeze=0.02))
        await hub.start()
        await hub.create(TWO)
        await asyncio.sleep(0.1)
        frozen = gc.get_freeze_count()
        await hub.stop()
        return frozen, gc.get_freeze_count()

    frozen, after = asyncio.run(main())
    assert frozen > 0 and after == 0


@pytest.mark.slow
def test_the_expert_thinks_in_a_worker_process_and_decides_as_in_the_server() -> None:
    """Issue 25: a computer's decision must not hold up other tables. The quick levels decide on the
    event loop; the expert in a worker process (a thread would hold the interpreter lock the loop
    needs), on the game pickled as it stood, and it decides exactly what the session decides here."""
    import os

    from pegboard.engine import new_game
    from pegboard.session import computer_move
    from pegboard.web.thinking import Thinker

    game = new_game("cribbage", ["Ann", "Bob"], seed=4)
    sent: list[str] = []

    async def main() -> tuple[Any, int]:
        thinker = Thinker(workers=1)
        original = thinker._run

        async def spy(function: Any, *args: Any) -> Any:
            sent.append(function.__name__)
            return await original(function, *args)

        thinker._run = spy  # type: ignore[method-assign]
        try:
            await thinker.decide(game, 1, "greedy", 9)
            action = await thinker.decide(game, 1, "expert", 9)
            worker = await original(os.getpid)
        finally:
            thinker.close()
        return action, worker

    action, worker = asyncio.run(main())
    assert sent == ["think"]  # greedy decided at once; the expert was sent out
    assert worker != os.getpid()
    assert action == computer_move(game.view(1), game.rules, "expert", 9)


# ---------------------------------------------------------------------------- issue 23: the objective
def test_the_servers_computer_seat_plays_for_the_tables_objective(tmp_path: Path) -> None:
    """Near the end (Ann deals at 110, Bob the expert is pone at 87, a skunk if Ann goes out) the expert
    throws 9C QC to win but 2S 7S for game points: the hub's move is the session's, objective and all."""
    import time

    from pegboard.cards import parse_cards
    from pegboard.engine import new_game
    from pegboard.web.tables import Seat

    throws = {"win": set(parse_cards("9C QC")), "game-points": set(parse_cards("2S 7S"))}

    async def main(objective: str) -> set[Any]:
        store = SQLiteStore(str(tmp_path / f"{objective}.db"))
        hub = Hub(store, Settings(workers=0))
        await hub.start()
        setup = {"version": 1, "game": "cribbage", "options": {}, "players": ["Ann", "Bob"], "seed": 169781,
                 "seats": [{"kind": "human", "level": None, "invite": None},
                           {"kind": "computer", "level": "expert", "invite": None}], "objective": objective}
        game = new_game("cribbage", ["Ann", "Bob"], seed=169781, first_dealer=0, start_scores=[110, 87])
        table = Table("objective1", setup, game, [Seat("Ann", "human"), Seat("Bob", "computer", "expert")],
                      time.time())
        store.write([table.row()])
        hub.tables[table.id] = table
        hub.kick(table)
        for _ in range(500):
            if table.n:
                break
            await asyncio.sleep(0.01)
        await hub.stop()
        (thrown,) = [event.cards for event in table.game.events if event.type == "discard" and event.seat == 1]
        return set(thrown)

    for objective, cards in throws.items():
        assert asyncio.run(main(objective)) == cards, objective


def test_a_tables_objective_is_stored_with_it_and_restored() -> None:
    from pegboard.objectives import GAME_POINTS, WIN
    from pegboard.web.store import StoredTable

    table = Table.new({**TWO, "objective": "game-points"})
    assert table.objective == GAME_POINTS and table.setup["objective"] == "game-points"
    assert table.public()["objective"] == "game-points" and table.public()["playing_for"].startswith("for game points")
    assert Table.restore(StoredTable(table.row())).objective == GAME_POINTS
    before = {key: value for key, value in table.setup.items() if key != "objective"}  # set up before objectives
    old = Table("old12345", before, table.game, table.seats, table.created)
    assert old.objective == WIN and Table.new(TWO).objective == WIN
