"""The sixteen cards of Courtiers (COURT-01): eight ranks, each with a name and a power."""

from __future__ import annotations

from typing import Final

import attrs

from tablecards import Card

__all__ = [
    "COPIES",
    "DECK",
    "DIPLOMAT",
    "DUELIST",
    "GUARDIAN",
    "HEIR",
    "HERALD",
    "NAMES",
    "REGENT",
    "SEER",
    "SENTRY",
    "CourtCard",
]

SENTRY: Final = 1
SEER: Final = 2
DUELIST: Final = 3
GUARDIAN: Final = 4
HERALD: Final = 5
DIPLOMAT: Final = 6
REGENT: Final = 7
HEIR: Final = 8

#: Each rank's name, as players call the cards.
NAMES: Final[dict[int, str]] = {
    SENTRY: "Sentry",
    SEER: "Seer",
    DUELIST: "Duelist",
    GUARDIAN: "Guardian",
    HERALD: "Herald",
    DIPLOMAT: "Diplomat",
    REGENT: "Regent",
    HEIR: "Heir",
}

#: How many cards of each rank the box holds (COURT-01): sixteen in all.
COPIES: Final[dict[int, int]] = {
    SENTRY: 5,
    SEER: 2,
    DUELIST: 2,
    GUARDIAN: 2,
    HERALD: 2,
    DIPLOMAT: 1,
    REGENT: 1,
    HEIR: 1,
}


@attrs.frozen(slots=True)
class CourtCard(Card):
    """A card of Courtiers: its ``rank`` (1 to 8) says its name and its power."""

    rank: int

    @property
    def title(self) -> str:
        """The card's name ("Seer")."""
        return NAMES[self.rank]


#: Every card of the box, by id.
DECK: Final[tuple[CourtCard, ...]] = tuple(
    CourtCard(number, rank)
    for number, rank in enumerate(rank for rank in sorted(COPIES) for _ in range(COPIES[rank]))
)
