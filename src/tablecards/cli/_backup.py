"""``tablecards backup DB OUT``: a consistent copy of a server's SQLite store, even while the
server runs (SQLite's online backup API)."""

from __future__ import annotations

import os
import sqlite3

import click

from tablecards.cli._common import err

__all__ = ["backup_command"]


@click.command("backup")
@click.argument("db", type=click.Path(dir_okay=False))
@click.argument("out", type=click.Path(dir_okay=False))
def backup_command(db: str, out: str) -> None:
    """Copy the matches of the SQLite store DB into the new file OUT, consistently, while a
    server may be using DB. OUT is one self-contained file: a server started with --db OUT
    has every action DB had committed when the copy began.

    (A PostgreSQL store is backed up with pg_dump.)
    """
    if db.startswith(("postgresql://", "postgres://")):
        raise click.ClickException("back a PostgreSQL store up with pg_dump")
    if not os.path.isfile(db):
        raise click.ClickException(f"{db} does not exist")
    if os.path.exists(out):
        raise click.ClickException(f"{out} exists already: give a new file")
    try:
        matches, actions = _copy(db, out)
    except sqlite3.Error as failure:
        if os.path.exists(out):
            os.remove(out)
        raise click.ClickException(f"cannot copy {db}: {failure}") from None
    err.print(f"copied {matches} matches and {actions} actions from {db} to {out}")


def _copy(db: str, out: str) -> tuple[int, int]:
    source = sqlite3.connect(db, isolation_level=None)
    try:
        tables = {r[0] for r in source.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "matches" not in tables:
            raise sqlite3.DatabaseError("it holds no tablecards store")
        target = sqlite3.connect(out, isolation_level=None)
        try:
            source.backup(target)  # one read transaction: a consistent snapshot
            target.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
            matches = target.execute("SELECT count(*) FROM matches").fetchone()[0]
            actions = target.execute("SELECT count(*) FROM actions").fetchone()[0]
        finally:
            target.close()
    finally:
        source.close()
    return int(matches), int(actions)
