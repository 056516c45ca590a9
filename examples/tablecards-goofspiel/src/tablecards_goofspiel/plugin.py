"""The tablecards plugin of Goofspiel: registers the game and its heuristic bot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablecards import hookimpl
from tablecards_goofspiel._bots import HeuristicBot
from tablecards_goofspiel._game import Goofspiel


@hookimpl
def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
    """Register Goofspiel."""
    register(Goofspiel)


@hookimpl
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register the heuristic bot for Goofspiel."""
    register(
        "heuristic",
        HeuristicBot,
        game="goofspiel",
        description="bids the lowest card worth at least the prize",
    )
