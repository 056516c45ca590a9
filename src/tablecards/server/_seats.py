"""Open seats: a match may leave seats for anyone in the lobby, who takes one with a name.

Taking a seat creates its key (a token, as an invite link holds) and gives it to the taker only.
The store arbitrates between racing takers: the seat ``(match, seat)`` and the name at the table
``(match, folded name)`` are keys, so of two people taking one seat (or one name) at the same
moment exactly one wins, in one process or across several sharing PostgreSQL.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

import attrs

from tablecards.server._names import NameRefused, clean_name, reserved, reserved_reason
from tablecards.server.store import Claim, MatchRecord, SeatRecord, fold, token_hash

if TYPE_CHECKING:
    from tablecards.server._hub import Hub
    from tablecards.server._table import Table

__all__ = ["SeatRefused", "claim_seat", "open_seat_name", "refresh_claims", "seated", "with_claims"]

#: Names shorter than this (after cleaning) are refused: a seat is called something.
MIN_NAME = 1


class SeatRefused(Exception):
    """A seat that cannot be taken; ``status`` is the HTTP status, the message says why."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def open_seat_name(seat: int) -> str:
    """What an open seat is called until someone takes it."""
    return f"Open seat {seat + 1}"


def with_claims(record: MatchRecord, claims: dict[int, str]) -> MatchRecord:
    """``record`` with its taken open seats filled in with their takers' names."""
    if not claims:
        return record
    seats = tuple(
        SeatRecord(claims[seat], None) if who.open and seat in claims else who
        for seat, who in enumerate(record.seats)
    )
    return attrs.evolve(record, seats=seats)


async def claim_seat(hub: Hub, match_id: str, seat: object, name: object) -> dict[str, Any]:
    """Take open ``seat`` of a live match for ``name``; returns ``{"seat", "name", "token"}``.

    The name is cleaned as every name is (:func:`~tablecards.server._names.clean_name`: NFKC,
    no control or blank characters, at most 40 long), must not be a word the table shows, and
    must differ from every other name at the table (:func:`~tablecards.server._names.skeleton`).

    Raises:
        SeatRefused: an unknown or finished match, a seat that is not open, taken a moment ago,
            or a name that is empty or already at the table.
    """
    table = await hub.table(match_id)
    if table is None:
        raise SeatRefused(404, "no such match")
    if table.match.is_over:
        raise SeatRefused(409, "this match is over")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.match.players:
        raise SeatRefused(400, f"seats of this match are numbered 1 to {table.match.players}")
    try:
        cleaned = clean_name(name, "")
    except NameRefused as refusal:
        raise SeatRefused(400, str(refusal)) from None
    if len(cleaned) < MIN_NAME:
        raise SeatRefused(400, "choose a name (letters, not only spaces or control characters)")
    who = table.record.seats[seat]
    if not who.open:
        taker = "a bot" if who.bot else who.name
        raise SeatRefused(409, f"seat {seat + 1} is taken: {taker} plays it")
    others = [w.name for s, w in enumerate(table.record.seats) if s != seat and not w.open]
    if fold(cleaned) in {fold(other) for other in others}:
        raise SeatRefused(409, f"someone at this table is called {cleaned}: choose another name")
    if reserved(cleaned):
        raise SeatRefused(409, reserved_reason(cleaned))
    token = secrets.token_urlsafe(18)
    outcome = await hub.store.claim(match_id, seat, cleaned, token_hash(token))
    if outcome is Claim.SEAT_GONE:
        await refresh_claims(table)  # taken through another process: learn by whom
        taker = table.names[seat] if not table.record.seats[seat].open else "someone"
        raise SeatRefused(409, f"seat {seat + 1} is taken: {taker} plays it")
    if outcome is Claim.NAME_GONE:
        raise SeatRefused(409, f"someone at this table is called {cleaned}: choose another name")
    seated(table, seat, cleaned)
    return {"seat": seat, "name": cleaned, "token": token}


async def refresh_claims(table: Table) -> None:
    """Name the seats other processes gave away since this table was built (shared store)."""
    for seat, name in (await table.store.claims(table.id)).items():
        if table.record.seats[seat].open:
            seated(table, seat, name)


def seated(table: Table, seat: int, name: str) -> None:
    """Show the new name at the table: its record, its names, its clients' screens."""
    table.record = with_claims(table.record, {seat: name})
    table.names[seat] = name
    table.claimed(seat)  # opens again unless its taker joins in time
    table.presence_changed()
    table._broadcast()  # the scenes name the new player
    table.people_changed()  # a person now: nothing moves until someone of them is here
