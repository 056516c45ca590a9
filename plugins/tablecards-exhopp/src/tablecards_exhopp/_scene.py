"""Ex & Hopp's table as its players see it: four sequences behind their point cards.

Built from a seat's view alone (:meth:`ExHopp.scene <tablecards_exhopp.ExHopp.scene>`): the
hands, and the values chosen in an exchange, are in the view of their holders only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablecards import Action, remember
from tablecards.words import count, listing, names_for, says, whose
from tablecards_exhopp._actions import Accept, Decline, Give, Lay, Propose
from tablecards_exhopp._words import a, signed

__all__ = ["build_scene", "face", "point_rank", "sequence_title"]

Json = dict[str, Any]
SEQUENCES = 4
MINUS = "\N{MINUS SIGN}"


def point_rank(ink: str, points: int) -> str:
    """ "+5" for a black point card, "-4" (with a true minus sign) for a red one (EXH-17)."""
    return f"+{points}" if ink == "black" else f"{MINUS}{points}"


def face(card: Mapping[str, Any]) -> Json:
    """The face of any Ex & Hopp card in a view: numbered, colour or point card.

    A card's id says all of its face (EXH-01..EXH-03), so each face is built once; every
    scene gets its own copy.
    """
    known = _FACES.get(card["id"])
    if known is None:
        known = _FACES[card["id"]] = _face(card)
    return dict(known)


#: The faces built so far, by card id.
_FACES: dict[int, Json] = {}


def _face(card: Mapping[str, Any]) -> Json:
    if "points" in card:
        ink, points = str(card["ink"]), int(card["points"])
        rank = point_rank(ink, points)
        return {
            "id": int(card["id"]),
            "rank": rank,
            "colour": ink,
            "label": f"{ink} point card {rank}",
            "note": None,
            "kind": "point",
        }
    colour = card.get("colour")
    if "value" not in card:
        return {
            "id": int(card["id"]),
            "rank": str(colour),
            "colour": colour,
            "label": f"{colour} colour card",
            "note": None,
            "kind": "colour",
        }
    return {
        "id": int(card["id"]),
        "rank": str(card["value"]),
        "colour": colour,
        "label": f"{colour} {card['value']}",
        "note": None,
        "kind": None,
    }


def _zone(
    view: Mapping[str, Any], name: str, title: str, style: str, note: str | None = None
) -> Json:
    zone = view["zones"][name]
    return remember(zone, (title, style, note), _box_of, zone, name, title, style, note)


def _box_of(zone: Mapping[str, Any], name: str, title: str, style: str, note: str | None) -> Json:
    cards = zone.get("cards")
    if style == "hand" and cards is not None:
        cards = sorted(cards, key=lambda c: (str(c.get("colour")), int(c.get("value", 0))))
    elif style in ("deck", "stack") and cards is not None:
        style = "row"  # a view that shows every card (a replay for everyone)
    return {
        "id": name,
        "title": title,
        "style": style,
        "count": int(zone.get("count", 0)),
        "cards": [face(card) for card in cards] if cards is not None else None,
        "note": note,
    }


def _point(view: Mapping[str, Any], index: int) -> Mapping[str, Any] | None:
    cards = view["zones"][f"point:{index}"].get("cards") or ()
    return cards[-1] if cards else None


def _to_go(view: Mapping[str, Any], index: int) -> int:
    point = _point(view, index)
    laid = int(view["zones"][f"sequence:{index}"].get("count", 0))
    return max(int(point["points"]) - laid, 0) if point else 0


def sequence_title(view: Mapping[str, Any], index: int) -> str:
    """ "Sequence 2 — black 5: +5 to its winner, 3 cards to go"."""
    point = _point(view, index)
    if point is None:
        return f"Sequence {index + 1} — no point card left"
    ink, points = str(point["ink"]), int(point["points"])
    worth = f"{point_rank(ink, points)} {'to' if ink == 'black' else 'for'} its winner"
    to_go = count(_to_go(view, index), "card")
    return f"Sequence {index + 1} — {ink} {points}: {worth}, {to_go} to go"


def _middle(view: Mapping[str, Any]) -> list[Json]:
    groups = []
    for index in range(SEQUENCES):
        laid = view["zones"][f"sequence:{index}"].get("cards") or ()
        totals: dict[str, int] = {}
        for card in laid:
            totals[str(card["colour"])] = totals.get(str(card["colour"]), 0) + int(card["value"])
        note = ", ".join(f"{colour} {total}" for colour, total in totals.items()) or None
        groups.append(
            {
                "id": f"sequence:{index}",
                "title": sequence_title(view, index),
                "note": f"so far: {note}" if note else None,
                "badges": [],
                "zones": [
                    _zone(view, f"point:{index}", "Point card", "pile"),
                    _zone(view, f"sequence:{index}", "Cards laid", "row"),
                ],
            }
        )
    groups.append(
        {
            "id": "piles",
            "title": "Draw piles",
            "note": None,
            "badges": [],
            "zones": [
                _zone(view, "stock", "Stock", "deck"),
                _zone(view, "discard", "Discard pile", "pile"),
                _zone(view, "point_stock", "Point cards to come", "deck"),
                _box(view),
            ],
        }
    )
    return groups


def _box(view: Mapping[str, Any]) -> Json:
    """EXH-04: the unused colours' cards, out of play: a count and their colours, not 24 faces."""
    zone = view["zones"]["box"]
    colours = dict.fromkeys(str(card["colour"]) for card in zone.get("cards") or ())
    return {
        "id": "box",
        "title": "Out of play",
        "style": "stack",
        "count": int(zone.get("count", 0)),
        "cards": None,
        "note": f"the {listing(colours)} cards: nobody plays them" if colours else None,
    }


