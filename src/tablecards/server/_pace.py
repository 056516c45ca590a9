"""Paces: how fast a match is played, chosen by its creator.

A pace scales the game's own clocks (:class:`tablecards.Clock`) for the moments that are a
person's to decide — turns and decisions — and gives every person a **time bank** for their
turns: when the time of their turn runs out while they are at the table, their bank runs; only
when it is empty too does the game's default play for them. Answering a turn within its time
puts a little back, up to the bank's size. A person who has left spends no bank (the table does
not wait for a closed laptop: the default plays, and the seat is offered to a bot). Reaction
windows (Stop's "Stop!" after a draw) are the same at every pace, and decisions (an auction, an
exchange offer) use no bank: they hold the whole table, whose rhythm they are.

The server's own clock factors (``Settings.clocks``) apply on top, and ``Settings.time_scale``
on top of both.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

__all__ = [
    "BANKED",
    "DEFAULT_PACE",
    "PACED",
    "PACES",
    "Pace",
    "pace_named",
    "paces_json",
    "stored_pace",
]

#: The clock kinds a pace scales ...
PACED = frozenset({"turn", "decision"})
#: ... and those a bank extends.
BANKED = frozenset({"turn"})


@attrs.frozen
class Pace:
    """One pace.

    Attributes:
        name: its name in the protocol (``"fast"``).
        title: its name for people ("Fast").
        factor: the game's turn and decision seconds are multiplied by this; ``None``: those
            moments wait for ever (the pace "no clock"; people who leave are still offered to a
            bot after ``Settings.away_after``).
        bank: each person's time bank, in seconds (``0``: none).
        refill: seconds put back in a bank for each turn answered in time.
    """

    name: str
    title: str
    factor: float | None
    bank: float
    refill: float

    def describe(self) -> str:
        """The pace in words, for the lobby ("the game's times, a bank of 2 min")."""
        if self.factor is None:
            return "no clock: every move waits for its player"
        times = _TIMES.get(self.factor, f"{self.factor:g} times the game's times")
        return f"{times}, a bank of {_duration(self.bank)} per player"

    def to_json(self) -> dict[str, Any]:
        """The pace as the lobby lists it."""
        return {
            "name": self.name,
            "title": self.title,
            "factor": self.factor,
            "bank": self.bank,
            "refill": self.refill,
            "text": self.describe(),
        }


PACES: Mapping[str, Pace] = MappingProxyType(
    {
        pace.name: pace
        for pace in (
            Pace("fast", "Fast", 0.5, 30.0, 2.0),
            Pace("normal", "Normal", 1.0, 120.0, 5.0),
            Pace("slow", "Slow", 3.0, 600.0, 20.0),
            Pace("off", "No clock", None, 0.0, 0.0),
        )
    }
)
_TIMES = {
    0.5: "half the game's times",
    1.0: "the game's times",
    3.0: "three times the game's times",
}
#: The pace of a match whose creator chose none.
DEFAULT_PACE = "normal"


def pace_named(name: object) -> Pace:
    """The pace called ``name``.

    Raises:
        ValueError: no pace has that name (the message lists them).
    """
    pace = PACES.get(name) if isinstance(name, str) else None
    if pace is None:
        raise ValueError(f"'pace' must be one of {', '.join(PACES)}")
    return pace


def stored_pace(name: str) -> Pace:
    """The pace a stored match names; the default for a name no longer known."""
    return PACES.get(name) or PACES[DEFAULT_PACE]


def paces_json() -> list[dict[str, Any]]:
    """Every pace, for the lobby's form."""
    return [pace.to_json() for pace in PACES.values()]


def _duration(seconds: float) -> str:
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"
