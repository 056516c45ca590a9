"""Events: what happened during an action, each knowing who may see it.

Rules emit events through :meth:`tablecards.State.emit`; card movements emit
:class:`CardsMoved` by themselves. Observers receive every event once and ask
:meth:`Event.seen_by` for the version a given seat may see, so that filtering by visibility
lives in one place and a seat's event stream never holds what that seat may not see.
"""

from __future__ import annotations

from typing import Any, Generic

import attrs
from typing_extensions import TypeVar

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
        cls = type(self)
        names = _JSON_FIELDS.get(cls)
        if names is None:
            names = _JSON_FIELDS[cls] = _json_fields(cls)
        out: dict[str, Any] = {"event": cls.__name__}
        for name in names:
            out[name] = _jsonable(getattr(self, name))
        return out


# Marks an event field its JSON leaves out (CardsMoved's zone owners: every view has them).
_NOT_IN_JSON = "tablecards.not_in_json"


#: The fields each event class writes in its JSON, in order: every event of a match is written
#: (histories, the wire, replays), and reading them from attrs each time was most of the cost.
#: Keyed by class, so it holds one entry per event class a process defines.
_JSON_FIELDS: dict[type[Event], tuple[str, ...]] = {}


def _json_fields(cls: type[Event]) -> tuple[str, ...]:
    return tuple(
        field.name
        for field in attrs.fields(cls)
        if field.name != "to" and not field.metadata.get(_NOT_IN_JSON)
    )


#: Values that are their own JSON (the common case: seats, counts, zone names).
_PLAIN = frozenset({int, str, bool, float, type(None)})


def _jsonable(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Card):
        return value.to_json()
    if isinstance(value, (tuple, list, frozenset)):
        items = sorted(value) if isinstance(value, frozenset) else value
        return [_jsonable(item) for item in items]
    return value


#: The kind of card a :class:`CardsMoved` carries: a game's own card class, ``Card`` unless said.
C = TypeVar("C", bound=Card, default=Card)


@attrs.frozen(slots=True)
class CardsMoved(Event, Generic[C]):
    """Cards went from zone ``src`` to zone ``dst`` (names). Emitted by every card movement.

    The cards themselves are seen by the seats that may see either zone; the others learn only
    how many cards moved (``count``). ``src_owner`` and ``dst_owner`` are the two zones'
    owners (a seat, ``None`` for a zone of nobody), as public as the zones' names: words say
    whose zones they are ("one card goes from the deck to Bob's hand"). They are left out of
    the event's JSON (every view tells each zone's owner) and out of its comparisons (within a
    match a zone's name decides its owner).

    ``cards`` holds the game's own cards: after ``isinstance(event, CardsMoved)`` their fields
    read without a cast (``event.cards[0].value``), and a function may take a
    ``CardsMoved[HitCard]``.
    """

    src: str
    dst: str
    count: int
    cards: tuple[C, ...] = ()
    src_owner: int | None = attrs.field(
        default=None, kw_only=True, eq=False, metadata={_NOT_IN_JSON: True}
    )
    dst_owner: int | None = attrs.field(
        default=None, kw_only=True, eq=False, metadata={_NOT_IN_JSON: True}
    )

    def redacted(self) -> Event:
        return CardsMoved(
            self.src, self.dst, self.count, src_owner=self.src_owner, dst_owner=self.dst_owner
        )


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
