"""The cards and the state of a game of Climb."""

from __future__ import annotations

import attrs

from tablecards import Card, State, Zone

__all__ = ["DECK", "TOP_VALUE", "ClimbCard", "ClimbState"]

#: The highest value: playing it wins the pile at once (CLIMB-07).
TOP_VALUE = 10


@attrs.frozen(slots=True)
class ClimbCard(Card):
    """A Climb card: a value from 1 to 10 (CLIMB-01)."""

    value: int


#: The 40 cards, four of each value (CLIMB-01), built once and shared by every match: cards are
#: immutable, and card ``i`` has the value ``i // 4 + 1``.
DECK: tuple[ClimbCard, ...] = tuple(ClimbCard(index, index // 4 + 1) for index in range(40))


@attrs.define(slots=True, eq=False, kw_only=True)
class ClimbState(State):
    """A game of Climb: the deck, each seat's hand and won pile, and the pile in the middle.

    ``leader`` is the seat that played the pile's top card (``None`` on an empty pile) and
    ``passes`` counts the passes in a row since then (CLIMB-07).
    """

    deck: Zone[ClimbCard]
    hands: tuple[Zone[ClimbCard], ...]
    pile: Zone[ClimbCard]
    won: tuple[Zone[ClimbCard], ...]
    shown: tuple[Zone[ClimbCard], ...]
    current: int = 0
    leader: int | None = None
    passes: int = 0
