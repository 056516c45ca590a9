"""Ex & Hopp's table as its players see it: four sequences behind their point cards.

Built from a seat's view alone (:meth:`ExHopp.scene <tablecards_exhopp.ExHopp.scene>`): the
hands, and the values chosen in an exchange, are in the view of their holders only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final

from tablecards import Action, remember
from tablecards.words import count, listing, names_for, says, whose
from tablecards_exhopp._actions import Accept, Decline, Give, Lay, Propose
from tablecards_exhopp._scene_parts import (
    face,
    middle,
    point_rank,
    sequence_heading,
    titled,
    zone_box,
)
from tablecards_exhopp._words import a, signed

__all__ = ["build_scene", "face", "point_rank", "sequence_title"]

Json = dict[str, Any]
RULE: Final = "A finished sequence's point card goes to the colour with the highest total in it"


def sequence_title(view: Mapping[str, Any], index: int) -> str:
    """ "Sequence 2 — black 5: +5 to its winner, 3 cards to go"."""
    zones = view["zones"]
    return sequence_heading(index, zones[f"point:{index}"], zones[f"sequence:{index}"])


# The zones of each seat's panel, by seat: its colour card, its hand, its point cards won.
_PANEL_ZONES: Final = tuple(
    itemgetter(f"colour:{seat}", f"hand:{seat}", f"taken:{seat}") for seat in range(16)
)


def _panel(
    zones: Mapping[str, Any],
    seat: int,
    mine: bool,
    name: str,
    colour: str | None,
    offers: bool,
    accepted: bool,
    active: bool,
    score: int,
) -> Json:
    """A seat's panel, kept with its three zones under everything else it shows."""
    parts = _PANEL_ZONES[seat](zones)
    key = (seat, mine, name, colour, offers, accepted, active, score)
    return remember(parts, key, _panel_of, parts, *key)


def _panel_of(
    parts: tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]],
    seat: int,
    mine: bool,
    name: str,
    colour: str | None,
    offers: bool,
    accepted: bool,
    active: bool,
    score: int,
) -> Json:
    colour_card, hand, taken = parts
    badges = []
    if colour:
        badges.append({"text": f"plays {colour}", "tone": "mark"})
    if offers:
        badges.append({"text": "offers an exchange", "tone": "info"})
    if accepted:
        badges.append({"text": "accepted", "tone": "good"})
    won = int(taken["count"]) if taken.get("count") else 0
    return {
        "seat": seat,
        "name": name,
        "you": mine,
        "active": active,
        "badges": badges,
        "counters": [
            {"label": "points", "value": signed(score)},
            {"label": "hand", "value": count(int(hand.get("count", 0)), "card")},
        ],
        "zones": [
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
        ],
    }


def _offer(exchange: Mapping[str, Any], words: Sequence[str]) -> str:
    proposer = words[int(exchange["proposer"])]
    return f"{says(proposer, 'offers')} {a(exchange['give'])} card for {a(exchange['want'])} one"


def _phase_line(
    phase: str, exchange: Mapping[str, Any] | None, current: Any, words: Sequence[str]
) -> str:
    if phase == "answer" and exchange:
        asked = words[int(exchange["asked"])]
        return (
            f"{_offer(exchange, words)}; {says(asked, 'answers')} now "
            "(answers go clockwise; the first who accepts exchanges)"
        )
    if phase == "choose" and exchange:
        pair = listing([words[int(exchange["proposer"])], words[int(exchange["accepter"])]])
        return (
            f"{_offer(exchange, words)}; {says(words[int(exchange['accepter'])], 'accepted')}: "
            f"{pair} each choose the card they give, at the same time and in secret"
        )
    if phase == "over":
        return "All point cards are taken: the game is over"
    return f"{whose(words[int(current)])} turn: lay a card or offer an exchange"


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


# The JSON of each action offered so far, by the action's identity: the game lists shared
# instances (one Lay per sequence and card, one Propose per pair of colours), so a choice finds
# its JSON without hashing the action. The action is kept with its JSON: its id cannot be
# another action's while the entry lives. Every choice gets its own copy (flat: ints and strs).
_ACTS: dict[int, tuple[Action, Json]] = {}
_ACTS_MAX: Final = 4096


def _act(action: Action, action_json: Callable[[Action], Json]) -> Json:
    made = _ACTS.get(id(action))
    if made is None or made[0] is not action:
        if len(_ACTS) >= _ACTS_MAX:
            _ACTS.clear()
        made = _ACTS[id(action)] = (action, action_json(action))
    return made[1].copy()


