"""Hattrick's table as its players see it: the trick's two piles in the middle, won cards by colour.

Built from a seat's view alone (:meth:`Hattrick.scene <tablecards_hattrick.Hattrick.scene>`):
the hands are the only secret, and a view holds only the viewer's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final

from tablecards import Action
from tablecards.words import listing, names_for, says, whose
from tablecards_hattrick._actions import Pass, Play
from tablecards_hattrick._state import COLOURS, DECK

__all__ = ["build_scene", "face", "signed"]

Json = dict[str, Any]
MINUS = "\N{MINUS SIGN}"
_ORDER = {colour.value: index for index, colour in enumerate(COLOURS)}


def signed(number: int) -> str:
    """A score as players write it: "+5", "-4" written with a true minus sign, "0"."""
    return f"+{number}" if number > 0 else f"{MINUS}{-number}" if number < 0 else "0"


def face(card: Mapping[str, Any], note: str | None = None) -> Json:
    """A Hattrick card's face: its value painted in its colour."""
    colour = str(card["colour"])
    return {
        "id": int(card["id"]),
        "rank": str(card["value"]),
        "colour": colour,
        "label": f"{colour} {card['value']}",
        "note": note,
        "kind": None,
    }


def _sorted(cards: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    # HAT-06 "sorted by colour": red, blue, green, each by value, as players hold them.
    return sorted(cards, key=lambda c: (_ORDER.get(str(c["colour"]), 9), int(c["value"])))


_ID: Final = itemgetter("id")
_COPY: Final = dict.copy
# Sorted faces already made, by the cards' ids (an id is one card of DECK, HAT-01): won piles
# and hands change a card at a time, so most are found here (bounded: cleared when full). Every
# scene gets its own copies.
_LAID: dict[tuple[int, ...], list[Json]] = {}
_LAID_MAX: Final = 4096


def _faces(cards: Sequence[Mapping[str, Any]]) -> list[Json]:
    """Fresh faces of ``cards``, sorted as players hold them (HAT-06)."""
    key = tuple(map(_ID, cards))
    made = _LAID.get(key)
    if made is None:
        if len(_LAID) >= _LAID_MAX:
            _LAID.clear()
        made = _LAID[key] = [face(card) for card in _sorted(cards)]
    return [*map(_COPY, made)]


def _pile_colour(view: Mapping[str, Any], index: int) -> str | None:
    cards = view["zones"][f"pile:{index}"].get("cards") or ()
    return str(cards[0]["colour"]) if cards else None


def _trick_title(view: Mapping[str, Any]) -> str:
    colours = [c for c in (_pile_colour(view, 0), _pile_colour(view, 1)) if c]
    piles = ", ".join(f"{colour} pile" for colour in colours) or "no pile yet"
    return f"Trick {view['trick']}: {piles}"


_unopened = ("First pile (not open yet)", "Second pile (not open yet)")


def _middle(view: Mapping[str, Any], words: Sequence[str]) -> list[Json]:
    zones = []
    for index in (0, 1):
        cards = view["zones"][f"pile:{index}"].get("cards") or ()
        seats = view.get("pile_seats", [[], []])[index]
        colour = _pile_colour(view, index)
        faces = [
            face(card, words[seats[at]] if at < len(seats) else None)
            for at, card in enumerate(cards)
        ]
        top = max(cards, key=lambda c: int(c["value"])) if cards else None
        note = None
        if top is not None:
            holder = seats[list(cards).index(top)] if len(seats) == len(cards) else None
            by = f" ({whose(words[holder])})" if holder is not None else ""
            note = f"highest {top['value']}{by}"
        zones.append(
            {
                "id": f"pile:{index}",
                "title": f"{colour.capitalize()} pile" if colour else _unopened[index],
                "style": "row",
                "count": len(cards),
                "cards": faces,
                "note": note,
            }
        )
    leader = view.get("leader")
    return [
        {
            "id": "trick",
            "title": _trick_title(view),
            "note": f"{says(words[int(leader)], 'leads')}" if leader is not None else None,
            "badges": [],
            "zones": zones,
        }
    ]


# The zones in front of each seat: its won piles by colour (name, colour) and its penalty cards.
_WON: Final = tuple(
    tuple((f"won:{seat}:{colour.value}", colour.value) for colour in COLOURS) for seat in range(16)
)
_PENALTY: Final = tuple(f"penalty:{seat}" for seat in range(16))
# Won and penalty piles already laid out, by zone and cards (bounded like _LAID).
_PILES: dict[tuple[str, int, tuple[int, ...] | None], Json] = {}


def _pile_box(name: str, colour: str, zone: Mapping[str, Any]) -> Json:
    """A won pile of ``colour`` (HAT-09), or the penalty cards when ``colour`` is empty."""
    cards = zone.get("cards")
    number = int(zone.get("count", 0))
    key = (name, number, None if cards is None else tuple(map(_ID, cards)))
    made = _PILES.get(key)
    if made is None:
        if len(_PILES) >= _LAID_MAX:
            _PILES.clear()
        made = _PILES[key] = (
            {
                "id": name,
                "title": f"{colour} ({number})",
                "style": "pile",
                "count": number,
                "cards": _faces(cards) if cards is not None else None,
                "note": None,
            }
            if colour
            else {
                "id": name,
                "title": f"Penalty cards ({number})",
                "style": "row",
                "count": number,
                "cards": _faces(cards) if cards is not None else None,
                "note": f"{signed(-2 * number)}" if number else None,
            }
        )
    faces = made["cards"]
    return made.copy() if faces is None else {**made, "cards": [*map(_COPY, faces)]}


def _panel(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> Json:
    viewer = view["seat"]
    mine = seat == viewer
    zones = view["zones"]
    hand = zones[f"hand:{seat}"]
    boxes: list[Json] = []
    if mine and hand.get("cards") is not None:
        boxes.append(
            {
                "id": f"hand:{seat}",
                "title": "Your hand",
                "style": "hand",
                "count": int(hand["count"]),
                "cards": _faces(hand["cards"]),
                "note": None,
            }
        )
    else:
        shown = hand.get("cards")  # face down, unless the view shows every card (a replay)
        boxes.append(
            {
                "id": f"hand:{seat}",
                "title": "Hand",
                "style": "stack" if shown is None else "row",
                "count": int(hand.get("count", 0)),
                "cards": None if shown is None else _faces(shown),
                "note": None,
            }
        )
    for name, label in _WON[seat]:
        boxes.append(_pile_box(name, label, zones[name]))
    boxes.append(_pile_box(_PENALTY[seat], "", zones[_PENALTY[seat]]))
    badges = []
    if view.get("dealer") == seat:
        badges.append({"text": "dealer", "tone": "info"})
    if view.get("leader") == seat and not view["over"]:
        badges.append({"text": "leads this trick", "tone": "mark"})
    totals = view.get("totals") or [0] * int(view["players"])
    scores = view.get("scores") or totals
    return {
        "seat": seat,
        "name": "You" if mine else names[seat],
        "you": mine,
        "active": seat in view["to_act"],
        "badges": badges,
        "counters": [
            {"label": "this round", "value": signed(int(scores[seat]) - int(totals[seat]))},
            {"label": "total", "value": signed(int(scores[seat]))},
        ],
        "zones": boxes,
    }


def _title(view: Mapping[str, Any]) -> str:
    rounds = view.get("rounds")
    of = f" of {rounds}" if rounds else ""
    return f"Hattrick — round {view['round']}{of}"


def _lines(view: Mapping[str, Any], words: Sequence[str]) -> list[str]:
    lines = [
        "Per round: your colour with the most cards won scores +1 a card, "
        f"the other colours {MINUS}1 a card, each penalty card {MINUS}2",
    ]
    if view.get("target"):
        lines.append(f"The game ends after the round in which a total reaches {view['target']}")
    last = view.get("last_scores") or ()
    if last:
        scored = ", ".join(f"{words[seat]} {signed(int(s))}" for seat, s in enumerate(last))
        lines.append(f"Last round: {scored}")
    return lines


def _status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    viewer = view["seat"]
    words = names_for(names, viewer)
    if view["over"]:
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


# What each action reads as: (a play?, the card's colour, its value, the text, the action's
# JSON), by action; bounded by the deck (a Play and a Pass per card, HAT-01).
_CHOICES: dict[Action, tuple[bool, str, int, str, Json]] = {}


def _choice(
    action: Action, action_json: Callable[[Action], Json]
) -> tuple[bool, str, int, str, Json]:
    card = DECK[int(action.card)]  # type: ignore[attr-defined]
    if isinstance(action, Play):
        return True, card.colour.value, card.value, f"Play {card}", action_json(action)
    if isinstance(action, Pass):
        return False, card.colour.value, card.value, f"Pass, showing {card}", action_json(action)
    return False, "", 0, "", {}


def _decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    colours = [c for c in (_pile_colour(view, 0), _pile_colour(view, 1)) if c]
    plays: dict[str, list[tuple[int, Json]]] = {}
    passes: list[Json] = []
    for action in legal:
        known = _CHOICES.get(action)
        if known is None:
            known = _CHOICES[action] = _choice(action, action_json)
        play, colour, value, text, act = known
        if play:
            plays.setdefault(colour, []).append((value, {"text": text, "act": act.copy()}))
        elif colour:
            passes.append({"text": text, "act": act.copy()})
    groups = []
    for colour in sorted(plays, key=lambda c: _ORDER[c]):
        choices = [choice for _, choice in sorted(plays[colour], key=lambda pair: pair[0])]
        if colour in colours:
            title = f"Play on the {colour} pile"
        elif colours:
            title = f"Start the second pile with a {colour} card"
        else:
            title = f"Lead a {colour} card"
        groups.append({"title": title, "choices": choices})
    if passes:
        groups.append(
            {"title": f"Pass, showing a card of the third colour ({MINUS}2)", "choices": passes}
        )
    trick = view["trick"]
    if not colours:
        prompt = f"You lead trick {trick}: play any card; its colour starts the first pile."
    elif len(colours) == 1:
        prompt = (
            f"Trick {trick}: play on the {colours[0]} pile, or start the second pile "
            "with a card of another colour."
        )
    else:
        third = next(c.value for c in COLOURS if c.value not in colours)
        prompt = (
            f"Trick {trick}: play on the {colours[0]} or the {colours[1]} pile, "
            f"or pass by showing a {third} card ({MINUS}2 at the end of the round)."
        )
    return prompt, groups


def build_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    legal: Sequence[Action],
    action_json: Callable[[Action], Json],
) -> Json:
    """The scene of ``view`` (see :meth:`tablecards.Game.scene`)."""
    viewer: int | None = view["seat"]
    players = int(view["players"])
    words = names_for(names, viewer)
    start = viewer if viewer is not None else 0
    order = [(start + step) % players for step in range(players)]
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        prompt, actions = _decision(view, legal, action_json)
    scores = view.get("scores") or [0] * players
    return {
        "version": 1,
        "game": "Hattrick",
        "viewer": viewer,
        "title": _title(view),
        "lines": _lines(view, words),
        "status": _status(view, names),
        "seats": [_panel(view, seat, names) for seat in order],
        "middle": _middle(view, words),
        "prompt": prompt,
        "actions": actions,
        "facts": [],
        "scores": [
            {
                "seat": seat,
                "name": "You" if seat == viewer else names[seat],
                "score": signed(int(scores[seat])),
            }
            for seat in range(players)
        ],
    }
