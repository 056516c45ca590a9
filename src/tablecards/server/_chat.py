"""The table chat: short messages to everybody at a table, stored with the match.

The author is never taken from the message: it is the name of the connection's seat, fixed at
its hello, or "Spectator" for a spectator. Each line is checked before it is stored: at most
:data:`MAX_CHAT` characters (control characters removed), at most :data:`CHAT_BURST` lines in
:data:`CHAT_WINDOW` seconds per seat (per connection for spectators); a refused line is never
stored nor shown. The host decides (:class:`~tablecards.server.Settings`) whether there is a
chat, and whether spectators write to everybody, only among themselves, or not at all.
"""

from __future__ import annotations

import time
import unicodedata
import weakref
from collections import deque
from typing import Any

from tablecards.server._protocol import error
from tablecards.server._table import Client, Table
from tablecards.server.store._records import ChatLine

__all__ = [
    "CHAT_BURST",
    "CHAT_WINDOW",
    "MAX_CHAT",
    "SPECTATOR",
    "ChatRefused",
    "ChatRoom",
    "clean_chat",
    "room_for",
]

#: The longest line, in characters.
MAX_CHAT = 200
#: At most this many lines ...
CHAT_BURST = 5
#: ... in this many seconds, per seat (per connection for spectators).
CHAT_WINDOW = 10.0
#: Lines kept in memory and sent to a client that connects.
BACKLOG = 100
#: How every spectator's lines are signed.
SPECTATOR = "Spectator"

_ROOMS: weakref.WeakKeyDictionary[Table, ChatRoom] = weakref.WeakKeyDictionary()


class ChatRefused(Exception):
    """A chat line that was not stored; ``message`` is the error for its sender."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.message = error(code, reason)


def clean_chat(text: str) -> str:
    """A line as stored: line breaks and tabs become spaces, other control characters go."""
    spaced = "".join(" " if ch in "\t\n\r" else ch for ch in text)
    return "".join(ch for ch in spaced if unicodedata.category(ch)[0] != "C").strip()


class ChatRoom:
    """The chat of one table: its recent lines and each writer's recent times."""

    def __init__(self, table: Table, lines: list[ChatLine]) -> None:
        # Weakly: the room is the value of a WeakKeyDictionary keyed by this table, and a
        # strong reference back would keep every table (and its match) alive for ever.
        self._table = weakref.ref(table)
        self.lines: deque[ChatLine] = deque(lines, maxlen=BACKLOG)
        self._sent: dict[object, deque[float]] = {}

    @property
    def table(self) -> Table:
        """The table of this room (alive while anyone can use the room)."""
        table = self._table()
        if table is None:  # pragma: no cover - a room is only reached through its table
            raise RuntimeError("the table of this chat room is gone")
        return table

    def writable(self, client: Client) -> bool:
        """Whether ``client`` may write (the host's settings)."""
        settings = self.table.settings
        return settings.chat and (client.seat is not None or settings.spectator_chat != "off")

    @staticmethod
    def readable(line: ChatLine, client: Client) -> bool:
        """Whether ``client`` reads ``line``: spectators' lines kept apart reach spectators."""
        return not line.spectators_only or client.seat is None

    def welcome(self, client: Client) -> None:
        """Send a client that just connected the recent lines it may read."""
        enabled = self.table.settings.chat
        lines = [line.to_json() for line in self.lines if enabled and self.readable(line, client)]
        message = {"type": "chat", "lines": lines, "writable": self.writable(client)}
        self.table.relay(message, lambda other: other is client)

    async def say(self, client: Client, text: str) -> ChatLine:
        """Check, store and relay one line of ``client``.

        Raises:
            ChatRefused: the chat is off for it, the line is empty or too long, or it writes
                too fast. Nothing is stored then.
        """
        settings = self.table.settings
        if not settings.chat:
            raise ChatRefused("chat_off", "the host has switched the chat off")
        if not self.writable(client):
            raise ChatRefused("spectator", "spectators may not write in this chat")
        line = clean_chat(text)
        if not line:
            raise ChatRefused("chat_empty", "write something first")
        if len(line) > MAX_CHAT:
            raise ChatRefused("chat_too_long", f"a message is at most {MAX_CHAT} characters")
        key: object = client.seat if client.seat is not None else client
        sent = self._sent.setdefault(key, deque())
        now = time.monotonic()
        while sent and now - sent[0] > CHAT_WINDOW:
            sent.popleft()
        if len(sent) >= CHAT_BURST:
            raise ChatRefused(
                "chat_rate", f"at most {CHAT_BURST} messages in {CHAT_WINDOW:g} seconds"
            )
        sent.append(now)
        author = SPECTATOR if client.seat is None else self.table.names[client.seat]
        apart = client.seat is None and settings.spectator_chat == "apart"
        stored = await self.table.store.add_chat(self.table.id, client.seat, author, apart, line)
        self.lines.append(stored)
        message: dict[str, Any] = {"type": "chat", "lines": [stored.to_json()]}
        self.table.relay(message, lambda other: self.readable(stored, other))
        return stored


async def room_for(table: Table) -> ChatRoom:
    """The chat of ``table``, its recent lines read from the store the first time."""
    room = _ROOMS.get(table)
    if room is None:
        lines = await table.store.chat(table.id, BACKLOG) if table.settings.chat else []
        room = _ROOMS.setdefault(table, ChatRoom(table, lines))
    return room
