"""Web server load: N concurrent tables over real WebSocket connections, two scripted players each,
or one scripted player against the server's computer (``--opponent expert``), or rated games
(``--rated``): twice ``--tables`` signed-up accounts queue for rated cribbage, are matched by the
server's matchmaking, add their part of the shuffle, claim their seats and play with the clock running
(``--clock``, 15+120 by default); a finished game's players queue again, through the same HTTP API
the browser uses (queue, contribute, claim), so tables are always in play.

The server runs in its own process on loopback (SQLite, fsynced WAL, as in production; the expert
thinks in the server's worker processes, two by default). Each scripted player is a client
connection that, on its turn, waits a think time (uniform 0 to twice ``--think``) and sends a random
legal action; the latency of an action (the server's reply) is from sending it to receiving its
acknowledgement, which the server sends after storing the action and sending every seat its frame.
Against the computer, the computer's reply is also timed: from the acknowledgement of a player's
action to the frame of the computer's next move. A finished game is replaced by a new table, so N
tables are always in play.

    python -m benchmarks.web_load --tables 200 --seconds 30 --think 0.5
    python -m benchmarks.web_load --tables 100 --opponent expert
    python -m benchmarks.web_load --tables 100 --rated
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Row = tuple[str, float, str, str]
ROOT = Path(__file__).resolve().parent.parent
SERVER = """
import sys, uvicorn
from pegboard.web.app import create_app
from pegboard.web.hub import Settings
rated = dict(fast_passwords=True, match_every=0.2, contribute_within=120.0) if sys.argv[4:] == ["rated"] else {}
settings = Settings(pace=0, create_rate=10_000, create_burst=10_000, queue_limit=5000, gc_freeze=10,
                    workers=int(sys.argv[3]), **rated)
uvicorn.run(create_app(sys.argv[2], settings), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning",
            ws_max_size=65536, ws_per_message_deflate=False)
