"""The tablecards plugin of Hattrick: registers the game and its heuristic bot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablecards import hookimpl
from tablecards_hattrick._bots import HeuristicBot
from tablecards_hattrick._game import Hattrick


@hookimpl
def tablecards_register_games(register: Callable[[type[Any]], None]) -> None:
    """Register Hattrick."""
    register(Hattrick)


@hookimpl
def tablecards_register_bots(register: Callable[..., None]) -> None:
    """Register the heuristic bot for Hattrick."""
    register(
        "heuristic",
        HeuristicBot,
        game="hattrick",
        description="builds one colour, dumps the others, passes only when it pays",
    )
