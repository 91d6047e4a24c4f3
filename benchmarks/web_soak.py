"""Soak and fault test of ``pegboard serve --processes N`` on PostgreSQL (issue 37): bounded, loopback
only, stops by itself.

It starts a throwaway PostgreSQL (:class:`pegboard.web.pgtest.TempPostgres`) and ``pegboard serve --db
postgresql://... --processes N --pace 0``, then plays ``--tables`` cribbage tables with scripted people
(a fifth against the computer at greedy, one in twenty against the expert, the rest person against
person). Each person waits a random think time before each move (log-normal, median ``--think``
seconds, so the load is sustained, not a flood) and, when the connection breaks, reconnects as the page
does (after 0.3 s, doubling to 5 s). A finished game is replaced by a new table. Every ``--kill-every``
seconds one random server process gets ``kill -9`` (the supervisor starts another).

At the end the database is checked: every table's moves numbered 0..n-1 once each, every move
acknowledged to a client present under its number with the text sent (a *lost* move otherwise), no
move number acknowledged twice (a *duplicated* move).

Reply time is from sending a move to its acknowledgement; reconnect time from the kill to the
reconnected client's first state frame.

    python -m benchmarks.web_soak --processes 4 --tables 400 --minutes 10 --kill-every 120
    python -m benchmarks.web_soak --scale            # 1, 2, 4 processes, 60 s each, no kills
    python -m benchmarks.web_soak --reviews 12       # live replies before and during 12 reviews

``--rated-pairs`` pairs of signed-up accounts also play rated cribbage on the clock (15+120), matched by
the server's queue through the browser's own requests (queue, contribute, claim), queueing again after
each game; forced moves are left to the server.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import math
import os
import random
import signal
import sys
import threading
import time
import urllib.request
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pegboard.web.testing import ServedProcess as Served
from pegboard.web.testing import children_of

SILENT = 60.0
"""Seconds without a frame after which a person's connection is taken for dead (it reconnects)."""
AFTER_KILL = 15.0
"""Seconds after a kill whose replies are also reported apart (the reconnections' load)."""


# -- the server ---------------------------------------------------------------------------------------


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def tree_cpu(pid: int) -> float:
    return cpu_seconds(pid) + sum(cpu_seconds(child) for child in children_of(pid, deep=True))


@contextmanager
def postgres() -> Iterator[Any]:
    from pegboard.web.pgtest import TempPostgres

    with TempPostgres() as cluster:
        yield cluster


def postmaster_pid(cluster: Any) -> int:
    return int((cluster.data / "postmaster.pid").read_text().split()[0])


# -- the people ---------------------------------------------------------------------------------------


def address(number: int) -> str:
    """A loopback source address of its own for table ``number``'s people (the server limits table
    creation per address, as for people at home)."""
    return f"127.0.{1 + number // 200}.{10 + number % 200}"


def http_post(base: str, path: str, body: Any, source: str) -> Any:
    host, port = base.split("//", 1)[1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30, source_address=(source, 0))
    try:
        conn.request("POST", path, json.dumps(body), {"content-type": "application/json"})
        answer = conn.getresponse()
        text = answer.read()
        if answer.status >= 400:
            raise RuntimeError(f"POST {path}: {answer.status} {text[:200]!r}")
        return json.loads(text)
    finally:
        conn.close()


