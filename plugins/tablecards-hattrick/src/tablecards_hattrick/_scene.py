"""Hattrick's table as its players see it: each seat's hand, won piles by colour and penalty
cards, the trick's two piles in the middle, and the seat to act's plays grouped by pile.

Built from a seat's view alone: the hands are the only secret, and a view holds only the
viewer's own. A card played changes one hand and one pile of the trick, a trick won the won
piles and the scores: each box, each panel and the trick are kept with the zones they show
(:func:`tablecards.remember`), under a key naming all else they show, for the next scenes to
find while those are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tablecards import (
    Action,
    Game,
    Scene,
    SceneBadge,
    SceneChoices,
    SceneCounter,
    SceneFace,
    SceneGroup,
    ScenePanel,
    SceneZone,
    card_faces,
    remember,
    scene_choices,
    score_lines,
    seat_name,
    table_order,
    waiting_for,
)
from tablecards.words import listing, names_for, says, whose
from tablecards_hattrick._actions import Pass, Play
from tablecards_hattrick._scene_round import (
    COLOUR_NAMES,
    MINUS,
    last_trick_group,
    signed,
    standing,
    summary,
)
from tablecards_hattrick._state import COLOURS, DECK

__all__ = ["build_scene"]

Zone = Mapping[str, Any]
#: HAT-06: won cards lie sorted by colour, red, blue then green (a hand too).
ORDER: Final = {colour.value: index for index, colour in enumerate(COLOURS)}
RULE: Final = (
    "Per round: your colour with the most cards won scores +1 a card, "
    f"the other colours {MINUS}1 a card, each penalty card {MINUS}2"
)
PASS_TITLE: Final = f"Pass, showing a card of the third colour ({MINUS}2)"
#: The zones in front of each seat (4 to 6 of them, HAT-02): its hand, its won piles by
#: colour (HAT-06) and its penalty cards (HAT-05).
SEAT_ZONES: Final = tuple(
    (f"hand:{seat}", *(f"won:{seat}:{colour}" for colour in COLOUR_NAMES), f"penalty:{seat}")
    for seat in range(6)
)


def faces(game: Game[Any], cards: Sequence[Mapping[str, Any]]) -> list[SceneFace]:
    """HAT-06: cards as players keep them, by colour (red, blue, green), then by value."""
    order = sorted(cards, key=lambda card: (ORDER.get(str(card["colour"]), 9), int(card["value"])))
    return card_faces(game, order)


# -- a seat's panel ----------------------------------------------------------------------------


def hand_box(game: Game[Any], hand: Zone, name: str, you: bool) -> SceneZone:
    """HAT-02: a secret hand, the viewer's own face up (any hand face up in a replay)."""
    cards = hand.get("cards")
    return {
        "id": name,
        "title": "Your hand" if you and cards is not None else "Hand",
        "style": "stack" if cards is None else "hand" if you else "row",
        "count": int(hand.get("count", 0)),
        "cards": None if cards is None else faces(game, cards),
        "note": None,
    }


def won_boxes(game: Game[Any], piles: tuple[Zone, ...], seat: int) -> list[SceneZone]:
    """HAT-05, HAT-06, HAT-09: the cards a seat has won, face up in a pile per colour, then
    the penalty cards it has shown, in a row, with what they cost."""
    boxes: list[SceneZone] = []
    for pile, name, colour in zip(piles, SEAT_ZONES[seat][1:], (*COLOUR_NAMES, ""), strict=True):
        cards, number = pile.get("cards"), int(pile.get("count", 0))
        boxes.append(
            {
                "id": name,
                "title": f"{colour} ({number})" if colour else f"Penalty cards ({number})",
                "style": "pile" if colour else "row",
                "count": number,
                "cards": None if cards is None else faces(game, cards),
                "note": signed(-2 * number) if number and not colour else None,
            }
        )
    return boxes


def seat_panel(
    game: Game[Any],
    zones: tuple[Zone, ...],
    seat: int,
    name: str,
    you: bool,
    active: bool,
    dealer: bool,
    leads: bool,
    points: int | None,
    total: int,
) -> ScenePanel:
    """HAT-03, HAT-04, HAT-09: a seat's name, whether it deals or leads, its points this round
    (``None`` once the match is over) and in all, and the zones in front of it
    (:data:`SEAT_ZONES`)."""
    badges: list[SceneBadge] = []
    if dealer:
        badges.append({"text": "dealer", "tone": "info"})
    if leads:
        badges.append({"text": "leads this trick", "tone": "mark"})
    counters: list[SceneCounter] = [{"label": "total", "value": standing(total)}]
    if points is not None:
        counters.insert(0, {"label": "this round", "value": signed(points)})
    # Kept with their zones: a card played changes a hand, a trick won a pile or two.
    hand, piles = zones[0], zones[1:]
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "active": active,
        "badges": badges,
        "counters": counters,
        "zones": [
            remember(hand, ("box", you), hand_box, game, hand, SEAT_ZONES[seat][0], you),
            *remember(piles, "boxes", won_boxes, game, piles, seat),
        ],
    }


