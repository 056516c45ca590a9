"""A redeal: the cards a seat cannot see dealt again at random among the same places.

The core's own operation on a state (zones, cards and a generator only), so that the Game
contract's default :meth:`Game.redeal_unseen <tablecards.Game.redeal_unseen>` finds it without
reaching up into search; determinisation (:func:`tablecards.determinise`) calls that method.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from operator import attrgetter
from typing import Any, Final

from tablecards.core._cards import Card, Zone
from tablecards.core._state import State

__all__ = ["redeal", "unseen_zones"]

_BY_ID: Final = attrgetter("id")
# Set while redealing a determinisation (see tablecards.search._determinise.redeal_match), per
# thread: its arrangement owes nothing to the real one, so it is dealt without sorting first.
_LOCAL: Final = threading.local()


def unseen_zones(state: State, seat: int) -> list[Zone[Any]]:
    """The zones of ``state`` whose cards ``seat`` cannot see (hidden piles, others' hands)."""
    return [zone for zone in state.zones() if zone.cards and not zone.visible_to(seat)]


def redeal(
    state: State,
    zones: Iterable[Zone[Any]],
    rng: random.Random,
    *,
    keep: Collection[Card] = (),
    back: Callable[[Card], Hashable] | None = None,
    ruled_out: Mapping[str, Collection[Card]] | None = None,
) -> None:
    """Deal the cards of ``zones`` again at random among the same places, in place.

    Every zone keeps its size; a card of ``keep`` stays where it is (its place is known); a card
    moves only to a place held by a card of the same back (``back(card)``, default: the card's
    class), so that a point card never lands in a hand of numbered cards; a card of
    ``ruled_out[name]`` never lands in the zone called ``name`` (the seat knows it is not there,
    :meth:`Game.ruled_out <tablecards.Game.ruled_out>`): every deal that respects it is equally
    likely. The result depends only on which cards lie in the zones (never on where they lay)
    and on ``rng``: the cards are sorted by id before they are dealt (except when the search
    redeals a determinisation, whose arrangement is already independent of the real one).

    Give several groups in several calls when cards cannot cross from one group to the other
    (each seat's own pack and hand in Stop).

    Raises:
        ValueError: no deal of the cards respects ``ruled_out`` (the game's knowledge
            contradicts itself).
    """
    kept = {card.id for card in keep} if keep else None
    forbidden = _forbidden(ruled_out)
    canonical = not _LOCAL.__dict__.get("settled", False)
    places: dict[Any, list[Any]] = {}
    for zone in zones:
        pile = zone.cards
        if not pile:
            continue
        if kept is None and back is None and forbidden is None:
            kinds = set(map(type, pile))
            if len(kinds) == 1:
                # The whole zone is one group's block of places: handled as a slice.
                kind: Any = kinds.pop()
                places.setdefault(kind, []).append(pile)
                continue
        name = zone.name
        for index, card in enumerate(pile):
            if kept is not None and card.id in kept:
                continue
            key: Any = type(card) if back is None else back(card)
            places.setdefault(key, []).append((pile, index, name))
    getrandbits = rng.getrandbits
    for slots in places.values():
        alone = len(slots) == 1 and type(slots[0]) is list
        # A group that is one whole zone (a deck) is shuffled where it lies.
        pool: list[Any] = slots[0] if alone else []
        for slot in () if alone else slots:
            if type(slot) is list:
                pool.extend(slot)
            else:
                pool.append(slot[0][slot[1]])
        if len(pool) < 2:
            continue
        if canonical:
            pool.sort(key=_BY_ID)
        _shuffle(pool, getrandbits)
        if forbidden is not None:
            _respect(pool, [slot[2] for slot in slots], forbidden, getrandbits)
        if alone:
            continue
        at = 0
        for slot in slots:
            if type(slot) is list:
                size = len(slot)
                slot[:] = pool[at : at + size]
                at += size
            else:
                slot[0][slot[1]] = pool[at]
                at += 1


def _shuffle(dealt: list[Any], getrandbits: Callable[[int], int]) -> None:
    # Fisher-Yates with the bounds' bit lengths computed once per size and the method call of
    # random.shuffle inlined: about twice as fast as random.shuffle.
    for i, bound, bits in _steps(len(dealt)):
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        dealt[i], dealt[j] = dealt[j], dealt[i]


#: Deals drawn before a deal that breaks ruled-out knowledge is mended by swaps.
_TRIES: Final = 200


def _forbidden(ruled_out: Mapping[str, Collection[Card]] | None) -> dict[str, set[int]] | None:
    if not ruled_out:
        return None
    out = {name: {card.id for card in cards} for name, cards in ruled_out.items() if cards}
    return out or None


def _respect(
    dealt: list[Card],
    names: list[str],
    forbidden: Mapping[str, set[int]],
    getrandbits: Callable[[int], int],
) -> None:
    """Deal ``dealt`` again until no card lies where it is ruled out (``names[i]``: the zone of
    place ``i``); every respecting deal stays equally likely. After many tries (knowledge that
    leaves few deals), mend the last deal by swaps."""

    def wrong() -> list[int]:
        return [
            i
            for i, (card, name) in enumerate(zip(dealt, names, strict=True))
            if card.id in forbidden.get(name, ())
        ]

    bad = wrong()
    tries = 0
    while bad and tries < _TRIES:
        _shuffle(dealt, getrandbits)
        bad = wrong()
        tries += 1
    for i in bad:
        if dealt[i].id not in forbidden.get(names[i], ()):
            continue  # mended by an earlier swap
        for j in range(len(dealt)):
            if dealt[i].id not in forbidden.get(names[j], ()) and dealt[j].id not in forbidden.get(
                names[i], ()
            ):
                dealt[i], dealt[j] = dealt[j], dealt[i]
                break
        else:
            raise ValueError(
                f"card {dealt[i].id} is ruled out of every place it could be dealt to: the "
                "game's ruled-out knowledge contradicts itself"
            )


@functools.lru_cache(maxsize=256)
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """Fisher-Yates's steps for ``size`` cards: the position, its bound and the bound's bits."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))
