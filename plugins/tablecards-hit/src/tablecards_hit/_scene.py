"""Hit!'s table as its players see it: a face-up row in front of each player, the deck between.

Every card but the deck's order is public in Hit! (HIT-01..HIT-04 rulings), so the scenes of two
seats differ only in who is "you" and in the decision shown to the player whose turn it is. A move
changes a row, a loot pile or the deck: what a scene lays out from its zones is kept with them
(:func:`tablecards.remember`), for the next scenes to find while they are unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecards import (
    Action,
    Game,
    Scene,
    SceneFace,
    SceneGroup,
    ScenePanel,
    SceneSummary,
    SceneZone,
    card_faces,
    remember,
    round_summary,
    scene_choices,
    score_lines,
    seat_name,
    table_order,
    waiting_for,
)
from tablecards.words import count, listing, names_for, says, whose
from tablecards_hit._words import article

__all__ = ["build_scene"]

#: HIT-06: a repeated value busts a row that already holds this many cards.
BUST_FROM = 3


def capital(text: str) -> str:
    """``text`` with a capital first letter ("you bust" heads a line as "You bust")."""
    return text[:1].upper() + text[1:]


def columns(row: Mapping[str, Any]) -> dict[int, list[Mapping[str, Any]]]:
    """HIT-01: a row lies in columns by value, smallest first; a column's cards side by side."""
    made: dict[int, list[Mapping[str, Any]]] = {}
    for card in sorted(row.get("cards") or (), key=lambda card: (card["value"], card["id"])):
        made.setdefault(card["value"], []).append(card)
    return made


def taken(value: int, cards: int) -> str:
    """HIT-08: what a steal of a column takes: "two 7s", "7"."""
    return count(cards, str(value)) if cards > 1 else str(value)


# -- a seat's panel ------------------------------------------------------------------------


def row_box(game: Game[Any], row: Mapping[str, Any], seat: int, you: bool) -> SceneZone:
    """HIT-01, HIT-13: a face-up row in columns, and its worth: "a 3, two 7s (17 points)"."""
    # Kept with the row: every viewer's panel and the drawer's prompt read its columns.
    by_value = remember(row, "columns", columns, row)
    cards = [card for column in by_value.values() for card in column]
    words = [taken(v, len(c)) if len(c) > 1 else article(v) for v, c in by_value.items()]
    points = sum(card["value"] for card in cards)
    return {
        "id": f"row:{seat}",
        "title": "Your face-up row" if you else "Face-up row",
        "style": "row",
        "count": len(cards),
        "cards": card_faces(game, cards),
        # An empty row needs no note: every table writes "empty" already.
        "note": f"{', '.join(words)} ({count(points, 'point')})" if cards else None,
    }


def loot_box(loot: Mapping[str, Any], seat: int, you: bool) -> SceneZone:
    """HIT-04, HIT-13: a loot pile, face down, with what it has banked."""
    points = sum(card["value"] for card in loot.get("cards") or ())
    return {
        "id": f"loot:{seat}",
        "title": "Your loot" if you else "Loot",
        "style": "stack",
        "count": int(loot.get("count", 0)),
        "cards": None,
        "note": f"{count(int(loot.get('count', 0)), 'card')} banked, {count(points, 'point')}",
    }


def seat_panel(
    game: Game[Any],
    row: Mapping[str, Any],
    loot: Mapping[str, Any],
    seat: int,
    name: str,
    you: bool,
    drawing: bool,
    score: int,
) -> ScenePanel:
    """HIT-01, HIT-05, HIT-13: a seat's row and loot, its score, and whether it is drawing."""
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "active": drawing,
        "badges": [{"text": "drawing", "tone": "mark"}] if drawing else [],
        "counters": [
            {"label": "score", "value": str(score)},
            {"label": "loot", "value": count(int(loot.get("count", 0)), "card")},
        ],
        # Kept with their zones: a draw changes the row alone, and every viewer but the
        # drawer sees the same row box.
        "zones": [
            remember(row, ("box", you), row_box, game, row, seat, you),
            remember(loot, ("box", you), loot_box, loot, seat, you),
        ],
    }


