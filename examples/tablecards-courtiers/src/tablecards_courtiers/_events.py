"""What happens in Courtiers, as events: each says who may see it."""

from __future__ import annotations

import attrs

from tablecards import Event
from tablecards_courtiers._cards import CourtCard

__all__ = ["Compared", "Guarded", "Guessed", "KnockedOut", "Looked", "Saw", "Traded"]


@attrs.frozen(slots=True)
class Guessed(Event):
    """Seat ``guesser``'s Sentry named ``rank`` for seat ``target``; ``right`` says whether it
    holds one (COURT-05). Everyone hears the answer: a public outcome of a hidden card."""

    guesser: int
    target: int
    rank: int
    right: bool


@attrs.frozen(slots=True)
class Looked(Event):
    """Seat ``looker`` looked at seat ``target``'s hand (COURT-06); the card is in :class:`Saw`."""

    looker: int
    target: int


@attrs.frozen(slots=True)
class Saw(Event):
    """Seat ``looker`` saw ``card`` in seat ``target``'s hand (sent to ``looker`` only)."""

    looker: int
    target: int
    card: CourtCard


@attrs.frozen(slots=True)
class Compared(Event):
    """Seats ``challenger`` and ``target`` compared hands (COURT-07); ``loser`` is out, ``None``
    on a tie. Everyone hears the outcome: a public outcome of two hidden cards."""

    challenger: int
    target: int
    loser: int | None


@attrs.frozen(slots=True)
class Guarded(Event):
    """Seat ``seat`` is protected until its next turn (COURT-08)."""

    seat: int


@attrs.frozen(slots=True)
class Traded(Event):
    """Seats ``a`` and ``b`` traded hands (COURT-10); the cards travel in card moves."""

    a: int
    b: int


@attrs.frozen(slots=True)
class KnockedOut(Event):
    """Seat ``seat`` is out of the round (COURT-14)."""

    seat: int
