"""Hit!'s events, shared: one object per distinct value.

Events are frozen values, and an observed match reports a turn, a steal or a bust every few
actions, whose few possible values recur; building one costs about as much as the rest of the
rule step's bookkeeping, looking it up far less.
"""

from __future__ import annotations

from typing import Any, TypeVar

from tablecards import Event, TurnStarted

__all__ = ["TURNS", "shared", "turn_started"]

E = TypeVar("E", bound=Event)


def shared(kind: type[E], *fields: Any) -> E:
    """The event ``kind(*fields)``, built the first time this value is asked for."""
    key = (kind, *fields)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = kind(*fields)
    return event  # type: ignore[return-value]  # _SHARED maps (kind, ...) to a kind


# Seats, values, victims and counts are few, and rounds as many as the options ask for.
_SHARED: dict[tuple[Any, ...], Event] = {}


def turn_started(seat: int, round: int) -> TurnStarted:
    """``shared(TurnStarted, seat, round)`` without its generic arguments: every turn has one.

    Callers on a hot path look in :data:`TURNS` first and call this only when it misses.
    """
    event = TURNS.get((seat, round))
    if event is None:
        event = TURNS[seat, round] = TurnStarted(seat, round)
    return event


#: The turn events built so far, by ``(seat, round)``.
TURNS: dict[tuple[int, int], TurnStarted] = {}