"""


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    computer: list[float] = field(default_factory=list)  # acknowledgement to the computer's next move
    errors: list[str] = field(default_factory=list)
    games: int = 0
    frames: int = 0
    outcomes: list[str] = field(default_factory=list)  # rated: how each seat's game ended
    matching: list[float] = field(default_factory=list)  # rated: seconds from queueing again to a seat


def post(url: str, body: Any) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def new_table(base: str, opponent: str | None = None) -> tuple[str, dict[int, str]]:
    """A cribbage table: two people, or a person against the computer at level ``opponent``."""
    second = {"name": "Bob"} if opponent is None else {"name": "Bob", "kind": "computer", "level": opponent}
    created = post(f"{base}/api/tables", {"game": "cribbage", "seats": [{"name": "Ann"}, second]})
    tokens = {}
    for seat, link in created["links"].items():
        invite = link.split("#join=", 1)[1].split(".", 1)[1]
        tokens[int(seat)] = post(f"{base}/api/tables/{created['table']}/join",
                                 {"seat": int(seat), "invite": invite})["token"]
    return created["table"], tokens


def forced(legal: list[str]) -> bool:
    """Whether a rated table's server makes this seat's move itself (one legal go, play, place or discard).

    >>> forced(["go"]), forced(["play 5H", "play 5D"]), forced(["count 12"])
    (True, False, False)
    """
    from pegboard.session import FORCED_VERBS

    return len(legal) == 1 and legal[0].split(" ", 1)[0] in FORCED_VERBS


async def player(ws_url: str, table: str, token: str, think: float, until: float, results: Results,
                 rng: random.Random, rated: bool = False) -> bool:
    """Play one seat until the game ends (True) or time is up (False); at a ``rated`` table, forced
    moves are left to the server."""
    from websockets.asyncio.client import connect

    async with connect(f"{ws_url}/ws/{table}", max_size=2**22, ping_interval=None) as socket_:
        await socket_.send(json.dumps({"type": "hello", "token": token}))
        request = 0
        sent_at = 0.0
        waiting = False
        acked_at: float | None = None  # when our latest action was acknowledged, the others to move
        while time.monotonic() < until:
            try:
                frame = json.loads(await asyncio.wait_for(socket_.recv(), max(0.01, until - time.monotonic())))
            except TimeoutError:
                return False
            results.frames += 1
            if frame["type"] == "error":
                results.errors.append(frame["message"])
                waiting = False
            if frame["type"] != "state":
                continue
            if waiting and frame.get("ack") == request:
                acked_at = time.perf_counter()
                results.latencies.append(acked_at - sent_at)
                waiting = False
                if frame["legal"]:
                    acked_at = None  # our move again: nobody else's reply to time
            elif acked_at is not None and "ack" not in frame:
                results.computer.append(time.perf_counter() - acked_at)
                acked_at = None
            if frame["finished"]:
                if frame.get("rated"):
                    results.outcomes.append(str((frame.get("outcome") or {}).get("reason", "played out")))
                return True
            if frame["legal"] and not waiting and not (rated and forced(frame["legal"])):
                await asyncio.sleep(rng.uniform(0, 2 * think))
                request += 1
                sent_at = time.perf_counter()
                waiting = True
                await socket_.send(json.dumps({"type": "act", "token": token, "id": request,
                                               "action": rng.choice(frame["legal"])}))
    return False


async def table_loop(base: str, ws_url: str, think: float, until: float, results: Results, seed: int,
                     first: tuple[str, dict[int, str]], opponent: str | None) -> None:
    rng = random.Random(seed)
    table, tokens = first
    while time.monotonic() < until:
        done = await asyncio.gather(*(player(ws_url, table, token, think, until, results, rng)
                                      for token in tokens.values()))
        if not any(done):
            return
        results.games += 1
        table, tokens = await asyncio.to_thread(new_table, base, opponent)


def sign_up(base: str, name: str) -> Any:
    """A signed-up account (a :class:`pegboard.web.testing.Member`) called ``name``."""
    from pegboard.web.testing import Member

    member = Member(base)
    member.sign_up(name)
    return member


async def rated_seat(member: Any, clock: str, until: float, results: Results) -> tuple[str, str] | None:
    """Queue ``member`` for rated cribbage, add its part of the shuffle once matched and claim its seat:
    (table, seat token), or None if time ran out first. Every request is the browser's own."""
    from pegboard.web.testing import HTTPAnswer

    started = time.monotonic()
    try:
        await asyncio.to_thread(member.post, "/api/queue", {"kind": "cribbage", "clock": clock})
        while time.monotonic() < until:
            status = await asyncio.to_thread(member.get, "/api/queue")
            if status["state"] == "matched" and not status["contributed"]:
                await asyncio.to_thread(member.post, f"/api/matches/{status['match']}/contribute",
                                        {"value": os.urandom(16).hex()})
            elif status["state"] == "started":
                claimed = await asyncio.to_thread(member.post, f"/api/tables/{status['table']}/claim")
                results.matching.append(time.monotonic() - started)
                return str(claimed["table"]), str(claimed["token"])
            elif status["state"] == "idle":  # a match that timed out without us: queue again
                await asyncio.to_thread(member.post, "/api/queue", {"kind": "cribbage", "clock": clock})
            await asyncio.sleep(0.2)
    except HTTPAnswer as error:
        results.errors.append(f"{member.name}: {error}")
    return None


