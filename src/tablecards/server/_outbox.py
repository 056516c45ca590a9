"""A connection's outgoing messages: in order, bounded, sent by the connection's own pump.

A table queues a message for every client of a match after each move and never waits for one:
the pump task of each connection writes them to its socket, so a slow client holds up no one.
An outbox is bounded twice: by :attr:`Outbox.limit` messages and by :attr:`Outbox.max_bytes`
characters of JSON text waiting (a state message is a few kilobytes, so the count alone let
a hundred spectators that never read hold hundreds of megabytes). A client that falls behind
either bound is dropped (:meth:`Outbox.drop`): what waited for it is let go at once, it is
sent its close, and it resumes with its token and is sent the state again.

This is what ``asyncio.Queue`` gave, for the one reader and the writers of one event loop
only: it looks the loop up once, not on every message, and wakes its reader through one
future. It is the path of every state message the server sends.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from tablecards.server import _engine

__all__ = ["CLOSE", "MAX_BYTES", "Outbox", "size_of"]

#: Queued last for a connection the server drops (a slow client, a shutdown): the pump closes it.
CLOSE = None

#: The characters of JSON text that may wait for one connection by default.
MAX_BYTES = 1_048_576

Message = dict[str, Any] | str | None  # text: already encoded; None: CLOSE


def size_of(message: Message) -> int:
    """What ``message`` counts against :attr:`Outbox.max_bytes`: the length of its text."""
    if message is None:
        return 0
    if isinstance(message, str):
        return len(message)
    return len(_engine.wire(message))  # small answers (errors, pongs): encoded to be counted


class Outbox:
    """The messages waiting to be sent to one connection; made in the event loop that reads it."""

    __slots__ = ("_items", "_loop", "_sizes", "_waiter", "bytes", "dropped", "limit", "max_bytes")

    def __init__(self, limit: int, max_bytes: int = MAX_BYTES) -> None:
        self.limit = limit
        self.max_bytes = max_bytes
        #: The characters of text waiting now.
        self.bytes = 0
        #: Whether :meth:`drop` was called: nothing more is queued.
        self.dropped = False
        self._items: deque[Message] = deque()
        self._sizes: deque[int] = deque()  # each waiting message's size, in the same order
        self._loop = asyncio.get_running_loop()
        self._waiter: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self._items)

    def put(self, message: Message, size: int | None = None) -> bool:
        """Queue ``message``; ``False`` (and nothing queued) when :attr:`limit` messages are
        waiting, or when it would take the text waiting beyond :attr:`max_bytes` (one message
        alone always fits: a long match's first state may be larger). ``size`` is its
        :func:`size_of` when the caller knows it (a message relayed to many)."""
        items = self._items
        if self.dropped or len(items) >= self.limit:
            return False
        size = size_of(message) if size is None else size
        if items and self.bytes + size > self.max_bytes:
            return False
        self._append(message, size)
        return True

    def _append(self, message: Message, size: int) -> None:
        self._items.append(message)
        self._sizes.append(size)
        self.bytes += size
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():  # its reader may have been cancelled meanwhile
                waiter.set_result(None)

    def close(self) -> None:
        """Queue :data:`CLOSE` even when full (the last queued message makes room): the pump
        closes the connection once it has sent what is before it."""
        if len(self._items) >= self.limit:
            self._items.pop()
            self.bytes -= self._sizes.pop()
        self._append(CLOSE, 0)

    def drop(self) -> None:
        """Let go of everything waiting and queue :data:`CLOSE` alone: a client that fell
        behind costs no more memory from now on; nothing is queued after it."""
        if self.dropped:
            return
        self._items.clear()
        self._sizes.clear()
        self.bytes = 0
        self._append(CLOSE, 0)
        self.dropped = True

    async def get(self) -> Message:
        """The next message, waiting for one (one reader at a time)."""
        items = self._items
        while not items:
            waiter = self._waiter = self._loop.create_future()
            await waiter
        self.bytes -= self._sizes.popleft()
        return items.popleft()
