"""Which store a server uses: the one named by ``--db``, chosen by its scheme.

The one module that knows both stores, so that neither imports the other (SQLite is the
embedded default; PostgreSQL is loaded only for a ``postgresql://`` URL, with its extra).
"""

from __future__ import annotations

from pathlib import Path

from tablecards.server._health import StoreError
from tablecards.server._store import SQLiteStore, Store

__all__ = ["open_store"]


async def open_store(db: str | Path) -> Store:
    """The store named by ``db``: a ``postgresql://…`` URL, or else a SQLite file's path.

    Raises:
        RuntimeError: a PostgreSQL URL without psycopg installed (the message says what to
            install).
        StoreError: the store cannot be used (locked, damaged, read-only, unreachable).
    """
    text = str(db)
    if isinstance(db, str) and text.startswith(("postgresql://", "postgres://")):
        try:
            from tablecards.server._pgstore import PostgresStore
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
