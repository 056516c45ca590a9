"""What every game's scene repeats: the seats from the viewer, scores by name, who the table
waits for, a group of choices from the legal actions, and a round's summary.

A plugin's scene calls these instead of writing its own copy; they are plain functions of the
view's values, so a scene built with them is as easy to read as one without.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from tablecards.core._actions import Action
from tablecards.core._vocabulary import (
    SceneChoice,
    SceneChoices,
    SceneScore,
    SceneSummary,
    SceneSummaryRow,
)
from tablecards.words import listing

__all__ = [
    "round_summary",
    "scene_choices",
    "score_lines",
    "seat_name",
    "table_order",
    "waiting_for",
]


def table_order(viewer: int | None, players: int) -> tuple[int, ...]:
    """Every seat once in table order from ``viewer``: the viewer first, then clockwise.

    A spectator (``viewer`` ``None``) sees the table from seat 0. This is the order of a
    scene's ``seats``.

    Example:
        >>> from tablecards import table_order
        >>> table_order(2, 4), table_order(None, 3)
        ((2, 3, 0, 1), (0, 1, 2))
    """
    start = viewer or 0
    return (*range(start, players), *range(start))


def seat_name(seat: int, names: Sequence[str], viewer: int | None) -> str:
    """The name a scene shows for ``seat``: "You" for the viewer, else the player's name.

    Example:
        >>> from tablecards import seat_name
        >>> seat_name(0, ["Ann", "Bob"], 0), seat_name(1, ["Ann", "Bob"], 0)
        ('You', 'Bob')
    """
    return "You" if seat == viewer else names[seat]


def score_lines(
    scores: Sequence[object], names: Sequence[str], viewer: int | None
) -> list[SceneScore]:
    """A scene's ``scores``: each seat's score by name ("You" for the viewer), in seat order.

    A negative number is written with a true minus sign ("\N{MINUS SIGN}13"), as tables write
    standings.

    Example:
        >>> from tablecards import score_lines
        >>> score_lines([3, 0], ["Ann", "Bob"], 1)
        [{'seat': 0, 'name': 'Ann', 'score': '3'}, {'seat': 1, 'name': 'You', 'score': '0'}]
    """
    return [
        {"seat": seat, "name": seat_name(seat, names, viewer), "score": _standing(score)}
        for seat, score in enumerate(scores)
    ]


def _standing(score: object) -> str:
    if isinstance(score, int) and not isinstance(score, bool) and score < 0:
        return f"\N{MINUS SIGN}{-score}"
    return str(score)


def waiting_for(
    waiting: Iterable[int], names: Sequence[str], viewer: int | None, yours: str = "Your turn"
) -> str:
    """A scene's ``status`` while the table waits: "Waiting for Bob and Cleo", or ``yours``.

    ``yours`` when the viewer is among the seats waited for; empty when it waits for nobody.

    Example:
        >>> from tablecards import waiting_for
        >>> waiting_for([1, 2], ["Ann", "Bob", "Cleo"], 0)
        'Waiting for Bob and Cleo'
        >>> waiting_for([0], ["Ann", "Bob"], 0)
        'Your turn'
    """
    seats = list(waiting)
    if viewer is not None and viewer in seats:
        return yours
    return f"Waiting for {listing(names[seat] for seat in seats)}" if seats else ""


def scene_choices(
    choices: Iterable[tuple[str, Action]],
    action_json: Callable[[Action], dict[str, Any]],
    title: str | None = None,
) -> SceneChoices:
    """One group of a scene's ``actions``: each ``(text, action)`` pair as a choice to send.

    The choices keep the order given; the group is headed by ``title`` (``None``: no title).

    ``action_json`` is the game's :meth:`~tablecards.Game.action_json` (the scene hook's
    ``action_json`` argument where it has one).
    """
    made: list[SceneChoice] = [{"text": text, "act": action_json(act)} for text, act in choices]
    return {"title": title, "choices": made}


def round_summary(
    summary_id: str,
    title: str,
    columns: Sequence[str],
    cells: Mapping[int, Sequence[str]],
    names: Sequence[str],
    viewer: int | None,
    note: str | None = None,
) -> SceneSummary:
    """A scene's ``summary``: a finished round's figures, a row per seat in table order.

    ``cells`` gives each seat's figures, one text per column; the rows follow
    :func:`table_order` from ``viewer`` (named "You"), and a seat missing from ``cells`` has
    no row. ``summary_id`` names the round summed up ("round:2"): a renderer shows a summary
    whose id it has not shown yet. Build it from the view only, as the rest of the scene.

    Example:
        >>> from tablecards import round_summary
        >>> summary = round_summary(
        ...     "round:1", "Round 1", ["Points"], {0: ["12"], 1: ["9"]}, ["Ann", "Bob"], 1
        ... )
        >>> [(row["name"], row["cells"]) for row in summary["rows"]]
        [('You', ['9']), ('Ann', ['12'])]
    """
    rows: list[SceneSummaryRow] = [
        {"seat": seat, "name": seat_name(seat, names, viewer), "cells": list(cells[seat])}
        for seat in table_order(viewer, len(names))
        if seat in cells
    ]
    return {
        "id": summary_id,
        "title": title,
        "note": note,
        "columns": list(columns),
        "rows": rows,
    }
