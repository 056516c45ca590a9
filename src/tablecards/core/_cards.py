"""Cards and the zones that hold them.

A card is an immutable value with an id unique within its match, so that two identical "2"
cards are still two cards. A zone is an ordered container of cards with an owner and a
visibility; every card is in exactly one zone at every moment of a match.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from tablecards.core._vocabulary import SceneFace

__all__ = ["Card", "CardJson", "Visibility", "Zone", "ZoneView"]


@attrs.frozen(slots=True)
class Card:
    """One physical card. Games subclass it to add their own fields (value, colour, kind).

    ``id`` is unique within a match; cards compare and hash by all their fields, so two copies of
    the same printed card are still different cards.
    """

    id: int

    def to_json(self) -> dict[str, Any]:
        """The card as a JSON-ready dict of its fields (cached: cards are immutable)."""
        return dict(_card_json(self))


class CardJson(dict[str, Any]):
    """A card's JSON as the engine keeps it, once per card: a plain dict of the card's fields,
    with the faces the games drew of it beside it.

    The zones of a scene view (:class:`ZoneView`) hold these very objects, so a scene that asks
    for a card's face (:func:`tablecards.card_faces`) finds the face drawn the first time
    instead of drawing it again. Views hand out plain copies (``dict.copy`` makes a ``dict``).
    Never change one: every view and scene of the process reads the same object.
    """

    __slots__ = ("faces",)

    #: The card's face as each game class draws it (:meth:`tablecards.Game.card_face`).
    faces: dict[type, SceneFace]

    def __init__(self, fields: dict[str, Any]) -> None:
        super().__init__(fields)
        self.faces = {}


# A card's JSON never changes, and views render the same cards again and again. Hashing a card
# hashes all its fields (about 1 µs), so the cache is keyed by class and id and holds the card it
# was made from: the same object answers at once, an equal one (the same card of another match)
# after one comparison, and a different card with the same id replaces the entry.
_CARD_JSON: dict[tuple[type[Card], int], tuple[Card, CardJson]] = {}


def _card_json(card: Card) -> CardJson:
    """The card's cached JSON dict: shared, so callers copy it before handing it out."""
    key = (type(card), card.id)
    entry = _CARD_JSON.get(key)
    if entry is not None:
        if entry[0] is card:
            return entry[1]
        if entry[0] == card:
            _CARD_JSON[key] = (card, entry[1])
            return entry[1]
    made = CardJson(
        {
            name: (value.value if isinstance(value, enum.Enum) else value)
            for name, value in attrs.asdict(card, recurse=False).items()
        }
    )
    _CARD_JSON[key] = (card, made)
    return made


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
        if self is _OWNER:
            return seat is not None and seat == owner
        return self is not _HIDDEN


# Module constants: an enum member looked up through its class costs a descriptor call.
_OWNER: Final = Visibility.OWNER
_HIDDEN: Final = Visibility.HIDDEN


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
        {'count': 2, 'owner': 1, 'cards': [{'id': 0}, {'id': 5}]}
        >>> hand.view(0)
        {'count': 2, 'owner': 1}
    """

    name: str
    visibility: Visibility
    owner: int | None = None
    cards: list[C] = attrs.field(factory=list)
    # The cards last rendered by view() and their JSON dicts: a view asks for every zone after
    # every action, and most zones have not changed since the last one.
    _seen: tuple[list[C], list[dict[str, Any]]] | None = attrs.field(
        default=None, init=False, repr=False
    )
    # The zone as the scenes see it (see shared_zone_views): the part shown to the seats that
    # see its cards, made from _seen, and the parts shown to the others, one per count.
    _shown: tuple[object, ZoneView] | None = attrs.field(default=None, init=False, repr=False)
    _hidden: dict[int, ZoneView] | None = attrs.field(default=None, init=False, repr=False)

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
        """What ``seat`` sees of this zone: always the count, its ``owner`` when it has one,
        the cards only when visible."""
        out: dict[str, Any] = {"count": len(self.cards)}
        if self.owner is not None:
            out["owner"] = self.owner
        if self.visible_to(seat):
            out["cards"] = shown_cards(self)
        return out


def shown_cards(zone: Zone[Any]) -> list[dict[str, Any]]:
    """Fresh JSON dicts of the zone's cards, from the zone's cache when its cards are unchanged."""
    cards = zone.cards
    seen = zone._seen
    if seen is None or seen[0] != cards:
        # Lists compare element by element, by identity first: an unchanged zone costs a pass
        # over its cards, no hashing.
        seen = zone._seen = (list(cards), [_card_json(card) for card in cards])
    return list(map(_COPY, seen[1]))


# Each view hands out its own card dicts (a caller may change one); map() copies them in C.
_COPY: Final = dict.copy


def zone_views(zones: Iterable[Zone[Any]], seat: int | None) -> dict[str, dict[str, Any]]:
    """``{name: zone.view(seat)}`` for every zone, in one loop (a view's hottest part)."""
    out: dict[str, dict[str, Any]] = {}
    hidden, owned, copy = _HIDDEN, _OWNER, _COPY  # locals: this loop runs for every zone
    for zone in zones:
        visibility = zone.visibility
        cards = zone.cards
        owner = zone.owner
        if visibility is hidden or (visibility is owned and (seat is None or seat != owner)):
            out[zone.name] = (
                {"count": len(cards)} if owner is None else {"count": len(cards), "owner": owner}
            )
            continue
        if cards:
            # shown_cards(), inlined: a view renders every zone.
            seen = zone._seen
            if seen is None or seen[0] != cards:
                seen = zone._seen = (list(cards), [_card_json(card) for card in cards])
            # [*map()] rather than list(map()): no global lookup and call of list.
            shown = [*map(copy, seen[1])]
        else:
            shown = []
        # Dict displays, not a dict updated afterwards: one allocation per zone.
        out[zone.name] = (
            {"count": len(cards), "cards": shown}
            if owner is None
            else {"count": len(cards), "owner": owner, "cards": shown}
        )
    return out


class ZoneView(dict[str, Any]):
    """One zone of a view as a scene receives it: read-only, and shared while unchanged.

    It stays the same object for as long as the zone shows the same thing to its viewer.
    :meth:`tablecards.Match.scene` hands a game's scene hook a view whose zones are these:
    equal to the zones of :meth:`Match.view <tablecards.Match.view>`, but shared from one view
    to the next while the zone is unchanged, so that a scene can keep what it built from a zone
    (:func:`tablecards.remember`) instead of building it again after every move. Never change
    one: the engine and the next scenes read the same object.
    """

    __slots__ = ("parts", "stamp")

    #: What scenes kept with this zone (:func:`tablecards.remember`), by key.
    parts: dict[Hashable, Any]
    #: A number no other zone view of this process has: names this one in another's keys.
    stamp: int

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data)
        self.parts = {}
        self.stamp = next(_STAMPS)


