"""The viewer's decision in Stop's scene: at a draw moment, in the auction, in the share-out.

Each decision is made from the legal actions: one group of choices, where raising a bid and
giving one card take two steps (which bid, then which cards; which card, then to whom), and the
rest of a share-out one ("Keep them all", "All to Bob").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tablecards import Action, SceneChoices, scene_choices
from tablecards.words import count, listing, whose
from tablecards_stop._actions import Bid, CallStop, Give, GiveRest, Pass, Raise
from tablecards_stop._scene_seats import cards_words, held
from tablecards_stop._state import PLUS

__all__ = ["call_or_draw_on", "offers", "share_out"]

ActionJson = Callable[[Action], dict[str, Any]]

OPENING: Final = "You called Stop! Now open the auction with cards of one value (2, 3 or 4)."


def highest_bid(view: Mapping[str, Any], words: Sequence[str]) -> str:
    """STOP-12: "highest bid 6 (Ann and you)", its bidders as ``words`` name them; or "no bid
    yet"."""
    high = view.get("highest", 0)
    bidders = [seat for seat, bid in enumerate(view["bids"]) if bid and bid["total"] == high]
    if not bidders:
        return "no bid yet"
    return f"highest bid {int(high)} ({listing(words[seat] for seat in bidders)})"


def call_or_draw_on(
    hand: Mapping[str, Any], legal: Sequence[Action], action_json: ActionJson
) -> tuple[str, list[SceneChoices]]:
    """STOP-06, STOP-08: call Stop! (with a value card to open with) or let the draw go on,
    the hand told."""
    words = cards_words(held(hand.get("cards") or ())) or "no cards"
    if any(isinstance(action, CallStop) for action in legal):
        prompt = f"Call Stop! and open the auction? Your hand: {words}."
    else:
        prompt = f"You hold no value card to open with ({words}): let the draw go on."
    texts = [
        "Call Stop!" if isinstance(action, CallStop) else "Let the draw go on" for action in legal
    ]
    return prompt, [scene_choices(zip(texts, legal, strict=True), action_json)]


def bid_text(action: Bid) -> str:
    """STOP-10, STOP-11: "Bid two 3s (6)": cards of one value, worth their sum."""
    return f"Bid {count(action.count, str(action.value))} ({action.value * action.count})"


def raise_text(action: Raise, bid: Mapping[str, Any]) -> str:
    """STOP-11: "with two 3s and one +1 (to 12)": cards of the bid's value, or +1s."""
    value = bid.get("value")
    parts = []
    if action.values:
        parts.append(count(action.values, str(value) if value is not None else "value card"))
    if action.plus:
        parts.append(count(action.plus, "+1", "+1s"))
    raised = bid["total"] + action.values * (value or 0) + action.plus
    return f"with {' and '.join(parts)} (to {raised})"


def offers(
    view: Mapping[str, Any], words: Sequence[str], legal: Sequence[Action], action_json: ActionJson
) -> tuple[str, list[SceneChoices]]:
    """STOP-10..13: the opening bid; then a pass, a new bid, or the raises of a bid (which bid,
    then which cards), as ``words`` name the bidders."""
    bids = view["bids"]
    plays: list[tuple[str, Action]] = []
    raises: dict[int, list[tuple[str, Action]]] = {}
    for action in legal:
        if isinstance(action, Raise):
            raises.setdefault(action.bid, []).append((raise_text(action, bids[action.bid]), action))
        elif isinstance(action, Bid):
            plays.append((bid_text(action), action))
        elif isinstance(action, Pass):
            plays.append(("Pass", action))
    choices = scene_choices(plays, action_json)
    for seat in sorted(raises):
        title = f"Raise {whose(words[seat])} bid ({bids[seat]['total']})"
        choices["choices"].append(
            {"text": title, "then": scene_choices(raises[seat], action_json, title)}
        )
    if view["phase"] == "open":
        return OPENING, [choices]
    best = highest_bid(view, words)
    return f"{best[:1].upper()}{best[1:]}: {auction_offer(view, legal)}", [choices]


