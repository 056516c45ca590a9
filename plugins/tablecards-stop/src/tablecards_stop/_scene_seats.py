"""The seats' panels in Stop's scene: each seat's bid, hand and pack, its tokens and badges.

A move changes a hand and a pack, or a bid: each panel and each box is kept with the zones it
shows (:func:`tablecards.remember`), for the next scenes to find while they are unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from tablecards import Game, SceneBadge, ScenePanel, SceneZone, card_faces, remember
from tablecards.words import count, listing
from tablecards_stop._state import PLUS

__all__ = ["badges_worn", "cards_words", "held", "seat_panel"]

#: The badges a seat may wear, in the order they are shown, with their tones.
BADGE_TONES: Final[Mapping[str, Literal["bad", "mark", "info", "good"]]] = {
    "red token": "bad",  # STOP-03, STOP-19
    "out": "bad",  # STOP-09
    "called Stop!": "mark",  # STOP-06, while the auction runs
    "passed": "info",  # STOP-13
    "won the round": "good",  # STOP-14, while sharing out
    "winner": "good",  # STOP-18
}


def rank(value: int) -> str:
    """STOP-01: a card shows its value, "+1" for a plus card."""
    return "+1" if value == PLUS else str(value)


def held(cards: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Cards as players hold them: the value cards by value, then the +1s."""
    return sorted(cards, key=lambda card: (card["value"] == PLUS, card["value"], card["id"]))


def cards_words(cards: Sequence[Mapping[str, Any]]) -> str:
    """ "two 3s and one +1": cards as players hold them (:func:`held`), by value."""
    columns: dict[int, int] = {}
    for card in cards:
        columns[card["value"]] = columns.get(card["value"], 0) + 1
    return listing(
        count(n, rank(value), "+1s" if value == PLUS else None) for value, n in columns.items()
    )


# -- a seat's boxes --------------------------------------------------------------------------


def bid_box(game: Game[Any], bid: Mapping[str, Any], seat: int) -> SceneZone:
    """STOP-10, STOP-11: a bid lies in front of its bidder, worth the sum of its cards (a +1
    adds one)."""
    cards = held(bid.get("cards") or ())
    total = sum(card["value"] for card in cards)
    return {
        "id": f"bid:{seat}",
        "title": f"Bid {total}" if cards else "Bid",
        "style": "row",
        "count": len(cards),
        "cards": card_faces(game, cards),
        "note": f"bid {total}: {cards_words(cards)}" if cards else None,
    }


def hand_box(game: Game[Any], hand: Mapping[str, Any], seat: int, you: bool) -> SceneZone:
    """STOP-04: a hand is secret, its size public: face up in its owner's hand only (and for
    everyone in a view that shows every card, a replay's)."""
    cards = hand.get("cards")
    return {
        "id": f"hand:{seat}",
        "title": "Your hand" if you else "Hand",
        "style": "stack" if cards is None else "hand" if you else "row",
        "count": int(hand.get("count", 0)),
        "cards": None if cards is None else card_faces(game, held(cards)),
        "note": None,
    }


def pack_box(game: Game[Any], pack: Mapping[str, Any], seat: int, you: bool) -> SceneZone:
    """STOP-02: each player draws from their own pack, face down."""
    cards = pack.get("cards")
    return {
        "id": f"pack:{seat}",
        "title": "Your pack" if you else "Pack",
        "style": "deck" if cards is None else "row",
        "count": int(pack.get("count", 0)),
        "cards": None if cards is None else card_faces(game, cards),
        "note": None,
    }


def aside_box(game: Game[Any], aside: Mapping[str, Any], seat: int) -> SceneZone:
    """STOP-09: an eliminated player's hand, set aside for the rest of the game."""
    cards = aside.get("cards")
    return {
        "id": f"aside:{seat}",
        "title": "Set aside (out of the game)",
        "style": "stack" if cards is None else "row",
        "count": int(aside["count"]),
        "cards": None if cards is None else card_faces(game, held(cards)),
        "note": None,
    }


# -- a seat's panel --------------------------------------------------------------------------


def badges_worn(view: Mapping[str, Any]) -> list[tuple[str, ...]]:
    """The badges each seat wears (:data:`BADGE_TONES`), by seat: the red token (STOP-03), out
    (STOP-09), called Stop! and passed in the auction (STOP-06, STOP-13), won the round while
    sharing out (STOP-14) and the game's winner (STOP-18)."""
    phase, red = view["phase"], view["red"]
    worn: list[tuple[str, ...]] = [()] * len(view["eliminated"])
    if red is not None:
        worn[red] += ("red token",)
    for seat, out in enumerate(view["eliminated"]):
        if out:
            worn[seat] += ("out",)
    if phase in ("open", "auction"):
        caller = view.get("caller")
        if caller is not None:
            worn[caller] += ("called Stop!",)
        if phase == "auction":
            for seat in view.get("passed", ()):
                worn[seat] += ("passed",)
    elif phase in ("share", "over"):
        winner = view.get("winner")
        if winner is not None:
            worn[winner] += ("won the round" if phase == "share" else "winner",)
    return worn


def seat_panel(
    game: Game[Any],
    zones: tuple[Mapping[str, Any], ...],
    seat: int,
    name: str,
    you: bool,
    active: bool,
    badges: tuple[str, ...],
    tokens: int,
    goal: int,
) -> ScenePanel:
    """STOP-02, STOP-04, STOP-09, STOP-11, STOP-18: a seat's bid, hand and pack (and its cards
    set aside once it is out), its blue tokens and its badges."""
    bid, hand, pack, aside = zones
    boxes = [
        # Kept with their zones: a move changes one or two of a seat's zones.
        remember(bid, "box", bid_box, game, bid, seat),
        remember(hand, ("box", you), hand_box, game, hand, seat, you),
        remember(pack, ("box", you), pack_box, game, pack, seat, you),
    ]
    if int(aside.get("count", 0)):
        boxes.append(remember(aside, "box", aside_box, game, aside, seat))
    worn: list[SceneBadge] = [{"text": text, "tone": BADGE_TONES[text]} for text in badges]
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "active": active,
        "badges": worn,
        "counters": [
            {"label": "tokens", "value": f"{tokens} of {goal}"},
            {"label": "pack", "value": count(int(pack["count"]), "card")},
            {"label": "hand", "value": count(int(hand["count"]), "card")},
        ],
        "zones": boxes,
    }
