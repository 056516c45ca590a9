"""The declared fields of action classes, and reading a client's action data against them.

An action's fields are typed (``value: int``, ``colour: str``, ``cards: tuple[int, ...]``).
The engine reads those declarations once per class and checks values against them: a client's
JSON when it is parsed, and an action object that the match does not recognise before any rule
sees it. ``bool`` is never accepted for ``int`` (although Python treats it as one), and
``float``, ``Decimal`` or ``Fraction`` never either: only what saves and reloads unchanged.
"""

from __future__ import annotations

import json
import sys
import types
import typing
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Final, Union

import attrs

from tablecards.core._actions import Action
from tablecards.core._errors import MalformedAction, show

__all__ = ["Field", "Seat", "check_fields", "fields_of", "read_action"]


class _SeatMarker:
    """The mark :data:`Seat` carries (an object of its own: no other metadata is taken for it)."""

    def __repr__(self) -> str:
        return "tablecards.Seat"


_SEAT_MARK: Final = _SeatMarker()

#: The type of an action field that names a seat (Stop's ``Raise.bid``, ``Give.to``): an
#: ``int`` to type checkers, and checked by the match against the match's seats.
Seat = Annotated[int, _SEAT_MARK]


class _Wrong(Exception):
    """A value that does not fit its declared type (internal: turned into the caller's error)."""


# A converter takes a value and whether it comes from JSON (lists stand for tuples there),
# and returns the value as the action holds it, or raises _Wrong.
Convert = Callable[[Any, bool], Any]


@attrs.frozen(slots=True)
class Field:
    """One declared field of an action class.

    Attributes:
        name: the attribute name.
        expected: the declared type in words (``"int"``, ``"list of int"``).
        convert: checks a value (and turns JSON lists into tuples).
        default: the default (``attrs.NOTHING`` when the field must be given).
        seat: whether the field names a seat (checked against the match's seats).
    """

    name: str
    expected: str
    convert: Convert
    default: Any
    seat: bool


_FIELDS: dict[type[Action], tuple[Field, ...]] = {}


def fields_of(cls: type[Action]) -> tuple[Field, ...]:
    """The declared fields of an action class (read once, then cached)."""
    found = _FIELDS.get(cls)
    if found is None:
        module = sys.modules.get(cls.__module__)
        hints = typing.get_type_hints(cls, vars(module) if module else None, include_extras=True)
        found = tuple(
            Field(field.name, *_converter(_plain(hint)), field.default, _is_seat(hint))
            for field in attrs.fields(cls)
            for hint in (hints.get(field.name, Any),)
        )
        _FIELDS[cls] = found
    return found


def _is_seat(hint: Any) -> bool:
    return typing.get_origin(hint) is Annotated and _SEAT_MARK in hint.__metadata__


def _plain(hint: Any) -> Any:
    return hint.__origin__ if typing.get_origin(hint) is Annotated else hint


def _converter(hint: Any) -> tuple[str, Convert]:
    """The words for a declared type and the converter that checks it."""
    if hint is bool:
        return "bool", _exact(bool)
    if hint is int:
        return "int", _exact(int)
    if hint is str:
        return "str", _exact(str)
    if hint is type(None) or hint is None:
        return "null", _exact(type(None))
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Union or origin is types.UnionType:
        options = [_converter(arg) for arg in args]
        return " or ".join(words for words, _ in options), _either([c for _, c in options])
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            words, item = _converter(args[0])
            return f"list of {words}", _sequence(item)
        items = [_converter(arg) for arg in args]
        words = ", ".join(w for w, _ in items)
        return f"list of [{words}]", _fixed([c for _, c in items])
    # Any, or a type the engine does not know (actions should hold ints, strs, bools and
    # tuples of those): it checks only that the value is JSON data.
    return "any JSON value", _json_value


def _exact(kind: type) -> Convert:
    def convert(value: Any, from_json: bool) -> Any:
        if type(value) is not kind:
            raise _Wrong
        return value

    return convert


def _either(converters: list[Convert]) -> Convert:
    def convert(value: Any, from_json: bool) -> Any:
        for one in converters:
            try:
                return one(value, from_json)
            except _Wrong:
                pass
        raise _Wrong

    return convert


