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
from operator import itemgetter
from typing import Any, Final, final

from tablecards import Action, ZoneView, remember
from tablecards.words import listing, names_for, says
from tablecards_hattrick._scene_choices import ORDER, decision
from tablecards_hattrick._scene_trick import colours_of, face, middle
from tablecards_hattrick._state import COLOURS

__all__ = ["build_scene", "face", "signed"]

Json = dict[str, Any]
MINUS = "\N{MINUS SIGN}"


def signed(number: int) -> str:
    """A score as players write it: "+5", "-4" written with a true minus sign, "0"."""
    return f"+{number}" if number > 0 else f"{MINUS}{-number}" if number < 0 else "0"


_FIRST: Final = itemgetter(0)
_LAST: Final = itemgetter(1)
_COPY: Final = dict.copy
# Each card's place in a sorted hand and its face, by id (an id is one card of DECK, HAT-01).
_CARDS: dict[int, tuple[tuple[int, int], Json]] = {}


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


# The zones in front of each seat: its won piles by colour (name, colour) and its penalty cards.
_WON: Final = tuple(
    tuple((f"won:{seat}:{colour.value}", colour.value) for colour in COLOURS) for seat in range(16)
)
_PENALTY: Final = tuple(f"penalty:{seat}" for seat in range(16))
_HANDS: Final = tuple(f"hand:{seat}" for seat in range(16))
# The zones of all the seats' panels but their hands, by player count, in one C call: each
# seat's won piles, then each seat's penalty cards.
_PUBLIC: Final = {
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
    if shown is None and type(hand) is ZoneView:
        # Face down: the same box for every hand of that seat and size, whatever the match.
        count = int(hand.get("count", 0))
        made = _FACE_DOWN.get((seat, count))
        if made is None:
            made = _FACE_DOWN[seat, count] = _hand_box_of(seat, hand, None)
        return made
    return _hand_box_of(seat, hand, shown)


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
class _Table:
    """What every seat's panel shows alike to every viewer, for one state of the won piles,
    the penalty cards, the names, the dealer, the leader and the scores: per seat, its name,
    badges, counters and the boxes of its won piles and penalty cards (HAT-09). Compared by
    identity: it names that state in the keys of the panels built from it."""

    __slots__ = ("rows",)

    def __init__(self, rows: tuple[tuple[str, list[Json], list[Json], list[Json]], ...]) -> None:
        self.rows = rows


def _panels(
    view: Mapping[str, Any], names: Sequence[str], players: int, viewer: int | None
) -> list[Json]:
    """Each seat's panel (HAT-09), from the viewer's on around the table: the part every
    viewer sees alike (:class:`_Table`) is kept with the public zones of all the seats, each
    panel with its hand under that part, whether the viewer owns it and whether it acts (a
    card played changes one hand: the other panels are found again)."""
    zones = view["zones"]
    totals = view.get("totals") or [0] * players
    scores = view.get("scores") or totals
    leader = None if view["over"] else view.get("leader")
    public = _PUBLIC[players](zones)
    key = (names, view.get("dealer"), leader, tuple(scores), tuple(totals))
    table = remember(public, key, _table_of, public, key, players)
    to_act = view["to_act"]
    start = viewer if viewer is not None else 0
    panels = []
    for step in range(players):
        seat = (start + step) % players
        hand = zones[_HANDS[seat]]
        mine = seat == viewer
        active = seat in to_act
        panels.append(
            remember(hand, (table, mine, active), _panel_of, table, seat, mine, active, hand)
        )
    return panels


def _table_of(public: tuple[Mapping[str, Any], ...], key: tuple[Any, ...], players: int) -> _Table:
    names, dealer, leader, scores, totals = key
    rows = []
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
        rows.append((names[seat], badges, counters, _won_boxes(won, seat)))
    return _Table(tuple(rows))


def _panel_of(table: _Table, seat: int, mine: bool, active: bool, hand: Mapping[str, Any]) -> Json:
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
    boxes = [
        _pile_box(pile, label, zone)
        for (pile, label), zone in zip(_WON[seat], won[:3], strict=True)
    ]
    boxes.append(_pile_box(_PENALTY[seat], "", won[3]))
    return boxes


@lru_cache(maxsize=256)
def _title(number: Any, rounds: Any) -> str:
    of = f" of {rounds}" if rounds else ""
    return f"Hattrick — round {number}{of}"


_RULE: Final = (
    "Per round: your colour with the most cards won scores +1 a card, "
    f"the other colours {MINUS}1 a card, each penalty card {MINUS}2"
)


@lru_cache(maxsize=1024)
def _lines_of(
    target: Any, last: tuple[Any, ...], names: tuple[str, ...], viewer: int | None
) -> tuple[str, ...]:
    lines = [_RULE]
    if target:
        lines.append(f"The game ends after the round in which a total reaches {target}")
    if last:
        words = names_for(names, viewer)
        scored = ", ".join(f"{words[seat]} {signed(int(s))}" for seat, s in enumerate(last))
        lines.append(f"Last round: {scored}")
    return tuple(lines)


def _status(view: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> str:
    if view["over"]:
        words = names_for(names, viewer)
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
    names = tuple(names)  # named in the keys of the parts kept
    prompt: str | None = None
    actions: list[Json] = []
    # Parts are kept with shared zones only (Match.scene); a view built by hand builds anew.
    shared = type(zones["pile:0"]) is ZoneView
    colours = colours_of(zones)
    if viewer is not None and legal:
        prompt, actions = decision(view, colours, legal, action_json, shared)
    scores = view.get("scores") or [0] * players
    last = view.get("last_scores") or ()
    return {
        "version": 1,
        "game": "Hattrick",
        "viewer": viewer,
        "title": _title(view["round"], view.get("rounds")),
        "lines": [*_lines_of(view.get("target"), tuple(last), names, viewer)],
        "status": _status(view, names, viewer),
        "seats": _panels(view, names, players, viewer),
        "middle": middle(view, names, viewer, colours),
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": _scores(viewer, names, scores, players, shared),
    }
