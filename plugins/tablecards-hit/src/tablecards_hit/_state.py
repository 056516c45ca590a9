"""The cards and the state of a game of Hit!."""

from __future__ import annotations

import enum

import attrs

from tablecards import Card, State, Zone

__all__ = ["DECK", "DECK_VALUES", "Banked", "HitCard", "HitState", "LastBust", "Phase"]


@attrs.frozen(slots=True)
class HitCard(Card):
    """A Hit! card: its value is its points (HIT-01)."""

    value: int


#: How many copies of each value the deck holds (HIT-01): 11 of 1-5, 7 of 6-10.
DECK_VALUES: dict[int, int] = {value: 11 if value <= 5 else 7 for value in range(1, 11)}

#: The 90 cards, built once and shared by every match (cards are immutable).
DECK: tuple[HitCard, ...] = tuple(
    HitCard(index, value)
    for index, value in enumerate(
        value for value, copies in DECK_VALUES.items() for _ in range(copies)
    )
)


class Phase(enum.Enum):
    """Which decision the current player faces."""

    STEAL = "steal"  # HIT-08: steal the drawn card's value from the opponents?
    GO_ON = "go_on"  # HIT-09: draw again or end the turn?
    OVER = "over"


@attrs.frozen(slots=True)
class Banked:
    """What each seat banked in the last finished round (HIT-13): cards and points."""

    round: int
    cards: tuple[int, ...]
    points: tuple[int, ...]


@attrs.frozen(slots=True)
class LastBust:
    """The last bust (HIT-06): who, on which value, and the cards (ids) that went to the box."""

    seat: int
    value: int
    cards: tuple[int, ...]


@attrs.define(slots=True, eq=False, kw_only=True)
class HitState(State):
    """A game of Hit!: the deck, each seat's face-up row and loot, and the box.

    ``offer`` is the value the current player may steal (meaningful in ``Phase.STEAL``);
    ``totals`` holds each seat's score of the finished rounds (HIT-14), ``banked`` what each
    banked in the last finished round, ``last_bust`` the last bust while the turn after it
    lasts: all public, kept for the table to show.
    """

    deck: Zone[HitCard]
    rows: tuple[Zone[HitCard], ...]
    loots: tuple[Zone[HitCard], ...]
    box: Zone[HitCard]
    rounds: int
    first_player: int
    round: int = 1
    current: int = 0
    phase: Phase = Phase.GO_ON
    offer: int = 0
    totals: tuple[int, ...] = ()
    banked: Banked | None = None
    last_bust: LastBust | None = None
