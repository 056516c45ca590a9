"""Where matches live between restarts: a SQLite file, one row per applied action.

The ``actions`` table is append-only and keyed by ``(match, number)``: the key is the arbiter,
so two writers racing to record action number *n* of a match cannot both succeed.

``journal_mode=WAL`` with ``synchronous=NORMAL`` keeps every committed transaction through a
crash of the process (SIGKILL); only a power cut can lose the last few. In that mode a commit
only appends to the WAL file, without waiting for the disk (tens of microseconds), while handing
it to a thread and back costs more than that (milliseconds on a busy machine). So the one
writer is a task of the event loop that commits, in one transaction, every append waiting
(a group commit), and what may wait on the disk runs on the store's own thread: reads, and the
checkpoints that copy the WAL back into the database file (with an ``fsync``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import fcntl
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from tablecards.server._health import (
    StorageUnavailable,
    StoreError,
    logged,
    store_back,
    store_lost,
)
from tablecards.server.store._records import (
    CHAT_KEPT,
    ActionTaken,
    ChatLine,
    Claim,
    LobbyRow,
    MatchRecord,
    OnAction,
    fold,
    record_of,
)

__all__ = ["SQLiteStore"]

log = logging.getLogger("tablecards.server")

T = TypeVar("T")
#: A waiting append: match, number, seat, action JSON, whether the match is over, and the
#: future to settle once committed.
_Append = tuple[str, int, int, str, bool, "asyncio.Future[None]"]
#: Group commits between two checkpoints of the WAL into the database file.
CHECKPOINT_EVERY = 200
#: Seconds without a commit after which the WAL is copied into the file and emptied.
IDLE_CHECKPOINT = 2.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tablecards_state (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    pace TEXT NOT NULL DEFAULT 'normal'
);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    match TEXT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    match TEXT NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (match, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS claims (
    match TEXT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    folded TEXT NOT NULL,
    PRIMARY KEY (match, seat),
    UNIQUE (match, folded)
);
CREATE TABLE IF NOT EXISTS chat (
    match TEXT NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,
    seat INTEGER,
    author TEXT NOT NULL,
    spectators_only INTEGER NOT NULL,
    text TEXT NOT NULL,
    sent REAL NOT NULL,
    PRIMARY KEY (match, number)
);
CREATE TABLE IF NOT EXISTS rematches (
    match TEXT PRIMARY KEY REFERENCES matches(id),
    next TEXT NOT NULL REFERENCES matches(id)
);
CREATE TABLE IF NOT EXISTS notes (
    match TEXT NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,
    note TEXT NOT NULL,
    PRIMARY KEY (match, number)
);
"""


