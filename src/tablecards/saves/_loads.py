"""Loading a saved state from its snapshot, without replaying the log (``verify=False``).

A snapshot (:func:`tablecards.core._serial.snapshot`) writes zones as card ids, enums as their
values, tuples as lists and attrs objects as dicts. Read back through the state class's type
hints, with a freshly set-up state of the same match giving the zones' names, visibilities,
owners and the cards by id. Anything the type hints do not describe plainly makes the reader
give up (``None``), and the caller replays the log instead: a fast load is never a guess.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs

from tablecards.core._cards import Card, Zone
from tablecards.core._errors import TablecardsError
from tablecards.core._game import Game
from tablecards.core._random import MatchRandom
from tablecards.core._serial import snapshot
from tablecards.core._state import State

__all__ = ["CannotRead", "read_log", "state_from_snapshot"]

_ENGINE_PARSE = Game.parse_action


class CannotRead(Exception):
    """The saved data does not fit the state's declared types (a tampered or foreign save)."""


class _Unsupported(Exception):
    """A field whose type the generic reader does not handle: replay instead."""


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception as error:  # unresolvable annotations: the reader cannot help
            raise _Unsupported(f"{cls.__name__}: {error}") from None
        _HINTS[cls] = hints
    return hints


def state_from_snapshot(fresh: State, saved: Any) -> State | None:
    """The state ``saved`` describes, built on ``fresh`` (the same match just set up).

    Returns ``None`` when the state class has a field the reader does not handle (the caller
    replays the log then).

    Raises:
        CannotRead: ``saved`` does not fit the state's types, names a card the match does not
            have, holds a card twice or leaves one out, or does not snapshot back to itself.
    """
    cls = type(fresh)
    if not isinstance(saved, dict):
        raise CannotRead("the saved state is not an object")
    if "sealed" in saved or "passed_on" in saved:
        return None  # the engine's own records, read by replaying the log
    names = [f.name for f in attrs.fields(cls) if f.name not in ("sink", "sealed", "passed_on")]
    if sorted(saved) != sorted(names):
        raise CannotRead("the saved state's fields are not the game's")
    cards = {card.id: card for card in fresh.cards()}
    placed: set[int] = set()
    try:
        hints = _hints(cls)
        new = object.__new__(cls)
        for name in names:
            reader = _reader(hints[name], getattr(fresh, name), cards, placed)
            setattr(new, name, reader(saved[name]))
    except _Unsupported:
        return None
    except (TypeError, ValueError, KeyError, IndexError) as error:
        raise CannotRead(f"the saved state does not fit the game's: {error}") from None
    new.sink = None
    new.sealed = ()
    new.passed_on = ()
    if len(placed) != len(cards):
        raise CannotRead(f"{len(cards) - len(placed)} card(s) of the match are in no zone")
    if snapshot(new) != saved:
        raise CannotRead("the saved state does not read back to itself")
    return new


Reader = Callable[[Any], Any]


