"""The state of a match: zones, seats to act, the seeded random generator, and card movement.

A game subclasses :class:`State` with its own fields. The engine needs to clone, snapshot and
inspect any game's state without knowing it, so fields follow one convention: each is an
immutable value (int, str, enum, tuple, frozen attrs object), a :class:`~tablecards.Zone`, a
tuple of zones, or a flat ``list``/``dict``/``set`` of immutable values.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, TypeVar

import attrs

from tablecards.core._actions import Action
from tablecards.core._cards import Card, Visibility, Zone
from tablecards.core._events import CardsMoved, Event, Shuffled
from tablecards.core._random import MatchRandom

__all__ = ["State", "zone_list"]

C = TypeVar("C", bound=Card)


@attrs.define(slots=True, eq=False)
class State:
    """Base class of every game's state.

    Attributes:
        players: the number of seats, numbered ``0 .. players - 1`` clockwise.
        rng: the match's only source of randomness (a :class:`~tablecards.MatchRandom`), seeded
            by the match; stored in the state so that clones and saves carry it.
        to_act: the seats that may act now. Usually one seat; several during an *open moment*
            (anyone may act, whoever acts first takes the moment). Empty once the match is over.
        over: ``True`` once the game has ended by its own rules.
        sealed: in a moment where everyone answers on their own
            (:meth:`Game.simultaneous <tablecards.Game.simultaneous>`), the ``(seat, action)``
            answers given so far, in the order given; the engine keeps it (rules read it, never
            write it), and it is empty between such moments.
        passed_on: what each seat knows of the cards it passed on with :meth:`rotate`: one
            ``(seat, card ids)`` fact per pass (the seat knows the set, not the split). Kept
            by the engine, read by the default redeal; empty in games that pass nothing.

    The match also sets a private event buffer while someone observes it; rules ask
    :attr:`observed` before building an event, and send it with :meth:`emit`.

    Example:
        A game declares its zones as fields, and moves cards with the state's operations:

        >>> import attrs
        >>> from tablecards import Card, MatchRandom, State, Visibility, Zone
        >>> @attrs.define(slots=True, eq=False, kw_only=True)
        ... class DuelState(State):
        ...     deck: Zone[Card]
        ...     hands: tuple[Zone[Card], ...]
        >>> state = DuelState(
        ...     players=2,
        ...     rng=MatchRandom(seed=7),
        ...     deck=Zone("deck", Visibility.HIDDEN, cards=[Card(i) for i in range(10)]),
        ...     hands=(Zone("hand:0", Visibility.OWNER, 0), Zone("hand:1", Visibility.OWNER, 1)),
        ... )
        >>> state.shuffle(state.deck)
        >>> state.deal(state.deck, state.hands, 3)
        >>> [len(hand) for hand in state.hands], len(state.deck), len(state.cards())
        ([3, 3], 4, 10)
        >>> state.zone("hand:1").owner, state.observed
        (1, False)
    """

    players: int
    rng: MatchRandom
    to_act: tuple[int, ...] = ()
    over: bool = False
    # Where events go while an action runs; None when nobody listens, so rules pay nothing.
    sink: list[Event] | None = attrs.field(default=None, repr=False)
    # Kept by the engine (tablecards.core._simultaneous); a snapshot leaves it out while empty, so
    # the saves of games without such moments are what they were.
    sealed: tuple[tuple[int, Action], ...] = attrs.field(default=(), kw_only=True)
    # Kept by the engine (tablecards.core._passing), left out of a snapshot while empty too.
    passed_on: tuple[tuple[int, frozenset[int]], ...] = attrs.field(default=(), kw_only=True)

    # -- events -------------------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Report a game event to whoever observes the match (free when nobody does)."""
        if self.sink is not None:
            self.sink.append(event)

    @property
    def observed(self) -> bool:
        """Whether anyone listens to events: rules may skip building costly events when not."""
        return self.sink is not None

    # -- zones: the only way cards move -------------------------------------------------------

    def move(self, cards: Sequence[C], src: Zone[C], dst: Zone[C]) -> None:
        """Move the given cards (each must be in ``src``) from ``src`` to the top of ``dst``.

        Raises:
            ValueError: a card is not in ``src`` (nothing has moved then).
        """
        pile = src.cards
        moved: tuple[C, ...]
        # By identity: a card is one physical object, and comparing fields is slow.
        if len(cards) == 1:
            # One card played or taken, the commonest move: found by a scan, no set built.
            card = cards[0]
            for index, held in enumerate(pile):
                if held is card:
                    del pile[index]
                    break
            else:
                raise ValueError(f"cannot move {list(cards)!r}: not all in zone {src.name!r} once")
            dst.cards.append(card)
            moved = (card,)
        else:
            moved = tuple(cards)
            wanted = set(map(id, moved))
            kept = [card for card in pile if id(card) not in wanted]
            if len(kept) + len(wanted) != len(pile) or len(wanted) != len(moved):
                raise ValueError(f"cannot move {list(cards)!r}: not all in zone {src.name!r} once")
            pile[:] = kept
            dst.cards.extend(moved)
        sink = self.sink
        if sink is not None:
            _record_move(sink, src, dst, moved)

    def move_all(self, src: Zone[C], dst: Zone[C]) -> list[C]:
        """Move every card of ``src`` onto ``dst``, keeping their order; return them.

        An empty ``src`` moves nothing and reports nothing, so rules call it without asking.
        """
        cards = src.cards
        if not cards:
            return []
        moved = cards[:]
        cards.clear()
        dst.cards.extend(moved)
        sink = self.sink
        if sink is not None:
            _record_move(sink, src, dst, tuple(moved))
        return moved

    def draw(self, src: Zone[C], dst: Zone[C]) -> C:
        """Move the top card of ``src`` to the top of ``dst`` and return it.

        Raises:
            IndexError: ``src`` is empty (rules check before drawing).
        """
        card = src.cards.pop()
        dst.cards.append(card)
        sink = self.sink
        if sink is None:
            return card
        # One card drawn: the commonest movement, whose event recurs (the same card drawn from
        # the same zone to the same zone) across a simulation's matches. Events are frozen
        # values, so equal ones are shared: a lookup costs half a construction. (Inlined: this
        # runs for every draw of an observed match.)
        shown, hidden = src.visibility, dst.visibility
        if shown is _PUBLIC or hidden is _PUBLIC or shown is _KNOWN or hidden is _KNOWN:
            to = None  # as _seen_by() says, without building its cache key
        else:
            to = _seen_by(src, dst)
        # The card by identity (hashing a card's fields is slow Python code): the cached event
        # holds the card, so no other object can take its id while the entry lives. The owners
        # too: another game may give zones of the same names other owners.
        key = (id(card), src.name, dst.name, to, src.owner, dst.owner)
        try:
            event = _DRAWN[key]  # a subscript, cheaper than a .get() call when it hits
        except KeyError:
            if len(_DRAWN) >= _DRAWN_LIMIT:
                _DRAWN.clear()  # games that make fresh cards per match must not grow it forever
            event = _DRAWN[key] = _cards_moved(src, dst, (card,), to)
        sink.append(event)
        return card

    def deal(self, src: Zone[C], dsts: Iterable[Zone[C]], count: int) -> None:
        """Deal ``count`` cards one at a time, round-robin, from the top of ``src`` to ``dsts``."""
        targets = list(dsts)
        for _ in range(count):
            for dst in targets:
                self.draw(src, dst)

    def rotate(self, zones: Sequence[Zone[Any]], by: int = 1) -> None:
        """Pass the cards of each seat's zone on, all at once: ``zones[i]``'s cards go to
        ``zones[(i + by) % len(zones)]`` (``by=1``: to the next seat clockwise, ``-1``: back).

        A draft's "pass your hand to the left". Each seat that saw the zone it passed and
        cannot see where it went now knows the set of cards it passed, not the split (the
        next seat may take some of them face down): the engine records it (``passed_on``) and
        :func:`tablecards.determinise` deals those cards again only among the places they went
        to, so a search neither forgets nor over-claims what a seat knows of hands it passed.
        Emits one :class:`~tablecards.CardsMoved` per zone.

        Example:
            >>> from tablecards import Card, MatchRandom, State, Visibility, Zone
            >>> hands = tuple(Zone(f"hand:{s}", Visibility.OWNER, s) for s in range(3))
            >>> state = State(players=3, rng=MatchRandom(seed=1))
            >>> for seat, hand in enumerate(hands):
            ...     hand.cards.extend([Card(2 * seat), Card(2 * seat + 1)])
            >>> state.rotate(hands)
            >>> [[card.id for card in hand.cards] for hand in hands]
            [[4, 5], [0, 1], [2, 3]]
            >>> state.passed_on[0]  # seat 0 knows where cards 0 and 1 went, as a set
            (0, frozenset({0, 1}))
        """
        _rotate(self, zones, by)

    def forget_passed(self, zone: Zone[Any] | None = None) -> None:
        """Forget what the seats know of the cards they passed: those now in ``zone``, or all.

        Call it when the rules mix a passed hand with cards its passer never saw and then take
        some of them away unseen (see :meth:`rotate`): the passer then knows less.
        """
        if zone is None:
            self.passed_on = ()
            return
        ids = {card.id for card in zone.cards}
        kept = ((seat, known - ids) for seat, known in self.passed_on)
        self.passed_on = tuple((seat, known) for seat, known in kept if known)

    def shuffle(self, zone: Zone[Any]) -> None:
        """Shuffle ``zone`` in place with the match's seeded generator."""
        self.rng.shuffle(zone.cards)
        if self.sink is not None:
            self.sink.append(Shuffled(zone.name))

    # -- inspection ---------------------------------------------------------------------------

    def zones(self) -> Iterator[Zone[Any]]:
        """Every zone of the state, in field order (zones inside tuples in their order)."""
        return iter(zone_list(self))

    def zone(self, name: str) -> Zone[Any]:
        """The zone called ``name``.

        Raises:
            KeyError: no zone has that name.
        """
        for zone in self.zones():
            if zone.name == name:
                return zone
        raise KeyError(f"no zone named {name!r}")

    def cards(self) -> list[Card]:
        """Every card of the match, zone after zone (the conservation checks count these)."""
        return [card for zone in self.zones() for card in zone.cards]

    # -- copies -------------------------------------------------------------------------------

    def clone(self) -> State:
        """An independent copy for search bots: zones and containers copied, values shared.

        The copy has its own random generator in the same state and no event sink.
        """
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in attrs.fields(cls) if f.name != "sink")
        new = object.__new__(cls)
        for name in names:
            setattr(new, name, _copy(getattr(self, name)))
        new.sink = None
        return new


