"""Ex & Hopp's table as its players see it: four sequences behind their point cards.

Built from a seat's view alone (:meth:`ExHopp.scene <tablecards_exhopp.ExHopp.scene>`): the
hands, and the values chosen in an exchange, are in the view of their holders only. A move
changes one hand, one sequence and the piles: each panel, each box and the middle are kept
with the zones they show (:func:`tablecards.remember`), for the next scenes to find while
those zones are unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, Final

from tablecards import (
    Action,
    Game,
    Scene,
    SceneBadge,
    SceneChoices,
    SceneFact,
    SceneGroup,
    ScenePanel,
    SceneScore,
    SceneSummary,
    card_faces,
    remember,
    round_summary,
    score_lines,
    seat_name,
    table_order,
    waiting_for,
)
from tablecards.words import count, listing, names_for, says
from tablecards_exhopp._scene_choices import decision, phase_line
from tablecards_exhopp._scene_parts import middle, middle_zones, titled, zone_box
from tablecards_exhopp._state import COLOURS
from tablecards_exhopp._words import signed, standing

__all__ = ["build_scene"]

#: The zones of each seat's panel, in one call, by seat: its colour card, hand, point cards won.
panel_zones: Final = tuple(
    itemgetter(f"colour:{seat}", f"hand:{seat}", f"taken:{seat}") for seat in range(len(COLOURS))
)
#: EXH-13: what the game is about, under the title of every scene.
GOAL = "A finished sequence's point card goes to the colour with the highest total in it"


def seat_panel(
    game: Game[Any],
    colour_card: Mapping[str, Any],
    hand: Mapping[str, Any],
    taken: Mapping[str, Any],
    seat: int,
    name: str,
    you: bool,
    colour: str | None,
    offers: bool,
    accepted: bool,
    score: int,
) -> ScenePanel:
    """EXH-04, EXH-10, EXH-17: a seat's colour, hand and point cards won, its score, and its
    part in the exchange under way; as a seat that waits (the scene marks the seats to act)."""
    # A plain fact, told in words: "mark" is painted red whatever the colour played.
    badges: list[SceneBadge] = [{"text": f"plays {colour}", "tone": "info"}] if colour else []
    if offers:
        badges.append({"text": "offers an exchange", "tone": "info"})
    if accepted:
        badges.append({"text": "accepted", "tone": "good"})
    won = int(taken.get("count") or 0)
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "active": False,
        "badges": badges,
        "counters": [
            {"label": "points", "value": standing(score)},
            {"label": "hand", "value": count(int(hand.get("count", 0)), "card")},
        ],
        "zones": [
            zone_box(
                game, colour_card, f"colour:{seat}", "Your colour" if you else "Colour", "row"
            ),
            zone_box(
                game,
                hand,
                f"hand:{seat}",
                "Your hand" if you else "Hand",
                "hand" if you else "stack",
            ),
            zone_box(
                game,
                taken,
                f"taken:{seat}",
                "Your point cards" if you else "Point cards won",
                "row",
                count(won, "point card") if won else None,
            ),
        ],
    }


def status(view: Mapping[str, Any], names: Sequence[str], words: Sequence[str]) -> str:
    """EXH-16, EXH-17: who wins with how many points; else who the table waits for."""
    if view["over"]:
        scores = view["scores"]
        best = max(scores)
        winners = [words[seat] for seat, score in enumerate(scores) if score == best]
        who = listing(winners)
        verb = says(who, "wins") if len(winners) == 1 else f"{who} share the win"
        return titled(f"{verb} with {standing(int(best))}")
    yours = "Your choice (in secret)" if view["phase"] == "choose" else "Your turn"
    return waiting_for(view["to_act"], names, view["seat"], yours)


def facts(view: Mapping[str, Any]) -> list[SceneFact]:
    """EXH-10: the value the viewer chose to give in the exchange, which only they know."""
    exchange, viewer = view.get("exchange"), view["seat"]
    if not exchange or viewer is None or exchange.get("your_card") is None:
        return []
    mine = exchange["give"] if exchange.get("proposer") == viewer else exchange["want"]
    return [{"label": "Your card in this exchange", "text": f"your {mine} {exchange['your_card']}"}]


def score_table(
    scores: Sequence[int], names: Sequence[str], viewer: int | None
) -> list[SceneScore]:
    """EXH-17: every player's score as every table writes a standing ("5", "-4" with a true
    minus sign; a point card alone is "+5")."""
    return score_lines(list(scores), names, viewer)


def colour_totals(cards: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """EXH-13: each colour's total in a sequence."""
    made: dict[str, int] = {}
    for card in cards:
        made[str(card["colour"])] = made.get(str(card["colour"]), 0) + int(card["value"])
    return made


