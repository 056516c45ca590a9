"""What Ex & Hopp's table shows from its zones alone: the cards, the boxes, the middle.

Each box is kept with its zone (:func:`tablecards.remember`), each sequence with its point card
and its cards: a move lays on one sequence and draws from the piles, and every other box of
every seat's scene is found again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, Final, NamedTuple

from tablecards import Game, SceneGroup, SceneStyle, SceneZone, card_faces, remember
from tablecards.words import count, listing
from tablecards_exhopp._state import SEQUENCES

__all__ = ["Laid", "Middle", "middle", "middle_zones", "titled", "zone_box"]

#: How a box lies: a hand fanned out, a row, a pile with its top card, a face-down stack or deck.


def titled(text: str) -> str:
    """``text`` with its first letter in capitals, as a line of the table begins."""
    return text[:1].upper() + text[1:]


def point_rank(ink: str, points: int) -> str:
    """EXH-03, EXH-17: "+5" for a black point card, "-4" (a true minus sign) for a red one."""
    return f"+{points}" if ink == "black" else f"\N{MINUS SIGN}{points}"


def _box(
    game: Game[Any],
    zone: Mapping[str, Any],
    name: str,
    title: str,
    style: SceneStyle,
    note: str | None,
) -> SceneZone:
    cards = zone.get("cards")
    if style == "hand" and cards is not None:
        # A hand fanned out by colour, then value: the cards of one colour side by side.
        cards = sorted(cards, key=lambda card: (str(card.get("colour")), int(card["value"])))
    elif style in ("deck", "stack") and cards is not None:
        style = "row"  # a view that shows every card (a replay for everyone)
    return {
        "id": name,
        "title": title,
        "style": style,
        "count": int(zone.get("count", 0)),
        "cards": None if cards is None else card_faces(game, cards),
        "note": note,
    }


def zone_box(
    game: Game[Any],
    zone: Mapping[str, Any],
    name: str,
    title: str,
    style: SceneStyle,
    note: str | None = None,
) -> SceneZone:
    """The box of zone ``name`` (its view ``zone``), kept with the zone."""
    return remember(zone, (name, title, style, note), _box, game, zone, name, title, style, note)


# -- the middle: four sequences behind their point cards, and the piles --------------------


def top_point(point_zone: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """EXH-06, EXH-14: the point card a sequence is laid for, if any is left."""
    cards = point_zone.get("cards")
    return cards[-1] if cards else None


def to_go(point: Mapping[str, Any], laid: Mapping[str, Any]) -> int:
    """EXH-12: how many more cards the sequence needs to be finished."""
    return max(int(point["points"]) - int(laid.get("count", 0)), 0)


def sequence_words(index: int, point_zone: Mapping[str, Any], laid: Mapping[str, Any]) -> str:
    """EXH-08: a sequence as a choice to lay on names it: "on sequence 2 (+5, one card to go)"."""
    point = top_point(point_zone)
    if point is None:
        return f"on sequence {index + 1}"
    rank = point_rank(str(point["ink"]), int(point["points"]))
    return f"on sequence {index + 1} ({rank}, {count(to_go(point, laid), 'card')} to go)"


def sequence_title(index: int, point_zone: Mapping[str, Any], laid: Mapping[str, Any]) -> str:
    """EXH-06, EXH-13: "Sequence 2 — black 5: +5 to its winner, three cards to go"."""
    point = top_point(point_zone)
    if point is None:
        return f"Sequence {index + 1} — no point card left"
    ink, points = str(point["ink"]), int(point["points"])
    worth = f"{point_rank(ink, points)} {'to' if ink == 'black' else 'for'} its winner"
    return (
        f"Sequence {index + 1} — {ink} {points}: {worth}, {count(to_go(point, laid), 'card')} to go"
    )


def totals(cards: Sequence[Mapping[str, Any]]) -> str:
    """EXH-13: each colour's total so far, in the order the colours came: "green 13, red 12"."""
    made: dict[str, int] = {}
    for card in cards:
        made[str(card["colour"])] = made.get(str(card["colour"]), 0) + int(card["value"])
    return ", ".join(f"{colour} {total}" for colour, total in made.items())


class Laid(NamedTuple):
    """A sequence as the table shows it: its group in the middle, and its words in a choice."""

    group: SceneGroup
    on: str


def sequence(
    game: Game[Any], index: int, point_zone: Mapping[str, Any], laid: Mapping[str, Any]
) -> Laid:
    """EXH-06, EXH-12, EXH-13: a sequence: its point card, the cards laid, the totals so far."""
    so_far = totals(laid.get("cards") or ())
    group: SceneGroup = {
        "id": f"sequence:{index}",
        "title": sequence_title(index, point_zone, laid),
        "note": f"so far: {so_far}" if so_far else None,
        "badges": [],
        "zones": [
            zone_box(game, point_zone, f"point:{index}", "Point card", "pile"),
            zone_box(game, laid, f"sequence:{index}", "Cards laid", "row"),
        ],
    }
    return Laid(group, sequence_words(index, point_zone, laid))


def out_of_play(box: Mapping[str, Any]) -> SceneZone:
    """EXH-04: the unused colours' cards, out of play: a count and their colours, no faces."""
    colours = dict.fromkeys(str(card["colour"]) for card in box.get("cards") or ())
    return {
        "id": "box",
        "title": "Out of play",
        "style": "stack",
        "count": int(box.get("count", 0)),
        "cards": None,
        "note": f"the {listing(colours)} cards: nobody plays them" if colours else None,
    }


def piles(game: Game[Any], zones: Mapping[str, Any]) -> SceneGroup:
    """EXH-05, EXH-06, EXH-09: the stock, the discard pile, the point stock, the box."""
    return {
        "id": "piles",
        "title": "Draw piles",
        "note": None,
        "badges": [],
        "zones": [
            zone_box(game, zones["stock"], "stock", "Stock", "deck"),
            zone_box(game, zones["discard"], "discard", "Discard pile", "pile"),
            zone_box(game, zones["point_stock"], "point_stock", "Point cards to come", "deck"),
            remember(zones["box"], "out of play", out_of_play, zones["box"]),
        ],
    }


#: The zones the middle shows: the point cards, the sequences, the piles (EXH-05, EXH-06).
MIDDLE: Final = (
    *(f"point:{index}" for index in range(SEQUENCES)),
    *(f"sequence:{index}" for index in range(SEQUENCES)),
    *("stock", "discard", "point_stock", "box"),
)
#: The middle's zones of a view, in one call: a tuple to keep the middle with.
middle_zones: Final = itemgetter(*MIDDLE)


class Middle(NamedTuple):
    """The middle of the table, and how a choice names each sequence to lay on."""

    groups: list[SceneGroup]
    on: tuple[str, ...]


def middle(game: Game[Any], zones: Mapping[str, Any]) -> Middle:
    """EXH-06: the four sequences, each kept with its two zones, then the piles."""
    laid = []
    for index in range(SEQUENCES):
        point, cards = zones[f"point:{index}"], zones[f"sequence:{index}"]
        laid.append(
            remember((point, cards), ("sequence", index), sequence, game, index, point, cards)
        )
    groups = [shown.group for shown in laid]
    groups.append(piles(game, zones))
    return Middle(groups, tuple(shown.on for shown in laid))
