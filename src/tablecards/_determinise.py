"""Determinisation: a whole match drawn from what one seat knows, for search bots.

A seat sees its view: public zones, its own hand, the sizes of everything else. A search bot
plays forward from *determinisations*: full matches that agree with everything the seat has
seen, with what it has not seen dealt again at random. The engine does it generically from zone
visibility (:func:`redeal` over the zones a seat cannot see); a game whose players know more
(a card given away in a private exchange, the composition of a seat's own pack) refines it in
:meth:`Game.redeal_unseen <tablecards.Game.redeal_unseen>`.

Two properties make a determinisation safe to hand to a bot:

- it depends only on what the seat knows and on the generator it is given: the cards of each
  group are put in a canonical order (by id) before they are dealt, so two matches that differ
  only in where the unseen cards lie give the very same determinisation for the same generator;
- its future randomness is reseeded from that generator, so no hidden order (the real deck's
  next shuffle) survives in it, and the real log's secrets are replaced by :class:`Unseen`.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

import attrs

from tablecards._actions import Action
from tablecards._cards import Card, Zone
from tablecards._errors import UnknownSeat
from tablecards._random import MatchRandom
from tablecards._simultaneous import hidden_from, resample_answers
from tablecards._state import State

if TYPE_CHECKING:
    from tablecards._match import Match

__all__ = ["Unseen", "determinise", "redeal", "unseen_zones"]

_BY_ID: Final = attrgetter("id")
# Set while redealing a determinisation (see redeal_match), per thread.
_LOCAL: Final = threading.local()


@attrs.frozen(slots=True)
class Unseen(Action):
    """Stands in a determinised match's log for an action its seat did not see.

    A determinised match keeps the length of the real log (views count moves), but never its
    secrets: where :meth:`Game.redact_action <tablecards.Game.redact_action>` hides an action
    from the seat, the log holds ``Unseen()``. Such a match plays forward like any other, but it
    cannot be saved and loaded again or undone: its state was drawn, not played.
    """


_UNSEEN: Final = Unseen()


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


def determinise(match: Match, seat: int, rng: random.Random) -> Match:
    """A new, independent match consistent with everything ``seat`` has seen of ``match``.

    The cards ``seat`` cannot see are dealt again at random among the places it cannot see
    (:meth:`Game.redeal_unseen <tablecards.Game.redeal_unseen>`: zone sizes kept, known cards
    kept, the game's finer knowledge respected), the match's future randomness is reseeded from
    ``rng`` (so that no hidden order survives), and actions of the log that ``seat`` did not
    see are replaced by :class:`Unseen`. ``seat``'s view, legal actions and own history are
    those of ``match``; what it cannot see varies with ``rng``. For the same ``rng`` state, two
    matches differing only in what ``seat`` cannot see give the same determinisation.

    The new match plays forward like any match (``apply``, ``legal_actions``, ``view``,
    ``clone``, ``result``) but has no observers and cannot be saved, undone or asked for
    ``events_for``: its state was drawn, not played, so its seed and log do not replay it.

    Raises:
        UnknownSeat: ``seat`` is not a seat of the match.
    """
    _check_seat(match, seat)
    new = match.clone()
    new._log = _seen_log(match, seat)
    _redeal_in(new, seat, rng)
    return new


def redeal_match(match: Match, seat: int, rng: random.Random) -> Match:
    """:func:`determinise` for a match that is already a determinisation for ``seat``.

    Its log holds no secret any more, so it is copied as it is, and its arrangement of the
    unseen cards owes nothing to the real one, so :func:`redeal` may deal from it without
    sorting the cards first (search bots draw thousands of determinisations from one).
    """
    new = match.clone()
    _LOCAL.settled = True
    try:
        _redeal_in(new, seat, rng)
    finally:
        _LOCAL.settled = False
    return new


def _redeal_in(new: Match, seat: int, rng: random.Random) -> None:
    state = new._state
    new._game.redeal_unseen(state, seat, rng)
    # What the others answered in an open moment everyone answers on their own is as hidden
    # as a card: drawn again among their legal actions (after the redeal: they depend on it).
    resample_answers(new._game, state, (seat,), rng)
    fresh = rng.getrandbits(63)
    state.rng = MatchRandom(fresh)
    new._seed = fresh


def _seen_log(match: Match, seat: int) -> list[tuple[int, Action]]:
    game = match.game
    log = match._log
    # The others' answers to an open moment everyone answers on their own are not seen yet.
    hidden = hidden_from(len(log), match._state)
    if type(game).redact_action is _base_redact() and hidden == len(log):
        return list(log)  # the game's actions are all public
    redact = game.redact_action
    out: list[tuple[int, Action]] = []
    for index, (actor, action) in enumerate(log):
        if index >= hidden and actor != seat:
            out.append((actor, _UNSEEN))
            continue
        seen = redact(action, actor, seat)
        out.append((actor, _UNSEEN if seen is None else seen))
    return out


def _base_redact() -> Any:
    from tablecards._game import Game

    return Game.redact_action


def _check_seat(match: Match, seat: object) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < match.players:
        raise UnknownSeat(seat, match.players)
