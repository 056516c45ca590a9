"""Climb's table as its players see it: the pile in the middle, a hand and a won pile per seat.

A scene is built from one seat's view and nothing else, so it can never show a secret. The
table builds one for every seat after every move, yet a move changes little: one hand, the pile
or the deck, whose turn it is. So each part of the scene is kept with the zones it is built
from (``tablecards.remember``), under a key naming every other value it shows, and built again
only when one of them changes. A part that reads alike to several viewers (the panel of a hand
they cannot see, the middle) is built by the first of them and found by the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

from tablecards import Action, Game, remember
from tablecards.words import count, listing, names_for, says, whose
from tablecards_tutorial._actions import Play
from tablecards_tutorial._state import DECK

__all__ = ["build_scene"]

Json = dict[str, Any]


def face(card: Mapping[str, Any]) -> Json:
    """A Climb card: its value, big; Climb's cards have no colour."""
    value = str(card["value"])
    return {
        "id": card["id"],
        "rank": value,
        "colour": None,
        "label": value,
        "note": None,
        "kind": None,
    }


# A card's face depends on the card alone: each of the 40 is made once, and shared by every
# scene that shows the card (like every part a scene keeps: never change one).
FACES = tuple(face({"id": card.id, "value": card.value}) for card in DECK)


def box(zone_id: str, title: str, style: str, zone: Mapping[str, Any]) -> Json:
    """A zone of the view as a box of the scene; hidden cards stay a count (``cards`` is None)."""
    cards = zone.get("cards")
    if cards is not None and style == "hand":
        cards = sorted(cards, key=lambda card: card["value"])  # players hold them in order
    return {
        "id": zone_id,
        "title": title,
        "style": style,
        "count": zone["count"],
        "cards": None if cards is None else [FACES[card["id"]] for card in cards],
        "note": None,
    }


def kept_box(zone_id: str, title: str, style: str, zone: Mapping[str, Any]) -> Json:
    """``box(zone_id, title, style, zone)``, kept with ``zone`` while it is unchanged: the key
    names everything else the box shows. Kept boxes are shared between scenes: never change one.
    """
    return remember(zone, (zone_id, title, style), box, zone_id, title, style, zone)


# The zones in front of each seat, read from a view's zones in one call: its hand, the cards it
# won and its hand laid face up at the end (Climb seats four players at most). Named once: a
# scene reads them for every seat, and making a name costs more than reading its zone.
SEAT_ZONES = tuple(itemgetter(f"hand:{seat}", f"won:{seat}", f"shown:{seat}") for seat in range(4))


