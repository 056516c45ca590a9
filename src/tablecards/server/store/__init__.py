"""Where matches live between restarts: the store named by ``--db``, chosen by its scheme.

Three modules, imported in one direction only:

- ``_records``: what every store keeps (matches, seats, chat lines) and the :class:`Store`
  protocol every backend meets; it imports no backend;
- ``_sqlite``: the embedded default, a SQLite file (standard library only);
- ``_postgres``: PostgreSQL, for several server processes over one database; imported here
  only when a ``postgresql://`` URL asks for it, so a server without the extra
  ``tablecards[postgres]`` (psycopg) starts and serves SQLite.

This package's face is the one the rest of the server imports.
"""

from __future__ import annotations

import re
from pathlib import Path

from tablecards.server._health import StoreError
from tablecards.server.store._records import (
    CHAT_KEPT,
    ActionTaken,
    ChatLine,
    Claim,
    LobbyRow,
    MatchRecord,
    OnAction,
    SeatRecord,
    Store,
    fold,
    record_of,
    token_hash,
)
from tablecards.server.store._sqlite import SQLiteStore

__all__ = [
    "CHAT_KEPT",
    "ActionTaken",
    "ChatLine",
    "Claim",
    "LobbyRow",
    "MatchRecord",
    "OnAction",
    "SQLiteStore",
    "SeatRecord",
    "Store",
    "fold",
    "is_postgres_url",
    "open_store",
    "record_of",
    "sqlite_path",
    "token_hash",
]

#: The schemes of a PostgreSQL URL (libpq accepts both).
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
#: ``name://``: a URL of some database, never a file's name.
_URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def is_postgres_url(db: object) -> bool:
    """Whether ``db`` names a PostgreSQL database (``postgresql://…`` or ``postgres://…``)."""
    return isinstance(db, str) and db.startswith(POSTGRES_SCHEMES)


def sqlite_path(db: str | Path) -> str | Path:
    """The SQLite file ``db`` names: a path, or a ``sqlite:`` URL (``sqlite:matches.db``,
    ``sqlite:///srv/matches.db``).

    Raises:
        StoreError: ``db`` is a URL of another kind of database (``mysql://…``), or a
            ``sqlite://`` URL naming a host (a SQLite file is on this machine).
    """
    if not isinstance(db, str):
        return db
    if db.startswith("sqlite:"):
        path = db.removeprefix("sqlite:")
        if path.startswith("//"):
            if not path.startswith("///"):
                raise StoreError(
                    f"--db {db}: a SQLite file is on this machine, its URL names no host "
                    "(sqlite:///absolute/path.db or sqlite:relative/path.db)"
                )
            path = path[2:]
        if not path:
            raise StoreError("--db sqlite: names no file (sqlite:matches.db)")
        return path
    url = _URL.match(db)
    if url is not None:
        # Never the whole URL: it may hold a password.
        raise StoreError(
            f"--db names a {url.group(1)}:// database: matches are stored in a SQLite file "
            "(its path, or sqlite:PATH) or in PostgreSQL (postgresql://…)"
        )
    return db


async def open_store(db: str | Path) -> Store:
    """The store named by ``db``: a ``postgresql://…`` URL, or else a SQLite file (its path
    or a ``sqlite:`` URL).

    Raises:
        RuntimeError: a PostgreSQL URL without psycopg installed (the message says what to
            install).
        StoreError: ``db`` names another kind of database, or the store cannot be used
            (locked, damaged, read-only, unreachable).
    """
    if is_postgres_url(db):
        text = str(db)
        try:
            # Here only: a SQLite server never imports psycopg (the extra tablecards[postgres]).
            from tablecards.server.store._postgres import PostgresStore
        except ImportError as missing:
            raise RuntimeError(
                f"a PostgreSQL store needs the extra 'tablecards[postgres]' ({missing.name} is "
                "not installed): pip install 'tablecards[postgres]'"
            ) from None
        try:
            return await PostgresStore.open(text)
        except Exception as failure:
            if not type(failure).__module__.startswith("psycopg"):
                raise
            first = str(failure).strip().splitlines()[0] if str(failure).strip() else ""
            raise StoreError(f"cannot use the PostgreSQL database: {first}") from None
    return SQLiteStore(sqlite_path(db))