def _panel(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> Json:
    viewer = view["seat"]
    colour = view["colours"][seat] if seat < len(view.get("colours", ())) else None
    mine = seat == viewer
    hand = view["zones"][f"hand:{seat}"]
    waiting = set(view["to_act"])
    badges = []
    if colour:
        badges.append({"text": f"plays {colour}", "tone": "mark"})
    exchange = view.get("exchange")
    if exchange and exchange.get("proposer") == seat:
        badges.append({"text": "offers an exchange", "tone": "info"})
    if exchange and exchange.get("accepter") == seat:
        badges.append({"text": "accepted", "tone": "good"})
    taken = view["zones"][f"taken:{seat}"]
    return {
        "seat": seat,
        "name": "You" if mine else names[seat],
        "you": mine,
        "active": seat in waiting,
        "badges": badges,
        "counters": [
            {"label": "points", "value": signed(int(view["scores"][seat]))},
            {"label": "hand", "value": count(int(hand.get("count", 0)), "card")},
        ],
        "zones": [
            _zone(view, f"colour:{seat}", "Your colour" if mine else "Colour", "row"),
            _zone(
                view, f"hand:{seat}", "Your hand" if mine else "Hand", "hand" if mine else "stack"
            ),
            _zone(
                view,
                f"taken:{seat}",
                "Your point cards" if mine else "Point cards won",
                "row",
                count(int(taken["count"]), "point card") if taken.get("count") else None,
            ),
        ],
    }


def _offer(exchange: Mapping[str, Any], words: Sequence[str]) -> str:
    proposer = words[int(exchange["proposer"])]
    return f"{says(proposer, 'offers')} {a(exchange['give'])} card for {a(exchange['want'])} one"


def _phase_line(view: Mapping[str, Any], words: Sequence[str]) -> str:
    exchange = view.get("exchange")
    phase = view["phase"]
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
    return f"{whose(words[int(view['current'])])} turn: lay a card or offer an exchange"


def _status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    viewer = view["seat"]
    words = names_for(names, viewer)
    if view["over"]:
        scores = view["scores"]
        best = max(scores)
        winners = [words[seat] for seat, score in enumerate(scores) if score == best]
        who = listing(winners)
        verb = says(who, "wins") if len(winners) == 1 else f"{who} share the win"
        text = f"{verb} with {signed(int(best))}"
        return text[:1].upper() + text[1:]
    waiting = list(view["to_act"])
    if viewer in waiting:
        return "Your choice (in secret)" if view["phase"] == "choose" else "Your turn"
    return f"Waiting for {listing(names[seat] for seat in waiting)}" if waiting else ""


def _sequence_words(view: Mapping[str, Any], index: int) -> str:
    point = _point(view, index)
    if point is None:
        return f"sequence {index + 1}"
    rank = point_rank(str(point["ink"]), int(point["points"]))
    return f"sequence {index + 1} ({rank}, {count(_to_go(view, index), 'card')} to go)"


def _decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    names: Sequence[str],
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    viewer = int(view["seat"])
    words = names_for(names, viewer)
    exchange = view.get("exchange") or {}
    phase = view["phase"]
    colour = view["colours"][viewer]

    def choice(text: str, action: Action) -> Json:
        return {"text": text, "act": action_json(action)}

    if phase == "answer":
        want, give = exchange["want"], exchange["give"]
        choices = []
        for action in legal:
            if isinstance(action, Accept):
                choices.append(choice(f"Accept: give {a(want)} card, get {a(give)} one", action))
            elif isinstance(action, Decline):
                choices.append(choice("Decline", action))
        prompt = f"{_offer(exchange, words)}: accept?"
        if not any(isinstance(action, Accept) for action in legal):
            prompt += f" You hold no {want} card, so you can only decline."
        return prompt[:1].upper() + prompt[1:], [{"title": None, "choices": choices}]
    if phase == "choose":
        proposer = int(exchange["proposer"])
        other = int(exchange["accepter"]) if viewer == proposer else proposer
        mine = exchange["give"] if viewer == proposer else exchange["want"]
        gives = sorted((a for a in legal if isinstance(a, Give)), key=lambda a: a.value)
        choices = [choice(f"Give your {mine} {action.value}", action) for action in gives]
        prompt = (
            f"Choose the {mine} card you give {words[other]}. {says(words[other], 'chooses')} "
            "a card at the same time; neither of you sees the other's until both have chosen."
        )
        return prompt, [{"title": None, "choices": choices}]
    lays: dict[tuple[str, int], list[Json]] = {}
    offers: dict[str, list[Json]] = {}
    for action in legal:
        if isinstance(action, Lay):
            lays.setdefault((action.colour, action.value), []).append(
                choice(f"on {_sequence_words(view, action.sequence)}", action)
            )
        elif isinstance(action, Propose):
            offers.setdefault(action.give, []).append(choice(f"for {a(action.want)} card", action))
    first = [
        {"text": f"Lay your {c} {v}", "then": {"title": f"Lay your {c} {v}", "choices": options}}
        for (c, v), options in sorted(lays.items())
    ]
    first += [
        {
            "text": f"Offer {a(give)} card",
            "then": {"title": f"Offer {a(give)} card", "choices": options},
        }
        for give, options in sorted(offers.items())
    ]
    prompt = (
        f"Your turn (you play {colour}): lay a card at the end of a sequence, "
        "or offer an exchange to the others (they answer clockwise; the first who accepts swaps)."
    )
    return prompt, [{"title": None, "choices": first}]


def _facts(view: Mapping[str, Any]) -> list[Json]:
    exchange = view.get("exchange") or {}
    value = exchange.get("your_card")
    if value is None or view["seat"] is None:
        return []
    mine = exchange["give"] if exchange.get("proposer") == view["seat"] else exchange["want"]
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
    words = names_for(names, viewer)
    start = viewer if viewer is not None else 0
    order = [(start + step) % players for step in range(players)]
    prompt: str | None = None
    actions: list[Json] = []
    if viewer is not None and legal:
        prompt, actions = _decision(view, legal, names, action_json)
    return {
        "version": 1,
        "game": "Ex & Hopp",
        "viewer": viewer,
        "title": "Ex & Hopp",
        "lines": [
            "A finished sequence's point card goes to the colour with the highest total in it",
            _phase_line(view, words)[:1].upper() + _phase_line(view, words)[1:],
        ],
        "status": _status(view, names),
        "seats": [_panel(view, seat, names) for seat in order],
        "middle": _middle(view),
        "prompt": prompt,
        "actions": actions,
        "facts": _facts(view),
        "scores": [
            {
                "seat": seat,
                "name": "You" if seat == viewer else names[seat],
                "score": signed(int(view["scores"][seat])),
            }
            for seat in range(players)
        ],
    }