# -- the middle of the table ---------------------------------------------------------------


def box_box(game: Game[Any], box: Mapping[str, Any]) -> SceneZone:
    """HIT-06: the box, where busted rows go."""
    return {
        "id": "box",
        "title": "The box (cards lost in busts)",
        "style": "pile",
        "count": int(box.get("count", 0)),
        "cards": card_faces(game, box.get("cards") or ()),
        "note": None,
    }


def middle(game: Game[Any], deck: Mapping[str, Any], box: Mapping[str, Any]) -> list[SceneGroup]:
    """HIT-05, HIT-11: the deck, face down (unless the view shows every card), and the box."""
    shown, left = deck.get("cards"), count(int(deck["count"]), "card")
    note = f"{left} to draw; the round ends with the last one"
    if not int(deck["count"]):
        note = "No card left to draw: the round is over"
    return [
        {
            "id": "middle",
            "title": "The deck",
            "note": note,
            "badges": [],
            "zones": [
                {
                    "id": "deck",
                    "title": "Deck",
                    "style": "deck" if shown is None else "row",
                    "count": int(deck["count"]),
                    "cards": None if shown is None else card_faces(game, shown),
                    "note": None,
                },
                remember(box, "box", box_box, game, box),
            ],
        }
    ]


def bust_group(
    game: Game[Any], bust: Mapping[str, Any], names: Sequence[str], viewer: int | None
) -> SceneGroup:
    """HIT-06: the last bust, on view for the turn after it: the row lost and the card drawn."""
    who = names_for(names, viewer)[int(bust["seat"])]
    cards = bust["cards"]
    points = sum(int(card["value"]) for card in cards)
    return {
        "id": "bust",
        "title": capital(f"{says(who, 'busts')} on {article(bust['value'])}"),
        "note": capital(
            f"{count(len(cards), 'card')} lost to the box ({count(points, 'point')}); "
            f"the last card drawn is {article(bust['value'])}"
        ),
        "badges": [{"text": "bust", "tone": "bad"}],
        "zones": [
            {
                "id": "bust:cards",
                "title": "Lost",
                "style": "row",
                "count": len(cards),
                "cards": drawn_last(card_faces(game, cards)),
                "note": None,
            }
        ],
    }


def drawn_last(faces: list[SceneFace]) -> list[SceneFace]:
    """HIT-06: the lost row, its last card noted as the one drawn (the faces are fresh)."""
    if faces:
        faces[-1]["note"] = "drawn"
    return faces


def summary(
    view: Mapping[str, Any], names: Sequence[str], viewer: int | None
) -> SceneSummary | None:
    """HIT-13, HIT-14: the last finished round: each seat's cards and points banked in its
    loot (its score for the round) and its total after the round."""
    banked = view.get("banked")
    if not banked:
        return None
    points = [int(point) for point in banked["points"]]
    totals = view.get("scores") or points
    cells = {
        seat: [str(cards), str(points[seat]), str(totals[seat])]
        for seat, cards in enumerate(banked["cards"])
    }
    best = max(points)
    words = names_for(names, viewer)
    top = [words[seat] for seat, point in enumerate(points) if point == best]
    verb = says(listing(top), "banks") if len(top) == 1 else f"{listing(top)} bank"
    note = f"{verb} the most, {count(best, 'point')}"
    return round_summary(
        f"round:{banked['round']}",
        f"Round {banked['round']} of {view.get('rounds')}",
        ("Cards banked", "Points", "Total"),
        cells,
        names,
        viewer,
        capital(note),
    )


# -- the prompt and the choices ------------------------------------------------------------


