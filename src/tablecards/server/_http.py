"""uvicorn's HTTP connections, guarded before a request is whole: a time limit for the request
head and a limit of open connections per client address.

uvicorn gives a connection no deadline until its first response is sent, and counts idle or
half-sent connections against ``limit_concurrency``: a few hundred sockets that never finish
their headers made every request answer ``503``. The app's :class:`~._limits.Guard` cannot
help (it sees a request only once its head is complete), so this guard sits in the protocol.

Connections from a trusted proxy (``FORWARDED_ALLOW_IPS``, ``127.0.0.1`` by default) are not
counted per address: the proxy is one address for everybody, and limits them itself (see
docs/play-together.md).
"""

from __future__ import annotations

import asyncio
import collections
from typing import Any, ClassVar

from uvicorn.protocols.http.h11_impl import H11Protocol

from tablecards.server._collector import release_transport

__all__ = ["HEAD_TIMEOUT", "PER_ADDRESS", "guarded_http"]

#: Seconds a connection has to send a whole request head (and between requests after that,
#: uvicorn's own ``timeout_keep_alive``).
HEAD_TIMEOUT = 10.0
#: Open HTTP connections (websockets being opened included) from one client address.
PER_ADDRESS = 64


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request head and a per-address limit
    (made for one server by :func:`guarded_http`)."""

    open_by_address: ClassVar[collections.Counter[str]]
    per_address: ClassVar[int]
    head_timeout: ClassVar[float]
    trusted: ClassVar[frozenset[str]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._address: str | None = None
        self._head_timer: asyncio.TimerHandle | None = None
        self._upgraded = False  # a websocket's now: its protocol owns the connection

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        if address is not None and address not in self.trusted and "*" not in self.trusted:
            if self.open_by_address[address] >= self.per_address:
                transport.abort()  # before reading a byte: it costs nothing more
                return
            self.open_by_address[address] += 1
            self._address = address
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)
        if not self._upgraded:  # a websocket's transport is released by the app's Guard
            release_transport(self.transport)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._upgraded:
            return
        if self.cycle is not None and not self.cycle.response_complete:
            self._cancel_head_timer()  # a whole head came: the request is the app's now
        elif self._head_timer is None:
            self._arm_head_timer()  # the start of a head: it has HEAD_TIMEOUT to finish

    def handle_websocket_upgrade(self, event: Any) -> None:
        # The websocket protocol takes the connection over (the app's Guard limits those).
        self._upgraded = True
        self._cancel_head_timer()
        self._release()
        super().handle_websocket_upgrade(event)

    def _arm_head_timer(self) -> None:
        if self._upgraded:
            return
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_too_slow)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        busy = self.cycle is not None and not self.cycle.response_complete
        if not busy and not self._upgraded and not self.transport.is_closing():
            self.transport.close()

    def _release(self) -> None:
        self._cancel_head_timer()
        if self._address is not None:
            self.open_by_address[self._address] -= 1
            if self.open_by_address[self._address] <= 0:
                del self.open_by_address[self._address]
            self._address = None


def guarded_http(
    per_address: int = PER_ADDRESS,
    head_timeout: float = HEAD_TIMEOUT,
    trusted: frozenset[str] = frozenset({"127.0.0.1", "::1"}),
) -> type[GuardedH11Protocol]:
    """A :class:`GuardedH11Protocol` for one server (its own count of open connections),
    for ``uvicorn.Config(http=...)``."""
    return type(
        "GuardedH11Protocol",
        (GuardedH11Protocol,),
        {
            "open_by_address": collections.Counter(),
            "per_address": per_address,
            "head_timeout": head_timeout,
            "trusted": trusted,
        },
    )
