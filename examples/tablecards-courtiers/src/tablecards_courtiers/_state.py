"""The state of a match of Courtiers."""

from __future__ import annotations

import attrs

from tablecards import State, Zone
from tablecards_courtiers._cards import CourtCard

__all__ = ["CourtState"]


@attrs.define(slots=True, eq=False, kw_only=True)
class CourtState(State):
    """Zones: the face-down ``deck``, the card set ``aside`` face down, the cards laid ``open``
    (two players only), each seat's secret ``hands`` and its face-up row of ``played`` cards.

    ``live`` marks the seats still in the round, ``guarded`` those a Guardian protects,
    ``tokens`` the rounds each seat has won. What players remember lives here too, because the
    rules make it known and the kit must see it: ``looks`` holds ``(seat, card id)`` for every
    card a seat saw in another hand (a Seer, a duel, a trade), ``misses`` ``(seat, rank)`` for
    every Sentry guess answered "no" since that seat's hand last changed. A new round forgets
    both.
    """

    deck: Zone[CourtCard]
    aside: Zone[CourtCard]
    open: Zone[CourtCard]
    hands: tuple[Zone[CourtCard], ...]
    played: tuple[Zone[CourtCard], ...]
    live: tuple[bool, ...]
    guarded: tuple[bool, ...]
    tokens: tuple[int, ...]
    round: int = 0
    current: int = 0
    looks: tuple[tuple[int, int], ...] = ()
    misses: tuple[tuple[int, int], ...] = ()
