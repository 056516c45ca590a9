"""The generic observation encoding: a seat's view as one fixed-size vector of numbers.

The layout (documented in ``docs/rl.md``) is fixed by the game and the number of players:

1. for every zone, in the state's zone order but seat-relative (see below): its size; then,
   for a zone the seat may ever see (public, known, or its own), the count of each card kind
   in it and a one-hot of the kind of its top card;
2. for every top-level number of the game's public information (``view_extra``): its value and
   a flag saying it is set (``None`` gives ``0, 0``); for every per-seat list of numbers, one
   value per seat, seat-relative;
3. whether each seat is to act (seat-relative), and a one-hot of the seat's own number;
4. whatever the game appends through :meth:`tablecards.Game.observation_features`.

*Seat-relative*: the zones a seat owns come where seat 0's zones come in seat 0's encoding, the
next seat's (clockwise) where seat 1's come, and so on; per-seat lists likewise. A policy shared
by all seats always finds its own hand in the same place.

A *card kind* is a card's fields without its id (two "7" cards are one kind). Kinds are sorted
by their JSON text, so their order is stable as long as the game's cards are.
"""

from __future__ import annotations

import array
import json
import operator
import struct
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from tablecards import Game, MatchRandom, RulesError, State, TablecardsError, Visibility, Zone

__all__ = ["ObservationEncoder", "UnknownZone"]

# The engine's keys of a view; whatever else it holds is the game's (view_extra).
_ENGINE_KEYS = frozenset({"game", "seat", "players", "to_act", "over", "zones", "moves"})
_NUMBER = (int, float)
# The view's keys that observation_features does not get (the zones are encoded generically).
_NOT_FEATURES = frozenset({"game", "zones", "moves"})
# Exact types, for the hot path (bool is a number too: a flag).
_NUMBER_TYPES = frozenset({int, float, bool})
_HIDDEN = Visibility.HIDDEN
_OWNER = Visibility.OWNER


class UnknownZone(TablecardsError, LookupError):
    """A zone name that the game's states do not have."""


def _kind_key(card_json: Mapping[str, Any]) -> str:
    return json.dumps({k: v for k, v in card_json.items() if k != "id"}, sort_keys=True)


def _is_number(value: object) -> bool:
    return isinstance(value, _NUMBER)


# encode() writes into an array.array, encode_view() into a NumPy array: both index alike.
_Vector = Any


@attrs.frozen
class _Slot:
    """Where one zone's numbers go: its size, and its kind counts and top (-1: none)."""

    size: int
    kinds: int
    top: int
    end: int


