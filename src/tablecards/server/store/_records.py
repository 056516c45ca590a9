"""What every store keeps, and the :class:`Store` protocol each backend meets.

The records are plain frozen values (a match, its seats, a chat line); the protocol is what the
server asks of a store. The backends (``_sqlite``, ``_postgres``) import this module,
never each other, and it imports neither.
"""

from __future__ import annotations

import enum
import hashlib
import json
import time
from collections.abc import Callable
from typing import Any, Protocol

import attrs

from tablecards.server._names import skeleton

__all__ = [
    "CHAT_KEPT",
    "ActionTaken",
    "ChatLine",
    "Claim",
    "LobbyRow",
    "MatchRecord",
    "OnAction",
    "SeatRecord",
    "Store",
    "fold",
    "record_of",
    "token_hash",
]

#: Chat lines kept per match, the latest (older ones are deleted as new ones come).
CHAT_KEPT = 500

#: A match of the lobby read from the store: its record, its moves, its taken open seats.
LobbyRow = tuple["MatchRecord", int, dict[int, str]]


def token_hash(token: str) -> str:
    """The stored form of a seat token: its SHA-256, so a copy of the file admits nobody."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class ActionTaken(Exception):
    """Another writer already recorded this action number of this match (the key arbitrated)."""


@attrs.frozen
class SeatRecord:
    """Who plays a seat: a person (``bot`` is ``None``) or the named bot.

    An ``open`` seat waits for anyone in the lobby to take it (:class:`Claim`); until then
    ``name`` is a placeholder and the seat has no key.
    """

    name: str
    bot: str | None = None
    open: bool = False

    def to_json(self) -> dict[str, Any]:
        """The seat as stored and as shown in the lobby (``"open": true`` only when open)."""
        out: dict[str, Any] = {"name": self.name, "bot": self.bot}
        if self.open:
            out["open"] = True
        return out


class Claim(enum.Enum):
    """How taking an open seat ended: the store's keys arbitrate between racing takers."""

    TAKEN = "taken"  #: this taker won the seat
    SEAT_GONE = "seat_gone"  #: someone else has the seat
    NAME_GONE = "name_gone"  #: someone else at the table has this name


@attrs.frozen
class ChatLine:
    """One stored chat message of a match; ``seat`` ``None``: a spectator wrote it."""

    number: int
    seat: int | None
    author: str
    spectators_only: bool
    text: str
    sent: float

    def to_json(self) -> dict[str, Any]:
        """The line as sent to the clients that may read it."""
        return {
            "number": self.number,
            "seat": self.seat,
            "author": self.author,
            "spectator": self.seat is None,
            "text": self.text,
        }


def fold(name: str) -> str:
    """The form in which two names at one table must differ ("Ann", " ann " and an "Ann"
    written with a Greek alpha are one): its :func:`~tablecards.server._names.skeleton`."""
    return skeleton(name)


@attrs.frozen
class MatchRecord:
    """What is needed to rebuild a match: game, options, seat count, seed and its seats.

    The seed decides every hidden card: it stays on the server while the match is live.
    """

    id: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    seats: tuple[SeatRecord, ...]
    created: float = attrs.field(factory=time.time)
    over: bool = False
    #: The pace its creator chose (:mod:`~tablecards.server._pace`).
    pace: str = "normal"


#: Called with a match id and an action number another process has just committed.
OnAction = Callable[[str, int], None]


class Store(Protocol):
    """What the server needs of a store; SQLite and PostgreSQL implement it.

    ``shared`` says whether other server processes may write to the same store: then a table
    reads back what they committed (:meth:`actions` with ``since``) when :meth:`listen`'s
    callback, or a lost race, tells it to.
    """

    shared: bool

    async def listen(self, on_action: OnAction) -> None:
        """Call ``on_action`` for every action other processes commit (from the event loop)."""

    async def aclose(self) -> None:
        """Stop listening and close the store."""

    async def create_match(self, record: MatchRecord, tokens: dict[str, int]) -> None:
        """Store a new match and the hashes of its seat tokens."""

    async def append(self, match: str, number: int, seat: int, action: str, over: bool) -> None:
        """Commit action ``number``; raise :class:`ActionTaken` when another writer has it."""

    async def unfinished(self) -> list[MatchRecord]:
        """Every match not recorded as over, oldest first."""
        ...

    async def lobby(
        self, since: float, limit: int
    ) -> list[tuple[MatchRecord, int, dict[int, str]]]:
        """The unfinished matches created after ``since``, newest first, at most ``limit``,
        each with its number of moves and its taken open seats."""
        ...

    async def matches(self, limit: int = 100) -> list[MatchRecord]:
        """The most recent matches, newest first."""
        ...

    async def match(self, match: str) -> MatchRecord | None:
        """One match by id, or ``None``."""
        ...

    async def actions(self, match: str, since: int = 0) -> list[tuple[int, str]]:
        """The recorded ``(seat, action JSON)`` of ``match`` after the first ``since``."""
        ...

    async def seat_for(self, match: str, digest: str) -> int | None:
        """The seat of ``match`` whose token has this hash, or ``None``."""
        ...

    async def claim(self, match: str, seat: int, name: str, digest: str) -> Claim:
        """Take open ``seat`` of ``match`` for ``name`` with a new token's hash, or say who
        was first: the seat and the name are keys, so of two racing takers one wins."""
        ...

    async def claims(self, match: str) -> dict[int, str]:
        """The names of the taken open seats of ``match``, by seat."""
        ...

    async def add_token(self, match: str, seat: int, digest: str) -> None:
        """One more key to ``seat`` of ``match`` (a rematch hands each player a new one)."""

    async def add_chat(
        self, match: str, seat: int | None, author: str, spectators_only: bool, text: str
    ) -> ChatLine:
        """Store a chat message of ``match``; it gets the next number."""
        ...

    async def chat(self, match: str, limit: int = 100) -> list[ChatLine]:
        """The last ``limit`` chat messages of ``match``, oldest first."""
        ...

    async def link_rematch(self, match: str, record: MatchRecord, tokens: dict[str, int]) -> str:
        """Store ``record`` as the rematch of ``match``, unless another is already linked:
        returns the id of the one rematch (this record's, or the first one's)."""
        ...

    async def rematch_of(self, match: str) -> str | None:
        """The id of the rematch of ``match``, or ``None``."""
        ...

    async def finished(self, limit: int = 20) -> list[MatchRecord]:
        """The most recent finished matches, newest first."""
        ...

    async def add_note(self, match: str, note: str) -> None:
        """Store a table note of ``match`` (a move the clock played, a bot taking a seat
        over, its person back: :class:`~tablecards.server._absence.Note`'s JSON), after the
        others."""

    async def notes(self, match: str) -> list[str]:
        """The table notes of ``match``, in the order they were stored."""
        ...

    async def release(self, match: str, seat: int) -> None:
        """Open taken ``seat`` of ``match`` again: its claim and its keys are forgotten."""


def record_of(row: tuple[Any, ...]) -> MatchRecord:
    """A match read back from a row ``(id, game, options, players, seed, seats, created,
    over, pace)``."""
    return MatchRecord(
        id=row[0],
        game=row[1],
        options=json.loads(row[2]),
        players=row[3],
        seed=row[4],
        seats=tuple(
            SeatRecord(s["name"], s["bot"], bool(s.get("open", False))) for s in json.loads(row[5])
        ),
        created=row[6],
        over=bool(row[7]),
        pace=str(row[8]),
    )
