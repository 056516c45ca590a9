"""The JSON Schema of a view: the engine's keys, zones and cards, and where a game's keys go."""

from __future__ import annotations

import copy
from typing import Any, Final

from tablecards._game import RESERVED_VIEW_KEYS

__all__ = ["view_schema"]

_CARD: Final[dict[str, Any]] = {
    "description": "A card the seat may see: its id (unique within the match) and the "
    "game's own card fields (value, colour, ...).",
    "type": "object",
    "properties": {"id": {"type": "integer", "minimum": 0}},
    "required": ["id"],
}

_ZONE: Final[dict[str, Any]] = {
    "description": "A zone as the seat sees it: always its size; the seat that owns it, only "
    "when it has an owner; its cards, bottom first, only when the seat may see them.",
    "type": "object",
    "properties": {
        "count": {"type": "integer", "minimum": 0},
        "owner": {
            "description": "The seat the zone belongs to (Zone.owner); absent for a zone of "
            "nobody (a deck, the middle of the table).",
            "type": "integer",
            "minimum": 0,
        },
        "cards": {"type": "array", "items": {"$ref": "#/$defs/card"}},
    },
    "required": ["count"],
    "additionalProperties": False,
}

_SEAT: Final[dict[str, Any]] = {"type": "integer", "minimum": 0}

_SCHEMA: Final[dict[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "tablecards view",
    "description": "What one seat (or a spectator) may see of a match: Match.view(seat). The "
    "engine's keys are reserved; any other key is the game's own (Game.view_extra) and holds "
    "JSON data that the seat may see.",
    "type": "object",
    "properties": {
        "game": {"description": "The game's registry name.", "type": "string"},
        "seat": {
            "description": "The seat this view is for; null for a spectator.",
            "anyOf": [_SEAT, {"type": "null"}],
        },
        "players": {"description": "The number of seats.", "type": "integer", "minimum": 1},
        "to_act": {
            "description": "The seats that may act now (several in an open moment).",
            "type": "array",
            "items": _SEAT,
            "uniqueItems": True,
        },
        "over": {"description": "Whether the match has ended.", "type": "boolean"},
        "zones": {
            "description": "Every zone of the match by name.",
            "type": "object",
            "additionalProperties": {"$ref": "#/$defs/zone"},
        },
        "moves": {
            "description": "How many actions have been applied.",
            "type": "integer",
            "minimum": 0,
        },
    },
    "required": sorted(RESERVED_VIEW_KEYS),
    "additionalProperties": True,
    "$defs": {"card": _CARD, "zone": _ZONE},
}


def view_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a view, as :meth:`Match.view` returns it.

    The engine's keys are ``game``, ``seat`` (``null`` for a spectator), ``players``,
    ``to_act``, ``over``, ``zones`` (each zone by name: ``count``, ``owner`` when the zone
    belongs to a seat, and ``cards`` only when the seat may see them, each card an object with its ``id`` and the game's card fields) and
    ``moves``. They are reserved: a game's own keys (:meth:`Game.view_extra`) sit beside them
    under other names, and a game that returns a reserved key is refused with
    :class:`~tablecards.RulesError`. Returns a fresh copy each call.
    """
    return copy.deepcopy(_SCHEMA)
