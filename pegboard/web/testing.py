"""A real server on a free loopback port in a background thread, for tests and benchmarks.

>>> import tempfile, urllib.request, json
>>> with tempfile.TemporaryDirectory() as folder, ServerThread(f"{folder}/t.db") as server:
...     games = json.load(urllib.request.urlopen(server.url + "/api/games"))["games"]
>>> [game["game"] for game in games][:2]
['cribbage', 'cribbage-3']
"""

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
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from types import TracebackType
from typing import Any

import uvicorn

from pegboard.web.app import create_app
from pegboard.web.hub import Hub, Settings
from pegboard.web.store import Store

__all__ = ["LoopbackAddress", "ServerThread", "ServedProcess", "free_port", "children_of", "Client", "post",
           "open_table", "Member", "HTTPAnswer"]


class LoopbackAddress:
    """Where a test server listens: ``url`` for HTTP, ``ws_url`` for sockets (``port`` set on start)."""

    port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def children_of(pid: int, deep: bool = False) -> list[int]:
    """The child processes of ``pid`` (every descendant if ``deep``)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue
    found: list[int] = []
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found.extend(sorted(frontier))
        if not deep:
            break
    return found


class ServedProcess(LoopbackAddress):
    """``pegboard serve`` as a real process on a free loopback port (``--processes N``), for the fault
    tests and the scaling benchmarks: its stderr lines as they come (``lines``), the worker pids it
    announced (``announced``), its server processes now (:meth:`workers`) and how long it took to answer
    first (``start_seconds``). Raises ``RuntimeError`` with its output if it does not start."""

    def __init__(self, db: str, processes: int, *extra: str, start_within: float = 120) -> None:
        self.port = free_port()
        self.processes = processes
        env = {**os.environ, "PEGBOARD_PURE": os.environ.get("PEGBOARD_PURE", "1")}
        source_root = Path(__file__).resolve().parent.parent.parent  # runs this checkout's pegboard
        self.proc = subprocess.Popen([sys.executable, "-m", "pegboard", "serve", "--db", db, "--processes",
                                      str(processes), "--port", str(self.port), "--pace", "0", *extra],
                                     stderr=subprocess.PIPE, text=True, env=env, cwd=source_root)
        self.lines: list[str] = []
        self.announced: list[int] = []
        threading.Thread(target=self._read, daemon=True).start()
        started = time.monotonic()
        while True:
            try:
                urllib.request.urlopen(f"{self.url}/api/games", timeout=2).read()
                if processes == 1 or len(self.announced) >= processes:
                    break
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > started + start_within:
                self.stop()
                raise RuntimeError("the server did not start:\n" + "\n".join(self.lines))
            time.sleep(0.05)
        self.start_seconds = time.monotonic() - started

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line.rstrip())
            if "server processes:" in line:
                self.announced = [int(pid) for pid in line.split(":")[-1].split(",")]

    def workers(self) -> list[int]:
        """The server processes now: the supervisor's children (one process: the server itself)."""
        return [self.proc.pid] if self.processes == 1 else children_of(self.proc.pid)

    def stop(self) -> None:
        """SIGINT, as Ctrl-C would; a kill if it has not ended within 20 s."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


class ServerThread(LoopbackAddress):
    """``with ServerThread(db) as server:`` serves on ``server.url`` (``server.ws_url`` for sockets)."""

    def __init__(self, store: Store | str, settings: Settings | None = None) -> None:
        self.app = create_app(store, settings or Settings())
        config = uvicorn.Config(self.app, host="127.0.0.1", port=0, log_level="warning", lifespan="on",
                                ws_max_size=65536, ws_per_message_deflate=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="pegboard-test-server", daemon=True)
        self.port = 0

    @property
    def hub(self) -> Hub:
        hub: Hub = self.app.state.hub
        return hub

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


class Client:
    """A blocking WebSocket client for one seat (or a spectator): ``act`` waits for its answer.

    Every frame received is kept in ``frames``; ``state`` is the latest state frame.
    """

    def __init__(self, ws_url: str, table: str, token: str | None = None, *, timeout: float = 20) -> None:
        from websockets.sync.client import connect

        self.timeout = timeout
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.state: dict[str, Any] = {}
        self._next = 0
        self._stack = ExitStack()
        self.socket = self._stack.enter_context(connect(f"{ws_url}/ws/{table}", open_timeout=timeout, max_size=2**22))
        self.token = token
        self.send({"type": "hello", **({"token": token} if token else {})})
        self.until(lambda frame: frame["type"] in ("state", "error") and frame.get("code") != "bad-token")

    def send(self, message: dict[str, Any] | str) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        text = self.socket.recv(timeout=self.timeout if timeout is None else timeout)
        assert isinstance(text, str)
        frame: dict[str, Any] = json.loads(text)
        self.texts.append(text)
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        return frame

    def until(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Receive frames until one satisfies ``done``; returns it."""
        while not done(frame := self.receive()):
            pass
        return frame

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a message with a fresh id; the answer (a state with that ack, a hint or an error)."""
        self._next += 1
        request = self._next
        self.send({**({"token": self.token} if self.token else {}), **message, "id": request})
        return self.until(lambda frame: frame.get("ack") == request or (
            frame["type"] in ("error", "hint") and frame.get("id") == request))

    def act(self, action: str) -> dict[str, Any]:
        return self.request({"type": "act", "action": action})

    def play_out(self, chooser: random.Random, timeout: float = 120) -> dict[str, Any]:
        """Play this seat to the end of the game, each move chosen at random among the legal ones (a
        count under muggins says 3, a claim passes); the last state."""
        deadline = time.monotonic() + timeout
        while not self.state["finished"]:
            if time.monotonic() > deadline:
                raise TimeoutError("the game did not finish")
            if not self.state["legal"]:
                self.until(lambda frame: frame["type"] == "state" and bool(frame["legal"] or frame["finished"]))
                continue
            choice = chooser.choice(self.state["legal"])
            self.act("count 3" if choice == "count" else "pass" if choice == "muggins" else choice)
        return self.state

    def catch_up(self, n: int) -> dict[str, Any]:
        """Receive until the state has ``n`` actions applied (or more)."""
        if self.state.get("n", -1) >= n:
            return self.state
        return self.until(lambda frame: frame["type"] == "state" and frame["n"] >= n)

    def close(self) -> None:
        self._stack.close()


def post(url: str, body: Any) -> Any:
    """POST JSON and return the decoded answer (raises ``urllib.error.HTTPError`` on 4xx/5xx)."""
    import urllib.request

    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as answer:
        return json.load(answer)


def open_table(base: str, body: dict[str, Any]) -> tuple[dict[str, Any], dict[int, str]]:
    """Create a table and take every human seat: (the creation answer, token per seat)."""
    created = post(f"{base}/api/tables", body)
    tokens = {}
    for seat, link in created["links"].items():
        invite = link.split("#join=", 1)[1].split(".", 1)[1]
        tokens[int(seat)] = post(f"{base}/api/tables/{created['table']}/join",
                                 {"seat": int(seat), "invite": invite})["token"]
    return created, tokens


class HTTPAnswer(Exception):
    """A 4xx/5xx answer: ``status``, ``error`` (the message) and ``headers``."""

    def __init__(self, status: int, error: str, headers: dict[str, str]) -> None:
        super().__init__(f"{status}: {error}")
        self.status, self.error, self.headers = status, error, headers


class Member:
    """A signed-in (or guest) person over HTTP: a cookie jar and the session's CSRF token.

    ``get``/``post``/``delete`` return the decoded JSON and raise :class:`HTTPAnswer` on a refusal.
    """

    def __init__(self, base: str) -> None:
        import http.cookiejar
        import urllib.request

        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.csrf: str | None = None
        self.name: str | None = None

    def send(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
        import urllib.error
        import urllib.request

        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        sent = {"content-type": "application/json", **({"x-csrf-token": self.csrf} if self.csrf else {}),
                **(headers or {})}
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=sent)
        try:
            with self.opener.open(request, timeout=60) as answer:
                text = answer.read()
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                message = json.loads(raw).get("error", "")
            except ValueError:
                message = raw.decode(errors="replace")
            raise HTTPAnswer(error.code, message, dict(error.headers)) from None
        return json.loads(text) if text else None

    def get(self, path: str) -> Any:
        return self.send("GET", path)

    def post(self, path: str, body: Any = None) -> Any:
        return self.send("POST", path, {} if body is None else body)

    def delete(self, path: str) -> Any:
        return self.send("DELETE", path)

    def _signed(self, answer: Any) -> Any:
        self.csrf, self.name = answer["csrf"], answer["name"]
        return answer

    def sign_up(self, name: str, password: str = "a long secret") -> Any:
        return self._signed(self.post("/api/accounts", {"name": name, "password": password}))

    def sign_in(self, name: str, password: str = "a long secret") -> Any:
        return self._signed(self.post("/api/login", {"name": name, "password": password}))

    def open_table(self, body: dict[str, Any]) -> tuple[dict[str, Any], dict[int, str]]:
        """Create a table and take every human seat this member may: (the creation answer, token per seat)."""
        created = self.post("/api/tables", body)
        tokens = {}
        for seat, link in created["links"].items():
            invite = link.split("#join=", 1)[1].split(".", 1)[1]
            tokens[int(seat)] = self.post(f"/api/tables/{created['table']}/join",
                                          {"seat": int(seat), "invite": invite})["token"]
        return created, tokens
