"""Issue 25 on the web server: who may hand out seats, what a table may be, resuming exactly as the
game would have gone, rate limits that answer, the access log, tables' lifetime in memory."""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from pegboard.session import Session  # noqa: E402
from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.store import SQLiteStore  # noqa: E402
from pegboard.web.tables import Table  # noqa: E402
from pegboard.web.testing import Client, ServerThread, open_table, post  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def refused(url: str, body: Any) -> tuple[int, str]:
    try:
        post(url, body)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)["error"]
    raise AssertionError(f"{url} accepted {body}")


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with ServerThread(str(tmp_path / "t.db"), Settings(workers=0)) as running:
        yield running


def test_only_the_tables_creator_gets_the_invites_and_may_reissue_one(server: ServerThread) -> None:
    created = post(f"{server.url}/api/tables", {"game": "cribbage-3", "seats": [
        {"name": "Ann"}, {"name": "Bob"}, {"name": "Cat"}]})
    table, links = created["table"], created["links"]
    invite = {int(seat): link.split("#join=")[1].split(".", 1)[1] for seat, link in links.items()}
    join = f"{server.url}/api/tables/{table}/join"
    ann = post(join, {"seat": 0, "invite": invite[0]})["token"]
    bob = post(join, {"seat": 1, "invite": invite[1]})["token"]
    invites = f"{server.url}/api/tables/{table}/invites"
    status, message = refused(invites, {"token": bob})  # Bob could take Cat's seat and see two hands
    assert status == 403 and "only the table's creator (Ann)" in message
    assert set(post(invites, {"token": ann})["links"]) == {"2"}
    # Ann reissues Cat's invite: the old one stops working, the new one works
    fresh = post(invites, {"token": ann, "reissue": 2})["links"]["2"].split("#join=")[1].split(".", 1)[1]
    assert fresh != invite[2]
    assert refused(join, {"seat": 2, "invite": invite[2]})[0] == 403
    cat = post(join, {"seat": 2, "invite": fresh})["token"]
    # issue 36: a taken seat cannot be taken back while its player is there (the creator would read
    # their hand with the new invite), only once they have been away for a while: then their token stops
    watcher = Client(server.ws_url, table, cat)
    assert watcher.state["seat"] == 2
    status, message = refused(invites, {"token": ann, "reissue": 2})
    assert status == 409 and "Cat has taken seat 2 and is at the table" in message
    watcher.close()
    deadline = time.monotonic() + 10
    while server.hub.tables[table].seats[2].online and time.monotonic() < deadline:
        time.sleep(0.02)
    status, message = refused(invites, {"token": ann, "reissue": 2})
    assert status == 409 and "only after its player has been away 120 s" in message
    server.hub.settings.reissue_away = 0.05
    time.sleep(0.1)
    fresh = post(invites, {"token": ann, "reissue": 2})["links"]["2"].split("#join=")[1].split(".", 1)[1]
    assert Client(server.ws_url, table, cat).state["seat"] is None
    assert "Ann gave Cat's seat to someone else" in Client(server.ws_url, table).state["notices"][-1]
    post(join, {"seat": 2, "invite": fresh})
    assert Client(server.ws_url, table).state["notices"][-1] == "someone new took over Cat's seat"
    assert refused(invites, {"token": ann, "reissue": 0})[0] == 400  # not her own seat


@pytest.mark.parametrize("name", ["Ann\n", "Ann\r\n", " Ann", "A" * 17])
def test_a_name_is_matched_whole_and_a_bad_one_is_a_400_never_a_500(server: ServerThread, name: str) -> None:
    status, message = refused(f"{server.url}/api/tables", {"game": "cribbage", "seats": [
        {"name": name}, {"kind": "computer", "level": "greedy"}]})
    assert status == 400 and "a name is 1-16 letters" in message


def test_every_engine_refusal_during_set_up_is_a_400(monkeypatch: pytest.MonkeyPatch, server: ServerThread) -> None:
    from pegboard.web import tables

    monkeypatch.setattr(tables, "NAME", __import__("re").compile(r"(?s).{1,16}"))  # a check that lets a bad name by
    status, message = refused(f"{server.url}/api/tables", {"game": "cribbage", "seats": [
        {"name": "A+B"}, {"kind": "computer", "level": "greedy"}]})
    assert status == 400 and "player name 'A+B'" in message


def test_a_table_of_computers_only_is_refused(server: ServerThread) -> None:
    status, message = refused(f"{server.url}/api/tables", {"game": "cribbage", "seats": [
        {"kind": "computer", "level": "expert"}, {"kind": "computer", "level": "expert"}]})
    assert status == 400 and "at least one seat must be a person's" in message


