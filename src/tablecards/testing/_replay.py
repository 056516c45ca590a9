"""Determinism and persistence: the seed and the log replay a match, and saves load exactly."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tablecards import Action, Game, Match, TablecardsError, snapshot
from tablecards.core._serial import dumps
from tablecards.testing._failure import ConformanceFailure, Where

__all__ = ["check_resumed", "first_divergence"]


def first_divergence(
    game: Game[Any], players: int, seed: int, log: Sequence[tuple[int, Action]], limit: int
) -> int | None:
    """How many actions two fresh replays of ``log`` agree for (``None``: they never differ).

    ``0`` means the setup itself differs between two matches of the same seed.
    """
    first = Match(game, players, seed, move_limit=limit)
    second = Match(game, players, seed, move_limit=limit)
    for index in range(len(log) + 1):
        if dumps(snapshot(first.state)) != dumps(snapshot(second.state)):
            return index
        if index < len(log):
            seat, action = log[index]
            try:
                first.apply(seat, action)
                second.apply(seat, action)
            except TablecardsError:
                return index + 1
    return None


def check_resumed(
    game: Game[Any], text: str, log: Sequence[tuple[int, Action]], final: str, where: Where
) -> None:
    """Load the save ``text``, play the rest of ``log``: the match must end as ``final``."""
    try:
        # The kit may play with its own move limit: the save is loaded with it.
        limit = json.loads(text)["move_limit"]
        loaded = Match.from_json(text, game, move_limit=limit)
    except TablecardsError as error:
        raise ConformanceFailure(
            "persistence", where, f"a match saved here does not load: {error}"
        ) from error
    if loaded.to_json() != text:
        raise ConformanceFailure(
            "persistence", where, "a match saved here loads back into a different match"
        )
    start = loaded.moves
    for index in range(start, len(log)):
        seat, action = log[index]
        try:
            loaded.apply(seat, action)
        except TablecardsError as error:
            raise ConformanceFailure(
                "persistence",
                where.at(index, log, seat, action),
                f"after loading the match saved at action {start}, the uninterrupted match's "
                f"next actions are refused: {error}",
            ) from error
    if loaded.to_json() != final:
        raise ConformanceFailure(
            "persistence",
            where,
            f"saved at action {start}, loaded and played on, the match ends differently from "
            "the uninterrupted match",
        )
