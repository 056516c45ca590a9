"""A connection's outgoing messages: in order, bounded, sent by the connection's own pump.

A table queues a message for every client of a match after each move and never waits for one:
the pump task of each connection writes them to its socket, so a slow client holds up no one.
When a client falls :attr:`Outbox.limit` messages behind it is dropped (it resumes with its
token and is sent the state again).

This is what ``asyncio.Queue`` gave, for the one reader and the writers of one event loop
only: it looks the loop up once, not on every message, and wakes its reader through one
future. It is the path of every state message the server sends.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

__all__ = ["CLOSE", "Outbox"]

#: Queued last for a connection the server drops (a slow client, a shutdown): the pump closes it.
CLOSE = None

Message = dict[str, Any] | str | None  # text: already encoded; None: CLOSE


class Outbox:
    """The messages waiting to be sent to one connection; made in the event loop that reads it."""

    __slots__ = ("_items", "_loop", "_waiter", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: deque[Message] = deque()
        self._loop = asyncio.get_running_loop()
        self._waiter: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self._items)

    def put(self, message: Message) -> bool:
        """Queue ``message``; ``False`` (and nothing queued) when :attr:`limit` are waiting."""
        items = self._items
        if len(items) >= self.limit:
            return False
        items.append(message)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():  # its reader may have been cancelled meanwhile
                waiter.set_result(None)
        return True

    def close(self) -> None:
        """Queue :data:`CLOSE` even when full (the last queued message makes room): the pump
        closes the connection once it has sent what is before it."""
        if len(self._items) >= self.limit:
            self._items.pop()
        self.put(CLOSE)

    async def get(self) -> Message:
        """The next message, waiting for one (one reader at a time)."""
        items = self._items
        while not items:
            waiter = self._waiter = self._loop.create_future()
            await waiter
        return items.popleft()
