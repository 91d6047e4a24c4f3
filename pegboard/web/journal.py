"""The store, driven from asyncio without blocking the event loop.

One thread owns the store. Writes queued while a commit is in progress are committed together in
the next transaction (group commit), so hundreds of tables cost a few fsyncs, not hundreds; each
caller's ``await write(...)`` returns only once its writes are durable.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from pegboard.web.store import Store, Write

__all__ = ["Journal"]

T = TypeVar("T")
_Item = tuple[list[Write] | Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class Journal:
    """Serialises every store call on one thread; consecutive writes share one transaction."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.commits = 0
        self.writes = 0
        self._queue: queue.SimpleQueue[_Item | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="pegboard-journal", daemon=True)
        self._thread.start()

    async def write(self, writes: Sequence[Write]) -> None:
        """Store ``writes`` atomically; returns once they are durable (raises if they could not be)."""
        await self._submit(list(writes))

    async def call(self, function: Callable[[], T]) -> T:
        """Run ``function`` (a read of the store) on the store's thread, after every earlier write."""
        result: T = await self._submit(function)
        return result

    def _submit(self, work: list[Write] | Callable[[], Any]) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.put((work, loop, future))
        return future

    def close(self) -> None:
        """Finish queued work, stop the thread and close the store."""
        self._queue.put(None)
        self._thread.join()
        self.store.close()

    def _run(self) -> None:
        running = True
        while running:
            first = self._queue.get()
            if first is None:
                break
            batch = [first]
            while True:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    running = False
                    break
                batch.append(item)
            self._process(batch)

    def _process(self, batch: list[_Item]) -> None:
        start = 0
        while start < len(batch):
            work = batch[start][0]
            if callable(work):
                self._finish([batch[start]], *self._attempt(work))
                start += 1
                continue
            end = start
            writes: list[Write] = []
            while end < len(batch) and isinstance(batch[end][0], list):
                writes.extend(batch[end][0])  # type: ignore[arg-type]
                end += 1
            group = batch[start:end]
            result, error = self._attempt(partial(self.store.write, writes))
            if error is not None and len(group) > 1:  # one bad write must not sink the others
                for item in group:
                    self._finish([item], *self._attempt(partial(self.store.write, item[0])))  # type: ignore[arg-type]
            else:
                self.commits += 1
                self.writes += len(writes)
                self._finish(group, result, error)
            start = end

    def _attempt(self, function: Callable[[], Any]) -> tuple[Any, BaseException | None]:
        try:
            return function(), None
        except Exception as error:  # handed to the awaiting caller
            return None, error

    @staticmethod
    def _finish(items: list[_Item], result: Any, error: BaseException | None) -> None:
        for _, loop, future in items:
            try:
                loop.call_soon_threadsafe(_settle, future, result, error)
            except RuntimeError:  # the loop is closed: nobody is waiting any more
                pass