class ObservationEncoder:
    """Encodes what a seat sees of a match of ``game`` with ``players`` seats (see the module).

    ``encode(state, seat)`` reads only what ``game.view(state, seat)`` shows: the sizes of all
    zones, the cards of the zones the seat sees, the game's public information and the seats to
    act; ``encode_view(view)`` computes the same vector from the view's JSON itself (the tests
    check that both agree). ``size``, ``low`` and ``high`` describe the vector.

    Raises:
        RulesError: the game's states do not keep the zones and cards of its first state, or
            its :meth:`~tablecards.Game.observation_features` changes length.
    """

    def __init__(self, game: Game[Any], players: int) -> None:
        self.game = game
        self.players = players
        state = game.initial_state(players, MatchRandom(0))
        self.kinds: tuple[str, ...] = tuple(
            sorted({_kind_key(card.to_json()) for card in state.cards()})
        )
        kind_number = {key: number for number, key in enumerate(self.kinds)}
        self._kind_number = kind_number
        self._kind_of = {card.id: kind_number[_kind_key(card.to_json())] for card in state.cards()}
        zones = list(state.zones())
        self.zone_names: tuple[str, ...] = tuple(zone.name for zone in zones)
        self._relative = _relative_places(zones, players)
        self._slots, end = self._zone_layout(zones)
        game.setup(state)
        self._scalars, self._lists = _extra_schema(game.view_extra(state, 0), players)
        self._extra_at = end
        end += 2 * len(self._scalars) + players * len(self._lists)
        self._act_at = end
        end += 2 * players
        self._refined = type(game).observation_features is not Game.observation_features
        self._features_at = end
        self._features = (
            len(game.observation_features(_public(game.view(state, 0)))) if self._refined else 0
        )
        self.size = end + self._features
        self.low, self.high = self._bounds(len(self._kind_of))
        # Per seat, the last encoding and what each zone showed then (see _put_zones).
        self._memory: list[tuple[array.array[float], list[object]]] = [
            (array.array("f", bytes(4 * self.size)), [None] * len(self.zone_names))
            for _ in range(players)
        ]
        self._blank = array.array("f", bytes(4 * 2 * len(self.kinds)))
        self._state_type = type(state)
        self._zone_fields = _zone_fields(state)
        # The zone fields and zones of the last observed state (see _zones).
        self._last_fields: tuple[Any, ...] = ()
        self._last_zones: list[Zone[Any]] = []
        # Native float32s, as array.array("f") and NumPy store them.
        self._pack_extra = struct.Struct(f"={self._features_at - self._extra_at}f").pack_into
        self._pack_features = struct.Struct(f"={self._features}f").pack_into

    def zone_index(self, name: str) -> int:
        """Where the size of zone ``name`` (as seat 0 names it) sits in every seat's encoding.

        The layout is seat-relative: for seat 2, ``zone_index("hand:0")`` is where the size of
        its own hand (``hand:2``) is. The counts of the zone's card kinds (when the seat may
        see it) follow, one per entry of ``kinds``, then the one-hot of its top card.

        Raises:
            UnknownZone: the game has no zone of that name.
        """
        if name not in self.zone_names:
            raise UnknownZone(
                f"{self.game.name} has no zone {name!r}; its zones: {', '.join(self.zone_names)}"
            )
        return self._slots[0][self.zone_names.index(name)].size

    # -- layout -----------------------------------------------------------------------------------

    def _zone_layout(self, zones: list[Zone[Any]]) -> tuple[list[list[_Slot]], int]:
        """Per seat, per zone (in state order), where its numbers go."""
        kinds = len(self.kinds)
        # The layout as seat 0 sees it, by place; other seats map their zones onto these places.
        by_place: list[_Slot] = []
        offset = 0
        # Rotated, a place holds another seat's zone only for seats other than its owner's
        # (seat 0's hand is each seat's own hand); not rotated, any owner-only zone may be the
        # observing seat's own.
        rotated = any(places != self._relative[0] for places in self._relative)
        for zone in zones:
            seen = zone.visibility is not Visibility.HIDDEN and (
                zone.visibility is not Visibility.OWNER or zone.owner == 0 or not rotated
            )
            by_place.append(
                _Slot(
                    offset, offset + 1 if seen else -1, offset + 1 + kinds, offset + 1 + 2 * kinds
                )
            )
            offset += 1 + (2 * kinds if seen else 0)
        slots = [
            [by_place[self._relative[seat][index]] for index in range(len(zones))]
            for seat in range(self.players)
        ]
        return slots, offset

    def _bounds(self, cards: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        low = np.full(self.size, -np.inf, np.float32)
        high = np.full(self.size, np.inf, np.float32)
        place_slots = self._slots[0]
        for slot in place_slots:
            low[slot.size], high[slot.size] = 0, cards
            if slot.kinds >= 0:
                kinds = len(self.kinds)
                low[slot.kinds : slot.kinds + kinds], high[slot.kinds : slot.kinds + kinds] = (
                    0,
                    cards,
                )
                low[slot.top : slot.top + kinds], high[slot.top : slot.top + kinds] = 0, 1
        flags = self._extra_at + 1 + 2 * np.arange(len(self._scalars))
        low[flags], high[flags] = 0, 1
        low[self._act_at : self._features_at], high[self._act_at : self._features_at] = 0, 1
        return low, high

    # -- encoding ---------------------------------------------------------------------------------

    def encode(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        """The encoding of what ``seat`` sees of ``state`` (a new float32 array)."""
        out, keys = self._memory[seat]
        self._put_zones(out, keys, state, seat)
        extra = self.game.view_extra(state, seat)
        self._put_extra(out, extra, seat, state.to_act)
        if self._refined:
            public = {"seat": seat, "players": self.players, "to_act": list(state.to_act)}
            public["over"] = state.over
            public.update(extra)
            self._put_features(out, public)
        # The caller's own copy: a bytearray of the memory (a C copy), read by NumPy.
        vector: npt.NDArray[np.float32] = np.frombuffer(bytearray(out), np.float32)
        return vector

    def _zones(self, state: State) -> list[Zone[Any]]:
        """``list(state.zones())``, read through the fields that held zones in the first state
        (found once): cheaper than the generator of ``State.zones``, called for every
        observation, and cheaper still when those fields hold the same zones as last time."""
        if type(state) is not self._state_type:
            return list(state.zones())
        fields = self._zone_fields(state)
        # Zones compare by identity: equal fields hold the very zones of the last call.
        if fields == self._last_fields:
            return self._last_zones
        zones: list[Zone[Any]] = []
        for value in fields:
            if type(value) is Zone:
                zones.append(value)
            elif type(value) is tuple and value and type(value[0]) is Zone:
                zones.extend(value)
        # Zones elsewhere than in the first state's fields: ask the state.
        if len(zones) != len(self.zone_names):
            return list(state.zones())
        self._last_fields, self._last_zones = fields, zones
        return zones

    def _put_zones(
        self, out: array.array[float], keys: list[object], state: State, seat: int
    ) -> None:
        # Between two steps most zones do not change: each zone's part is rewritten only when
        # what the seat sees of it (its size, or its cards when visible) differs from last time.
        # The memory is an array.array: item updates cost less there than in a NumPy array.
        kind_of = self._kind_of
        slots = self._slots[seat]
        blank = self._blank
        number = -1
        for number, zone in enumerate(self._zones(state)):
            slot = slots[number]
            cards = zone.cards
            visibility = zone.visibility
            if (
                slot.kinds < 0
                or visibility is _HIDDEN
                or (visibility is _OWNER and zone.owner != seat)
            ):
                key: object = len(cards)
                if keys[number] != key:
                    keys[number] = key
                    out[slot.size] = len(cards)
                    if slot.kinds >= 0:
                        out[slot.kinds : slot.end] = blank
                continue
            # A list compares its items by identity first: an unchanged zone costs no Python.
            if keys[number] == cards:
                continue
            keys[number] = list(cards)
            out[slot.size] = len(cards)
            out[slot.kinds : slot.end] = blank
            at = slot.kinds
            for card in cards:
                out[at + kind_of[card.id]] += 1
            if cards:
                out[slot.top + kind_of[cards[-1].id]] = 1
        if number + 1 != len(slots):
            raise RulesError(f"{self.game.name}: a state has other zones than its first state")

    def encode_view(self, view: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        """The same encoding, computed from a seat's view (the JSON of
        :meth:`tablecards.Match.view`)."""
        seat = view["seat"]
        out = np.zeros(self.size, np.float32)
        slots = self._slots[seat]
        zones = view["zones"]
        for number, name in enumerate(self.zone_names):
            seen = zones[name]
            slot = slots[number]
            out[slot.size] = seen["count"]
            cards = seen.get("cards")
            if cards and slot.kinds >= 0:
                for card in cards:
                    out[slot.kinds + self._kind_number[_kind_key(card)]] += 1
                out[slot.top + self._kind_number[_kind_key(cards[-1])]] = 1
        extra = {key: value for key, value in view.items() if key not in _ENGINE_KEYS}
        self._put_extra(out, extra, seat, tuple(view["to_act"]))
        if self._refined:
            self._put_features(out, _public(view))
        return out

    def _put_extra(
        self, out: _Vector, extra: Mapping[str, Any], seat: int, to_act: Sequence[int]
    ) -> None:
        players = self.players
        numbers = _NUMBER_TYPES
        values: list[float] = []
        for key in self._scalars:
            value = extra.get(key)
            if type(value) in numbers:
                values.append(value)  # type: ignore[arg-type]  # an int, float or bool
                values.append(1.0)
            else:
                values.append(0.0)
                values.append(0.0)
        for key in self._lists:
            items = extra.get(key)
            if type(items) is list and len(items) == players:
                # Mostly numbers only: then no Python per item.
                if not numbers.issuperset(map(type, items)):
                    items = [item if type(item) in numbers else 0.0 for item in items]
                values += items[seat:]
                values += items[:seat]
            else:
                values += [0.0] * players
        # The seats to act (seat-relative), then the seat's own one-hot: right after the numbers.
        seats = [0.0] * (2 * players)
        for other in to_act:
            seats[(other - seat) % players] = 1.0
        seats[players + seat] = 1.0
        values.extend(seats)
        try:
            # Packed straight into the memory: no intermediate array.
            self._pack_extra(out, 4 * self._extra_at, *values)
        except OverflowError:
            # Beyond float32: array.array makes it an infinity, as NumPy does. One slice of
            # exactly its own length (an array.array would grow or shrink otherwise).
            out[self._extra_at : self._features_at] = array.array("f", values)

    def _put_features(self, out: _Vector, view: Mapping[str, Any]) -> None:
        features = self.game.observation_features(view)
        if len(features) != self._features:
            raise RulesError(
                f"{self.game.name}.observation_features gave {len(features)} numbers, "
                f"not {self._features} as for the first view of the match"
            )
        try:
            # Packed straight into the memory: no intermediate array.
            self._pack_features(out, 4 * self._features_at, *features)
        except (OverflowError, struct.error):
            # Beyond float32 (array.array makes it an infinity, as NumPy does) or not a number
            # (array.array raises the TypeError).
            out[self._features_at :] = array.array("f", features)


def _public(view: Mapping[str, Any]) -> dict[str, Any]:
    """What :meth:`Game.observation_features` is given: the view without its zones."""
    return {key: value for key, value in view.items() if key not in _NOT_FEATURES}


def _relative_places(zones: list[Zone[Any]], players: int) -> list[list[int]]:
    """For each seat, the place (index in seat 0's layout) of each zone, seat-relative.

    A zone owned by seat ``o`` takes, for ``seat``, the place of the zone of the same rank among
    seat ``(o - seat) % players``'s zones. When seats own different numbers of zones, places are
    not rotated.
    """
    owned: dict[int, list[int]] = {}
    for index, zone in enumerate(zones):
        if zone.owner is not None:
            owned.setdefault(zone.owner, []).append(index)
    identity = list(range(len(zones)))
    if len({len(indices) for indices in owned.values()}) > 1 or (
        owned and set(owned) != set(range(players))
    ):
        return [identity] * players
    rank = {
        index: (owner, r) for owner, indices in owned.items() for r, index in enumerate(indices)
    }
    places = []
    for seat in range(players):
        mapping = list(identity)
        for index, (owner, r) in rank.items():
            mapping[index] = owned[(owner - seat) % players][r]
        places.append(mapping)
    return places


def _extra_schema(extra: Mapping[str, Any], players: int) -> tuple[list[str], list[str]]:
    """The scalar keys and the per-seat list keys of a first ``view_extra``, sorted."""
    scalars: list[str] = []
    lists: list[str] = []
    for key in sorted(extra):
        value = extra[key]
        if value is None or _is_number(value):
            scalars.append(key)
        elif (
            isinstance(value, list)
            and len(value) == players
            and all(item is None or _is_number(item) for item in value)
        ):
            lists.append(key)
    return scalars, lists


def _zone_fields(state: State) -> Callable[[State], tuple[Any, ...]]:
    """A getter of the fields of ``state``'s class that hold zones in ``state`` (a zone, or a
    tuple of zones), as ``State.zones`` reads them."""
    names = [
        field.name
        for field in attrs.fields(type(state))
        if _holds_zones(getattr(state, field.name))
    ]
    if len(names) < 2:  # attrgetter returns one value for one name, fails for none
        return lambda state: tuple(getattr(state, name) for name in names)
    return operator.attrgetter(*names)


def _holds_zones(value: object) -> bool:
    """Whether a state's field holds a zone or a (non-empty) tuple of zones."""
    return type(value) is Zone or (
        type(value) is tuple and bool(value) and all(type(item) is Zone for item in value)
    )
