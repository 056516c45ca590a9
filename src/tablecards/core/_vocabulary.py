"""The scene vocabulary as types: what a scene hook returns, checked by mypy.

Each ``TypedDict`` here is one definition of :func:`tablecards.scene_schema` (the JSON Schema
that the networked table and ``tablecards play`` read), with the same keys; a test holds the two
together. A plugin types its scene functions with them, so mypy catches a missing key or a
misspelt style where the schema check would only catch it at run time.
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias, TypedDict

__all__ = [
    "Scene",
    "SceneAct",
    "SceneBadge",
    "SceneChoice",
    "SceneChoices",
    "SceneCounter",
    "SceneFace",
    "SceneFact",
    "SceneGroup",
    "ScenePanel",
    "SceneScore",
    "SceneStep",
    "SceneStyle",
    "SceneSummary",
    "SceneSummaryRow",
    "SceneTone",
    "SceneZone",
]

#: How a renderer colours a badge.
SceneTone: TypeAlias = Literal["info", "good", "warn", "bad", "mark"]
#: How a renderer lays a zone out (see :doc:`scenes`).
SceneStyle: TypeAlias = Literal["hand", "row", "pile", "stack", "deck"]


class SceneFace(TypedDict):
    """One card face up: its big ``rank``, palette ``colour``, ``label`` in full words."""

    id: int
    rank: str
    colour: str | None
    label: str
    note: str | None
    kind: str | None


class SceneZone(TypedDict):
    """One zone as the viewer sees it; ``cards`` is ``None`` while they lie face down."""

    id: str
    title: str
    style: SceneStyle
    count: int
    cards: list[SceneFace] | None
    note: str | None


class SceneBadge(TypedDict):
    """A short mark on a seat or a group: "passed", "dealer"."""

    text: str
    tone: SceneTone


class SceneCounter(TypedDict):
    """A labelled number of a seat: ``{"label": "score", "value": "12"}``."""

    label: str
    value: str


class ScenePanel(TypedDict):
    """One seat at the table: its name ("You" for the viewer), marks, numbers and zones."""

    seat: int
    name: str
    you: bool
    active: bool
    badges: list[SceneBadge]
    counters: list[SceneCounter]
    zones: list[SceneZone]


class SceneGroup(TypedDict):
    """A group of the shared middle of the table."""

    id: str
    title: str
    note: str | None
    badges: list[SceneBadge]
    zones: list[SceneZone]


class SceneAct(TypedDict):
    """A choice that is an action: its menu ``text`` and the action's JSON to send."""

    text: str
    act: dict[str, Any]


class SceneStep(TypedDict):
    """The first step of a two-step decision, which opens a group of choices."""

    text: str
    then: SceneChoices


#: One choice of a group: an action, or a first step.
SceneChoice: TypeAlias = "SceneAct | SceneStep"


class SceneChoices(TypedDict):
    """A group of choices, in menu order."""

    title: str | None
    choices: list[SceneChoice]


class SceneFact(TypedDict):
    """A public fact in words."""

    label: str
    text: str


class SceneScore(TypedDict):
    """One seat's score as shown."""

    seat: int
    name: str
    score: str


class SceneSummaryRow(TypedDict):
    """One seat's line of a :class:`SceneSummary`: its name and one text per column."""

    seat: int
    name: str
    cells: list[str]


class SceneSummary(TypedDict):
    """The figures of a finished round, as a table with a row per seat.

    A title, a column heading per figure and a row per seat, in table order (for a game
    without rounds, the last part of the game that scored, such as a sequence). ``id``
    changes when a new round ends: a renderer shows a new summary when it appears.
    """

    id: str
    title: str
    note: str | None
    columns: list[str]
    rows: list[SceneSummaryRow]


class Scene(TypedDict):
    """What one seat (or a spectator) sees of a match (:meth:`tablecards.Game.scene`)."""

    version: Literal[1]
    game: str
    viewer: int | None
    title: str
    lines: list[str]
    status: str
    seats: list[ScenePanel]
    middle: list[SceneGroup]
    prompt: str | None
    actions: list[SceneChoices]
    facts: list[SceneFact]
    scores: list[SceneScore]
    summary: SceneSummary | None
