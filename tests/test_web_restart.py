"""Nothing lost: a real ``pegboard serve`` process is killed with SIGKILL mid-game, while moves are in
flight and computers are playing, and started again on the same database. Every table comes back
exactly as it was: every acknowledged move is there, seat tokens still work, computers carry on."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from pegboard.web.testing import Client, LoopbackAddress, open_table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VOLATILE = ("seats", "ack", "last")  # who is online, the answer id, the range of the latest action's events


class Server(LoopbackAddress):
    """``pegboard serve`` in a subprocess on a free port."""

    def __init__(self, db: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pegboard", "serve", "--port", str(self.port), "--db", str(db), "--pace", "0.02"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{self.url}/api/games", timeout=2).read()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {self.process.stderr.read()!r}") from None
                time.sleep(0.05)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)


def snapshot(server: Server, table: str, tokens: dict[int, str]) -> dict[Any, dict[str, Any]]:
    """The full first frame of each seat and of a spectator, without what naturally differs."""
    frames = {}
    for seat in (*tokens, None):
        client = Client(server.ws_url, table, tokens[seat] if seat is not None else None)
        frames[seat] = {key: value for key, value in client.state.items() if key not in VOLATILE}
        client.close()
    return frames


def play(clients: dict[int, Client], rng: random.Random, moves: int, n: int = 0) -> int:
    for _ in range(moves):
        for client in clients.values():
            client.catch_up(n)
        movers = [client for client in clients.values() if client.state["legal"]]
        if not movers:
            break
        client = rng.choice(movers)
        choice = rng.choice(client.state["legal"])
        answer = client.act("count 0" if choice == "count" else "pass" if choice == "muggins" else choice)
        assert answer["type"] == "state", answer
        n = answer["n"]
    return n


class Hammer(threading.Thread):
    """Plays a table as fast as it can until the server dies, remembering the last acknowledged move."""

    def __init__(self, server: Server, table: str, tokens: dict[int, str], seed: int) -> None:
        super().__init__(daemon=True)
        self.clients = {seat: Client(server.ws_url, table, token, timeout=5) for seat, token in tokens.items()}
        self.acked = 0
        self.rng = random.Random(seed)

    def run(self) -> None:
        try:
            while True:
                self.acked = play(self.clients, self.rng, 1, self.acked)
        except Exception:  # the server was killed
            return


@pytest.mark.slow
def test_kill_9_mid_game_and_restart_resumes_every_table_exactly(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    rng = random.Random(7)
    server = Server(db)
    humans = {"game": "cribbage", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    calm, calm_tokens = open_table(server.url, humans)
    busy, busy_tokens = open_table(server.url, {**humans, "options": {"muggins": True}})
    bots, bots_tokens = open_table(server.url, {"game": "cribbage-3", "options": {"target": 999}, "seats": [
        {"name": "Ann"}, {"kind": "computer", "level": "greedy", "name": "Hal"},
        {"kind": "computer", "level": "random", "name": "Eve"}]})
    clients = {seat: Client(server.ws_url, calm["table"], token) for seat, token in calm_tokens.items()}
    calm_n = play(clients, rng, 25)
    for client in clients.values():
        client.close()

    for cycle in range(3):
        before = snapshot(server, calm["table"], calm_tokens)
        bots_before = json.load(urllib.request.urlopen(f"{server.url}/api/tables/{bots['table']}"))["n"]
        hammer = Hammer(server, busy["table"], busy_tokens, seed=cycle)
        hammer.start()
        time.sleep(0.3 + rng.random())
        server.kill()  # mid-flight: moves being stored, computers thinking
        hammer.join(timeout=30)
        acked = hammer.acked
        assert acked > 0

        server = Server(db)
        assert snapshot(server, calm["table"], calm_tokens) == before, "an idle table comes back exactly"
        again = {seat: Client(server.ws_url, busy["table"], token) for seat, token in busy_tokens.items()}
        n = again[0].state["n"]
        assert acked <= n <= acked + 1, f"acknowledged {acked} moves, {n} came back: none lost, none invented"
        last_seen = {seat: [frame for frame in client.frames if frame["type"] == "state" and frame["n"] == n]
                     for seat, client in hammer.clients.items()}
        for seat, client in again.items():
            if last_seen[seat]:  # the state this seat last saw is the state that came back
                assert client.state["view"] == last_seen[seat][-1]["view"]
        play(again, rng, 3, n)  # the tokens still work and the game goes on
        for client in again.values():
            client.close()
        ann = {0: Client(server.ws_url, bots["table"], bots_tokens[0])}
        moved = play(ann, rng, 3, bots_before) - bots_before  # Ann plays on; the computers answer her
        ann[0].close()
        deadline = time.monotonic() + 20
        while json.load(urllib.request.urlopen(f"{server.url}/api/tables/{bots['table']}"))["n"] <= bots_before + moved:
            assert time.monotonic() < deadline, "the computers carry on after a restart"
            time.sleep(0.05)

    clients = {seat: Client(server.ws_url, calm["table"], token) for seat, token in calm_tokens.items()}
    assert clients[0].state["n"] == calm_n
    play(clients, rng, 2, calm_n)
    server.kill()