# Field names per state class, computed once: clone() is on the hot path of search bots, and
# zones() on that of views and conservation checks.
_FIELD_NAMES: dict[type[State], tuple[str, ...]] = {}
# Per state class, a getter of the fields that may hold zones (all of them in one C call).
_ZONE_GETTERS: dict[type[State], Callable[[State], tuple[Any, ...]]] = {}


def zone_list(state: State) -> list[Zone[Any]]:
    """:meth:`State.zones` as a list (a view lists every zone after every action)."""
    getter = _ZONE_GETTERS.get(type(state))
    if getter is None:
        getter = _zone_getter(state)
    out: list[Zone[Any]] = []
    for value in getter(state):
        if type(value) is Zone:
            out.append(value)
        elif type(value) is tuple and value and type(value[0]) is Zone:
            out.extend(value)
    return out


def _zone_getter(state: State) -> Callable[[State], tuple[Any, ...]]:
    cls = type(state)
    # Fields that hold a zone or a tuple (of zones, possibly): the others never do.
    names = [f.name for f in attrs.fields(cls) if isinstance(getattr(state, f.name), (Zone, tuple))]
    getter: Callable[[State], tuple[Any, ...]]
    if len(names) > 1:
        getter = operator.attrgetter(*names)
    else:
        # attrgetter of one name returns the value itself, not a 1-tuple.
        getter = functools.partial(_fields_of, names=tuple(names))
    _ZONE_GETTERS[cls] = getter
    return getter