def seat_panels(
    game: Game[Any], view: Mapping[str, Any], names: tuple[str, ...]
) -> list[ScenePanel]:
    """HAT-09: every seat's panel, the viewer's first, then clockwise around the table."""
    viewer: int | None = view["seat"]
    players = int(view["players"])
    zones, to_act, dealer = view["zones"], view["to_act"], view.get("dealer")
    totals = view.get("totals") or [0] * players
    scores = view.get("scores") or totals
    over = bool(view["over"])
    leader = None if over else view.get("leader")
    panels = []
    for seat in table_order(viewer, players):
        score = int(scores[seat])
        shown = (
            seat,
            seat_name(seat, names, viewer),
            seat == viewer,
            seat in to_act,
            seat == dealer,
            seat == leader,
            None if over else score - int(totals[seat]),
            score,
        )
        # Kept with the seat's zones: a move changes one hand, and whose turn it is.
        mine = tuple([zones[name] for name in SEAT_ZONES[seat]])
        panels.append(remember(mine, shown, seat_panel, game, mine, *shown))
    return panels


# -- the middle of the table -------------------------------------------------------------------


def opened(piles: tuple[Zone, Zone]) -> tuple[str, ...]:
    """HAT-04, HAT-05: the colours of the trick's piles opened so far, the first pile's first."""
    shown = (piles[0].get("cards"), piles[1].get("cards"))
    return tuple(cards[0]["colour"] for cards in shown if cards)


def trick_pile(
    game: Game[Any],
    pile: Zone,
    index: int,
    seats: tuple[int, ...],
    names: tuple[str, ...],
    you: int | None,
) -> SceneZone:
    """HAT-04, HAT-06: a pile of the trick as played, each card noted with who played it, and
    its highest card, which wins the pile for its player."""
    cards, words = pile.get("cards") or (), names_for(names, you)
    title = f"{'First' if index == 0 else 'Second'} pile (not open yet)"
    note = None
    if cards:
        title = f"{str(cards[0]['colour']).capitalize()} pile"
        top = max(range(len(cards)), key=lambda at: int(cards[at]["value"]))
        by = f" ({whose(words[seats[top]])})" if len(seats) == len(cards) else ""
        note = f"highest {cards[top]['value']}{by}"
    shown = card_faces(game, cards)
    for at, face in enumerate(shown[: len(seats)]):
        face["note"] = words[seats[at]]  # who played it
    return {
        "id": f"pile:{index}",
        "title": title,
        "style": "row",
        "count": len(cards),
        "cards": shown,
        "note": note,
    }


def trick_group(
    game: Game[Any],
    number: object,
    leader: int | None,
    piles: tuple[Zone, Zone],
    seats: tuple[tuple[int, ...], tuple[int, ...]],
    names: tuple[str, ...],
    you: int | None,
) -> list[SceneGroup]:
    """HAT-04: the trick, the colours of its piles, who leads it, and its two piles."""
    colours = ", ".join(f"{colour} pile" for colour in opened(piles)) or "no pile yet"
    zones = []
    for index, (pile, played) in enumerate(zip(piles, seats, strict=True)):
        # Kept with the pile: only a viewer who played on it reads it with a "you".
        mine = you if you in played else None
        zones.append(
            remember(
                pile, (played, names, mine), trick_pile, game, pile, index, played, names, mine
            )
        )
    return [
        {
            "id": "trick",
            "title": f"Trick {number}: {colours}",
            "note": None
            if leader is None
            else says("you" if leader == you else names[leader], "leads"),
            "badges": [],
            "zones": zones,
        }
    ]


def middle(game: Game[Any], view: Mapping[str, Any], names: tuple[str, ...]) -> list[SceneGroup]:
    """HAT-04, HAT-06: the trick in play in the middle of the table, then the last trick
    taken; once the match is over, only the last trick."""
    viewer: int | None = view["seat"]
    last = view.get("last_trick")
    if last is None:
        return [] if view["over"] else trick_now(game, view, names)  # kept for every seat
    shown = last_trick_group(game, last, names, viewer)
    return [shown] if view["over"] else [*trick_now(game, view, names), shown]


def trick_now(game: Game[Any], view: Mapping[str, Any], names: tuple[str, ...]) -> list[SceneGroup]:
    """HAT-04: the trick in play."""
    viewer: int | None = view["seat"]
    zones, leader = view["zones"], view.get("leader")
    piles = (zones["pile:0"], zones["pile:1"])
    first, second = view.get("pile_seats", ((), ()))
    seats = (tuple(first), tuple(second))
    # Kept with the piles: every viewer but the leader and those who played reads the same.
    you = viewer if viewer == leader or viewer in first or viewer in second else None
    key = (view["trick"], leader, seats, names, you)
    return remember(piles, key, trick_group, game, view["trick"], leader, piles, seats, names, you)


