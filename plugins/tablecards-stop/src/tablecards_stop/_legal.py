"""Which decisions a seat may take now, and why a decision is refused (with its rule ID).

Actions are small and few: a hand never holds more than six cards, so every bid, raise and gift
is built once here and shared by every match.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from tablecards import Action, Illegal
from tablecards_stop._actions import (
    CALL_STOP,
    DECLINE,
    PASS,
    Bid,
    CallStop,
    Decline,
    Give,
    GiveRest,
    Pass,
    Raise,
)
from tablecards_stop._rules import FULL_HAND, bid_total, bid_value, highest_bid
from tablecards_stop._state import PLUS, VALUES, Phase, StopState

_SEATS: Final = 6
_BIDS: Final = {(v, k): Bid(v, k) for v in VALUES for k in range(1, FULL_HAND + 1)}
_RAISES: Final = {
    (b, v, p): Raise(b, v, p)
    for b in range(_SEATS)
    for v in range(FULL_HAND + 1)
    for p in range(FULL_HAND + 1)
}
_GIFTS: Final = {(v, s): Give(v, s) for v in (PLUS, *VALUES) for s in range(_SEATS)}
_RESTS: Final = tuple(GiveRest(s) for s in range(_SEATS))
_CALL_OR_DECLINE: Final[tuple[Action, ...]] = (CALL_STOP, DECLINE)
_DECLINE_ONLY: Final[tuple[Action, ...]] = (DECLINE,)
# Looked up once: comparing enum members by identity is cheap, hashing them is not.
_DRAW, _OPEN, _AUCTION, _SHARE = Phase.DRAW, Phase.OPEN, Phase.AUCTION, Phase.SHARE


def catalogue(players: int) -> tuple[Action, ...]:
    """Every decision of Stop for ``players`` seats, in a fixed order (``Game.action_catalogue``):
    call, decline, the bids, pass, the raises of each seat's bid, the gifts to each seat, the
    rest to each seat."""
    seats = range(players)
    return (
        CALL_STOP,
        DECLINE,
        *(_BIDS[v, k] for v in VALUES for k in range(1, FULL_HAND + 1)),
        PASS,
        *(
            _RAISES[b, v, p]
            for b in seats
            for v in range(FULL_HAND + 1)
            for p in range(FULL_HAND + 1)
            if v or p
        ),
        *(_GIFTS[v, s] for v in (PLUS, *VALUES) for s in seats),
        *_RESTS[:players],
    )


def legal_actions(state: StopState, seat: int) -> tuple[Action, ...]:
    """Every decision ``seat`` may take now (empty when it is not asked)."""
    if seat not in state.to_act:
        return ()
    phase = state.phase
    if phase is _DRAW:
        for card in state.hands[seat].cards:
            if card.value != PLUS:
                return _CALL_OR_DECLINE
        return _DECLINE_ONLY
    held = Counter(card.value for card in state.hands[seat].cards)
    if phase is _OPEN:
        return tuple(_BIDS[v, k] for v in VALUES for k in range(1, held[v] + 1))
    if phase is _AUCTION:
        return auction_actions(state, seat, held)
    if phase is _SHARE:
        present = {card.value for zone in state.bids for card in zone.cards}
        bidders = state.bidders
        # The rest at once comes after the single cards: a bot that takes the first legal
        # action shares out as before.
        gifts = [_GIFTS[v, to] for v in sorted(present) for to in bidders]
        if sum(len(zone.cards) for zone in state.bids) < 2:
            return tuple(gifts)  # the last card: "the rest" would be the same gift twice
        return (*gifts, *(_RESTS[to] for to in bidders))
    return ()


def auction_actions(state: StopState, seat: int, held: Counter[int]) -> tuple[Action, ...]:
    """STOP-11, STOP-12, STOP-13: pass, a new bid (without a bid yet), or a raise of any bid;
    each bid made or raised must reach the highest bid on the table.

    A seat that has passed may take its pass back by playing a card until the last pass ends
    the round, but is not offered to pass again: that would change nothing, so it is not a
    move (turn 3 reading of STOP-13). It may then have no legal action at all; the moment does
    not wait for it (``Stop.waiting_for``).
    """
    high = highest_bid(state)
    out: list[Action] = [] if seat in state.passed else [PASS]
    if not state.bids[seat].cards:
        for v in VALUES:
            for k in range(1, held[v] + 1):
                if v * k >= high:
                    out.append(_BIDS[v, k])
    plus = held[PLUS]
    for target, zone in enumerate(state.bids):
        cards = zone.cards
        if not cards:
            continue
        value = bid_value(cards)
        total = bid_total(cards)
        for v in range(held[value] + 1):
            for p in range(plus + 1):
                if (v or p) and total + v * value + p >= high:
                    out.append(_RAISES[target, v, p])
    return tuple(out)


def why_illegal(state: StopState, seat: int, action: Action) -> Illegal | None:
    """Why ``action`` is refused for ``seat`` now (with the rule), or ``None`` when legal."""
    kind = type(action)
    if kind is CallStop or kind is Decline:
        return why_not_call(state, seat, kind is CallStop)
    if isinstance(action, Bid):
        return why_not_bid(state, seat, action)
    if isinstance(action, Raise):
        return why_not_raise(state, seat, action)
    if kind is Pass:
        if state.phase is _OPEN:
            return Illegal("the caller must open the auction with a bid", "STOP-10")
        if state.phase is not _AUCTION:
            return Illegal("passing is for the auction, which is not in play", "STOP-13")
        out = why_not_in_auction(state, seat)
        if out is None and seat in state.passed:
            return Illegal(
                "you have passed already: passing again changes nothing (play a card to take "
                "your pass back)",
                "STOP-13",
            )
        return out
    if isinstance(action, Give):
        return why_not_give(state, seat, action)
    if isinstance(action, GiveRest):
        return why_not_give_rest(state, seat, action)
    return Illegal("not an action of Stop")


def why_not_call(state: StopState, seat: int, calling: bool) -> Illegal | None:
    """STOP-06..STOP-09: who may call Stop (or decline to) in the draw phase."""
    if state.phase is not _DRAW:
        return Illegal("Stop can be called only during the draw phase", "STOP-06")
    if state.eliminated[seat]:
        return Illegal("an eliminated player no longer calls Stop", "STOP-09")
    if seat == state.red:
        return Illegal("the red-token holder may not call Stop", "STOP-06")
    if state.wait_draws:
        return Illegal(
            "no one may call Stop until the red-token holder has drawn their second card",
            "STOP-07",
        )
    if not state.hands[seat].cards:
        return Illegal("an empty hand holds no value card to open the auction with", "STOP-08")
    if seat not in state.to_act:
        return Illegal("you have already declined this moment: wait for the next draw", "STOP-06")
    if calling:
        for card in state.hands[seat].cards:
            if card.value != PLUS:
                return None
        return Illegal(
            "you hold no value card (2, 3 or 4) to open the auction with, so you cannot call Stop",
            "STOP-08",
        )
    return None


def why_not_in_auction(state: StopState, seat: int) -> Illegal | None:
    """STOP-09, STOP-13: during the auction, who is left out (``None``: ``seat`` may act).

    Only public facts leave a seat out: being eliminated, or holding no card. Having passed
    does not (a pass can be taken back until the last pass ends the round).
    """
    if seat in state.to_act:
        return None
    if state.eliminated[seat]:
        return Illegal("an eliminated player no longer bids, raises or passes", "STOP-09")
    return Illegal(
        "you hold no card, so you cannot play in this round and count as having passed",
        "STOP-13",
    )


def why_not_bid(state: StopState, seat: int, action: Bid) -> Illegal | None:
    """STOP-10, STOP-11, STOP-12: the opening bid and new bids."""
    phase = state.phase
    if phase is _OPEN:
        if seat != state.caller:
            return Illegal("the caller opens the auction first", "STOP-10")
    elif phase is not _AUCTION:
        return Illegal("bids are placed during the auction, after a Stop call", "STOP-10")
    else:
        out = why_not_in_auction(state, seat)
        if out is not None:
            return out
    value, count = action.value, action.count
    if value == PLUS:
        return Illegal(
            "an opening or new bid holds value cards only (2, 3 or 4), no +1 card", "STOP-10"
        )
    if value not in VALUES:
        return Illegal(f"there are no cards of value {value!r}: bid 2s, 3s or 4s", "STOP-10")
    if not isinstance(count, int) or count < 1:
        return Illegal("a bid places at least one card", "STOP-10")
    if state.bids[seat].cards:
        return Illegal(
            "you already have a bid in front of you: raise it rather than bid again", "STOP-11"
        )
    held = sum(1 for card in state.hands[seat].cards if card.value == value)
    if count > held:
        return Illegal(f"you hold {held} card(s) of value {value}, not {count}", "STOP-10")
    high = highest_bid(state)
    if value * count < high:
        return Illegal(
            f"a new bid of {value * count} is below the highest bid on the table ({high})",
            "STOP-12",
        )
    return None


def why_not_raise(state: StopState, seat: int, action: Raise) -> Illegal | None:
    """STOP-11, STOP-12: a raise puts cards of the bid's value or +1s on an existing bid."""
    if state.phase is _OPEN:
        return Illegal("the caller must open the auction first", "STOP-10")
    if state.phase is not _AUCTION:
        return Illegal("raises are made during the auction", "STOP-11")
    out = why_not_in_auction(state, seat)
    if out is not None:
        return out
    target, values, plus = action.bid, action.values, action.plus
    if not isinstance(target, int) or not 0 <= target < state.players:
        return Illegal(f"there is no seat {target!r} whose bid could be raised", "STOP-11")
    cards = state.bids[target].cards
    if not cards:
        return Illegal(f"seat {target} has no bid to raise", "STOP-11")
    if not (isinstance(values, int) and isinstance(plus, int)) or values < 0 or plus < 0:
        return Illegal("a raise places a whole number of cards", "STOP-11")
    if values + plus < 1:
        return Illegal("a raise places at least one card", "STOP-11")
    value = bid_value(cards)
    hand = state.hands[seat].cards
    held = sum(1 for card in hand if card.value == value)
    if values > held:
        return Illegal(
            f"a raise on a bid of {value}s takes cards of value {value} or +1 cards, and you "
            f"hold {held} card(s) of value {value}, not {values}",
            "STOP-11",
        )
    held_plus = sum(1 for card in hand if card.value == PLUS)
    if plus > held_plus:
        return Illegal(f"you hold {held_plus} +1 card(s), not {plus}", "STOP-11")
    high = highest_bid(state)
    total = bid_total(cards) + values * value + plus
    if total < high:
        return Illegal(
            f"the raised bid ({total}) would stay below the highest bid on the table ({high})",
            "STOP-12",
        )
    return None