def auction_offer(view: Mapping[str, Any], legal: Sequence[Action]) -> str:
    """STOP-11..13: what the viewer may do now, said from its legal actions only: "raise a bid
    to at least 6, place a new bid, or pass"; "you have no card to play: pass" when passing is
    all; after a pass (passing again is no move), what plays on."""
    offered = []
    if any(isinstance(action, Raise) for action in legal):
        offered.append(f"raise a bid to at least {int(view.get('highest', 0))}")
    if any(isinstance(action, Bid) for action in legal):
        offered.append("place a new bid")
    passing = any(isinstance(action, Pass) for action in legal)
    if not offered:
        return "you have no card to play: pass." if passing else "you have no card to play."
    if not passing:
        return f"you passed; {' or '.join(offered)} to play on."
    return f"{', '.join(offered)}, or pass." if len(offered) > 1 else f"{offered[0]} or pass."


def share_out(
    view: Mapping[str, Any], words: Sequence[str], legal: Sequence[Action], action_json: ActionJson
) -> tuple[str, list[SceneChoices]]:
    """STOP-15: the winner shares the bids' cards out among the bidders, in as few clicks as
    the split allows.

    One click gives every card left to one bidder ("Keep them all", "All to Bob"); a card at a
    time takes two (which card, then to whom), or one when a single value is left ("Keep a 3",
    "Give a 3 to Bob"). A share-out of six cards thus takes one click, or three for one card
    given and the rest kept.
    """
    viewer = view["seat"]
    on_table: Counter[int] = Counter(
        int(card["value"])
        for seat in range(int(view["players"]))
        for card in view["zones"][f"bid:{seat}"].get("cards") or ()
    )
    left = sum(on_table.values())
    rests: list[tuple[str, Action]] = []
    gifts: dict[int, list[Give]] = {}
    for action in legal:
        if isinstance(action, GiveRest):
            text = (
                f"Keep them all ({count(left, 'card')})"
                if action.to == viewer
                else f"All to {words[action.to]}"
            )
            rests.append((text, action))
        elif isinstance(action, Give):
            gifts.setdefault(action.value, []).append(action)
    # The viewer first among the bidders: keeping is the most common choice.
    rests.sort(key=lambda pair: not (isinstance(pair[1], GiveRest) and pair[1].to == viewer))
    first = scene_choices(rests, action_json)
    singles = len(gifts) == 1
    for value in sorted(gifts, key=lambda value: (value == PLUS, value)):
        card = "a +1" if value == PLUS else f"a {value}"
        to_whom = [
            (_gift_text(action, viewer, words, card, singles), action) for action in gifts[value]
        ]
        to_whom.sort(key=lambda pair: pair[1].to != viewer)
        if singles:  # one value left: no card to pick, the gift is one click
            first["choices"].extend(scene_choices(to_whom, action_json)["choices"])
            continue
        title = f"Give {card} ({count(on_table[value], 'left', 'left')})"
        first["choices"].append(
            {"text": title, "then": scene_choices(to_whom, action_json, f"Give {card}")}
        )
    bidders = listing(words[seat] for seat in view.get("bidders", ()))
    prompt = (
        f"You won the round: share out the {count(left, 'card')} of the bids among the "
        f"bidders ({bidders}): keep them all, give them all to one bidder, or give them a "
        "card at a time."
    )
    if left == 1:
        prompt = f"You won the round: give the last card of the bids to a bidder ({bidders})."
    return prompt, [first]


def _gift_text(action: Give, viewer: int, words: Sequence[str], card: str, alone: bool) -> str:
    """STOP-15: "Keep it", "To Bob"; alone (no card picked first) "Keep a 3", "Give a 3 to
    Bob"."""
    if action.to == viewer:
        return f"Keep {card}" if alone else "Keep it"
    whom = words[action.to]
    return f"Give {card} to {whom}" if alone else f"To {whom}"
