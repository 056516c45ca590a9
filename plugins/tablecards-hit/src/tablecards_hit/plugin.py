"""The tablecards plugin of Hit!: registers the game and its heuristic bot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablecards import hookimpl
from tablecards_hit._bots import HeuristicBot
from tablecards_hit._game import Hit


@hookimpl
def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
    """Register Hit!."""
    register(Hit)


@hookimpl
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register the heuristic bot for Hit!."""
    register("heuristic", HeuristicBot, game="hit", description="draws while the odds favour it")