def _sequence(item: Convert) -> Convert:
    def convert(value: Any, from_json: bool) -> Any:
        if type(value) is not tuple and not (from_json and type(value) is list):
            raise _Wrong
        return tuple(item(v, from_json) for v in value)

    return convert


def _fixed(items: list[Convert]) -> Convert:
    def convert(value: Any, from_json: bool) -> Any:
        if type(value) is not tuple and not (from_json and type(value) is list):
            raise _Wrong
        if len(value) != len(items):
            raise _Wrong
        return tuple(one(v, from_json) for one, v in zip(items, value, strict=True))

    return convert


def _json_value(value: Any, from_json: bool) -> Any:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise _Wrong from None
    return value


def check_fields(action: Action, players: int) -> tuple[str, str] | None:
    """The first field of ``action`` whose value does not fit its declaration.

    Returns ``(field, expected)`` in words, or ``None`` when every field fits (seat fields
    must also be seats of a match of ``players``).
    """
    for field in fields_of(type(action)):
        value = getattr(action, field.name)
        try:
            field.convert(value, False)
        except _Wrong:
            return field.name, field.expected
        if field.seat and not 0 <= value < players:
            return field.name, f"a seat (0 to {players - 1})"
    return None


def read_action(types_: Mapping[str, type[Action]], data: Any) -> Action:
    """An action of one of ``types_`` from its JSON form (a dict, or JSON text as str/bytes).

    Fields with a default may be omitted; JSON text that gives a key twice is refused. Raises
    :class:`~tablecards.MalformedAction` for anything that is not such an action, saying what
    was expected.
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = _loads(data)
    if not isinstance(data, Mapping):
        raise MalformedAction(
            f'an action is a JSON object such as {{"type": ...}}, not {type(data).__name__} '
            f"{show(data)}"
        )
    name = data.get("type")
    cls = types_.get(name) if isinstance(name, str) else None
    if cls is None:
        known = ", ".join(sorted(types_)) or "none"
        raise MalformedAction(f"unknown action type {show(name)}; known types: {known}")
    declared = fields_of(cls)
    values: dict[str, Any] = {}
    for field in declared:
        if field.name not in data:
            if field.default is attrs.NOTHING:
                raise MalformedAction(f"{name} needs field {field.name!r} ({_signature(cls)})")
            continue
        try:
            values[field.name] = field.convert(data[field.name], True)
        except _Wrong:
            raise MalformedAction(
                f"{name}.{field.name} must be {field.expected}, not {show(data[field.name])} "
                f"({_signature(cls)})"
            ) from None
    names = {field.name for field in declared}
    extra = sorted(show(key) for key in data if key != "type" and key not in names)
    if extra:
        raise MalformedAction(f"{name} has no field {', '.join(extra)} ({_signature(cls)})")
    return cls(**values)


class _Duplicate(Exception):
    """A JSON object that names one key twice (internal: turned into MalformedAction)."""

    def __init__(self, key: str) -> None:
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads``'s object hook: an object, refusing a key given twice."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


def _loads(text: str | bytes | bytearray) -> Any:
    # A key given twice would silently take its last value: which one the client meant is
    # unknowable, so the action is refused.
    try:
        return json.loads(text, object_pairs_hook=_unique)
    except _Duplicate as error:
        raise MalformedAction(
            f"the key {show(error.key)} is given twice: each field of an action is given once"
        ) from None
    except UnicodeDecodeError as error:
        raise MalformedAction(f"an action is UTF-8 JSON text ({error.reason})") from None
    except json.JSONDecodeError as error:
        raise MalformedAction(
            f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise MalformedAction("not readable JSON: nested too deeply") from None
    except ValueError as error:
        # A number too long to convert to an int ends up here.
        raise MalformedAction(f"not readable JSON: {show(str(error))}") from None


def _signature(cls: type[Action]) -> str:
    parts = []
    for field in fields_of(cls):
        optional = "" if field.default is attrs.NOTHING else f" = {field.default!r}"
        parts.append(f"{field.name}: {field.expected}{optional}")
    return f"{cls.__name__}({', '.join(parts)})"
