"""Climb's table as its players see it: the pile in the middle, a hand and a won pile per seat.

A scene is built from one seat's view and nothing else, so it can never show a secret. Each
function below lays out one thing players look at, and names the rule it shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import (
    Action,
    Game,
    Scene,
    SceneChoices,
    SceneGroup,
    ScenePanel,
    SceneStyle,
    SceneZone,
    card_faces,
    remember,
    scene_choices,
    score_lines,
    seat_name,
    table_order,
    waiting_for,
)
from tablecards.words import count, listing, names_for, says
from tablecards_tutorial._actions import DRAW, PASS, Play
from tablecards_tutorial._state import DECK

__all__ = ["build_scene"]


def written(score: int) -> str:
    """CLIMB-09: a score as tables write it: "3", "\N{MINUS SIGN}5" with a true minus sign."""
    return f"\N{MINUS SIGN}{-score}" if score < 0 else str(score)


def box(
    game: Game[Any],
    zone_id: str,
    title: str,
    style: SceneStyle,
    zone: Mapping[str, Any],
) -> SceneZone:
    """A zone of the view as a box; cards the viewer may not see stay a count (``None``)."""
    cards = zone.get("cards")
    if cards is not None and style == "hand":
        cards = sorted(cards, key=lambda card: card["value"])  # players hold them in order
    return {
        "id": zone_id,
        "title": title,
        "style": style,
        "count": zone["count"],
        "cards": None if cards is None else card_faces(game, cards),
        "note": None,
    }


def kept_box(
    game: Game[Any],
    zone_id: str,
    title: str,
    style: SceneStyle,
    zone: Mapping[str, Any],
) -> SceneZone:
    """``box(...)``, kept by the engine while ``zone`` is unchanged, for the next scenes."""
    return remember(zone, (zone_id, title, style), box, game, zone_id, title, style, zone)


# -- a seat's panel ------------------------------------------------------------------------


def seat_panel(
    game: Game[Any],
    hand: Mapping[str, Any],
    won: Mapping[str, Any],
    shown: Mapping[str, Any],
    seat: int,
    name: str,
    you: bool,
    active: bool,
    leads: bool,
    score: int,
) -> ScenePanel:
    """A seat's hand, won pile and score (CLIMB-09), whether it leads the pile (CLIMB-07), and
    the hand it laid face up at the end (CLIMB-10)."""
    boxes = [
        kept_box(game, f"hand:{seat}", "Your hand", "hand", hand)
        if you
        else kept_box(game, f"hand:{seat}", "Hand", "stack", hand),
        kept_box(game, f"won:{seat}", "Won", "stack", won),
    ]
    if shown["count"]:
        boxes.append(kept_box(game, f"shown:{seat}", "Left in hand", "row", shown))
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "active": active,
        "badges": [{"text": "leads the pile", "tone": "mark"}] if leads else [],
        "counters": [
            {"label": "score", "value": written(score)},
            {"label": "hand", "value": count(hand["count"], "card")},
        ],
        "zones": boxes,
    }


# -- the middle of the table ---------------------------------------------------------------


def middle(
    game: Game[Any], pile: Mapping[str, Any], deck: Mapping[str, Any], tops: str | None
) -> list[SceneGroup]:
    """CLIMB-04, CLIMB-05: the pile and whose card is on top ("your", "Ann's"), the deck."""
    return [
        {
            "id": "middle",
            "title": "The pile",
            "note": None if tops is None else f"{tops} card on top",
            "badges": [],
            "zones": [
                kept_box(game, "pile", "Pile", "pile", pile),
                kept_box(game, "deck", "Deck", "deck", deck),
            ],
        }
    ]


# -- the prompt and the choices ------------------------------------------------------------


def prompt(zones: Mapping[str, Any], tops: str | None, legal: Sequence[Action]) -> str:
    """CLIMB-04 to CLIMB-06: the pile's top card to beat, then the moves there are (a prompt
    offers no move the choices do not)."""
    if tops is None:
        text, play = "The pile is empty", "play any card"
    else:
        top = zones["pile"]["cards"][-1]["value"]
        text, play = f"The pile's top card is {tops} {top}", "play a higher card"
    moves = [play] if any(isinstance(action, Play) for action in legal) else []
    moves += ["draw a card"] if DRAW in legal else ["pass"] if PASS in legal else []
    return f"{text}: {', or '.join(moves)}."


def choices(game: Game[Any], legal: Sequence[Action]) -> SceneChoices:
    """The plays from the lowest card up, then drawing or passing, in the game's menu words.

    Two cards of one value read alike and are the same move: one choice stands for both.
    """
    texts: dict[str, Action] = {}
    for action in sorted(legal, key=lambda a: DECK[a.card].value if isinstance(a, Play) else 99):
        texts.setdefault(game.describe(action), action)
    return scene_choices(texts.items(), game.action_json)


# -- the scene -----------------------------------------------------------------------------


def status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """CLIMB-08, CLIMB-09: who won with how many points; else whose turn it is."""
    viewer = view["seat"]
    if not view["over"]:
        return waiting_for([view["current"]], names, viewer)
    words = names_for(names, viewer)  # "you" for the viewer, in sentences
    scores = view["scores"]
    best = max(scores)
    line = listing(words[seat] for seat in range(view["players"]) if scores[seat] == best)
    line = f"{says(line, 'wins')} with {written(best)}"
    return line[:1].upper() + line[1:]  # "You win", "Ann and you win"


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> Scene:
    """Climb's scene of ``view``: see :meth:`tablecards.Game.scene` for the vocabulary."""
    viewer, zones, leader = view["seat"], view["zones"], view["leader"]
    pile, deck = zones["pile"], zones["deck"]
    # Whose card tops the pile, as the viewer reads it: the middle and the prompt say it.
    tops = None if leader is None else "your" if leader == viewer else f"{names[leader]}'s"
    seats = []
    for seat in table_order(viewer, view["players"]):
        hand, won, shown = zones[f"hand:{seat}"], zones[f"won:{seat}"], zones[f"shown:{seat}"]
        looks = (
            seat,
            seat_name(seat, names, viewer),
            seat == viewer,
            seat in view["to_act"],
            seat == leader,
            view["scores"][seat],
        )
        # The engine keeps a panel while its zones and how it looks are unchanged.
        seats.append(
            remember((hand, won, shown), looks, seat_panel, game, hand, won, shown, *looks)
        )
    return {
        "version": 1,
        "game": "Climb",
        "viewer": viewer,
        "title": "Climb",
        "lines": ["Play ever higher cards; a 10, or everyone else passing, wins the pile"],
        "status": status(view, names),
        "seats": seats,
        "middle": remember((pile, deck), tops, middle, game, pile, deck, tops),
        "prompt": prompt(zones, tops, legal) if legal else None,
        "actions": [choices(game, legal)] if legal else [],
        "facts": [],
        "scores": score_lines(view["scores"], names, viewer),
        "summary": None,
    }
