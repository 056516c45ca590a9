"""The tablecards plugin of Courtiers: registers the game and its heuristic bot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablecards import hookimpl
from tablecards_courtiers._bots import HeuristicBot
from tablecards_courtiers._game import Courtiers


@hookimpl
def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
    """Register Courtiers."""
    register(Courtiers)


@hookimpl
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register the heuristic bot for Courtiers."""
    register(
        "heuristic",
        HeuristicBot,
        game="courtiers",
        description="guesses what it saw, duels only with a strong card",
    )
