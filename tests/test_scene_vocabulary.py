"""The scene vocabulary's types agree with the scene schema, and the scene helpers say what
every game's scene used to write for itself."""

from __future__ import annotations

import typing
from typing import Any

import attrs
import pytest

import tablecards
from tablecards import Action

SCHEMA = tablecards.scene_schema()
DEFS = SCHEMA["$defs"]

# Each TypedDict and the schema definition it stands for.
PAIRS = {
    "Scene": SCHEMA,
    "ScenePanel": DEFS["panel"],
    "SceneZone": DEFS["zone"],
    "SceneFace": DEFS["face"],
    "SceneBadge": DEFS["badge"],
    "SceneCounter": DEFS["counter"],
    "SceneGroup": DEFS["group"],
    "SceneChoices": DEFS["actions"],
    "SceneAct": DEFS["choice"]["oneOf"][0],
    "SceneStep": DEFS["choice"]["oneOf"][1],
    "SceneFact": DEFS["fact"],
    "SceneScore": DEFS["score"],
    "SceneSummary": DEFS["summary"],
    "SceneSummaryRow": DEFS["summary_row"],
}


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_each_type_has_its_definitions_keys(name: str) -> None:
    kind: Any = getattr(tablecards, name)
    definition = PAIRS[name]
    assert set(typing.get_type_hints(kind)) == set(definition["properties"])
    # Every key is required in both: a scene never leaves one out.
    assert kind.__required_keys__ == set(definition["required"])


def test_the_literal_choices_are_the_schemas() -> None:
    style = tablecards.SceneStyle
    assert set(typing.get_args(style)) == set(DEFS["zone"]["properties"]["style"]["enum"])
    tone = tablecards.SceneTone
    assert set(typing.get_args(tone)) == set(DEFS["badge"]["properties"]["tone"]["enum"])


def test_every_definition_has_a_type() -> None:
    covered = {id(definition) for definition in PAIRS.values()}
    untyped = [
        name
        for name, definition in DEFS.items()
        if id(definition) not in covered and name != "choice"  # choice: SceneAct | SceneStep
    ]
    assert not untyped


def test_table_order_starts_at_the_viewer() -> None:
    assert tablecards.table_order(0, 3) == (0, 1, 2)
    assert tablecards.table_order(2, 4) == (2, 3, 0, 1)
    assert tablecards.table_order(None, 3) == (0, 1, 2)  # a spectator sits at seat 0
    # The schema's promise for a scene's seats: the viewer first, then clockwise.
    for viewer in range(5):
        assert tablecards.table_order(viewer, 5) == tablecards.clockwise(viewer, 5)


def test_score_lines_name_the_viewer_you() -> None:
    lines = tablecards.score_lines([12, -3, 0], ["Ann", "Bob", "Cleo"], 1)
    assert lines == [
        {"seat": 0, "name": "Ann", "score": "12"},
        {"seat": 1, "name": "You", "score": "\N{MINUS SIGN}3"},  # a true minus (issue 41)
        {"seat": 2, "name": "Cleo", "score": "0"},
    ]
    assert [line["name"] for line in tablecards.score_lines([1, 2], ["Ann", "Bob"], None)] == [
        "Ann",
        "Bob",
    ]


def test_waiting_for_names_whom_the_table_waits_for() -> None:
    names = ["Ann", "Bob", "Cleo"]
    assert tablecards.waiting_for([1], names, 0) == "Waiting for Bob"
    assert tablecards.waiting_for([1, 2], names, None) == "Waiting for Bob and Cleo"
    assert tablecards.waiting_for([0, 2], names, 0) == "Your turn"
    assert tablecards.waiting_for([0, 2], names, 0, yours="Your move") == "Your move"
    assert tablecards.waiting_for([], names, 0) == ""


@attrs.frozen
class Draw(Action):
    pass


@attrs.frozen
class Stop(Action):
    pass


def test_scene_choices_pair_each_text_with_its_action() -> None:
    group = tablecards.scene_choices(
        [("Draw again", Draw()), ("Stop", Stop())],
        lambda act: {"type": type(act).__name__.lower()},
        "Your turn",
    )
    assert group == {
        "title": "Your turn",
        "choices": [
            {"text": "Draw again", "act": {"type": "draw"}},
            {"text": "Stop", "act": {"type": "stop"}},
        ],
    }