def seat_parts(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> tuple[Json, Json]:
    """One seat's panel and its line of the scores, kept with the seat's zones.

    The key names every other value they show. A move changes one or two seats' values: the
    other seats' parts are found again. And the panel of a hand the viewer does not hold reads
    alike to every such viewer (all of them get the same face-down hand): the first of them
    builds it, the others find it.
    """
    you = seat == view["seat"]
    shows = (
        seat,
        "You" if you else names[seat],
        you,
        seat in view["to_act"],
        view["leader"] == seat,
        view["scores"][seat],
    )
    zones = SEAT_ZONES[seat](view["zones"])
    return remember(zones, shows, build_seat_parts, zones, shows)


def build_seat_parts(
    zones: tuple[Mapping[str, Any], ...], shows: tuple[int, str, bool, bool, bool, int]
) -> tuple[Json, Json]:
    """What :func:`seat_parts` keeps, made from its arguments alone, as a kept part must be."""
    hand, won, shown = zones
    seat, name, you, active, leads, score = shows
    boxes = [
        # Kept on their own too: a panel built again only because the turn moved finds them.
        kept_box(f"hand:{seat}", "Your hand" if you else "Hand", "hand" if you else "stack", hand),
        kept_box(f"won:{seat}", "Won", "stack", won),
    ]
    if shown["count"]:  # CLIMB-10: the hands laid face up at the end
        boxes.append(kept_box(f"shown:{seat}", "Left in hand", "row", shown))
    panel = {
        "seat": seat,
        "name": name,
        "you": you,
        "active": active,
        "badges": [{"text": "leads the pile", "tone": "mark"}] if leads else [],
        "counters": [
            {"label": "score", "value": str(score)},
            {"label": "hand", "value": count(hand["count"], "card")},
        ],
        "zones": boxes,
    }
    return panel, {"seat": seat, "name": name, "score": str(score)}


def decision(
    game: Game[Any], view: Mapping[str, Any], words: Sequence[str], legal: Sequence[Action]
) -> tuple[str, list[Json]]:
    """The prompt with its context, and one choice per legal action, in the game's menu words.

    Kept with the viewer's hand under what the prompt names: the legal actions follow from the
    hand, the pile's top card and whether the deck has cards (CLIMB-04 to CLIMB-06).
    """
    zones = view["zones"]
    pile = zones["pile"]["cards"]
    top = (words[view["leader"]], pile[-1]["value"]) if pile else None
    key = (top, zones["deck"]["count"] > 0)
    hand = zones[f"hand:{view['seat']}"]
    return remember(hand, key, build_decision, game, key, legal)


def build_decision(
    game: Game[Any], key: tuple[tuple[str, int] | None, bool], legal: Sequence[Action]
) -> tuple[str, list[Json]]:
    """What :func:`decision` keeps."""
    top, deck_has_cards = key
    if top is not None:
        leader, value = top
        prompt = f"The pile's top card is {whose(leader)} {value}: play a higher card"
    else:
        prompt = "The pile is empty: play any card"
    prompt += ", or draw a card." if deck_has_cards else " or pass."
    choices: dict[str, Json] = {}
    # The plays from the lowest card up (a hand's order is the order of the draws), then the rest.
    for action in sorted(legal, key=lambda a: DECK[a.card].value if isinstance(a, Play) else 99):
        text = game.describe(action)  # Climb's menu words name nobody
        # Two cards of one value read alike and are the same move: one choice stands for both.
        if text not in choices:
            choices[text] = {"text": text, "act": game.action_json(action)}
    return prompt, [{"title": None, "choices": list(choices.values())}]


def middle(view: Mapping[str, Any], words: Sequence[str]) -> list[Json]:
    """The pile and the deck, kept with their zones under who leads the pile, as the viewer
    calls them ("you" or a name)."""
    leader = view["leader"]
    zones = view["zones"]
    pile_and_deck = (zones["pile"], zones["deck"])
    leads = None if leader is None else words[leader]
    return remember(pile_and_deck, leads, build_middle, pile_and_deck, leads)


def build_middle(pile_and_deck: tuple[Mapping[str, Any], ...], leads: str | None) -> list[Json]:
    """What :func:`middle` keeps."""
    pile, deck = pile_and_deck
    return [
        {
            "id": "middle",
            "title": "The pile",
            "note": None if leads is None else f"{whose(leads)} card on top",
            "badges": [],
            "zones": [
                kept_box("pile", "Pile", "pile", pile),
                kept_box("deck", "Deck", "deck", deck),
            ],
        }
    ]


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> Json:
    """Climb's scene of ``view``: see :meth:`tablecards.Game.scene` for the vocabulary."""
    viewer = view["seat"]
    words = names_for(names, viewer)  # "you" for the viewer, in sentences
    players = view["players"]
    prompt, actions = decision(game, view, words, legal) if legal else (None, [])
    scores = view["scores"]
    if view["over"]:
        best = max(scores)
        winners = listing(words[seat] for seat in range(players) if scores[seat] == best)
        status = f"{says(winners, 'wins')} with {best}"
        status = status[:1].upper() + status[1:]  # "You win", "Ann and you win"
    elif view["current"] == viewer:
        status = "Your turn"
    else:
        status = f"Waiting for {names[view['current']]}"
    parts = [seat_parts(view, seat, names) for seat in range(players)]
    first = viewer if viewer is not None else 0  # the viewer first, then clockwise
    return {
        "version": 1,
        "game": "Climb",
        "viewer": viewer,
        "title": "Climb",
        "lines": ["Play ever higher cards; a 10, or everyone else passing, wins the pile"],
        "status": status,
        "seats": [panel for panel, _ in parts[first:] + parts[:first]],
        "middle": middle(view, words),
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": [line for _, line in parts],
    }
