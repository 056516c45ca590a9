"""Passing hands: zones rotated among the seats, and the knowledge a pass creates.

A draft passes each hand on to the next seat. The seat that passed a hand saw every card of it,
then lost sight of them: from then on it knows **the set, not the split** — those cards are
together in the places they went to (the next hand, and wherever cards of it were taken face
down since), but not which of them lies where. :meth:`State.rotate <tablecards.State.rotate>`
moves the cards and records that knowledge (``state.passed_on``: one ``(seat, card ids)`` fact per
pass); the default :meth:`Game.redeal_unseen <tablecards.Game.redeal_unseen>` then deals the
unseen cards of each fact again among their own places only (:func:`redeal_passed`), and the
other unseen cards among the rest. So a determinisation keeps exactly what a seat can know of
the hands it passed, and nothing more: no game lists passed cards in ``known_cards``.

The facts stay true while the passed cards leave their zone only as a whole (the next pass) or
one by one into zones whose count everyone sees (a pick, face up or down). Rules that mix a
passed hand with other hidden cards and then take some out (shuffle a drawn card into it, then
discard one face down) must forget the facts about it (:meth:`State.forget_passed
<tablecards.State.forget_passed>`): the kit's ``knowledge`` check catches a game that does not.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable
from typing import TYPE_CHECKING, Any

from tablecards.core._cards import Card

if TYPE_CHECKING:
    from tablecards.core._state import State

__all__ = ["passed_by", "redeal_passed"]


def passed_by(state: State, seat: int) -> list[frozenset[int]]:
    """The sets of card ids ``seat`` passed on and knows are together where they went."""
    return [known for owner, known in state.passed_on if owner == seat]


def redeal_passed(
    state: State,
    seat: int,
    rng: random.Random,
    keep: Collection[Card] = (),
    back: Callable[[Card], Hashable] | None = None,
) -> set[int]:
    """Deal again the unseen cards of each set ``seat`` passed, among their own places only
    (cards of equal backs among themselves; ``keep`` stays put); return the ids dealt, which
    the rest of a redeal must leave where they now are."""
    facts = passed_by(state, seat)
    if not facts:
        return set()
    kept = {card.id for card in keep}
    done: set[int] = set()
    for known in facts:
        groups: dict[Any, list[tuple[list[Card], int]]] = {}
        for zone in state.zones():
            if zone.visible_to(seat):
                continue
            for index, card in enumerate(zone.cards):
                if card.id in known and card.id not in kept:
                    key: Any = type(card) if back is None else back(card)
                    groups.setdefault(key, []).append((zone.cards, index))
        for slots in groups.values():
            cards = sorted((pile[index] for pile, index in slots), key=_card_id)
            rng.shuffle(cards)
            for (pile, index), card in zip(slots, cards, strict=True):
                pile[index] = card
                done.add(card.id)
    return done


def _card_id(card: Card) -> int:
    return card.id