def http_get(base: str, path: str, source: str, timeout: float = 300) -> tuple[int, bytes]:
    host, port = base.split("//", 1)[1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def opponent_of(number: int) -> str | None:
    """Table ``number``'s computer level (None: two people)."""
    return "expert" if number % 20 == 7 else "greedy" if number % 5 == 1 else None


def new_table(base: str, number: int) -> tuple[str, dict[int, str]]:
    level = opponent_of(number)
    second: dict[str, Any] = {"name": "Bob"} if level is None else {"name": "Bob", "kind": "computer", "level": level}
    source = address(number)
    for attempt in range(20):
        try:
            created = http_post(base, "/api/tables", {"game": "cribbage", "seats": [{"name": "Ann"}, second]}, source)
            tokens = {}
            for seat, link in created["links"].items():
                invite = link.split("#join=", 1)[1].split(".", 1)[1]
                tokens[int(seat)] = http_post(base, f"/api/tables/{created['table']}/join",
                                              {"seat": int(seat), "invite": invite}, source)["token"]
            return created["table"], tokens
        except (OSError, RuntimeError, http.client.HTTPException):
            if attempt == 19:
                raise
            time.sleep(0.5)  # a server process was just killed
    raise AssertionError("unreachable")


@dataclass
class Figures:
    replies: list[tuple[float, float]] = field(default_factory=list)  # (when acknowledged, seconds)
    acks: list[tuple[str, int, str]] = field(default_factory=list)  # (table, move number, text sent)
    reconnects: list[float] = field(default_factory=list)
    breaks: int = 0
    errors: list[str] = field(default_factory=list)
    games: int = 0
    stuck: int = 0
    tables: set[str] = field(default_factory=set)
    last_kill: float = -1e9
    kills: int = 0
    kill_times: list[float] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)  # rated games: how each seat's game ended
    rated_games: int = 0


def think_time(rng: random.Random, median: float) -> float:
    """A person's pause before a move: log-normal around ``median`` (a quarter to four times it, mostly),
    at most five times it (within a rated clock's 15 s for a 3 s median).

    >>> 0 < think_time(random.Random(1), 3.0) <= 15
    True
    """
    return min(5 * median, median * math.exp(rng.gauss(0, 0.7)))


def forced(legal: list[str]) -> bool:
    """Whether a rated table's server makes this seat's move itself (one legal go, play, place or discard).

    >>> forced(["go"]), forced(["play 5H", "play 5D"]), forced(["count"])
    (True, False, False)
    """
    from pegboard.session import FORCED_VERBS

    return len(legal) == 1 and legal[0].split(" ", 1)[0] in FORCED_VERBS


