"""The tablecards plugin of Climb: registers the game and its heuristic bot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablecards import hookimpl
from tablecards_tutorial._bots import HeuristicBot
from tablecards_tutorial._game import Climb


@hookimpl
def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
    """Register Climb."""
    register(Climb)


@hookimpl
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register the heuristic bot for Climb."""
    register("heuristic", HeuristicBot, game="climb", description="climbs slowly, keeps its 10s")