_STAMPS: Final = itertools.count()
# The face-down views a zone keeps, one per card count (see shared_zone_views).
_HIDDEN_COUNTS: Final = 8


def shared_zone_views(zones: Iterable[Zone[Any]], seat: int | None) -> dict[str, ZoneView]:
    """What :func:`zone_views` gives, with each zone's dict a shared :class:`ZoneView`: the same
    object as in the last call for every zone that shows ``seat`` what it showed then."""
    out: dict[str, ZoneView] = {}
    hidden, owned = _HIDDEN, _OWNER
    for zone in zones:
        visibility = zone.visibility
        cards = zone.cards
        owner = zone.owner
        if visibility is hidden or (visibility is owned and (seat is None or seat != owner)):
            size = len(cards)
            made = zone._hidden
            if made is None:
                made = zone._hidden = {}
            part = made.get(size)
            if part is None:
                # Kept by count, a few at once: a hand that goes from five cards to six and
                # back shows five again, and what scenes kept with it is found again.
                if len(made) >= _HIDDEN_COUNTS:
                    made.clear()
                part = made[size] = ZoneView(
                    {"count": size} if owner is None else {"count": size, "owner": owner}
                )
            out[zone.name] = part
            continue
        out[zone.name] = shown_zone_view(zone)
    return out


def shown_zone_view(zone: Zone[Any]) -> ZoneView:
    """The shared :class:`ZoneView` of ``zone`` with its cards, as the seats that see them
    get it: the same object as last time while its cards are unchanged."""
    cards = zone.cards
    seen = zone._seen
    if seen is None or seen[0] != cards:
        seen = zone._seen = (list(cards), [_card_json(card) for card in cards])
    shown = zone._shown
    if shown is None or shown[0] is not seen:
        owner = zone.owner
        part: dict[str, Any] = (
            {"count": len(cards), "cards": seen[1]}
            if owner is None
            else {"count": len(cards), "owner": owner, "cards": seen[1]}
        )
        shown = zone._shown = (seen, ZoneView(part))
    return shown[1]


class SharedZones:
    """Every seat's shared zone views of one position, as :func:`shared_zone_views` gives
    them, worked out once for all the seats: the table asks for each seat's after a move.

    What a spectator sees is made once; a seat's differs only in the zones it owns and sees.
    """

    __slots__ = ("_base", "_owned")

    def __init__(self, zones: Sequence[Zone[Any]]) -> None:
        self._base = shared_zone_views(zones, None)
        # Each seat's own zones as it sees them, in the place they have in the spectator's.
        owned: dict[int, dict[str, ZoneView]] = {}
        for zone in zones:
            if zone.visibility is _OWNER and zone.owner is not None:
                owned.setdefault(zone.owner, {})[zone.name] = shown_zone_view(zone)
        self._owned = owned

    def seen_by(self, seat: int | None) -> dict[str, ZoneView]:
        """What :func:`shared_zone_views` gives ``seat`` (``None``: a spectator)."""
        out = self._base.copy()
        if seat is not None:
            mine = self._owned.get(seat)
            if mine:
                out.update(mine)
        return out
