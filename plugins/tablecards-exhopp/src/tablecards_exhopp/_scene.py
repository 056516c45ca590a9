"""Ex & Hopp's table as its players see it: four sequences behind their point cards.

Built from a seat's view alone (:meth:`ExHopp.scene <tablecards_exhopp.ExHopp.scene>`): the
hands, and the values chosen in an exchange, are in the view of their holders only.

A table shows every seat a new scene after every move, yet a move changes little of it: one
hand, one sequence, the piles. Each panel, each sequence with its point card and the piles are
kept with the zones they are built from (:func:`tablecards.remember`), under a key naming all
else they show, so a scene rebuilds only what the move changed; the middle is nobody's, so the
first seat shown a new position builds it for every other.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final

from tablecards import Action, ZoneView, remember
from tablecards.words import count, listing, names_for, says
from tablecards_exhopp._scene_choices import decision, phase_line
from tablecards_exhopp._scene_parts import (
    face,
    middle,
    point_rank,
    sequence_heading,
    stamp,
    titled,
    zone_box,
)
from tablecards_exhopp._words import signed

__all__ = ["build_scene", "face", "point_rank", "sequence_title"]

Json = dict[str, Any]
RULE: Final = "A finished sequence's point card goes to the colour with the highest total in it"


def sequence_title(view: Mapping[str, Any], index: int) -> str:
    """ "Sequence 2 — black 5: +5 to its winner, 3 cards to go"."""
    zones = view["zones"]
    return sequence_heading(index, zones[f"point:{index}"], zones[f"sequence:{index}"])


# -- the panels ----------------------------------------------------------------------------------

# The zones of each seat's panel, by seat: its colour card, its hand, its point cards won.
_PANEL_ZONES: Final = tuple(
    itemgetter(f"colour:{seat}", f"hand:{seat}", f"taken:{seat}") for seat in range(16)
)
_BADGES: Final = (
    {"text": "offers an exchange", "tone": "info"},
    {"text": "accepted", "tone": "good"},
)


def _panel(
    zones: Mapping[str, Any],
    shared: bool,
    seat: int,
    mine: bool,
    name: str,
    colour: str | None,
    offers: bool,
    accepted: bool,
    active: bool,
    score: int,
) -> Json:
    """A seat's panel (EXH-04), kept with its three zones under all else it shows."""
    parts = _PANEL_ZONES[seat](zones)
    key = (seat, mine, name, colour, offers, accepted, score)
    # Kept with the hand, the zone that changes most; the other two named by their stamps.
    if shared:
        home = parts[1]
        panel = remember(home, (key, parts[0].stamp, parts[2].stamp), _panel_of, parts, *key)
    else:
        panel = _panel_of(parts, *key)
    # Kept as a seat that waits: the turn moves on after every move, the rest seldom.
    return {**panel, "active": True} if active else panel


def _panel_of(
    parts: tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]],
    seat: int,
    mine: bool,
    name: str,
    colour: str | None,
    offers: bool,
    accepted: bool,
    score: int,
) -> Json:
    badges = [{"text": f"plays {colour}", "tone": "mark"}] if colour else []
    if offers:
        badges.append(dict(_BADGES[0]))
    if accepted:
        badges.append(dict(_BADGES[1]))
    hand = parts[1]
    zones_key: Hashable = (seat, mine)
    if type(hand) is ZoneView:  # the other two zones named by their stamps, as in _panel
        zones_key = (seat, mine, stamp(parts[0]), stamp(parts[2]))
    return {
        "seat": seat,
        "name": name,
        "you": mine,
        "active": False,
        "badges": badges,
        "counters": [
            {"label": "points", "value": signed(score)},
            {"label": "hand", "value": count(int(hand.get("count", 0)), "card")},
        ],
        # A turn passing, an exchange offered or a score changing leave the zones as they were.
        "zones": remember(hand, zones_key, _panel_zones, parts, seat, mine),
    }


def _panel_zones(
    parts: tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]], seat: int, mine: bool
) -> list[Json]:
    colour_card, hand, taken = parts
    won = int(taken["count"]) if taken.get("count") else 0
    return [
        zone_box(colour_card, f"colour:{seat}", "Your colour" if mine else "Colour", "row"),
        zone_box(
            hand, f"hand:{seat}", "Your hand" if mine else "Hand", "hand" if mine else "stack"
        ),
        zone_box(
            taken,
            f"taken:{seat}",
            "Your point cards" if mine else "Point cards won",
            "row",
            count(won, "point card") if won else None,
        ),
    ]


# -- the header ----------------------------------------------------------------------------------


def _status(view: Mapping[str, Any], names: Sequence[str], words: Sequence[str]) -> str:
    if view["over"]:
        scores = view["scores"]
        best = max(scores)
        winners = [words[seat] for seat, score in enumerate(scores) if score == best]
        who = listing(winners)
        verb = says(who, "wins") if len(winners) == 1 else f"{who} share the win"
        return titled(f"{verb} with {signed(int(best))}")
    waiting = view["to_act"]
    if view["seat"] in waiting:
        return "Your choice (in secret)" if view["phase"] == "choose" else "Your turn"
    return f"Waiting for {listing([names[seat] for seat in waiting])}" if waiting else ""


def _facts(view: Mapping[str, Any], exchange: Mapping[str, Any] | None) -> list[Json]:
    if not exchange or view["seat"] is None:
        return []
    value = exchange.get("your_card")
    if value is None:
        return []
    mine = exchange["give"] if exchange.get("proposer") == view["seat"] else exchange["want"]
    return [{"label": "Your card in this exchange", "text": f"your {mine} {value}"}]


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
    exchange = view.get("exchange")
    proposer, accepter = (
        (exchange.get("proposer"), exchange.get("accepter")) if exchange else (None, None)
    )
    colours = view.get("colours", ())
    scores = view["scores"]
    to_act = view["to_act"]
    # Parts are kept with shared zones only (Match.scene); a view built by hand builds anew.
    shared = type(zones["stock"]) is ZoneView
    groups, on = middle(zones, shared)
    start = viewer if viewer is not None else 0
    seats = []
    for step in range(players):
        seat = (start + step) % players
        mine = seat == viewer
        seats.append(
            _panel(
                zones,
                shared,
                seat,
                mine,
                "You" if mine else names[seat],
                colours[seat] if seat < len(colours) else None,
                proposer == seat,
                accepter == seat,
                seat in to_act,
                int(scores[seat]),
            )
        )
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        prompt, actions = decision(view, legal, words, on, action_json, shared)
    return {
        "version": 1,
        "game": "Ex & Hopp",
        "viewer": viewer,
        "title": "Ex & Hopp",
        "lines": [RULE, phase_line(view["phase"], exchange, view["current"], words)],
        "status": _status(view, names, words),
        "seats": seats,
        "middle": groups,
        "prompt": prompt,
        "actions": actions,
        "facts": _facts(view, exchange),
        "scores": _scores(viewer, names, scores, players, shared),
    }
