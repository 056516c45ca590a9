"""Climb's table as its players see it: the pile in the middle, a hand and a won pile per seat.

A scene is built from one seat's view and nothing else, so it can never show a secret. The
table builds one for every seat after every move, yet most zones have not changed since the last
one: each zone's box is kept with the zone (``tablecards.remember``) and built again only when
the zone shows something new.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
        "cards": None if cards is None else [face(card) for card in cards],
        "note": None,
    }


def kept_box(zone_id: str, title: str, style: str, zone: Mapping[str, Any]) -> Json:
    """``box(zone_id, title, style, zone)``, kept with ``zone`` while it is unchanged: the key
    names everything else the box shows. Kept boxes are shared between scenes: never change one.
    """
    return remember(zone, (zone_id, title, style), box, zone_id, title, style, zone)


def panel(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> Json:
    """One seat's place at the table: its hand, the cards it won, its score."""
    you = seat == view["seat"]
    zones = view["zones"]
    hand = zones[f"hand:{seat}"]
    boxes = [
        kept_box(f"hand:{seat}", "Your hand" if you else "Hand", "hand" if you else "stack", hand),
        kept_box(f"won:{seat}", "Won", "stack", zones[f"won:{seat}"]),
    ]
    if zones[f"shown:{seat}"]["count"]:  # CLIMB-10: the hands laid face up at the end
        boxes.append(kept_box(f"shown:{seat}", "Left in hand", "row", zones[f"shown:{seat}"]))
    return {
        "seat": seat,
        "name": "You" if you else names[seat],
        "you": you,
        "active": seat in view["to_act"],
        "badges": [{"text": "leads the pile", "tone": "mark"}] if view["leader"] == seat else [],
        "counters": [
            {"label": "score", "value": str(view["scores"][seat])},
            {"label": "hand", "value": count(hand["count"], "card")},
        ],
        "zones": boxes,
    }


def decision(
    game: Game[Any], view: Mapping[str, Any], words: Sequence[str], legal: Sequence[Action]
) -> tuple[str, list[Json]]:
    """The prompt with its context, and one choice per legal action, in the game's menu words."""
    pile = view["zones"]["pile"]["cards"]
    if pile:
        top = f"{whose(words[view['leader']])} {pile[-1]['value']}"
        prompt = f"The pile's top card is {top}: play a higher card"
    else:
        prompt = "The pile is empty: play any card"
    prompt += ", or draw a card." if view["zones"]["deck"]["count"] else " or pass."
    choices: dict[str, Json] = {}
    # The plays from the lowest card up (a hand's order is the order of the draws), then the rest.
    for action in sorted(legal, key=lambda a: DECK[a.card].value if isinstance(a, Play) else 99):
        text = game.describe(action, words)
        # Two cards of one value read alike and are the same move: one choice stands for both.
        choices.setdefault(text, {"text": text, "act": game.action_json(action)})
    return prompt, [{"title": None, "choices": list(choices.values())}]


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> Json:
    """Climb's scene of ``view``: see :meth:`tablecards.Game.scene` for the vocabulary."""
    viewer = view["seat"]
    words = names_for(names, viewer)  # "you" for the viewer, in sentences
    players = view["players"]
    first = viewer if viewer is not None else 0  # the viewer first, then clockwise
    prompt, actions = decision(game, view, words, legal) if legal else (None, [])
    scores = view["scores"]
    if view["over"]:
        best = max(scores)
        winners = listing(words[seat] for seat in range(players) if scores[seat] == best)
        status = f"{says(winners, 'wins')} with {best}"
    elif view["current"] == viewer:
        status = "Your turn"
    else:
        status = f"Waiting for {names[view['current']]}"
    leader = view["leader"]
    return {
        "version": 1,
        "game": "Climb",
        "viewer": viewer,
        "title": "Climb",
        "lines": ["Play ever higher cards; a 10, or everyone else passing, wins the pile"],
        "status": status[:1].upper() + status[1:],
        "seats": [panel(view, (first + step) % players, names) for step in range(players)],
        "middle": [
            {
                "id": "middle",
                "title": "The pile",
                "note": f"{whose(words[leader])} card on top" if leader is not None else None,
                "badges": [],
                "zones": [
                    kept_box("pile", "Pile", "pile", view["zones"]["pile"]),
                    kept_box("deck", "Deck", "deck", view["zones"]["deck"]),
                ],
            }
        ],
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": [
            {
                "seat": seat,
                "name": "You" if seat == viewer else names[seat],
                "score": str(scores[seat]),
            }
            for seat in range(players)
        ],
    }