def steal_prompt(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> list[str]:
    """HIT-08: the value drawn, whose cards a steal takes; steal them or leave them."""
    offer = int(view["offer"])
    zones = view["zones"]
    victims = []
    for other in range(int(view["players"])):
        row = zones[f"row:{other}"]
        column = remember(row, "columns", columns, row).get(offer)
        if column and other != seat:
            victims.append(f"{whose(names[other])} {taken(offer, len(column))}")
    them = listing(victims) or f"no {offer}s"
    size = len(zones[f"row:{seat}"].get("cards") or ())
    return [
        f"You drew {article(offer)}: steal {them}? "
        f"Stolen cards join your row of {count(size, 'card')}.",
        f"Steal {them}",
        "Leave them",
    ]


def go_on_prompt(view: Mapping[str, Any], seat: int) -> list[str]:
    """HIT-06, HIT-07, HIT-09: the row's worth, the values that bust it; draw again or stop."""
    zones = view["zones"]
    row = zones[f"row:{seat}"]
    values = list(remember(row, "columns", columns, row))
    cards = row.get("cards") or ()
    points = count(sum(card["value"] for card in cards), "point")
    held = f"You have {count(len(cards), 'face-up card')} ({points})"
    if len(cards) >= BUST_FROM:
        risky = listing(map(str, values)).replace(" and ", " or ")
        held = f"{held}; drawing {article(risky)} busts you."
    else:
        held = f"{held}; with fewer than three cards no draw can bust you."
    return [
        f"{held} Draw again ({count(int(zones['deck']['count']), 'card')} left) or end your turn?",
        "Draw again",
        "End your turn (your row is banked at your next turn)",
    ]


# -- the scene -----------------------------------------------------------------------------


def status(
    view: Mapping[str, Any], viewer: int | None, names: Sequence[str], scores: Sequence[int]
) -> str:
    """HIT-11, HIT-13: who wins with how many points; else whose turn it is."""
    if view.get("over"):
        words = names_for(names, viewer)
        best = max(scores)
        winners = listing(words[seat] for seat, score in enumerate(scores) if score == best)
        ties = sum(score == best for score in scores) > 1
        verb = f"{winners} share the win" if ties else says(winners, "wins")
        text = f"{verb} with {count(best, 'point')}"
        return text[:1].upper() + text[1:]
    current = view.get("current")
    return "" if current is None else waiting_for([int(current)], names, viewer)


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> Scene:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    players = int(view["players"])
    scores = [int(score) for score in view.get("scores") or [0] * players]
    zones = view["zones"]
    deck, box = zones["deck"], zones["box"]
    drawing = None if view.get("over") else view.get("current")
    seats = []
    for seat in table_order(viewer, players):
        row, loot = zones[f"row:{seat}"], zones[f"loot:{seat}"]
        shown = (
            seat,
            seat_name(seat, names, viewer),
            seat == viewer,
            seat == drawing,
            scores[seat],
        )
        seats.append(remember((row, loot), shown, seat_panel, game, row, loot, *shown))
    prompt, actions = None, []
    if viewer is not None and legal:
        steal = view.get("phase") == "steal"
        prompt, *texts = steal_prompt(view, viewer, names) if steal else go_on_prompt(view, viewer)
        # The rules' order: steal, then not; draw again, then stop.
        actions = [scene_choices(zip(texts, legal, strict=False), game.action_json)]
    return {
        "version": 1,
        "game": "Hit!",
        "viewer": viewer,
        "title": f"Hit! — round {view.get('round')} of {view.get('rounds')}",
        "lines": ["Bank the most points: a repeated value busts a row of three or more cards"],
        "status": status(view, viewer, names, scores),
        "seats": seats,
        "middle": [
            *remember((deck, box), "middle", middle, game, deck, box),
            *(
                []
                if not view.get("last_bust")
                else [bust_group(game, view["last_bust"], names, viewer)]
            ),
        ],
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": score_lines(scores, names, viewer),
        "summary": summary(view, names, viewer),
    }