class SQLiteStore:
    """The embedded store: a SQLite file in WAL mode.

    Writes are committed by the event loop (group commits, no disk wait in WAL mode); reads and
    checkpoints run on the store's own thread. Use it from one event loop, in one process.
    """

    #: One process owns the file: nobody else writes to it while it serves.
    shared = False

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        #: Why the store fails now (``None``: it works); ``/healthz`` reports it.
        self.problem: str | None = None
        #: Seconds between two scheduled checkpoints (the server sets it from its settings).
        self.checkpoint_every = 60.0
        self._lock = _lock(self.path)
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="tablecards-db")
        self._db: sqlite3.Connection | None = None
        self._writer: sqlite3.Connection | None = None
        self._pending: list[_Append] = []
        self._flushing = False
        self._commits = 0
        self._checkpointed = time.monotonic()
        self._idle: asyncio.TimerHandle | None = None
        self._hub: Any = None
        self._recovery: asyncio.Future[None] | None = None
        try:
            self._run_sync(self._open)
        except BaseException as failure:
            self._pool.shutdown(wait=False)
            self._lock.close()
            if isinstance(failure, sqlite3.Error):
                raise StoreError(_open_failure(self.path, failure)) from None
            raise

    def _open(self) -> None:
        existing = os.path.exists(self.path) and os.path.getsize(self.path) > 0
        orphaned = existing and _without_its_wal(self.path)
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            if existing:
                _check_file(db, self.path)
                if orphaned and _left_running(db, _identity(self.path)):
                    raise StoreError(
                        f"{self.path} was not closed by its server and its "
                        f"{os.path.basename(self.path)}-wal file is not beside it: the last "
                        "actions are in that file (was it copied while the server ran, or "
                        "after it was killed?); copy both files, or make copies with "
                        "'tablecards backup'"
                    )
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.executescript(_SCHEMA)
            _add_pace(db)
            # Until close() says otherwise: a copy of the file alone (another inode, no -wal
            # beside it) then tells on itself.
            db.execute(
                "INSERT OR REPLACE INTO tablecards_state VALUES ('server', ?)",
                (f"running {_identity(self.path)}",),
            )
        except BaseException:
            db.close()
            raise
        self._db = db
        # Used only from the event loop's thread, one call at a time.
        writer = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        writer.execute("PRAGMA synchronous=NORMAL")
        writer.execute("PRAGMA foreign_keys=ON")
        writer.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run on the store's thread
        self._writer = writer

    def _run_sync(self, fn: Callable[[], T]) -> T:
        return self._pool.submit(fn).result()

    async def _run(self, fn: Callable[[], T]) -> T:
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn)
        except sqlite3.Error as failure:
            # No path in it: it may be shown (healthz); the operator's log has it (_failed).
            raise StorageUnavailable(f"cannot read the store's file: {failure}") from None

    @property
    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise RuntimeError("the store is closed")
        return self._db

    async def listen(self, on_action: OnAction) -> None:
        """Nothing to listen to: no other process writes to this file."""

    async def aclose(self) -> None:
        """Close the file (see :meth:`close`)."""
        self.close()

    def close(self) -> None:
        """Close the file (pending calls finish first)."""

        def close() -> None:
            if self._writer is not None:
                self._writer.close()
                self._writer = None
            if self._db is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute(
                        "INSERT OR REPLACE INTO tablecards_state VALUES ('server', 'closed')"
                    )
                    self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                self._db.close()
                self._db = None

        if self._idle is not None:
            self._idle.cancel()
        if self._recovery is not None:
            self._recovery.cancel()
        self._run_sync(close)
        self._pool.shutdown(wait=True)
        self._lock.close()

    # -- writing --------------------------------------------------------------------------------

    async def create_match(self, record: MatchRecord, tokens: dict[str, int]) -> None:
        """Store a new match and the hashes of its seat tokens (``hash -> seat``), at once."""

        def write() -> None:
            db = self._write_conn
            with _transaction(db):
                _insert_match(db, record, tokens)

        try:
            write()
        except sqlite3.Error as failure:
            raise self._failed(failure) from None
        self.problem = None
        self._committed()

    def _failed(self, failure: sqlite3.Error) -> StorageUnavailable:
        was = self.problem
        # Without the file's path: /healthz tells anyone the problem, not where the file is.
        self.problem = f"cannot write to the store's file: {failure}"
        if was is None:
            log.warning("cannot write to %s: %s", self.path, failure)
        if was is None and self._hub is not None:
            store_lost(self._hub, self.problem)
            self._recovery = asyncio.ensure_future(self._recover())
            self._recovery.add_done_callback(logged)
        return StorageUnavailable(self.problem)

    def watch(self, hub: Any) -> None:
        """Tell ``hub``'s players when writing fails (a full disk), and resume its tables
        by themselves once a trial write succeeds again."""
        self._hub = hub

    async def _recover(self) -> None:
        delay = 0.25
        while self.problem is not None and self._writer is not None:
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)
            try:
                db = self._write_conn
                with _transaction(db):  # a trial write that must reach the file
                    db.execute("CREATE TABLE IF NOT EXISTS tablecards_probe (at REAL)")
                    db.execute("DELETE FROM tablecards_probe")
                    db.execute("INSERT INTO tablecards_probe VALUES (?)", (time.time(),))
            except sqlite3.Error:
                with contextlib.suppress(sqlite3.Error):
                    self._write_conn.execute("ROLLBACK")
                continue
            if self.problem is not None:
                self.problem = None
                await store_back(self._hub)

    def _committed(self) -> None:
        """After a commit: a checkpoint when one is due, and another once the store idles."""
        now = time.monotonic()
        if now - self._checkpointed >= self.checkpoint_every:
            self._checkpoint_soon("PASSIVE")
        if self._idle is not None:
            self._idle.cancel()
        loop = asyncio.get_running_loop()
        self._idle = loop.call_later(IDLE_CHECKPOINT, self._checkpoint_soon, "TRUNCATE")

    def _checkpoint_soon(self, mode: str = "PASSIVE") -> None:
        self._checkpointed = time.monotonic()
        with contextlib.suppress(RuntimeError):  # the store was closed meanwhile
            self._pool.submit(self._checkpoint, mode)

    async def append(self, match: str, number: int, seat: int, action: str, over: bool) -> None:
        """Commit action ``number`` (1-based) of ``match``; return only once it is durable.

        Appends arriving while the store's thread is busy are committed together in one
        transaction (a group commit): under load a commit serves many tables at once.

        Raises:
            ActionTaken: that number is already recorded (another writer won the race).
        """
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._pending.append((match, number, seat, action, over, future))
        if not self._flushing:
            # Later in this loop turn: the appends of every table that acts meanwhile join.
            self._flushing = True
            loop.call_soon(self._flush)
        await future

    def _flush(self) -> None:
        batch, self._pending = self._pending, []
        self._flushing = False
        outcomes = self._write(batch)
        for (*_, future), outcome in zip(batch, outcomes, strict=True):
            _settle(future, outcome)
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0:
            self._checkpoint_soon()
        self._committed()

    def _checkpoint(self, mode: str = "PASSIVE") -> None:
        with contextlib.suppress(sqlite3.Error, RuntimeError):
            self._conn.execute(f"PRAGMA wal_checkpoint({mode})")

    @property
    def _write_conn(self) -> sqlite3.Connection:
        if self._writer is None:
            raise RuntimeError("the store is closed")
        return self._writer

    def _write(self, batch: list[_Append]) -> list[BaseException | None]:
        if self._writer is None:  # closed while these waited (the server stops)
            return [StorageUnavailable(f"{self.path} is closed")] * len(batch)
        db = self._writer
        outcomes: list[BaseException | None] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            for match, number, seat, action, over, _ in batch:
                try:
                    db.execute(
                        "INSERT INTO actions (match, number, seat, action) VALUES (?, ?, ?, ?)",
                        (match, number, seat, action),
                    )
                except sqlite3.IntegrityError:
                    # Only this statement is undone; the others of the batch still commit.
                    outcomes.append(ActionTaken(f"action {number} of match {match} is taken"))
                    continue
                if over:
                    db.execute("UPDATE matches SET over = 1 WHERE id = ?", (match,))
                outcomes.append(None)
            db.execute("COMMIT")
        except sqlite3.Error as failure:
            with contextlib.suppress(Exception):
                db.execute("ROLLBACK")
            return [self._failed(failure)] * len(batch)
        except Exception as failure:
            with contextlib.suppress(Exception):
                db.execute("ROLLBACK")
            return [failure] * len(batch)
        self.problem = None
        return outcomes

    # -- reading --------------------------------------------------------------------------------

    async def unfinished(self) -> list[MatchRecord]:
        """Every match not recorded as over, oldest first."""
        return await self._run(lambda: self._matches("WHERE over = 0"))

    async def lobby(
        self, since: float, limit: int
    ) -> list[tuple[MatchRecord, int, dict[int, str]]]:
        """The unfinished matches created after ``since``, newest first, at most ``limit``,
        each with its number of moves and its taken open seats."""

        def read() -> list[LobbyRow]:
            records = self._matches(
                "WHERE over = 0 AND created > ? ORDER BY created DESC LIMIT ?", (since, limit)
            )
            out = []
            for record in records:
                moves = self._conn.execute(
                    "SELECT coalesce(max(number), 0) FROM actions WHERE match = ?", (record.id,)
                ).fetchone()[0]
                claims = self._conn.execute(
                    "SELECT seat, name FROM claims WHERE match = ?", (record.id,)
                ).fetchall()
                out.append((record, int(moves), {int(s): str(n) for s, n in claims}))
            return out

        return await self._run(read)

    async def matches(self, limit: int = 100) -> list[MatchRecord]:
        """The most recent matches, newest first."""
        return await self._run(lambda: self._matches(f"ORDER BY created DESC LIMIT {int(limit)}"))

    async def match(self, match: str) -> MatchRecord | None:
        """One match by id, or ``None``."""
        found = await self._run(lambda: self._matches("WHERE id = ?", (match,)))
        return found[0] if found else None

    def _matches(self, where: str, args: tuple[Any, ...] = ()) -> list[MatchRecord]:
        rows = self._conn.execute(
            "SELECT id, game, options, players, seed, seats, created, over, pace FROM matches "
            + where,
            args,
        ).fetchall()
        return [record_of(row) for row in rows]

    async def actions(self, match: str, since: int = 0) -> list[tuple[int, str]]:
        """The recorded ``(seat, action JSON)`` of ``match`` after the first ``since``, in
        order."""

        def read() -> list[tuple[int, str]]:
            rows = self._conn.execute(
                "SELECT number, seat, action FROM actions WHERE match = ? AND number > ?"
                " ORDER BY number",
                (match, since),
            ).fetchall()
            return [(seat, action) for _, seat, action in rows]

        return await self._run(read)

    async def seat_for(self, match: str, digest: str) -> int | None:
        """The seat of ``match`` whose token has this hash, or ``None``."""

        def read() -> int | None:
            row = self._conn.execute(
                "SELECT seat FROM tokens WHERE hash = ? AND match = ?", (digest, match)
            ).fetchone()
            return None if row is None else int(row[0])

        return await self._run(read)

    # -- open seats, chat, rematches ---------------------------------------------------------

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """The writer connection, its failures (a full disk) raised as
        :class:`StorageUnavailable` and reported as :meth:`append`'s are."""
        try:
            yield self._write_conn
        except sqlite3.Error as failure:
            raise self._failed(failure) from None

    async def claim(self, match: str, seat: int, name: str, digest: str) -> Claim:
        """Take open ``seat`` of ``match`` for ``name``: one writer at a time (``BEGIN
        IMMEDIATE``), and the keys ``(match, seat)`` and ``(match, name)`` hold besides."""
        with self._writing() as db, _transaction(db):
            taken = db.execute(
                "SELECT seat FROM claims WHERE match = ? AND (seat = ? OR folded = ?)",
                (match, seat, fold(name)),
            ).fetchall()
            if taken:
                return Claim.SEAT_GONE if (seat,) in taken else Claim.NAME_GONE
            db.execute(
                "INSERT INTO claims (match, seat, name, folded) VALUES (?, ?, ?, ?)",
                (match, seat, name, fold(name)),
            )
            db.execute(
                "INSERT INTO tokens (hash, match, seat) VALUES (?, ?, ?)", (digest, match, seat)
            )
        return Claim.TAKEN

    async def claims(self, match: str) -> dict[int, str]:
        """The names of the taken open seats of ``match``, by seat."""
        rows = await self._run(
            lambda: self._conn.execute(
                "SELECT seat, name FROM claims WHERE match = ?", (match,)
            ).fetchall()
        )
        return {int(seat): str(name) for seat, name in rows}

    async def add_token(self, match: str, seat: int, digest: str) -> None:
        """One more key to ``seat`` of ``match``."""
        with self._writing() as db:
            db.execute(
                "INSERT INTO tokens (hash, match, seat) VALUES (?, ?, ?)", (digest, match, seat)
            )

    async def add_chat(
        self, match: str, seat: int | None, author: str, spectators_only: bool, text: str
    ) -> ChatLine:
        """Store a chat message of ``match`` under the next number (one statement: atomic),
        and forget the lines before the last :data:`CHAT_KEPT`."""
        sent = time.time()
        with self._writing() as db:
            row = db.execute(
                "INSERT INTO chat (match, number, seat, author, spectators_only, text, sent)"
                " SELECT ?, coalesce(max(number), 0) + 1, ?, ?, ?, ?, ? FROM chat WHERE match = ?"
                " RETURNING number",
                (match, seat, author, int(spectators_only), text, sent, match),
            ).fetchone()
            db.execute(  # only the last CHAT_KEPT lines of a match are kept
                "DELETE FROM chat WHERE match = ? AND number <= ?", (match, row[0] - CHAT_KEPT)
            )
        return ChatLine(int(row[0]), seat, author, spectators_only, text, sent)

    async def chat(self, match: str, limit: int = 100) -> list[ChatLine]:
        """The last ``limit`` chat messages of ``match``, oldest first."""

        def read() -> list[ChatLine]:
            rows = self._conn.execute(
                "SELECT number, seat, author, spectators_only, text, sent FROM chat"
                " WHERE match = ? ORDER BY number DESC LIMIT ?",
                (match, int(limit)),
            ).fetchall()
            return [_chat_line(row) for row in reversed(rows)]

        return await self._run(read)

    async def link_rematch(self, match: str, record: MatchRecord, tokens: dict[str, int]) -> str:
        """Store ``record`` as the rematch of ``match`` unless one is linked already; returns
        the id of the one rematch."""
        with self._writing() as db, _transaction(db):
            row = db.execute("SELECT next FROM rematches WHERE match = ?", (match,)).fetchone()
            if row is not None:
                return str(row[0])
            _insert_match(db, record, tokens)
            db.execute("INSERT INTO rematches (match, next) VALUES (?, ?)", (match, record.id))
        return record.id

    async def rematch_of(self, match: str) -> str | None:
        """The id of the rematch of ``match``, or ``None``."""
        row = await self._run(
            lambda: self._conn.execute(
                "SELECT next FROM rematches WHERE match = ?", (match,)
            ).fetchone()
        )
        return None if row is None else str(row[0])

    async def finished(self, limit: int = 20) -> list[MatchRecord]:
        """The most recent finished matches, newest first."""
        return await self._run(
            lambda: self._matches("WHERE over = 1 ORDER BY created DESC LIMIT ?", (int(limit),))
        )

    async def add_note(self, match: str, note: str) -> None:
        """Store a table note of ``match`` under the next number (one statement: atomic)."""
        with self._writing() as db:
            db.execute(
                "INSERT INTO notes (match, number, note)"
                " SELECT ?, coalesce(max(number), 0) + 1, ? FROM notes WHERE match = ?",
                (match, note, match),
            )

    async def notes(self, match: str) -> list[str]:
        """The table notes of ``match``, oldest first."""
        rows = await self._run(
            lambda: self._conn.execute(
                "SELECT note FROM notes WHERE match = ? ORDER BY number", (match,)
            ).fetchall()
        )
        return [str(note) for (note,) in rows]

    async def release(self, match: str, seat: int) -> None:
        """Forget the claim of ``seat`` of ``match`` and its keys, in one transaction."""
        with self._writing() as db, _transaction(db):
            db.execute("DELETE FROM claims WHERE match = ? AND seat = ?", (match, seat))
            db.execute("DELETE FROM tokens WHERE match = ? AND seat = ?", (match, seat))


