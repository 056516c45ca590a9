"""Hattrick's table as its players see it: the trick's two piles in the middle, won cards by colour.

Built from a seat's view alone (:meth:`Hattrick.scene <tablecards_hattrick.Hattrick.scene>`):
the hands are the only secret, and a view holds only the viewer's own.

A table shows every seat a new scene after every move, yet a card played changes one hand and
one pile of the trick. Each panel, each box of cards and the trick are kept with the zones
they are built from (:func:`tablecards.remember`), under a key naming all else they show, so a
scene rebuilds only what the move changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import Any, Final

from tablecards import Action, ZoneView, remember
from tablecards.words import listing, names_for, says, whose
from tablecards_hattrick._scene_choices import ORDER, decision
from tablecards_hattrick._state import COLOURS

__all__ = ["build_scene", "face", "signed"]

Json = dict[str, Any]
MINUS = "\N{MINUS SIGN}"


def signed(number: int) -> str:
    """A score as players write it: "+5", "-4" written with a true minus sign, "0"."""
    return f"+{number}" if number > 0 else f"{MINUS}{-number}" if number < 0 else "0"


def face(card: Mapping[str, Any], note: str | None = None) -> Json:
    """A Hattrick card's face: its value painted in its colour."""
    colour = str(card["colour"])
    return {
        "id": int(card["id"]),
        "rank": str(card["value"]),
        "colour": colour,
        "label": f"{colour} {card['value']}",
        "note": note,
        "kind": None,
    }


_ID: Final = itemgetter("id")
_STAMP: Final = attrgetter("stamp")
_FIRST: Final = itemgetter(0)
_LAST: Final = itemgetter(1)
_COPY: Final = dict.copy
# Each card's place in a sorted hand and its face, by id (an id is one card of DECK, HAT-01),
# and each face noted with who played it, by id and name (bounded: cleared when full).
_CARDS: dict[int, tuple[tuple[int, int], Json]] = {}
_NOTED: dict[tuple[int, str | None], Json] = {}
_NOTED_MAX: Final = 4096


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
        known.append(made)
    known.sort(key=_FIRST)
    faces = map(_LAST, known)
    return list(faces) if shared else [*map(_COPY, faces)]


def _noted(card: Mapping[str, Any], note: str | None, shared: bool) -> Json:
    """The face of a card of the trick with who played it (``note``), kept like _faces."""
    if not shared:
        return face(card, note)
    key = (card["id"], note)
    made = _NOTED.get(key)
    if made is None:
        if len(_NOTED) >= _NOTED_MAX:
            _NOTED.clear()
        made = _NOTED[key] = face(card, note)
    return made


def _pile_colour(pile: Mapping[str, Any]) -> str | None:
    cards = pile.get("cards") or ()
    return str(cards[0]["colour"]) if cards else None


@lru_cache(maxsize=1024)
def _trick_title(trick: Any, colours: tuple[str, ...]) -> str:
    piles = ", ".join(f"{colour} pile" for colour in colours) or "no pile yet"
    return f"Trick {trick}: {piles}"


_unopened = ("First pile (not open yet)", "Second pile (not open yet)")
_PILES: Final = ("pile:0", "pile:1")
_NO_SEATS: Final = ((), ())


def _colours(zones: Mapping[str, Any]) -> tuple[str, ...]:
    """The colours of the trick's piles opened so far, first pile first (HAT-04)."""
    first, second = _pile_colour(zones["pile:0"]), _pile_colour(zones["pile:1"])
    if first and second:
        return (first, second)
    return (first,) if first else (second,) if second else ()


def _middle(view: Mapping[str, Any], words: Sequence[str], colours: tuple[str, ...]) -> list[Json]:
    """HAT-04: the trick's two piles, each card noted with who played it."""
    zones = view["zones"]
    seats = view.get("pile_seats", _NO_SEATS)
    boxes = [_pile(zones["pile:0"], 0, seats[0], words), _pile(zones["pile:1"], 1, seats[1], words)]
    leader = view.get("leader")
    return [
        {
            "id": "trick",
            "title": _trick_title(view["trick"], colours),
            "note": _leads(words[int(leader)]) if leader is not None else None,
            "badges": [],
            "zones": boxes,
        }
    ]


@lru_cache(maxsize=256)
def _leads(name: str) -> str:
    return says(name, "leads")


def _pile(pile: Mapping[str, Any], index: int, seats: Sequence[int], words: Sequence[str]) -> Json:
    """One pile of the trick, kept with its zone under who played its cards, by the names the
    viewer reads (a move adds to one pile: the other is found again)."""
    played = tuple(seats)
    key = (index, played, tuple([words[seat] for seat in played]))
    return remember(pile, key, _pile_of, pile, index, played, words)