# -- the prompt and the choices ----------------------------------------------------------------


def prompt(trick: object, colours: tuple[str, ...]) -> str:
    """HAT-04, HAT-05: what the seat to act may do with the piles open."""
    if not colours:
        return f"You lead trick {trick}: play any card; its colour starts the first pile."
    if len(colours) == 1:
        return (
            f"Trick {trick}: play on the {colours[0]} pile, or start the second pile "
            "with a card of another colour."
        )
    third = next(c.value for c in COLOURS if c.value not in colours)
    return (
        f"Trick {trick}: play on the {colours[0]} or the {colours[1]} pile, "
        f"or pass by showing a {third} card ({MINUS}2 at the end of the round)."
    )


def play_title(colour: str, colours: tuple[str, ...]) -> str:
    """HAT-04, HAT-05: where a card of ``colour`` goes: on its pile, opening one, or leading."""
    if colour in colours:
        return f"Play on the {colour} pile"
    if colours:
        return f"Start the second pile with a {colour} card"
    return f"Lead a {colour} card"


def choices(
    hand: SceneZone,
    legal: Sequence[Action],
    colours: tuple[str, ...],
    action_json: Callable[[Action], Any],
) -> list[SceneChoices]:
    """HAT-04, HAT-05: the plays in the order of the hand (its box, by colour then value),
    grouped by the pile they go on, then the passes as the legal actions list them."""
    plays = {act.card: act for act in legal if isinstance(act, Play)}
    by_colour: dict[str, list[tuple[str, Action]]] = {}
    for card in hand["cards"] or ():
        play = plays.get(card["id"])
        if play is not None:
            by_colour.setdefault(str(card["colour"]), []).append((f"Play {card['label']}", play))
    groups = [
        scene_choices(texts, action_json, play_title(colour, colours))
        for colour, texts in by_colour.items()
    ]
    passes = [(f"Pass, showing {DECK[act.card]}", act) for act in legal if isinstance(act, Pass)]
    if passes:
        groups.append(scene_choices(passes, action_json, PASS_TITLE))
    return groups


# -- the scene ---------------------------------------------------------------------------------


def lines(view: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> list[str]:
    """HAT-09, HAT-12: the scoring rule, the target if any, the last round's scores."""
    made = [RULE]
    if view.get("target"):
        made.append(f"The game ends after the round in which a total reaches {view['target']}")
    last = view.get("last_scores")
    if last:
        words = names_for(names, viewer)
        scored = ", ".join(f"{words[seat]} {signed(int(s))}" for seat, s in enumerate(last))
        made.append(f"Last round: {scored}")
    return made


def status(view: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> str:
    """HAT-11, HAT-12: who won with what total (equal totals share the win); else whose turn."""
    if view["over"]:
        words = names_for(names, viewer)
        scores = [int(score) for score in view["scores"]]
        best = max(scores)
        winners = [words[seat] for seat, score in enumerate(scores) if score == best]
        who = listing(winners)
        verb = says(who, "wins") if len(winners) == 1 else f"{who} share the win"
        text = f"{verb} with {standing(best)}"
        return text[:1].upper() + text[1:]
    current = view.get("current")
    return "" if current is None else waiting_for([int(current)], names, viewer)


def build_scene(
    game: Game[Any], view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action]
) -> Scene:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    names = tuple(names)  # named in the keys of the parts kept
    players = int(view["players"])
    rounds = view.get("rounds")
    scores = view.get("scores") or [0] * players
    ask, actions = None, []
    if viewer is not None and legal:
        zones = view["zones"]
        colours = opened((zones["pile:0"], zones["pile:1"]))
        # The hand's box, as the viewer's panel shows it (kept with the hand while it waited).
        name = SEAT_ZONES[viewer][0]
        hand = remember(zones[name], ("box", True), hand_box, game, zones[name], name, True)
        ask = prompt(view["trick"], colours)
        actions = choices(hand, legal, colours, game.action_json)
    return {
        "version": 1,
        "game": "Hattrick",
        "viewer": viewer,
        "title": f"Hattrick — round {view['round']}{f' of {rounds}' if rounds else ''}",
        "lines": lines(view, names, viewer),
        "status": status(view, names, viewer),
        "seats": seat_panels(game, view, names),
        "middle": middle(game, view, names),
        "prompt": ask,
        "actions": actions,
        "facts": [],
        "scores": score_lines([int(score) for score in scores], names, viewer),
        "summary": summary(view, names, viewer),
    }
