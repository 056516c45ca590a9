"""The store's health: the errors it raises, ``/healthz``, and what the tables do when the
store goes away and comes back (tell the players, then resume bots and timers by themselves).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

__all__ = [
    "RETRYING",
    "StorageUnavailable",
    "StoreError",
    "health",
    "logged",
    "store_back",
    "store_lost",
]

log = logging.getLogger("tablecards.server")

#: What players are told while the store cannot record anything.
RETRYING = "storage unavailable, retrying: nothing was recorded; play again in a moment"


class StoreError(Exception):
    """The store cannot be opened at all (locked by another server, damaged, not a
    tablecards store, read-only, unreachable); the message is one line that says what to do."""


class StorageUnavailable(Exception):
    """The store could not record or read something just now (a full disk, a restarting
    database); nothing was recorded, and the caller may try again later."""


def logged(task: asyncio.Future[Any]) -> None:
    """A done callback for background tasks: read the outcome, log a failure in one line."""
    if task.cancelled():
        return
    failure = task.exception()
    if failure is not None:
        log.error("background task failed: %s: %s", type(failure).__name__, failure)


def health(store: Any) -> tuple[int, dict[str, Any]]:
    """``/healthz``: 200 and ``{"status": "ok"}`` while the store works, else 503 and why."""
    problem = getattr(store, "problem", None)
    kind = "postgresql" if getattr(store, "shared", False) else "sqlite"
    if problem is None:
        return 200, {"status": "ok", "store": kind}
    return 503, {"status": "unavailable", "store": kind, "reason": str(problem)}


def _clients(table: Any) -> list[Any]:
    return list(getattr(table, "_clients", ()))


def store_lost(hub: Any, reason: str) -> None:
    """Tell every connected player that the store is unavailable and the server retries."""
    log.warning("store unavailable, retrying: %s", reason)
    message = {"type": "error", "code": "storage", "reason": RETRYING, "rule": None}
    for table in list(hub.tables.values()):
        for client in _clients(table):
            client.outbox.put(dict(message))


async def store_back(hub: Any) -> None:
    """The store works again: catch every table up with what others committed meanwhile,
    send every player the state again, and restart bots and timers."""
    log.warning("store available again; resuming every table")
    for table in list(hub.tables.values()):
        try:
            if getattr(hub.store, "shared", False):
                await table.catch_up()
        except StorageUnavailable:
            return  # gone again: the next recovery resumes
        table._broadcast()
        table.schedule()