def _reader(hint: Any, template: Any, cards: dict[int, Card], placed: set[int]) -> Reader:
    """How to read a value of type ``hint`` (``template``: the fresh state's value)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Zone or origin is Zone:
        if not isinstance(template, Zone):
            raise _Unsupported("a zone field without a zone")
        return lambda value: _zone(template, value, cards, placed)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) != 1:
            raise _Unsupported(f"{hint}")
        inner = _reader(options[0], template, cards, placed)
        return lambda value: None if value is None else inner(value)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            if typing.get_origin(args[0]) is Zone or args[0] is Zone:
                zones = template if isinstance(template, tuple) else ()
                return lambda value: _zones(zones, value, cards, placed)
            item = _reader(args[0], None, cards, placed)
            return lambda value: tuple(item(v) for v in _list(value))
        readers = [_reader(a, None, cards, placed) for a in args]
        return lambda value: tuple(
            r(v) for r, v in zip(readers, _list(value, len(readers)), strict=True)
        )
    if origin in (list, set, frozenset) and len(args) == 1:
        item = _reader(args[0], None, cards, placed)
        container = origin
        return lambda value: container(item(v) for v in _list(value))
    if origin is dict and len(args) == 2 and args[0] in (int, str):
        key_type, val = args[0], _reader(args[1], None, cards, placed)
        return lambda value: {key_type(k): val(v) for k, v in _dict(value).items()}
    if hint is MatchRandom:
        return lambda value: MatchRandom(_exact(int)(value["seed"]), _exact(int)(value["draws"]))
    if isinstance(hint, type):
        if issubclass(hint, enum.Enum):
            return hint
        if issubclass(hint, Card):
            return lambda value: _card(value, cards)
        if hint in (int, str, bool, float):
            return _exact(hint)
        if attrs.has(hint) and getattr(hint, "__attrs_attrs__", None) is not None:
            field_hints = _hints(hint)
            fields = {
                f.name: _reader(field_hints[f.name], None, cards, placed)
                for f in attrs.fields(hint)
            }
            return lambda value: hint(**{n: r(_dict(value)[n]) for n, r in fields.items()})
    raise _Unsupported(f"{hint}")


def _exact(kind: type[Any]) -> Reader:
    def read(value: Any) -> Any:
        if type(value) is not kind and not (kind is float and type(value) is int):
            raise TypeError(f"expected {kind.__name__}, not {type(value).__name__}")
        return value

    return read


def _list(value: Any, length: int | None = None) -> list[Any]:
    if type(value) is not list or (length is not None and len(value) != length):
        raise TypeError(f"expected a list{f' of {length}' if length else ''}")
    return value


def _dict(value: Any) -> dict[str, Any]:
    if type(value) is not dict:
        raise TypeError("expected an object")
    return value


def _card(value: Any, cards: dict[int, Card]) -> Card:
    if type(value) is not int or value not in cards:
        raise ValueError(f"no card has the id {value!r}")
    return cards[value]


def _zone(template: Zone[Any], value: Any, cards: dict[int, Card], placed: set[int]) -> Zone[Any]:
    ids = _list(value)
    held = []
    for card_id in ids:
        if type(card_id) is not int or card_id not in cards:
            raise ValueError(f"zone {template.name!r} holds an unknown card {card_id!r}")
        if card_id in placed:
            raise ValueError(f"card {card_id} is in two places")
        placed.add(card_id)
        held.append(cards[card_id])
    return Zone(template.name, template.visibility, template.owner, held)


def _zones(
    zones: tuple[Zone[Any], ...], value: Any, cards: dict[int, Card], placed: set[int]
) -> tuple[Zone[Any], ...]:
    items = _list(value, len(zones))
    return tuple(_zone(zone, item, cards, placed) for zone, item in zip(zones, items, strict=True))


def read_log(log: list[Any], parse: Callable[[Any], Any], players: int) -> list[tuple[int, Any]]:
    """The saved log as ``(seat, action)`` pairs, each action read by the game (not replayed).

    Raises:
        CannotRead: an entry is not a ``[seat, action]`` pair of a seat of the match and an
            action of the game.
    """
    out: list[tuple[int, Any]] = []
    append = out.append
    # Saves repeat the same few actions (field-less ones above all): each distinct entry is
    # read once, keyed by its keys, values and their types (True == 1, but not as a field).
    # Actions are immutable, so a game whose reading is the engine's own shares its readings
    # between loads.
    owner = getattr(parse, "__self__", None)
    shared = owner is not None and getattr(type(owner), "parse_action", None) is _ENGINE_PARSE
    known = _KNOWN.setdefault(type(owner), {}) if shared else {}
    if len(known) > _KNOWN_LIMIT:
        known.clear()
    seats = range(players)
    for entry in log:
        if type(entry) is not list or len(entry) != 2:
            raise CannotRead(f"log entry {len(out)} is not a [seat, action] pair")
        seat, raw = entry
        if type(seat) is not int or seat not in seats:
            raise CannotRead(f"log entry {len(out)} names no seat of the match: {seat!r}")
        if type(raw) is dict:
            values = tuple(raw.values())
            key: Any = (tuple(raw), values, tuple(map(type, values)))
            try:
                action = known[key]
            except KeyError:
                action = _parse(parse, raw, len(out))
                if all(type(value) in _SCALARS for value in values):
                    known[key] = action
            except TypeError:  # an unhashable value (a list field): read it each time
                action = _parse(parse, raw, len(out))
        else:
            action = _parse(parse, raw, len(out))
        append((seat, action))
    return out


def _parse(parse: Callable[[Any], Any], raw: Any, index: int) -> Any:
    try:
        return parse(raw)
    except TablecardsError as error:
        raise CannotRead(f"log entry {index} is not an action: {error}") from None


_SCALARS = frozenset({str, int, bool, type(None)})
_KNOWN: dict[type[Any], dict[Any, Any]] = {}
_KNOWN_LIMIT = 4096
