"""What a seat of Ex & Hopp knows beyond its view, for determinisations (EXH-10).

- A card a seat gave in an exchange: the giver knows it lies in the taker's hand until it is
  laid (then it is public anyway).
- During an exchange the proposer holds a card of the offered colour, and once it accepted the
  accepter holds one of the wanted colour (EXH-10: accepting needs one).
- The values chosen face down (``given``, ``returned``) are known only to the seat that chose:
  for any other seat they are chosen again among the redealt hand's cards of that colour.
"""

from __future__ import annotations

import random

from tablecards import redeal, unseen_zones
from tablecards_exhopp._state import Colour, ExHoppState, NumberCard, Phase

__all__ = ["known_to", "redeal_unseen"]

# Redeals tried before a missing colour is placed by hand (each succeeds about half the time).
_TRIES = 24


def known_to(state: ExHoppState, seat: int) -> list[NumberCard]:
    """The cards ``seat`` gave in exchanges that still lie in another seat's hand."""
    mine = {card_id for giver, card_id in state.passed if giver == seat}
    if not mine:
        return []
    return [
        card
        for owner, hand in enumerate(state.hands)
        if owner != seat
        for card in hand.cards
        if card.id in mine
    ]


def redeal_unseen(state: ExHoppState, seat: int, rng: random.Random) -> None:
    """Redeal what ``seat`` cannot see, keeping what it knows and what the exchange implies."""
    keep = known_to(state, seat)
    zones = unseen_zones(state, seat)
    needs = _needs(state, seat)
    for _ in range(_TRIES):
        redeal(state, zones, rng, keep=keep)
        if all(_holds(state, owner, colour) for owner, colour in needs):
            break
    else:
        kept = {card.id for card in keep}
        for owner, colour in needs:
            if not _holds(state, owner, colour):
                _place(state, seat, owner, colour, kept, rng)
    _choose_again(state, seat, rng)


def _needs(state: ExHoppState, seat: int) -> list[tuple[int, Colour]]:
    needs: list[tuple[int, Colour]] = []
    if state.phase is Phase.ANSWER or state.phase is Phase.CHOOSE:
        if state.current != seat and state.give is not None:
            needs.append((state.current, state.give))
        accepter = state.accepter
        if accepter is not None and accepter != seat and state.want is not None:
            needs.append((accepter, state.want))
    return needs


def _holds(state: ExHoppState, owner: int, colour: Colour) -> bool:
    return any(card.colour is colour for card in state.hands[owner].cards)


def _place(
    state: ExHoppState, seat: int, owner: int, colour: Colour, kept: set[int], rng: random.Random
) -> None:
    """Swap a card of ``colour`` from elsewhere unseen into ``owner``'s hand."""
    sources = [
        (zone.cards, index)
        for zone in unseen_zones(state, seat)
        if zone is not state.hands[owner]
        for index, card in enumerate(zone.cards)
        if type(card) is NumberCard and card.colour is colour and card.id not in kept
    ]
    hand = state.hands[owner].cards
    targets = [index for index, card in enumerate(hand) if card.id not in kept]
    if not sources or not targets:
        return  # cannot happen for a state the rules reached: the real cards satisfy it
    pile, index = sources[rng.randrange(len(sources))]
    target = targets[rng.randrange(len(targets))]
    pile[index], hand[target] = hand[target], pile[index]


def _choose_again(state: ExHoppState, seat: int, rng: random.Random) -> None:
    """The values chosen face down by another seat, chosen again in its redealt hand."""
    if state.phase is not Phase.CHOOSE:
        return
    if state.given is not None and state.current != seat and state.give is not None:
        state.given = _value_in(state, state.current, state.give, rng)
    accepter = state.accepter
    want = state.want
    if state.returned is not None and accepter is not None and accepter != seat and want:
        state.returned = _value_in(state, accepter, want, rng)


def _value_in(state: ExHoppState, owner: int, colour: Colour, rng: random.Random) -> int:
    values = sorted(card.value for card in state.hands[owner].cards if card.colour is colour)
    return values[rng.randrange(len(values))]
