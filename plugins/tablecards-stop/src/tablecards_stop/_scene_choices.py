"""The viewer's decision in Stop's scene: at a draw moment, in the auction, in the share-out.

Each decision is made from the legal actions: one group of choices, where raising a bid and
giving a card take two steps (which bid, then which cards; which card, then to whom).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tablecards import Action, SceneChoice, SceneChoices, scene_choices
from tablecards.words import count, listing, whose
from tablecards_stop._actions import Bid, CallStop, Give, Pass, Raise
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
    """STOP-15: the winner gives the bids' cards out one at a time: which card, then to whom."""
    on_table: Counter[int] = Counter(
        int(card["value"])
        for seat in range(int(view["players"]))
        for card in view["zones"][f"bid:{seat}"].get("cards") or ()
    )
    gifts: dict[int, list[tuple[str, Action]]] = {}
    for action in legal:
        if isinstance(action, Give):
            gifts.setdefault(action.value, []).append((f"to {words[action.to]}", action))
    first: list[SceneChoice] = []
    for value in sorted(gifts, key=lambda value: (value == PLUS, value)):
        card = "a +1" if value == PLUS else f"a {value}"
        title = f"Give {card} ({count(on_table[value], 'left', 'left')})"
        then = scene_choices(gifts[value], action_json, f"Give {card}")
        first.append({"text": title, "then": then})
    bidders = listing(words[seat] for seat in view.get("bidders", ()))
    prompt = (
        f"You won the round: share out the {count(sum(on_table.values()), 'card')} of the bids "
        f"among the bidders ({bidders}), one card at a time: which card, then to whom?"
    )
    return prompt, [{"title": None, "choices": first}]
