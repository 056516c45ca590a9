"""JSON forms of actions and states. Models stay plain; their (de)serialisation lives here."""

from __future__ import annotations

import copy
import enum
import json
from collections.abc import Mapping
from typing import Any

import attrs

from tablecards.core._actions import Action
from tablecards.core._cards import Card, Zone
from tablecards.core._fields import read_action
from tablecards.core._state import State

__all__ = ["action_from_json", "action_to_json", "dumps", "snapshot"]


def dumps(data: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, so equal data gives equal bytes."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as ``{"type": ClassName, field: value, ...}``."""
    try:
        made = _ACTION_JSON.get(action)
    except TypeError:  # a field that cannot be hashed: made each time
        return _action_json(action)
    if made is None:
        if len(_ACTION_JSON) >= _ACTION_JSON_MAX:
            _ACTION_JSON.clear()
        out = _action_json(action)
        flat = not any(isinstance(value, list) for value in out.values())
        made = _ACTION_JSON[action] = (out, flat)
    # Every caller gets its own dict (it may change it): a copy, deep only for list fields.
    return made[0].copy() if made[1] else copy.deepcopy(made[0])


# Scenes and wire messages give the JSON of the same legal actions again and again; actions are
# frozen, so each one's JSON is made once (bounded: cleared when full).
_ACTION_JSON: dict[Action, tuple[dict[str, Any], bool]] = {}
_ACTION_JSON_MAX = 8192


def _action_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type(action).__name__}
    for field in attrs.fields(type(action)):
        out[field.name] = _plain(getattr(action, field.name))
    return out


def action_from_json(types: Mapping[str, type[Action]], data: Any) -> Action:
    """Read an action back from :func:`action_to_json`'s form (a dict, or JSON text).

    ``types`` maps names to action classes (:meth:`Game.action_types`); a game's
    :meth:`~tablecards.Game.parse_action` is the same for that game's actions. Fields declared
    with a default may be omitted.

    Raises:
        MalformedAction: ``data`` is not an object, names no known action type, or its fields
            do not match that type's declared fields (missing, extra or of the wrong type).
    """
    return read_action(types, data)


def snapshot(state: State) -> dict[str, Any]:
    """The whole state as JSON-ready data: zones as card ids, the generator's full state.

    Used to detect tampering and divergence when a saved match is loaded, and by tests to
    compare states byte for byte.
    """
    out: dict[str, Any] = {}
    for field in attrs.fields(type(state)):
        name = field.name
        if name == "sink":
            continue
        if name == "sealed":
            # The answers of an open moment everyone answers on their own (by their JSON);
            # left out between such moments, so other saves keep their bytes.
            if state.sealed:
                out[name] = [[seat, action_to_json(action)] for seat, action in state.sealed]
            continue
        if name == "passed_on":
            # What seats know of the hands they passed (tablecards.core._passing): left out while
            # empty, like the answers above.
            if state.passed_on:
                out[name] = [[seat, sorted(known)] for seat, known in state.passed_on]
            continue
        out[name] = _snap(getattr(state, name))
    return out


#: Values that are their own snapshot (most of a state's leaves: seats, counts, names); an
#: enum's type is its own class, so an ``IntEnum`` still goes to the enum's branch below.
_PLAIN = frozenset({int, str, bool, float, type(None)})


def _snap(value: Any) -> Any:
    # The plain leaves first: the conformance kit takes a snapshot after every action.
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Zone):
        return [card.id for card in value.cards]
    if isinstance(value, Card):
        return value.id
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        # Mostly seats and counts: kept without a call each.
        return [item if type(item) in _PLAIN else _snap(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_snap(item) for item in value)
    if isinstance(value, dict):
        return {str(key): _snap(item) for key, item in value.items()}
    if attrs.has(type(value)):
        return {f.name: _snap(getattr(value, f.name)) for f in attrs.fields(type(value))}
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value