def _pile_of(
    pile: Mapping[str, Any], index: int, seats: tuple[int, ...], words: Sequence[str]
) -> Json:
    cards = pile.get("cards") or ()
    colour = _pile_colour(pile)
    shared = type(pile) is ZoneView
    faces = [
        _noted(card, words[seats[at]] if at < len(seats) else None, shared)
        for at, card in enumerate(cards)
    ]
    top = max(cards, key=lambda c: int(c["value"])) if cards else None
    note = None
    if top is not None:
        holder = seats[list(cards).index(top)] if len(seats) == len(cards) else None
        by = f" ({whose(words[holder])})" if holder is not None else ""
        note = f"highest {top['value']}{by}"
    return {
        "id": _PILES[index],
        "title": f"{colour.capitalize()} pile" if colour else _unopened[index],
        "style": "row",
        "count": len(cards),
        "cards": faces,
        "note": note,
    }


# The zones in front of each seat: its won piles by colour (name, colour) and its penalty cards.
_WON: Final = tuple(
    tuple((f"won:{seat}:{colour.value}", colour.value) for colour in COLOURS) for seat in range(16)
)
_PENALTY: Final = tuple(f"penalty:{seat}" for seat in range(16))
# The zones of each seat's panel, by seat, in one C call: its hand, its won piles, its penalties.
_PANEL_ZONES: Final = tuple(
    itemgetter(f"hand:{seat}", *(name for name, _ in _WON[seat]), _PENALTY[seat])
    for seat in range(16)
)


def _pile_box(name: str, colour: str, zone: Mapping[str, Any]) -> Json:
    """A won pile of ``colour`` (HAT-09), or the penalty cards when ``colour`` is empty; kept
    with its zone."""
    return remember(zone, (name, colour), _pile_box_of, name, colour, zone)


def _pile_box_of(name: str, colour: str, zone: Mapping[str, Any]) -> Json:
    cards = zone.get("cards")
    number = int(zone.get("count", 0))
    if colour:
        return {
            "id": name,
            "title": f"{colour} ({number})",
            "style": "pile",
            "count": number,
            "cards": _faces(cards, type(zone) is ZoneView) if cards is not None else None,
            "note": None,
        }
    return {
        "id": name,
        "title": f"Penalty cards ({number})",
        "style": "row",
        "count": number,
        "cards": _faces(cards, type(zone) is ZoneView) if cards is not None else None,
        "note": f"{signed(-2 * number)}" if number else None,
    }


def _hand_box(seat: int, mine: bool, hand: Mapping[str, Any]) -> Json:
    shown = hand.get("cards")
    if mine and shown is not None:
        return {
            "id": f"hand:{seat}",
            "title": "Your hand",
            "style": "hand",
            "count": int(hand["count"]),
            "cards": _faces(shown, type(hand) is ZoneView),
            "note": None,
        }
    # Face down, unless the view shows every card (a replay).
    return {
        "id": f"hand:{seat}",
        "title": "Hand",
        "style": "stack" if shown is None else "row",
        "count": int(hand.get("count", 0)),
        "cards": None if shown is None else _faces(shown, type(hand) is ZoneView),
        "note": None,
    }


def _panels(
    view: Mapping[str, Any], names: Sequence[str], players: int, shared: bool
) -> list[Json]:
    """Each seat's panel (HAT-09), from the viewer's on around the table, kept with its five
    zones under all else it shows: with its hand, the zone that changes most, the won piles
    and penalty cards named by their stamps (:attr:`tablecards.ZoneView.stamp`) when the zones
    are shared (``shared``)."""
    zones = view["zones"]
    viewer: int | None = view["seat"]
    totals = view.get("totals") or [0] * players
    scores = view.get("scores") or totals
    dealer = view.get("dealer")
    leader = None if view["over"] else view.get("leader")
    to_act = view["to_act"]
    start = viewer if viewer is not None else 0
    panels = []
    for step in range(players):
        seat = (start + step) % players
        mine = seat == viewer
        parts = _PANEL_ZONES[seat](zones)
        key = (
            seat,
            mine,
            "You" if mine else names[seat],
            dealer == seat,
            leader == seat,
            int(scores[seat]),
            int(totals[seat]),
        )
        if shared:
            won_red, won_blue, won_green, penalty = parts[1:]
            stamps = (won_red.stamp, won_blue.stamp, won_green.stamp, penalty.stamp)
            panel = remember(parts[0], (key, stamps), _panel_of, parts, stamps, *key)
        else:
            panel = _panel_of(parts, None, *key)
        # Kept as a seat that waits: the turn moves on after every move, the rest seldom.
        panels.append({**panel, "active": True} if seat in to_act else panel)
    return panels


