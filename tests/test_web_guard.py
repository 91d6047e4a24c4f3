"""Issue 40 part B on the web server: a duplicate set's first half stays closed until the set is over,
reviews are bounded and kept in the database, forwarded addresses are believed only from named proxies,
the WebSocket's Origin must match in scheme too, a Host allow-list, and a connection closed for its
rate says so."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from pegboard.web.analyses import Analyses  # noqa: E402
from pegboard.web.app import create_app  # noqa: E402
from pegboard.web.errors import HubError  # noqa: E402
from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.testing import Client, ServerThread, open_table  # noqa: E402


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    with ServerThread(str(tmp_path / "t.db"), Settings(workers=0, rate=1000.0, burst=1000.0)) as running:
        yield running


@pytest.mark.slow
def test_a_duplicate_sets_first_half_review_and_record_stay_closed_until_the_set_is_over(server: ServerThread) -> None:
    created, tokens = open_table(server.url, {"game": "cribbage", "duplicate": 1, "seats": [
        {"name": "Ivy"}, {"kind": "computer", "level": "greedy", "name": "Gus"}]})
    first = created["table"]
    client = Client(server.ws_url, first, tokens[0])
    try:
        client.play_out(random.Random(1))
    finally:
        client.close()
    for path in ("record", "review", "review/0"):
        status, body = fetch(f"{server.url}/api/tables/{first}/{path}")
        assert status == 409 and "whole set is over" in body["error"], path
    second = f"{first}-2"
    while fetch(f"{server.url}/api/tables/{second}")[0] != 200:
        pass
    client = Client(server.ws_url, second, tokens[0])
    try:
        client.play_out(random.Random(2))
    finally:
        client.close()
    assert fetch(f"{server.url}/api/tables/{first}/record")[0] == 200
    assert fetch(f"{server.url}/api/tables/{first}/review")[0] == 200


@pytest.mark.slow
def test_a_finished_review_is_kept_in_the_database_and_served_again_after_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    with ServerThread(db, Settings(workers=0, rate=1000.0, burst=1000.0)) as server:
        created, tokens = open_table(server.url, {"game": "five-card", "seats": [
            {"name": "Ann"}, {"kind": "computer", "level": "greedy", "name": "Gus"}]})
        client = Client(server.ws_url, created["table"], tokens[0])
        try:
            client.play_out(random.Random(3))
        finally:
            client.close()
        status, review = fetch(f"{server.url}/api/tables/{created['table']}/review")
        assert status == 200
    with ServerThread(db, Settings(workers=0)) as server:
        server.hub.analyses.run = None  # type: ignore[assignment,method-assign]  # no analysis may run now
        assert fetch(f"{server.url}/api/tables/{created['table']}/review") == (200, review)


def test_analyses_are_bounded_in_all_and_per_address() -> None:
    async def main() -> list[int]:
        analyses = Analyses(workers=0, at_once=1, queued=2, per_address=2)
        release = asyncio.Event()
        loop = asyncio.get_running_loop()

        def slow() -> int:
            asyncio.run_coroutine_threadsafe(release.wait(), loop).result()
            return 1

        statuses = []
        tasks = []
        for address in ("a", "a", "a", "b", "c", "d"):
            task = asyncio.ensure_future(analyses.run(address, slow))
            await asyncio.sleep(0.01)
            tasks.append(task)
        release.set()
        for task in tasks:
            try:
                statuses.append(200 if await task == 1 else 500)
            except HubError as error:
                statuses.append(error.status)
        analyses.close()
        return statuses

    assert asyncio.run(main()) == [200, 200, 429, 200, 503, 503]


def test_forwarded_addresses_count_only_from_a_named_proxy(tmp_path: Path) -> None:
    body = {"game": "cribbage", "seats": [{"name": "Ann"}, {"kind": "computer", "name": "Gus"}]}
    for proxies, expected in (((), 429), (("testclient",), 201)):
        app = create_app(str(tmp_path / f"{len(proxies)}.db"), Settings(workers=0, create_burst=3, create_rate=0.001,
                                                                        trusted_proxies=proxies))
        with TestClient(app) as client:
            statuses = [client.post("/api/tables", json=body, headers={"x-forwarded-for": f"10.0.0.{n}"}).status_code
                        for n in range(6)]
        assert statuses[-1] == expected, proxies


def test_the_websocket_origin_must_match_in_scheme_and_hosts_are_allow_listed(tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    app = create_app(str(tmp_path / "t.db"), Settings(workers=0, allowed_hosts=("testserver",)))
    with TestClient(app) as client:
        table = client.post("/api/tables", json={"game": "cribbage", "seats": [
            {"name": "Ann"}, {"kind": "computer", "name": "Gus"}]}).json()["table"]
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
                f"/ws/{table}", headers={"origin": "https://testserver"}) as socket:
            socket.receive_text()
        assert closed.value.code == 1008
        with client.websocket_connect(f"/ws/{table}", headers={"origin": "http://testserver"}) as socket:
            socket.send_text(json.dumps({"type": "hello"}))
            assert json.loads(socket.receive_text())["type"] == "state"
        assert client.get("/api/games", headers={"host": "evil.example"}).status_code == 400
        assert client.get("/api/games").status_code == 200


@pytest.mark.slow
def test_a_connection_closed_for_its_rate_is_told_why(tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    app = create_app(str(tmp_path / "t.db"), Settings(workers=0, rate=1.0, burst=1.0))
    with TestClient(app) as client:
        table = client.post("/api/tables", json={"game": "cribbage", "seats": [
            {"name": "Ann"}, {"kind": "computer", "name": "Gus"}]}).json()["table"]
        with client.websocket_connect(f"/ws/{table}") as socket:
            socket.send_text(json.dumps({"type": "hello"}))
            socket.receive_text()
            import time
            started = time.monotonic()
            while time.monotonic() - started < 1.5:
                for _ in range(50):
                    socket.send_text(json.dumps({"type": "act", "token": "x", "action": "go"}))
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    socket.receive_text()
        assert closed.value.code == 1008 and closed.value.reason == "closed for sending too many messages"
