"""The parts of Ex & Hopp's table built from zones alone: card faces, zone boxes, the middle.

Each part is kept with the zones it is built from (:func:`tablecards.remember`): on the view
:meth:`Match.scene <tablecards.Match.scene>` builds from, a move rebuilds only the sequence it
was laid on and the piles it drew from, and every seat's scene finds the rest again. The
middle is nobody's, so the first seat shown a new position builds it for all of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter, itemgetter
from typing import Any, Final

from tablecards import remember
from tablecards.words import count, listing

__all__ = [
    "SEQUENCES",
    "Middle",
    "face",
    "middle",
    "point_rank",
    "sequence_heading",
    "stamp",
    "titled",
    "zone_box",
]

Json = dict[str, Any]
SEQUENCES: Final = 4
MINUS: Final = "\N{MINUS SIGN}"


def point_rank(ink: str, points: int) -> str:
    """ "+5" for a black point card, "-4" (with a true minus sign) for a red one (EXH-17)."""
    return f"+{points}" if ink == "black" else f"{MINUS}{points}"


def face(card: Mapping[str, Any]) -> Json:
    """The face of any Ex & Hopp card in a view: numbered, colour or point card.

    A card's id says all of its face (EXH-01..EXH-03), so each face is built once; every
    scene gets its own copy.
    """
    known = _FACES.get(card["id"])
    if known is None:
        known = _FACES[card["id"]] = _face(card)
    return dict(known)


#: The faces built so far, by card id.
_FACES: dict[int, Json] = {}


def _face(card: Mapping[str, Any]) -> Json:
    if "points" in card:
        ink, points = str(card["ink"]), int(card["points"])
        rank = point_rank(ink, points)
        return {
            "id": int(card["id"]),
            "rank": rank,
            "colour": ink,
            "label": f"{ink} point card {rank}",
            "note": None,
            "kind": "point",
        }
    colour = card.get("colour")
    if "value" not in card:
        return {
            "id": int(card["id"]),
            "rank": str(colour),
            "colour": colour,
            "label": f"{colour} colour card",
            "note": None,
            "kind": "colour",
        }
    return {
        "id": int(card["id"]),
        "rank": str(card["value"]),
        "colour": colour,
        "label": f"{colour} {card['value']}",
        "note": None,
        "kind": None,
    }


def zone_box(
    zone: Mapping[str, Any], name: str, title: str, style: str, note: str | None = None
) -> Json:
    """The box of zone ``name`` (its view ``zone``) with its title and style, kept with it."""
    return remember(zone, (name, title, style, note), _box_of, zone, name, title, style, note)


def _box_of(zone: Mapping[str, Any], name: str, title: str, style: str, note: str | None) -> Json:
    cards = zone.get("cards")
    if style == "hand" and cards is not None:
        cards = sorted(cards, key=lambda c: (str(c.get("colour")), int(c.get("value", 0))))
    elif style in ("deck", "stack") and cards is not None:
        style = "row"  # a view that shows every card (a replay for everyone)
    return {
        "id": name,
        "title": title,
        "style": style,
        "count": int(zone.get("count", 0)),
        "cards": [face(card) for card in cards] if cards is not None else None,
        "note": note,
    }


def titled(text: str) -> str:
    """``text`` with its first letter in capitals, as a line of the table begins."""
    return text[:1].upper() + text[1:]


# -- the middle: four sequences behind their point cards, and the piles ---------------------------

_POINTS: Final = tuple(f"point:{index}" for index in range(SEQUENCES))
_LAID: Final = tuple(f"sequence:{index}" for index in range(SEQUENCES))
_PILES: Final = ("stock", "discard", "point_stock", "box")
# The zones of the middle, in one C call: the four point cards, the four sequences, the piles.
_MIDDLE_ZONES: Final = itemgetter(*(_POINTS + _LAID + _PILES))

#: A shared zone view's stamp (:attr:`tablecards.ZoneView.stamp`): names it in another's key.
stamp: Final = attrgetter("stamp")

#: The middle's groups, and how each sequence reads in a choice ("on sequence 2 (+5, ...)").
Middle = tuple[list[Json], tuple[str, ...]]


def middle(zones: Mapping[str, Any], shared: bool) -> Middle:
    """The middle of the table (EXH-06), and each sequence's words in a choice to lay on it.

    Kept with the first point card's zone, the other eleven named by their stamps; ``shared``
    says whether the zones are shared :class:`~tablecards.ZoneView` objects (else built anew).
    """
    parts = _MIDDLE_ZONES(zones)
    if shared:
        return remember(parts[0], tuple(map(stamp, parts)), _middle_of, parts)
    return _middle_of(parts)


def _middle_of(parts: tuple[Mapping[str, Any], ...]) -> Middle:
    groups = []
    words = []
    for index in range(SEQUENCES):
        point, laid = parts[index], parts[SEQUENCES + index]
        group, on = remember((point, laid), index, _sequence_group, index, point, laid)
        groups.append(group)
        words.append(on)
    piles = parts[2 * SEQUENCES :]
    groups.append(remember(piles, "piles", _piles_group, *piles))
    return groups, tuple(words)


def last_point(point: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The point card on top of a sequence's point zone, if any is left."""
    cards = point.get("cards") or ()
    return cards[-1] if cards else None


