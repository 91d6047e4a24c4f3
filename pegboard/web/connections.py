"""One WebSocket connection to a table, free of any web framework: its seat, its outgoing queue of
frames (a connection too slow to keep up is closed, to reconnect to a fresh view) and its place in
the table's log."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from pegboard.web.protocol import RateLimit
from pegboard.web.settings import Settings

if TYPE_CHECKING:
    from pegboard.web.tables import Table

__all__ = ["Conn"]


class Conn:
    """One connection: its seat (None: spectator), an outgoing queue and its position in the log."""

    observer: Callable[[Conn, str], None] | None = None  # tests: sees every frame just before it is sent

    def __init__(self, send: Callable[[str], Awaitable[None]], settings: Settings,
                 hang_up: Callable[[str], Awaitable[None]] | None = None) -> None:
        self.send = send
        self.hang_up = hang_up
        self.reason = "closing: reconnect for a fresh view"  # what the client is told when this closes
        self.seat: int | None = None
        self.table: Table | None = None
        self.cursor = -1
        self.rate = RateLimit(settings.rate, settings.burst)
        self.hinting = False
        self.closed = False
        self._limit = settings.queue_limit
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()

    def push(self, frame: dict[str, Any]) -> None:
        """Queue a frame; a connection too slow to keep up is closed (it reconnects to a full view)."""
        if self.closed:
            return
        if self._queue.qsize() >= self._limit:
            self.close("too slow to keep up: reconnect for a fresh view")
            return
        self._queue.put_nowait(json.dumps(frame, ensure_ascii=False, separators=(",", ":")))

    def close(self, reason: str | None = None) -> None:
        """Close the connection after what is queued, telling the client ``reason`` if given."""
        if not self.closed:
            self.closed = True
            if reason is not None:
                self.reason = reason
            self._queue.put_nowait(None)

    async def pump(self) -> None:
        """Send queued frames in order until closed; then hang up (a slow connection is dropped)."""
        while (text := await self._queue.get()) is not None:
            if Conn.observer is not None:
                Conn.observer(self, text)
            await self.send(text)
        if self.hang_up is not None:
            await self.hang_up(self.reason)