def _insert_match(db: sqlite3.Connection, record: MatchRecord, tokens: dict[str, int]) -> None:
    db.execute(
        "INSERT INTO matches (id, game, options, players, seed, seats, created, pace)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
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
    db.executemany(
        "INSERT INTO tokens (hash, match, seat) VALUES (?, ?, ?)",
        [(digest, record.id, seat) for digest, seat in tokens.items()],
    )


def _add_pace(db: sqlite3.Connection) -> None:
    """A file made before matches had paces (issue 40) gets the column, every match at the
    normal pace."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
    if "pace" not in columns:
        db.execute("ALTER TABLE matches ADD COLUMN pace TEXT NOT NULL DEFAULT 'normal'")


def _chat_line(row: Any) -> ChatLine:
    number, seat, author, spectators_only, text, sent = row
    return ChatLine(
        int(number),
        None if seat is None else int(seat),
        str(author),
        bool(spectators_only),
        str(text),
        float(sent),
    )


def _lock(path: str) -> Any:
    """Hold ``<path>.lock`` exclusively while this store is open: a second server on the same
    file is refused (two writers would diverge). The kernel drops the lock when the process
    dies, however it dies."""
    name = path + ".lock"
    try:
        handle = open(name, "a+")  # noqa: SIM115 - held open for the store's lifetime
    except OSError as failure:
        raise StoreError(
            f"cannot create {name} ({failure.strerror}): is the folder read-only?"
        ) from None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        owner = handle.read().strip() or "another process"
        handle.close()
        raise StoreError(
            f"{path} is already used by another tablecards server ({owner}); stop that "
            "one first, or give this one another --db"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"process {os.getpid()}\n")
    handle.flush()
    return handle


def _without_its_wal(path: str) -> bool:
    """Whether the file is in WAL mode (its header says so) with no ``-wal`` file beside it."""
    try:
        with open(path, "rb") as file:
            header = file.read(20)
    except OSError:
        return False
    return len(header) == 20 and header[18] == 2 and not os.path.exists(path + "-wal")


def _identity(path: str) -> str:
    """The file's device and inode: a copy has others."""
    stat = os.stat(path)
    return f"{stat.st_dev}:{stat.st_ino}"


def _left_running(db: sqlite3.Connection, identity: str) -> bool:
    """Whether this is a copy of a file whose server did not close it (killed, or still
    running): its server's mark says so, and names another file."""
    try:
        row = db.execute("SELECT value FROM tablecards_state WHERE key = 'server'").fetchone()
    except sqlite3.OperationalError:  # a file from before the state was kept
        return False
    if row is None or not str(row[0]).startswith("running "):
        return False
    return str(row[0]) != f"running {identity}"


def _check_file(db: sqlite3.Connection, path: str) -> None:
    """Refuse an existing file that is damaged or holds no tablecards store."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not tables:
        raise StoreError(
            f"{path} holds no tables: if it was copied from a running or killed server "
            f"without its {os.path.basename(path)}-wal file, the matches are in that file; "
            "copy both files, or make copies with 'tablecards backup'"
        )
    if "matches" not in tables:
        raise StoreError(f"{path} is a SQLite file of something else, not a tablecards store")
    verdict = db.execute("PRAGMA quick_check").fetchone()
    if verdict is None or verdict[0] != "ok":
        raise StoreError(
            f"{path} is damaged ({verdict[0] if verdict else 'unreadable'}); restore a backup"
        )


def _open_failure(path: str, failure: sqlite3.Error) -> str:
    text = str(failure)
    if "not a database" in text or "malformed" in text:
        return f"{path} is not a tablecards store or is damaged ({text}); restore a backup"
    if "readonly" in text or "unable to open" in text:
        return (
            f"cannot open {path} for writing ({text}): check that the file and its folder "
            "are writable"
        )
    if "full" in text:
        return f"cannot write to {path} ({text}): the disk is full"
    return f"cannot open {path}: {text}"


class _transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK``) on an autocommit connection."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *rest: object) -> None:
        try:
            if kind is None:
                self.db.execute("COMMIT")
                return
        except sqlite3.Error:
            self._rollback()  # a COMMIT refused (a full disk) leaves its transaction open
            raise
        self._rollback()

    def _rollback(self) -> None:
        # It may have been rolled back already: the first error is the one that counts.
        with contextlib.suppress(sqlite3.Error):
            self.db.execute("ROLLBACK")


def _settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    if future.done():  # its waiter was cancelled; the commit stands either way
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)