def why_not_give(state: StopState, seat: int, action: Give) -> Illegal | None:
    """STOP-15: the winner shares the table out among the bidders, a card at a time."""
    out = why_not_share(state, seat, action.to)
    if out is not None:
        return out
    for zone in state.bids:
        for card in zone.cards:
            if card.value == action.value:
                return None
    return Illegal(f"there is no card of value {action.value!r} left on the table", "STOP-15")


def why_not_give_rest(state: StopState, seat: int, action: GiveRest) -> Illegal | None:
    """STOP-15: the winner may give every card left on the table to one bidder at once, when
    two or more are left (the last card is a single gift: one way to do one thing)."""
    out = why_not_share(state, seat, action.to)
    if out is None and sum(len(zone.cards) for zone in state.bids) < 2:
        return Illegal("one card is left on the table: give that card", "STOP-15")
    return out


def why_not_share(state: StopState, seat: int, to: int) -> Illegal | None:
    """STOP-15: only the round's winner shares out, during the share-out, and only to bidders."""
    if state.phase is not _SHARE:
        return Illegal("cards are shared out only by a round's winner", "STOP-15")
    if seat != state.winner:
        return Illegal("only the round's winner shares out the table", "STOP-15")
    if to not in state.bidders:
        return Illegal(
            f"seat {to!r} made no bid: only bidders receive cards (bidders: {list(state.bidders)})",
            "STOP-15",
        )
    return None
