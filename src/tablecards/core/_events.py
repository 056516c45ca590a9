"""Events: what happened during an action, each knowing who may see it.

Rules emit events through :meth:`tablecards.State.emit`; card movements emit
:class:`CardsMoved` by themselves. Observers receive every event once and ask
:meth:`Event.seen_by` for the version a given seat may see, so that filtering by visibility
lives in one place and a seat's event stream never holds what that seat may not see.
"""

from __future__ import annotations

from typing import Any

import attrs

from tablecards.core._cards import Card

__all__ = ["CardsMoved", "Event", "RoundEnded", "Shuffled", "TurnStarted"]


@attrs.frozen(slots=True)
class Event:
    """Base class of events. ``to`` is the set of seats that may see it, ``None`` for everyone.

    Subclasses are small frozen attrs classes; their fields must be JSON-ready values, cards or
    tuples of those.
    """

    to: frozenset[int] | None = attrs.field(default=None, kw_only=True)

    def seen_by(self, seat: int | None) -> Event | None:
        """The version of this event that ``seat`` may see (``None``: a spectator).

        Returns the event itself when the seat may see it, else :meth:`redacted`.
        """
        if self.to is None or (seat is not None and seat in self.to):
            return self
        return self.redacted()

    def redacted(self) -> Event | None:
        """What seats outside ``to`` learn of this event: by default nothing."""
        return None

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict with its class name under ``"event"``."""
        out: dict[str, Any] = {"event": type(self).__name__}
        for field in attrs.fields(type(self)):
            if field.name != "to":
                out[field.name] = _jsonable(getattr(self, field.name))
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return value.to_json()
    if isinstance(value, (tuple, list, frozenset)):
        items = sorted(value) if isinstance(value, frozenset) else value
        return [_jsonable(item) for item in items]
    return value


@attrs.frozen(slots=True)
class CardsMoved(Event):
    """Cards went from zone ``src`` to zone ``dst`` (names). Emitted by every card movement.

    The cards themselves are seen by the seats that may see either zone; the others learn only
    how many cards moved (``count``).
    """

    src: str
    dst: str
    count: int
    cards: tuple[Card, ...] = ()

    def redacted(self) -> Event:
        return CardsMoved(self.src, self.dst, self.count)


@attrs.frozen(slots=True)
class Shuffled(Event):
    """Zone ``zone`` was shuffled with the match's seeded random generator."""

    zone: str


@attrs.frozen(slots=True)
class TurnStarted(Event):
    """Seat ``seat`` begins a turn (round ``round``)."""

    seat: int
    round: int = 1


@attrs.frozen(slots=True)
class RoundEnded(Event):
    """Round ``round`` ended with these ``scores`` (per seat, for the round)."""

    round: int
    scores: tuple[int, ...]