def to_go(point: Mapping[str, Any] | None, laid: Mapping[str, Any]) -> int:
    """How many cards the sequence behind ``point`` still needs (EXH-09)."""
    return max(int(point["points"]) - int(laid.get("count", 0)), 0) if point else 0


def sequence_heading(index: int, point_zone: Mapping[str, Any], laid: Mapping[str, Any]) -> str:
    """ "Sequence 2 — black 5: +5 to its winner, 3 cards to go"."""
    point = last_point(point_zone)
    if point is None:
        return f"Sequence {index + 1} — no point card left"
    ink, points = str(point["ink"]), int(point["points"])
    worth = f"{point_rank(ink, points)} {'to' if ink == 'black' else 'for'} its winner"
    cards = count(to_go(point, laid), "card")
    return f"Sequence {index + 1} — {ink} {points}: {worth}, {cards} to go"


def _laid_totals(cards: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Each colour's total in a sequence so far (EXH-09: the highest total wins it)."""
    totals: dict[str, int] = {}
    for card in cards:
        totals[str(card["colour"])] = totals.get(str(card["colour"]), 0) + int(card["value"])
    return totals


def _sequence_group(
    index: int, point_zone: Mapping[str, Any], laid: Mapping[str, Any]
) -> tuple[Json, str]:
    totals = _laid_totals(laid.get("cards") or ())
    note = ", ".join(f"{colour} {total}" for colour, total in totals.items()) or None
    group = {
        "id": _LAID[index],
        "title": sequence_heading(index, point_zone, laid),
        "note": f"so far: {note}" if note else None,
        "badges": [],
        "zones": [
            zone_box(point_zone, _POINTS[index], "Point card", "pile"),
            zone_box(laid, _LAID[index], "Cards laid", "row"),
        ],
    }
    point = last_point(point_zone)
    if point is None:
        return group, f"on sequence {index + 1}"
    rank = point_rank(str(point["ink"]), int(point["points"]))
    return group, f"on sequence {index + 1} ({rank}, {count(to_go(point, laid), 'card')} to go)"


def _piles_group(
    stock: Mapping[str, Any],
    discard: Mapping[str, Any],
    point_stock: Mapping[str, Any],
    box: Mapping[str, Any],
) -> Json:
    return {
        "id": "piles",
        "title": "Draw piles",
        "note": None,
        "badges": [],
        "zones": [
            zone_box(stock, "stock", "Stock", "deck"),
            zone_box(discard, "discard", "Discard pile", "pile"),
            zone_box(point_stock, "point_stock", "Point cards to come", "deck"),
            _out_of_play(box),
        ],
    }


def _out_of_play(zone: Mapping[str, Any]) -> Json:
    """EXH-04: the unused colours' cards, out of play: a count and their colours, not 24 faces."""
    colours = dict.fromkeys(str(card["colour"]) for card in zone.get("cards") or ())
    return {
        "id": "box",
        "title": "Out of play",
        "style": "stack",
        "count": int(zone.get("count", 0)),
        "cards": None,
        "note": f"the {listing(colours)} cards: nobody plays them" if colours else None,
    }
