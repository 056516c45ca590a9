"""The shared store: PostgreSQL, for several server processes over one database.

The same append-only ``actions`` table as SQLite, keyed by ``(match, number)``: an insert of a
number another process already holds does nothing (``ON CONFLICT DO NOTHING``), and that is the
lost race (:class:`ActionTaken`). Two inserts racing for one number wait on each other inside
PostgreSQL; exactly one commits a row.

Each commit also sends ``NOTIFY tablecards, '<match> <number>'``. PostgreSQL delivers a
notification only when its transaction commits, so no process hears of an action the database
does not hold; every process ``LISTEN``s and catches its tables up from the rows.

The schema is created and versioned by the server (:data:`MIGRATIONS`): each migration runs
once, under a transaction-level advisory lock, so processes starting together, or a start run
twice, apply it exactly once.

Needs psycopg 3: ``pip install 'tablecards[postgres]'``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

import psycopg

from tablecards.server._health import StorageUnavailable, logged, store_back, store_lost
from tablecards.server.store._records import (
    CHAT_KEPT,
    ActionTaken,
    ChatLine,
    Claim,
    MatchRecord,
    OnAction,
    fold,
    record_of,
)

__all__ = ["CHANNEL", "MIGRATIONS", "PostgresStore"]

log = logging.getLogger("tablecards.server")

#: The channel of the notifications that carry ``"<match> <number>"`` to the other processes.
CHANNEL = "tablecards"
#: Any fixed number: the advisory lock that makes migrations run one process at a time.
_MIGRATION_LOCK = 0x7AB1EC
#: Schema versions in order; version *n* is ``MIGRATIONS[n - 1]``. Only ever append.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        players INTEGER NOT NULL,
        seed BIGINT NOT NULL,
        seats TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        over BOOLEAN NOT NULL DEFAULT FALSE
    );
    CREATE INDEX matches_unfinished ON matches (created) WHERE NOT over;
    CREATE TABLE tokens (
        hash TEXT PRIMARY KEY,
        match TEXT NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL
    );
    CREATE TABLE actions (
        match TEXT NOT NULL REFERENCES matches(id),
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (match, number)
    );
    """,
    """
    CREATE TABLE claims (
        match TEXT NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        folded TEXT NOT NULL,
        PRIMARY KEY (match, seat),
        UNIQUE (match, folded)
    );
    CREATE TABLE chat (
        match TEXT NOT NULL REFERENCES matches(id),
        number INTEGER NOT NULL,
        seat INTEGER,
        author TEXT NOT NULL,
        spectators_only BOOLEAN NOT NULL,
        text TEXT NOT NULL,
        sent DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (match, number)
    );
    CREATE TABLE rematches (
        match TEXT PRIMARY KEY REFERENCES matches(id),
        next TEXT NOT NULL REFERENCES matches(id)
    );
    CREATE INDEX matches_finished ON matches (created) WHERE over;
    """,
    # The lobby reads the newest unfinished matches first (issue 42).
    """
    CREATE INDEX matches_unfinished_newest ON matches (created DESC) WHERE NOT over;
    """,
    # Paces, and table notes: moves the clock played, bots standing in for people (issue 40).
    """
    ALTER TABLE matches ADD COLUMN pace TEXT NOT NULL DEFAULT 'normal';
    CREATE TABLE notes (
        match TEXT NOT NULL REFERENCES matches(id),
        number INTEGER NOT NULL,
        note TEXT NOT NULL,
        PRIMARY KEY (match, number)
    );
    """,
)
_COLUMNS = "id, game, options, players, seed, seats, created, over, pace"
#: A waiting append: match, number, seat, action JSON, whether the match is over, its future.
_Append = tuple[str, int, int, str, bool, "asyncio.Future[None]"]
#: Errors that mean the database went away (a restart, a network cut), not a bad statement.
_GONE = (psycopg.OperationalError, psycopg.InterfaceError)
#: Seconds between two reconnection attempts: doubling from the first to the last.
BACKOFF = (0.2, 5.0)
R = TypeVar("R")
P = ParamSpec("P")


