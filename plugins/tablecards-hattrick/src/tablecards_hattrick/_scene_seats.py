"""The seats' panels in Hattrick's scene: each seat's hand, won piles by colour and penalty
cards, with its name, badges and scores (HAT-09).

A card played changes one hand; a trick won changes the won piles and the scores. Each box of
cards is kept with its zone (:func:`tablecards.remember`), what every viewer reads alike of
every seat (:class:`Rows`) with the public zones, and each panel with its hand under those
rows, whether the viewer owns it and whether it acts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, Final, final

from tablecards import ZoneView, remember
from tablecards_hattrick._scene_choices import HAND, ORDER, hand_of
from tablecards_hattrick._scene_trick import face
from tablecards_hattrick._state import COLOURS

__all__ = ["HANDS", "PUBLIC", "Rows", "panel", "rows", "signed"]

Json = dict[str, Any]
MINUS: Final = "\N{MINUS SIGN}"


def signed(number: int) -> str:
    """A score as players write it: "+5", "-4" written with a true minus sign, "0"."""
    return f"+{number}" if number > 0 else f"{MINUS}{-number}" if number < 0 else "0"


_FIRST: Final = itemgetter(0)
_LAST: Final = itemgetter(1)
_COPY: Final = dict.copy
# Each card's place in a sorted hand and its face, by id (an id is one card of DECK, HAT-01);
# and its face alone.
_CARDS: dict[int, tuple[tuple[int, int], Json]] = {}
_FACE_OF: dict[int, Json] = {}


def _faces(cards: Sequence[Mapping[str, Any]], shared: bool) -> list[Json]:
    """The faces of ``cards``, sorted as players hold them (HAT-06: red, blue, green, each by
    value): the faces kept for every card when the zone is ``shared`` (the box that holds them
    is kept with it), fresh copies for a view built by hand."""
    known = []
    for card in cards:
        made = _CARDS.get(card["id"])
        if made is None:
            order = (ORDER.get(str(card["colour"]), 9), int(card["value"]))
            made = _CARDS[card["id"]] = (order, face(card))
            _FACE_OF[card["id"]] = made[1]
        known.append(made)
    known.sort(key=_FIRST)
    faces = map(_LAST, known)
    return list(faces) if shared else [*map(_COPY, faces)]


# The zones in front of each seat: its won piles by colour (name, colour) and its penalty cards.
_WON: Final = tuple(
    tuple((f"won:{seat}:{colour.value}", colour.value) for colour in COLOURS) for seat in range(16)
)
_PENALTY: Final = tuple(f"penalty:{seat}" for seat in range(16))
HANDS: Final = tuple(f"hand:{seat}" for seat in range(16))
#: The zones of all the seats' panels but their hands, by player count, in one C call: each
#: seat's won piles, then each seat's penalty cards.
PUBLIC: Final = {
    players: itemgetter(
        *(name for seat in range(players) for name, _ in _WON[seat]), *_PENALTY[:players]
    )
    for players in range(1, 17)
}


def _pile_box(name: str, colour: str, zone: Mapping[str, Any]) -> Json:
    """A won pile of ``colour`` (HAT-09), or the penalty cards when ``colour`` is empty; kept
    with its zone."""
    return remember(zone, (name, colour), _pile_box_of, name, colour, zone)


def _pile_box_of(name: str, colour: str, zone: Mapping[str, Any]) -> Json:
    """The box :func:`_pile_box` keeps."""
    cards = zone.get("cards")
    number = int(zone.get("count", 0))
    return {
        "id": name,
        # A colour's won cards lie in a pile; the penalty cards in a row, with what they cost.
        "title": f"{colour} ({number})" if colour else f"Penalty cards ({number})",
        "style": "pile" if colour else "row",
        "count": number,
        "cards": _faces(cards, type(zone) is ZoneView) if cards is not None else None,
        "note": f"{signed(-2 * number)}" if number and not colour else None,
    }


def _hand_box(seat: int, mine: bool, hand: Mapping[str, Any]) -> Json:
    """The box of the hand of ``seat``: the viewer's own (``mine``) face up, any other face
    down unless the view shows its cards (a replay)."""
    shown = hand.get("cards")
    if mine and shown is not None:
        return {
            "id": f"hand:{seat}",
            "title": "Your hand",
            "style": "hand",
            "count": int(hand["count"]),
            "cards": _own_faces(hand) if type(hand) is ZoneView else _faces(shown, False),
            "note": None,
        }
    if shown is None and type(hand) is ZoneView:
        # Face down: the same box for every hand of that seat and size, whatever the match.
        count = int(hand.get("count", 0))
        made = _FACE_DOWN.get((seat, count))
        if made is None:
            made = _FACE_DOWN[seat, count] = _hand_box_of(seat, hand, None)
        return made
    return _hand_box_of(seat, hand, shown)


def _own_faces(hand: Mapping[str, Any]) -> list[Json]:
    """The faces of the viewer's own hand, a shared zone: in the order of its cards' ids (a
    card's id orders it by colour, then by value: HAT-01), read from what the seat's
    decisions read of the hand (:class:`~tablecards_hattrick._scene_choices.Hand`), made
    here once, while the seat waits, rather than at its turn."""
    ids = remember(hand, HAND, hand_of, hand).ids
    try:
        return list(map(_FACE_OF.__getitem__, ids))
    except KeyError:  # a card not seen yet
        return _faces(hand["cards"], True)


# The face-down hands of the scenes of shared views, by seat and size (at most 16 x 60).
_FACE_DOWN: dict[tuple[int, int], Json] = {}


def _hand_box_of(
    seat: int, hand: Mapping[str, Any], shown: Sequence[Mapping[str, Any]] | None
) -> Json:
    # Face down, unless the view shows every card (a replay).
    return {
        "id": f"hand:{seat}",
        "title": "Hand",
        "style": "stack" if shown is None else "row",
        "count": int(hand.get("count", 0)),
        "cards": None if shown is None else _faces(shown, type(hand) is ZoneView),
        "note": None,
    }


@final
class Rows:
    """What every seat's panel shows alike to every viewer, for one state of the won piles,
    the penalty cards, the names, the dealer, the leader and the scores: per seat, its name,
    badges, counters and the boxes of its won piles and penalty cards (HAT-09). Compared by
    identity: it names that state in the keys of the panels built from it."""

    __slots__ = ("key", "public", "rows")

    def __init__(
        self,
        public: tuple[Mapping[str, Any], ...],
        key: tuple[Any, ...],
        rows: tuple[tuple[str, list[Json], list[Json], list[Json]], ...],
    ) -> None:
        #: What the rows are made from: the won piles and penalty cards, and the other facts.
        self.public, self.key, self.rows = public, key, rows


def rows(view: Mapping[str, Any], names: tuple[str, ...], players: int, last: Rows | None) -> Rows:
    """The :class:`Rows` of ``view``: ``last`` if made from equal facts and the same zones (a
    trick won changes them, a card played does not), else the ones kept with the public zones
    of all the seats under the other facts."""
    zones = view["zones"]
    totals = view.get("totals") or [0] * players
    scores = view.get("scores") or totals
    leader = None if view["over"] else view.get("leader")
    public = PUBLIC[players](zones)
    key = (names, view.get("dealer"), leader, tuple(scores), tuple(totals))
    if last is not None and last.key == key and last.public == public:
        return last
    return remember(public, key, _rows_of, public, key, players)


def _rows_of(public: tuple[Mapping[str, Any], ...], key: tuple[Any, ...], players: int) -> Rows:
    """The :class:`Rows` :func:`rows` keeps: ``key`` names the names, the dealer, the leader,
    the scores and the totals."""
    names, dealer, leader, scores, totals = key
    made = []
    for seat in range(players):
        badges = []
        if dealer == seat:
            badges.append({"text": "dealer", "tone": "info"})
        if leader == seat:
            badges.append({"text": "leads this trick", "tone": "mark"})
        score = int(scores[seat])
        counters = [
            {"label": "this round", "value": signed(score - int(totals[seat]))},
            {"label": "total", "value": signed(score)},
        ]
        won = (*public[3 * seat : 3 * seat + 3], public[3 * players + seat])
        made.append((names[seat], badges, counters, _won_boxes(won, seat)))
    return Rows(public, key, tuple(made))


def panel(table: Rows, seat: int, mine: bool, active: bool, hand: Mapping[str, Any]) -> Json:
    """The panel of ``seat`` (HAT-09), kept with its hand under its rows, whether the viewer
    owns it and whether it acts (a card played changes one hand: the other panels are found
    again)."""
    return remember(hand, (table, mine, active), _panel_of, table, seat, mine, active, hand)


def _panel_of(table: Rows, seat: int, mine: bool, active: bool, hand: Mapping[str, Any]) -> Json:
    """The panel :func:`panel` keeps."""
    name, badges, counters, won = table.rows[seat]
    return {
        "seat": seat,
        "name": "You" if mine else name,
        "you": mine,
        "active": active,
        "badges": badges,
        "counters": counters,
        "zones": [remember(hand, (seat, mine), _hand_box, seat, mine, hand), *won],
    }


def _won_boxes(won: tuple[Mapping[str, Any], ...], seat: int) -> list[Json]:
    """The boxes of the won piles of ``seat`` by colour, then of its penalty cards."""
    boxes = [
        _pile_box(pile, label, zone)
        for (pile, label), zone in zip(_WON[seat], won[:3], strict=True)
    ]
    boxes.append(_pile_box(_PENALTY[seat], "", won[3]))
    return boxes
