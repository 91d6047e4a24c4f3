"""The server's knobs, in one frozen-by-convention dataclass every part of it reads (see docs/online.md).

>>> Settings().grace
60.0
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Settings"]


@dataclass
class Settings:
    """Server knobs: computer pacing, per-connection rate limit and outgoing queue bound."""

    pace: float = 0.0  # seconds a computer waits before each move, so people can follow
    rate: float = 20.0  # messages a second per connection, on average
    burst: float = 40.0
    queue_limit: int = 500  # frames waiting for a slow connection before it is dropped
    hello_timeout: float = 15.0
    workers: int = 2  # processes for the expert's moves and hints (0: threads in the server's process)
    create_rate: float = 0.5  # tables an address may create a second, on average (HTTP)
    create_burst: float = 20.0
    gc_freeze: float = 0.0  # seconds between garbage-collector freezes (0: leave the collector alone)
    idle_unload: float = 600.0  # seconds a table nobody is connected to stays in memory (it stays stored)
    finished_unload: float = 60.0  # the same once its game is over
    trusted_proxies: tuple[str, ...] = ()  # peers whose X-Forwarded-For names the client's address
    allowed_hosts: tuple[str, ...] = ("*",)  # Host headers served ("*": any; serve sets loopback names on loopback)
    fast_passwords: bool = False  # tests only: cheap Argon2id parameters
    login_free: int = 5  # wrong passwords (per name and per address) before each try must wait
    login_most: float = 300.0  # the longest wait, seconds (it doubles from 1 s)
    grace: float = 60.0  # seconds a rated game waits for a player who left before they lose it
    match_every: float = 1.0  # seconds between two rounds of matchmaking
    offer_computer_after: float = 30.0  # seconds in the queue before the computer is offered
    contribute_within: float = 20.0  # seconds a matched player's browser has to add its part of the shuffle
    reissue_away: float = 120.0  # seconds a taken seat's player must have been away before it is given again
    test_clocks: bool = False  # tests only: the queue also offers the one-second clock "test"
    reviews_at_once: int = 1  # analyses (reviews, statistics) worked out at a time, in their own process
    reviews_queued: int = 16  # analyses that may wait; more are refused with 503
    reviews_per_address: int = 2  # analyses one address may have under way; more are refused with 429
    caretaker_every: float = 2.0  # several processes: seconds between takeovers of a dead process's tables
    puzzles: str = ""  # the bank of puzzles /train serves: a bank file ("": the shipped pegboard/data/puzzles.json)