def _guarded(
    method: Callable[Concatenate[PostgresStore, P], Coroutine[Any, Any, R]],
) -> Callable[Concatenate[PostgresStore, P], Coroutine[Any, Any, R]]:
    """A store method that raises :class:`StorageUnavailable` (and starts reconnecting)
    when the database is gone, instead of a driver error."""

    @functools.wraps(method)
    async def guarded(store: PostgresStore, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if store.problem is not None:
            raise StorageUnavailable(store.problem)
        try:
            return await method(store, *args, **kwargs)
        except _GONE as failure:
            raise StorageUnavailable(store._lost(failure)) from None

    return guarded


async def migrate(conn: psycopg.AsyncConnection[Any]) -> int:
    """Bring the schema to the latest version; safe to run twice, or from two processes at
    once. Returns the version reached."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        await conn.execute("CREATE TABLE IF NOT EXISTS tablecards_schema (version INTEGER)")
        row = await (await conn.execute("SELECT max(version) FROM tablecards_schema")).fetchone()
        current = 0 if row is None or row[0] is None else int(row[0])
        for version in range(current + 1, len(MIGRATIONS) + 1):
            await conn.execute(MIGRATIONS[version - 1])
            await conn.execute("INSERT INTO tablecards_schema (version) VALUES (%s)", (version,))
    return len(MIGRATIONS)


class PostgresStore:
    """A PostgreSQL database shared by several server processes.

    Create it with :meth:`open` (it connects and migrates). Appends waiting together are
    committed in one transaction (a group commit); reads use a connection of their own, and a
    third one listens for the other processes' actions.
    """

    #: Other server processes write to the same database.
    shared = True

    def __init__(self, url: str) -> None:
        self.url = url
        self._writer: psycopg.AsyncConnection[Any] | None = None
        self._reader: psycopg.AsyncConnection[Any] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._pending: list[_Append] = []
        self._flusher: asyncio.Task[None] | None = None
        self._pid = 0
        # One transaction at a time on the writing connection: creations and group commits.
        self._write_lock = asyncio.Lock()
        #: Why the database cannot be used now (``None``: it can); ``/healthz`` reports it.
        self.problem: str | None = None
        self._on_action: OnAction | None = None
        self._hub: Any = None
        self._reconnecting: asyncio.Task[None] | None = None
        self._closing = False

    @classmethod
    async def open(cls, url: str) -> PostgresStore:
        """Connect to ``url`` and bring its schema up to date."""
        store = cls(url)
        store._writer = await psycopg.AsyncConnection.connect(url, autocommit=True)
        store._reader = await psycopg.AsyncConnection.connect(url, autocommit=True)
        store._pid = store._writer.info.backend_pid
        await migrate(store._writer)
        return store

    @property
    def _w(self) -> psycopg.AsyncConnection[Any]:
        if self._writer is None:
            raise RuntimeError("the store is closed")
        return self._writer

    @property
    def _r(self) -> psycopg.AsyncConnection[Any]:
        if self._reader is None:
            raise RuntimeError("the store is closed")
        return self._reader

    async def aclose(self) -> None:
        """Stop listening, let waiting appends commit, close the connections."""
        self._closing = True
        if self._reconnecting is not None:
            self._reconnecting.cancel()
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        if self._flusher is not None:
            with contextlib.suppress(BaseException):
                await self._flusher
        for conn in (self._writer, self._reader):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
        self._writer = self._reader = None

    # -- outages --------------------------------------------------------------------------------

    def watch(self, hub: Any) -> None:
        """Tell ``hub``'s players when the database goes away, and resume its tables (catch
        up, bots, timers) once it is back."""
        self._hub = hub

    def _lost(self, failure: BaseException) -> str:
        """The database went away: say so once, and reconnect in the background."""
        reason = str(failure).strip().splitlines()[0] if str(failure).strip() else "gone"
        if self.problem is None and not self._closing:
            # Not the driver's words (they name hosts, ports, users): /healthz shows this.
            self.problem = "the PostgreSQL database is unavailable"
            log.warning("PostgreSQL unavailable: %s", reason[:160])
            if self._hub is not None:
                store_lost(self._hub, self.problem)
            self._reconnecting = asyncio.ensure_future(self._reconnect())
            self._reconnecting.add_done_callback(logged)
        return self.problem or reason

    async def _reconnect(self) -> None:
        delay, longest = BACKOFF
        while not self._closing:
            await asyncio.sleep(delay)
            delay = min(delay * 2, longest)
            try:
                writer = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                reader = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            except _GONE:
                continue
            old = (self._writer, self._reader)
            self._writer, self._reader = writer, reader
            self._pid = writer.info.backend_pid
            for conn in old:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
            if self._on_action is not None:
                try:
                    await self._start_listening(self._on_action)
                except _GONE:
                    continue
            self.problem = None
            log.warning("reconnected to the PostgreSQL database")
            if self._hub is not None:
                await store_back(self._hub)
            return

    # -- listening ------------------------------------------------------------------------------

    async def listen(self, on_action: OnAction) -> None:
        """Call ``on_action(match, number)`` for each action another process commits."""
        self._on_action = on_action
        await self._start_listening(on_action)

    async def _start_listening(self, on_action: OnAction) -> None:
        conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await conn.execute(f"LISTEN {CHANNEL}")
        self._listener = asyncio.ensure_future(self._hear(conn, on_action))
        self._listener.add_done_callback(self._deaf)

    def _deaf(self, task: asyncio.Task[None]) -> None:
        # The listening connection broke: the database went away (or this store closes).
        if task.cancelled() or self._closing:
            return
        failure = task.exception()
        if failure is None or isinstance(failure, _GONE):
            self._lost(failure or ConnectionError("the notifications stopped"))
        else:
            _lost(task)

    async def _hear(self, conn: psycopg.AsyncConnection[Any], on_action: OnAction) -> None:
        try:
            async for note in conn.notifies():
                if note.pid == self._pid:
                    continue  # this process's own commit: its tables know already
                match, _, number = note.payload.partition(" ")
                with contextlib.suppress(ValueError):
                    on_action(match, int(number))
        finally:
            with contextlib.suppress(Exception):
                await conn.close()

    # -- writing --------------------------------------------------------------------------------

    @_guarded
    async def create_match(self, record: MatchRecord, tokens: dict[str, int]) -> None:
        """Store a new match and the hashes of its seat tokens (``hash -> seat``), at once."""
        conn = self._w
        async with self._write_lock, conn.transaction():
            await _insert_match(conn, record, tokens)

    async def append(self, match: str, number: int, seat: int, action: str, over: bool) -> None:
        """Commit action ``number`` (1-based) of ``match``; return once it is committed.

        Raises:
            ActionTaken: another writer (of this process or another) holds that number.
        """
        if self.problem is not None:
            raise StorageUnavailable(self.problem)
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((match, number, seat, action, over, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush())
        await future

    async def _flush(self) -> None:
        # Appends arriving during a commit wait for the next one, all together.
        while self._pending:
            batch, self._pending = self._pending, []
            outcomes = await self._write(batch)
            for (*_, future), outcome in zip(batch, outcomes, strict=True):
                if not future.done():
                    if outcome is None:
                        future.set_result(None)
                    else:
                        future.set_exception(outcome)

    async def _write(self, batch: list[_Append]) -> list[BaseException | None]:
        if self._writer is None:  # closed while these waited (the server stops)
            return [StorageUnavailable("the store is closed")] * len(batch)
        conn = self._writer
        outcomes: list[BaseException | None] = []
        try:
            async with self._write_lock, conn.transaction():
                for match, number, seat, action, over, _ in batch:
                    cursor = await conn.execute(
                        "INSERT INTO actions (match, number, seat, action)"
                        " VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING number",
                        (match, number, seat, action),
                    )
                    if await cursor.fetchone() is None:
                        outcomes.append(ActionTaken(f"action {number} of match {match} is taken"))
                        continue
                    if over:
                        await conn.execute("UPDATE matches SET over = TRUE WHERE id = %s", (match,))
                    await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{match} {number}"))
                    outcomes.append(None)
        except _GONE as failure:  # nothing of the batch committed: the players retry
            return [StorageUnavailable(self._lost(failure))] * len(batch)
        except Exception as failure:
            log.exception("could not commit %d actions", len(batch))
            return [failure] * len(batch)
        return outcomes

    # -- reading --------------------------------------------------------------------------------

    async def _records(self, sql: str, args: tuple[Any, ...] = ()) -> list[MatchRecord]:
        cursor = await self._r.execute(f"SELECT {_COLUMNS} FROM matches {sql}", args)
        return [record_of(tuple(row)) for row in await cursor.fetchall()]

    @_guarded
    async def unfinished(self) -> list[MatchRecord]:
        """Every match not recorded as over, oldest first."""
        return await self._records("WHERE NOT over ORDER BY created")

    @_guarded
    async def lobby(
        self, since: float, limit: int
    ) -> list[tuple[MatchRecord, int, dict[int, str]]]:
        """The unfinished matches created after ``since`` (a Unix time), newest first, at most
        ``limit``: each with its number of moves and its taken open seats, in one query (the
        moves from the actions' key, not by counting them)."""
        cursor = await self._r.execute(
            f"SELECT {_COLUMNS},"
            " (SELECT coalesce(max(number), 0) FROM actions a WHERE a.match = m.id),"
            " (SELECT coalesce(json_agg(json_build_array(c.seat, c.name)), '[]')"
            "  FROM claims c WHERE c.match = m.id)"
            " FROM matches m WHERE NOT over AND created > %s ORDER BY created DESC LIMIT %s",
            (since, int(limit)),
        )
        rows = []
        for row in await cursor.fetchall():
            claims = row[-1] if isinstance(row[-1], list) else json.loads(row[-1])
            rows.append(
                (
                    record_of(tuple(row[:-2])),
                    int(row[-2]),
                    {int(seat): str(name) for seat, name in claims},
                )
            )
        return rows

    @_guarded
    async def matches(self, limit: int = 100) -> list[MatchRecord]:
        """The most recent matches, newest first."""
        return await self._records("ORDER BY created DESC LIMIT %s", (int(limit),))

    @_guarded
    async def match(self, match: str) -> MatchRecord | None:
        """One match by id, or ``None``."""
        found = await self._records("WHERE id = %s", (match,))
        return found[0] if found else None

    @_guarded
    async def actions(self, match: str, since: int = 0) -> list[tuple[int, str]]:
        """The recorded ``(seat, action JSON)`` of ``match`` after the first ``since``."""
        cursor = await self._r.execute(
            "SELECT seat, action FROM actions WHERE match = %s AND number > %s ORDER BY number",
            (match, since),
        )
        return [(int(seat), str(action)) for seat, action in await cursor.fetchall()]

    @_guarded
    async def seat_for(self, match: str, digest: str) -> int | None:
        """The seat of ``match`` whose token has this hash, or ``None``."""
        cursor = await self._r.execute(
            "SELECT seat FROM tokens WHERE hash = %s AND match = %s", (digest, match)
        )
        row = await cursor.fetchone()
        return None if row is None else int(row[0])

    # -- open seats, chat, rematches ---------------------------------------------------------

    async def claim(self, match: str, seat: int, name: str, digest: str) -> Claim:
        """Take open ``seat`` of ``match`` for ``name``. Two processes racing for one seat (or
        one name) insert into the same keys: PostgreSQL lets exactly one commit a row."""
        conn = self._w
        async with self._write_lock, conn.transaction():
            cursor = await conn.execute(
                "INSERT INTO claims (match, seat, name, folded) VALUES (%s, %s, %s, %s)"
                " ON CONFLICT DO NOTHING RETURNING seat",
                (match, seat, name, fold(name)),
            )
            if await cursor.fetchone() is None:
                row = await (
                    await conn.execute(
                        "SELECT 1 FROM claims WHERE match = %s AND seat = %s", (match, seat)
                    )
                ).fetchone()
                return Claim.SEAT_GONE if row is not None else Claim.NAME_GONE
            await conn.execute(
                "INSERT INTO tokens (hash, match, seat) VALUES (%s, %s, %s)", (digest, match, seat)
            )
        return Claim.TAKEN

    async def claims(self, match: str) -> dict[int, str]:
        """The names of the taken open seats of ``match``, by seat."""
        cursor = await self._r.execute("SELECT seat, name FROM claims WHERE match = %s", (match,))
        return {int(seat): str(name) for seat, name in await cursor.fetchall()}

    async def add_token(self, match: str, seat: int, digest: str) -> None:
        """One more key to ``seat`` of ``match``."""
        async with self._write_lock:
            await self._w.execute(
                "INSERT INTO tokens (hash, match, seat) VALUES (%s, %s, %s)", (digest, match, seat)
            )

    async def add_chat(
        self, match: str, seat: int | None, author: str, spectators_only: bool, text: str
    ) -> ChatLine:
        """Store a chat message of ``match`` under the next number; two processes taking the
        same number meet on the key, and the loser takes the next. Lines before the last
        :data:`~tablecards.server.store._records.CHAT_KEPT` are forgotten."""
        sent = time.time()
        for _ in range(20):
            async with self._write_lock:
                cursor = await self._w.execute(
                    "INSERT INTO chat (match, number, seat, author, spectators_only, text, sent)"
                    " SELECT %s, coalesce(max(number), 0) + 1, %s, %s, %s, %s, %s FROM chat"
                    " WHERE match = %s ON CONFLICT DO NOTHING RETURNING number",
                    (match, seat, author, spectators_only, text, sent, match),
                )
                row = await cursor.fetchone()
                if row is not None:  # only the last CHAT_KEPT lines of a match are kept
                    await self._w.execute(
                        "DELETE FROM chat WHERE match = %s AND number <= %s",
                        (match, int(row[0]) - CHAT_KEPT),
                    )
            if row is not None:
                return ChatLine(int(row[0]), seat, author, spectators_only, text, sent)
        raise RuntimeError(f"could not number a chat message of match {match}")

    async def chat(self, match: str, limit: int = 100) -> list[ChatLine]:
        """The last ``limit`` chat messages of ``match``, oldest first."""
        cursor = await self._r.execute(
            "SELECT number, seat, author, spectators_only, text, sent FROM chat"
            " WHERE match = %s ORDER BY number DESC LIMIT %s",
            (match, int(limit)),
        )
        rows = await cursor.fetchall()
        return [
            ChatLine(int(n), None if s is None else int(s), str(a), bool(o), str(t), float(w))
            for n, s, a, o, t, w in reversed(rows)
        ]

    async def link_rematch(self, match: str, record: MatchRecord, tokens: dict[str, int]) -> str:
        """Store ``record`` as the rematch of ``match`` unless one is linked already (the key
        ``rematches.match`` arbitrates across processes); returns the one rematch's id."""
        conn = self._w
        async with self._write_lock:
            try:
                async with conn.transaction():
                    await _insert_match(conn, record, tokens)
                    await conn.execute(
                        "INSERT INTO rematches (match, next) VALUES (%s, %s)", (match, record.id)
                    )
                return record.id
            except psycopg.errors.UniqueViolation:
                pass
        found = await self.rematch_of(match)
        if found is None:  # pragma: no cover - the row that won cannot vanish
            raise RuntimeError(f"the rematch of match {match} disappeared")
        return found

    async def rematch_of(self, match: str) -> str | None:
        """The id of the rematch of ``match``, or ``None``."""
        cursor = await self._r.execute("SELECT next FROM rematches WHERE match = %s", (match,))
        row = await cursor.fetchone()
        return None if row is None else str(row[0])

    async def finished(self, limit: int = 20) -> list[MatchRecord]:
        """The most recent finished matches, newest first."""
        return await self._records("WHERE over ORDER BY created DESC LIMIT %s", (int(limit),))

    @_guarded
    async def add_note(self, match: str, note: str) -> None:
        """Store a table note of ``match`` under the next number; two processes taking the
        same number meet on the key, and the loser takes the next."""
        for _ in range(20):
            async with self._write_lock:
                cursor = await self._w.execute(
                    "INSERT INTO notes (match, number, note)"
                    " SELECT %s, coalesce(max(number), 0) + 1, %s FROM notes WHERE match = %s"
                    " ON CONFLICT DO NOTHING RETURNING number",
                    (match, note, match),
                )
                if await cursor.fetchone() is not None:
                    return
        raise RuntimeError(f"could not number a note of match {match}")

    @_guarded
    async def notes(self, match: str) -> list[str]:
        """The table notes of ``match``, oldest first."""
        cursor = await self._r.execute(
            "SELECT note FROM notes WHERE match = %s ORDER BY number", (match,)
        )
        return [str(note) for (note,) in await cursor.fetchall()]

    @_guarded
    async def release(self, match: str, seat: int) -> None:
        """Forget the claim of ``seat`` of ``match`` and its keys, in one transaction."""
        conn = self._w
        async with self._write_lock, conn.transaction():
            await conn.execute("DELETE FROM claims WHERE match = %s AND seat = %s", (match, seat))
            await conn.execute("DELETE FROM tokens WHERE match = %s AND seat = %s", (match, seat))


async def _insert_match(
    conn: psycopg.AsyncConnection[Any], record: MatchRecord, tokens: dict[str, int]
) -> None:
    await conn.execute(
        f"INSERT INTO matches ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, FALSE, %s)",
        (
            record.id,
            record.game,
            json.dumps(record.options, sort_keys=True),
            record.players,
            record.seed,
            json.dumps([seat.to_json() for seat in record.seats]),
            record.created,
            record.pace,
        ),
    )
    async with conn.cursor() as cursor:
        await cursor.executemany(
            "INSERT INTO tokens (hash, match, seat) VALUES (%s, %s, %s)",
            [(digest, record.id, seat) for digest, seat in tokens.items()],
        )


def _lost(task: asyncio.Task[None]) -> None:
    # Not reconnected (yet): say so loudly, this process no longer hears the others.
    if not task.cancelled() and task.exception() is not None:
        log.error(
            "lost the PostgreSQL notifications; restart this server process",
            exc_info=task.exception(),
        )