async def rated_loop(ws_url: str, member: Any, first: tuple[str, str], clock: str, think: float, until: float,
                     results: Results, seed: int) -> None:
    """One account: play its seat to the end, queue again, play the next, until time is up."""
    rng = random.Random(seed)
    seat: tuple[str, str] | None = first
    while seat is not None and time.monotonic() < until:
        if not await player(ws_url, seat[0], seat[1], think, until, results, rng, rated=True):
            return
        results.games += 1
        seat = await rated_seat(member, clock, until, results)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def measure(tables: int = 200, seconds: float = 30, think: float = 0.5, warmup: float = 3,
            opponent: str | None = None, workers: int = 2, rated: bool = False,
            clock: str = "15+120") -> dict[str, Any]:
    """Run the load and return its figures (latencies in milliseconds); ``opponent`` a computer level
    for one seat of every table (None: two scripted players); ``workers`` the server's thinking
    processes (0: threads in the server's own process); ``rated``: rated tables of signed-up accounts
    matched by the queue, under ``clock``."""
    if rated and opponent is not None:
        raise ValueError(f"rated with opponent {opponent!r}: rated tables here are between two accounts")
    load_before = os.getloadavg()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        server = subprocess.Popen([sys.executable, "-c", SERVER, str(port), f"{folder}/load.db", str(workers),
                                   *(["rated"] if rated else [])], env=env)
        base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(f"{base}/api/games", timeout=2).read()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
            setup = time.monotonic()
            results = Results()
            members: list[Any] = []
            seats: list[tuple[str, str] | None] = []
            if rated:
                from concurrent.futures import ThreadPoolExecutor

                with ThreadPoolExecutor(16) as pool:
                    members = list(pool.map(lambda n: sign_up(base, f"Load{n}"), range(2 * tables)))

                async def queue_everyone() -> list[tuple[str, str] | None]:
                    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(64))
                    return list(await asyncio.gather(*(rated_seat(m, clock, time.monotonic() + 120, results)
                                                       for m in members)))

                seats = asyncio.run(queue_everyone())
                if any(seat is None for seat in seats):
                    raise RuntimeError(f"{seats.count(None)} of {len(seats)} accounts found no seat: "
                                       f"{results.errors[:3]}")
                results.matching.clear()
                firsts = []
            else:
                firsts = [new_table(base, opponent) for _ in range(tables)]
            setup = time.monotonic() - setup
            counted = Results()

            lags: list[float] = []

            async def monitor(until: float) -> None:
                while time.monotonic() < until:
                    before = time.perf_counter()
                    await asyncio.sleep(0.01)
                    lags.append(time.perf_counter() - before - 0.01)

            async def main() -> None:
                start = time.monotonic()
                if os.environ.get("PEGBOARD_BENCH_LAG"):
                    asyncio.ensure_future(monitor(start + warmup + seconds))
                until = start + warmup + seconds
                if rated:
                    from concurrent.futures import ThreadPoolExecutor

                    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(64))
                    loops = asyncio.gather(*(rated_loop(ws_url, member, seat, clock, think, until, results, n)
                                             for n, (member, seat) in enumerate(zip(members, seats)) if seat))
                else:
                    loops = asyncio.gather(*(table_loop(base, ws_url, think, until, results, seed, first,
                                                        opponent) for seed, first in enumerate(firsts)))
                await asyncio.sleep(warmup)
                skip, skip_computer = len(results.latencies), len(results.computer)
                await loops
                counted.latencies = results.latencies[skip:]
                counted.computer = results.computer[skip_computer:]

            cpu = time.process_time()
            server_cpu = _cpu_seconds(server.pid)
            asyncio.run(main())
            server_cpu = _cpu_seconds(server.pid) - server_cpu
            if lags:
                lags.sort()
                print(f"client loop lag p50 {1000 * lags[len(lags) // 2]:.1f} ms p99 "
                      f"{1000 * lags[int(0.99 * len(lags))]:.1f} ms; client cpu {time.process_time() - cpu:.1f} s",
                      file=sys.stderr)
            counted.frames = results.frames
        finally:
            server.terminate()
            server.wait(timeout=30)
    latencies = sorted(counted.latencies)
    if not latencies:
        raise RuntimeError(f"no action completed ({results.frames} frames, {results.games} games, "
                           f"errors {results.errors[:3]})")

    replies = sorted(counted.computer)

    def percentile(share: float, values: list[float] = latencies) -> float:
        return 1000 * values[min(len(values) - 1, int(share * len(values)))] if values else 0.0

    people = 2 if opponent is None else 1
    matching = sorted(results.matching)
    return {"tables": tables, "connections": people * tables, "opponent": opponent, "workers": workers,
            "rated": rated, "clock": clock if rated else None, "setup_seconds": setup,
            "load_before": load_before, "load_after": os.getloadavg(), "cores": os.cpu_count(),
            "rated_endings": {reason: results.outcomes.count(reason) // 2 for reason in sorted(set(results.outcomes))},
            "requeue_to_seat_p50": percentile(0.5, matching) / 1000,
            "requeue_to_seat_max": matching[-1] if matching else 0.0,
            "seconds": seconds,
            "think": think, "actions": len(latencies), "actions_per_second": len(latencies) / seconds,
            "p50": percentile(0.50), "p95": percentile(0.95), "p99": percentile(0.99),
            "max": 1000 * latencies[-1], "mean": 1000 * statistics.fmean(latencies),
            "computer_moves_timed": len(replies), "computer_p50": percentile(0.50, replies),
            "computer_p99": percentile(0.99, replies),
            "games": results.games // 2 if rated else results.games, "errors": len(results.errors),
            "error_samples": results.errors[:5],
            "server_cpu_ms_per_action": 1000 * server_cpu / max(1, len(results.latencies))}


def run() -> Iterator[Row]:
    """The rows of ``python -m benchmarks.run --only web``: people against people, then 100 tables of
    a person against the expert (its thinking in worker processes must not hold up other tables)."""
    tables = int(os.environ.get("PEGBOARD_BENCH_WEB_TABLES", "200"))
    seconds = float(os.environ.get("PEGBOARD_BENCH_WEB_SECONDS", "30"))
    figures = measure(tables=tables, seconds=seconds)
    yield (f"web: concurrent tables ({2 * tables} WebSocket connections)", figures["tables"], "tables", ">= 200")
    yield ("web: actions acknowledged", figures["actions_per_second"], "actions/s", "")
    yield ("web: action latency p50", figures["p50"], "ms", "")
    yield ("web: action latency p95", figures["p95"], "ms", "")
    yield ("web: action latency p99", figures["p99"], "ms", "< 100")
    yield ("web: errors", figures["errors"], "errors", "< 1")
    expert_tables = int(os.environ.get("PEGBOARD_BENCH_WEB_EXPERT_TABLES", "100"))
    figures = measure(tables=expert_tables, seconds=seconds, opponent="expert")
    yield (f"web vs expert: concurrent tables ({os.cpu_count()} cores)", figures["tables"], "tables", ">= 100")
    yield ("web vs expert: actions acknowledged", figures["actions_per_second"], "actions/s", "")
    yield ("web vs expert: reply latency p50", figures["p50"], "ms", "")
    yield ("web vs expert: reply latency p99", figures["p99"], "ms", "< 100")
    yield ("web vs expert: computer's move after the reply, p50", figures["computer_p50"], "ms", "")
    yield ("web vs expert: computer's move after the reply, p99", figures["computer_p99"], "ms", "")
    yield ("web vs expert: errors", figures["errors"], "errors", "< 1")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (two connections each)")
    parser.add_argument("--seconds", type=float, default=30, help="measured duration, after a warm-up")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds a player waits before acting")
    parser.add_argument("--opponent", choices=("random", "greedy", "expert"),
                        help="one seat of every table is the server's computer at this level")
    parser.add_argument("--workers", type=int, default=2,
                        help="the server's processes for the expert and hints (0: threads in its own process)")
    parser.add_argument("--warmup", type=float, default=3, help="seconds played before measuring")
    parser.add_argument("--rated", action="store_true",
                        help="rated tables: twice --tables accounts sign up, queue, are matched and play on the clock")
    parser.add_argument("--clock", default="15+120", help="the rated games' clock (default 15+120)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.rated and args.opponent:
        parser.error("--rated plays people against people: leave out --opponent")
    figures = measure(args.tables, args.seconds, args.think, args.warmup, opponent=args.opponent,
                      workers=args.workers, rated=args.rated, clock=args.clock)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{figures['tables']} tables, {figures['connections']} connections, think {args.think}s: "
              f"{figures['actions_per_second']:.0f} actions/s; latency p50 {figures['p50']:.1f} ms, "
              f"p95 {figures['p95']:.1f} ms, p99 {figures['p99']:.1f} ms, max {figures['max']:.1f} ms; "
              f"{figures['games']} games finished, {figures['errors']} errors; "
              f"server CPU {figures['server_cpu_ms_per_action']:.2f} ms per action")
        before, after = figures["load_before"], figures["load_after"]
        print(f"machine: {figures['cores']} cores, load average {before[0]:.2f} {before[1]:.2f} {before[2]:.2f} "
              f"before, {after[0]:.2f} {after[1]:.2f} {after[2]:.2f} after")
        if args.rated:
            print(f"rated ({figures['clock']}): {2 * figures['tables']} accounts matched and seated in "
                  f"{figures['setup_seconds']:.1f} s; queue again to seat p50 {figures['requeue_to_seat_p50']:.1f} s, "
                  f"max {figures['requeue_to_seat_max']:.1f} s; endings {figures['rated_endings']}")
        for sample in figures["error_samples"]:
            print(f"error: {sample}")
        if args.opponent:
            print(f"the computer's move after a reply: p50 {figures['computer_p50']:.1f} ms, "
                  f"p99 {figures['computer_p99']:.1f} ms ({figures['computer_moves_timed']} timed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