def finished_words(view: Mapping[str, Any], words: Sequence[str]) -> str:
    """EXH-13, EXH-15: who took the point card of the last sequence finished, or the tie."""
    done = view["finished"]
    point = done["point"]
    worth = signed(int(point["points"]) if point["ink"] == "black" else -int(point["points"]))
    totals = colour_totals(done["cards"])
    best = max(totals.values())
    leaders = [colour for colour, total in totals.items() if total == best]
    if done["winner"] is None:
        return titled(f"tie: {listing(leaders)} have {best} each; nobody takes the {worth}")
    who = words[int(done["winner"])]
    return titled(f"{says(who, 'takes')} the {worth} point card: {leaders[0]} {best}")


def finished_group(game: Game[Any], view: Mapping[str, Any], words: Sequence[str]) -> SceneGroup:
    """EXH-12..EXH-15: the last sequence finished, as it lay, on view until the next one."""
    done = view["finished"]
    cards = done["cards"]
    return {
        "id": "finished",
        "title": f"Last sequence finished (sequence {int(done['sequence']) + 1})",
        "note": finished_words(view, words),
        "badges": [],
        "zones": [
            {
                "id": "finished:cards",
                "title": "Its cards, as laid",
                "style": "row",
                "count": len(cards),
                "cards": card_faces(game, cards),
                "note": ", ".join(f"{c} {t}" for c, t in colour_totals(cards).items()),
            }
        ],
    }


def summary(
    view: Mapping[str, Any], names: Sequence[str], words: Sequence[str]
) -> SceneSummary | None:
    """EXH-13, EXH-15, EXH-17: the last sequence finished: each player's colour, its total in
    the sequence, the point card taken, and each player's score after it."""
    done = view.get("finished")
    if not done:
        return None
    totals = colour_totals(done["cards"])
    point = done["point"]
    worth = signed(int(point["points"]) if point["ink"] == "black" else -int(point["points"]))
    colours = view.get("colours") or ()
    cells = {}
    for seat, score in enumerate(view["scores"]):
        colour = str(colours[seat]) if seat < len(colours) else ""
        cells[seat] = [
            colour,
            str(totals.get(colour, 0)),
            worth if done["winner"] == seat else "\N{EM DASH}",
            standing(int(score)),
        ]
    return round_summary(
        f"sequence:{done['number']}",
        f"Sequence {int(done['sequence']) + 1} finished",
        ("Colour", "In the sequence", "Point card taken", "Score"),
        cells,
        names,
        view["seat"],
        finished_words(view, words),
    )


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> Scene:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    zones = view["zones"]
    scores = tuple([int(score) for score in view["scores"]])
    colours = view.get("colours", ())
    exchange = view.get("exchange") or {}
    proposer, accepter, to_act = exchange.get("proposer"), exchange.get("accepter"), view["to_act"]
    seats = []
    won = []
    for seat in table_order(viewer, int(view["players"])):
        shown = (colour_card, hand, taken) = panel_zones[seat](zones)
        key = (
            seat,
            seat_name(seat, names, viewer),
            seat == viewer,
            colours[seat] if seat < len(colours) else None,
            seat == proposer,
            seat == accepter,
            scores[seat],
        )
        won.append(taken)
        panel = remember(shown, key, seat_panel, game, colour_card, hand, taken, *key)
        # Kept as a seat that waits: the turn moves on after every move, the rest seldom.
        seats.append({**panel, "active": True} if seat in to_act else panel)
    # Nobody's: the first seat shown a new position builds it for every other.
    table = remember(middle_zones(zones), "middle", middle, game, zones)
    words = names_for(names, viewer)
    prompt: str | None = None
    actions: list[SceneChoices] = []
    if viewer is not None and legal:
        prompt, actions = decision(view, legal, words, table.on, game.action_json)
    return {
        "version": 1,
        "game": "Ex & Hopp",
        "viewer": viewer,
        "title": "Ex & Hopp",
        "lines": [GOAL, phase_line(view, words)],
        "status": status(view, names, words),
        "seats": seats,
        # The middle kept for every seat, with the last sequence finished after it (EXH-14).
        "middle": [*table.groups, finished_group(game, view, words)]
        if view.get("finished")
        else table.groups,
        "prompt": prompt,
        "actions": actions,
        "facts": facts(view),
        # Kept with the point cards won, which make the scores (EXH-17).
        "scores": remember(
            tuple(won), (viewer, tuple(names), scores), score_table, scores, names, viewer
        ),
        "summary": summary(view, names, words),
    }
