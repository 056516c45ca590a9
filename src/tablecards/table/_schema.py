"""The JSON Schema of a view: the engine's keys, zones and cards, and where a game's keys go."""

from __future__ import annotations

import copy
from typing import Any, Final

from tablecards.core._game import RESERVED_VIEW_KEYS
from tablecards.table._faces import PALETTE

__all__ = ["scene_schema", "view_schema"]

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
        "answers": {
            "description": "Only in a moment where everyone answers on their own "
            "(Game.simultaneous): the seats that have chosen, and the viewer's own answer "
            "(null until it chooses; always null for a spectator). Nobody sees another's "
            "answer before the moment closes.",
            "type": "object",
            "properties": {
                "chosen": {"type": "array", "items": _SEAT, "uniqueItems": True},
                "yours": {"anyOf": [{"type": "object"}, {"type": "null"}]},
            },
            "required": ["chosen", "yours"],
            "additionalProperties": False,
        },
    },
    "required": sorted(RESERVED_VIEW_KEYS - {"answers"}),
    "additionalProperties": True,
    "$defs": {"card": _CARD, "zone": _ZONE},
}


def view_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a view, as :meth:`Match.view` returns it.

    The engine's keys are ``game``, ``seat`` (``null`` for a spectator), ``players``,
    ``to_act``, ``over``, ``zones`` (each zone by name: ``count``, ``owner`` when the zone
    belongs to a seat, and ``cards`` only when the seat may see them, each card an object with
    its ``id`` and the game's card fields) and
    ``moves``; in a moment where everyone answers on their own, ``answers`` too (who has
    chosen, and the viewer's own answer). They are reserved: a game's own keys
    (:meth:`Game.view_extra`) sit beside them under other names, and a game that returns a
    reserved key is refused with :class:`~tablecards.RulesError`. Returns a fresh copy each call.
    """
    return copy.deepcopy(_SCHEMA)


def _text(description: str) -> dict[str, Any]:
    return {"description": description, "type": "string"}


def _nullable_text(description: str) -> dict[str, Any]:
    return {"description": description, "type": ["string", "null"]}


def _object(description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "properties": properties,
        "required": sorted(properties),
        "additionalProperties": False,
    }


def _list(item: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "type": "array", "items": item}


# The colours a scene may paint: the renderers' palette, named once (table/_faces.py).
_COLOURS: Final = list(PALETTE)

_SCENE_DEFS: Final[dict[str, Any]] = {
    "badge": _object(
        "A short mark on a seat or a group: 'passed', 'red token', 'dealer'.",
        {
            "text": _text("The mark in words."),
            "tone": {
                "description": "How a renderer colours it.",
                "enum": ["info", "good", "warn", "bad", "mark"],
            },
        },
    ),
    "counter": _object(
        "A labelled number of a seat: tokens, score, cards in pack.",
        {
            "label": _text("What is counted: 'Tokens'."),
            "value": _text("The value as shown: '3', '12 cards', '5/6'."),
        },
    ),
    "face": _object(
        "One card face up.",
        {
            "id": {"description": "Data: the card's id.", "type": "integer", "minimum": 0},
            "rank": _text("The big mark of the card: '7', '+1', '\u22124', 'Priest'."),
            "colour": {
                "description": "The colour a renderer paints, from a fixed palette; null for "
                "a card of no colour.",
                "anyOf": [{"enum": _COLOURS}, {"type": "null"}],
            },
            "label": _text("The card in full words, its colour included: 'purple 7'."),
            "note": _nullable_text("A small note on the card: '+5'."),
            "kind": {
                "description": "Data: a hint for a renderer's style, such as 'point'.",
                "type": ["string", "null"],
            },
        },
    ),
    "zone": _object(
        "One zone as the viewer sees it.",
        {
            "id": {"description": "Data: the engine's zone name.", "type": "string"},
            "title": _text("The zone's title: 'Hand', 'Deck', 'Loot'."),
            "style": {
                "description": "hand: the viewer's own cards, fanned and sorted; row: cards "
                "side by side, all visible; pile: only the top card drawn, with the count; "
                "stack: face-down cards whose count matters; deck: a face-down draw pile.",
                "enum": ["hand", "row", "pile", "stack", "deck"],
            },
            "count": {"description": "How many cards.", "type": "integer", "minimum": 0},
            "cards": {
                "description": "The cards bottom first; null when they lie face down.",
                "anyOf": [{"type": "array", "items": {"$ref": "#/$defs/face"}}, {"type": "null"}],
            },
            "note": _nullable_text("A note under the zone."),
        },
    ),
    "panel": _object(
        "One seat at the table.",
        {
            "seat": {"description": "Data: the seat.", "type": "integer", "minimum": 0},
            "name": _text("The player's name; 'You' for the viewer."),
            "you": {"description": "Whether this is the viewer's seat.", "type": "boolean"},
            "active": {"description": "Whether the table waits for this seat.", "type": "boolean"},
            "badges": _list({"$ref": "#/$defs/badge"}, "Marks of the seat."),
            "counters": _list({"$ref": "#/$defs/counter"}, "Labelled numbers of the seat."),
            "zones": _list({"$ref": "#/$defs/zone"}, "The seat's own zones."),
        },
    ),
    "group": _object(
        "A group of the shared middle of the table.",
        {
            "id": {"description": "Data: the group's id.", "type": "string"},
            "title": _text("The group's title: 'Sequence 2', 'Deck'."),
            "note": _nullable_text("A note under the title."),
            "badges": _list({"$ref": "#/$defs/badge"}, "Marks of the group."),
            "zones": _list({"$ref": "#/$defs/zone"}, "The group's zones."),
        },
    ),
    "choice": {
        "description": "One choice: an action to send, or a first step that opens a group.",
        "oneOf": [
            _object(
                "A choice that is an action.",
                {
                    "text": _text("The menu text, names included."),
                    "act": {
                        "description": "Data: the action's JSON (Game.action_json) to send.",
                        "type": "object",
                        "properties": {"type": {"type": "string"}},
                        "required": ["type"],
                    },
                },
            ),
            _object(
                "A first step of a two-step decision.",
                {
                    "text": _text("The first step: 'purple 4'."),
                    "then": {"$ref": "#/$defs/actions"},
                },
            ),
        ],
    },
    "actions": _object(
        "A group of choices.",
        {
            "title": _nullable_text("The group's title."),
            "choices": _list({"$ref": "#/$defs/choice"}, "The choices, in menu order."),
        },
    ),
    "fact": _object(
        "A public fact in words.",
        {"label": _text("What it is about."), "text": _text("The fact.")},
    ),
    "score": _object(
        "One seat's score.",
        {
            "seat": {"description": "Data: the seat.", "type": "integer", "minimum": 0},
            "name": _text("The player's name; 'You' for the viewer."),
            "score": _text("The score as shown."),
        },
    ),
    "summary_row": _object(
        "One seat's line of a round summary.",
        {
            "seat": {"description": "Data: the seat.", "type": "integer", "minimum": 0},
            "name": _text("The player's name; 'You' for the viewer."),
            "cells": _list(_text("A figure: '3', '+6', 'blue 2, 3'."), "One text per column."),
        },
    ),
    "summary": _object(
        "The figures of a finished round, as a table with a row per seat.",
        {
            "id": {
                "description": "Data: names the round summed up; a new id is a new summary.",
                "type": "string",
            },
            "title": _text("The summary's title: 'Round 2 of 8'."),
            "note": _nullable_text("A sentence under the title: 'Bob wins the round with 9'."),
            "columns": _list(
                _text("A column heading: 'Red', 'Penalty cards', 'Score'."), "The columns."
            ),
            "rows": _list(
                {"$ref": "#/$defs/summary_row"},
                "One row per seat, in table order from the viewer.",
            ),
        },
    ),
}

_SCENE: Final[dict[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "tablecards scene",
    **_object(
        "What one seat (or a spectator) sees of a match, laid out for players: "
        "Match.scene(seat, names) or Game.scene(view, names, legal). Every text is words for "
        "players; the fields marked data are never shown as text.",
        {
            "version": {"description": "The scene layout's version.", "const": 1},
            "game": _text("The game's title."),
            "viewer": {
                "description": "Data: the viewer's seat; null for a spectator.",
                "anyOf": [_SEAT, {"type": "null"}],
            },
            "title": _text("The header: 'Stop \u2014 round 2'."),
            "lines": _list(_text("A header line."), "More header lines."),
            "status": _text("What the table waits for: 'Your turn', 'Waiting for Bob'."),
            "seats": _list(
                {"$ref": "#/$defs/panel"},
                "One panel per seat in table order from the viewer: the viewer first, then "
                "clockwise; a spectator sees seat 0 first.",
            ),
            "middle": _list({"$ref": "#/$defs/group"}, "The shared middle of the table."),
            "prompt": _nullable_text("The sentence the decision needs, when the viewer may act."),
            "actions": _list(
                {"$ref": "#/$defs/actions"}, "The viewer's choices; empty unless it may act."
            ),
            "facts": _list({"$ref": "#/$defs/fact"}, "Anything else public, in words."),
            "scores": _list({"$ref": "#/$defs/score"}, "The scores by name, in seat order."),
            "summary": {
                "description": "The last finished round's figures; null before a round has "
                "ended, or for a game that sums up none.",
                "anyOf": [{"$ref": "#/$defs/summary"}, {"type": "null"}],
            },
        },
    ),
    "$defs": _SCENE_DEFS,
}


def scene_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a scene, as :meth:`Match.scene` returns it.

    A scene has a header (``game``, ``title``, ``lines``, ``status``), one panel per seat
    (``seats``: name, badges, counters, zones) in table order from the viewer, the shared
    ``middle`` (groups of zones), the viewer's ``prompt`` and ``actions``, public ``facts`` and
    ``scores``; each zone has a ``style`` and its cards' faces (rank, palette colour, label).
    :doc:`scenes` describes the vocabulary. Returns a fresh copy each call.

    Example:
        >>> import tablecards
        >>> schema = tablecards.scene_schema()
        >>> schema["$defs"]["zone"]["properties"]["style"]["enum"]
        ['hand', 'row', 'pile', 'stack', 'deck']
    """
    return copy.deepcopy(_SCENE)
