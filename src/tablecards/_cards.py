"""Cards and the zones that hold them.

A card is an immutable value with an id unique within its match, so that two identical "2"
cards are still two cards. A zone is an ordered container of cards with an owner and a
visibility; every card is in exactly one zone at every moment of a match.
"""

from __future__ import annotations

import enum
from typing import Any, Generic, TypeVar

import attrs

__all__ = ["Card", "Visibility", "Zone"]


@attrs.frozen(slots=True)
class Card:
    """One physical card. Games subclass it to add their own fields (value, colour, kind).

    ``id`` is unique within a match; cards compare and hash by all their fields, so two copies of
    the same printed card are still different cards.
    """

    id: int

    def to_json(self) -> dict[str, Any]:
        """The card as a JSON-ready dict of its fields (cached: cards are immutable)."""
        cached = _CARD_JSON.get(self)
        if cached is None:
            cached = _CARD_JSON[self] = {
                name: (value.value if isinstance(value, enum.Enum) else value)
                for name, value in attrs.asdict(self, recurse=False).items()
            }
        return dict(cached)


# A card's JSON never changes, and views render the same cards again and again.
_CARD_JSON: dict[Card, dict[str, Any]] = {}


class Visibility(enum.Enum):
    """Who may see the contents of a zone.

    - ``PUBLIC``: everyone sees every card (a face-up row, the box of discarded cards).
    - ``OWNER``: the owner sees the cards, everyone else only the count (a hand).
    - ``HIDDEN``: nobody sees the cards, everyone sees the count (a deck).
    - ``KNOWN``: face down, but every card in it was shown before it went there, so its contents
      are public knowledge (a Hit! loot, a shown penalty card).
    """

    PUBLIC = "public"
    OWNER = "owner"
    HIDDEN = "hidden"
    KNOWN = "known"

    def visible_to(self, seat: int | None, owner: int | None) -> bool:
        """Whether ``seat`` (``None`` for a spectator) may see the cards of such a zone."""
        if self is Visibility.OWNER:
            return seat is not None and seat == owner
        return self is not Visibility.HIDDEN


C = TypeVar("C", bound=Card)


@attrs.define(slots=True, eq=False)
class Zone(Generic[C]):
    """An ordered pile of cards: the end of ``cards`` is the top.

    Zones are identity objects (``eq=False``): two empty hands are still two hands. Cards enter
    and leave zones only through the :class:`~tablecards.State` operations (``move``, ``draw``,
    ``deal``, ``shuffle``), which keep every card in exactly one zone and report each move as an
    event filtered by visibility.

    Example:
        A hand of two cards, as its owner and another seat see it:

        >>> from tablecards import Card, Visibility, Zone
        >>> hand = Zone("hand:1", Visibility.OWNER, owner=1, cards=[Card(0), Card(5)])
        >>> len(hand), hand.top
        (2, Card(id=5))
        >>> hand.view(1)
        {'count': 2, 'cards': [{'id': 0}, {'id': 5}]}
        >>> hand.view(0)
        {'count': 2}
    """

    name: str
    visibility: Visibility
    owner: int | None = None
    cards: list[C] = attrs.field(factory=list)

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        # A zone object is always "there"; emptiness is asked with len().
        return True

    @property
    def top(self) -> C | None:
        """The top card, or ``None`` when the zone is empty."""
        return self.cards[-1] if self.cards else None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this zone's cards (``None``: a spectator)."""
        return self.visibility.visible_to(seat, self.owner)

    def copy(self) -> Zone[C]:
        """A new zone with the same name, visibility, owner and (copied) card list."""
        return Zone(self.name, self.visibility, self.owner, list(self.cards))

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees of this zone: always the count, the cards only when visible."""
        seen: dict[str, Any] = {"count": len(self.cards)}
        if self.visible_to(seat):
            seen["cards"] = [card.to_json() for card in self.cards]
        return seen