def _turn_prompt(colour: str) -> str:
    return (
        f"Your turn (you play {colour}): lay a card at the end of a sequence, "
        "or offer an exchange to the others (they answer clockwise; the first who accepts swaps)."
    )


def _turn(
    legal: Sequence[Action], on: Sequence[str], action_json: Callable[[Action], Json]
) -> list[Json]:
    """EXH-08, EXH-10: one choice per card to lay (then where), one per colour to offer."""
    lays: dict[tuple[str, int], list[Json]] = {}
    offers: dict[str, list[Json]] = {}
    for action in legal:
        if isinstance(action, Lay):
            choice = {"text": on[action.sequence], "act": _act(action, action_json)}
            card = (action.colour, action.value)
            options = lays.get(card)
            if options is None:
                lays[card] = [choice]
            else:
                options.append(choice)
        elif isinstance(action, Propose):
            choice = {"text": f"for {a(action.want)} card", "act": _act(action, action_json)}
            options = offers.get(action.give)
            if options is None:
                offers[action.give] = [choice]
            else:
                options.append(choice)
    first = []
    for (colour, value), options in sorted(lays.items()):
        text = f"Lay your {colour} {value}"
        first.append({"text": text, "then": {"title": text, "choices": options}})
    for give, options in sorted(offers.items()):
        text = f"Offer {a(give)} card"
        first.append({"text": text, "then": {"title": text, "choices": options}})
    return [{"title": None, "choices": first}]


def _decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    on: Sequence[str],
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    viewer = int(view["seat"])
    exchange = view.get("exchange") or {}
    phase = view["phase"]
    if phase == "answer":
        want, give = exchange["want"], exchange["give"]
        choices = []
        accepts = False
        for action in legal:
            if isinstance(action, Accept):
                accepts = True
                choices.append(
                    {
                        "text": f"Accept: give {a(want)} card, get {a(give)} one",
                        "act": _act(action, action_json),
                    }
                )
            elif isinstance(action, Decline):
                choices.append({"text": "Decline", "act": _act(action, action_json)})
        prompt = f"{_offer(exchange, words)}: accept?"
        if not accepts:
            prompt += f" You hold no {want} card, so you can only decline."
        return titled(prompt), [{"title": None, "choices": choices}]
    if phase == "choose":
        proposer = int(exchange["proposer"])
        other = int(exchange["accepter"]) if viewer == proposer else proposer
        mine = exchange["give"] if viewer == proposer else exchange["want"]
        gives = sorted((g for g in legal if isinstance(g, Give)), key=lambda g: g.value)
        choices = [
            {"text": f"Give your {mine} {g.value}", "act": _act(g, action_json)} for g in gives
        ]
        prompt = (
            f"Choose the {mine} card you give {words[other]}. {says(words[other], 'chooses')} "
            "a card at the same time; neither of you sees the other's until both have chosen."
        )
        return prompt, [{"title": None, "choices": choices}]
    return _turn_prompt(view["colours"][viewer]), _turn(legal, on, action_json)


def _facts(view: Mapping[str, Any], exchange: Mapping[str, Any] | None) -> list[Json]:
    value = exchange.get("your_card") if exchange else None
    if value is None or view["seat"] is None:
        return []
    mine = exchange["give"] if exchange.get("proposer") == view["seat"] else exchange["want"]  # type: ignore[union-attr]
    return [{"label": "Your card in this exchange", "text": f"your {mine} {value}"}]


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
    groups, on = middle(zones)
    start = viewer if viewer is not None else 0
    seats = []
    for step in range(players):
        seat = (start + step) % players
        mine = seat == viewer
        seats.append(
            _panel(
                zones,
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
        prompt, actions = _decision(view, legal, words, on, action_json)
    return {
        "version": 1,
        "game": "Ex & Hopp",
        "viewer": viewer,
        "title": "Ex & Hopp",
        "lines": [RULE, titled(_phase_line(view["phase"], exchange, view["current"], words))],
        "status": _status(view, names, words),
        "seats": seats,
        "middle": groups,
        "prompt": prompt,
        "actions": actions,
        "facts": _facts(view, exchange),
        "scores": [
            {
                "seat": seat,
                "name": "You" if seat == viewer else names[seat],
                "score": signed(int(scores[seat])),
            }
            for seat in range(players)
        ],
    }
