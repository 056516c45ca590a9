"""Who is at a table: each seat here, away, a bot or open; spectators counted; the people's
seats a bot plays for them meanwhile, and those offered to one.

Nothing secret: a seat's status and how many people watch are what anyone at a real table sees.
Counted from the connections of this process (several processes over PostgreSQL each count
their own).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any, Protocol

from tablecards.server.store import SeatRecord

__all__ = ["presence_message"]


class _Connected(Protocol):
    seat: int | None


def presence_message(
    seats: Sequence[SeatRecord],
    names: Sequence[str],
    clients: Iterable[_Connected],
    stand_ins: Collection[int] = (),
    offered: Collection[int] = (),
) -> dict[str, Any]:
    """The ``presence`` message: per seat its name and ``status`` (``"here"``, ``"away"``,
    ``"bot"`` or ``"open"``), and the number of spectators connected.

    A person's seat also says ``"stand_in": true`` while a bot plays it for its person
    (``stand_ins``), and ``"offered": true`` while the others may hand it to a bot (its
    person away and out of time: ``offered``)."""
    here: set[int] = set()
    spectators = 0
    for client in clients:
        if client.seat is None:
            spectators += 1
        else:
            here.add(client.seat)
    out = []
    for seat, who in enumerate(seats):
        if who.bot is not None:
            status = "bot"
        elif who.open:
            status = "open"
        else:
            status = "here" if seat in here else "away"
        entry: dict[str, Any] = {"seat": seat, "name": names[seat], "status": status}
        if seat in stand_ins:
            entry["stand_in"] = True
        if seat in offered:
            entry["offered"] = True
        out.append(entry)
    return {"type": "presence", "seats": out, "spectators": spectators}
