"""The one place that chooses a store: by the scheme of what ``--db`` names."""

from __future__ import annotations

from pathlib import Path

from tablecards.server._health import StoreError
from tablecards.server.store._records import Store
from tablecards.server.store._sqlite import SQLiteStore

__all__ = ["is_postgres_url", "open_store"]


def is_postgres_url(db: object) -> bool:
    """Whether ``db`` names a PostgreSQL database (``postgresql://…`` or ``postgres://…``)."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


async def open_store(db: str | Path) -> Store:
    """The store named by ``db``: a ``postgresql://…`` URL, or else a SQLite file's path.

    Raises:
        RuntimeError: a PostgreSQL URL without psycopg installed (the message says what to
            install).
        StoreError: the store cannot be used (locked, damaged, read-only, unreachable).
    """
    text = str(db)
    if is_postgres_url(db):
        try:
            # Only here: psycopg is the optional extra, and a SQLite server starts without it.
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
    return SQLiteStore(db)
