"""The seats' panels in Stop's scene: each seat's bid, hand and pack, its tokens and badges.

A panel is kept with its seat's zones (:func:`tablecards.remember`): its :class:`Seat`, the
boxes and counters, makes one panel per set of marks (waited for or not, the badges), which
change more often than the zones. The faces and words that recur (a card's face, "two 3s and
a +1") are kept by value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, final

from tablecards import ZoneView, remember
from tablecards.words import count, listing
from tablecards_stop._state import PLUS

if TYPE_CHECKING:
    from tablecards_stop._scene import Table

__all__ = [
    "BIDS_OF",
    "HAND_ZONES",
    "KEPT",
    "Kept",
    "Seat",
    "card_face",
    "cards_words",
    "held_cards",
    "seat_marks",
    "seat_panels",
]

Json = dict[str, Any]


def _rank(value: int) -> str:
    return "+1" if value == PLUS else str(value)


def card_face(card: Mapping[str, Any]) -> Json:
    """A Stop card's face: its value ("+1" for a plus card) painted in its pack's colour."""
    value = int(card["value"])
    colour = card.get("colour")
    rank = _rank(value)
    return {
        "id": int(card["id"]),
        "rank": rank,
        "colour": colour,
        "label": f"{colour} {rank}" if colour else rank,
        "note": None,
        "kind": "plus" if value == PLUS else None,
    }


def _card(card: Mapping[str, Any]) -> tuple[tuple[bool, int, int], Json]:
    """Where the card goes in a hand (the +1s after the value cards, each value together), and
    its face: made once per card and kept (bounded by the cards' ids)."""
    made = _CARDS.get(card["id"])
    if made is None or made[1]["colour"] != card.get("colour") or made[0][1] != card["value"]:
        value = int(card["value"])
        made = _CARDS[int(card["id"])] = ((value == PLUS, value, int(card["id"])), card_face(card))
    return made


_CARDS: dict[int, tuple[tuple[bool, int, int], Json]] = {}


def _sorted(cards: Sequence[Mapping[str, Any]]) -> list[tuple[tuple[bool, int, int], Json]]:
    """The cards as players hold them, each with its face (ids differ: faces never compared)."""
    return sorted(map(_card, cards))


def held_cards(zone: Mapping[str, Any]) -> list[tuple[tuple[bool, int, int], Json]]:
    """A zone's cards sorted as players hold them (:func:`_sorted`), kept with the zone: a hand's
    box and the draw moment's prompt both tell it."""
    return remember(zone, "held", _sorted, zone.get("cards") or ())


def _faces(held: Sequence[tuple[Any, Json]]) -> list[Json]:
    """Fresh face dicts, in order: no two boxes share one."""
    return [face.copy() for _, face in held]


def cards_words(held: Sequence[tuple[tuple[bool, int, int], Json]]) -> str:
    """ "two 3s and one +1": the sorted cards ``held`` by value, kept by their values."""
    values = tuple([order[1] for order, _ in held])
    made = _WORDS.get(values)
    if made is None:
        columns: dict[int, int] = {}
        for value in values:
            columns[value] = columns.get(value, 0) + 1
        parts = [
            count(n, _rank(value), "+1s" if value == PLUS else None) for value, n in columns.items()
        ]
        if len(_WORDS) >= KEPT:
            _WORDS.clear()
        made = _WORDS[values] = listing(parts)
    return made


# The words of a group of cards, by their values in order.
_WORDS: dict[tuple[int, ...], str] = {}


# -- the seats' panels ---------------------------------------------------------------------
# A panel is kept with its four zones (bid, hand, pack, set aside), each box with its zone; the
# keys name what else they show: whose they are, the name, the tokens, the badges.


def _bid_box(bid: Mapping[str, Any], seat: int) -> Json:
    cards = _sorted(bid.get("cards") or ())
    # STOP-10: a bid is worth the sum of its cards (a +1 adds one), as the view's "bids" say.
    total = sum([order[1] for order, _ in cards])
    return {
        "id": _BID_ZONES[seat],
        "title": f"Bid {total}" if cards else "Bid",
        "style": "row",
        "count": len(cards),
        "cards": _faces(cards),
        "note": f"bid {total}: {cards_words(cards)}" if cards else None,
    }


def _hand_box(hand: Mapping[str, Any], seat: int, you: bool) -> Json:
    cards = hand.get("cards")
    number = int(hand.get("count", 0))
    if you and cards is not None:
        return {
            "id": HAND_ZONES[seat],
            "title": "Your hand",
            "style": "hand",
            "count": number,
            "cards": _faces(held_cards(hand)),
            "note": None,
        }
    # Face down, unless the view shows every card (a replay for everyone).
    return {
        "id": HAND_ZONES[seat],
        "title": "Your hand" if you else "Hand",
        "style": "stack" if cards is None else "row",
        "count": number,
        "cards": None if cards is None else _faces(held_cards(hand)),
        "note": None,
    }


def _pack_box(pack: Mapping[str, Any], seat: int, you: bool) -> Json:
    shown = pack.get("cards")
    return {
        "id": _PACK_ZONES[seat],
        "title": "Your pack" if you else "Pack",
        "style": "deck" if shown is None else "row",
        "count": int(pack.get("count", 0)),
        "cards": None if shown is None else [card_face(card) for card in shown],
        "note": None,
    }


def _aside_box(aside: Mapping[str, Any], seat: int) -> Json:
    cards = aside.get("cards")
    return {
        "id": _ASIDE_ZONES[seat],
        "title": "Set aside (out of the game)",
        "style": "row" if cards is not None else "stack",
        "count": int(aside["count"]),
        "cards": _faces(_sorted(cards)) if cards is not None else None,
        "note": None,
    }


@final
class Seat:
    """A seat's panel but for whether it is waited for and its badges (its marks): kept with
    its zones (:func:`_seat_panel`), it makes its panel for each set of marks once, as who is
    waited for changes at every draw moment while the zones stay."""

    __slots__ = ("counters", "name", "panels", "seat", "you", "zones")

    def __init__(
        self,
        bid: Mapping[str, Any],
        hand: Mapping[str, Any],
        pack: Mapping[str, Any],
        aside: Mapping[str, Any],
        seat: int,
        name: str,
        you: bool,
        tokens: int,
        goal: int,
    ) -> None:
        self.seat, self.name, self.you = seat, name, you
        self.zones = _boxes(bid, hand, pack, aside, seat, you)
        self.counters = _counters(tokens, goal, int(pack["count"]), int(hand["count"]))
        #: The panels made, by their marks.
        self.panels: dict[int, Json] = {}

    def panel(self, marks: int) -> Json:
        """The panel with ``marks`` (:func:`seat_marks`, the viewer's :data:`_YOU` included)."""
        made = self.panels.get(marks)
        if made is None:
            made = self.panels[marks] = {
                "seat": self.seat,
                "name": self.name,
                "you": self.you,
                "active": bool(marks & _ACTIVE),
                "badges": _badges(marks >> _BADGE_SHIFT),
                "counters": self.counters,
                "zones": self.zones,
            }
        return made


def _boxes(
    bid: Mapping[str, Any],
    hand: Mapping[str, Any],
    pack: Mapping[str, Any],
    aside: Mapping[str, Any],
    seat: int,
    you: bool,
) -> list[Json]:
    """A seat's zones' boxes: its bid, hand and pack, and the cards it set aside if any."""
    zones = [
        remember(bid, ("bid", seat), _bid_box, bid, seat),
        remember(hand, ("hand", seat, you), _hand_box, hand, seat, you),
        remember(pack, ("pack", seat, you), _pack_box, pack, seat, you),
    ]
    if int(aside.get("count", 0)):
        zones.append(remember(aside, ("aside", seat), _aside_box, aside, seat))
    return zones


def _counters(tokens: int, goal: int, pack: int, hand: int) -> list[Json]:
    """Tokens, pack and hand: kept by value (a few hundred at most)."""
    key = (tokens, goal, pack, hand)
    made = _COUNTERS.get(key)
    if made is None:
        if len(_COUNTERS) >= KEPT:
            _COUNTERS.clear()
        made = _COUNTERS[key] = [
            {"label": "tokens", "value": f"{int(tokens)} of {goal}"},
            {"label": "pack", "value": count(pack, "card")},
            {"label": "hand", "value": count(hand, "card")},
        ]
    return made


_COUNTERS: dict[tuple[int, int, int, int], list[Json]] = {}


def _badges(worn: int) -> list[Json]:
    made = _WORN.get(worn)
    if made is None:
        made = _WORN[worn] = [badge for bit, badge in enumerate(_BADGES) if worn >> bit & 1]
    return made


#: The badges a seat may wear, in the order they are shown, from the lowest bit of the marks'
#: badge bits up.
_BADGES: Final = (
    {"text": "red token", "tone": "bad"},
    {"text": "out", "tone": "bad"},
    {"text": "called Stop!", "tone": "mark"},  # STOP-06, while the auction runs
    {"text": "passed", "tone": "info"},  # STOP-13
    {"text": "won the round", "tone": "good"},  # while sharing out
    {"text": "winner", "tone": "good"},
)
_YOU: Final = 1
_ACTIVE: Final = 2
_BADGE_SHIFT: Final = 2
# The lists of badges, by which are worn (at most 64).
_WORN: dict[int, list[Json]] = {}


def seat_marks(view: Mapping[str, Any], waiting: Sequence[int]) -> tuple[int, ...]:
    """Each seat's :data:`_ACTIVE` and badge bits (see :data:`_BADGES`); the viewer's
    :data:`_YOU` is its scene's to add."""
    eliminated = view["eliminated"]
    marks = [0] * len(eliminated)
    red, phase = view["red"], view["phase"]
    for seat in waiting:
        marks[seat] = _ACTIVE
    if red is not None:
        marks[red] |= 1 << _BADGE_SHIFT
    if True in eliminated:
        for seat, out in enumerate(eliminated):
            if out:
                marks[seat] |= 2 << _BADGE_SHIFT
    if phase in ("open", "auction"):
        caller = view.get("caller")
        if caller is not None:
            marks[caller] |= 4 << _BADGE_SHIFT
        if phase == "auction":
            for seat in view.get("passed", ()):
                marks[seat] |= 8 << _BADGE_SHIFT
    elif phase in ("share", "over"):
        winner = view.get("winner")
        if winner is not None:
            marks[winner] |= (16 if phase == "share" else 32) << _BADGE_SHIFT
    return tuple(marks)


def seat_panels(
    view: Mapping[str, Any], names: Sequence[str], table: Table, viewer: int | None
) -> list[Json]:
    """One panel per seat, from the viewer's round the table: each seat's :class:`Seat` as
    the table keeps it (:class:`Table`), while its zones and tokens are the same, else found
    anew."""
    zones = view["zones"]
    tokens, goal = view["tokens"], view["tokens_to_win"]
    marks, others, mine = table.marks, table.others, table.mine
    panels = []
    for seat in _ROUNDS[len(marks)][0 if viewer is None else viewer]:
        you = seat == viewer
        kept = mine[seat] if you else others[seat]
        seat_zones = _SEAT_ZONES[seat](zones)
        # The same zones (compared in C: at once when they are the same objects).
        if kept is not None and kept[0] == seat_zones and kept[1] == tokens[seat]:
            found = kept[2]
        else:
            bid, hand, pack, aside = seat_zones
            name = "You" if you else names[seat]
            found = _seat(bid, hand, pack, aside, seat, name, you, tokens[seat], goal)
            (mine if you else others)[seat] = (seat_zones, tokens[seat], found)
        mark = marks[seat] | _YOU if you else marks[seat]
        made = found.panels.get(mark)
        panels.append(made if made is not None else found.panel(mark))
    return panels


#: A seat's :class:`Seat` as a table keeps it, with the seat's zones (bid, hand, pack, set
#: aside) and tokens it was found for.
Kept = tuple[tuple[Mapping[str, Any], ...], int, Seat]


def _seat(
    bid: Mapping[str, Any],
    hand: Mapping[str, Any],
    pack: Mapping[str, Any],
    aside: Mapping[str, Any],
    seat: int,
    name: str,
    you: bool,
    tokens: int,
    goal: int,
) -> Seat:
    """A seat's :class:`Seat`, kept with its bid zone."""
    if type(bid) is type(hand) is type(pack) is type(aside) is ZoneView:
        # Everything the panel shows besides its zones and marks: whose it is, its name and
        # its tokens (its bid's total is its bid zone's). remember((bid, hand, pack, aside),
        # ...) would name the other zones by their stamps in the key, as here, after
        # checking the tuple: twice this lookup's time; and a kept part is looked up in
        # the zone's parts first, for the call to remember costs as much as the lookup.
        key = (seat, name, you, tokens, goal, hand.stamp, pack.stamp, aside.stamp)
        kept: Seat | None = bid.parts.get(key)
        if kept is None:
            kept = remember(bid, key, Seat, bid, hand, pack, aside, seat, name, you, tokens, goal)
        return kept
    return Seat(bid, hand, pack, aside, seat, name, you, tokens, goal)


# The seats in order round the table from each viewer's (from seat 0 for a spectator), by
# the number of players (Stop seats six at most).
_ROUNDS: Final = tuple(
    tuple((*range(viewer, players), *range(viewer)) for viewer in range(players))
    for players in range(17)
)


# The zones' names by seat: its bid, hand, pack and cards set aside.
_BID_ZONES: Final = tuple(f"bid:{seat}" for seat in range(64))
HAND_ZONES: Final = tuple(f"hand:{seat}" for seat in range(64))
_PACK_ZONES: Final = tuple(f"pack:{seat}" for seat in range(64))
_ASIDE_ZONES: Final = tuple(f"aside:{seat}" for seat in range(64))
# A seat's four zones out of a view's zones, in one call.
_SEAT_ZONES: Final = tuple(map(itemgetter, _BID_ZONES, HAND_ZONES, _PACK_ZONES, _ASIDE_ZONES))
# Every seat's bid zone out of a view's zones (a tuple), by the number of players.
BIDS_OF: Final = {players: itemgetter(*_BID_ZONES[:players]) for players in range(2, 64)}


# The caches kept by value are bounded: cleared when full.
KEPT: Final = 2048
