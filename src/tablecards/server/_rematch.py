"""Play again: the rematch of a finished match, with the same game, options and seats.

The first player to ask creates it (a new random seed; the bots keep their seats, an open seat
stays open); the store links one rematch to a match (its key arbitrates, across processes too),
so players asking together all land at one new table. Each player who asks gets a new key to
their own seat of it, sent to their connection only: keys are stored hashed, so the server
makes a new one per request rather than keeping any, at most :data:`KEYS_PER_SEAT` an hour per
seat of a rematch. Creating the rematch is creating a match: it counts against the asker's
address like ``POST /matches`` (:class:`~tablecards.server._limits.Creations`).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from tablecards import TablecardsError
from tablecards.server._hub import set_up
from tablecards.server._limits import Creations, Quota
from tablecards.server._protocol import error
from tablecards.server._table import Table
from tablecards.server.store import MatchRecord, token_hash

if TYPE_CHECKING:
    from tablecards.server._hub import Hub

__all__ = ["KEYS_PER_SEAT", "RematchRefused", "rematch", "rematch_message"]

#: New keys to one seat of a rematch, an hour (a player's tabs and devices; not a mint).
KEYS_PER_SEAT = 5
_KEYS = Quota(KEYS_PER_SEAT, 3600.0)


class RematchRefused(Exception):
    """No rematch for this asker; ``message`` is the error to send."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.message = error(code, reason)


def rematch_message(match_id: str, token: str | None = None) -> dict[str, object]:
    """The ``rematch`` message: the new match, and for the asker alone its seat's key."""
    message: dict[str, object] = {"type": "rematch", "match": match_id}
    if token is not None:
        message["token"] = token
        message["url"] = f"/play/{match_id}#seat={token}"
    return message


async def rematch(
    hub: Hub, table: Table, seat: int, creations: Creations | None = None, address: str = ""
) -> tuple[str, str]:
    """The rematch of ``table``'s finished match (created if none yet) and a new key to
    ``seat`` of it. Everyone at the old table is told of a rematch when it is created.

    ``creations`` (the server's, when given) decides whether ``address`` may create it.

    Raises:
        RematchRefused: the match is not over, the rematch cannot be created (or not by this
            address now), or this seat has had its keys for the hour.
    """
    if not table.match.is_over:
        raise RematchRefused("not_over", "the match is not over yet: play it to the end first")
    found = await hub.store.rematch_of(table.id)
    if found is None:
        refusal = None if creations is None else creations.refuse(hub, address)
        if refusal is not None:
            raise RematchRefused("quota", f"no rematch now: {refusal[1]}")
        found = await _create(hub, table)
        if creations is not None:
            creations.created(found, address)
    new = await hub.table(found)
    if new is None:
        raise RematchRefused("storage", "the new match could not be loaded")
    who = new.record.seats[seat]
    if who.bot is not None or who.open:
        raise RematchRefused("bad_message", "your seat is not a person's in the new match")
    if _KEYS.take(f"{found}:{seat}"):
        raise RematchRefused(
            "quota", f"this seat has had {KEYS_PER_SEAT} keys this hour: use one you were sent"
        )
    token = secrets.token_urlsafe(18)
    await hub.store.add_token(found, seat, token_hash(token))
    return found, token


async def _create(hub: Hub, table: Table) -> str:
    old = table.record
    record = MatchRecord(
        id=secrets.token_hex(6),
        game=old.game,
        options=old.options,
        players=old.players,
        seed=secrets.randbits(63),
        seats=old.seats,
        pace=old.pace,
    )

    def build() -> Table:
        return Table(record, hub.load_game(record.game, **record.options), hub.store, hub.settings)

    try:
        new = await set_up(build)
    except (TablecardsError, TypeError, ValueError) as failure:
        raise RematchRefused("bad_message", f"the same match cannot be set up: {failure}") from None
    winner = await hub.store.link_rematch(old.id, record, {})
    if winner == record.id:  # ours is the rematch: it goes live here
        hub.tables[record.id] = new
        new.schedule()
        table.relay(rematch_message(winner))
    return winner