def _fields_of(state: State, names: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(getattr(state, name) for name in names)


def _seen_by(src: Zone[Any], dst: Zone[Any]) -> frozenset[int] | None:
    # Who sees a move depends only on the two zones' visibilities and owners: cached on those
    # (never on the zones themselves, whose ids a later zone may reuse). Visibilities enter the
    # key by id: they are enum members, alive as long as the module, and an enum member's hash
    # is a Python-level call.
    key = (id(src.visibility), src.owner, id(dst.visibility), dst.owner)
    try:
        return _SEEN_BY[key]
    except KeyError:
        pass
    seen: frozenset[int] | None
    if _public(src) or _public(dst):
        seen = None
    else:
        owners = {zone.owner for zone in (src, dst) if zone.visibility is Visibility.OWNER}
        seen = frozenset(owner for owner in owners if owner is not None)
    _SEEN_BY[key] = seen
    return seen


_SEEN_BY: dict[tuple[int, int | None, int, int | None], frozenset[int] | None] = {}
_PUBLIC: Final = Visibility.PUBLIC
_KNOWN: Final = Visibility.KNOWN

# CardsMoved's slots, set directly: attrs' __init__ of a frozen class sets each field through
# object.__setattr__ and costs about twice as much, once per card movement of an observed match.
_NEW = object.__new__
_SET_TO, _SET_SRC, _SET_DST, _SET_COUNT, _SET_CARDS, _SET_SRC_OWNER, _SET_DST_OWNER = (
    getattr(CardsMoved, name).__set__
    for name in ("to", "src", "dst", "count", "cards", "src_owner", "dst_owner")
)


def _record_move(
    sink: list[Event], src: Zone[Any], dst: Zone[Any], cards: tuple[Card, ...]
) -> None:
    """A ``CardsMoved`` of ``cards`` from ``src`` to ``dst`` into ``sink`` (a module function:
    called through ``self``, a static method costs a slower lookup)."""
    # The cards are seen by whoever may see either end: a card drawn into a hand is seen by
    # its owner, a card played from a hand to the table by everyone.
    # _seen_by's public case inlined: this runs for every card movement of an observed match.
    shown, hidden = src.visibility, dst.visibility
    if shown is _PUBLIC or hidden is _PUBLIC or shown is _KNOWN or hidden is _KNOWN:
        to = None  # as _seen_by() says, without building its cache key
    else:
        to = _seen_by(src, dst)
    # _cards_moved(), inlined.
    event = _NEW(CardsMoved)
    _SET_TO(event, to)
    _SET_SRC(event, src.name)
    _SET_DST(event, dst.name)
    _SET_COUNT(event, len(cards))
    _SET_CARDS(event, cards)
    _SET_SRC_OWNER(event, src.owner)
    _SET_DST_OWNER(event, dst.owner)
    sink.append(event)


def _cards_moved(
    src: Zone[Any], dst: Zone[Any], cards: tuple[Card, ...], to: frozenset[int] | None
) -> CardsMoved:
    """``CardsMoved`` of ``cards`` from ``src`` to ``dst`` seen by ``to``, with the zones'
    names and owners, its slots set directly."""
    event: CardsMoved = _NEW(CardsMoved)
    _SET_TO(event, to)
    _SET_SRC(event, src.name)
    _SET_DST(event, dst.name)
    _SET_COUNT(event, len(cards))
    _SET_CARDS(event, cards)
    _SET_SRC_OWNER(event, src.owner)
    _SET_DST_OWNER(event, dst.owner)
    return event


# The events of single-card draws, shared (see State.draw); cleared when it reaches the limit.
_DRAWN: dict[tuple[int, str, str, frozenset[int] | None, int | None, int | None], CardsMoved] = {}
_DRAWN_LIMIT: Final = 4_096  # a few games' decks; a server soak must stay flat (bench/soak.py)


def _public(zone: Zone[Any]) -> bool:
    return zone.visibility is Visibility.PUBLIC or zone.visibility is Visibility.KNOWN


def _copy(value: Any) -> Any:
    # Fast paths first: most fields are immutable scalars.
    cls = type(value)
    if cls is Zone:
        return Zone(value.name, value.visibility, value.owner, list(value.cards))
    if cls is tuple and value and type(value[0]) is Zone:
        return tuple(Zone(z.name, z.visibility, z.owner, list(z.cards)) for z in value)
    if cls is list:
        return list(value)
    if cls is dict:
        return dict(value)
    if cls is set:
        return set(value)
    if cls is MatchRandom:
        return MatchRandom(value.seed, value.draws)
    return value


def _rotate(state: State, zones: Sequence[Zone[Any]], by: int = 1) -> None:
    """Pass the cards of ``zones[i]`` to ``zones[(i + by) % len(zones)]``, all at once.

    Each zone's owner that saw its zone's cards and cannot see where they go keeps a fact: it
    knows the set it passed. Newer facts replace older ones about the same cards.
    """
    size = len(zones)
    if size < 2 or by % size == 0:
        return
    held = [list(zone.cards) for zone in zones]
    facts = list(state.passed_on)
    for index, zone in enumerate(zones):
        owner, cards = zone.owner, held[index]
        after = zones[(index + by) % size]
        if owner is None or not cards or not zone.visible_to(owner) or after.visible_to(owner):
            continue
        ids = frozenset(card.id for card in cards)
        facts = [(seat, known - ids if seat == owner else known) for seat, known in facts]
        facts.append((owner, ids))
    state.passed_on = tuple((seat, known) for seat, known in facts if known)
    for zone in zones:
        zone.cards.clear()
    for index, zone in enumerate(zones):
        after = zones[(index + by) % size]
        after.cards.extend(held[index])
        if state.sink is not None and held[index]:
            _record_move(state.sink, zone, after, tuple(held[index]))