def test_a_rate_limited_message_is_answered_with_its_id(tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), Settings(rate=0.5, burst=2, workers=0)) as server:
        created, tokens = open_table(server.url, {"game": "cribbage", "seats": [{"name": "Ann"}, {"name": "Bob"}]})
        client = Client(server.ws_url, created["table"], tokens[0])
        for request in range(1, 7):
            client.send({"type": "hint", "token": tokens[0], "id": request})
        answers = [client.until(lambda frame, wanted=wanted: frame.get("id") == wanted) for wanted in range(1, 7)]
        limited = [frame for frame in answers if frame.get("code") == "rate-limited"]
        assert limited and all(frame["message"].startswith("too many messages") for frame in limited)
        client.close()


def play_and_interrupt(db: Path, body: dict[str, Any], rng: random.Random, restarts: int) -> str:
    """Play a table's person's moves at random, restarting the server at random points; the table id."""
    settings = Settings(workers=0)
    server = ServerThread(str(db), settings).__enter__()
    created, tokens = open_table(server.url, body)
    table = created["table"]
    stops = sorted(rng.sample(range(2, 40), restarts))
    moves = 0
    try:
        while moves < 45:
            client = Client(server.ws_url, table, tokens[0])
            while moves < 45 and (not stops or moves < stops[0]):
                if client.state["finished"]:
                    return table
                if not client.state["legal"]:
                    client.until(lambda frame: frame["type"] == "state" and bool(frame["legal"] or frame["finished"]))
                    continue
                choice = random.Random(rng.random()).choice(client.state["legal"])
                answer = client.act("count 3" if choice == "count" else "pass" if choice == "muggins" else choice)
                assert answer["type"] == "state", answer
                moves += 1
            client.close()
            if stops:
                stops.pop(0)
                server.__exit__(None, None, None)  # interrupted: computers may be thinking
                server = ServerThread(str(db), settings).__enter__()
    finally:
        server.__exit__(None, None, None)
    return table


@pytest.mark.parametrize("game, levels, options", [
    ("cribbage-3", ("random", "greedy"), {"muggins": True}),
    ("five-card", ("expert",), {}),
])
def test_a_table_resumed_at_random_points_goes_on_exactly_as_it_would_have(
        tmp_path: Path, game: str, levels: tuple[str, ...], options: dict[str, Any]) -> None:
    """Every computer move stored, across restarts at random points, is the move the session makes at
    that moment of an uninterrupted game: one driver, seeded by table, seat and moment."""
    db = tmp_path / "t.db"
    seats = [{"name": "Ann"}] + [{"kind": "computer", "level": level} for level in levels]
    table = play_and_interrupt(db, {"game": game, "options": options, "seats": seats}, random.Random(25), 3)
    stored = SQLiteStore(str(db)).load(table)
    assert stored is not None and len(stored.actions) > 20
    live = Table.restore(stored)
    fresh = Table.restore(type(stored)(stored.row))  # the same set-up, no move yet
    session: Session = fresh.session
    computer_moves = 0
    for text in stored.actions:
        action = fresh.game.parse_action(text)
        if not session.is_human(action.seat):
            assert fresh.game.normalize(session.decide(action.seat)) == fresh.game.normalize(action), text
            computer_moves += 1
        fresh.game.apply(action)
    assert computer_moves > 5 and fresh.game.events == live.game.events


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.mark.slow
@pytest.mark.parametrize("flag", ["--access-log", "--no-access-log"])
def test_serve_access_log_logs_every_request(tmp_path: Path, flag: str) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "pegboard", "serve", "--port", str(port), "--db",
                                str(tmp_path / "t.db"), flag], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).read()
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
    finally:
        process.terminate()
        out, err = process.communicate(timeout=30)
    logged = "GET /api/games" in out + err
    assert logged == (flag == "--access-log"), out + err


def test_idle_and_finished_tables_are_unloaded_from_memory_and_come_back(tmp_path: Path) -> None:
    settings = Settings(workers=0, idle_unload=0.3, finished_unload=0.1)
    with ServerThread(str(tmp_path / "t.db"), settings) as server:
        created, tokens = open_table(server.url, {"game": "cribbage", "seats": [{"name": "Ann"}, {"name": "Bob"}]})
        table = created["table"]
        client = Client(server.ws_url, table, tokens[0])
        time.sleep(0.6)
        assert table in server.hub.tables  # someone is at it: it stays
        client.act(client.state["legal"][0])
        client.close()
        deadline = time.monotonic() + 10
        while table in server.hub.tables:
            assert time.monotonic() < deadline, "an idle table stays in memory"
            time.sleep(0.05)
        again = Client(server.ws_url, table, tokens[0])  # loaded again from the database, as it was
        assert again.state["n"] == 1 and again.state["seat"] == 0
        again.close()