def _panel_of(
    parts: tuple[Mapping[str, Any], ...],
    stamps: tuple[int, ...] | None,
    seat: int,
    mine: bool,
    name: str,
    dealer: bool,
    leads: bool,
    score: int,
    total: int,
) -> Json:
    badges = []
    if dealer:
        badges.append({"text": "dealer", "tone": "info"})
    if leads:
        badges.append({"text": "leads this trick", "tone": "mark"})
    hand = parts[0]
    return {
        "seat": seat,
        "name": name,
        "you": mine,
        "active": False,
        "badges": badges,
        "counters": [
            {"label": "this round", "value": signed(score - total)},
            {"label": "total", "value": signed(score)},
        ],
        # A new leader or a score changing leave the boxes as they were.
        "zones": (
            _boxes(parts, seat, mine)
            if stamps is None
            else remember(hand, (seat, mine, stamps), _boxes, parts, seat, mine)
        ),
    }


def _boxes(parts: tuple[Mapping[str, Any], ...], seat: int, mine: bool) -> list[Json]:
    won = parts[1:]
    if type(won[0]) is ZoneView:  # a card played changes the hand, seldom these four
        stamps = (won[1].stamp, won[2].stamp, won[3].stamp)  # type: ignore[attr-defined]
        piles = remember(won[0], (seat, stamps), _won_boxes, won, seat)
    else:
        piles = _won_boxes(won, seat)
    return [remember(parts[0], (seat, mine), _hand_box, seat, mine, parts[0]), *piles]


def _won_boxes(won: tuple[Mapping[str, Any], ...], seat: int) -> list[Json]:
    boxes = [
        _pile_box(pile, label, zone)
        for (pile, label), zone in zip(_WON[seat], won[:3], strict=True)
    ]
    boxes.append(_pile_box(_PENALTY[seat], "", won[3]))
    return boxes


def _title(view: Mapping[str, Any]) -> str:
    rounds = view.get("rounds")
    of = f" of {rounds}" if rounds else ""
    return f"Hattrick — round {view['round']}{of}"


_RULE: Final = (
    "Per round: your colour with the most cards won scores +1 a card, "
    f"the other colours {MINUS}1 a card, each penalty card {MINUS}2"
)


@lru_cache(maxsize=1024)
def _last_round(words: tuple[str, ...], last: tuple[int, ...]) -> str:
    scored = ", ".join(f"{words[seat]} {signed(s)}" for seat, s in enumerate(last))
    return f"Last round: {scored}"


def _lines(view: Mapping[str, Any], words: Sequence[str]) -> list[str]:
    lines = [_RULE]
    if view.get("target"):
        lines.append(f"The game ends after the round in which a total reaches {view['target']}")
    last = view.get("last_scores") or ()
    if last:
        lines.append(_last_round(tuple(words[: len(last)]), tuple(map(int, last))))
    return lines


def _status(view: Mapping[str, Any], names: Sequence[str], words: Sequence[str]) -> str:
    viewer = view["seat"]
    if view["over"]:
        scores = [int(s) for s in view["scores"]]
        best = max(scores)
        winners = [words[seat] for seat, score in enumerate(scores) if score == best]
        who = listing(winners)
        verb = says(who, "wins") if len(winners) == 1 else f"{who} share the win"
        text = f"{verb} with {signed(best)}"
        return text[:1].upper() + text[1:]
    current = view.get("current")
    if current is None:
        return ""
    return "Your turn" if current == viewer else f"Waiting for {names[int(current)]}"


# The scores line of the scenes of shared views, by viewer, names and scores: it changes far
# less often than the scenes that show it (bounded: cleared when full). A scene of a view built
# by hand gets its own.
_SCORES: dict[tuple[Any, ...], list[Json]] = {}


def _scores(
    viewer: int | None, names: Sequence[str], scores: Sequence[Any], players: int, shared: bool
) -> list[Json]:
    if not shared:
        return _scores_of(viewer, names, scores, players)
    key = (viewer, players, tuple(names), tuple(scores))
    made = _SCORES.get(key)
    if made is None:
        if len(_SCORES) >= 1024:
            _SCORES.clear()
        made = _SCORES[key] = _scores_of(viewer, names, scores, players)
    return made


def _scores_of(
    viewer: int | None, names: Sequence[str], scores: Sequence[Any], players: int
) -> list[Json]:
    return [
        {
            "seat": seat,
            "name": "You" if seat == viewer else names[seat],
            "score": signed(int(scores[seat])),
        }
        for seat in range(players)
    ]


def build_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> Json:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    players = int(view["players"])
    zones = view["zones"]
    words = names_for(names, viewer)
    prompt: str | None = None
    actions: list[Json] = []
    # Parts are kept with shared zones only (Match.scene); a view built by hand builds anew.
    shared = type(zones["pile:0"]) is ZoneView
    colours = _colours(zones)
    if viewer is not None and legal:
        prompt, actions = decision(view, colours, legal, action_json, shared)
    scores = view.get("scores") or [0] * players
    return {
        "version": 1,
        "game": "Hattrick",
        "viewer": viewer,
        "title": _title(view),
        "lines": _lines(view, words),
        "status": _status(view, names, words),
        "seats": _panels(view, names, players, shared),
        "middle": _middle(view, words, colours),
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": _scores(viewer, names, scores, players, shared),
    }
