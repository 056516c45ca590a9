"""The table chat: short messages to everybody at a table, stored with the match.

The author is never taken from the message: it is the name of the connection's seat, fixed at
its hello, or "Spectator" for a spectator. Each line is checked before it is stored: at most
:data:`MAX_CHAT` characters (control characters removed), at most :data:`CHAT_BURST` lines in
:data:`CHAT_WINDOW` seconds per seat, and for spectators per client address at a table
(whatever number of connections it opens: reconnecting starts nothing afresh) and
:data:`ADDRESS_BURST` per address across the whole server; a refused line is never stored nor
shown. A finished match's
chat is closed to spectators. The store keeps the last
:data:`~tablecards.server.store._records.CHAT_KEPT` lines of a match. The host decides
(:class:`~tablecards.server.Settings`) whether there is a chat, and whether spectators write to
everybody, only among themselves, or not at all.
"""

from __future__ import annotations

import time
import unicodedata
import weakref
from collections import OrderedDict, deque
from typing import Any

from tablecards.server._protocol import error
from tablecards.server._table import Client, Table
from tablecards.server.store import ChatLine

__all__ = [
    "ADDRESS_BURST",
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
#: ... in this many seconds, per seat, and per spectators' address at one table ...
CHAT_WINDOW = 10.0
#: ... and at most this many spectators' lines in that time from one address at all the
#: server's tables.
ADDRESS_BURST = 10
#: Writers whose recent times a room (and the server, for addresses) remembers at most; the
#: longest unheard are forgotten first, so connections that come and go leave nothing behind.
WRITERS = 1_000
#: Lines kept in memory and sent to a client that connects.
BACKLOG = 100
#: How every spectator's lines are signed.
SPECTATOR = "Spectator"

_ROOMS: weakref.WeakKeyDictionary[Table, ChatRoom] = weakref.WeakKeyDictionary()


class _Windows:
    """The times of each writer's recent lines (a sliding window), for at most
    :data:`WRITERS` writers."""

    def __init__(self, burst: int, size: int = WRITERS) -> None:
        self.burst = burst
        self.size = size
        self._times: OrderedDict[str, deque[float]] = OrderedDict()

    def full(self, key: str, now: float) -> bool:
        """Whether ``key`` wrote :attr:`burst` lines in the last :data:`CHAT_WINDOW` s."""
        sent = self._times.get(key)
        if sent is None:
            return False
        while sent and now - sent[0] > CHAT_WINDOW:
            sent.popleft()
        return len(sent) >= self.burst

    def note(self, key: str, now: float) -> None:
        """Count a line of ``key`` now."""
        sent = self._times.pop(key, None) or deque()
        sent.append(now)
        self._times[key] = sent
        while len(self._times) > self.size:
            self._times.popitem(last=False)


#: Every address's lines at all the tables of one server (its store stands for it).
_ADDRESSES: weakref.WeakKeyDictionary[object, _Windows] = weakref.WeakKeyDictionary()


def _addresses(store: object) -> _Windows:
    windows = _ADDRESSES.get(store)
    if windows is None:
        windows = _ADDRESSES[store] = _Windows(ADDRESS_BURST, 10 * WRITERS)
    return windows


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
        self._sent = _Windows(CHAT_BURST)

    @property
    def table(self) -> Table:
        """The table of this room (alive while anyone can use the room)."""
        table = self._table()
        if table is None:  # pragma: no cover - a room is only reached through its table
            raise RuntimeError("the table of this chat room is gone")
        return table

    def writable(self, client: Client) -> bool:
        """Whether ``client`` may write (the host's settings; spectators while the match is
        played)."""
        settings = self.table.settings
        if client.seat is not None:
            return settings.chat
        return settings.chat and settings.spectator_chat != "off" and not self.over

    @property
    def over(self) -> bool:
        """Whether this table's match is over (its chat is then closed to spectators)."""
        return self.table.match.is_over

    @staticmethod
    def readable(line: ChatLine, client: Client) -> bool:
        """Whether ``client`` reads ``line``: spectators' lines kept apart reach spectators."""
        return not line.spectators_only or client.seat is None

    def welcome(self, client: Client) -> None:
        """Send a client that just connected the recent lines it may read."""
        enabled = self.table.settings.chat
        lines = [line.to_json() for line in self.lines if enabled and self.readable(line, client)]
        message: dict[str, Any] = {"type": "chat", "lines": lines, "writable": False}
        if self.writable(client):
            message.update(writable=True, readers=self.readers(client))
        self.table.relay(message, lambda other: other is client)

    def readers(self, client: Client) -> str:
        """Who reads what ``client`` writes, so the page can tell its writer: ``"everyone"``
        at the table, or ``"spectators"`` only (a spectator while they talk apart)."""
        apart = self.table.settings.spectator_chat == "apart"
        return "spectators" if client.seat is None and apart else "everyone"

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
            if client.seat is None and self.over and settings.spectator_chat != "off":
                raise ChatRefused("chat_closed", "the match is over: spectators no longer write")
            raise ChatRefused("spectator", "spectators may not write in this chat")
        line = clean_chat(text)
        if not line:
            raise ChatRefused("chat_empty", "write something first")
        if len(line) > MAX_CHAT:
            raise ChatRefused("chat_too_long", f"a message is at most {MAX_CHAT} characters")
        # A seat's lines count for the seat (its tabs, its reconnections); a spectator's for
        # its address, whichever connection it writes from, here and at every table.
        spectator = client.seat is None
        key = f"@{client.address}" if spectator else f"seat {client.seat}"
        now = time.monotonic()
        if self._sent.full(key, now):
            raise ChatRefused(
                "chat_rate", f"at most {CHAT_BURST} messages in {CHAT_WINDOW:g} seconds"
            )
        everywhere = _addresses(self.table.store)
        if spectator and everywhere.full(client.address, now):
            raise ChatRefused(
                "chat_rate",
                f"at most {ADDRESS_BURST} messages in {CHAT_WINDOW:g} seconds from one address",
            )
        self._sent.note(key, now)
        if spectator:
            everywhere.note(client.address, now)
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
