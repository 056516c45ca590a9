"""Stop's table as its players see it: bids in front of the bidders, tokens, the red token.

Built from a seat's view alone (:meth:`Stop.scene <tablecards_stop.Stop.scene>`): the hands are
the only secret in Stop, and a view holds only the viewer's own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablecards import Action
from tablecards.words import count, listing, names_for, says, whose
from tablecards_stop._actions import Bid, CallStop, Give, Pass, Raise
from tablecards_stop._state import PLUS

__all__ = ["build_scene", "card_face"]

Json = dict[str, Any]


def _rank(value: int) -> str:
    return "+1" if value == PLUS else str(value)


def card_face(card: Mapping[str, Any]) -> Json:
    """A Stop card's face: its value ("+1" for a plus card) painted in its pack's colour."""
    value = int(card["value"])
    colour = card.get("colour")
    rank = _rank(value)
    return {
        "id": int(card["id"]),
        "rank": rank,
        "colour": colour,
        "label": f"{colour} {rank}" if colour else rank,
        "note": None,
        "kind": "plus" if value == PLUS else None,
    }


def _sorted(cards: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    # As players hold them: the +1s after the value cards, each value together.
    return sorted(cards, key=lambda c: (int(c["value"]) == PLUS, int(c["value"]), int(c["id"])))


def _cards_words(cards: Sequence[Mapping[str, Any]]) -> str:
    values = Counter(int(card["value"]) for card in cards)
    parts = [
        count(n, _rank(value), "+1s" if value == PLUS else None)
        for value, n in sorted(values.items(), key=lambda item: (item[0] == PLUS, item[0]))
    ]
    return listing(parts)


def _bid_zone(view: Mapping[str, Any], seat: int) -> Json:
    zone = view["zones"][f"bid:{seat}"]
    cards = _sorted(zone.get("cards") or ())
    bid = view["bids"][seat]
    total = bid["total"] if bid else 0
    return {
        "id": f"bid:{seat}",
        "title": f"Bid {total}" if cards else "Bid",
        "style": "row",
        "count": len(cards),
        "cards": [card_face(card) for card in cards],
        "note": f"bid {total}: {_cards_words(cards)}" if cards else None,
    }


def _hand_zone(view: Mapping[str, Any], seat: int, viewer: int | None) -> Json:
    zone = view["zones"][f"hand:{seat}"]
    cards = zone.get("cards")
    number = int(zone.get("count", 0))
    if seat == viewer and cards is not None:
        return {
            "id": f"hand:{seat}",
            "title": "Your hand",
            "style": "hand",
            "count": number,
            "cards": [card_face(card) for card in _sorted(cards)],
            "note": None,
        }
    # Face down, unless the view shows every card (a replay for everyone).
    return {
        "id": f"hand:{seat}",
        "title": "Your hand" if seat == viewer else "Hand",
        "style": "stack" if cards is None else "row",
        "count": number,
        "cards": None if cards is None else [card_face(card) for card in _sorted(cards)],
        "note": None,
    }


def _side_zones(view: Mapping[str, Any], seat: int, viewer: int | None) -> list[Json]:
    zones = [_bid_zone(view, seat), _hand_zone(view, seat, viewer)]
    pack = view["zones"][f"pack:{seat}"]
    shown = pack.get("cards")
    zones.append(
        {
            "id": f"pack:{seat}",
            "title": "Your pack" if seat == viewer else "Pack",
            "style": "deck" if shown is None else "row",
            "count": int(pack.get("count", 0)),
            "cards": None if shown is None else [card_face(card) for card in shown],
            "note": None,
        }
    )
    aside = view["zones"][f"aside:{seat}"]
    if int(aside.get("count", 0)):
        cards = aside.get("cards")
        zones.append(
            {
                "id": f"aside:{seat}",
                "title": "Set aside (out of the game)",
                "style": "row" if cards is not None else "stack",
                "count": int(aside["count"]),
                "cards": [card_face(card) for card in _sorted(cards)]
                if cards is not None
                else None,
                "note": None,
            }
        )
    return zones


def _badges(view: Mapping[str, Any], seat: int) -> list[Json]:
    phase = view["phase"]
    badges: list[Json] = []
    if view["red"] == seat:
        badges.append({"text": "red token", "tone": "bad"})
    if view["eliminated"][seat]:
        badges.append({"text": "out", "tone": "bad"})
    if phase in ("open", "auction") and view.get("caller") == seat:
        badges.append({"text": "called Stop!", "tone": "mark"})
    if phase == "auction" and seat in view.get("passed", ()):
        badges.append({"text": "passed", "tone": "info"})
    if phase == "share" and view.get("winner") == seat:
        badges.append({"text": "won the round", "tone": "good"})
    if phase == "over" and view.get("winner") == seat:
        badges.append({"text": "winner", "tone": "good"})
    return badges


def _waiting(view: Mapping[str, Any]) -> list[int]:
    """Whom the table waits for: in the auction, a seat that passed is not waited for."""
    passed = set(view.get("passed", ())) if view["phase"] == "auction" else set()
    return [seat for seat in view["to_act"] if seat not in passed]


def _panel(
    view: Mapping[str, Any], seat: int, names: Sequence[str], waiting: Sequence[int]
) -> Json:
    viewer = view["seat"]
    tokens = int(view["tokens"][seat])
    return {
        "seat": seat,
        "name": "You" if seat == viewer else names[seat],
        "you": seat == viewer,
        "active": seat in waiting,
        "badges": _badges(view, seat),
        "counters": [
            {"label": "tokens", "value": f"{tokens} of {view['tokens_to_win']}"},
            {"label": "pack", "value": count(int(view["zones"][f"pack:{seat}"]["count"]), "card")},
            {"label": "hand", "value": count(int(view["zones"][f"hand:{seat}"]["count"]), "card")},
        ],
        "zones": _side_zones(view, seat, viewer),
    }


def _highest(view: Mapping[str, Any], words: Sequence[str]) -> str:
    high = int(view.get("highest", 0))
    leaders = [seat for seat, bid in enumerate(view["bids"]) if bid and bid["total"] == high]
    if not leaders:
        return "no bid yet"
    return f"highest bid {high} ({listing(words[seat] for seat in leaders)})"


def _phase_line(view: Mapping[str, Any], words: Sequence[str]) -> str:
    phase = view["phase"]
    if phase == "draw":
        drawer = words[int(view["drawer"])]
        line = f"Draw phase: {says(drawer, 'draws')} next"
        if not view.get("calls_open", True):
            red = words[int(view["red"])]
            return f"{line}; nobody may call Stop! until {says(red, 'has')} drawn a second card"
        return f"{line}; anyone may call Stop! except the red token's holder"
    if phase == "open":
        return f"{says(words[int(view['caller'])], 'opens')} the auction after calling Stop!"
    if phase == "auction":
        return f"Auction: {_highest(view, words)}; it ends when everyone has passed in a row"
    if phase == "share":
        return f"{says(words[int(view['winner'])], 'won')} the round and shares out the bids"
    return "The game is over"


def _status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    viewer = view["seat"]
    words = names_for(names, viewer)
    if view["over"]:
        winner = view.get("winner")
        if winner is None:
            return "The game is over"
        text = says(words[int(winner)], "wins") + " the game"
        return text[:1].upper() + text[1:]
    waiting = _waiting(view)
    if view["phase"] == "draw":
        if viewer in waiting:
            return "Call Stop! or let the draw go on"
        return "Anyone may call Stop!" if waiting else ""
    if viewer in waiting:
        return "Your turn" if len(waiting) == 1 else "Your move (anyone may play)"
    return f"Waiting for {listing(names[seat] for seat in waiting)}" if waiting else ""


# -- decisions -------------------------------------------------------------------------------


def _raise_words(action: Raise, value: int | None) -> str:
    parts = []
    if action.values:
        card = str(value) if value is not None else "value card"
        parts.append(count(action.values, card))
    if action.plus:
        parts.append(count(action.plus, "+1", "+1s"))
    return " and ".join(parts)


def _decision(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    names: Sequence[str],
    action_json: Callable[[Action], Json],
) -> tuple[str, list[Json]]:
    viewer = int(view["seat"])
    words = names_for(names, viewer)
    phase = view["phase"]
    hand = _sorted(view["zones"][f"hand:{viewer}"].get("cards") or ())
    held = _cards_words(hand) or "no cards"

    def choice(text: str, action: Action) -> Json:
        return {"text": text, "act": action_json(action)}

    if phase == "draw":
        choices = [
            choice("Call Stop!" if isinstance(a, CallStop) else "Let the draw go on", a)
            for a in legal
        ]
        if any(isinstance(a, CallStop) for a in legal):
            prompt = f"Call Stop! and open the auction? Your hand: {held}."
        else:
            prompt = f"You hold no value card to open with ({held}): let the draw go on."
        return prompt, [{"title": None, "choices": choices}]
    if phase in ("open", "auction"):
        return _auction(view, legal, words, choice)
    if phase == "share":
        return _share(view, legal, words, choice)
    return "", []


def _auction(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    choice: Callable[[str, Action], Json],
) -> tuple[str, list[Json]]:
    viewer = int(view["seat"])
    first: list[Json] = []
    raises: dict[int, list[Json]] = {}
    bids = view["bids"]
    for action in legal:
        if isinstance(action, Pass):
            first.append(choice("Pass", action))
        elif isinstance(action, Bid):
            cards = count(action.count, str(action.value))
            first.append(choice(f"Bid {cards} ({action.value * action.count})", action))
        elif isinstance(action, Raise):
            bid = bids[action.bid]
            value = bid.get("value") if bid else None
            total = (bid["total"] if bid else 0) + action.values * (value or 0) + action.plus
            raises.setdefault(action.bid, []).append(
                choice(f"with {_raise_words(action, value)} (to {total})", action)
            )
    for target, options in sorted(raises.items()):
        bid = bids[target]
        title = f"Raise {whose(words[target])} bid ({bid['total'] if bid else 0})"
        first.append({"text": title, "then": {"title": title, "choices": options}})
    if view["phase"] == "open":
        prompt = "You called Stop!: open the auction with cards of one value (2, 3 or 4)."
    else:
        high = int(view.get("highest", 0))
        best = _highest(view, words)
        prompt = (
            f"{best[:1].upper()}{best[1:]}: raise a bid to at least {high}, "
            f"{'place a new bid, ' if not bids[viewer] else ''}or pass."
        )
    return prompt, [{"title": None, "choices": first}]


def _share(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    words: Sequence[str],
    choice: Callable[[str, Action], Json],
) -> tuple[str, list[Json]]:
    on_table: Counter[int] = Counter(
        int(card["value"])
        for seat in range(int(view["players"]))
        for card in view["zones"][f"bid:{seat}"].get("cards") or ()
    )
    by_value: dict[int, list[Json]] = {}
    for action in legal:
        if isinstance(action, Give):
            by_value.setdefault(action.value, []).append(choice(f"to {words[action.to]}", action))
    first = []
    for value, options in sorted(by_value.items(), key=lambda item: (item[0] == PLUS, item[0])):
        card = "a +1" if value == PLUS else f"a {value}"
        title = f"Give {card} ({count(on_table[value], 'left', 'left')})"
        first.append({"text": title, "then": {"title": f"Give {card}", "choices": options}})
    bidders = listing(words[seat] for seat in view.get("bidders", ()))
    left = sum(on_table.values())
    prompt = (
        f"You won the round: share out the {count(left, 'card')} of the bids among "
        f"the bidders ({bidders}), one card at a time: which card, then to whom?"
    )
    return prompt, [{"title": None, "choices": first}]


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
    scores = view.get("scores") or view["tokens"]
    waiting = _waiting(view)
    return {
        "version": 1,
        "game": "Stop",
        "viewer": viewer,
        "title": f"Stop — round {view['round']}" if view["round"] else "Stop",
        "lines": [
            f"First to {count(int(view['tokens_to_win']), 'blue token')} wins",
            _phase_line(view, words),
        ],
        "status": _status(view, names),
        "seats": [_panel(view, seat, names, waiting) for seat in order],
        "middle": [],
        "prompt": prompt or None,
        "actions": actions,
        "facts": [],
        "scores": [
            {
                "seat": seat,
                "name": "You" if seat == viewer else names[seat],
                "score": count(int(scores[seat]), "token"),
            }
            for seat in range(players)
        ],
    }
