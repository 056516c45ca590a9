"""Climb's table as its players see it: the pile in the middle, a hand and a won pile per seat.

A scene is built from one seat's view and nothing else, so it can never show a secret. The
table builds one for every seat after every move, yet a move changes little: one hand, the pile
or the deck, whose turn it is. So each part of the scene is kept with the zones it is built
from (``tablecards.remember``), under a key naming every other value it shows, and built again
only when one of them changes. A part that reads alike to several viewers (what the panel of a
hand they cannot see holds, the pile's box) is built by the first of them and found by the
others. What changes at every move (whose turn it is, whose card tops the pile) is made anew, in
a few words around the kept parts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

from tablecards import Action, Game, remember
from tablecards.words import count, listing, names_for, says
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


VALUE = itemgetter("value")  # a card's value, to sort a hand by


def box(shows: tuple[str, str, str], zone: Mapping[str, Any]) -> Json:
    """A zone of the view as a box of the scene, ``shows`` its id, title and style; hidden
    cards stay a count (``cards`` is None)."""
    zone_id, title, style = shows
    cards = zone.get("cards")
    if cards is not None and style == "hand":
        cards = sorted(cards, key=VALUE)  # players hold them in order
    return {
        "id": zone_id,
        "title": title,
        "style": style,
        "count": zone["count"],
        "cards": None if cards is None else [FACES[card["id"]] for card in cards],
        "note": None,
    }


def kept_box(shows: tuple[str, str, str], zone: Mapping[str, Any]) -> Json:
    """``box(shows, zone)``, kept with ``zone`` while it is unchanged: ``shows`` names everything
    else the box shows. Kept boxes are shared between scenes: never change one."""
    return remember(zone, shows, box, shows, zone)


# The names of the zones in front of each seat: its hand, the cards it won and its hand laid
# face up at the end (Climb seats four players at most). Made once, and read from a view's
# zones in one call: a scene reads them for every seat, and making a name costs more than
# reading its zone.
SEAT_ZONE_IDS = tuple((f"hand:{seat}", f"won:{seat}", f"shown:{seat}") for seat in range(4))
SEAT_ZONES = tuple(itemgetter(*ids) for ids in SEAT_ZONE_IDS)

# The badges a panel can show, made once and shared like the faces.
LEADS = [{"text": "leads the pile", "tone": "mark"}]
NO_BADGES: list[Json] = []

# What a seat's parts show besides its zones: the seat, its name, whether the viewer holds it
# and its score.
Held = tuple[int, str, bool, int]


def seat_parts(
    zones: tuple[Mapping[str, Any], ...], held: Held
) -> tuple[list[Json], list[Json], Json]:
    """What one seat's panel holds (its boxes and counters) and its line of the scores, made
    from its zones (its hand, won pile and shown hand) and ``held``, as a kept part must be.

    The scene keeps them with those zones: a move changes one or two seats' zones, and the
    other seats' parts are found again. And the parts of a hand the viewer does not hold read
    alike to every such viewer (all of them get the same face-down hand): the first of them
    builds them, the others find them.
    """
    hand, won, shown = zones
    seat, name, you, score = held
    points = str(score)
    hand_id, won_id, shown_id = SEAT_ZONE_IDS[seat]
    boxes = [
        box((hand_id, "Your hand", "hand") if you else (hand_id, "Hand", "stack"), hand),
        # Kept on its own too: it changes far less often than the hand.
        kept_box((won_id, "Won", "stack"), won),
    ]
    if shown["count"]:  # CLIMB-10: the hands laid face up at the end
        boxes.append(kept_box((shown_id, "Left in hand", "row"), shown))
    counters = [
        {"label": "score", "value": points},
        {"label": "hand", "value": count(hand["count"], "card")},
    ]
    return boxes, counters, {"seat": seat, "name": name, "score": points}


def decision(
    game: Game[Any], view: Mapping[str, Any], tops: str | None, legal: Sequence[Action]
) -> tuple[str, list[Json]]:
    """The prompt with its context, and the menu of the legal actions.

    The prompt names what the legal actions follow from: the pile's top card and whether the
    deck has cards (CLIMB-04 to CLIMB-06). It is made for every scene of the seat that acts:
    the top card changes at nearly every move, so a kept prompt would hardly ever be found.
    """
    zones = view["zones"]
    if tops is None:
        prompt = "The pile is empty: play any card"
    else:
        top = zones["pile"]["cards"][-1]["value"]
        prompt = f"The pile's top card is {tops} {top}: play a higher card"
    prompt += ", or draw a card." if zones["deck"]["count"] else " or pass."
    return prompt, menu(game, tuple(legal))


# The menus made so far, by the game's class and the legal actions: Climb's menu words name
# nobody, so a menu depends on these alone. A seat that must draw has that one choice, and a
# hand often offers the same plays again. No zone holds a menu, so the menus are kept here, by
# their content, and only so many: a table that plays on starts again rather than keep them all.
MENUS: dict[tuple[type, tuple[Action, ...]], list[Json]] = {}
MENUS_KEPT = 512


def menu(game: Game[Any], legal: tuple[Action, ...]) -> list[Json]:
    """The choices of ``legal``, made once per content (:func:`build_menu`) and shared."""
    key = (type(game), legal)
    made = MENUS.get(key)
    if made is None:
        if len(MENUS) >= MENUS_KEPT:
            MENUS.clear()
        made = MENUS[key] = build_menu(game, legal)
    return made


def build_menu(game: Game[Any], legal: tuple[Action, ...]) -> list[Json]:
    """One choice per legal action, in the game's menu words: the plays from the lowest card
    up (a hand's order is the order of the draws), then drawing or passing."""
    choices: dict[str, Json] = {}
    for action in sorted(legal, key=lambda a: DECK[a.card].value if isinstance(a, Play) else 99):
        text = game.describe(action)
        # Two cards of one value read alike and are the same move: one choice stands for both.
        if text not in choices:
            choices[text] = {"text": text, "act": game.action_json(action)}
    return [{"title": None, "choices": list(choices.values())}]


# What the middle's boxes show besides their zones, named once: the middle is made for every
# scene.
PILE_BOX = ("pile", "Pile", "pile")
DECK_BOX = ("deck", "Deck", "deck")


def middle(view: Mapping[str, Any], tops: str | None) -> list[Json]:
    """The pile and the deck, and whose card is on top (``tops``: "your", "Ann's").

    Made for every scene: only the boxes are worth keeping, since whose card is on top reads
    differently to the seat that laid it and to the others, and changes with each play.
    """
    zones = view["zones"]
    return [
        {
            "id": "middle",
            "title": "The pile",
            "note": None if tops is None else f"{tops} card on top",
            "badges": [],
            "zones": [kept_box(PILE_BOX, zones["pile"]), kept_box(DECK_BOX, zones["deck"])],
        }
    ]


def winners(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The line above the table once the match is over: who won, with how many points."""
    words = names_for(names, view["seat"])  # "you" for the viewer, in sentences
    scores = view["scores"]
    best = max(scores)
    line = listing(words[seat] for seat in range(view["players"]) if scores[seat] == best)
    line = f"{says(line, 'wins')} with {best}"
    return line[:1].upper() + line[1:]  # "You win", "Ann and you win"


# The scene's first line, the same in every scene.
LINES = ["Play ever higher cards; a 10, or everyone else passing, wins the pile"]


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> Json:
    """Climb's scene of ``view``: see :meth:`tablecards.Game.scene` for the vocabulary."""
    viewer = view["seat"]
    zones, to_act, leader, scores = view["zones"], view["to_act"], view["leader"], view["scores"]
    # Whose card tops the pile, as the viewer reads it: the middle and the prompt say it.
    tops = None if leader is None else "your" if leader == viewer else f"{names[leader]}'s"
    prompt, actions = decision(game, view, tops, legal) if legal else (None, [])
    panels, lines = [], []
    for seat in range(view["players"]):
        you = seat == viewer
        name = "You" if you else names[seat]
        # Kept with the seat's zones, under every other value the parts show.
        held = (seat, name, you, scores[seat])
        seat_zones = SEAT_ZONES[seat](zones)
        boxes, counters, line = remember(seat_zones, held, seat_parts, seat_zones, held)
        # The panel is made anew: the turn moves at every move, and a panel is a few words
        # around its kept parts.
        panels.append(
            {
                "seat": seat,
                "name": name,
                "you": you,
                "active": seat in to_act,
                "badges": LEADS if seat == leader else NO_BADGES,
                "counters": counters,
                "zones": boxes,
            }
        )
        lines.append(line)
    current = view["current"]
    if view["over"]:
        status = winners(view, names)
    elif current == viewer:
        status = "Your turn"
    else:
        status = f"Waiting for {names[current]}"
    first = viewer if viewer is not None else 0  # the viewer first, then clockwise
    return {
        "version": 1,
        "game": "Climb",
        "viewer": viewer,
        "title": "Climb",
        "lines": LINES,
        "status": status,
        "seats": panels[first:] + panels[:first] if first else panels,
        "middle": middle(view, tops),
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": lines,
    }