async def person(ws_url: str, table: str, token: str, source: str, think: float, until: float, figures: Figures,
                 rng: random.Random, rated: bool = False) -> bool:
    """Play one seat until the game ends (True) or time is up (False), reconnecting like the page; at a
    ``rated`` table forced moves are left to the server."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    retry = 0
    broke_at: float | None = None
    request = 0
    while time.monotonic() < until:
        try:
            async with connect(f"{ws_url}/ws/{table}", max_size=2**22, ping_interval=None, open_timeout=10,
                               local_addr=(source, 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                state: dict[str, Any] = {}
                waiting: tuple[int, float, str] | None = None
                while time.monotonic() < until:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), min(SILENT, max(0.05, until - time.monotonic())))
                    except TimeoutError:
                        if time.monotonic() >= until:
                            return False
                        figures.stuck += 1
                        raise ConnectionError(f"no frame for {SILENT} s") from None
                    frame = json.loads(raw)
                    if frame["type"] == "error":
                        figures.errors.append(str(frame.get("message")))
                        waiting = None
                        if not state.get("legal"):
                            continue
                    elif frame["type"] != "state":
                        continue
                    else:
                        state = frame
                        now = time.monotonic()
                        if broke_at is not None:
                            if broke_at - figures.last_kill < 10:
                                figures.reconnects.append(now - figures.last_kill)
                            broke_at = None
                            retry = 0
                        if waiting is not None and frame.get("ack") == waiting[0]:
                            figures.replies.append((now, now - waiting[1]))
                            figures.acks.append((table, int(frame["n"]) - 1, waiting[2]))
                            waiting = None
                        if frame["finished"]:
                            if rated:
                                figures.outcomes.append(str((frame.get("outcome") or {}).get("reason", "played")))
                            return True
                    if state.get("legal") and waiting is None and not (rated and forced(state["legal"])):
                        await asyncio.sleep(think_time(rng, think))
                        if time.monotonic() >= until:
                            return False
                        choice = rng.choice(state["legal"])
                        text = "count 3" if choice == "count" else "pass" if choice == "muggins" else choice
                        request += 1
                        waiting = (request, time.monotonic(), text)
                        state = {**state, "legal": []}  # the next state says what is legal then
                        await ws.send(json.dumps({"type": "act", "token": token, "id": request, "action": text}))
        except (OSError, WebSocketException, ConnectionError, TimeoutError):
            if broke_at is None:
                broke_at = time.monotonic()
                figures.breaks += 1
            await asyncio.sleep(min(5.0, 0.3 * 2 ** retry))
            retry += 1
    return False


async def table_loop(base: str, ws_url: str, number: int, think: float, until: float, figures: Figures,
                     first: tuple[str, dict[int, str]]) -> None:
    rng = random.Random(number)
    table, tokens = first
    while time.monotonic() < until:
        figures.tables.add(table)
        done = await asyncio.gather(*(person(ws_url, table, token, address(number), think, until, figures, rng)
                                      for token in tokens.values()))
        if not any(done):
            return
        figures.games += 1
        try:
            table, tokens = await asyncio.to_thread(new_table, base, number)
        except (OSError, RuntimeError, http.client.HTTPException) as error:
            figures.errors.append(f"new table: {error}")
            return


def sign_up(base: str, name: str, source: str) -> Any:
    """A signed-up account called ``name`` (a :class:`pegboard.web.testing.Member`) whose requests come
    from the loopback address ``source`` (the server limits sign-ups per address)."""
    import functools

    from pegboard.web.testing import Member

    class FromSource(urllib.request.HTTPHandler):
        def http_open(self, req: Any) -> Any:
            return self.do_open(functools.partial(http.client.HTTPConnection, source_address=(source, 0)), req)

    member = Member(base)
    member.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(member.jar), FromSource())
    member.sign_up(name, "soak test password")
    return member


def rated_seat(member: Any, until: float, figures: Figures) -> tuple[str, str] | None:
    """Queue ``member`` for rated cribbage (15+120), add its part of the shuffle once matched and claim
    its seat, through the browser's own requests, retrying through a killed server process: (table,
    seat token), or None if time ran out first."""
    from pegboard.web.testing import HTTPAnswer

    queued = False
    while time.monotonic() < until:
        try:
            if not queued:
                member.post("/api/queue", {"kind": "cribbage", "clock": "15+120"})
                queued = True
            status = member.get("/api/queue")
            if status["state"] == "matched" and not status["contributed"]:
                member.post(f"/api/matches/{status['match']}/contribute", {"value": os.urandom(16).hex()})
            elif status["state"] == "started":
                claimed = member.post(f"/api/tables/{status['table']}/claim")
                return str(claimed["table"]), str(claimed["token"])
            elif status["state"] == "idle":  # a match that timed out without us: queue again
                queued = False
        except HTTPAnswer as error:
            if error.status < 500 and error.status != 409:
                figures.errors.append(f"rated {member.name}: {error}")
                return None
        except (OSError, http.client.HTTPException):
            pass  # a server process was killed under this request: ask again
        time.sleep(0.5)
    return None


async def rated_loop(ws_url: str, member: Any, number: int, think: float, until: float, figures: Figures) -> None:
    """One account: play its rated seat to the end, queue again, until time is up."""
    rng = random.Random(10_000 + number)
    while time.monotonic() < until:
        seat = await asyncio.to_thread(rated_seat, member, until, figures)
        if seat is None:
            return
        figures.tables.add(seat[0])
        if not await person(ws_url, seat[0], seat[1], address(10_000 + number), think, until, figures, rng, True):
            return
        figures.rated_games += 1


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


# -- the run ------------------------------------------------------------------------------------------


def said(stored: str, sent: str) -> bool:
    """Whether the stored record text of a move is the action a client sent (after the player's name).

    >>> said("Ann discard 5H 6C", "discard 5H 6C"), said("Ann count 3", "count 3"), said("Ann go", "pass")
    (True, True, False)
    """
    return stored.split(" ", 1)[-1] == sent


def check_database(url: str, acks: list[tuple[str, int, str]]) -> dict[str, int]:
    """Lost, duplicated and misnumbered moves, from the database and the clients' acknowledgements."""
    import psycopg

    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT table_id, n, text FROM actions").fetchall()
    stored: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for table, n, text in rows:
        stored[table][int(n)].append(str(text))
    misnumbered = sum(1 for moves in stored.values() if sorted(moves) != list(range(len(moves))))
    doubled_rows = sum(len(texts) - 1 for moves in stored.values() for texts in moves.values())
    lost = wrong = 0
    for table, n, sent in acks:
        texts = stored.get(table, {}).get(n)
        if not texts:
            lost += 1
        elif not any(said(text, sent) for k in range(n, n - 4, -1) for text in stored[table].get(k, [])):
            wrong += 1  # (at a rated table the server may have made a forced move in the same breath)
    twice = len(acks) - len({(table, n) for table, n, _ in acks})
    return {"stored_moves": len(rows), "stored_tables": len(stored), "lost": lost, "wrong_text": wrong,
            "duplicated": twice + doubled_rows, "misnumbered_tables": misnumbered}


def run_load(served: Served, tables: int, seconds: float, think: float, kill_every: float, seed: int,
             warmup: float = 5.0, rated_pairs: int = 0) -> dict[str, Any]:
    """Play ``tables`` tables (and ``rated_pairs`` pairs of accounts at rated tables) for ``warmup +
    seconds``; the figures of the last ``seconds``."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(8) as pool:
        firsts = list(pool.map(lambda number: new_table(served.url, number), range(tables)))
        members = list(pool.map(lambda number: sign_up(served.url, f"Soak{seed}x{number}", address(10_000 + number)),
                                range(2 * rated_pairs)))
    figures = Figures()
    killer_rng = random.Random(seed)
    memory: dict[str, float] = defaultdict(float)
    lags: list[float] = []

    async def killer(until: float) -> None:
        if kill_every <= 0:
            return
        while True:
            await asyncio.sleep(kill_every)
            if time.monotonic() + 5 > until:
                return
            victim = killer_rng.choice(served.workers())
            figures.last_kill = time.monotonic()
            figures.kill_times.append(figures.last_kill)
            figures.kills += 1
            os.kill(victim, signal.SIGKILL)

    cpu_first = {pid: tree_cpu(pid) for pid in served.workers()}
    cpu_last = dict(cpu_first)

    async def sampler(until: float) -> None:
        while time.monotonic() < until:
            for number, pid in enumerate(served.workers()):
                cpu_last[pid] = tree_cpu(pid)
                memory[f"server process {number}"] = max(memory[f"server process {number}"], rss_mb(pid))
                pools = children_of(pid, deep=True)
                memory["a worker pool process"] = max([memory["a worker pool process"]]
                                                            + [rss_mb(child) for child in pools])
            before = time.perf_counter()
            await asyncio.sleep(0.5)
            lags.append(time.perf_counter() - before - 0.5)
            await asyncio.sleep(4.5)

    async def main() -> float:
        start = time.monotonic()
        until = start + warmup + seconds
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(16 + 2 * rated_pairs))
        loops = asyncio.gather(*(table_loop(served.url, served.ws_url, number, think, until, figures, first)
                                 for number, first in enumerate(firsts)),
                               *(rated_loop(served.ws_url, member, number, think, until, figures)
                                 for number, member in enumerate(members)),
                               killer(until), sampler(until))
        await loops
        return start + warmup

    supervisor_rss = rss_mb(served.proc.pid)
    client_cpu = time.process_time()
    measured_from = asyncio.run(main())
    client_cpu = time.process_time() - client_cpu
    for pid in served.workers():
        cpu_last[pid] = tree_cpu(pid)
    # a killed process's last seconds (since the sampler's last look) are not counted
    server_cpu = sum(seconds_ - cpu_first.get(pid, 0.0) for pid, seconds_ in cpu_last.items())
    replies = [seconds_ for when, seconds_ in figures.replies if when >= measured_from]
    calm = [seconds_ for when, seconds_ in figures.replies if when >= measured_from
            and not any(kill <= when - seconds_ <= kill + AFTER_KILL or kill <= when <= kill + AFTER_KILL
                        for kill in figures.kill_times)]
    return {"figures": figures, "replies": replies, "actions_per_second": len(replies) / seconds,
            "p50": percentile(replies, 0.5), "p99": percentile(replies, 0.99), "max": percentile(replies, 1.0),
            "calm_p50": percentile(calm, 0.5), "calm_p99": percentile(calm, 0.99), "calm_max": percentile(calm, 1.0),
            "memory": dict(memory), "supervisor_rss": supervisor_rss, "client_cpu": client_cpu,
            "server_cpu_ms_per_action": 1000 * server_cpu / max(1, len(figures.replies)),
            "client_lag_max": percentile(lags, 1.0)}


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def soak(processes: int, tables: int, minutes: float, kill_every: float, think: float, seed: int,
         rated_pairs: int = 0) -> dict[str, Any]:
    with postgres() as cluster:
        served = Served(cluster.url, processes)
        db_cpu = tree_cpu(postmaster_pid(cluster))
        try:
            result = run_load(served, tables, 60 * minutes, think, kill_every, seed, rated_pairs=rated_pairs)
        finally:
            db_cpu = tree_cpu(postmaster_pid(cluster)) - db_cpu
            served.stop()
        figures: Figures = result["figures"]
        result["database"] = check_database(cluster.url, figures.acks)
        result["db_cpu_ms_per_action"] = 1000 * db_cpu / max(1, len(figures.acks))
        result["restarted"] = sum("ended" in line for line in served.lines)
    result["load"] = load_average()
    return result


def print_soak(result: dict[str, Any], processes: int, tables: int, minutes: float, think: float) -> None:
    figures: Figures = result["figures"]
    database = result["database"]
    rows = [
        ("server processes / tables / minutes", f"{processes} / {tables} / {minutes:g} (think median {think:g} s)"),
        ("actions/s (acknowledged)", f"{result['actions_per_second']:.1f}"),
        ("reply p50 / p99 / max", f"{result['p50']:.1f} / {result['p99']:.1f} / {result['max']:.0f} ms"),
        (f"  but for {AFTER_KILL:g} s after each kill", f"{result['calm_p50']:.1f} / {result['calm_p99']:.1f} / "
                                                      f"{result['calm_max']:.0f} ms"),
        ("moves acknowledged / stored", f"{len(figures.acks)} / {database['stored_moves']}"),
        ("lost moves", str(database["lost"])),
        ("duplicated moves", str(database["duplicated"])),
        ("tables misnumbered (not 0..n-1)", str(database["misnumbered_tables"])),
        ("acknowledged text differs from stored", str(database["wrong_text"])),
        ("kill -9 / restarts by the supervisor", f"{figures.kills} / {result['restarted']}"),
        ("connections broken / reconnected after a kill", f"{figures.breaks} / {len(figures.reconnects)}"),
        ("reconnect time p50 / max", f"{percentile(figures.reconnects, 0.5):.0f} / "
                                     f"{percentile(figures.reconnects, 1.0):.0f} ms"),
        ("games finished / tables played", f"{figures.games} / {len(figures.tables)}"),
        ("rated games finished (seats' outcomes)", f"{figures.rated_games} ({outcomes(figures.outcomes)})"),
        (f"errors (frames) / connections silent {SILENT:g} s", f"{len(figures.errors)} / {figures.stuck}"),
        ("CPU per action: servers / PostgreSQL", f"{result['server_cpu_ms_per_action']:.2f} / "
                                                 f"{result['db_cpu_ms_per_action']:.2f} ms"),
        ("supervisor RSS", f"{result['supervisor_rss']:.0f} MB"),
        *((f"RSS {name} (max)", f"{mb:.0f} MB") for name, mb in sorted(result["memory"].items())),
        ("client CPU / its loop's worst lag", f"{result['client_cpu']:.0f} s / {result['client_lag_max']:.0f} ms"),
        ("machine", result["load"]),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    if figures.errors:
        common: dict[str, int] = defaultdict(int)
        for message in figures.errors:
            common[message[:90]] += 1
        for message, count in sorted(common.items(), key=lambda item: -item[1])[:5]:
            print(f"  error x{count}: {message}")


def outcomes(reasons: list[str]) -> str:
    counted: dict[str, int] = defaultdict(int)
    for reason in reasons:
        counted[reason] += 1
    return ", ".join(f"{reason} {count}" for reason, count in sorted(counted.items())) or "none"


def scale(counts: list[int], tables: int, seconds: float, think: float, seed: int) -> list[dict[str, Any]]:
    rows = []
    with postgres() as cluster:
        for processes in counts:
            served = Served(cluster.url, processes)
            db_cpu = tree_cpu(postmaster_pid(cluster))
            try:
                result = run_load(served, tables, seconds, think, 0, seed)
            finally:
                db_cpu = tree_cpu(postmaster_pid(cluster)) - db_cpu
                served.stop()
            result["db_cpu_ms_per_action"] = 1000 * db_cpu / max(1, len(result["figures"].acks))
            result["processes"] = processes
            result["load"] = load_average()
            rows.append(result)
    return rows


def print_scale(rows: list[dict[str, Any]], tables: int, seconds: float, think: float) -> None:
    print(f"{tables} tables, think median {think:g} s, {seconds:g} s each, no kills")
    print(f"{'processes':>9}  {'actions/s':>9}  {'p50 ms':>7}  {'p99 ms':>7}  {'srv CPU ms/act':>14}  "
          f"{'PG CPU ms/act':>13}  machine")
    for row in rows:
        print(f"{row['processes']:>9}  {row['actions_per_second']:>9.1f}  {row['p50']:>7.1f}  {row['p99']:>7.1f}  "
              f"{row['server_cpu_ms_per_action']:>14.2f}  {row['db_cpu_ms_per_action']:>13.2f}  {row['load']}")


# -- reviews against live play -----------------------------------------------------------------------


def finished_tables(base: str, count: int, seed: int) -> list[str]:
    """``count`` finished games of cribbage (two random people, played as fast as the server answers)."""
    from pegboard.web.testing import Client

    def play(number: int) -> str:
        table, tokens = new_table(base, 1000 + 5 * number)  # person against person (opponent_of 1000+5k is None)
        clients = [Client(base.replace("http", "ws", 1), table, token) for token in tokens.values()]
        rng = random.Random(seed + number)
        try:
            while not clients[0].state["finished"]:
                for client in clients:
                    try:
                        client.receive(timeout=0.01)
                    except TimeoutError:
                        pass
                for client in clients:
                    if client.state.get("legal") and not client.state["finished"]:
                        choice = rng.choice(client.state["legal"])
                        client.act("count 3" if choice == "count" else "pass" if choice == "muggins" else choice)
                        clients[0].catch_up(client.state["n"])
            return table
        finally:
            for client in clients:
                client.close()

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(4) as pool:
        return list(pool.map(play, range(count)))


def reviews(processes: int, count: int, tables: int, think: float, seconds: float, seed: int) -> dict[str, Any]:
    """Live replies at ``tables`` tables for ``seconds`` before, then while ``count`` reviews of different
    finished games run (from ``count // 2`` addresses: two each, the server's limit)."""
    with postgres() as cluster:
        served = Served(cluster.url, processes)
        try:
            done = finished_tables(served.url, count, seed)
            before = run_load(served, tables, seconds, think, 0, seed, warmup=3)
            answers: list[tuple[int, float]] = []
            window: dict[str, float] = {}

            def review(number: int, table: str) -> None:
                started = time.monotonic()
                status, _ = http_get(served.url, f"/api/tables/{table}/review", f"127.0.9.{10 + number // 2}")
                answers.append((status, time.monotonic() - started))
                window["last"] = time.monotonic()

            def fire() -> None:
                time.sleep(3)  # after the live load's warm-up
                window["first"] = time.monotonic()
                threads = [threading.Thread(target=review, args=(n, table)) for n, table in enumerate(done)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()

            firing = threading.Thread(target=fire)
            firing.start()
            during_all = run_load(served, tables, seconds, think, 0, seed + 1, warmup=3)
            firing.join()
        finally:
            served.stop()
    figures: Figures = during_all["figures"]
    last = window.get("last", float("inf"))
    during = [took for when, took in figures.replies if window.get("first", 0) <= when <= last]
    return {"before": before, "during": during, "answers": answers, "load": load_average(),
            "window": last - window.get("first", last), "processes": processes, "tables": tables}


def print_reviews(result: dict[str, Any], think: float) -> None:
    before, during = result["before"]["replies"], result["during"]
    statuses: dict[int, int] = defaultdict(int)
    for status, _ in result["answers"]:
        statuses[status] += 1
    took = [seconds for _, seconds in result["answers"]]
    print(f"{result['processes']} server process(es), {result['tables']} live tables (think median {think:g} s), "
          f"{len(result['answers'])} reviews of different finished games from {len(took) // 2 or 1} addresses")
    print(f"{'':<26}{'replies':>8}  {'p50 ms':>7}  {'p99 ms':>7}")
    print(f"{'live play, before':<26}{len(before):>8}  {percentile(before, 0.5):>7.1f}  "
          f"{percentile(before, 0.99):>7.1f}")
    print(f"{'live play, during reviews':<26}{len(during):>8}  {percentile(during, 0.5):>7.1f}  "
          f"{percentile(during, 0.99):>7.1f}")
    ratio = percentile(during, 0.99) / percentile(before, 0.99)
    print(f"p99 during / before: {ratio:.2f} (target <= 2)")
    print(f"reviews: {dict(statuses)} (HTTP status: count), each took p50 {percentile(took, 0.5) / 1000:.1f} s, "
          f"max {percentile(took, 1.0) / 1000:.1f} s; all done in {result['window']:.1f} s")
    print(result["load"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, default=4, help="server processes")
    parser.add_argument("--tables", type=int, default=400, help="tables in play at once")
    parser.add_argument("--minutes", type=float, default=10, help="length of the soak")
    parser.add_argument("--kill-every", type=float, default=120, help="seconds between two kill -9 (0: none)")
    parser.add_argument("--think", type=float, default=3.0, help="median seconds a person thinks before a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rated-pairs", type=int, default=10,
                        help="soak: pairs of signed-up accounts playing rated cribbage on the clock (15+120)")
    parser.add_argument("--scale", action="store_true", help="1, 2 and 4 processes in turn, no kills")
    parser.add_argument("--seconds", type=float, default=60, help="--scale and --reviews: seconds measured")
    parser.add_argument("--counts", default="1,2,4", help="--scale: the numbers of processes")
    parser.add_argument("--reviews", type=int, default=0,
                        help="measure live replies before and during this many concurrent reviews")
    args = parser.parse_args(argv)
    if args.reviews:
        print_reviews(reviews(args.processes, args.reviews, args.tables, args.think, args.seconds, args.seed),
                      args.think)
        return 0
    if args.scale:
        counts = [int(n) for n in args.counts.split(",")]
        print_scale(scale(counts, args.tables, args.seconds, args.think, args.seed), args.tables, args.seconds,
                    args.think)
        return 0
    result = soak(args.processes, args.tables, args.minutes, args.kill_every, args.think, args.seed,
                  args.rated_pairs)
    print_soak(result, args.processes, args.tables, args.minutes, args.think)
    database = result["database"]
    return 0 if database["lost"] == database["duplicated"] == database["misnumbered_tables"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
